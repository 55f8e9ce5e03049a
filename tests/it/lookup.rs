//! `ulcas lookup`: one scenario per diagnosis, checked in JSON (kinds are a contract) and in
//! human output.

use crate::common;
use crate::common::MANIFEST;
use crate::common::events;
use crate::common::fixture_path;
use crate::common::sample_with_registry;
use crate::common::ulcas_in;
use serde_json::Value;
use std::path::Path;
use std::path::PathBuf;

fn fixture(name: &str) -> Value {
    serde_json::from_slice(
        &std::fs::read(
            Path::new(MANIFEST)
                .join("tests/fixtures/requests")
                .join(format!("{name}.json")),
        )
        .unwrap(),
    )
    .unwrap()
}

struct Scenario {
    dir: tempfile::TempDir,
}

impl Scenario {
    fn new() -> Scenario {
        Scenario {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    fn request(&self, name: &str, dump: &Value) -> PathBuf {
        let path = self.dir.path().join(format!("{name}.json"));
        std::fs::write(&path, serde_json::to_vec_pretty(dump).unwrap()).unwrap();
        path
    }

    fn run(&self, args: &[&str]) -> (i32, String) {
        let run = common::ulcas(args);
        (run.code, run.stdout + &run.stderr)
    }

    /// Runs `lookup --format json` on the sample store; returns (exit, event).
    fn lookup(&self, dump: &Value, extra: &[&str]) -> (i32, Value, String) {
        let path = self.request("request", dump);
        let p = path.to_string_lossy().into_owned();
        let mut args = vec!["lookup", "--format", "json", &p];
        args.extend(extra);
        let (code, out) = self.run(&args);
        let event: Value =
            serde_json::from_str(out.lines().next().unwrap_or("null")).unwrap_or(Value::Null);
        let (_, human) = self.run(&[&["lookup", "--color", "never", &p], extra].concat());
        (code, event, human)
    }
}

fn kinds(event: &Value) -> Vec<String> {
    event["diagnosis"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["kind"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn a_request_that_hits() {
    let s = Scenario::new();
    let (code, e, human) = s.lookup(&fixture("lesson"), &["--replay"]);
    assert_eq!(code, 0);
    assert_eq!(e["status"], "hit");
    assert_eq!(e["has_request_material"], true);
    assert!(
        e["text"]
            .as_str()
            .unwrap()
            .contains("\"lessonId\": \"1BGJ09TQM83XSSSS6YS3C4DWA7\""),
        "replayed with the request's ids"
    );
    assert!(!e["text"].as_str().unwrap().contains("{{"));
    assert!(
        human.contains("hit ") && human.contains("cassettes/lesson/v1/"),
        "{human}"
    );
}

#[test]
fn a_prompt_bump() {
    let s = Scenario::new();
    let mut dump = fixture("outline");
    dump["prompt_version"] = 3.into();
    let (code, e, human) = s.lookup(&dump, &[]);
    assert_eq!(code, 1);
    assert_eq!(e["status"], "miss");
    let k = kinds(&e);
    // The sample store has outline at v1 and v2: both would hit.
    assert_eq!(
        &k[..3],
        ["hit-with-version", "hit-with-version", "version-missing"]
    );
    assert_eq!(e["diagnosis"][0]["version"], 1);
    assert_eq!(e["diagnosis"][1]["version"], 2);
    assert_eq!(e["diagnosis"][2]["versions"], serde_json::json!([1, 2]));
    assert!(
        human.contains("No cassette for task \"outline\" (prompt v3) at cassettes/outline/v3/"),
        "{human}"
    );
}

#[test]
fn a_repair_turn() {
    let s = Scenario::new();
    let mut dump = fixture("quiz-repair");
    let turns = dump["turns"].as_array_mut().unwrap();
    turns.push(serde_json::json!({"role": "assistant", "text": "{\"questions\": []}"}));
    turns.push(serde_json::json!({"role": "user", "text": "Your previous answer failed validation:\n- /questions: too short"}));
    let (code, e, human) = s.lookup(&dump, &[]);
    assert_eq!(code, 1);
    assert_eq!(kinds(&e)[0], "hit-without-repair-turns");
    assert!(
        e["diagnosis"][0]["cassette"]
            .as_str()
            .unwrap()
            .starts_with("cassettes/quiz/v1/")
    );
    assert!(human.contains("repair turn of that cassette"), "{human}");
}

#[test]
fn a_schema_change() {
    let s = Scenario::new();
    let mut dump = fixture("lesson");
    dump["schema"]["properties"]["sections"]["maxItems"] = 9.into();
    let (code, e, human) = s.lookup(&dump, &[]);
    assert_eq!(code, 1);
    assert!(kinds(&e).contains(&"schema-changed".to_owned()), "{e}");
    // The cassette with the same content under the old schema is that schema-changed diagnosis,
    // never also a content-changed one that would say "content same".
    let changed: Vec<&serde_json::Value> = e["diagnosis"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["kind"] == "content-changed")
        .collect();
    assert!(
        changed.iter().all(|d| d["parts"]["content"] == false),
        "{e}"
    );
    assert!(human.contains("schema-changed"), "{human}");
    assert!(!human.contains("content same"), "{human}");
    // The old schema given as a file: the probe says which one hits.
    let old = s.dir.path().join("old.json");
    std::fs::write(&old, fixture("lesson")["schema"].to_string()).unwrap();
    let (_, e, _) = s.lookup(&dump, &["--schema", &old.to_string_lossy()]);
    let d = &e["diagnosis"][0];
    assert_eq!(
        (
            d["kind"].as_str(),
            d["variant"].as_str().map(|v| v.ends_with("old.json"))
        ),
        (Some("schema-changed"), Some(true))
    );
}

#[test]
fn a_timestamp_and_a_uuid_that_are_not_normalised() {
    let s = Scenario::new();
    let mut dump = fixture("lesson");
    let text = dump["blocks"][1]["text"].as_str().unwrap().to_owned();
    dump["blocks"][1]["text"] = format!(
        "{text}\n<now>2026-12-01T10:00:00Z</now> trace 3f2504e0-4f89-11d3-9a0c-0305e82c3301"
    )
    .into();
    let (_, e, human) = s.lookup(&dump, &[]);
    assert_eq!(kinds(&e)[0], "generated-values");
    assert_eq!(
        e["diagnosis"][0]["values"],
        serde_json::json!([
            "2026-12-01T10:00:00Z",
            "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
        ])
    );
    let content = &e["diagnosis"][1];
    assert_eq!(content["kind"], "content-changed");
    assert!(content["similarity"].as_f64().unwrap() > 0.9);
    assert!(
        human.contains("{+") && human.contains("2026-12-01T10:00:00Z"),
        "{human}"
    );
}

#[test]
fn a_white_space_change() {
    let s = Scenario::new();
    let mut dump = fixture("lesson");
    let text = dump["blocks"][0]["text"]
        .as_str()
        .unwrap()
        .replace('\n', "\r\n");
    dump["blocks"][0]["text"] = text.into();
    let (_, e, human) = s.lookup(&dump, &[]);
    assert_eq!(kinds(&e)[0], "hit-with-normalised-text");
    assert!(
        e["diagnosis"][0]["variant"]
            .as_str()
            .unwrap()
            .contains("CRLF")
    );
    assert!(
        human.contains("␍"),
        "invisible characters are made visible: {human}"
    );
    let mut dump = fixture("lesson");
    let text = dump["blocks"][1]["text"]
        .as_str()
        .unwrap()
        .replace("</brief>", "</brief>  ");
    dump["blocks"][1]["text"] = text.into();
    let (_, e, _) = s.lookup(&dump, &[]);
    assert!(
        e["diagnosis"][0]["variant"]
            .as_str()
            .unwrap()
            .contains("trailing white space"),
        "{e}"
    );
}

#[test]
fn reordered_fragments() {
    let s = Scenario::new();
    let mut dump = fixture("lesson");
    let text = dump["blocks"][0]["text"].as_str().unwrap().to_owned();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.swap(1, 2);
    dump["blocks"][0]["text"] = lines.join("\n").into();
    let (code, e, human) = s.lookup(&dump, &[]);
    assert_eq!(code, 1);
    let d = e["diagnosis"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["kind"] == "content-changed")
        .unwrap();
    assert_eq!(d["parts"]["content"], false);
    assert!(d["cassette"].as_str().unwrap().contains("lesson/v1/"));
    assert!(human.contains("[-") && human.contains("{+"), "{human}");
}

#[test]
fn a_task_never_recorded_and_a_store_without_material() {
    let s = Scenario::new();
    let mut dump = fixture("lesson");
    dump["task"] = "glossary".into();
    let (_, e, _) = s.lookup(&dump, &[]);
    assert_eq!(kinds(&e), ["task-missing"]);
    // The ulams store keeps only hashes.
    let mut dump = fixture("lesson");
    dump["blocks"][1]["text"] = "changed".into();
    let (_, e, _) = s.lookup(
        &dump,
        &[
            "--cassettes",
            "tests/data/ulams/course-builder/tests/cassettes",
        ],
    );
    let k = kinds(&e);
    assert_eq!(k, ["no-stored-content"], "{e}");
}

#[test]
fn synthetic_mode_answers_a_miss() {
    let s = Scenario::new();
    let mut dump = fixture("lesson");
    dump["task"] = "glossary".into();
    let (code, e, _) = s.lookup(&dump, &["--mode", "synthetic"]);
    assert_eq!(code, 0);
    assert_eq!(e["status"], "synthetic");
    let answer: Value = serde_json::from_str(e["text"].as_str().unwrap()).unwrap();
    assert!(answer["sections"].is_array());
    let (code, e, _) = s.lookup(&fixture("lesson"), &["--mode", "synthetic"]);
    assert_eq!(
        (code, e["status"].as_str()),
        (0, Some("hit")),
        "a hit stays a hit"
    );
}

#[test]
fn a_missing_store_is_an_error_not_a_miss() {
    let s = Scenario::new();
    let path = s.request("request", &fixture("lesson"));
    let (code, out) = s.run(&[
        "lookup",
        "--cassettes",
        "no/such/store",
        &path.to_string_lossy(),
    ]);
    assert_eq!(code, 2);
    assert_eq!(
        out,
        "ulcas: error: no/such/store: no such store folder (give --cassettes ROOT)\n"
    );
}

/// A miss whose nearest recording is far from it names that one cassette without a noise of
/// a diff, and says how to compare the two in full; a near one keeps its diff.
#[test]
fn a_far_candidate_is_named_without_a_diff() {
    let dir = sample_with_registry();
    let d = dir.path();
    let mut request: serde_json::Value =
        serde_json::from_slice(&std::fs::read(fixture_path("requests/quiz.json")).unwrap())
            .unwrap();
    request["blocks"] = serde_json::json!([{"type": "text", "text": "Something else entirely: tides, moons and lighthouses of the northern coast."}]);
    std::fs::write(d.join("far.json"), request.to_string()).unwrap();
    let run = ulcas_in(d, &["lookup", "far.json", "--format", "json"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let ev = events(&run.stdout);
    let changed: Vec<&serde_json::Value> = ev[0]["diagnosis"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|x| x["kind"] == "content-changed")
        .collect();
    assert_eq!(changed.len(), 1, "{}", run.stdout);
    assert!(
        changed[0]["diff"].is_null() || changed[0]["diff"] == serde_json::json!([]),
        "{}",
        run.stdout
    );
    let message = changed[0]["message"].as_str().unwrap();
    assert!(
        message.contains("% similar: most likely no recording of this request exists"),
        "{message}"
    );
}

/// Versions that share a schema file are one schema probe, named by the file and every
/// version, never "the schema of prompt v1" for a v2 cassette.
#[test]
fn shared_schemas_are_one_probe_named_by_their_file() {
    let dir = sample_with_registry();
    let registry = ulcas::registry::Registry::load(&ulcas::registry::RegistrySource {
        prompts: vec![dir.path().join("prompts")],
        ..Default::default()
    })
    .unwrap();
    let probes = ulcas::lookup::registry_probes(&registry, "outline");
    assert_eq!(probes.len(), 1);
    assert!(
        probes[0]
            .0
            .ends_with("outputs/outline.json as the registry has it now (outline v1, v2)"),
        "{}",
        probes[0].0
    );
}
