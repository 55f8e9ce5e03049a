//! Read as the driver reads: a hand-edited cassette replays as the reference loader loads it
//! (`CassetteStore::load`, `Usage::fromArray`), while `verify` still reports what the recorder
//! would never write.

use crate::common;

use std::path::Path;

use common::{MANIFEST, events};
use serde_json::{Value, json};

const QUIZ: &str = "cassettes/quiz/v1/f2fa978d2e64f1557412cd86eebe0ea7.json";

/// The sample store with the quiz cassette edited by `edit`, and the quiz dump with a model.
fn edited(edit: impl FnOnce(&mut serde_json::Map<String, Value>)) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    common::copy_tree(
        &Path::new(MANIFEST).join("cassettes"),
        &dir.path().join("cassettes"),
    );
    let path = dir.path().join(QUIZ);
    let mut cassette: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    edit(cassette.as_object_mut().unwrap());
    std::fs::write(&path, serde_json::to_string_pretty(&cassette).unwrap()).unwrap();
    let mut dump: Value = serde_json::from_slice(
        &std::fs::read(Path::new(MANIFEST).join("tests/fixtures/requests/quiz.json")).unwrap(),
    )
    .unwrap();
    dump["model"] = json!("claude-request-model");
    std::fs::write(dir.path().join("quiz.json"), dump.to_string()).unwrap();
    dir
}

fn replay(dir: &Path) -> Value {
    let run = common::ulcas_in(
        dir,
        &["lookup", "quiz.json", "--replay", "--format", "json"],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    events(&run.stdout).remove(0)
}

fn fields_finding(dir: &Path) -> String {
    let run = common::ulcas_in(dir, &["verify", "cassettes", "--format", "json"]);
    events(&run.stdout)
        .into_iter()
        .find(|e| e["check"] == "fields" && e["path"] == QUIZ)
        .map(|e| e["message"].as_str().unwrap().to_owned())
        .unwrap_or_else(|| panic!("no fields finding: {}", run.stdout))
}

#[test]
fn a_text_that_is_not_a_string_is_cast() {
    for (text, replayed) in [
        (json!(5), "5"),
        (json!(1.5), "1.5"),
        (json!(true), "1"),
        (json!(null), ""),
    ] {
        let dir = edited(|c| {
            c.insert("text".into(), text.clone());
        });
        assert_eq!(replay(dir.path())["text"], replayed, "{text}");
        assert!(fields_finding(dir.path()).contains("`text` must be a string"));
    }
    let dir = edited(|c| {
        c.remove("text");
    });
    assert_eq!(replay(dir.path())["text"], "");
    assert!(fields_finding(dir.path()).contains("cast to one"));
}

#[test]
fn defaults_as_the_loader_defaults() {
    let dir = edited(|c| {
        c.remove("model");
        c.insert("stop_reason".into(), json!(5));
        c.insert(
            "usage".into(),
            json!({"input_tokens": 7, "cache_creation_tokens": 11}),
        );
    });
    let hit = replay(dir.path());
    assert_eq!(hit["model"], "claude-request-model", "{hit}");
    assert_eq!(hit["stop_reason"], "5");
    assert_eq!(
        hit["usage"],
        json!({"input_tokens": 7, "output_tokens": 0, "cache_write_5m_tokens": 0,
               "cache_write_1h_tokens": 11, "cache_read_tokens": 0})
    );
    let message = fields_finding(dir.path());
    assert!(message.contains("missing `model`"), "{message}");
    assert!(message.contains("becomes the request's"), "{message}");
    let dir = edited(|c| {
        c.remove("stop_reason");
    });
    assert_eq!(replay(dir.path())["stop_reason"], "end_turn");
}

/// A cassette without a model (absent or null) replays with the request's model, so `verify`
/// warns of it and does not fail the store.
#[test]
fn a_cassette_without_a_model_is_a_warning() {
    for edit in [
        (|c: &mut serde_json::Map<String, Value>| _ = c.remove("model")) as fn(&mut _),
        |c| _ = c.insert("model".into(), Value::Null),
    ] {
        let dir = edited(edit);
        assert_eq!(replay(dir.path())["model"], "claude-request-model");
        let run = common::ulcas_in(dir.path(), &["verify", "cassettes", "--format", "json"]);
        assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
        let finding = events(&run.stdout)
            .into_iter()
            .find(|e| e["check"] == "fields")
            .unwrap();
        assert_eq!(finding["severity"], "warning", "{finding}");
        let message = finding["message"].as_str().unwrap();
        assert!(
            message.starts_with("missing `model`") || message.starts_with("`model` is null"),
            "{message}"
        );
        let strict = common::ulcas_in(
            dir.path(),
            &["verify", "cassettes", "-q", "--deny", "warnings"],
        );
        assert_eq!(strict.code, 1, "{}", strict.stderr);
    }
    // A model that is not text is still an error: the recorder never writes one.
    let dir = edited(|c| _ = c.insert("model".into(), json!(["a"])));
    let run = common::ulcas_in(dir.path(), &["verify", "cassettes", "-q"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
}

#[test]
fn review_counts_the_legacy_cache_write_counter() {
    let dir = edited(|c| {
        c.insert(
            "usage".into(),
            json!({"input_tokens": 3, "cache_creation_tokens": 9}),
        );
    });
    // The same cassette at v2: one pair to review.
    let v2 = dir.path().join("cassettes/quiz/v2");
    std::fs::create_dir_all(&v2).unwrap();
    std::fs::copy(dir.path().join(QUIZ), v2.join("f.json")).unwrap();
    let run = common::ulcas_in(
        dir.path(),
        &[
            "review",
            "quiz",
            "cassettes",
            "--to",
            "2",
            "--format",
            "json",
        ],
    );
    let pair = events(&run.stdout)
        .into_iter()
        .find(|e| e["type"] == "pair" && e["from"] == QUIZ)
        .unwrap_or_else(|| panic!("{}{}", run.stdout, run.stderr));
    assert_eq!(pair["usage"]["from"]["cache_write_1h_tokens"], 9, "{pair}");
}
