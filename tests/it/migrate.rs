//! `ulcas migrate`: a schema change carried over without re-recording what still fits, on a
//! generated store with a known split and on the sample store.

use crate::common;
use crate::common::MANIFEST;
use crate::common::events;
use crate::common::of_type;
use crate::common::sample_with_registry;
use crate::common::ulcas_in;
use serde_json::Value;
use serde_json::json;
use std::path::Path;
use std::path::PathBuf;

struct Generated {
    dir: tempfile::TempDir,
}

const OLD: &str = r#"{"type":"object","properties":{"title":{"type":"string"},"cite":{"type":"string"}},"required":["title"]}"#;
const NEW: &str = r#"{"type":"object","properties":{"title":{"type":"string","maxLength":10},"cite":{"type":"string"}},"required":["title"],"additionalProperties":false}"#;

impl Generated {
    /// Task `card` v1 recorded with OLD: three answers that fit NEW (one citing a fragment id),
    /// two that do not (a long title; an extra field), one without request material, and one
    /// already recorded with NEW.
    fn new() -> Generated {
        let g = Generated {
            dir: tempfile::tempdir().unwrap(),
        };
        std::fs::write(g.path("new.json"), NEW).unwrap();
        let answers: [(&str, &str, &str, bool); 7] = [
            ("fit-1", r#"{"title":"Short"}"#, OLD, true),
            (
                "fit-2",
                r#"{"title":"Tiny","cite":"frg_abcdefghijkm"}"#,
                OLD,
                true,
            ),
            ("fit-3", "```json\n{\"title\":\"Fenced\"}\n```", OLD, true),
            ("long", r#"{"title":"A title far too long"}"#, OLD, true),
            ("extra", r#"{"title":"Ok","x":1}"#, OLD, true),
            ("bare", r#"{"title":"Bare"}"#, OLD, false),
            ("done", r#"{"title":"Done"}"#, NEW, true),
        ];
        for (name, answer, schema, material) in answers {
            std::fs::write(
                g.path(&format!("{name}.json")),
                g.dump(name, schema).to_string(),
            )
            .unwrap();
            std::fs::write(g.path(&format!("{name}.answer")), answer).unwrap();
            let request = format!("{name}.json");
            let response = format!("{name}.answer");
            let mut args = vec![
                "record",
                &request,
                "--response",
                &response,
                "--cassettes",
                "store",
            ];
            if !material {
                args.push("--no-request-material");
            }
            let run = g.ulcas(&args);
            assert_eq!(run.code, 0, "{}", run.stderr);
        }
        g
    }

    fn dump(&self, name: &str, schema: &str) -> Value {
        json!({
            "task": "card", "prompt_version": 1,
            "schema": serde_json::from_str::<Value>(schema).unwrap(),
            "blocks": [{"type": "text", "text": format!("<fragment id=\"frg_abcdefghijkm\">card {name}</fragment>")}],
        })
    }

    fn path(&self, p: &str) -> PathBuf {
        self.dir.path().join(p)
    }

    fn ulcas(&self, args: &[&str]) -> common::Run {
        common::ulcas_in(self.dir.path(), args)
    }

    fn files(&self) -> Vec<String> {
        let mut out: Vec<String> = std::fs::read_dir(self.path("store/card/v1"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        out.sort();
        out
    }

    /// The cassette path recorded for `name` (its file name in `store/card/v1`).
    fn hash_of(&self, name: &str, schema: &str) -> String {
        std::fs::write(self.path("probe.json"), self.dump(name, schema).to_string()).unwrap();
        let run = self.ulcas(&[
            "hash",
            "probe.json",
            "--cassettes",
            "store",
            "--format",
            "json",
        ]);
        events(&run.stdout)[0]["hash"].as_str().unwrap().to_owned()
    }
}

#[test]
fn a_known_split_is_reported_then_written() {
    let g = Generated::new();
    let before = g.files();
    assert_eq!(before.len(), 7);
    let run = g.ulcas(&[
        "migrate", "card", "store", "--schema", "new.json", "--format", "json",
    ]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    assert_eq!(g.files(), before, "a report writes nothing");
    let ev = events(&run.stdout);
    let migrated = of_type(&ev, "migrated");
    assert_eq!(migrated.len(), 3, "{}", run.stdout);
    assert!(migrated.iter().all(|m| m["written"] == false));
    let from: Vec<String> = migrated
        .iter()
        .map(|m| m["from"].as_str().unwrap().to_owned())
        .collect();
    for name in ["fit-1", "fit-2", "fit-3"] {
        let hash = g.hash_of(name, OLD);
        assert!(
            from.contains(&format!("store/card/v1/{hash}.json")),
            "{name} not carried over"
        );
        let to = format!("store/card/v1/{}.json", g.hash_of(name, NEW));
        assert!(
            migrated.iter().any(|m| m["to"] == to.as_str()),
            "{name}: no {to}"
        );
    }
    let needs = of_type(&ev, "needs-recording");
    assert_eq!(needs.len(), 2);
    let long = needs
        .iter()
        .find(|n| n["path"] == format!("store/card/v1/{}.json", g.hash_of("long", OLD)).as_str())
        .unwrap();
    assert_eq!(long["errors"][0]["pointer"], "/title");
    let extra = needs.iter().find(|n| *n != long).unwrap();
    assert!(
        extra["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("Additional properties"),
        "{extra}"
    );
    let skipped = of_type(&ev, "skipped");
    assert_eq!(skipped.len(), 1);
    assert_eq!(
        skipped[0]["path"],
        format!("store/card/v1/{}.json", g.hash_of("bare", OLD)).as_str()
    );
    let summary = of_type(&ev, "summary")[0];
    assert_eq!(summary["already_current"], 1);
    assert_eq!(summary["migrated"], 3);
    assert_eq!(summary["written"], 0);
    assert_eq!(summary["prune"], "ulcas prune store --delete");

    let run = g.ulcas(&[
        "migrate", "card", "store", "--schema", "new.json", "--write",
    ]);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout.contains("ulcas prune store --delete"),
        "{}",
        run.stdout
    );
    assert_eq!(
        g.files().len(),
        10,
        "three new cassettes, the old ones stay"
    );

    // The carried-over cassette: same answer, new material, migrated_from; loads and replays.
    let new_hash = g.hash_of("fit-2", NEW);
    let text = std::fs::read_to_string(g.path(&format!("store/card/v1/{new_hash}.json"))).unwrap();
    let cassette: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(cassette["hash"], new_hash.as_str());
    assert_eq!(cassette["migrated_from"], g.hash_of("fit-2", OLD).as_str());
    assert_eq!(cassette["text"], r#"{"title":"Tiny","cite":"{{frg_1}}"}"#);
    let loaded = ulcas::cassette::Cassette::from_slice(text.as_bytes()).unwrap();
    assert!(loaded.request.is_some());

    // lookup of the request with the new schema hits it, and replays with this request's ids.
    let mut dump = g.dump("fit-2", NEW);
    dump["blocks"][0]["text"] = "<fragment id=\"frg_zzzzzzzzzzzz\">card fit-2</fragment>".into();
    std::fs::write(g.path("fresh.json"), dump.to_string()).unwrap();
    let run = g.ulcas(&[
        "lookup",
        "fresh.json",
        "--cassettes",
        "store",
        "--replay",
        "--format",
        "json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    let hit = &events(&run.stdout)[0];
    assert_eq!(
        hit["path"],
        format!("store/card/v1/{new_hash}.json").as_str()
    );
    assert_eq!(hit["text"], r#"{"title":"Tiny","cite":"frg_zzzzzzzzzzzz"}"#);

    // verify finds nothing wrong with the new cassettes (format, key, placeholders, schema).
    let run = g.ulcas(&["verify", "store", "--format", "json"]);
    let ev = events(&run.stdout);
    for name in ["fit-1", "fit-2", "fit-3"] {
        let path = format!("store/card/v1/{}.json", g.hash_of(name, NEW));
        let about: Vec<_> = of_type(&ev, "finding")
            .into_iter()
            .filter(|f| f["path"] == path.as_str())
            .collect();
        assert!(about.is_empty(), "{name}: {about:?}");
    }

    // A second run writes nothing and finds the same; a different file at a target is never
    // overwritten.
    let again = g.ulcas(&[
        "migrate", "card", "store", "--schema", "new.json", "--write", "--format", "json",
    ]);
    let ev = events(&again.stdout);
    assert!(
        of_type(&ev, "migrated")
            .iter()
            .all(|m| m["written"] == false)
    );
    let target = g.path(&format!("store/card/v1/{}.json", g.hash_of("fit-1", NEW)));
    std::fs::write(&target, "{\"changed\": true}\n").unwrap();
    let run = g.ulcas(&[
        "migrate", "card", "store", "--schema", "new.json", "--write", "--format", "json",
    ]);
    let ev = events(&run.stdout);
    assert_eq!(of_type(&ev, "conflict").len(), 1, "{}", run.stdout);
    assert_eq!(
        std::fs::read_to_string(&target).unwrap(),
        "{\"changed\": true}\n"
    );
}

#[test]
fn it_cannot_run_without_a_task_or_a_schema() {
    let g = Generated::new();
    let run = g.ulcas(&["migrate", "nothing", "store", "--schema", "new.json"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("no recordings of task \"nothing\""),
        "{}",
        run.stderr
    );
    let run = g.ulcas(&["migrate", "card", "store"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--schema FILE"), "{}", run.stderr);
    std::fs::write(g.path("bad.json"), "{ nope").unwrap();
    let run = g.ulcas(&["migrate", "card", "store", "--schema", "bad.json"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("bad.json:1:3"), "{}", run.stderr);
}

#[test]
fn the_sample_store_after_a_schema_change() {
    let dir = common::sample_with_registry();
    let root = Path::new(MANIFEST);
    // A new optional field in quiz's schema: every quiz answer still fits.
    let schema = common::widen_quiz_schema(dir.path());
    let ulcas = |args: &[&str]| common::ulcas_in(dir.path(), args);

    let run = ulcas(&[
        "verify",
        "cassettes",
        "--prompts",
        "prompts",
        "--format",
        "json",
    ]);
    let changed: Vec<_> = events(&run.stdout)
        .into_iter()
        .filter(|e| e["check"] == "schema-changed")
        .collect();
    assert_eq!(changed.len(), 2);
    let hint = changed[0]["message"].as_str().unwrap();
    assert!(
        hint.contains("`ulcas migrate quiz cassettes --prompts prompts --write`"),
        "{hint}"
    );

    let run = ulcas(&[
        "migrate",
        "quiz",
        "cassettes",
        "--prompts",
        "prompts",
        "--write",
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("carried over 2 answers"),
        "{}",
        run.stdout
    );

    // The sample store is locked: the schema edit fails verify until the lock takes the new
    // schema, which the migrated recordings now answer.
    let run = ulcas(&[
        "verify",
        "cassettes",
        "--prompts",
        "prompts",
        "--format",
        "json",
    ]);
    assert!(
        run.stdout.contains("\"check\":\"schema-edited\""),
        "{}",
        run.stdout
    );
    let run = ulcas(&[
        "lock",
        "cassettes",
        "--prompts",
        "prompts",
        "--accept",
        "quiz/v1",
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("accepted  cassettes/quiz/v1"),
        "{}",
        run.stdout
    );

    // The repaired answer and its repair are both carried over: verify has only the two old
    // cassettes to report (schema-changed), and the new ones are clean.
    let run = ulcas(&[
        "verify",
        "cassettes",
        "--prompts",
        "prompts",
        "--format",
        "json",
    ]);
    // (The sample store also keeps a stale outline v1: not this test's concern.)
    let findings: Vec<_> = events(&run.stdout)
        .into_iter()
        .filter(|e| e["type"] == "finding" && e["path"].as_str().unwrap().contains("/quiz/"))
        .map(|e| e["check"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        findings,
        vec!["schema-changed", "schema-changed"],
        "{}",
        run.stdout
    );
    assert_eq!(run.code, 0);

    // The app's request, now with the new schema, hits.
    let mut dump: Value = serde_json::from_slice(
        &std::fs::read(root.join("tests/fixtures/requests/quiz.json")).unwrap(),
    )
    .unwrap();
    dump["schema"] = schema;
    std::fs::write(dir.path().join("quiz-new.json"), dump.to_string()).unwrap();
    let run = ulcas(&["lookup", "quiz-new.json", "--cassettes", "cassettes"]);
    assert_eq!(run.code, 0, "{}", run.stdout);

    // And prune then removes the two old ones.
    let run = ulcas(&[
        "prune",
        "cassettes",
        "--prompts",
        "prompts",
        "--format",
        "json",
    ]);
    let reasons: Vec<_> = events(&run.stdout)
        .into_iter()
        .filter(|e| e["type"] == "prune" && e["task"] == "quiz")
        .map(|e| e["reason"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(reasons, vec!["schema-changed", "schema-changed"]);
}

/// `schema-changed` advice names `migrate` only where it applies (the task's current version),
/// in `verify` and in `lookup`.
#[test]
fn schema_changed_hints_name_migrate_only_for_the_current_version() {
    let dir = common::sample_with_registry();
    let root = Path::new(MANIFEST);
    // A new optional field in quiz's schema: every quiz answer still fits.
    let schema = common::widen_quiz_schema(dir.path());
    let ulcas = |args: &[&str]| common::ulcas_in(dir.path(), args);
    let quiz = root.join("tests/fixtures/requests/quiz.json");
    let mut dump: Value = serde_json::from_slice(&std::fs::read(&quiz).unwrap()).unwrap();
    dump["schema"] = schema.clone();
    std::fs::write(dir.path().join("quiz-now.json"), dump.to_string()).unwrap();

    // quiz v1 is current: both name migrate.
    let lookup = ulcas(&[
        "lookup",
        "quiz-now.json",
        "--cassettes",
        "cassettes",
        "--prompts",
        "prompts",
        "--format",
        "json",
    ]);
    let diagnosis = events(&lookup.stdout)[0]["diagnosis"].clone();
    let changed: Vec<&Value> = diagnosis
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["kind"] == "schema-changed")
        .collect();
    assert!(!changed.is_empty(), "{}", lookup.stdout);
    assert!(
        changed[0]["message"]
            .as_str()
            .unwrap()
            .contains("ulcas migrate quiz"),
        "{}",
        lookup.stdout
    );

    // After a bump to quiz v2, the v1 recordings are stale: nothing names migrate for them.
    common::bump_prompt(&dir.path().join("prompts/quiz"), "");
    let run = ulcas(&[
        "verify",
        "cassettes",
        "--prompts",
        "prompts",
        "--format",
        "json",
    ]);
    let changed: Vec<Value> = events(&run.stdout)
        .into_iter()
        .filter(|e| e["check"] == "schema-changed")
        .collect();
    assert_eq!(changed.len(), 2, "{}", run.stdout);
    for c in &changed {
        let message = c["message"].as_str().unwrap();
        assert!(!message.contains("migrate"), "{message}");
        assert!(message.contains("older than the current v2"), "{message}");
    }
    dump["prompt_version"] = 1.into();
    std::fs::write(dir.path().join("quiz-now.json"), dump.to_string()).unwrap();
    let lookup = ulcas(&[
        "lookup",
        "quiz-now.json",
        "--cassettes",
        "cassettes",
        "--prompts",
        "prompts",
    ]);
    assert!(
        !lookup.stdout.contains("ulcas migrate"),
        "{}",
        lookup.stdout
    );
}

/// A `migrate` dry run with work to write answers "no" (exit 1), as a `prune` dry run does;
/// once written, it answers "yes".
#[test]
fn a_migrate_dry_run_with_work_to_write_exits_1() {
    let dir = sample_with_registry();
    let d = dir.path();
    crate::common::widen_quiz_schema(d);
    let dry = ["migrate", "quiz", "cassettes", "--prompts", "prompts"];
    assert_eq!(ulcas_in(d, &dry).code, 1);
    let mut write = dry.to_vec();
    write.push("--write");
    assert_eq!(ulcas_in(d, &write).code, 0);
    assert_eq!(ulcas_in(d, &dry).code, 0, "nothing left to write");
}
