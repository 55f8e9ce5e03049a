//! Which stores a command works on: a configured store not created yet, a mistyped root or a
//! folder above the store, a missing root, no store and no config, each said in one line.

use crate::common;
use crate::common::fixture_path as fixture;
use crate::common::sample_with_registry;
use crate::common::ulcas_in;
use crate::stores::monorepo::*;

/// A store `ulcas.toml` names whose folder does not exist yet (a new package) is a note, not
/// a failed CI gate that hides the other stores' results (for verify, the gate, a
/// `no-cassettes` warning: a mistyped root must not pass in silence); named on the command
/// line it is an error.
#[test]
fn a_configured_store_not_created_yet_is_a_note() {
    let dir = sample_with_registry();
    let d = dir.path();
    std::fs::write(
        d.join("ulcas.toml"),
        "[[store]]\nroot = \"cassettes\"\nprompts = [\"prompts\"]\n\n[[store]]\nroot = \"new-package/cassettes\"\nprompts = [\"prompts\"]\n",
    )
    .unwrap();
    std::fs::create_dir_all(d.join("dumps")).unwrap();
    std::fs::copy(fixture("requests/quiz.json"), d.join("dumps/quiz.json")).unwrap();
    let verify = ulcas_in(d, &["verify", "-q"]);
    assert_eq!(verify.code, 0, "{}{}", verify.stdout, verify.stderr);
    assert!(
        verify
            .stdout
            .contains("new-package/cassettes — 0 cassettes, 0 errors, 1 warning (no-cassettes 1)"),
        "{}",
        verify.stdout
    );
    let strict = ulcas_in(d, &["verify", "--deny", "warnings", "--format", "json"]);
    assert_eq!(strict.code, 1, "{}", strict.stdout);
    assert!(
        strict.stdout.contains("\"check\":\"no-cassettes\""),
        "{}",
        strict.stdout
    );
    for args in [
        &["prune"][..],
        &["lock"],
        &["migrate", "quiz"],
        &["backfill", "--requests", "dumps"],
    ] {
        let run = ulcas_in(d, args);
        assert!(run.code < 2, "{args:?}: {}{}", run.stdout, run.stderr);
        assert!(
            run.stderr.contains("store new-package/cassettes: named in ulcas.toml, but its folder does not exist yet"),
            "{args:?}: {}",
            run.stderr
        );
    }
    let named = ulcas_in(d, &["verify", "new-package/cassettes"]);
    assert_eq!(named.code, 2, "{}", named.stderr);
}

#[test]
fn review_and_migrate_of_a_missing_root_say_so_as_every_command_does() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        ["review", "quiz", "nope"],
        ["migrate", "quiz", "nope"],
        ["verify", "nope", "-q"],
    ] {
        let run = common::ulcas_in(dir.path(), &args);
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(
            run.stderr.trim(),
            "ulcas: error: nope: no such file or directory",
            "{args:?}"
        );
    }
}

/// A gate that checks nothing does not pass in silence (issue 57): a mistyped `root` in
/// `ulcas.toml` is a `no-cassettes` warning in every format, naming the folder meant, and
/// `--deny warnings` fails on it; a folder above the store likewise.
#[test]
fn a_mistyped_root_or_a_folder_above_the_store_is_a_warning_naming_the_store() {
    let m = Monorepo::new(false);
    m.write(
        "ulcas.toml",
        &CONFIG.replacen(
            "course-builder/tests/cassettes\"",
            "course-builder/tests/casettes\"",
            1,
        ),
    );
    let meant = format!("did you mean {CB_STORE}?");
    let strict = m.ulcas(&["verify", "--deny", "warnings"]);
    assert_eq!(strict.code, 1, "{}{}", strict.stdout, strict.stderr);
    assert!(strict.stdout.contains(&meant), "{}", strict.stdout);
    for format in ["json", "github", "sarif"] {
        let run = m.ulcas(&["verify", "--format", format]);
        assert_eq!(run.code, 0, "{format}: {}", run.stderr);
        assert!(
            run.stdout.contains("no-cassettes") && run.stdout.contains(&meant),
            "{format}: {}",
            run.stdout
        );
    }
    // Run on the package folder instead of its store: the store is named.
    std::fs::write(m.path("ulcas.toml"), CONFIG).unwrap();
    let above = m.ulcas(&["verify", "api/packages/course-builder"]);
    assert_eq!(above.code, 0, "{}", above.stderr);
    assert!(
        above.stdout.contains("1 warning (no-cassettes 1)") && above.stdout.contains(&meant),
        "{}",
        above.stdout
    );
}

/// Without a store named or an `ulcas.toml`, the error says what was looked for.
#[test]
fn no_store_and_no_config_says_what_was_looked_for() {
    let dir = tempfile::tempdir().unwrap();
    for command in ["verify", "lock", "prune"] {
        let run = common::ulcas_in(dir.path(), &[command]);
        assert_eq!(run.code, 2, "{command}: {}", run.stderr);
        assert!(
            run.stderr.contains("no ulcas.toml in")
                && run.stderr.contains("no `cassettes` folder here"),
            "{command}: {}",
            run.stderr
        );
    }
}
