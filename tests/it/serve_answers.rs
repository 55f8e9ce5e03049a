//! What `ulcas serve` answers besides a hit: a miss that a parser and a person can both read,
//! and the health of the server for a container's probe.

use ulcas::request::Request;

use serde_json::{json, Value};

use crate::serve::{params, post, prompt_text, python, run_sdk, workspace, Server};

/// A miss's message: the reference line alone on its first line, then why and the words that
/// differ from the nearest recording (as `ulcas lookup` shows them), each said once, then what
/// to run, naming `--dump-dir` and record mode.
#[test]
fn a_miss_says_the_reference_line_then_why() {
    let (ws, _) = workspace();
    let fixtures = ws.path().join("fixtures/requests");
    let quiz = Request::from_file(&fixtures.join("quiz.json")).unwrap();
    // A recording with request material, then a request one word off it.
    let recorded = quiz
        .clone()
        .with_text("The kettle is resting on the scale.");
    let mut recording = ulcas::store::Recording::new(r#"{"questions":[]}"#, "claude-sonnet-5-5");
    recording.usage = serde_json::json!({"input_tokens": 1, "output_tokens": 1});
    ulcas::store::record(
        &ws.path().join("cassettes"),
        &recorded,
        &recording,
        ulcas::store::RecordOptions::with_request_material(),
    )
    .unwrap();
    let asked = quiz.with_text("The kettle is sitting on the scale.");
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let (status, body) = post(
        &server.url,
        params(&asked, &prompt_text("quiz", 1))
            .to_string()
            .as_bytes(),
        &[],
    );
    server.stop();
    assert_eq!(status, 404, "{body}");
    let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
    let message = answer["error"]["message"].as_str().unwrap();
    let lines: Vec<&str> = message.lines().collect();
    let key = ulcas::key::key_of(&asked);
    assert_eq!(
        lines[0],
        format!(
            "No cassette for task \"quiz\" (prompt v1) at {}",
            key.path_under(std::path::Path::new("cassettes")).display()
        ),
        "{message}"
    );
    assert!(message.contains("[-resting-]{+sitting+}"), "{message}");
    assert!(
        message.contains("--dump-dir") && message.contains("--mode record --upstream"),
        "{message}"
    );
    let mut seen = std::collections::HashSet::new();
    assert!(
        lines.iter().all(|l| seen.insert(*l)),
        "a line said twice: {message}"
    );
}

/// `GET /health`: 200 with the stores, prompts, cassettes and mode, whatever Host a probe
/// names.
#[test]
fn health_answers_a_probe() {
    let (ws, _) = workspace();
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let addr = server.url.strip_prefix("http://").unwrap().to_owned();
    let mut s = std::net::TcpStream::connect(&addr).unwrap();
    std::io::Write::write_all(
        &mut s,
        b"GET /health HTTP/1.1\r\nhost: 10.1.2.3:8089\r\nconnection: close\r\n\r\n",
    )
    .unwrap();
    let mut out = String::new();
    std::io::Read::read_to_string(&mut s, &mut out).unwrap();
    server.stop();
    assert!(out.starts_with("HTTP/1.1 200"), "{out}");
    let body: serde_json::Value =
        serde_json::from_str(out.split("\r\n\r\n").nth(1).unwrap()).unwrap();
    let cassettes = walkdir::WalkDir::new(ws.path().join("cassettes"))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .count();
    assert_eq!(body["status"], "ok");
    assert_eq!(body["mode"], "cassette");
    assert_eq!(body["stores"], 1);
    assert_eq!(body["cassettes"], cassettes as u64, "{body}");
    assert!(body["prompts"].as_u64().unwrap() >= 4, "{body}");
}

/// Synthetic mode answers a schema with conditional subschemas, and a schema that admits no
/// answer is a 422 that says why (not a 5xx the SDKs retry, not "bad request"): the SDK with
/// its retries on sends it once.
#[test]
fn synthetic_answers_satisfy_conditionals_or_say_why_not() {
    let Some(python) = python() else { return };
    let (ws, _) = workspace();
    let fixtures = ws.path().join("fixtures");
    let schemas = [
        (
            "note",
            json!({"type": "object", "required": ["kind", "note"], "additionalProperties": false,
            "properties": {"kind": {"enum": ["short", "long"]}, "note": {"type": "string", "minLength": 1}},
            "if": {"properties": {"kind": {"const": "short"}}},
            "then": {"properties": {"note": {"maxLength": 5}}}}),
        ),
        (
            "never",
            json!({"type": "object", "required": ["n"], "additionalProperties": false,
            "properties": {"n": {"type": "integer"}},
            "if": true, "then": {"properties": {"n": {"minimum": 5, "maximum": 4}}}}),
        ),
    ];
    let mut requests = Vec::new();
    for (task, schema) in &schemas {
        std::fs::write(
            fixtures.join(format!("schemas/outputs/{task}.json")),
            serde_json::to_string_pretty(schema).unwrap(),
        )
        .unwrap();
        let prompts = fixtures.join("prompts").join(task);
        std::fs::create_dir_all(&prompts).unwrap();
        let system = format!("You write {task}s.");
        std::fs::write(
            prompts.join("v1.md"),
            format!("---\nid: bakery/{task}\nversion: 1\ntask: {task}\nschema: outputs/{task}.json\n---\n{system}\n"),
        )
        .unwrap();
        let dump = json!({"task": task, "prompt_version": 1, "schema": schema,
            "blocks": [{"type": "text", "text": "<fragment id=\"frg_abcdefghijkm\">Grind finer for espresso.</fragment>"}]});
        let request = Request::from_slice(dump.to_string().as_bytes()).unwrap();
        for stream in [false, true] {
            requests.push(json!({"name": task, "stream": stream, "max_retries": 2,
                                 "params": params(&request, &system)}));
        }
    }
    let server = Server::start(
        ws.path(),
        &[
            "cassettes",
            "--prompts",
            "fixtures/prompts",
            "--mode",
            "synthetic",
        ],
    );
    let got = run_sdk(&python, &server.url, &Value::Array(requests));
    let log = server.stop();
    let validator = ulcas::verify::compile(&schemas[0].1).unwrap();
    for answer in &got[..2] {
        let text: Value = serde_json::from_str(answer["text"].as_str().unwrap()).unwrap();
        assert!(validator.is_valid(&text), "{answer}");
    }
    for refused in &got[2..] {
        assert_eq!(refused["status"], 422, "{refused}");
        let message = refused["error"]["error"]["message"].as_str().unwrap();
        assert!(
            message.starts_with(
                "no synthetic answer: cannot satisfy the schema at #/then/properties/n"
            ) && !message.contains("bad request"),
            "{message}"
        );
    }
    // One request each: four in the log, whatever the SDK's retries.
    let words: Vec<&str> = log
        .lines()
        .filter(|l| l.ends_with(" ms") || l.contains(" ms: "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(words, ["synthetic", "synthetic", "error", "error"], "{log}");
}

/// `-q`, `-v`, `--color` and `--format json` do for serve what its help says: no line for a
/// hit, each miss's explanation, coloured status words, JSON objects on stderr after the start
/// line on stdout.
#[test]
fn the_log_flags_do_what_serve_help_says() {
    let (ws, _) = workspace();
    let fixtures = ws.path().join("fixtures/requests");
    let quiz = Request::from_file(&fixtures.join("quiz.json")).unwrap();
    let system = prompt_text("quiz", 1);
    let hit = params(&quiz, &system).to_string();
    let miss = params(&quiz.clone().with_text("Not recorded."), &system).to_string();
    let run = |flags: &[&str]| {
        let mut args = vec!["cassettes", "--prompts", "fixtures/prompts"];
        args.extend_from_slice(flags);
        let server = Server::start(ws.path(), &args);
        assert_eq!(post(&server.url, hit.as_bytes(), &[]).0, 200);
        assert_eq!(post(&server.url, miss.as_bytes(), &[]).0, 404);
        server.stop()
    };
    let plain = run(&[]);
    assert!(plain.lines().any(|l| l.starts_with("hit ")), "{plain}");
    assert!(
        !plain.contains("--dump-dir") && !plain.contains('\u{1b}'),
        "{plain}"
    );
    let quiet = run(&["-q"]);
    assert!(!quiet.lines().any(|l| l.starts_with("hit ")), "{quiet}");
    assert!(quiet.lines().any(|l| l.starts_with("miss ")), "{quiet}");
    let verbose = run(&["-v"]);
    assert!(
        verbose
            .lines()
            .any(|l| l.starts_with("  ") && l.contains("--dump-dir")),
        "{verbose}"
    );
    let colour = run(&["--color", "always"]);
    assert!(colour.contains("\u{1b}[32mhit"), "{colour}");
    let json = run(&["--format", "json", "-v"]);
    for line in json.lines() {
        let event: Value = serde_json::from_str(line).unwrap_or_else(|_| panic!("{json}"));
        assert!(event["type"].is_string(), "{line}");
    }
    assert!(json.contains("\"status\":\"miss\""), "{json}");
    let help = crate::common::ulcas_in(ws.path(), &["serve", "--help"]);
    for said in [
        "Prompts and schemas are watched",
        "x-ulcas-not-recorded",
        "serve: no log line for a request answered",
        "serve logs each miss's whole explanation",
        "serve colours its log on stderr",
        "JSON Lines: the start line's object on stdout, an object per request or note on stderr",
    ] {
        let flat = help.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains(said), "{said}: {}", help.stdout);
    }
}
