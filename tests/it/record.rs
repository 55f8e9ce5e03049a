//! `ulcas record` as a newcomer meets it (issue 57): the model is the dump's unless named, and
//! an answer that fails the request's schema is recorded with a warning, never in silence.

use crate::common::MANIFEST;
use crate::common::fixture_path as fixture;
use crate::common::sample_with_registry;
use crate::common::ulcas_in;
use std::path::Path;

#[test]
fn the_model_is_the_dumps_and_a_failing_answer_is_said() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    crate::common::copy_tree(
        &Path::new(MANIFEST).join("tests/fixtures"),
        &d.join("fixtures"),
    );
    let dump: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(d.join("fixtures/requests/quiz.json")).unwrap(),
    )
    .unwrap();
    let model = dump["model"]
        .as_str()
        .expect("the dump names its model")
        .to_owned();
    std::fs::write(d.join("bad.json"), "{\"questions\": []}").unwrap();
    let run = ulcas_in(
        d,
        &[
            "record",
            "fixtures/requests/quiz.json",
            "--response",
            "bad.json",
            "--cassettes",
            "store",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("warning: the answer fails the request's output schema: /questions"),
        "{}",
        run.stderr
    );
    let path = d.join(run.stdout.trim());
    let cassette: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(cassette["model"], model.as_str());
    // JSON output carries the failures too.
    let json = ulcas_in(
        d,
        &[
            "record",
            "fixtures/requests/quiz.json",
            "--response",
            "bad.json",
            "--cassettes",
            "store2",
            "--model",
            "m",
            "--format",
            "json",
        ],
    );
    assert!(
        json.stdout.contains("\"fails_schema\":[\"/questions"),
        "{}",
        json.stdout
    );
    let file = walkdir::WalkDir::new(d.join("store2"))
        .into_iter()
        .filter_map(Result::ok)
        .find(|e| e.file_type().is_file())
        .unwrap()
        .into_path();
    let cassette: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    assert_eq!(cassette["model"], "m", "--model names another");
}

#[test]
fn record_refuses_placeholders_the_request_does_not_have() {
    let dir = sample_with_registry();
    let d = dir.path();
    std::fs::write(
        d.join("answer.json"),
        r#"{"questions":[{"prompt":"{{frg_12}} and {{id_3}}"}]}"#,
    )
    .unwrap();
    let before = crate::review::against::files(d);
    let run = ulcas_in(
        d,
        &[
            "record",
            &fixture("requests/quiz.json"),
            "--response",
            "answer.json",
            "--cassettes",
            "cassettes",
            "--force",
        ],
    );
    assert_eq!(run.code, 2, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains(
            "answer.json: the answer uses {{frg_12}}, {{id_3}} that the request does not have"
        ),
        "{}",
        run.stderr
    );
    assert_eq!(crate::review::against::files(d), before, "nothing written");
    // Its own placeholders (and its ids, which become them) are fine.
    std::fs::write(
        d.join("answer.json"),
        r#"{"questions":[{"prompt":"{{frg_1}}"}]}"#,
    )
    .unwrap();
    let run = ulcas_in(
        d,
        &[
            "record",
            &fixture("requests/quiz.json"),
            "--response",
            "answer.json",
            "--cassettes",
            "cassettes",
            "--force",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
}
