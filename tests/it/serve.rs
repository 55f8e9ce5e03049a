//! `ulcas serve`: the wire key against the reference vectors (bodies built by PHP as the app's
//! driver builds them), and the server called by the official Python SDK.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use serde_json::{json, Value};
use ulcas::registry::{Registry, RegistrySource};
use ulcas::request::{Block, Request};
use ulcas::wire::{for_provider, Endpoint, Overrides, WireRequest};

use crate::common::MANIFEST;

fn bodies() -> Vec<(String, Value)> {
    let text =
        std::fs::read_to_string(Path::new(MANIFEST).join("tests/data/wire/bodies.jsonl")).unwrap();
    text.lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (v["file"].as_str().unwrap().to_owned(), v["body"].clone())
        })
        .collect()
}

/// A registry holding one prompt, `Prompt of <task> v<N>.`, whose schema is `schema`.
fn registry_of(dir: &Path, request: &Request) -> Registry {
    let (task, version) = (&request.task, request.prompt_version);
    let prompts = dir.join("prompts");
    std::fs::create_dir_all(prompts.join(task)).unwrap();
    std::fs::create_dir_all(dir.join("schemas")).unwrap();
    std::fs::write(
        prompts.join(task).join(format!("v{version}.md")),
        format!("---\nversion: {version}\nschema: s.json\n---\nPrompt of {task} v{version}.\n"),
    )
    .unwrap();
    std::fs::write(dir.join("schemas/s.json"), request.schema.source()).unwrap();
    Registry::load(&RegistrySource {
        prompts: vec![prompts],
        ..Default::default()
    })
    .unwrap()
}

/// Every vector's body, as the PHP driver sends it, keys to the vector's cassette: task and
/// version from the system text, the full schema from its provider form, the content and
/// repair turns from the messages.
#[test]
fn the_wire_key_is_the_php_drivers_on_every_vector() {
    let all = bodies();
    assert_eq!(all.len(), 600);
    let vectors = Path::new(MANIFEST).join("tests/data/vectors");
    let mut documents = 0;
    for (file, body) in all {
        let dump = Request::from_file(&vectors.join(&file)).unwrap();
        documents += dump
            .blocks
            .iter()
            .filter(|b| matches!(b, Block::Document { .. }))
            .count();
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("store")).unwrap();
        let registry = registry_of(dir.path(), &dump);
        let endpoint = Endpoint::new(vec![(dir.path().join("store"), registry)]).unwrap();
        let wire = WireRequest::parse(body.to_string().as_bytes()).unwrap();
        // PHP's provider form is ours.
        assert!(
            ulcas::wire::same_in_php(
                &for_provider(&dump.schema.value),
                wire.schema.as_deref().unwrap()
            ),
            "{file}: forProvider differs from PHP's"
        );
        let resolved = endpoint
            .resolve(&wire, &Overrides::default())
            .unwrap_or_else(|e| panic!("{file}: {}", e.message()));
        assert_eq!(
            ulcas::key::key_of(&resolved[0].request),
            ulcas::key::key_of(&dump),
            "{file}"
        );
    }
    assert!(documents > 0, "the vectors hold document blocks");
}

/// The checked-in bodies are what PHP builds (rerun when PHP is here; in CI it must be).
#[test]
fn php_builds_the_checked_in_bodies() {
    if Command::new("php").arg("--version").output().is_err() {
        assert!(std::env::var_os("CI").is_none(), "CI runs PHP");
        crate::serve::skipped("no php");
        return;
    }
    let vectors = Path::new(MANIFEST).join("tests/data/vectors");
    let mut files: Vec<PathBuf> = Vec::new();
    for sub in ["requests", "requests-b"] {
        let mut these: Vec<PathBuf> = std::fs::read_dir(vectors.join(sub))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        these.sort();
        files.extend(these);
    }
    let out = Command::new("php")
        .arg(Path::new(MANIFEST).join("tests/php/wire-bodies.php"))
        .args(&files)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let checked_in =
        std::fs::read(Path::new(MANIFEST).join("tests/data/wire/bodies.jsonl")).unwrap();
    assert!(
        out.stdout == checked_in,
        "tests/data/wire/bodies.jsonl is not what PHP builds now"
    );
}

/// A running `ulcas serve`, stopped with SIGTERM when dropped.
pub struct Server {
    child: Child,
    pub url: String,
    /// The request log, drained as it comes (a full pipe would stop the server).
    log: Option<std::thread::JoinHandle<String>>,
}

impl Server {
    pub fn start(dir: &Path, args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ulcas"))
            .arg("serve")
            .args(args)
            .current_dir(dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = match serde_json::from_str::<Value>(&line) {
            Ok(json) => json["url"].as_str().map(str::to_owned),
            Err(_) => line
                .trim()
                .strip_prefix("ulcas serve: listening on ")
                .map(str::to_owned),
        }
        .unwrap_or_else(|| panic!("the start line: {line:?}"));
        let mut err = child.stderr.take().unwrap();
        let log = std::thread::spawn(move || {
            let mut log = String::new();
            let _ = std::io::Read::read_to_string(&mut err, &mut log);
            log
        });
        Server {
            child,
            url,
            log: Some(log),
        }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends SIGTERM.
    pub fn term(&self) {
        let pid = rustix::process::Pid::from_child(&self.child);
        let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
    }

    /// Waits for the server to end after a signal; its exit status and log.
    pub fn wait(mut self) -> (std::process::ExitStatus, String) {
        let status = self.child.wait().unwrap();
        (status, self.log.take().unwrap().join().unwrap())
    }

    /// Stops the server; its request log.
    pub fn stop(mut self) -> String {
        let pid = rustix::process::Pid::from_child(&self.child);
        let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
        let status = self.child.wait().unwrap();
        let log = self.log.take().unwrap().join().unwrap();
        assert!(
            status.success(),
            "serve ends cleanly on SIGTERM: {status:?}\n{log}"
        );
        log
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Says on the terminal, past the test harness's capture, that a test did not run.
pub fn skipped(why: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "SKIPPED: {why}");
}

/// The Python with the official SDK (`.ci/run` installs it into target/ci-tools).
pub fn python() -> Option<PathBuf> {
    let python = Path::new(MANIFEST).join("target/ci-tools/bin/python");
    let ok = Command::new(&python)
        .args(["-c", "import anthropic"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI installs the anthropic SDK"
        );
        skipped("no anthropic SDK in target/ci-tools (.ci/run installs it)");
        return None;
    }
    Some(python)
}

/// The prompt text the app sends for `task` v`version` of the sample registry.
pub fn prompt_text(task: &str, version: i64) -> String {
    let path = Path::new(MANIFEST).join(format!("tests/fixtures/prompts/{task}/v{version}.md"));
    ulcas::prompt_file::load(&std::fs::read(path).unwrap(), version)
        .unwrap()
        .text
}

/// The SDK's parameters for `request`, as the app's driver builds them.
pub fn params(request: &Request, system: &str) -> Value {
    let content: Vec<Value> = request
        .blocks
        .iter()
        .map(|b| match b {
            Block::Text(t) => json!({"type": "text", "text": t}),
            Block::Document { data, .. } => json!({"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": data}}),
        })
        .collect();
    let mut messages = vec![json!({"role": "user", "content": content})];
    for t in &request.turns {
        messages.push(json!({"role": t.role, "content": [{"type": "text", "text": t.text}]}));
    }
    json!({
        "model": request.model.clone().unwrap_or_else(|| "claude-sonnet-5-5".into()),
        "max_tokens": 4096,
        "system": [{"type": "text", "text": system, "cache_control": {"type": "ephemeral", "ttl": "1h"}}],
        "messages": messages,
        "output_config": {"effort": "medium", "format": {"type": "json_schema", "schema": for_provider(&request.schema.value)}},
    })
}

pub fn run_sdk(python: &Path, url: &str, requests: &Value) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("requests.json");
    std::fs::write(&file, requests.to_string()).unwrap();
    let out = Command::new(python)
        .arg(Path::new(MANIFEST).join("tests/python/sdk_client.py"))
        .arg(url)
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A copy of the sample store with its registry, and one more cassette: a request with a
/// document block.
pub fn workspace() -> (tempfile::TempDir, Request) {
    let ws = tempfile::tempdir().unwrap();
    crate::common::copy_tree(
        &Path::new(MANIFEST).join("cassettes"),
        &ws.path().join("cassettes"),
    );
    crate::common::copy_tree(
        &Path::new(MANIFEST).join("tests/fixtures"),
        &ws.path().join("fixtures"),
    );
    let quiz = Request::from_file(&ws.path().join("fixtures/requests/quiz.json")).unwrap();
    let with_document = quiz
        .clone()
        .with_document("JVBERi0xLjQK", Some("application/pdf".into()));
    let mut recording = ulcas::store::Recording::new(r#"{"questions":[]}"#, "claude-sonnet-5-5");
    recording.usage = json!({"input_tokens": 900, "output_tokens": 12, "cache_write_5m_tokens": 0, "cache_write_1h_tokens": 700, "cache_read_tokens": 5});
    ulcas::store::record(
        &ws.path().join("cassettes"),
        &with_document,
        &recording,
        Default::default(),
    )
    .unwrap();
    (ws, with_document)
}

#[test]
fn the_python_sdk_gets_what_the_cassettes_hold() {
    let Some(python) = python() else { return };
    let (ws, with_document) = workspace();
    let fixtures = ws.path().join("fixtures/requests");
    let mut requests = Vec::new();
    let mut expected = Vec::new();
    let driver = ulcas::driver::Driver::open(ws.path().join("cassettes")).unwrap();
    for (name, request) in [
        (
            "quiz",
            Request::from_file(&fixtures.join("quiz.json")).unwrap(),
        ),
        (
            "repair",
            Request::from_file(&fixtures.join("quiz-repair.json")).unwrap(),
        ),
        (
            "outline",
            Request::from_file(&fixtures.join("outline.json")).unwrap(),
        ),
        ("document", with_document),
    ] {
        let system = prompt_text(&request.task, request.prompt_version);
        for stream in [false, true] {
            requests.push(json!({"name": format!("{name}-{stream}"), "stream": stream, "params": params(&request, &system)}));
            expected.push(
                driver
                    .replay(&request)
                    .unwrap_or_else(|e| panic!("{name}: {e}")),
            );
        }
    }
    // A miss: the outline edited since it was recorded.
    let edited =
        Request::from_file(&Path::new(MANIFEST).join("tests/data/requests/outline-edited.json"))
            .unwrap();
    let system = prompt_text(&edited.task, edited.prompt_version);
    requests.push(json!({"name": "miss", "stream": true, "params": params(&edited, &system)}));
    // An unknown prompt text.
    requests.push(
        json!({"name": "unknown", "stream": false, "params": params(&edited, "You are a pirate.")}),
    );

    let server = Server::start(
        ws.path(),
        &[
            "cassettes",
            "--prompts",
            "fixtures/prompts",
            "--dump-dir",
            "dumps",
        ],
    );
    let got = run_sdk(&python, &server.url, &Value::Array(requests));
    let log = server.stop();
    assert_eq!(got.len(), 10, "{got:#?}");
    for (g, replay) in got.iter().zip(&expected) {
        let name = g["name"].as_str().unwrap();
        assert_eq!(
            g["id"],
            format!("cassette:{}", replay.key.hash),
            "{name}: {g}"
        );
        assert_eq!(g["text"], replay.text, "{name}");
        assert_eq!(g["model"], replay.model, "{name}");
        assert_eq!(g["stop_reason"], replay.stop_reason, "{name}");
        let u = &replay.usage;
        assert_eq!(g["usage"]["input_tokens"], u["input_tokens"], "{name}");
        assert_eq!(g["usage"]["output_tokens"], u["output_tokens"], "{name}");
        assert_eq!(
            g["usage"]["cache_read_input_tokens"], u["cache_read_tokens"],
            "{name}"
        );
        assert_eq!(
            g["usage"]["ephemeral_1h_input_tokens"], u["cache_write_1h_tokens"],
            "{name}"
        );
        assert_eq!(
            g["usage"]["ephemeral_5m_input_tokens"], u["cache_write_5m_tokens"],
            "{name}"
        );
    }
    let miss = &got[8];
    assert_eq!(miss["status"], 404, "{miss}");
    let message = miss["error"]["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("No cassette for task \"outline\" (prompt v"),
        "{message}"
    );
    assert!(message.contains("`ulcas lookup "), "{message}");
    let unknown = &got[9];
    assert_eq!(unknown["status"], 404);
    let message = unknown["error"]["error"]["message"].as_str().unwrap();
    assert!(message.contains("no prompt of any store"), "{message}");
    // One log line per request, and a dump per keyed request that `ulcas lookup` reads.
    assert_eq!(
        log.lines().filter(|l| l.starts_with("hit ")).count(),
        8,
        "{log}"
    );
    assert_eq!(
        log.lines().filter(|l| l.starts_with("miss ")).count(),
        2,
        "{log}"
    );
    let dumps: Vec<PathBuf> = std::fs::read_dir(ws.path().join("dumps"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(dumps.len(), 5, "four hits and a miss, each once: {dumps:?}");
    let verify = Command::new(env!("CARGO_BIN_EXE_ulcas"))
        .args([
            "verify",
            "cassettes",
            "--prompts",
            "fixtures/prompts",
            "--requests",
            "dumps",
            "--format",
            "json",
        ])
        .current_dir(ws.path())
        .output()
        .unwrap();
    let report = String::from_utf8(verify.stdout).unwrap();
    assert_eq!(
        report.matches("\"check\":\"missing-cassette\"").count(),
        1,
        "verify --requests sees the served miss: {report}"
    );
    // prune and backfill read the same dumps as the app's.
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_ulcas"))
            .args(args)
            .current_dir(ws.path())
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let (code, prune) = run(&[
        "prune",
        "cassettes",
        "--prompts",
        "fixtures/prompts",
        "--requests",
        "dumps",
        "--complete-run",
        "--format",
        "json",
    ]);
    assert!(code.is_some_and(|c| c < 2), "{prune}");
    for hit in &expected {
        assert!(
            !prune.contains(&hit.key.hash),
            "a served hit is used, never unreferenced: {prune}"
        );
    }
    let (code, backfill) = run(&[
        "backfill",
        "cassettes",
        "--requests",
        "dumps",
        "--format",
        "json",
    ]);
    assert!(code.is_some_and(|c| c < 2), "{backfill}");
    assert!(backfill.contains("\"type\":\"summary\""), "{backfill}");
}

#[test]
fn synthetic_mode_answers_a_miss_as_lookup_does() {
    let Some(python) = python() else { return };
    let (ws, _) = workspace();
    let edited =
        Request::from_file(&Path::new(MANIFEST).join("tests/data/requests/outline-edited.json"))
            .unwrap();
    let system = prompt_text(&edited.task, edited.prompt_version);
    let requests = json!([
        {"name": "synthetic", "stream": false, "params": params(&edited, &system)},
        {"name": "synthetic-stream", "stream": true, "params": params(&edited, &system)},
    ]);
    let server = Server::start(
        ws.path(),
        &[
            "cassettes",
            "--prompts",
            "fixtures/prompts",
            "--mode",
            "synthetic",
            "--dump-dir",
            "dumps",
        ],
    );
    let got = run_sdk(&python, &server.url, &requests);
    let log = server.stop();
    // What the library's synthetic mode (and `lookup --mode synthetic`) gives for the request
    // the server keyed (its dump), and the dump keys as the edited request with the
    // registry's schema does.
    let dumps: Vec<PathBuf> = std::fs::read_dir(ws.path().join("dumps"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(dumps.len(), 1, "the same request twice: one dump");
    let keyed = Request::from_file(&dumps[0]).unwrap();
    assert_eq!(
        (keyed.blocks.clone(), keyed.system.clone()),
        (edited.blocks.clone(), Some(system))
    );
    let lookup = Command::new(env!("CARGO_BIN_EXE_ulcas"))
        .args([
            "lookup",
            "--cassettes",
            "cassettes",
            "--mode",
            "synthetic",
            "--replay",
            "--format",
            "json",
        ])
        .arg(&dumps[0])
        .current_dir(ws.path())
        .output()
        .unwrap();
    let lookup: Value =
        serde_json::from_slice(lookup.stdout.split(|&b| b == b'\n').next().unwrap()).unwrap();
    let driver = ulcas::driver::Driver::open(ws.path().join("cassettes")).unwrap();
    let ulcas::driver::Answer::Synthetic(synthetic) = driver
        .answer(&keyed, &ulcas::synth::Responders::new())
        .unwrap()
    else {
        panic!("a miss")
    };
    assert_eq!(
        lookup["text"], synthetic.text,
        "lookup --mode synthetic gives the same answer"
    );
    for g in &got {
        assert_eq!(g["id"], "synthetic", "{g}");
        assert_eq!(g["text"], synthetic.text);
        assert_eq!(g["stop_reason"], "end_turn");
        assert_eq!(g["usage"]["input_tokens"], synthetic.input_tokens);
        assert_eq!(g["usage"]["output_tokens"], synthetic.output_tokens);
    }
    assert_eq!(
        log.lines().filter(|l| l.starts_with("synthetic ")).count(),
        2,
        "{log}"
    );
    let files = ulcas::store::json_files_in(&ws.path().join("cassettes/outline/v2")).unwrap();
    assert_eq!(files.len(), 1, "nothing recorded in synthetic mode");
}

/// The real monorepo (both packages' prompts, schemas and cassettes) laid out as users do.
pub fn monorepo() -> tempfile::TempDir {
    let ws = tempfile::tempdir().unwrap();
    for package in ["course-builder", "living-course"] {
        crate::common::copy_tree(
            &Path::new(MANIFEST).join("tests/data/ulams").join(package),
            &ws.path().join("api/packages").join(package),
        );
    }
    std::fs::copy(
        Path::new(MANIFEST).join("tests/readme/monorepo/ulcas.toml"),
        ws.path().join("ulcas.toml"),
    )
    .unwrap();
    // The fixture omits the prompts' texts, so every prompt sends one text and quiz and
    // selfcheck (one schema but for a title) cannot be told apart on the wire: the app's real
    // quiz prompt has a text of its own.
    let quiz = ws
        .path()
        .join("api/packages/course-builder/resources/prompts/quiz/v1.md");
    let text = std::fs::read_to_string(&quiz).unwrap();
    std::fs::write(
        &quiz,
        text.replace("(prompt text omitted)", "You write quizzes."),
    )
    .unwrap();
    ws
}

/// A quiz request of the real registry, with the app's prompt text and full schema.
pub fn quiz_request(ws: &Path, fragment: &str) -> (Request, String) {
    let prompts = ws.join("api/packages/course-builder/resources/prompts");
    let registry = Registry::load(&RegistrySource {
        prompts: vec![prompts.clone()],
        ..Default::default()
    })
    .unwrap();
    let version = registry.current_version("quiz").unwrap();
    let schema = registry.schema("quiz", version).unwrap().clone();
    let path = prompts.join(format!("quiz/v{version}.md"));
    let system = ulcas::prompt_file::load(&std::fs::read(path).unwrap(), version)
        .unwrap()
        .text;
    let request = Request::new("quiz", version, schema)
        .with_text(format!(
            "<source_document untrusted=\"true\">\n<fragment id=\"{fragment}\" section=\"§1\">Bloom the coffee for thirty seconds.</fragment>\n</source_document>"
        ))
        .with_model("claude-sonnet-5-5");
    (request, system)
}

/// `--mode record` against a local upstream (a second `ulcas serve`, synthetic): the miss is
/// forwarded, streamed back and recorded in the reference format with request material; the
/// same request with a fresh database's ids then replays it.
#[test]
fn record_mode_records_through_the_server_then_replays_with_fresh_ids() {
    let Some(python) = python() else { return };
    let upstream_ws = monorepo();
    let ws = monorepo();
    let upstream = Server::start(upstream_ws.path(), &["--mode", "synthetic"]);
    let recorder = Server::start(
        ws.path(),
        &["--mode", "record", "--upstream", &upstream.url],
    );
    let (first, system) = quiz_request(ws.path(), "frg_abcdefghijkm");
    let (again, _) = quiz_request(ws.path(), "frg_zyxwvutsrqpn");
    let requests = json!([
        {"name": "record", "stream": true, "params": params(&first, &system)},
        {"name": "replay", "stream": false, "params": params(&again, &system)},
    ]);
    let got = run_sdk(&python, &recorder.url, &requests);
    // Four identical misses at once: one is forwarded and recorded, the others replay it.
    let (third, _) = quiz_request(ws.path(), "frg_mnpqrstvwxyz");
    let third = third.with_text("Another request: its own key.");
    let body = params(&third, &system).to_string();
    let answers: Vec<(u16, String)> = std::thread::scope(|s| {
        let calls: Vec<_> = (0..4)
            .map(|_| s.spawn(|| post(&recorder.url, body.as_bytes(), &[])))
            .collect();
        calls.into_iter().map(|c| c.join().unwrap()).collect()
    });
    let log = recorder.stop();
    upstream.stop();
    assert!(
        answers.iter().all(|(status, _)| *status == 200),
        "{answers:?}"
    );
    let ids: Vec<bool> = answers
        .iter()
        .map(|(_, b)| b.contains("\"id\":\"synthetic\""))
        .collect();
    assert_eq!(
        ids.iter().filter(|&&fresh| fresh).count(),
        1,
        "one forwarded, three replayed: {answers:?}"
    );
    assert_eq!(
        got[0]["id"], "synthetic",
        "the upstream's answer, streamed back: {}",
        got[0]
    );
    let recorded_text = got[0]["text"].as_str().unwrap();
    assert!(
        recorded_text.contains("frg_abcdefghijkm"),
        "cites the request: {recorded_text}"
    );
    assert_eq!(
        log.lines().filter(|l| l.starts_with("recorded ")).count(),
        2,
        "the first request and one of the four identical ones: {log}"
    );
    // The cassette: the reference bytes with request material, at the PHP driver's path.
    let store = ws
        .path()
        .join("api/packages/course-builder/tests/cassettes");
    let key = ulcas::key::key_of(&first);
    let bytes = std::fs::read(key.path_under(&store)).unwrap();
    let mut recording = ulcas::store::Recording::new(recorded_text, "claude-sonnet-5-5");
    recording.usage = ulcas::wire::message::Usage {
        input: got[0]["usage"]["input_tokens"].as_u64().unwrap(),
        output: got[0]["usage"]["output_tokens"].as_u64().unwrap(),
        ..Default::default()
    }
    .to_cassette();
    // With the prompt file's id, as the app's recorder writes it.
    let mut first = first;
    first.prompt_id = Some("course-builder/quiz".into());
    let reference = ulcas::store::cassette_for(&first, &recording, true)
        .unwrap()
        .0;
    assert_eq!(String::from_utf8(bytes).unwrap(), reference.render());
    // Replayed for the fresh ids.
    assert_eq!(got[1]["id"], format!("cassette:{}", key.hash), "{}", got[1]);
    assert_eq!(
        got[1]["text"],
        recorded_text.replace("frg_abcdefghijkm", "frg_zyxwvutsrqpn")
    );
    // The store still verifies, the new cassette included.
    let verify = Command::new(env!("CARGO_BIN_EXE_ulcas"))
        .args(["verify", "--format", "json"])
        .current_dir(ws.path())
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&verify.stdout);
    assert!(
        !out.contains(&key.hash),
        "no finding on the recorded cassette: {out}"
    );
}

/// One HTTP/1.1 request on a fresh connection; the status and body of the answer.
pub fn post(url: &str, body: &[u8], headers: &[(&str, &str)]) -> (u16, String) {
    parse_answer(&exchange(url, body, headers))
}

/// One HTTP/1.1 request on a fresh connection; the answer's bytes, head and all.
pub fn exchange(url: &str, body: &[u8], headers: &[(&str, &str)]) -> Vec<u8> {
    use std::io::{Read, Write};
    let addr = url.strip_prefix("http://").unwrap();
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    // Written from a thread: a server that answers before the body is whole (413) stops
    // reading it.
    let mut writer = s.try_clone().unwrap();
    let bytes = request_bytes(addr, body, headers);
    let sending = std::thread::spawn(move || {
        let _ = writer.write_all(&bytes);
    });
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let _ = s.shutdown(std::net::Shutdown::Both);
    let _ = sending.join();
    out
}

pub fn request_bytes(addr: &str, body: &[u8], headers: &[(&str, &str)]) -> Vec<u8> {
    let mut head = format!(
        "POST /v1/messages?beta=true HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\nx-api-key: sk-ant-api03-secret-never-logged\r\nconnection: close\r\ncontent-length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    [head.as_bytes(), body].concat()
}

pub fn parse_answer(out: &[u8]) -> (u16, String) {
    let text = String::from_utf8_lossy(out);
    let status = text.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_owned();
    (status, body)
}

/// Bad input of every kind is a 4xx in the API's shape, naming what is wrong; a thousand
/// connections at once, a client that stalls and one that leaves mid-answer do not stop the
/// server; nothing is written in cassette mode; no key header reaches the log.
#[test]
fn bad_input_and_load_never_break_the_server() {
    let (ws, _) = workspace();
    let fixtures = ws.path().join("fixtures/requests");
    let quiz = Request::from_file(&fixtures.join("quiz.json")).unwrap();
    let hit = params(&quiz, &prompt_text("quiz", 1)).to_string();
    let before = tree(ws.path());
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let bad: [(&[u8], u16, &str); 6] = [
        (b"{", 400, "invalid JSON"),
        (b"[1]", 400, "not a JSON object"),
        (
            br#"{"model": "m", "messages": [{"role": "user", "content": 5}]}"#,
            400,
            "messages[0].content",
        ),
        (
            br#"{"model": "m", "messages": [{"role": "user", "content": "x"}]}"#,
            404,
            "no prompt of any store",
        ),
        (&[b'x'; 33 << 20], 413, "larger than 32 MB"),
        (hit.as_bytes(), 200, "\"type\":\"message\""),
    ];
    for (body, status, says) in bad {
        let (got, text) = post(&server.url, body, &[]);
        assert_eq!(got, status, "{text}");
        assert!(text.contains(says), "{text}");
    }
    let (got, text) = post(
        &server.url,
        hit.as_bytes(),
        &[("x-ulcas-prompt-version", "two")],
    );
    assert_eq!(
        (got, text.contains("not an integer")),
        (400, true),
        "{text}"
    );

    // A client that sends half a body and stalls, one that leaves at once.
    let addr = server.url.strip_prefix("http://").unwrap().to_owned();
    let whole = request_bytes(&addr, hit.as_bytes(), &[]);
    let mut stalled = std::net::TcpStream::connect(&addr).unwrap();
    std::io::Write::write_all(&mut stalled, &whole[..whole.len() / 2]).unwrap();
    for _ in 0..20 {
        let mut gone = std::net::TcpStream::connect(&addr).unwrap();
        std::io::Write::write_all(&mut gone, &whole).unwrap();
        drop(gone);
    }
    // A thousand connections at once, each answered.
    let mut open: Vec<std::net::TcpStream> = (0..1000)
        .map(|_| {
            let mut s = std::net::TcpStream::connect(&addr).unwrap();
            std::io::Write::write_all(&mut s, &whole).unwrap();
            s
        })
        .collect();
    for s in &mut open {
        let mut out = Vec::new();
        std::io::Read::read_to_end(s, &mut out).unwrap();
        assert_eq!(parse_answer(&out).0, 200);
    }
    drop(stalled);
    let (got, _) = post(&server.url, hit.as_bytes(), &[]);
    assert_eq!(got, 200, "still serving");
    let log = server.stop();
    assert!(
        !log.contains("secret-never-logged"),
        "no key header in the log"
    );
    assert!(
        log.lines().filter(|l| l.starts_with("hit ")).count() >= 1002,
        "one line per request"
    );
    assert_eq!(tree(ws.path()), before, "nothing written in cassette mode");
}

/// Every file under `dir` with its bytes, in order.
pub fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<(PathBuf, Vec<u8>)> = walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| (e.path().to_path_buf(), std::fs::read(e.path()).unwrap()))
        .collect();
    files.sort();
    files
}

/// Two stores that both read one prompts folder as their own: which records a miss is not
/// decided, so record mode refuses at start and names the flag that decides.
#[test]
fn record_mode_refuses_stores_it_cannot_choose_between() {
    let ws = monorepo();
    std::fs::write(
        ws.path().join("ulcas.toml"),
        "[[store]]\nroot = \"api/packages/course-builder/tests/cassettes\"\nprompts = [\"api/packages/course-builder/resources/prompts\"]\n\n\
         [[store]]\nroot = \"api/packages/living-course/tests/cassettes\"\nprompts = [\"api/packages/course-builder/resources/prompts\"]\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ulcas"))
        .args([
            "serve",
            "--mode",
            "record",
            "--upstream",
            "http://127.0.0.1:9",
        ])
        .current_dir(ws.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--record-into ROOT decides"), "{err}");
    assert!(
        err.contains("api/packages/living-course/tests/cassettes"),
        "{err}"
    );
    // Named, it starts.
    let server = Server::start(
        ws.path(),
        &[
            "--mode",
            "record",
            "--upstream",
            "http://127.0.0.1:9",
            "--record-into",
            "api/packages/living-course/tests/cassettes",
        ],
    );
    server.stop();
}

/// A cassette that disappears or is broken while the server runs: a miss, then a 500 in the
/// API's shape naming the file (never a panic), and the server goes on serving.
#[test]
fn a_cassette_that_changes_while_served() {
    let (ws, _) = workspace();
    let quiz = Request::from_file(&ws.path().join("fixtures/requests/quiz.json")).unwrap();
    let body = params(&quiz, &prompt_text("quiz", 1)).to_string();
    let path = ulcas::key::key_of(&quiz).path_under(&ws.path().join("cassettes"));
    let good = std::fs::read(&path).unwrap();
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    assert_eq!(post(&server.url, body.as_bytes(), &[]).0, 200);
    std::fs::remove_file(&path).unwrap();
    let (status, text) = post(&server.url, body.as_bytes(), &[]);
    assert_eq!(status, 404, "{text}");
    assert!(text.contains(r#"No cassette for task \"quiz\""#), "{text}");
    std::fs::write(&path, b"{ not json").unwrap();
    let (status, text) = post(&server.url, body.as_bytes(), &[]);
    assert_eq!(status, 500, "{text}");
    assert!(
        text.contains("\"api_error\"") && text.contains(".json"),
        "{text}"
    );
    std::fs::write(&path, &good).unwrap();
    assert_eq!(
        post(&server.url, body.as_bytes(), &[]).0,
        200,
        "served again"
    );
    let log = server.stop();
    assert_eq!(
        log.lines().filter(|l| l.starts_with("hit ")).count(),
        2,
        "{log}"
    );
}
