//! A monorepo team's first month without a trap (issue 33): the smaller things a new user hit,
//! each as it was met.

use std::path::Path;

use crate::common::{events, of_type, sample_with_registry, ulcas_in, MANIFEST};

fn fixture(p: &str) -> String {
    Path::new(MANIFEST)
        .join("tests/fixtures")
        .join(p)
        .to_str()
        .unwrap()
        .to_owned()
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
    let before = crate::review_against::files(d);
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
    assert_eq!(crate::review_against::files(d), before, "nothing written");
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

/// After a schema change, the commands that leave the lock behind name the step that brings it
/// back, with the real version; a stale version's edit advises the prune that removes it.
#[test]
fn every_command_that_leaves_the_lock_behind_names_the_last_step() {
    let dir = sample_with_registry();
    let d = dir.path();
    let registry = ["--prompts", "prompts"];
    let run = |args: &[&str]| {
        let mut full = args.to_vec();
        full.extend(registry);
        ulcas_in(d, &full)
    };
    // The outline schema, shared by the stale v1 and the current v2, edited.
    let file = d.join("schemas/outputs/outline.json");
    let mut schema: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    schema["description"] = "edited".into();
    std::fs::write(&file, schema.to_string()).unwrap();
    let verify = run(&["verify", "cassettes", "--format", "json"]);
    let ev = events(&verify.stdout);
    let edited: Vec<&str> = ev
        .iter()
        .filter(|e| e["check"] == "schema-edited")
        .map(|e| e["message"].as_str().unwrap())
        .collect();
    assert_eq!(edited.len(), 2, "{}", verify.stdout);
    assert!(
        edited.iter().any(|m| m.contains("outline/v1")
            && m.contains("can never be hit again")
            && m.contains("prune cassettes --prompts prompts --delete")),
        "{edited:?}"
    );
    assert!(
        edited.iter().any(|m| m.contains("outline/v2")
            && m.contains("lock cassettes --prompts prompts --accept outline/v2")),
        "{edited:?}"
    );
    // Restored as it was.
    std::fs::copy(
        Path::new(MANIFEST).join("tests/fixtures/schemas/outputs/outline.json"),
        &file,
    )
    .unwrap();

    // The quiz schema widened: migrate, prune, then the accept they name.
    crate::common::widen_quiz_schema(d);
    let migrate = run(&["migrate", "quiz", "cassettes", "--write"]);
    assert_eq!(migrate.code, 0, "{}", migrate.stderr);
    let accept = "ulcas lock cassettes --prompts prompts --accept quiz/v1";
    assert!(migrate.stdout.contains(accept), "{}", migrate.stdout);
    let json = run(&[
        "migrate",
        "quiz",
        "cassettes",
        "--write",
        "--format",
        "json",
    ]);
    assert!(
        json.stdout.contains("\"lock_accept\":[\""),
        "{}",
        json.stdout
    );
    let prune = run(&["prune", "cassettes", "--delete"]);
    assert_eq!(prune.code, 0, "{}", prune.stderr);
    assert!(prune.stdout.contains(accept), "{}", prune.stdout);
    assert!(
        prune
            .stdout
            .contains("ulcas.lock: dropped the entry of outline/v1"),
        "{}",
        prune.stdout
    );
    assert_eq!(run(&["verify", "cassettes"]).code, 1);
    let words: Vec<&str> = accept.split(' ').skip(1).collect();
    assert_eq!(ulcas_in(d, &words).code, 0);
    let verify = run(&["verify", "cassettes", "--format", "json"]);
    assert_eq!(verify.code, 0, "{}", verify.stdout);
    assert_eq!(of_type(&events(&verify.stdout), "summary")[0]["errors"], 0);
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

/// A store `ulcas.toml` names whose folder does not exist yet (a new package) is a note, not
/// a failed CI gate that hides the other stores' results (for verify, the gate, a
/// `no-cassettes` warning: a mistyped root must not pass in silence); named on the command
/// line it is an error.
#[test]
fn a_configured_store_not_created_yet_is_a_note() {
    let dir = sample_with_registry();
    let d = dir.path();
    std::fs::write(
        d.join("ulcas.toml"),
        "[[store]]\nroot = \"cassettes\"\nprompts = [\"prompts\"]\n\n[[store]]\nroot = \"new-package/cassettes\"\nprompts = [\"prompts\"]\n",
    )
    .unwrap();
    std::fs::create_dir_all(d.join("dumps")).unwrap();
    std::fs::copy(fixture("requests/quiz.json"), d.join("dumps/quiz.json")).unwrap();
    let verify = ulcas_in(d, &["verify", "-q"]);
    assert_eq!(verify.code, 0, "{}{}", verify.stdout, verify.stderr);
    assert!(
        verify
            .stdout
            .contains("new-package/cassettes — 0 cassettes, 0 errors, 1 warning (no-cassettes 1)"),
        "{}",
        verify.stdout
    );
    let strict = ulcas_in(d, &["verify", "--deny", "warnings", "--format", "json"]);
    assert_eq!(strict.code, 1, "{}", strict.stdout);
    assert!(
        strict.stdout.contains("\"check\":\"no-cassettes\""),
        "{}",
        strict.stdout
    );
    for args in [
        &["prune"][..],
        &["lock"],
        &["migrate", "quiz"],
        &["backfill", "--requests", "dumps"],
    ] {
        let run = ulcas_in(d, args);
        assert!(run.code < 2, "{args:?}: {}{}", run.stdout, run.stderr);
        assert!(
            run.stderr.contains("store new-package/cassettes: named in ulcas.toml, but its folder does not exist yet"),
            "{args:?}: {}",
            run.stderr
        );
    }
    let named = ulcas_in(d, &["verify", "new-package/cassettes"]);
    assert_eq!(named.code, 2, "{}", named.stderr);
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

/// A mistyped task name gets a suggestion, and a mistyped `--task` is an error, never an
/// empty review that passes.
#[test]
fn a_mistyped_task_gets_a_suggestion() {
    let dir = sample_with_registry();
    let d = dir.path();
    crate::review_against::git(d, &["init", "-q", "-b", "main"]);
    crate::review_against::git(d, &["add", "-A"]);
    crate::review_against::git(d, &["commit", "-qm", "s"]);
    for args in [
        &["review", "quizz", "cassettes"][..],
        &["migrate", "quizz"],
        &[
            "review",
            "--against",
            "HEAD",
            "cassettes",
            "--task",
            "quizz",
        ],
    ] {
        let run = ulcas_in(d, args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stdout);
        assert!(
            run.stderr.contains("(did you mean \"quiz\"?)"),
            "{args:?}: {}",
            run.stderr
        );
    }
}

/// The job summary names files as the annotations do: relative to the workspace of the job,
/// wherever in the repository `ulcas` ran.
#[test]
fn the_job_summary_paths_are_relative_to_the_workspace() {
    let dir = sample_with_registry();
    let d = dir.path();
    let package = d.join("pkg");
    std::fs::create_dir_all(&package).unwrap();
    std::fs::rename(d.join("cassettes"), package.join("cassettes")).unwrap();
    std::fs::write(
        package.join("cassettes/quiz/v1/f2fa978d2e64f1557412cd86eebe0ea7.json"),
        "{broken",
    )
    .unwrap();
    let summary = d.join("summary.md");
    let run = crate::common::ulcas_with(
        &package,
        &["verify", "cassettes", "--format", "github"],
        b"",
        &[
            ("GITHUB_WORKSPACE", d.to_str().unwrap()),
            ("GITHUB_STEP_SUMMARY", summary.to_str().unwrap()),
        ],
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("file=pkg/cassettes/quiz/v1/f2fa978d2e64f1557412cd86eebe0ea7.json"),
        "{}",
        run.stdout
    );
    let md = std::fs::read_to_string(&summary).unwrap();
    assert!(
        md.contains("`pkg/cassettes/quiz/v1/f2fa978d2e64f1557412cd86eebe0ea7.json`"),
        "{md}"
    );
    assert!(md.contains("`pkg/cassettes/quiz/v1`"), "{md}");
}

/// A miss whose nearest recording is far from it names that one cassette without a noise of
/// a diff, and says how to compare the two in full; a near one keeps its diff.
#[test]
fn a_far_candidate_is_named_without_a_diff() {
    let dir = sample_with_registry();
    let d = dir.path();
    let mut request: serde_json::Value =
        serde_json::from_slice(&std::fs::read(fixture("requests/quiz.json")).unwrap()).unwrap();
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
