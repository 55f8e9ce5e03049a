//! An app as most are written: prompts as strings in its code, no prompt files, no ulcas
//! headers, an empty store folder. Through the official SDKs on all three wires it records,
//! replays offline with a fresh database's ids, misses on a one-word edit of its prompt with the
//! words that changed, and a complete run of the edited app leaves the old recording for prune.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::common::{events, of_type, ulcas_in};
use crate::serve::{Server, python_with};

/// The app (tests/python/prompt_in_code_app.py) run once against `url`: one line per call.
fn run_app(python: &Path, url: &str, adjective: &str, fragment: &str) -> Vec<Value> {
    crate::serve::run_script(python, "prompt_in_code_app.py", &[url, adjective, fragment])
}

/// The cassettes under `root`, relative to it, sorted.
fn cassettes(root: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = walkdir::WalkDir::new(root)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.path().strip_prefix(root).unwrap().to_path_buf())
        .collect();
    found.sort();
    found
}

/// A recording server on `store` whose upstream is a synthetic `ulcas serve` (it answers any
/// prompt with schema-valid JSON citing the request's own fragment id).
struct Recorder {
    _upstream_dir: tempfile::TempDir,
    upstream: Server,
    server: Server,
}

impl Recorder {
    fn start(ws: &Path, extra: &[&str]) -> Recorder {
        let upstream_dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(upstream_dir.path().join("empty")).unwrap();
        let upstream = Server::start(upstream_dir.path(), &["empty", "--mode", "synthetic"]);
        let mut args = vec!["cassettes", "--mode", "record", "--upstream", &upstream.url];
        args.extend_from_slice(extra);
        let server = Server::start(ws, &args);
        Recorder {
            _upstream_dir: upstream_dir,
            upstream,
            server,
        }
    }

    fn stop(self) -> String {
        self.upstream.stop();
        self.server.stop()
    }
}

#[test]
fn an_app_with_its_prompts_in_code_records_replays_misses_an_edit_and_prunes() {
    let Some(python) = python_with("anthropic, openai") else {
        return;
    };
    let ws = tempfile::tempdir().unwrap();
    let store = ws.path().join("cassettes");
    std::fs::create_dir(&store).unwrap();

    // 1. Recorded once, with nothing configured.
    let recorder = Recorder::start(ws.path(), &[]);
    let first = run_app(&python, &recorder.server.url, "kind", "frg_aaaaaaaaaaaa");
    let log = recorder.stop();
    for call in &first {
        assert!(call["error"].is_null(), "{call}\n{log}");
        if !call["fragment"].is_null() {
            assert_eq!(call["fragment"], "frg_aaaaaaaaaaaa", "{call}");
        }
    }
    assert_eq!(
        log.matches("recorded ").count(),
        4,
        "one per wire and the small talk: {log}"
    );
    let recorded = cassettes(&store);
    let tutor = "you-are-a-kind-baking-tutor/v1";
    assert_eq!(
        recorded.iter().filter(|p| p.starts_with(tutor)).count(),
        3,
        "{recorded:?}"
    );
    assert_eq!(
        recorded
            .iter()
            .filter(|p| p.starts_with("no-system-prompt/v1"))
            .count(),
        1,
        "{recorded:?}"
    );
    // The reference's fields, readable by the PHP driver, with the system text as material.
    let tip = recorded.iter().find(|p| p.starts_with(tutor)).unwrap();
    let one: Value = serde_json::from_slice(&std::fs::read(store.join(tip)).unwrap()).unwrap();
    assert!(one["text"].as_str().unwrap().contains("{{frg_1}}"), "{one}");
    assert!(one["request"]["system"].is_string(), "{one}");
    let verify = ulcas_in(ws.path(), &["verify", "cassettes"]);
    assert_eq!(verify.code, 0, "{}{}", verify.stdout, verify.stderr);

    // 2. Replayed offline (no upstream) with a fresh database's ids, every wire, streamed or not.
    let server = Server::start(ws.path(), &["cassettes"]);
    let again = run_app(&python, &server.url, "kind", "frg_bbbbbbbbbbbb");
    for call in &again {
        let id = call["id"].as_str().unwrap_or_else(|| panic!("{call}"));
        assert!(id.starts_with("cassette:"), "{call}");
        if !call["fragment"].is_null() {
            assert_eq!(call["fragment"], "frg_bbbbbbbbbbbb", "mapped back: {call}");
        }
    }
    assert_eq!(again.len(), 7);

    // 3. One word of the prompt edited: a miss on every call that sends it, naming the words.
    let edited = run_app(&python, &server.url, "stern", "frg_cccccccccccc");
    server.stop();
    for call in &edited {
        if call["name"] == "small-talk" {
            assert!(
                call["id"].as_str().unwrap().starts_with("cassette:"),
                "{call}"
            );
            continue;
        }
        assert_eq!(call["status"], 404, "never the old answer: {call}");
        let message = call["message"].as_str().unwrap();
        assert!(message.contains("No cassette for task"), "{message}");
        assert!(message.contains("the system text changed"), "{message}");
        assert!(
            message.contains("You are a [-kind-]{+stern+} baking tutor."),
            "{message}"
        );
    }

    // 4. The edited app recorded, its run dumped; a complete run's dumps leave the old prompt's
    // recordings for prune, and never what the run used.
    let recorder = Recorder::start(ws.path(), &["--dump-dir", "dumps"]);
    let rerun = run_app(&python, &recorder.server.url, "stern", "frg_dddddddddddd");
    recorder.stop();
    assert!(rerun.iter().all(|c| c["error"].is_null()), "{rerun:?}");
    let prune = ulcas_in(
        ws.path(),
        &[
            "prune",
            "cassettes",
            "--requests",
            "dumps",
            "--complete-run",
            "--format",
            "json",
        ],
    );
    let pruned = events(&prune.stdout);
    let named: Vec<&str> = of_type(&pruned, "prune")
        .iter()
        .map(|e| e["path"].as_str().unwrap())
        .collect();
    assert_eq!(named.len(), 3, "{}", prune.stdout);
    for path in &named {
        assert!(path.contains(tutor), "only the old prompt's: {path}");
    }
    for e in of_type(&pruned, "prune") {
        assert_eq!(e["reason"], "unreferenced", "{e}");
    }
    // The lifecycle has nothing false to say: verify passes, lock says why it is not needed.
    let verify = ulcas_in(ws.path(), &["verify", "cassettes"]);
    assert_eq!(verify.code, 0, "{}{}", verify.stdout, verify.stderr);
    let lock = ulcas_in(ws.path(), &["lock", "cassettes"]);
    assert_eq!(lock.code, 2, "{}", lock.stderr);
    assert!(
        lock.stderr
            .contains("are of prompts written in code, whose system text is part of their key"),
        "{}",
        lock.stderr
    );
}

/// `ulcas lookup` on the dump of an edited prompt in code says that the system text changed and
/// shows the words (and the JSON names the diagnosis `system-changed` with its word diff).
#[test]
fn lookup_explains_an_edited_prompt_in_code() {
    let ws = tempfile::tempdir().unwrap();
    let store = ws.path().join("cassettes");
    let request = |adjective: &str, fragment: &str| tutor("coach", adjective, fragment);
    ulcas::store::record(
        &store,
        &request("kind", "frg_aaaaaaaaaaaa"),
        &ulcas::store::Recording::new("About an hour for frg_aaaaaaaaaaaa.", "m"),
        ulcas::store::WriteOptions::with_request_material(),
    )
    .unwrap();
    let dump = ws.path().join("edited.json");
    std::fs::write(&dump, request("stern", "frg_bbbbbbbbbbbb").to_dump()).unwrap();
    let dumped: Value = serde_json::from_slice(&std::fs::read(&dump).unwrap()).unwrap();
    assert_eq!(dumped["prompt_in_code"], true, "{dumped}");
    let human = ulcas_in(ws.path(), &["lookup", "edited.json", "--color", "never"]);
    assert_eq!(human.code, 1, "{}{}", human.stdout, human.stderr);
    assert!(human.stdout.contains("system-changed"), "{}", human.stdout);
    assert!(
        human
            .stdout
            .contains("You are a [-kind-]{+stern+} baking tutor."),
        "{}",
        human.stdout
    );
    let json = ulcas_in(ws.path(), &["lookup", "edited.json", "--format", "json"]);
    let found = events(&json.stdout);
    let d = &of_type(&found, "lookup")[0]["diagnosis"][0];
    assert_eq!(d["kind"], "system-changed", "{d}");
    assert!(d["diff"].as_array().unwrap().len() >= 3, "{d}");
    // `diff` shows the system text as a part of the key.
    std::fs::write(
        ws.path().join("kind.json"),
        request("kind", "frg_aaaaaaaaaaaa").to_dump(),
    )
    .unwrap();
    let diff = ulcas_in(
        ws.path(),
        &["diff", "kind.json", "edited.json", "--color", "never"],
    );
    assert!(
        diff.stdout.contains("system           differs"),
        "{}",
        diff.stdout
    );
    assert!(
        diff.stdout
            .contains("You are a [-kind-]{+stern+} baking tutor."),
        "{}",
        diff.stdout
    );
    // The same request with the old text hits, mapped to the fresh id.
    std::fs::write(&dump, request("kind", "frg_cccccccccccc").to_dump()).unwrap();
    let hit = ulcas_in(ws.path(), &["lookup", "edited.json", "--replay"]);
    assert_eq!(hit.code, 0, "{}{}", hit.stdout, hit.stderr);
    assert_eq!(hit.stdout.trim(), "About an hour for frg_cccccccccccc.");
}

/// With the task headers and no registry, the headers name where the recording lives, and the
/// system text is still part of its key: another text never gets the recorded answer (it once
/// did: the headers stood for the text).
#[test]
fn task_headers_never_stand_for_another_text() {
    let ws = tempfile::tempdir().unwrap();
    std::fs::create_dir(ws.path().join("cassettes")).unwrap();
    let recorder = Recorder::start(ws.path(), &[]);
    let body = |system: &str| {
        serde_json::json!({"model": "m", "max_tokens": 50, "system": system,
            "messages": [{"role": "user", "content": "Proof frg_aaaaaaaaaaaa?"}]})
        .to_string()
    };
    let headers = [("x-ulcas-task", "coach"), ("x-ulcas-prompt-version", "2")];
    let kind = body("You are a kind baking tutor.");
    let (status, answer) = crate::serve::post(&recorder.server.url, kind.as_bytes(), &headers);
    assert_eq!(status, 200, "{answer}");
    recorder.stop();
    let recorded = cassettes(&ws.path().join("cassettes"));
    assert_eq!(recorded.len(), 1, "{recorded:?}");
    assert!(recorded[0].starts_with("coach/v2"), "{recorded:?}");
    let server = Server::start(ws.path(), &["cassettes"]);
    let (status, answer) = crate::serve::post(&server.url, kind.as_bytes(), &headers);
    assert_eq!(status, 200, "{answer}");
    assert!(answer.contains("\"id\":\"cassette:"), "{answer}");
    let stern = body("You are a stern baking tutor.");
    let (status, answer) = crate::serve::post(&server.url, stern.as_bytes(), &headers);
    assert_eq!(status, 404, "never the old answer: {answer}");
    assert!(answer.contains("[-kind-]{+stern+}"), "{answer}");
    server.stop();
}

/// The tutor's request of a prompt in code, as the app sends it (its task `task`).
fn tutor(task: &str, adjective: &str, fragment: &str) -> ulcas::request::Request {
    ulcas::request::Request::new(task, 1, ulcas::schema::Schema::empty())
        .with_system(format!("You are a {adjective} baking tutor."))
        .with_text(format!("Proof {fragment}?"))
        .in_code()
}

/// A prompt in code recorded (by the library, as `serve` records it) into `store`.
fn record_in_code(store: &Path, adjective: &str) -> PathBuf {
    let task = format!("you-are-a-{adjective}-baking-tutor");
    let request = tutor(&task, adjective, "frg_aaaaaaaaaaaa");
    ulcas::store::record(
        store,
        &request,
        &ulcas::store::Recording::new(format!("A {adjective} hour for frg_aaaaaaaaaaaa."), "m"),
        ulcas::store::WriteOptions::with_request_material(),
    )
    .unwrap()
    .path
}

/// Beside a registry's prompts (a mixed app), the task of a prompt in code is no orphan for
/// verify or prune, and `lock` gives it no entry, saying why.
#[test]
fn a_prompt_in_code_beside_a_registry_is_no_orphan() {
    let ws = crate::common::sample_with_registry();
    record_in_code(&ws.path().join("cassettes"), "kind");
    let registry = ["cassettes", "--prompts", "prompts"];
    let verify = ulcas_in(
        ws.path(),
        &[&["verify"][..], &registry, &["--format", "json"]].concat(),
    );
    let found = events(&verify.stdout);
    assert!(
        of_type(&found, "finding")
            .iter()
            .all(|f| !f["path"].as_str().unwrap().contains("baking-tutor")),
        "{}",
        verify.stdout
    );
    let prune = ulcas_in(
        ws.path(),
        &[
            &["prune"][..],
            &registry,
            &["--orphans", "--format", "json"],
        ]
        .concat(),
    );
    assert!(!prune.stdout.contains("baking-tutor"), "{}", prune.stdout);
    let lock = ulcas_in(
        ws.path(),
        &[&["lock"][..], &registry, &["--color", "never"]].concat(),
    );
    assert!(
        lock.stdout
            .contains("you-are-a-kind-baking-tutor/v1: a prompt written in code"),
        "{}{}",
        lock.stdout,
        lock.stderr
    );
    assert!(
        lock.stdout.contains("1 prompts in code (no entry needed)"),
        "{}",
        lock.stdout
    );
}

/// `review --against REF` shows a prompt in code edited and recorded again (its old
/// recording removed, its new one added) as one pair, with the edit of its system text.
#[test]
fn review_against_pairs_an_edited_prompt_in_code() {
    use crate::review::against::git;
    let ws = tempfile::tempdir().unwrap();
    let store = ws.path().join("cassettes");
    let old = record_in_code(&store, "kind");
    git(ws.path(), &["init", "-q", "-b", "main"]);
    git(ws.path(), &["add", "."]);
    git(ws.path(), &["commit", "-q", "-m", "recorded"]);
    std::fs::remove_file(&old).unwrap();
    std::fs::remove_dir_all(old.parent().unwrap().parent().unwrap()).unwrap();
    record_in_code(&store, "stern");
    let json = ulcas_in(
        ws.path(),
        &[
            "review",
            "--against",
            "HEAD",
            "cassettes",
            "--format",
            "json",
        ],
    );
    let got = events(&json.stdout);
    let pairs = of_type(&got, "pair");
    assert_eq!(pairs.len(), 1, "{}", json.stdout);
    assert_eq!(pairs[0]["system"]["from"], "You are a kind baking tutor.");
    assert_eq!(pairs[0]["system"]["to"], "You are a stern baking tutor.");
    assert!(of_type(&got, "unpaired").is_empty(), "{}", json.stdout);
    assert_eq!(of_type(&got, "summary")[0]["prompt_edits"], 1);
    let human = ulcas_in(
        ws.path(),
        &[
            "review",
            "--against",
            "HEAD",
            "cassettes",
            "--color",
            "never",
        ],
    );
    assert!(
        human
            .stdout
            .contains("You are a [-kind-]{+stern+} baking tutor."),
        "{}",
        human.stdout
    );
    assert!(
        human.stdout.contains("prompts in code edited: 1"),
        "{}",
        human.stdout
    );
}

/// A prompt in code's cassette is the reference's file: PHP decodes it and reads what
/// `CassetteStore::load()` reads (text, model, stop reason, usage, refusal category), the
/// extension fields beside them.
#[test]
fn php_reads_a_prompt_in_codes_cassette_as_the_driver_loads_it() {
    if !crate::common::php_available("the PHP load check") {
        return;
    }
    let ws = tempfile::tempdir().unwrap();
    let path = record_in_code(&ws.path().join("cassettes"), "kind");
    let load = r#"$d = json_decode(file_get_contents($argv[1]), true);
        echo json_encode([is_array($d), (string) ($d['text'] ?? ''), (string) ($d['model'] ?? 'x'),
            (string) ($d['stop_reason'] ?? 'end_turn'), (array) ($d['usage'] ?? []), $d['refusal_category'] ?? null]);"#;
    let out = Command::new("php")
        .args(["-r", load])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(got[0], true);
    assert_eq!(got[1], "A kind hour for {{frg_1}}.");
    assert_eq!(
        (&got[2], &got[3]),
        (&Value::from("m"), &Value::from("end_turn"))
    );
    assert_eq!(got[4]["output_tokens"], 0, "{got}");
    assert!(got[5].is_null());
}
