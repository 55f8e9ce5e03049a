//! A corpus of damaged cassettes, one per kind of damage, each caught by the right check; and
//! the real ulams stores, where every finding is a known problem of those files.

use crate::common;

use std::path::{Path, PathBuf};

use serde_json::Value;
use ulcas::cassette::Cassette;
use ulcas::registry::{Registry, RegistrySource};
use ulcas::request::Request;
use ulcas::store::{Recording, cassette_for};
use ulcas::verify::{Severity, StoreFindings, verify_store};

use common::MANIFEST;

fn fixture(p: &str) -> PathBuf {
    Path::new(MANIFEST).join("tests/fixtures").join(p)
}

fn registry() -> Registry {
    Registry::load(&RegistrySource {
        prompts: vec![fixture("prompts")],
        ..Default::default()
    })
    .unwrap()
}

/// A valid recorded cassette for a fixture request, with request material.
fn good(name: &str) -> Cassette {
    let request = Request::from_file(&fixture(&format!("requests/{name}.json"))).unwrap();
    let answer = std::fs::read_to_string(fixture(&format!("responses/{name}.json"))).unwrap();
    cassette_for(&request, &Recording::new(answer, "model-x"), true)
        .unwrap()
        .0
}

fn place(root: &Path, c: &Cassette) -> PathBuf {
    let path = root
        .join(&c.task)
        .join(format!("v{}", c.prompt_version))
        .join(format!("{}.json", c.hash));
    write(&path, c.render().as_bytes());
    path
}

fn write(path: &Path, bytes: &[u8]) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

fn verify(root: &Path) -> StoreFindings {
    verify_store(root, &registry(), &|_| {}).unwrap()
}

/// The checks found for `path`, by name.
fn checks_of(report: &StoreFindings, path: &Path) -> Vec<&'static str> {
    report
        .findings
        .iter()
        .filter(|f| f.path == path)
        .map(|f| f.check.name())
        .collect()
}

#[test]
fn a_good_store_has_no_findings() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["outline", "lesson", "metadata"] {
        place(dir.path(), &good(name));
    }
    let report = verify(dir.path());
    assert_eq!(report.cassettes, 3);
    assert!(report.findings.is_empty(), "{:#?}", report.findings);
}

/// A copy of `base` under the hash `n` repeated, edited by `edit`, placed in the store.
fn damaged(root: &Path, base: &Cassette, n: char, edit: impl FnOnce(&mut Cassette)) -> PathBuf {
    let mut c = base.clone();
    c.hash = n.to_string().repeat(32);
    edit(&mut c);
    place(root, &c)
}

/// One damaged store: each entry is (what was done, path, expected check).
#[test]
fn every_kind_of_damage_is_caught_by_its_check() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let mut cases: Vec<(&str, PathBuf, &str)> = Vec::new();
    let base = good("lesson");

    let p = place(root, &good("outline"));
    write(&p, &std::fs::read(&p).unwrap()[..200]);
    cases.push(("truncated JSON", p, "json"));

    let mut c = good("metadata");
    c.hash = "0".repeat(32);
    let p = place(root, &c);
    write(
        &p,
        &[b"\xff\xfe".as_slice(), c.render().as_bytes()].concat(),
    );
    cases.push(("not UTF-8", p, "json"));

    let p = damaged(root, &base, '1', |c| {
        c.usage["output_tokens"] = Value::from(-3)
    });
    cases.push(("negative usage", p, "fields"));

    let p = damaged(root, &base, '2', |_| {});
    let moved = p.with_file_name(format!("{}.json", "3".repeat(32)));
    std::fs::rename(&p, &moved).unwrap();
    cases.push(("file renamed", moved, "location"));

    let mut c = base.clone();
    c.hash = "ABCDEF".repeat(5) + "AB";
    let p = place(root, &c);
    cases.push(("hash in upper case", p, "hash-format"));

    let p = damaged(root, &base, '4', |_| {});
    let mut v: Value = serde_json::from_slice(&std::fs::read(&p).unwrap()).unwrap();
    v["task"] = Value::from("../lesson");
    write(&p, serde_json::to_string_pretty(&v).unwrap().as_bytes());
    cases.push(("unsafe task", p, "task-name"));

    let p = damaged(root, &base, '5', |c| {
        c.text = c.text.replace("{{frg_1}}", "{{ frg_1 }}")
    });
    cases.push(("spaced placeholder", p, "placeholder-syntax"));

    let p = damaged(root, &base, '6', |c| {
        c.text = c.text.replace("{{frg_2}}", "frg_zzzzzzzzzzzz")
    });
    cases.push(("raw fragment id", p, "raw-id"));

    let p = damaged(root, &base, '7', |c| {
        c.text = "Sure! Here is the lesson you asked for.".into()
    });
    cases.push(("prose answer", p, "not-object"));

    let p = damaged(root, &base, '8', |c| {
        c.text = r#"{"lessonId":"{{id_2}}","sections":[]}"#.into()
    });
    cases.push(("answer against the schema", p, "schema"));

    let p = damaged(root, &base, '9', |c| {
        c.model = format!("model-x sk-proj-{}", "A1b2C3d4".repeat(6))
    });
    cases.push(("API key", p, "secret"));

    let mut c = good("outline");
    c.prompt_version = 1;
    c.hash = "a".repeat(32);
    let p = place(root, &c);
    cases.push(("outline v1 after the bump to v2", p, "stale-version"));

    let p = damaged(root, &base, 'b', |c| c.task = "glossary".into());
    cases.push(("task without prompt", p, "orphan-task"));

    let p = damaged(root, &base, 'c', |c| {
        let r = c.request.as_mut().unwrap();
        r.schema = r.schema.replace("\"maxItems\":5", "\"maxItems\":6");
    });
    cases.push(("schema edited since", p, "schema-changed"));

    let mut c = base.clone();
    if let Some(r) = c.request.as_mut() {
        r.content.push_str(" edited");
    }
    let p = place(root, &c);
    cases.push(("request material edited", p, "key-mismatch"));

    let p = damaged(root, &base, 'd', |c| {
        c.text = c.text.replace("{{frg_2}}", "{{frg_99}}")
    });
    cases.push(("placeholder from nowhere", p, "unknown-placeholder"));

    let p = damaged(root, &base, 'e', |_| {});
    let v: Value = serde_json::from_slice(&std::fs::read(&p).unwrap()).unwrap();
    write(&p, serde_json::to_string_pretty(&v).unwrap().as_bytes());
    cases.push(("two-space indent", p, "format"));

    write(&root.join("README.md"), b"# recordings\n");
    write(&root.join("lesson/v1/.gitkeep"), b"");

    let report = verify(root);
    let mut missed = Vec::new();
    for (what, path, check) in &cases {
        let found = checks_of(&report, path);
        if !found.contains(check) {
            missed.push(format!("{what}: expected {check}, found {found:?}"));
        }
    }
    assert!(missed.is_empty(), "{}", missed.join("\n"));
    // (The undamaged cassettes are clean: `a_good_store_has_no_findings`.) Other files are
    // skipped, never findings.
    assert_eq!(report.skipped.len(), 2, "{:?}", report.skipped);
    assert!(
        report
            .findings
            .iter()
            .all(|f| !f.path.ends_with("README.md"))
    );
    assert_eq!(report.cassettes, cases.len());
}

#[test]
fn an_invalid_answer_with_its_repair_recorded_is_fine() {
    let dir = tempfile::tempdir().unwrap();
    place(dir.path(), &good("quiz-repair"));
    let first = Request::from_file(&fixture("requests/quiz.json")).unwrap();
    let answer = std::fs::read_to_string(fixture("responses/quiz.json")).unwrap();
    let (c, _) = cassette_for(&first, &Recording::new(answer, "m"), true).unwrap();
    let p = place(dir.path(), &c);
    let report = verify(dir.path());
    assert!(report.findings.is_empty(), "{:#?}", report.findings);
    assert_eq!(report.repaired, 1);
    std::fs::remove_file(
        dir.path()
            .join("quiz/v1")
            .join(format!("{}.json", good("quiz-repair").hash)),
    )
    .unwrap();
    let report = verify(dir.path());
    assert_eq!(checks_of(&report, &p), ["schema"]);
    assert_eq!(report.findings[0].severity, Severity::Error);
    assert_eq!(report.findings[0].pointer.as_deref(), Some("/questions"));
}

#[test]
fn a_bad_prompt_file_is_a_registry_finding() {
    let dir = tempfile::tempdir().unwrap();
    let prompts = dir.path().join("prompts");
    write(&prompts.join("lesson/v1.md"), b"no front matter\n");
    let registry = Registry::load(&RegistrySource {
        prompts: vec![prompts.clone()],
        ..Default::default()
    })
    .unwrap();
    let store = dir.path().join("store");
    place(&store, &good("lesson"));
    let report = verify_store(&store, &registry, &|_| {}).unwrap();
    assert!(
        report
            .findings
            .iter()
            .any(|f| f.check.name() == "registry" && f.path.ends_with("v1.md"))
    );
}

fn ulcas(args: &[&str]) -> (i32, String) {
    let run = common::ulcas(args);
    (run.code, run.stdout)
}

/// The real stores: every finding is a problem of those files, listed in the README.
#[test]
fn the_ulams_stores() {
    let u = "tests/data/ulams";
    let (code, out) = ulcas(&[
        "verify",
        "--format",
        "json",
        &format!("{u}/course-builder/tests/cassettes"),
        "--prompts",
        &format!("{u}/course-builder/resources/prompts"),
    ]);
    assert_eq!(code, 0, "{out}");
    let events: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let findings: Vec<&Value> = events.iter().filter(|e| e["type"] == "finding").collect();
    assert_eq!(findings.len(), 1, "{out}");
    assert_eq!(findings[0]["check"], "schema");
    assert_eq!(findings[0]["pointer"], "/seoTitle");
    assert!(
        findings[0]["path"]
            .as_str()
            .unwrap()
            .ends_with("metadata/v1/1ae46b0c142dd601710d6dd101bcfa57.json")
    );
    let summary = events.last().unwrap();
    assert_eq!(
        (summary["type"].as_str(), summary["cassettes"].as_u64()),
        (Some("summary"), Some(15))
    );
    assert_eq!(summary["unvalidated_tasks"], serde_json::json!(["patch"]));

    let (code, out) = ulcas(&[
        "verify",
        "--format",
        "json",
        &format!("{u}/living-course/tests/cassettes"),
        "--prompts",
        &format!("{u}/living-course/resources/prompts"),
        "--prompts",
        &format!("{u}/course-builder/resources/prompts"),
    ]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.lines().count(), 1, "only the summary: {out}");
    // Without course-builder's prompts, grounding has no prompt: an orphan task.
    let (_, out) = ulcas(&[
        "verify",
        "--format",
        "json",
        &format!("{u}/living-course/tests/cassettes"),
        "--prompts",
        &format!("{u}/living-course/resources/prompts"),
    ]);
    assert_eq!(out.matches("\"check\":\"orphan-task\"").count(), 7);
}
