//! A hostile pull request gets nothing (issue 31): no command run through a planted git
//! repository, no file read outside the store through a link, no secret in any output, no
//! wrong file named by a printed or built command, no unbounded read, and never a lock that
//! disagrees with its cassettes.

use std::os::unix::fs::symlink;
use std::path::Path;

use crate::common::{events, of_type, ulcas_in, ulcas_with};
use crate::review::against::{git, repo_with_sample, rerecord};

pub(crate) const QUIZ_A: &str = "cassettes/quiz/v1/aafcd8047a635258d26a9d3d43c8c0e6.json";

/// The files of a bare repository whose configuration runs `touch PWNED` through the file
/// system monitor, planted in `folder`.
pub(crate) fn plant_bare_repository(folder: &Path) {
    std::fs::create_dir_all(folder.join("objects")).unwrap();
    std::fs::create_dir_all(folder.join("refs/heads")).unwrap();
    std::fs::write(folder.join("HEAD"), "ref: refs/heads/main\n").unwrap();
    std::fs::write(
        folder.join("config"),
        "[core]\n\tbare = false\n\tworktree = .\n\tfsmonitor = \"touch PWNED; false\"\n",
    )
    .unwrap();
}

pub(crate) fn pwned(dir: &Path) -> Vec<String> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_name() == "PWNED")
        .map(|e| e.path().display().to_string())
        .collect()
}

#[test]
pub(crate) fn a_repository_planted_in_the_store_is_refused_and_runs_nothing() {
    let dir = tempfile::tempdir().unwrap();
    repo_with_sample(dir.path(), "cassettes");
    rerecord(&dir.path().join(QUIZ_A), "autolyse", "AUTOLYSE");
    plant_bare_repository(&dir.path().join("cassettes"));
    for args in [
        &["review", "--against", "HEAD", "cassettes"][..],
        &[
            "review",
            "--against",
            "HEAD",
            "cassettes",
            "--reject",
            QUIZ_A,
        ],
    ] {
        let run = ulcas_in(dir.path(), args);
        assert_eq!(run.code, 2, "{args:?}: {}{}", run.stdout, run.stderr);
        assert!(
            run.stderr
                .contains("cassettes/HEAD: a git repository's file inside the store"),
            "{}",
            run.stderr
        );
        assert!(pwned(dir.path()).is_empty(), "{:?}", pwned(dir.path()));
    }
    // From inside the store too.
    let run = ulcas_in(
        &dir.path().join("cassettes"),
        &["review", "--against", "HEAD", "."],
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(pwned(dir.path()).is_empty());
    // A `.git` entry anywhere in the store is refused the same way.
    std::fs::remove_file(dir.path().join("cassettes/HEAD")).unwrap();
    std::fs::write(dir.path().join("cassettes/quiz/.git"), "gitdir: /tmp\n").unwrap();
    let run = ulcas_in(dir.path(), &["review", "--against", "HEAD", "cassettes"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("quiz/.git"), "{}", run.stderr);
}

#[test]
pub(crate) fn a_bare_repository_planted_above_the_store_is_never_used() {
    let dir = tempfile::tempdir().unwrap();
    repo_with_sample(dir.path(), "tests/cassettes");
    let store = "tests/cassettes/quiz/v1/aafcd8047a635258d26a9d3d43c8c0e6.json";
    rerecord(&dir.path().join(store), "autolyse", "AUTOLYSE");
    plant_bare_repository(&dir.path().join("tests"));
    let run = ulcas_in(
        dir.path(),
        &[
            "review",
            "--against",
            "HEAD",
            "tests/cassettes",
            "--format",
            "json",
        ],
    );
    assert!(pwned(dir.path()).is_empty(), "{:?}", pwned(dir.path()));
    // Git refuses the implicit bare repository (safe.bareRepository=explicit): an error, never
    // a review that the planted repository decides.
    assert_eq!(run.code, 2, "{}{}", run.stdout, run.stderr);
    assert!(run.stderr.contains("bare repository"), "{}", run.stderr);
}

#[test]
pub(crate) fn git_variables_of_the_environment_do_not_steer_the_review() {
    let dir = tempfile::tempdir().unwrap();
    repo_with_sample(dir.path(), "cassettes");
    rerecord(&dir.path().join(QUIZ_A), "autolyse", "AUTOLYSE");
    let other = tempfile::tempdir().unwrap();
    repo_with_sample(other.path(), "cassettes");
    let args = [
        "review",
        "--against",
        "HEAD",
        "cassettes",
        "--format",
        "json",
    ];
    let plain = ulcas_in(dir.path(), &args);
    let git_dir = other.path().join(".git");
    let steered = ulcas_with(
        dir.path(),
        &args,
        b"",
        &[
            ("GIT_DIR", git_dir.to_str().unwrap()),
            ("GIT_WORK_TREE", other.path().to_str().unwrap()),
            ("GIT_INDEX_FILE", "/nonexistent/index"),
            (
                "GIT_CONFIG_PARAMETERS",
                "'core.fsmonitor'='touch PWNED; false'",
            ),
        ],
    );
    assert_eq!(plain.code, 1, "{}", plain.stderr);
    assert_eq!(steered.code, plain.code, "{}", steered.stderr);
    assert_eq!(steered.stdout, plain.stdout);
    assert_eq!(of_type(&events(&plain.stdout), "pair").len(), 1);
    assert!(pwned(dir.path()).is_empty());
}

#[test]
pub(crate) fn a_symlink_at_ref_is_restored_as_a_symlink() {
    let dir = tempfile::tempdir().unwrap();
    repo_with_sample(dir.path(), "cassettes");
    let link = "cassettes/quiz/v1/0000000000000000000000000000000a.json";
    symlink(
        "aafcd8047a635258d26a9d3d43c8c0e6.json",
        dir.path().join(link),
    )
    .unwrap();
    git(dir.path(), &["add", "-A"]);
    git(dir.path(), &["commit", "-qm", "a link"]);
    // Re-recorded as a regular file.
    std::fs::remove_file(dir.path().join(link)).unwrap();
    std::fs::copy(dir.path().join(QUIZ_A), dir.path().join(link)).unwrap();
    let run = ulcas_in(
        dir.path(),
        &["review", "--against", "HEAD", "cassettes", "--reject", link],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let meta = std::fs::symlink_metadata(dir.path().join(link)).unwrap();
    assert!(meta.file_type().is_symlink(), "restored as a link");
    assert_eq!(
        std::fs::read_link(dir.path().join(link)).unwrap(),
        Path::new("aafcd8047a635258d26a9d3d43c8c0e6.json")
    );
    assert!(git(dir.path(), &["status", "--porcelain", "--", link]).is_empty());
}

#[test]
pub(crate) fn a_lock_that_is_a_link_is_never_read() {
    let dir = crate::common::sample_with_registry();
    std::fs::copy(
        Path::new(crate::common::MANIFEST).join("tests/fixtures/requests/quiz.json"),
        dir.path().join("quiz.json"),
    )
    .unwrap();
    let secret = dir.path().join("runner-secret.txt");
    std::fs::write(&secret, "x = \"correct-horse-battery-staple-9\"\n").unwrap();
    std::fs::remove_file(dir.path().join("cassettes/ulcas.lock")).unwrap();
    symlink(&secret, dir.path().join("cassettes/ulcas.lock")).unwrap();
    for args in [
        &["verify", "cassettes"][..],
        &["verify", "cassettes", "--format", "github"],
        &["prune", "cassettes"],
        &["lookup", "--cassettes", "cassettes", "quiz.json"],
    ] {
        let run = ulcas_in(dir.path(), args);
        let all = format!("{}{}", run.stdout, run.stderr);
        assert!(!all.contains("correct-horse"), "{args:?}: {all}");
    }
    let run = ulcas_in(dir.path(), &["verify", "cassettes"]);
    assert_eq!(run.code, 2, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains("ulcas.lock: a symbolic link"),
        "{}",
        run.stderr
    );
}

#[test]
pub(crate) fn a_lock_parse_error_quotes_no_value() {
    let dir = crate::common::sample_with_registry();
    std::fs::write(
        dir.path().join("cassettes/ulcas.lock"),
        "\"quiz/v1\" = \"correct-horse-battery-staple-9\"\n",
    )
    .unwrap();
    let run = ulcas_in(dir.path(), &["verify", "cassettes"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("ulcas.lock: invalid lock: line"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("correct-horse"), "{}", run.stderr);
}

/// Names that a quoting rule or a page could turn into another file or a command: quotes and
/// backslashes (fish reads `\'` inside single quotes), command substitutions, C0, C1 and DEL
/// characters, a tab, a bidirectional override, a byte-order mark.
pub(crate) const HOSTILE_NAMES: &[&str] = &[
    "a\\';touch X;'",
    "b'\"$(touch X)\"`touch X`",
    "c\\\\'; touch X; echo '",
    "d\u{1b}[31mred",
    "e\u{85}next",
    "f\u{9b}31m",
    "g\u{7f}del",
    "h\ttab",
    "i\u{202e}nosj.exe",
    "j $HOME ~ *",
    "k=v",
    "\u{feff}l",
    "m\u{1}n\u{1f}",
];

/// The shells a printed command is pasted into: (program, its name in messages).
pub(crate) fn shells() -> Vec<&'static str> {
    let mut found = vec!["bash", "dash"];
    for extra in ["zsh", "fish"] {
        if crate::common::shell_available(extra, "the cross-shell quoting test") {
            found.push(extra);
        }
    }
    found
}

/// Every word `ulcas::shell` quotes reads back as itself in bash, dash, zsh and fish.
#[test]
pub(crate) fn quoted_words_read_back_exactly_in_every_shell() {
    let dir = tempfile::tempdir().unwrap();
    for shell in shells() {
        for name in HOSTILE_NAMES
            .iter()
            .filter(|n| !n.contains(['\u{1b}', '\u{1}']))
        {
            let script = format!("printf '%s' {}", ulcas::shell::quote(name));
            let out = std::process::Command::new(shell)
                .current_dir(dir.path())
                .arg("-c")
                .arg(&script)
                .output()
                .unwrap();
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                *name,
                "{shell}: {script}\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(
                !dir.path().join("X").exists(),
                "{shell} ran a command: {script}"
            );
        }
    }
}

/// The HTML page's reject command names exactly the files ticked, whatever their names, and
/// runs in every shell: Chromium ticks every listed cassette (each added under a hostile name),
/// the command it builds runs in each shell on a fresh copy, and every hostile file is gone
/// and nothing else ran.
#[test]
pub(crate) fn the_page_command_names_each_hostile_file_in_every_shell() {
    if !crate::common::chromium_available("the_page_command_names_each_hostile_file_in_every_shell")
    {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    repo_with_sample(d, "cassettes");
    let source = d.join(crate::review::against::QUIZ_B);
    let hostile: Vec<String> = HOSTILE_NAMES
        .iter()
        .map(|n| format!("cassettes/quiz/v1/{n}.json"))
        .collect();
    for path in &hostile {
        std::fs::copy(&source, d.join(path)).unwrap();
    }
    let page = ulcas_in(d, &["review", "--against", "--format", "html"]);
    assert_eq!(page.code, 1, "{}", page.stderr);
    let command = crate::common::drive_page(
        &page.stdout,
        "d.querySelectorAll('fieldset.choice input[value=reject]').forEach(function(i){ i.click(); });
  out.textContent = d.getElementById('command').textContent;",
    );
    assert!(
        command.starts_with("ulcas review --against HEAD cassettes "),
        "{command}"
    );
    assert!(
        command.chars().all(|c| !c.is_control()),
        "a command with no control character: {command:?}"
    );
    for shell in shells() {
        let copy = tempfile::tempdir().unwrap();
        crate::common::copy_tree(d, copy.path());
        let run = crate::common::paste_in(shell, copy.path(), &command);
        assert_eq!(
            run.status.code(),
            Some(0),
            "{shell}: {command}\n{}",
            String::from_utf8_lossy(&run.stderr)
        );
        for path in &hostile {
            assert!(
                !copy.path().join(path).exists(),
                "{shell}: {path:?} still there"
            );
        }
        assert!(!copy.path().join("X").exists(), "{shell} ran a command");
        assert!(
            git(copy.path(), &["status", "--porcelain"]).is_empty(),
            "{shell}: the store is HEAD's again"
        );
    }
}
