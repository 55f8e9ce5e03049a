//! `ulcas serve`: the wire key against the reference vectors (bodies built by PHP as the app's
//! driver builds them), and the server called by the official Python SDK.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};
use ulcas::registry::{Registry, RegistrySource};
use ulcas::request::{Block, Request};
use ulcas::wire::{Ask, Outcome, Resolver, WireRequest, for_provider};

use crate::common::MANIFEST;
pub use crate::serve::kit::*;

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
        let resolver = Resolver::new(vec![(dir.path().join("store"), registry)]).unwrap();
        let wire = WireRequest::parse(body.to_string().as_bytes()).unwrap();
        // PHP's provider form is ours.
        assert!(
            ulcas::wire::same_in_php(
                &for_provider(&dump.schema.value),
                wire.schema.as_deref().unwrap()
            ),
            "{file}: forProvider differs from PHP's"
        );
        let decision = resolver.answer(
            ulcas::wire::WIRES[0],
            body.to_string().as_bytes(),
            &Ask::default(),
        );
        let not = match decision.outcome {
            Outcome::NotRecorded(not) => not,
            other => panic!("{file}: {other:?}"),
        };
        // The key the server looks for, and the request it would record, are the driver's.
        let key = ulcas::key::key_of(&dump);
        assert_eq!(not.key, key, "{file}");
        assert_eq!(ulcas::key::key_of(&not.resolved.request), key, "{file}");
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
    // A registry's prompt edited without a version bump (most of its words): an unknown text.
    let drifted = format!("{system} Answer in French.");
    requests.push(json!({"name": "unknown", "stream": false, "params": params(&edited, &drifted)}));

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
    assert!(
        !message.contains("--prompts"),
        "the stores have a registry: {message}"
    );
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
    let ulcas::driver::Answered::Synthetic(synthetic) = driver
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
            "cassettes/no-system-prompt/v1/",
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

/// A cassette that disappears or is broken while the server runs: a miss, then a 422 in the
/// API's shape naming the file (never a panic, never a 5xx the SDKs retry in vain), and the
/// server goes on serving; a cassette that is a link inside the store is a 422 naming the link,
/// as `verify` refuses it.
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
    assert_eq!(status, 422, "{text}");
    assert!(
        text.contains("\"invalid_request_error\"") && text.contains(".json"),
        "{text}"
    );
    // A link inside the store, to a good copy beside it.
    let copy = path.with_file_name("copy.json");
    std::fs::write(&copy, &good).unwrap();
    std::fs::remove_file(&path).unwrap();
    std::os::unix::fs::symlink(&copy, &path).unwrap();
    let (status, text) = post(&server.url, body.as_bytes(), &[]);
    assert_eq!(status, 422, "{text}");
    assert!(text.contains("a symbolic link"), "{text}");
    std::fs::remove_file(&path).unwrap();
    std::fs::remove_file(&copy).unwrap();
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
