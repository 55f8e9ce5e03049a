//! What the key cannot see: `ulcas lock` and the `verify` checks it enables, on a copy of the
//! real monorepo stores (`api/packages/<package>/…` with an `ulcas.toml`). Their prompt bodies
//! are placeholders: an edit of a placeholder is still an edit.

use crate::common;

use std::path::{Path, PathBuf};

use common::{copy_tree, events, of_type, MANIFEST};
use serde_json::Value;

const CONFIG: &str = r#"[[store]]
root = "api/packages/course-builder/tests/cassettes"
prompts = ["api/packages/course-builder/resources/prompts"]

[[store]]
root = "api/packages/living-course/tests/cassettes"
prompts = ["api/packages/living-course/resources/prompts",
           "api/packages/course-builder/resources/prompts"]
"#;
const QUIZ_PROMPT: &str = "api/packages/course-builder/resources/prompts/quiz/v1.md";
const CB_STORE: &str = "api/packages/course-builder/tests/cassettes";

struct Monorepo {
    dir: tempfile::TempDir,
}

impl Monorepo {
    /// The two real packages with an `ulcas.toml`, locked.
    fn locked() -> Monorepo {
        let dir = tempfile::tempdir().unwrap();
        let data = Path::new(MANIFEST).join("tests/data/ulams");
        for package in ["course-builder", "living-course"] {
            copy_tree(
                &data.join(package),
                &dir.path().join("api/packages").join(package),
            );
        }
        std::fs::write(dir.path().join("ulcas.toml"), CONFIG).unwrap();
        let m = Monorepo { dir };
        let run = m.ulcas(&["lock"]);
        assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
        m
    }

    fn path(&self, p: &str) -> PathBuf {
        self.dir.path().join(p)
    }

    fn ulcas(&self, args: &[&str]) -> common::Run {
        common::ulcas_in(self.dir.path(), args)
    }

    fn edit(&self, file: &str, edit: impl FnOnce(String) -> String) {
        let text = std::fs::read_to_string(self.path(file)).unwrap();
        std::fs::write(self.path(file), edit(text)).unwrap();
    }

    /// verify's findings of `check`, as (path, message).
    fn findings(&self, check: &str) -> (i32, Vec<(String, String)>) {
        let run = self.ulcas(&["verify", "--format", "json"]);
        let found = events(&run.stdout)
            .into_iter()
            .filter(|e| e["check"] == check)
            .map(|e| {
                (
                    e["path"].as_str().unwrap().to_owned(),
                    e["message"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        (run.code, found)
    }
}

#[test]
fn a_prompt_edited_without_a_bump_fails_verify() {
    let m = Monorepo::locked();
    assert_eq!(m.findings("prompt-edited").1, Vec::new());
    let lock = std::fs::read_to_string(m.path(&format!("{CB_STORE}/ulcas.lock"))).unwrap();
    assert!(lock.contains("[\"quiz/v1\"]"), "{lock}");
    assert!(lock.contains("schema = \"built in code\""), "patch: {lock}");
    // The store's lock is part of the store, never a stray file.
    let run = m.ulcas(&["verify", "--format", "json"]);
    assert!(!run.stdout.contains("ulcas.lock"), "{}", run.stdout);

    m.edit(QUIZ_PROMPT, |t| t + "Always answer in French.\n");
    let (code, edited) = m.findings("prompt-edited");
    assert_eq!(code, 1);
    assert_eq!(edited.len(), 1, "{edited:?}");
    assert_eq!(edited[0].0, QUIZ_PROMPT);
    assert!(
        edited[0].1.contains("put the new text in v2.md"),
        "{}",
        edited[0].1
    );
    assert!(edited[0].1.contains("--accept quiz/v1"), "{}", edited[0].1);

    // `lock` never takes the edit silently: it reports it, exits 1 and keeps the entry.
    let before = std::fs::read(m.path(&format!("{CB_STORE}/ulcas.lock"))).unwrap();
    let run = m.ulcas(&["lock", "--format", "json"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let ev = events(&run.stdout);
    let differs: Vec<&Value> = of_type(&ev, "locked")
        .into_iter()
        .filter(|e| e["change"] == "differs")
        .collect();
    assert_eq!(differs.len(), 1, "{}", run.stdout);
    assert_eq!(
        (differs[0]["task"].as_str(), &differs[0]["version"]),
        (Some("quiz"), &Value::from(1))
    );
    assert_eq!(
        std::fs::read(m.path(&format!("{CB_STORE}/ulcas.lock"))).unwrap(),
        before
    );

    // --accept: the recordings were re-made with the new text.
    let run = m.ulcas(&["lock", "--accept", "quiz/v1"]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .contains(&format!("accepted  {CB_STORE}/quiz/v1")),
        "{}",
        run.stdout
    );
    assert_eq!(m.findings("prompt-edited").1, Vec::new());
}

#[test]
fn front_matter_and_surrounding_whitespace_are_no_edit() {
    let m = Monorepo::locked();
    m.edit(QUIZ_PROMPT, |t| {
        t.replace(
            "changelog: First version.",
            "changelog: Reworded the changelog.",
        )
    });
    m.edit(QUIZ_PROMPT, |t| {
        format!(
            "{}\n\n \t\n",
            t.replacen("---\n(prompt", "---\n\n\n  (prompt", 1)
        )
    });
    assert_eq!(m.findings("prompt-edited").1, Vec::new());
    // A Unicode space is not what PHP's trim() strips: that is an edit.
    m.edit(QUIZ_PROMPT, |t| t + "\u{a0}");
    assert_eq!(m.findings("prompt-edited").1.len(), 1);
}

#[test]
fn a_proper_bump_is_no_edit() {
    let m = Monorepo::locked();
    common::bump_prompt(
        &m.path("api/packages/course-builder/resources/prompts/quiz"),
        "Always answer in French.\n",
    );
    let run = m.ulcas(&["verify", "--format", "json"]);
    let ev = events(&run.stdout);
    assert!(
        ev.iter().all(|e| e["check"] != "prompt-edited"),
        "{}",
        run.stdout
    );
    assert!(
        ev.iter().any(|e| e["check"] == "unrecorded-version"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_schema_edited_on_hash_only_cassettes_fails_verify() {
    let m = Monorepo::locked();
    let schema = "api/packages/course-builder/resources/schemas/outputs/quiz.json";
    m.edit(schema, |t| {
        let mut v: Value = serde_json::from_str(&t).unwrap();
        v["properties"]["questions"]["maxItems"] = 9.into();
        serde_json::to_string_pretty(&v).unwrap()
    });
    let (code, edited) = m.findings("schema-edited");
    assert_eq!(code, 1);
    assert_eq!(edited.len(), 1, "{edited:?}");
    assert_eq!(edited[0].0, schema);
    assert!(
        edited[0].1.contains("ulcas migrate quiz"),
        "{}",
        edited[0].1
    );
}

#[test]
fn recordings_added_after_the_lock_are_unlocked() {
    let m = Monorepo::locked();
    common::bump_prompt(
        &m.path("api/packages/course-builder/resources/prompts/quiz"),
        "",
    );
    let from = m.path(&format!("{CB_STORE}/quiz/v1"));
    let to = m.path(&format!("{CB_STORE}/quiz/v2"));
    std::fs::create_dir_all(&to).unwrap();
    let first = std::fs::read_dir(&from).unwrap().next().unwrap().unwrap();
    std::fs::copy(first.path(), to.join(first.file_name())).unwrap();
    let (code, unlocked) = m.findings("unlocked");
    assert!(code < 2);
    assert_eq!(unlocked.len(), 1, "{unlocked:?}");
    assert_eq!(unlocked[0].0, format!("{CB_STORE}/quiz/v2"));
    let run = m.ulcas(&["lock"]);
    assert!(
        run.stdout
            .contains(&format!("added     {CB_STORE}/quiz/v2")),
        "{}",
        run.stdout
    );
    assert_eq!(m.findings("unlocked").1, Vec::new());
}

#[test]
fn lock_refuses_without_a_registry_or_with_its_problems() {
    let m = Monorepo::locked();
    let run = m.ulcas(&["lock", CB_STORE, "--config", "/dev/null"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    let bare = m.ulcas(&["lock", "--cassettes", CB_STORE, "--prompts", "nowhere"]);
    assert_eq!(bare.code, 2, "{}", bare.stderr);
    m.edit(
        "api/packages/course-builder/resources/prompts/lesson/v1.md",
        |t| t.replacen("---", "", 1),
    );
    let run = m.ulcas(&["lock"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("not locking while the registry has problems"),
        "{}",
        run.stderr
    );
    let run = m.ulcas(&["lock", "--accept", "quiz"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("expected TASK/vN"), "{}", run.stderr);
}

#[test]
fn without_a_lock_verify_says_how_to_start_once() {
    let dir = common::sample_with_registry();
    std::fs::remove_file(dir.path().join("cassettes/ulcas.lock")).unwrap();
    let run = common::ulcas_in(dir.path(), &["verify", "cassettes", "--prompts", "prompts"]);
    assert_eq!(run.code, 0, "nothing new fails without a lock");
    assert_eq!(
        run.stdout.matches("prompt edits go unseen").count(),
        1,
        "{}",
        run.stdout
    );
}

/// Only in a store that has a lock: `record` adds the entry of a version it writes into (never
/// changes one), and `prune --delete` drops the entries of versions it empties.
#[test]
fn writers_keep_the_lock_current() {
    let dir = common::sample_with_registry();
    let lock_path = dir.path().join("cassettes/ulcas.lock");
    let ulcas = |args: &[&str]| common::ulcas_in(dir.path(), args);
    let entries = || {
        std::fs::read_to_string(&lock_path)
            .unwrap()
            .lines()
            .filter(|l| l.starts_with('['))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert!(entries().contains(&"[\"outline/v1\"]".to_owned()));
    // prune --delete empties outline/v1: its entry goes.
    let run = ulcas(&["prune", "cassettes", "--prompts", "prompts", "--delete"]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        !entries().contains(&"[\"outline/v1\"]".to_owned()),
        "{:?}",
        entries()
    );
    assert!(entries().contains(&"[\"outline/v2\"]".to_owned()));

    // A quiz v2 prompt and a recording of it: record adds quiz/v2.
    common::bump_prompt(&dir.path().join("prompts/quiz"), "");
    let v1 = std::fs::read_to_string(dir.path().join("prompts/quiz/v1.md")).unwrap();
    let mut dump: Value = serde_json::from_slice(
        &std::fs::read(Path::new(MANIFEST).join("tests/fixtures/requests/quiz.json")).unwrap(),
    )
    .unwrap();
    dump["prompt_version"] = 2.into();
    std::fs::write(dir.path().join("quiz-v2.json"), dump.to_string()).unwrap();
    std::fs::write(dir.path().join("answer.txt"), "{\"questions\": []}").unwrap();
    let record = [
        "record",
        "quiz-v2.json",
        "--response",
        "answer.txt",
        "--cassettes",
        "cassettes",
        "--prompts",
        "prompts",
    ];
    let run = ulcas(&record);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        entries().contains(&"[\"quiz/v2\"]".to_owned()),
        "{:?}",
        entries()
    );

    // An entry is never changed by a writer: an edited v2 prompt stays an edit for verify.
    let before = std::fs::read(&lock_path).unwrap();
    std::fs::write(
        dir.path().join("prompts/quiz/v2.md"),
        v1.replace("version: 1", "version: 2") + "Edited.\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("answer.txt"), "{\"questions\": [1]}").unwrap();
    let mut forced = record.to_vec();
    forced.push("--force");
    assert_eq!(ulcas(&forced).code, 0);
    assert_eq!(std::fs::read(&lock_path).unwrap(), before);
    let run = ulcas(&[
        "verify",
        "cassettes",
        "--prompts",
        "prompts",
        "--format",
        "json",
    ]);
    assert!(
        run.stdout.contains("\"check\":\"prompt-edited\""),
        "{}",
        run.stdout
    );
}

/// `verify --requests`: a hit cassette recorded with another model, and a dump whose system
/// prompt is not the registry's text, on the sample store with dumps.
#[test]
fn a_test_runs_model_and_system_prompt_are_compared() {
    let dir = common::sample_with_registry();
    let quiz =
        std::fs::read(Path::new(MANIFEST).join("tests/fixtures/requests/quiz.json")).unwrap();
    let prompt = std::fs::read_to_string(dir.path().join("prompts/quiz/v1.md")).unwrap();
    let body = prompt.splitn(3, "---\n").nth(2).unwrap().trim().to_owned();
    std::fs::create_dir_all(dir.path().join("dumps")).unwrap();
    let write = |name: &str, model: &str, system: &str| {
        let mut dump: Value = serde_json::from_slice(&quiz).unwrap();
        dump["model"] = model.into();
        dump["system"] = system.into();
        std::fs::write(dir.path().join("dumps").join(name), dump.to_string()).unwrap();
    };
    let run = |dumps: &str| {
        let r = common::ulcas_in(
            dir.path(),
            &[
                "verify",
                "cassettes",
                "--prompts",
                "prompts",
                "--requests",
                dumps,
                "--format",
                "json",
            ],
        );
        assert!(r.code < 2, "{}", r.stderr);
        let ev = events(&r.stdout);
        let of = |check: &str| {
            ev.iter()
                .filter(|e| e["check"] == check)
                .map(|e| e["path"].as_str().unwrap().to_owned())
                .collect::<Vec<_>>()
        };
        (of("model-changed"), of("prompt-mismatch"))
    };
    // The app's text with whitespace it never sends: compared byte for byte, a mismatch.
    write("same.json", "claude-sonnet-5-5", &format!("\n{body}\n  "));
    assert_eq!(run("dumps").1.len(), 1);
    // The app's own text, exactly, and the recorded model: nothing.
    write("same.json", "claude-sonnet-5-5", &body);
    assert_eq!(run("dumps"), (vec![], vec![]));
    // Another model and another text: one warning each, naming the cassette and the prompt file.
    write("other.json", "claude-opus-9", "Always answer in French.");
    write(
        "other-again.json",
        "claude-opus-9",
        "Always answer in French.",
    );
    let (models, prompts) = run("dumps");
    assert_eq!(
        models,
        vec!["cassettes/quiz/v1/f2fa978d2e64f1557412cd86eebe0ea7.json"]
    );
    // One finding per dump that sent other bytes, each naming the prompt file it differs from.
    assert_eq!(prompts, vec!["dumps/other-again.json", "dumps/other.json"]);
    let human = common::ulcas_in(
        dir.path(),
        &[
            "verify",
            "cassettes",
            "--prompts",
            "prompts",
            "--requests",
            "dumps",
        ],
    );
    assert!(
        human.stdout.contains("prompt-mismatch dumps (2 findings)")
            && human
                .stdout
                .contains("differs, byte for byte, from prompts/quiz/v1.md"),
        "grouped in human output: {}",
        human.stdout
    );
    // A dump whose `system` or `model` is not a string is a broken dump, named.
    let mut dump: Value = serde_json::from_slice(&quiz).unwrap();
    dump["system"] = serde_json::json!([{"type": "text", "text": body}]);
    std::fs::write(dir.path().join("dumps/wire.json"), dump.to_string()).unwrap();
    let broken = common::ulcas_in(
        dir.path(),
        &[
            "verify",
            "cassettes",
            "--prompts",
            "prompts",
            "--requests",
            "dumps/wire.json",
        ],
    );
    assert_eq!(broken.code, 2, "{}", broken.stdout);
    assert!(
        broken.stderr.contains("dumps/wire.json")
            && broken.stderr.contains("`system` must be a string"),
        "{}",
        broken.stderr
    );
}

/// `lookup` says so on a hit whose version's prompt differs from the lock; the answer replays.
#[test]
fn lookup_flags_a_hit_that_answers_an_older_text() {
    let dir = common::sample_with_registry();
    let quiz = Path::new(MANIFEST).join("tests/fixtures/requests/quiz.json");
    let quiz = quiz.to_str().unwrap();
    let lookup = || {
        let run = common::ulcas_in(
            dir.path(),
            &["lookup", quiz, "--prompts", "prompts", "--format", "json"],
        );
        assert_eq!(run.code, 0, "a hit: {}", run.stderr);
        let ev = events(&run.stdout).remove(0);
        let kinds: Vec<String> = ev["diagnosis"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["kind"].as_str().unwrap().to_owned())
            .collect();
        (ev["status"].as_str().unwrap().to_owned(), kinds)
    };
    assert_eq!(lookup(), ("hit".to_owned(), vec![]));
    let prompt = dir.path().join("prompts/quiz/v1.md");
    let text = std::fs::read_to_string(&prompt).unwrap();
    std::fs::write(&prompt, text + "Always answer in French.\n").unwrap();
    assert_eq!(
        lookup(),
        ("hit".to_owned(), vec!["lock-differs".to_owned()])
    );
    let human = common::ulcas_in(dir.path(), &["lookup", quiz, "--prompts", "prompts"]);
    assert!(
        human.stdout.contains("answers an older text"),
        "{}",
        human.stdout
    );
}

/// A recorded version without a prompt file gets no entry, and is reported.
#[test]
fn a_version_without_a_prompt_file_gets_no_entry() {
    let dir = common::sample_with_registry();
    let from = dir.path().join("cassettes/quiz/v1");
    let to = dir.path().join("cassettes/quiz/v7");
    std::fs::create_dir_all(&to).unwrap();
    let first = std::fs::read_dir(&from).unwrap().next().unwrap().unwrap();
    std::fs::copy(first.path(), to.join(first.file_name())).unwrap();
    let run = common::ulcas_in(
        dir.path(),
        &[
            "lock",
            "cassettes",
            "--prompts",
            "prompts",
            "--format",
            "json",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let ev = events(&run.stdout);
    let none = of_type(&ev, "no-prompt");
    assert_eq!(none.len(), 1, "{}", run.stdout);
    assert_eq!(
        (none[0]["task"].as_str(), &none[0]["version"]),
        (Some("quiz"), &Value::from(7))
    );
    let lock = std::fs::read_to_string(dir.path().join("cassettes/ulcas.lock")).unwrap();
    assert!(!lock.contains("quiz/v7"), "{lock}");
    assert_eq!(ev.last().unwrap()["no_prompt"], 1);
}

/// `migrate --write` adds the entry of the version it writes into when the lock lacks it.
#[test]
fn migrate_adds_a_missing_entry() {
    let dir = common::sample_with_registry();
    let lock_path = dir.path().join("cassettes/ulcas.lock");
    let text = std::fs::read_to_string(&lock_path).unwrap();
    let start = text.find("[\"quiz/v1\"]").unwrap();
    let end = text[start..]
        .find("\n\n")
        .map_or(text.len(), |e| start + e + 1);
    std::fs::write(&lock_path, format!("{}{}", &text[..start], &text[end..])).unwrap();
    assert!(!std::fs::read_to_string(&lock_path)
        .unwrap()
        .contains("quiz/v1"));
    common::widen_quiz_schema(dir.path());
    let run = common::ulcas_in(
        dir.path(),
        &[
            "migrate",
            "quiz",
            "cassettes",
            "--prompts",
            "prompts",
            "--write",
        ],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let lock = std::fs::read_to_string(&lock_path).unwrap();
    assert!(lock.contains("[\"quiz/v1\"]"), "{lock}");
    let verify = common::ulcas_in(
        dir.path(),
        &[
            "verify",
            "cassettes",
            "--prompts",
            "prompts",
            "--format",
            "json",
        ],
    );
    assert!(
        !verify.stdout.contains("schema-edited"),
        "{}",
        verify.stdout
    );
}

/// A lock file over the 64 MiB any command reads is named as a lock file by `lock` as by
/// `verify` (it was called "too large for a cassette (16 MiB)").
#[test]
fn a_huge_lock_is_called_a_lock_file_by_every_command() {
    let dir = crate::common::sample_with_registry();
    let lock = dir.path().join("cassettes/ulcas.lock");
    let mut text = std::fs::read_to_string(&lock).unwrap();
    text.push_str(&format!("# {}\n", "x".repeat(70 << 20)));
    std::fs::write(&lock, text).unwrap();
    for command in ["lock", "verify"] {
        let run =
            crate::common::ulcas_in(dir.path(), &[command, "cassettes", "--prompts", "prompts"]);
        let said = format!("{}{}", run.stdout, run.stderr);
        assert!(
            said.contains("ulcas.lock: larger than 64 MiB: too large for a lock file"),
            "{command}: {said}"
        );
    }
}
