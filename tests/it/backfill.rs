//! `ulcas backfill`: cassettes recorded without request material (as the PHP recorder writes
//! them) gain it from request dumps, byte for byte what `record` writes with it, and then
//! verify, lookup and prune see what the material lets them see.

use crate::common;

use common::events;

use std::path::{Path, PathBuf};

use common::MANIFEST;
use serde_json::Value;

const FIXTURES: [&str; 5] = ["lesson", "metadata", "outline", "quiz", "quiz-repair"];

fn fixture(p: &str) -> PathBuf {
    Path::new(MANIFEST).join("tests/fixtures").join(p)
}

struct Workspace {
    dir: tempfile::TempDir,
}

impl Workspace {
    /// `bare/` recorded as the PHP recorder does (no material), `full/` as `ulcas record` does.
    fn new() -> Workspace {
        let dir = tempfile::tempdir().unwrap();
        let w = Workspace { dir };
        for name in FIXTURES {
            for (store, extra) in [("bare", Some("--no-request-material")), ("full", None)] {
                let request = fixture(&format!("requests/{name}.json"));
                let response = fixture(&format!("responses/{name}.json"));
                let mut args = vec![
                    "record",
                    request.to_str().unwrap(),
                    "--response",
                    response.to_str().unwrap(),
                    "--cassettes",
                    store,
                ];
                args.extend(extra);
                let run = w.ulcas(&args);
                assert_eq!(run.code, 0, "{}", run.stderr);
            }
        }
        w
    }

    fn ulcas(&self, args: &[&str]) -> common::Run {
        common::ulcas_in(self.dir.path(), args)
    }

    fn files(&self, store: &str) -> Vec<(String, Vec<u8>)> {
        let root = self.dir.path().join(store);
        let mut out: Vec<_> = walkdir::WalkDir::new(&root)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .map(|e| {
                (
                    e.path()
                        .strip_prefix(&root)
                        .unwrap()
                        .to_string_lossy()
                        .into_owned(),
                    std::fs::read(e.path()).unwrap(),
                )
            })
            .collect();
        out.sort();
        out
    }
}

#[test]
fn material_is_added_byte_for_byte_as_record_writes_it() {
    let w = Workspace::new();
    assert_ne!(w.files("bare"), w.files("full"));
    let requests = fixture("requests");
    let run = w.ulcas(&[
        "backfill",
        "--requests",
        requests.to_str().unwrap(),
        "bare",
        "--format",
        "json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let ev = events(&run.stdout);
    let backfilled: Vec<_> = ev.iter().filter(|e| e["type"] == "backfilled").collect();
    assert_eq!(backfilled.len(), 5, "{}", run.stdout);
    assert!(
        backfilled
            .iter()
            .all(|e| e["path"].as_str().unwrap().starts_with("bare/"))
    );
    assert_eq!(ev.last().unwrap()["backfilled"], 5);
    assert_eq!(
        w.files("bare"),
        w.files("full"),
        "not the bytes record writes"
    );

    // A second run changes nothing and says so.
    let run = w.ulcas(&[
        "backfill",
        "--requests",
        requests.to_str().unwrap(),
        "bare",
        "--format",
        "json",
    ]);
    assert_eq!(run.code, 0);
    assert_eq!(events(&run.stdout).last().unwrap()["already"], 5);

    // verify now recomputes the keys: clean, and a tampered content is a key mismatch.
    let run = w.ulcas(&["verify", "bare", "--format", "json"]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    let (path, bytes) = w
        .files("bare")
        .into_iter()
        .find(|(p, _)| p.starts_with("lesson"))
        .unwrap();
    let text = String::from_utf8(bytes).unwrap();
    let tampered = text.replacen("\"content\": \"", "\"content\": \"x", 1);
    std::fs::write(w.dir.path().join("bare").join(&path), tampered).unwrap();
    let run = w.ulcas(&["verify", "bare", "--format", "json"]);
    assert_eq!(run.code, 1);
    assert!(
        events(&run.stdout)
            .iter()
            .any(|e| e["check"] == "key-mismatch"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_dump_that_hits_nothing_creates_nothing() {
    let w = Workspace::new();
    let before = w.files("bare");
    let mut dump: Value =
        serde_json::from_slice(&std::fs::read(fixture("requests/lesson.json")).unwrap()).unwrap();
    dump["blocks"][0]["text"] = "something never recorded".into();
    std::fs::write(w.dir.path().join("new.json"), dump.to_string()).unwrap();
    let run = w.ulcas(&[
        "backfill",
        "--requests",
        "new.json",
        "bare",
        "--format",
        "json",
    ]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let ev = events(&run.stdout);
    assert_eq!(ev[0]["type"], "unmatched");
    assert_eq!(ev[0]["request"], "new.json");
    assert!(
        ev[0]["path"]
            .as_str()
            .unwrap()
            .starts_with("bare/lesson/v1/")
    );
    assert_eq!(w.files("bare"), before);
}

#[test]
fn an_unreadable_dump_is_exit_2_and_the_others_are_done() {
    let w = Workspace::new();
    std::fs::create_dir(w.dir.path().join("dumps")).unwrap();
    std::fs::write(w.dir.path().join("dumps/broken.json"), "{ nope").unwrap();
    std::fs::copy(
        fixture("requests/outline.json"),
        w.dir.path().join("dumps/outline.json"),
    )
    .unwrap();
    let run = w.ulcas(&["backfill", "--requests", "dumps", "bare"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("dumps/broken.json:1:3"),
        "{}",
        run.stderr
    );
    assert!(
        run.stdout.contains("backfilled bare/outline/v2/"),
        "{}",
        run.stdout
    );
}

#[test]
fn after_backfill_lookup_diffs_a_miss_and_prune_sees_a_schema_change() {
    let w = Workspace::new();
    let mut dump: Value =
        serde_json::from_slice(&std::fs::read(fixture("requests/outline.json")).unwrap()).unwrap();
    let text = dump["blocks"][0]["text"].as_str().unwrap().to_owned();
    dump["blocks"][0]["text"] = format!("{text} One more sentence.").into();
    std::fs::write(w.dir.path().join("changed.json"), dump.to_string()).unwrap();
    let kinds = |w: &Workspace| -> Vec<String> {
        let run = w.ulcas(&[
            "lookup",
            "changed.json",
            "--cassettes",
            "bare",
            "--format",
            "json",
        ]);
        events(&run.stdout)[0]["diagnosis"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["kind"].as_str().unwrap().to_owned())
            .collect()
    };
    assert!(kinds(&w).contains(&"no-stored-content".to_owned()));
    let requests = fixture("requests");
    assert_eq!(
        w.ulcas(&["backfill", "--requests", requests.to_str().unwrap(), "bare"])
            .code,
        0
    );
    assert!(
        kinds(&w).contains(&"content-changed".to_owned()),
        "{:?}",
        kinds(&w)
    );

    // A changed schema in the registry: the backfilled cassettes are now schema-changed.
    let prompts = w.dir.path().join("prompts");
    let schemas = w.dir.path().join("schemas");
    common::copy_tree(&fixture("prompts"), &prompts);
    common::copy_tree(&fixture("schemas"), &schemas);
    let lesson = schemas.join("outputs/lesson.json");
    let mut schema: Value = serde_json::from_slice(&std::fs::read(&lesson).unwrap()).unwrap();
    schema["description"] = "reworded".into();
    std::fs::write(&lesson, schema.to_string()).unwrap();
    let run = w.ulcas(&["prune", "bare", "--prompts", "prompts", "--format", "json"]);
    let reasons: Vec<_> = events(&run.stdout)
        .into_iter()
        .filter(|e| e["type"] == "prune")
        .map(|e| {
            (
                e["task"].as_str().unwrap().to_owned(),
                e["reason"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        reasons,
        vec![("lesson".to_owned(), "schema-changed".to_owned())]
    );
}

#[test]
fn a_dump_folder_is_the_journal_of_verify_and_prune() {
    let w = Workspace::new();
    // Dumps as the PHP hook names them: `<task>-v<N>-<hash>.json`, one per request of the run;
    // outline was bumped to v3 and not recorded yet.
    std::fs::create_dir(w.dir.path().join("dumps")).unwrap();
    for name in FIXTURES {
        let mut dump: Value = serde_json::from_slice(
            &std::fs::read(fixture(&format!("requests/{name}.json"))).unwrap(),
        )
        .unwrap();
        if name == "outline" {
            dump["prompt_version"] = 3.into();
        }
        let tmp = w.dir.path().join("one.json");
        std::fs::write(&tmp, dump.to_string()).unwrap();
        let run = w.ulcas(&["hash", "one.json", "--format", "json"]);
        let key = &events(&run.stdout)[0];
        let file = format!(
            "dumps/{}-v{}-{}.json",
            key["task"].as_str().unwrap(),
            key["prompt_version"],
            key["hash"].as_str().unwrap()
        );
        std::fs::rename(&tmp, w.dir.path().join(file)).unwrap();
    }
    let run = w.ulcas(&["verify", "full", "--requests", "dumps", "--format", "json"]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    let missing: Vec<_> = events(&run.stdout)
        .into_iter()
        .filter(|e| e["check"] == "missing-cassette")
        .collect();
    assert_eq!(missing.len(), 1, "{}", run.stdout);
    assert!(
        missing[0]["path"]
            .as_str()
            .unwrap()
            .starts_with("full/outline/v3/")
    );
    let message = missing[0]["message"].as_str().unwrap();
    let lookup = message.split('`').nth(1).unwrap();
    assert!(
        lookup.starts_with("ulcas lookup dumps/outline-v3-"),
        "{message}"
    );

    // Record the v3 answer: verify passes, and prune removes the v2 no dump uses any more.
    let dump = std::fs::read_dir(w.dir.path().join("dumps"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("outline-v3")
        })
        .unwrap();
    let response = fixture("responses/outline.json");
    let run = w.ulcas(&[
        "record",
        dump.to_str().unwrap(),
        "--response",
        response.to_str().unwrap(),
        "--cassettes",
        "full",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(w.ulcas(&["verify", "full", "--requests", "dumps"]).code, 0);
    let run = w.ulcas(&[
        "prune",
        "full",
        "--requests",
        "dumps",
        "--delete",
        "--format",
        "json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let deleted: Vec<_> = events(&run.stdout)
        .into_iter()
        .filter(|e| e["type"] == "prune" && e["deleted"] == true)
        .map(|e| e["path"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(deleted.len(), 1);
    assert!(deleted[0].starts_with("full/outline/v2/"), "{deleted:?}");
}
