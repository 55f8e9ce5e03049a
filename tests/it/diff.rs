//! `ulcas diff`: exit codes and what each kind of pair reports.

use crate::common;

use serde_json::Value;

fn ulcas(args: &[&str]) -> (i32, String) {
    let run = common::ulcas(args);
    (run.code, run.stdout + &run.stderr)
}

fn json(args: &[&str]) -> (i32, Vec<Value>) {
    let mut all = vec!["diff", "--format", "json"];
    all.extend(args);
    let (code, out) = ulcas(&all);
    (
        code,
        out.lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|_| panic!("{out}")))
            .collect(),
    )
}

fn lesson_cassette() -> String {
    std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/cassettes/lesson/v1"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path()
        .to_string_lossy()
        .into_owned()
}

#[test]
fn requests_with_fresh_ids_share_a_key() {
    let (code, e) = json(&[
        "tests/data/vectors/requests/00004-ids.json",
        "tests/data/vectors/requests-b/00004-ids-b.json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        (e[0]["same_key"].as_bool(), e[0]["identical"].as_bool()),
        (Some(true), Some(true))
    );
    let (code, e) = json(&[
        "tests/fixtures/requests/quiz.json",
        "tests/fixtures/requests/quiz-repair.json",
    ]);
    assert_eq!(code, 1);
    let parts: Vec<(&str, bool)> = e[0]["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["part"].as_str().unwrap(), p["same"].as_bool().unwrap()))
        .collect();
    assert_eq!(
        parts,
        [
            ("task", true),
            ("prompt_version", true),
            ("schema", true),
            ("content", false)
        ]
    );
}

#[test]
fn a_request_and_a_cassette() {
    let cassette = lesson_cassette();
    let (code, e) = json(&["tests/fixtures/requests/lesson.json", &cassette]);
    assert_eq!((code, e[0]["hit"].as_bool()), (0, Some(true)));
    let (code, e) = json(&["tests/fixtures/requests/outline.json", &cassette]);
    assert_eq!((code, e[0]["hit"].as_bool()), (1, Some(false)));
    let (_, human) = ulcas(&[
        "diff",
        "--color",
        "never",
        "tests/fixtures/requests/outline.json",
        &cassette,
    ]);
    assert!(
        human.contains("would miss") && human.contains("task             outline → lesson"),
        "{human}"
    );
}

#[test]
fn two_cassettes_and_two_stores() {
    let quiz: Vec<String> =
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/cassettes/quiz/v1"))
            .unwrap()
            .map(|e| e.unwrap().path().to_string_lossy().into_owned())
            .collect();
    let (code, e) = json(&[&quiz[0], &quiz[1]]);
    assert_eq!(code, 1);
    assert_eq!(e[0]["kind"], "cassettes");
    let (code, _) = json(&[&quiz[0], &quiz[0]]);
    assert_eq!(code, 0);

    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    for root in [&a, &b] {
        for e in walkdir::WalkDir::new(concat!(env!("CARGO_MANIFEST_DIR"), "/cassettes"))
            .into_iter()
            .filter_map(Result::ok)
        {
            let rel = e
                .path()
                .strip_prefix(concat!(env!("CARGO_MANIFEST_DIR"), "/cassettes"))
                .unwrap();
            if e.file_type().is_dir() {
                std::fs::create_dir_all(root.join(rel)).unwrap();
            } else {
                std::fs::copy(e.path(), root.join(rel)).unwrap();
            }
        }
    }
    let (code, _) = json(&[&a.to_string_lossy(), &b.to_string_lossy()]);
    assert_eq!(code, 0);
    let lesson = std::fs::read_dir(b.join("lesson/v1"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let text = std::fs::read_to_string(&lesson)
        .unwrap()
        .replace("claude-sonnet-5-5", "claude-opus-5");
    std::fs::write(&lesson, text).unwrap();
    std::fs::remove_dir_all(b.join("metadata")).unwrap();
    std::fs::create_dir_all(b.join("glossary/v1")).unwrap();
    std::fs::write(
        b.join("glossary/v1/0123456789abcdef0123456789abcdef.json"),
        "{}",
    )
    .unwrap();
    let (code, e) = json(&[&a.to_string_lossy(), &b.to_string_lossy()]);
    assert_eq!(code, 1);
    let statuses: Vec<&str> = e
        .iter()
        .filter(|x| x["type"] == "store-change")
        .map(|x| x["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["added", "changed", "removed"]);
    let summary = e.last().unwrap();
    assert_eq!(
        (
            summary["added"].as_u64(),
            summary["removed"].as_u64(),
            summary["changed"].as_u64()
        ),
        (Some(1), Some(1), Some(1))
    );
    let (_, stat) = ulcas(&[
        "diff",
        "--stat",
        "--color",
        "never",
        &a.to_string_lossy(),
        &b.to_string_lossy(),
    ]);
    assert!(
        stat.contains("lesson") && stat.contains("+0 -0 ~1") && !stat.contains("~ changed"),
        "{stat}"
    );
}

#[test]
fn a_store_and_a_file_cannot_be_compared() {
    let (code, out) = ulcas(&["diff", "cassettes", "tests/fixtures/requests/lesson.json"]);
    assert_eq!(code, 2);
    assert!(out.starts_with("ulcas: error: "), "{out}");
}
