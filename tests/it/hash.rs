//! `--format json` of `hash` and `normalize`, checked against the reference vectors.

use crate::common;

use serde_json::Value;

fn ulcas(args: &[&str]) -> (i32, Vec<Value>, String) {
    let run = common::ulcas(args);
    let events = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect();
    (run.code, events, run.stderr)
}

fn expected() -> Vec<Value> {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/vectors/expected.jsonl"
    ))
    .unwrap()
    .lines()
    .map(|l| serde_json::from_str(l).unwrap())
    .collect()
}

#[test]
fn hash_json_matches_the_reference_for_every_vector() {
    let (code, events, stderr) =
        ulcas(&["hash", "--format", "json", "tests/data/vectors/requests"]);
    assert_eq!(code, 0, "{stderr}");
    let want = expected();
    assert_eq!(events.len(), want.len());
    for (event, want) in events.iter().zip(&want) {
        assert_eq!(event["type"], "key");
        assert!(
            event["request"]
                .as_str()
                .unwrap()
                .ends_with(want["file"].as_str().unwrap())
        );
        assert_eq!(event["hash"], want["hash"]);
        assert_eq!(event["path"], want["path"]);
        assert!(event["prompt_version"].is_i64() && event["task"].is_string());
    }
}

#[test]
fn normalize_json_matches_the_reference() {
    let want = expected();
    for w in want
        .iter()
        .filter(|w| w["file"].as_str().unwrap().contains("ids"))
        .take(20)
    {
        let file = format!(
            "tests/data/vectors/requests/{}",
            w["file"].as_str().unwrap()
        );
        let (code, events, stderr) = ulcas(&["normalize", "--format", "json", &file]);
        assert_eq!(code, 0, "{stderr}");
        assert_eq!(events.len(), 1);
        assert_eq!(events[0]["type"], "normalized");
        assert_eq!(events[0]["request"], file.as_str());
        assert_eq!(events[0]["content"], w["content"]);
        // Same entries in the same order (first appearance).
        let got: Vec<_> = events[0]["map"].as_object().unwrap().iter().collect();
        let exp: Vec<_> = w["map"].as_object().unwrap().iter().collect();
        assert_eq!(got, exp);
    }
}

#[test]
fn hash_cassettes_root_and_errors() {
    let (code, events, _) = ulcas(&[
        "hash",
        "--format",
        "json",
        "--cassettes",
        "/srv/store",
        "tests/fixtures/requests/lesson.json",
    ]);
    assert_eq!(code, 0);
    assert!(
        events[0]["path"]
            .as_str()
            .unwrap()
            .starts_with("/srv/store/lesson/v1/")
    );
    let (code, events, stderr) =
        ulcas(&["hash", "--format", "json", "tests/cmd/bad/truncated.json"]);
    assert_eq!((code, events.len()), (2, 0));
    assert_eq!(stderr.lines().count(), 1, "one line per error: {stderr}");
    assert!(
        stderr.starts_with("ulcas: error: tests/cmd/bad/truncated.json:4:1: "),
        "{stderr}"
    );
}
