//! Versions that exist (docs/releasing.md): `Cargo.toml` is the changelog's last release or a
//! `-dev` of a later one; every pin of the guide names that release, in a form a registry
//! installs (`pip install ulcas==X`, `npm install ulcas@X`, `cargo install ulcas --version X`,
//! the Action's `version:`), and the commits it pins (the Action, the hooks) are in the history
//! with today's files; a feature still unreleased is not documented in the README as if released.

use std::path::Path;
use std::process::Command;

use regex::Regex;

use crate::common::MANIFEST;

pub(crate) fn read(rel: &str) -> String {
    std::fs::read_to_string(Path::new(MANIFEST).join(rel)).unwrap()
}

fn version() -> String {
    let table: toml::Table = read("Cargo.toml").parse().unwrap();
    table["package"]["version"].as_str().unwrap().to_owned()
}

fn triple(v: &str) -> (u64, u64, u64) {
    let mut parts = v.split('.').map(|p| p.parse::<u64>().unwrap());
    (
        parts.next().unwrap(),
        parts.next().unwrap(),
        parts.next().unwrap(),
    )
}

/// The changelog's released entries, newest first: (version, its text).
fn releases() -> Vec<(String, String)> {
    let changelog = read("CHANGELOG.md");
    let head = Regex::new(
        r"(?m)^## \[([0-9]+\.[0-9]+\.[0-9]+)\] - ([0-9]{4}-[0-9]{2}-[0-9]{2}|never tagged)$",
    )
    .unwrap();
    let heads: Vec<_> = head.captures_iter(&changelog).collect();
    heads
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let start = c.get(0).unwrap().end();
            let end = heads
                .get(i + 1)
                .map_or(changelog.len(), |n| n.get(0).unwrap().start());
            (c[1].to_owned(), changelog[start..end].to_owned())
        })
        .collect()
}

/// The text under `## [Unreleased]`.
fn unreleased() -> String {
    let changelog = read("CHANGELOG.md");
    let start = changelog
        .find("## [Unreleased]")
        .expect("an Unreleased section");
    let rest = &changelog[start + "## [Unreleased]".len()..];
    let end = rest.find("\n## [").unwrap_or(rest.len());
    rest[..end].to_owned()
}

/// The last release that the changelog dates (the one every pin names).
pub(crate) fn last_release() -> String {
    releases()
        .into_iter()
        .find(|(_, text)| !text.is_empty())
        .map(|(v, _)| v)
        .expect("a released entry in CHANGELOG.md")
}

#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn cargo_toml_is_the_last_release_or_a_dev_version_after_it() {
    let version = version();
    assert_eq!(version, env!("CARGO_PKG_VERSION"));
    let last = last_release();
    match version.strip_suffix("-dev") {
        Some(next) => assert!(
            triple(next) > triple(&last),
            "Cargo.toml says {version}, not a development version after the last release {last}"
        ),
        None => assert_eq!(
            version, last,
            "Cargo.toml says {version}: a release must be the changelog's top dated entry ({last}); between releases it is X.Y.Z-dev"
        ),
    }
}

/// A flag, command or header listed under Unreleased and no released entry is documented in
/// the README only with the word "unreleased" on its line: the README's pins install the last
/// release, which does not have it.
#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn the_readme_says_which_documented_features_are_unreleased() {
    let code = Regex::new(r"`((?:--|ulcas |x-ulcas-)[a-z][a-z0-9-]*)").unwrap();
    let spans = |text: &str| -> std::collections::BTreeSet<String> {
        code.captures_iter(text).map(|c| c[1].to_owned()).collect()
    };
    let mut released: std::collections::BTreeSet<String> = releases()
        .iter()
        .flat_map(|(_, text)| spans(text))
        .collect();
    // What the README documented at the release commit was released, said in the changelog
    // or not.
    let release_commit = Command::new("git")
        .current_dir(MANIFEST)
        .args(["log", "-1", "--format=%H", "--fixed-strings"])
        .arg(format!("--grep=Release {}", last_release()))
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .filter(|h| h.len() == 40);
    if let Some(commit) = release_commit {
        if let Ok(o) = Command::new("git")
            .current_dir(MANIFEST)
            .args(["show", &format!("{commit}:README.md")])
            .output()
        {
            // Any flag, command or header of it, in backticks or in a code block.
            let any = Regex::new(r"((?:--|ulcas |x-ulcas-)[a-z][a-z0-9-]*)").unwrap();
            let text = String::from_utf8_lossy(&o.stdout);
            released.extend(any.captures_iter(&text).map(|c| c[1].to_owned()));
        }
    }
    let readme = read("README.md");
    let word = Regex::new(r"[A-Za-z0-9-]").unwrap();
    for new in spans(&unreleased()).difference(&released) {
        for line in readme.lines() {
            let Some(at) = line.find(new.as_str()) else {
                continue;
            };
            // The whole flag or command, not the start of a longer one.
            if line[at + new.len()..]
                .chars()
                .next()
                .is_some_and(|c| word.is_match(&c.to_string()))
            {
                continue;
            }
            assert!(
                line.to_lowercase().contains("unreleased"),
                "the README documents `{new}`, which CHANGELOG.md lists as unreleased, as if the pinned release {} had it: say \"unreleased\" on that line, or cut a release\n{line}",
                last_release()
            );
        }
    }
}

/// The npm launcher and its platform packages carry the crate's version, and every platform the
/// release builds is one the Action and the launcher know.
#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn the_packages_carry_the_crates_version_and_agree_on_the_platforms() {
    let version = version();
    let launcher: serde_json::Value =
        serde_json::from_str(&read("packaging/npm/ulcas/package.json")).unwrap();
    assert_eq!(launcher["version"], version.as_str());
    let platforms = launcher["optionalDependencies"].as_object().unwrap();
    for (name, v) in platforms {
        assert_eq!(v, version.as_str(), "{name}");
    }
    let workflow = read(".github/workflows/release.yml");
    let action = read("packaging/action/install.sh");
    let index = read("packaging/npm/ulcas/lib/index.js");
    for (target, npm) in [
        ("x86_64-unknown-linux-musl", "linux-x64"),
        ("aarch64-unknown-linux-musl", "linux-arm64"),
        ("x86_64-apple-darwin", "darwin-x64"),
        ("aarch64-apple-darwin", "darwin-arm64"),
        ("x86_64-pc-windows-msvc", "win32-x64"),
    ] {
        assert!(
            workflow.contains(&format!("target: {target}, "))
                && workflow.contains(&format!("npm: {npm},")),
            "the release workflow builds {target} as {npm}"
        );
        assert!(
            action.contains(&format!("target={target} ")),
            "install.sh knows {target}"
        );
        assert!(
            platforms.contains_key(&format!("@ulcas/{npm}")),
            "the launcher names {npm}"
        );
        assert!(
            index.contains(&format!("\"@ulcas/{npm}\"")),
            "lib/index.js finds {npm}"
        );
    }
    // The test kits carry it too (the pytest kit in PEP 440's spelling).
    let kit: serde_json::Value =
        serde_json::from_str(&read("kits/typescript/package.json")).unwrap();
    assert_eq!(kit["version"], version.as_str());
    let lock: serde_json::Value =
        serde_json::from_str(&read("kits/typescript/package-lock.json")).unwrap();
    assert_eq!(lock["version"], version.as_str());
    assert_eq!(lock["packages"][""]["version"], version.as_str());
    let pytest_kit: toml::Table = read("kits/python/pyproject.toml").parse().unwrap();
    assert_eq!(
        pytest_kit["project"]["version"].as_str(),
        Some(version.replace("-dev", ".dev0").as_str())
    );
    let pyproject: toml::Table = read("packaging/pypi/pyproject.toml").parse().unwrap();
    assert_eq!(pyproject["project"]["dynamic"][0].as_str(), Some("version"));
    assert_eq!(
        pyproject["tool"]["maturin"]["bindings"].as_str(),
        Some("bin")
    );
}

/// The man pages carry the version: regenerated with each release (the drift test of
/// `completions` compares them; this says why when it is the version).
#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn the_man_pages_carry_the_version() {
    let page = read("completions/ulcas.1");
    assert!(
        page.contains(&format!(".TH ulcas 1  \"ulcas {}\"", version())),
        "regenerate the man pages: ULCAS_REGENERATE=1 cargo test --test it completions"
    );
}

/// `.ci/release` on a copy of the repository: a whole cut (version, changelog, pins, the tag,
/// the next `-dev`), then `--check` and `--notes` of what it made.
#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn cutting_a_release_is_one_command() {
    if Command::new("git").arg("--version").output().is_err() {
        return crate::serve::kit::skipped("cutting a release: no git");
    }
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path();
    // The tracked files, committed in a repository of their own.
    crate::common::copy_tracked(repo, |rel| {
        !rel.starts_with("tests/") && !rel.starts_with("benches/")
    });
    let git = |args: &[&str]| {
        let out = Command::new("git")
            .current_dir(repo)
            .args([
                "-c",
                "user.name=t",
                "-c",
                "user.email=t@t",
                "-c",
                "tag.gpgSign=false",
                "-c",
                "commit.gpgSign=false",
            ])
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    git(&["init", "-q", "-b", "main"]);
    // Something to release.
    let changelog = read("CHANGELOG.md").replacen(
        "## [Unreleased]\n",
        "## [Unreleased]\n\n### Added\n\n- `--made-up-flag` for the test.\n",
        1,
    );
    std::fs::write(repo.join("CHANGELOG.md"), changelog).unwrap();
    git(&["add", "-A"]);
    git(&["commit", "-qm", "before"]);
    let (major, minor, _) = triple(version().trim_end_matches("-dev"));
    let next = format!("{major}.{}.0", minor + 1);
    // The man pages' regeneration runs cargo on the copy; its target folder is this one's.
    let out = Command::new("bash")
        .current_dir(repo)
        .arg(".ci/release")
        .arg(&next)
        .env(
            "CARGO_TARGET_DIR",
            Path::new(MANIFEST).join("target/release-test"),
        )
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@t")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@t")
        .output()
        .unwrap();
    let said = crate::common::printed(&out);
    assert!(out.status.success(), "{said}");
    let log = git(&["log", "--format=%s", "-3"]);
    assert_eq!(
        log.lines().collect::<Vec<_>>(),
        [
            format!("Start {major}.{}.0-dev", minor + 2),
            format!("Release {next}"),
            "before".to_owned()
        ]
    );
    let tag = git(&["cat-file", "-t", &format!("v{next}")]);
    assert_eq!(tag.trim(), "tag", "an annotated tag");
    // At the tag: the release, checked as the workflow checks it; its notes are the entry.
    git(&["checkout", "-q", &format!("v{next}")]);
    let check = Command::new("bash")
        .current_dir(repo)
        .args([".ci/release", "--check", &next])
        .output()
        .unwrap();
    assert!(check.status.success(), "{check:?}");
    let notes = Command::new("bash")
        .current_dir(repo)
        .args([".ci/release", "--notes", &next])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&notes.stdout).contains("`--made-up-flag` for the test."));
    let readme = std::fs::read_to_string(repo.join("README.md")).unwrap();
    assert!(
        readme.contains(&format!("pip install ulcas=={next}`")),
        "the pins moved"
    );
    let action = git(&[
        "log",
        "-1",
        "--format=%H",
        "--",
        "action.yml",
        "packaging/action",
    ]);
    assert!(readme.contains(&format!("uses: ulcas/ulcas@{}", action.trim())));
    let manifest = std::fs::read_to_string(repo.join("Cargo.toml")).unwrap();
    assert!(manifest.contains(&format!("version = \"{next}\"")));
    // The kit pages name the release's commit, once it is made (on main, after the cut).
    let released = git(&["rev-parse", &format!("v{next}^{{commit}}")]);
    let on_main = git(&["show", "main:docs/kit-pytest.md"]);
    assert!(
        on_main.contains(&format!(
            "github.com/ulcas/ulcas@{}#subdirectory=kits/python",
            released.trim()
        )),
        "{on_main}"
    );
    let on_main = git(&["show", "main:docs/kit-phpunit.md"]);
    assert!(on_main.contains(&format!("\"reference\": \"{}\"", released.trim())));
    assert!(on_main.contains(&format!("\"ulcas/phpunit-kit\": \"{next}\"")));
    let kit = std::fs::read_to_string(repo.join("kits/python/pyproject.toml")).unwrap();
    assert!(kit.contains(&format!("version = \"{next}\"")), "{kit}");
    // On main, the next version; its man pages as clap_mangen writes them (roff's `\-`).
    git(&["checkout", "-q", "main"]);
    let page = std::fs::read_to_string(repo.join("completions/ulcas-diff.1")).unwrap();
    let dev = format!("{major}.{}.0", minor + 2);
    assert!(
        page.contains(&format!(".TH ulcas-diff 1  \"diff {dev}-dev\""))
            && page.contains(&format!("\nv{dev}\\-dev\n")),
        "{page}"
    );
    // A second cut of the same version is refused.
    let again = Command::new("bash")
        .current_dir(repo)
        .args([".ci/release", &next])
        .output()
        .unwrap();
    assert!(!again.status.success());
}

/// What `cargo publish` ships: every source file, the README, the licence and the sample store
/// the README's demo runs on; never the tests, the kits or the packaging (a release runs
/// `cargo publish --dry-run`, which builds the package, before it publishes).
#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn the_crate_package_ships_what_it_needs() {
    let out = Command::new(env!("CARGO"))
        .current_dir(MANIFEST)
        .args(["package", "--list", "--allow-dirty", "--offline"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", crate::common::printed(&out));
    let listed: std::collections::BTreeSet<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect();
    for entry in walkdir::WalkDir::new(Path::new(MANIFEST).join("src")) {
        let entry = entry.unwrap();
        if entry.file_type().is_file() {
            let rel = entry
                .path()
                .strip_prefix(MANIFEST)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            assert!(listed.contains(&rel), "the package lacks {rel}");
        }
    }
    for needed in ["README.md", "LICENSE", "Cargo.lock", "cassettes/ulcas.lock"] {
        assert!(listed.contains(needed), "the package lacks {needed}");
    }
    for never in ["tests/", "kits/", "packaging/", "benches/", ".github/"] {
        assert!(
            !listed.iter().any(|f| f.starts_with(never)),
            "the package ships {never}"
        );
    }
}

/// What builds and publishes a release is the same on every release run: every package the
/// release workflow installs with pip is pinned to one version, the pytest kit's build backend
/// too, and no job that holds a publishing token (`id-token: write`) fetches and runs a Python
/// package (the pytest kit's wheel is built in a job of its own).
#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn the_release_workflow_installs_pinned_tools_only() {
    let workflow = read(".github/workflows/release.yml");
    let installs: Vec<&str> = workflow
        .lines()
        .filter(|l| l.contains("pip install"))
        .collect();
    assert!(!installs.is_empty(), "{workflow}");
    for line in installs {
        // From a requirements file, each requirement pinned by version and by its files' hashes.
        assert!(
            line.contains("--require-hashes"),
            "not checked by hash: {line}"
        );
        let file = line
            .split_whitespace()
            .skip_while(|w| *w != "-r")
            .nth(1)
            .unwrap_or_else(|| panic!("no requirements file: {line}"))
            .trim_matches(['\'', '"']);
        let requirements = read(file);
        let joined = requirements.replace("\\\n", " ");
        for requirement in joined
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let spec = requirement.split_whitespace().next().unwrap_or_default();
            assert!(
                spec.contains("==") && !spec.contains(['<', '>', '~', '*']),
                "not pinned: {requirement}"
            );
            assert!(
                requirement.contains("--hash=sha256:"),
                "no hash: {requirement}"
            );
        }
    }
    let kit = read("kits/python/pyproject.toml");
    let requires = kit
        .lines()
        .find(|l| l.starts_with("requires"))
        .unwrap_or_default();
    assert!(
        requires.contains("==") && !requires.contains(['<', '>']),
        "{requires}"
    );
    // Each job from its name (two spaces in, under `jobs:`) to the next; the ones holding the
    // publishing token run nothing but steps of actions.
    let mut jobs: Vec<String> = Vec::new();
    for line in workflow.lines() {
        let is_name = line.starts_with("  ")
            && !line.starts_with("   ")
            && line.trim_end().ends_with(':')
            && !line.trim().contains(' ');
        if is_name {
            jobs.push(String::new());
        }
        if let Some(job) = jobs.last_mut() {
            job.push_str(line);
            job.push('\n');
        }
    }
    let publishing: Vec<&String> = jobs
        .iter()
        .filter(|j| j.contains("id-token: write"))
        .collect();
    assert!(!publishing.is_empty(), "{workflow}");
    for job in publishing {
        assert!(
            !job.contains("pip "),
            "a job holding id-token: write fetches and runs Python packages: {job}"
        );
    }
}
