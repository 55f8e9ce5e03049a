//! Evidence of use always wins: a cassette a given dump hits or a given journal lists is never
//! deleted, pins apply with or without a registry, and current cassettes that nothing
//! references go only with `--complete-run`. On the sample store and on a copy of the real
//! monorepo stores.

use crate::common;
use crate::common::MANIFEST;
use crate::common::copy_tree;
use crate::common::events;
use crate::common::fixture_path as fixture;
use crate::common::of_type;
use crate::common::sample_with_registry;
use crate::common::ulcas_in;
use serde_json::Value;
use std::path::Path;

const OUTLINE_V1: &str = "cassettes/outline/v1/83d282e33ae9469beb039daa9d29e1e2.json";

/// A copy of the sample store, with `dumps/outline-v1.json`: the request a test pinned to
/// outline v1 sends (it hits `OUTLINE_V1`).
fn sample() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(
        &Path::new(MANIFEST).join("cassettes"),
        &dir.path().join("cassettes"),
    );
    let mut dump: Value = serde_json::from_slice(
        &std::fs::read(Path::new(MANIFEST).join("tests/fixtures/requests/outline.json")).unwrap(),
    )
    .unwrap();
    dump["prompt_version"] = 1.into();
    std::fs::create_dir_all(dir.path().join("dumps")).unwrap();
    std::fs::write(dir.path().join("dumps/outline-v1.json"), dump.to_string()).unwrap();
    dir
}

fn prune(dir: &Path, args: &[&str]) -> (i32, Vec<Value>, String) {
    let mut all = vec!["prune"];
    all.extend(args);
    all.extend(["--format", "json"]);
    let run = common::ulcas_in(dir, &all);
    (run.code, events(&run.stdout), run.stderr)
}

#[test]
fn a_pin_applies_without_a_registry_from_a_flag_and_from_the_config() {
    let dir = sample();
    let (code, ev, err) = prune(dir.path(), &["cassettes", "--pin", "outline=1", "--delete"]);
    assert_eq!(code, 0, "{err}");
    assert!(of_type(&ev, "prune").is_empty(), "{ev:?}");
    assert!(dir.path().join(OUTLINE_V1).exists());

    std::fs::write(
        dir.path().join("ulcas.toml"),
        "[[store]]\nroot = \"cassettes\"\npins = { outline = 1 }\n",
    )
    .unwrap();
    let (code, ev, err) = prune(dir.path(), &["--delete"]);
    assert_eq!(code, 0, "{err}");
    assert!(of_type(&ev, "prune").is_empty(), "{ev:?}");
    assert!(dir.path().join(OUTLINE_V1).exists());
    // verify agrees: no stale-version finding for the pinned version.
    let run = common::ulcas_in(dir.path(), &["verify", "--format", "json"]);
    assert!(!run.stdout.contains("stale-version"), "{}", run.stdout);
}

#[test]
fn what_a_dump_hits_or_a_journal_lists_is_never_deleted() {
    let dir = sample();
    std::fs::write(dir.path().join("journal.txt"), format!("{OUTLINE_V1}\n")).unwrap();
    for (evidence, by) in [
        (["--requests", "dumps"], "dumps/outline-v1.json"),
        (["--journal", "journal.txt"], "journal.txt"),
    ] {
        for complete in [false, true] {
            let mut args = vec!["cassettes", "--delete"];
            args.extend(evidence);
            if complete {
                args.push("--complete-run");
            }
            let (code, ev, err) = prune(dir.path(), &args);
            assert!(code < 2, "{err}");
            let outline: Vec<&Value> = of_type(&ev, "prune")
                .into_iter()
                .filter(|e| e["path"] == OUTLINE_V1)
                .collect();
            assert_eq!(outline.len(), 1, "{ev:?}");
            assert_eq!(outline[0]["reason"], "stale-version");
            assert_eq!(outline[0]["kept"], "used");
            assert_eq!(outline[0]["used_by"], by);
            assert_eq!(outline[0]["deleted"], false);
            assert!(dir.path().join(OUTLINE_V1).exists(), "{evidence:?}");
            // Dumps alone never delete a current cassette; with --complete-run the ones no
            // evidence references go as unreferenced.
            let unreferenced = of_type(&ev, "prune")
                .into_iter()
                .filter(|e| e["reason"] == "unreferenced")
                .count();
            assert_eq!(unreferenced > 0, complete, "{ev:?}");
            if complete {
                // Put the store back for the next round.
                let _ = std::fs::remove_dir_all(dir.path().join("cassettes"));
                copy_tree(
                    &Path::new(MANIFEST).join("cassettes"),
                    &dir.path().join("cassettes"),
                );
            }
        }
    }
    let human = common::ulcas_in(dir.path(), &["prune", "cassettes", "--requests", "dumps"]);
    assert!(
        human
            .stdout
            .contains("kept 1 cassette of outline v1 that could go: the test run given"),
        "{}",
        human.stdout
    );
    assert!(
        human.stdout.contains("add --complete-run"),
        "{}",
        human.stdout
    );
}

/// A dump linked into the folder of dumps is evidence as the file is; a folder of dumps that
/// cannot be read is an error before anything is deleted, never evidence left out.
#[test]
fn evidence_is_read_whole_or_not_at_all() {
    let dir = sample();
    std::fs::create_dir(dir.path().join("linked")).unwrap();
    std::os::unix::fs::symlink(
        dir.path().join("dumps/outline-v1.json"),
        dir.path().join("linked/outline-v1.json"),
    )
    .unwrap();
    let (code, ev, err) = prune(
        dir.path(),
        &["cassettes", "--requests", "linked", "--delete"],
    );
    assert!(code < 2, "{err}");
    let outline = of_type(&ev, "prune")
        .into_iter()
        .find(|e| e["path"] == OUTLINE_V1)
        .cloned();
    assert_eq!(outline.unwrap()["kept"], "used", "{ev:?}");
    // A link that leads nowhere is a dump that cannot be read.
    std::os::unix::fs::symlink("missing.json", dir.path().join("linked/gone.json")).unwrap();
    let (code, ev, err) = prune(
        dir.path(),
        &["cassettes", "--requests", "linked", "--delete"],
    );
    assert_eq!(code, 2, "{ev:?}");
    assert_eq!(
        err,
        "ulcas: error: linked/gone.json: no such file or directory\n"
    );
    std::fs::remove_file(dir.path().join("linked/gone.json")).unwrap();

    // A folder below the dumps whose path is longer than the system takes: it cannot be read.
    let long = "d".repeat(250);
    let made = std::process::Command::new("bash")
        .current_dir(dir.path().join("dumps"))
        .args([
            "-c",
            &format!("for i in $(seq 18); do mkdir {long} && cd {long}; done"),
        ])
        .status()
        .unwrap();
    assert!(made.success());
    let before = common::ulcas_in(dir.path(), &["prune", "cassettes", "--format", "json"]);
    let (code, ev, err) = prune(
        dir.path(),
        &["cassettes", "--requests", "dumps", "--delete"],
    );
    assert_eq!(code, 2, "{ev:?}");
    assert!(err.starts_with("ulcas: error: dumps/ddd"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(ev.is_empty(), "nothing reported, nothing deleted: {ev:?}");
    assert!(dir.path().join(OUTLINE_V1).exists());
    assert!(!events(&before.stdout).is_empty());
}

#[test]
fn complete_run_needs_evidence() {
    let dir = sample();
    let (code, _, err) = prune(dir.path(), &["cassettes", "--complete-run"]);
    assert_eq!(code, 2);
    assert!(err.contains("--complete-run"), "{err}");
}

#[test]
fn on_the_real_stores_a_journal_keeps_the_last_recordings_of_a_bumped_prompt() {
    let dir = tempfile::tempdir().unwrap();
    let data = Path::new(MANIFEST).join("tests/data/ulams/course-builder");
    let cb = dir.path().join("api/packages/course-builder");
    copy_tree(&data, &cb);
    common::bump_prompt(&cb.join("resources/prompts/quiz"), "");
    let store = "api/packages/course-builder/tests/cassettes";
    let registry = "api/packages/course-builder/resources/prompts";
    let quiz: Vec<String> = std::fs::read_dir(cb.join("tests/cassettes/quiz/v1"))
        .unwrap()
        .map(|e| {
            format!(
                "{store}/quiz/v1/{}",
                e.unwrap().file_name().to_string_lossy()
            )
        })
        .collect();
    std::fs::write(dir.path().join("shard-1.txt"), format!("{}\n", quiz[0])).unwrap();
    let (code, ev, err) = prune(
        dir.path(),
        &[
            store,
            "--prompts",
            registry,
            "--include-last-recordings",
            "--journal",
            "shard-1.txt",
            "--delete",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let used: Vec<&Value> = of_type(&ev, "prune")
        .into_iter()
        .filter(|e| e["kept"] == "used")
        .collect();
    assert_eq!(used.len(), 1, "{ev:?}");
    assert_eq!(used[0]["path"], quiz[0].as_str());
    assert!(dir.path().join(&quiz[0]).exists());
    for other in &quiz[1..] {
        assert!(
            !dir.path().join(other).exists(),
            "{other} is stale and unused"
        );
    }
    // The app pins quiz to v1: then nothing of quiz is stale at all.
    copy_tree(
        &data.join("tests/cassettes/quiz"),
        &cb.join("tests/cassettes/quiz"),
    );
    let (code, ev, err) = prune(
        dir.path(),
        &[
            store,
            "--prompts",
            registry,
            "--pin",
            "quiz=1",
            "--include-last-recordings",
            "--delete",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        of_type(&ev, "prune")
            .iter()
            .all(|e| !e["path"].as_str().unwrap().contains("/quiz/")),
        "{ev:?}"
    );
}

/// A refused `prune --delete` is an event of the JSON output too (and an error line).
#[test]
fn a_refusal_is_reported_in_json() {
    let dir = common::sample_with_registry();
    std::fs::remove_file(dir.path().join("schemas/outputs/quiz.json")).unwrap();
    let run = common::ulcas_in(
        dir.path(),
        &[
            "prune",
            "cassettes",
            "--prompts",
            "prompts",
            "--delete",
            "--format",
            "json",
        ],
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    let ev = events(&run.stdout);
    let refused = of_type(&ev, "refused");
    assert_eq!(refused.len(), 1, "{}", run.stdout);
    assert!(
        refused[0]["why"].as_str().unwrap().contains("registry"),
        "{}",
        run.stdout
    );
    assert!(run.stderr.contains("deleted nothing"), "{}", run.stderr);
    assert!(dir.path().join(OUTLINE_V1).exists());
}

/// `--complete-run` speaks of the stores its evidence touched: a store no dump hit and none
/// belongs to keeps its current cassettes, and the plan says why.
#[test]
fn complete_run_never_empties_a_store_no_evidence_touched() {
    let dir = sample_with_registry();
    let d = dir.path();
    // A second store: the sample's lesson and metadata recordings only.
    for task in ["lesson", "metadata"] {
        crate::common::copy_tree(&d.join("cassettes").join(task), &d.join("other").join(task));
    }
    std::fs::create_dir_all(d.join("dumps")).unwrap();
    std::fs::copy(fixture("requests/quiz.json"), d.join("dumps/quiz.json")).unwrap();
    let args = [
        "prune",
        "--cassettes",
        "cassettes",
        "--cassettes",
        "other",
        "--requests",
        "dumps",
        "--complete-run",
        "--format",
        "json",
    ];
    let run = ulcas_in(d, &args);
    assert!(run.code <= 1, "{}", run.stderr);
    let ev = events(&run.stdout);
    let unreferenced: Vec<&str> = ev
        .iter()
        .filter(|e| e["type"] == "prune" && e["reason"] == "unreferenced")
        .map(|e| e["path"].as_str().unwrap())
        .collect();
    assert!(
        !unreferenced.is_empty(),
        "the touched store is pruned: {}",
        run.stdout
    );
    assert!(
        unreferenced.iter().all(|p| p.starts_with("cassettes/")),
        "{unreferenced:?}"
    );
    assert_eq!(
        of_type(&ev, "summary")[0]["untouched"],
        serde_json::json!(["other"])
    );
    let human = ulcas_in(d, &args[..args.len() - 2]);
    assert!(
        human
            .stdout
            .contains("no dump or journal of the run touched this store"),
        "{}",
        human.stdout
    );
}
