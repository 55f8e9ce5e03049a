//! What verify finds, in words a user acts on: missing cassettes grouped and sorted, a schema
//! message quoting what the file holds, a schema built in code not blamed on prompts, and
//! `--deny warnings` as one verdict in every format.

use crate::common;
use crate::common::MANIFEST;
use crate::common::events;
use crate::common::fixture_path as fixture;
use crate::common::sample_with_registry;
use crate::common::ulcas_in;
use serde_json::Value;
use serde_json::json;
use std::path::Path;

/// Two test-run dumps that miss in one folder are one group, in path order.
#[test]
fn missing_cassettes_are_grouped_and_sorted() {
    let dir = sample_with_registry();
    let d = dir.path();
    std::fs::create_dir_all(d.join("dumps")).unwrap();
    let mut request: serde_json::Value =
        serde_json::from_slice(&std::fs::read(fixture("requests/quiz.json")).unwrap()).unwrap();
    for i in [2, 1] {
        request["blocks"] = serde_json::json!([{"type": "text", "text": format!("new input {i}")}]);
        std::fs::write(d.join(format!("dumps/new{i}.json")), request.to_string()).unwrap();
    }
    let run = ulcas_in(d, &["verify", "cassettes", "--requests", "dumps"]);
    assert!(
        run.stdout
            .contains("missing-cassette cassettes/quiz/v1 (2 findings)"),
        "{}",
        run.stdout
    );
    let lines: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.contains("no cassette for the request"))
        .collect();
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert_eq!(lines, sorted, "in path order");
}

#[test]
fn a_schema_message_quotes_the_placeholder_the_file_holds() {
    let dir = common::sample_with_registry();
    let file = dir
        .path()
        .join("cassettes/quiz/v1/aafcd8047a635258d26a9d3d43c8c0e6.json");
    let mut cassette: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let answer = json!({"questions": [{"prompt": "x", "choices": ["a", "b"], "answer": 0, "citation": "{{frg_3}}"}]});
    cassette["text"] = json!(answer.to_string());
    std::fs::write(&file, serde_json::to_string_pretty(&cassette).unwrap()).unwrap();
    let run = common::ulcas_in(
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
    let schema: Vec<String> = events(&run.stdout)
        .into_iter()
        .filter(|e| e["check"] == "schema")
        .map(|e| e["message"].as_str().unwrap().to_owned())
        .collect();
    assert!(!schema.is_empty(), "{}", run.stdout);
    assert!(schema.iter().any(|m| m.contains("{{frg_3}}")), "{schema:?}");
    assert!(
        schema.iter().all(|m| !m.contains("frg_aaaaaaaaaaad")),
        "{schema:?}"
    );
}

#[test]
fn a_schema_built_in_code_is_not_blamed_on_missing_prompts() {
    let data = Path::new(MANIFEST).join("tests/data/ulams/course-builder");
    let store = data.join("tests/cassettes");
    let prompts = data.join("resources/prompts");
    let run = common::ulcas(&[
        "verify",
        store.to_str().unwrap(),
        "--prompts",
        prompts.to_str().unwrap(),
    ]);
    assert!(
        run.stdout.contains("not validated, no known schema: patch"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("pass --prompts"), "{}", run.stdout);
    let bare = common::ulcas(&["verify", store.to_str().unwrap()]);
    assert!(bare.stdout.contains("pass --prompts"), "{}", bare.stdout);
}

/// `--deny warnings` fails the run in every format, and each says so (issue 23's seam).
#[test]
fn deny_warnings_is_one_verdict_in_every_format() {
    for format in ["human", "json", "github", "sarif"] {
        let run = common::ulcas(&[
            "verify",
            "cassettes",
            "--deny",
            "warnings",
            "--format",
            format,
        ]);
        assert_eq!(run.code, 1, "{format}: {}{}", run.stdout, run.stderr);
        match format {
            "human" => assert!(
                run.stdout.contains("FAILED (warnings denied)"),
                "{}",
                run.stdout
            ),
            "json" => assert_eq!(events(&run.stdout).pop().unwrap()["verdict"], "fail"),
            "github" => assert!(
                run.stdout.contains("failed (warnings denied)"),
                "{}",
                run.stdout
            ),
            _ => {}
        }
        let run = common::ulcas(&["verify", "cassettes", "--format", format]);
        assert_eq!(run.code, 0, "{format}");
        if format == "json" {
            assert_eq!(events(&run.stdout).pop().unwrap()["verdict"], "pass");
        }
    }
}
