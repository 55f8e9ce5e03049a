//! What the key cannot see: `ulcas lock` and the `verify` checks it enables, on a copy of the
//! real monorepo stores (`api/packages/<package>/…` with an `ulcas.toml`). Their prompt bodies
//! are placeholders: an edit of a placeholder is still an edit.

mod common;

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
    assert!(run.stdout.contains("accepted  quiz/v1"), "{}", run.stdout);
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
    let v1 = std::fs::read_to_string(m.path(QUIZ_PROMPT)).unwrap();
    std::fs::write(
        m.path("api/packages/course-builder/resources/prompts/quiz/v2.md"),
        v1.replace("version: 1", "version: 2") + "Always answer in French.\n",
    )
    .unwrap();
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
    let v1 = std::fs::read_to_string(m.path(QUIZ_PROMPT)).unwrap();
    std::fs::write(
        m.path("api/packages/course-builder/resources/prompts/quiz/v2.md"),
        v1.replace("version: 1", "version: 2"),
    )
    .unwrap();
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
    assert!(run.stdout.contains("added     quiz/v2"), "{}", run.stdout);
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
