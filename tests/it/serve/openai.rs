//! The second wire: OpenAI Chat Completions (`POST /v1/chat/completions`), called by the
//! official `openai` Python SDK. The key does not depend on the wire: what was recorded through
//! one replays through the other.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use ulcas::request::{Block, Request};

use crate::serve::{Server, params, post, prompt_text, workspace};

/// The Python with the official OpenAI SDK (`.ci/run` installs it into target/ci-tools).
fn python() -> Option<PathBuf> {
    crate::serve::python_with("openai")
}

/// Each request through the OpenAI SDK: one parsed line per request.
fn run(python: &Path, url: &str, requests: &Value) -> Vec<Value> {
    crate::serve::run_client(python, "openai_client.py", url, requests)
}

/// The Chat Completions parameters of `request`: the prompt text as the system message, the
/// blocks as text and file parts, the repair turns after, the full schema.
pub fn chat_params(request: &Request, system: &str) -> Value {
    let content: Vec<Value> = request
        .blocks
        .iter()
        .map(|b| match b {
            Block::Text(t) => json!({"type": "text", "text": t}),
            Block::Document { data, .. } => json!({"type": "file", "file": {
                "filename": "source.pdf", "file_data": format!("data:application/pdf;base64,{data}")}}),
        })
        .collect();
    let mut messages = vec![
        json!({"role": "system", "content": system}),
        json!({"role": "user", "content": content}),
    ];
    for t in &request.turns {
        messages.push(json!({"role": t.role, "content": t.text}));
    }
    json!({
        "model": request.model.clone().unwrap_or_else(|| "claude-sonnet-5-5".into()),
        "messages": messages,
        "response_format": {"type": "json_schema", "json_schema": {
            "name": request.task, "schema": request.schema.value}},
    })
}

/// The sample store's cassettes, recorded through the Messages API, replay through Chat
/// Completions (a text request and one with a PDF), streamed or not, with the cassette's id
/// and counts; a miss is the SDK's NotFoundError whose message starts with the reference line.
#[test]
fn the_openai_sdk_replays_what_the_messages_api_recorded() {
    let Some(python) = python() else { return };
    let (ws, with_document) = workspace();
    let fixtures = ws.path().join("fixtures/requests");
    let quiz = Request::from_file(&fixtures.join("quiz.json")).unwrap();
    let system = prompt_text("quiz", 1);
    let missed = quiz.clone().with_text("Nothing recorded this.");
    let requests = json!([
        {"name": "hit", "stream": false, "params": chat_params(&quiz, &system)},
        {"name": "streamed", "stream": true, "params": chat_params(&quiz, &system)},
        {"name": "pdf", "stream": false, "params": chat_params(&with_document, &system)},
        {"name": "miss", "stream": false, "params": chat_params(&missed, &system)},
    ]);
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let got = run(&python, &server.url, &requests);
    // The same request through the Messages API: the same cassette; with the full schema
    // instead of its provider form too (matched by provider form on every wire).
    let (status, body) = post(
        &server.url,
        params(&quiz, &system).to_string().as_bytes(),
        &[],
    );
    let mut full = params(&quiz, &system);
    full["output_config"]["format"]["schema"] = quiz.schema.value.clone();
    assert_ne!(
        full,
        params(&quiz, &system),
        "the quiz schema has a provider form of its own"
    );
    let (full_status, full_body) = post(&server.url, full.to_string().as_bytes(), &[]);
    let log = server.stop();
    assert_eq!(full_status, 200, "{full_body}");
    assert_eq!(full_body, body, "the same answer");
    assert_eq!(status, 200, "{body}");
    let message: Value = serde_json::from_str(&body).unwrap();
    let key = ulcas::key::key_of(&quiz);
    for answer in &got[..2] {
        assert_eq!(answer["id"], format!("cassette:{}", key.hash), "{answer}");
        assert_eq!(answer["text"], message["content"][0]["text"], "{answer}");
        assert_eq!(answer["finish_reason"], "stop", "{answer}");
        assert_eq!(answer["model"], message["model"], "{answer}");
        let usage = &message["usage"];
        let input = [
            "input_tokens",
            "cache_creation_input_tokens",
            "cache_read_input_tokens",
        ]
        .iter()
        .map(|k| usage[k].as_u64().unwrap())
        .sum::<u64>();
        assert_eq!(answer["usage"]["prompt_tokens"], input, "{answer}");
        assert_eq!(answer["usage"]["completion_tokens"], usage["output_tokens"]);
        assert_eq!(
            answer["usage"]["cached_tokens"],
            usage["cache_read_input_tokens"]
        );
    }
    let pdf = ulcas::key::key_of(&with_document);
    assert_eq!(got[2]["id"], format!("cassette:{}", pdf.hash), "{}", got[2]);
    assert_eq!(got[2]["usage"]["cached_tokens"], 5, "{}", got[2]);
    let miss = &got[3];
    assert_eq!(
        (miss["error"].as_str(), miss["status"].as_u64()),
        (Some("NotFoundError"), Some(404)),
        "{miss}"
    );
    let text = miss["body"]["message"].as_str().unwrap();
    let line = format!(
        "No cassette for task \"quiz\" (prompt v1) at {}",
        ulcas::key::key_of(&missed)
            .path_under(Path::new("cassettes"))
            .display()
    );
    assert!(text.starts_with(&line), "{text}");
    assert!(text.contains("--upstream https://api.openai.com"), "{text}");
    assert_eq!(miss["body"]["type"], "not_found_error", "{miss}");
    assert_eq!(log.matches("hit ").count(), 5, "{log}");
}

/// `--mode record` on Chat Completions: the miss is forwarded to an OpenAI-compatible upstream
/// (a second `ulcas serve`, synthetic), streamed back and recorded in the reference format;
/// the same request then replays through both wires, with a fresh database's ids.
#[test]
fn record_mode_records_chat_completions_and_both_wires_replay_them() {
    let Some(python) = python() else { return };
    let r = crate::serve::recording();
    let requests = r.record_then_replay(chat_params);
    let got = run(&python, &r.recorder.url, &requests);
    let (status, body) = post(
        &r.recorder.url,
        params(&r.again, &r.system).to_string().as_bytes(),
        &[],
    );
    let log = r.recorder.stop();
    r.upstream.stop();
    assert_eq!(got[0]["id"], "synthetic", "{}", got[0]);
    let key = ulcas::key::key_of(&r.first);
    assert_eq!(got[1]["id"], format!("cassette:{}", key.hash), "{}", got[1]);
    // The fresh request's own fragment id, mapped back from the placeholder.
    let recorded = got[0]["text"].as_str().unwrap();
    let replayed = got[1]["text"].as_str().unwrap();
    assert_eq!(
        replayed,
        recorded.replace("frg_abcdefghijkm", "frg_zyxwvutsrqpn")
    );
    assert_eq!(status, 200, "{body}");
    let message: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(message["content"][0]["text"].as_str(), Some(replayed));
    assert!(log.contains("recorded"), "{log}");
    // The cassette is the reference format, with request material, in the quiz prompt's own
    // store (course-builder's), by the owner rule.
    let path = key.path_under(
        &r.ws
            .path()
            .join("api/packages/course-builder/tests/cassettes"),
    );
    let cassette: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(cassette["hash"], key.hash);
    assert!(cassette["request"].is_object(), "{cassette}");
    // verify finds nothing to say of it.
    let report = crate::common::ulcas_in(r.ws.path(), &["verify"]);
    assert_eq!(report.code, 0, "{}{}", report.stdout, report.stderr);
    assert!(!report.stdout.contains(&key.hash), "{}", report.stdout);
    assert!(!report.stderr.contains(&key.hash), "{}", report.stderr);
}

/// Without any prompt registry, a system text is a prompt written in code: its miss (a 404 in
/// OpenAI's shape) names the cassette it would have, under a task named by its first words.
#[test]
fn a_server_without_prompts_keys_a_prompt_in_code() {
    let (ws, _) = workspace();
    let server = Server::start(ws.path(), &["cassettes"]);
    let body = json!({"model": "m", "messages": [
        {"role": "system", "content": "You are a pirate."}, {"role": "user", "content": "Arr"}]});
    let at = format!("{}/v1/chat/completions", server.url);
    let (status, answer) = crate::serve::post(&at, body.to_string().as_bytes(), &[]);
    server.stop();
    assert_eq!(status, 404, "{answer}");
    let answer: Value = serde_json::from_str(&answer).unwrap();
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("No cassette for task \"you-are-a-pirate\" (prompt v1) at cassettes/you-are-a-pirate/v1/"),
        "{message}"
    );
    assert!(
        message.contains("keyed as a prompt written in code"),
        "{message}"
    );
    assert_eq!(answer["error"]["type"], "not_found_error");
}
