//! `serve --mode record` on every carrier and wire: a forced tool's call is recorded as its
//! input (the answer JSON, as the reference records it), so one recording replays through every
//! carrier and wire; an answer with neither text nor that input is relayed and not recorded,
//! and says why; `verify` flags the empty tool answers recorded before.

use std::io::Write;
use std::net::TcpStream;

use serde_json::{Value, json};

use crate::serve::upstream::{SSE_HEAD, recorder, upstream};
use crate::serve::{params, recording, run_client};

fn python() -> Option<std::path::PathBuf> {
    crate::serve::python_with("anthropic, openai")
}

/// The recorded cassette at `path`.
fn cassette(path: &std::path::Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

/// A quiz request with its schema in a forced tool, as LangChain's `with_structured_output`
/// sends it, recorded through the server (the upstream a synthetic `ulcas serve`, which calls
/// the tool): the cassette's text is the tool's input, its stop reason `end_turn`, and it replays
/// with a fresh database's ids as text through `output_config` and as the call through the tool;
/// `verify` finds nothing wrong with the store.
#[test]
fn a_forced_tools_call_is_recorded_as_its_input() {
    let Some(python) = python() else { return };
    let r = recording();
    let tool = |request: &ulcas::request::Request| {
        let mut body = params(request, &r.system);
        let schema = body
            .as_object_mut()
            .unwrap()
            .remove("output_config")
            .unwrap()["format"]["schema"]
            .clone();
        body["tools"] = json!([{"name": "Quiz", "input_schema": schema}]);
        body["tool_choice"] = json!({"type": "tool", "name": "Quiz"});
        body
    };
    let calls = json!([{"name": "record", "api": "messages", "method": "stream", "params": tool(&r.first)}]);
    let recorded = run_client(&python, "shapes_client.py", &r.recorder.url, &calls);
    let call = &recorded[0]["content"][0];
    assert_eq!(call["type"], "tool_use", "{}", recorded[0]);
    let store =
        r.ws.path()
            .join("api/packages/course-builder/tests/cassettes");
    let path = ulcas::key::key_of(&r.first).path_under(&store);
    let file = cassette(&path);
    assert_eq!(file["stop_reason"], "end_turn", "{file}");
    let text: Value = serde_json::from_str(file["text"].as_str().unwrap()).unwrap();
    assert!(text.is_object() && text != json!({}), "{file}");
    let replays = json!([
        {"name": "text", "api": "messages", "params": params(&r.again, &r.system)},
        {"name": "tool", "api": "messages", "params": tool(&r.again)},
    ]);
    let got = run_client(&python, "shapes_client.py", &r.recorder.url, &replays);
    let id = format!("cassette:{}", ulcas::key::key_of(&r.again).hash);
    assert_eq!(
        (&got[0]["id"], &got[1]["id"]),
        (&json!(id), &json!(id)),
        "{got:?}"
    );
    let as_text: Value =
        serde_json::from_str(got[0]["content"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(
        as_text, got[1]["content"][0]["input"],
        "one recording, every carrier"
    );
    assert_eq!(
        (
            got[0]["stop_reason"].as_str(),
            got[1]["stop_reason"].as_str()
        ),
        (Some("end_turn"), Some("tool_use"))
    );
    assert!(
        !as_text.to_string().contains("frg_abcdefghijkm"),
        "a fresh database's ids: {as_text}"
    );
    let verify = crate::common::ulcas_in(r.ws.path(), &["verify", "-q"]);
    assert_eq!(verify.code, 0, "{}{}", verify.stdout, verify.stderr);
}

/// The Responses API records from an OpenAI-compatible upstream (here a synthetic `ulcas
/// serve`), streamed; what it recorded replays through the Messages API.
#[test]
fn the_responses_api_records_what_the_messages_api_replays() {
    let Some(python) = python() else { return };
    let r = recording();
    let responses = |request: &ulcas::request::Request| {
        let schema = ulcas::wire::for_provider(&request.schema.value);
        let text = match &request.blocks[0] {
            ulcas::request::Block::Text(t) => t.clone(),
            _ => unreachable!(),
        };
        json!({"model": "claude-sonnet-5-5", "instructions": r.system,
            "input": [{"role": "user", "content": [{"type": "input_text", "text": text}]}],
            "text": {"format": {"type": "json_schema", "name": "quiz", "schema": schema}}})
    };
    let calls = json!([{"name": "record", "api": "responses", "method": "stream", "params": responses(&r.first)}]);
    let recorded = run_client(&python, "shapes_client.py", &r.recorder.url, &calls);
    assert_eq!(recorded[0]["id"], "synthetic", "{}", recorded[0]);
    let log = r.recorder.stop();
    assert!(log.contains("recorded "), "{log}");
    let server = crate::serve::Server::start(r.ws.path(), &[]);
    let replays =
        json!([{"name": "replay", "api": "messages", "params": params(&r.again, &r.system)}]);
    let got = run_client(&python, "shapes_client.py", &server.url, &replays);
    assert_eq!(
        got[0]["id"],
        format!("cassette:{}", ulcas::key::key_of(&r.again).hash),
        "{}",
        got[0]
    );
    server.stop();
}

/// An upstream answer with no text and no forced tool's input (a message with no content, a
/// Chat Completions refusal) is relayed, not recorded: the log says why, and so does
/// `x-ulcas-not-recorded` on a whole answer.
#[test]
fn an_answer_with_nothing_to_replay_is_relayed_not_recorded() {
    fn nothing(_: &str, s: &mut TcpStream) {
        let message = json!({"id": "msg_1", "type": "message", "role": "assistant", "model": "m",
            "content": [], "stop_reason": "end_turn", "usage": {"input_tokens": 1, "output_tokens": 0}});
        let body = message.to_string();
        let _ = write!(
            s,
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        );
    }
    fn streamed_nothing(_: &str, s: &mut TcpStream) {
        let answer = ulcas::wire::Answer {
            id: "msg_1".into(),
            model: "m".into(),
            text: String::new(),
            stop_reason: "end_turn".into(),
            refusal_category: None,
            usage: ulcas::wire::Usage::default(),
        };
        let _ = s.write_all(SSE_HEAD.as_bytes());
        let _ = s.write_all(
            answer
                .events(4, &ulcas::wire::Shape::streamed())
                .concat()
                .as_bytes(),
        );
    }
    for (script, whole) in [
        (nothing as crate::serve::upstream::Script, true),
        (streamed_nothing, false),
    ] {
        let up = upstream(script);
        let (_ws, server, body, path) = recorder(&up, &[]);
        let answer = crate::serve::exchange(&server.url, body.as_bytes(), &[]);
        let answer = String::from_utf8_lossy(&answer);
        let (head, _) = answer.split_once("\r\n\r\n").unwrap();
        assert!(
            head.starts_with("HTTP/1.1 200"),
            "relayed as it came: {answer}"
        );
        let log = server.stop();
        assert!(!path.exists(), "{log}");
        assert!(
            log.contains("the upstream's answer holds no text: not recorded"),
            "{log}"
        );
        let header = head
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with("x-ulcas-not-recorded:"));
        assert_eq!(header.is_some(), whole, "{head}");
        if let Some(header) = header {
            assert!(header.contains("holds no text"), "{header}");
        }
    }
    fn refusal(_: &str, s: &mut TcpStream) {
        let completion = json!({"id": "c", "object": "chat.completion", "model": "m", "choices": [{"index": 0,
            "message": {"role": "assistant", "content": null, "refusal": "I can't help with that."},
            "finish_reason": "stop"}], "usage": {"prompt_tokens": 1, "completion_tokens": 1}});
        let body = completion.to_string();
        let _ = write!(
            s,
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        );
    }
    let up = upstream(refusal);
    let (ws, server, _, _) = recorder(&up, &[]);
    let (request, system) = crate::serve::quiz_request(ws.path(), "frg_abcdefghijkm");
    let body = crate::serve::openai::chat_params(&request, &system).to_string();
    let url = format!("{}/v1/chat/completions", server.url);
    let answer = crate::serve::exchange(&url, body.as_bytes(), &[]);
    let answer = String::from_utf8_lossy(&answer);
    assert!(
        answer.contains("x-ulcas-not-recorded: the upstream refused"),
        "{answer}"
    );
    let log = server.stop();
    assert!(
        log.contains("the upstream refused (\"I can't help with that.\"): not recorded"),
        "{log}"
    );
}

/// A cassette of a forced tool's call recorded empty (text `""`, `tool_use`), as the server
/// recorded them before it recorded the call's input, is an error for `verify`.
#[test]
fn verify_flags_a_tool_call_recorded_empty() {
    let store = tempfile::tempdir().unwrap();
    crate::common::copy_tree(
        &std::path::Path::new(crate::common::MANIFEST).join("cassettes"),
        store.path(),
    );
    let quiz = ulcas::request::Request::from_file(
        &std::path::Path::new(crate::common::MANIFEST).join("tests/fixtures/requests/quiz.json"),
    )
    .unwrap();
    let path = ulcas::key::key_of(&quiz).path_under(store.path());
    let text = std::fs::read_to_string(&path).unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    let damaged = text
        .replace(
            &format!(
                "\"text\": {}",
                serde_json::to_string(&file["text"]).unwrap()
            ),
            "\"text\": \"\"",
        )
        .replace(
            "\"stop_reason\": \"end_turn\"",
            "\"stop_reason\": \"tool_use\"",
        );
    assert_ne!(damaged, text);
    std::fs::write(&path, damaged).unwrap();
    let verify = crate::common::ulcas_in(store.path(), &["verify", ".", "--format", "json"]);
    assert_eq!(verify.code, 1, "{}", verify.stdout);
    assert!(
        verify.stdout.contains(r#""check":"empty-tool-call""#),
        "{}",
        verify.stdout
    );
}

/// An answer the API cut short keeps the stop reason the API gave (a forced tool's call cut by
/// `max_tokens` on the Messages API, `finish_reason: length` on Chat Completions, an
/// `incomplete` response), never `end_turn` as if whole; a failed response is not recorded.
#[test]
fn an_answer_cut_short_is_never_recorded_as_whole() {
    let wire = |path: &str| ulcas::wire::wire_at(path).unwrap();
    let messages = wire("/v1/messages");
    let chat = wire("/v1/chat/completions");
    let responses = wire("/v1/responses");
    let call = |stop: &str| {
        json!({"id": "msg_1", "type": "message", "role": "assistant", "model": "m",
            "content": [{"type": "tool_use", "id": "toolu_1", "name": "Quiz", "input": {"q": "x"}}],
            "stop_reason": stop, "usage": {"input_tokens": 1, "output_tokens": 1}})
        .to_string()
    };
    let stop = |r: ulcas::store::Recording| r.stop_reason;
    let got = messages.recording(call("max_tokens").as_bytes(), None, Some("Quiz"));
    assert_eq!(stop(got.unwrap()), "max_tokens");
    let got = messages.recording(call("tool_use").as_bytes(), None, Some("Quiz"));
    assert_eq!(stop(got.unwrap()), "end_turn", "a whole call is the answer");
    let completion = |finish: &str| {
        json!({"id": "c", "object": "chat.completion", "model": "m", "choices": [{"index": 0,
            "message": {"role": "assistant", "content": null, "tool_calls": [{"id": "call_1",
                "type": "function", "function": {"name": "Quiz", "arguments": "{\"q\": \"x"}}]},
            "finish_reason": finish}], "usage": {"prompt_tokens": 1, "completion_tokens": 1}})
        .to_string()
    };
    let got = chat.recording(completion("length").as_bytes(), None, Some("Quiz"));
    assert_eq!(stop(got.unwrap()), "max_tokens");
    let got = chat.recording(completion("tool_calls").as_bytes(), None, Some("Quiz"));
    assert_eq!(stop(got.unwrap()), "end_turn");
    let response = |status: &str, reason: Option<&str>| {
        json!({"id": "resp_1", "object": "response", "model": "m", "status": status,
            "incomplete_details": reason.map(|r| json!({"reason": r})),
            "output": [{"type": "message", "role": "assistant", "content": [
                {"type": "output_text", "text": "{\"q\": \"x\"}"}]}],
            "usage": {"input_tokens": 1, "output_tokens": 1}})
        .to_string()
    };
    let got = responses.recording(
        response("incomplete", Some("content_filter")).as_bytes(),
        None,
        None,
    );
    assert_eq!(stop(got.unwrap()), "refusal");
    let got = responses.recording(
        response("incomplete", Some("max_output_tokens")).as_bytes(),
        None,
        None,
    );
    assert_eq!(stop(got.unwrap()), "max_tokens");
    let failed = responses.recording(response("failed", None).as_bytes(), None, None);
    assert!(
        failed
            .unwrap_err()
            .to_string()
            .contains("\"failed\", not completed")
    );
    let got = responses.recording(response("completed", None).as_bytes(), None, None);
    assert_eq!(stop(got.unwrap()), "end_turn");
}
