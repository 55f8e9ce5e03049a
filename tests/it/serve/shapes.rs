//! Every request shape a real client sends, through the official SDKs and as plain JSON bodies
//! (LiteLLM's `output_format`, LangChain's forced tool): keyed by the schema it carries,
//! answered in the carrier's shape, refused with the reason where a replay cannot answer it.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use ulcas::request::Request;
use ulcas::wire::for_provider;

use crate::serve::openai::chat_params;
use crate::serve::{Server, params, post, prompt_text, workspace};

/// The Python with both official SDKs.
fn python() -> Option<PathBuf> {
    crate::serve::python_with("anthropic, openai")
}

/// Each call through the SDKs: one parsed line per call.
fn run(python: &Path, url: &str, calls: &Value) -> Vec<Value> {
    crate::serve::run_client(python, "shapes_client.py", url, calls)
}

/// The sample store's quiz request, its prompt text, its recorded cassette (its `text` the
/// answer replayed for this request's ids, as the Messages API's `output_config` request gets
/// it), and a server on the sample store with its registry and [`more_prompts`].
fn quiz() -> (tempfile::TempDir, Request, String, Value, Server) {
    let (ws, _) = workspace();
    more_prompts(ws.path());
    let quiz = Request::from_file(&ws.path().join("fixtures/requests/quiz.json")).unwrap();
    let system = prompt_text("quiz", 1);
    let cassette = ulcas::key::key_of(&quiz).path_under(&ws.path().join("cassettes"));
    let mut recorded: Value = serde_json::from_slice(&std::fs::read(cassette).unwrap()).unwrap();
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let (status, hit) = post(
        &server.url,
        params(&quiz, &system).to_string().as_bytes(),
        &[],
    );
    assert_eq!(status, 200, "{hit}");
    let hit: Value = serde_json::from_str(&hit).unwrap();
    recorded["text"] = hit["content"][0]["text"].clone();
    assert!(
        !recorded["text"].as_str().unwrap().contains("{{frg_"),
        "the ids mapped back"
    );
    (ws, quiz, system, recorded, server)
}

/// The quiz request with its schema in a forced tool (as LangChain's `with_structured_output`
/// sends it): `choice` is the `tool_choice`.
fn forced_tool(request: &Request, system: &str, choice: Value) -> Value {
    let mut body = params(request, system);
    let schema = body["output_config"]["format"]["schema"].take();
    body.as_object_mut().unwrap().remove("output_config");
    body["tools"] = json!([{"name": "Quiz", "description": "The quiz.", "input_schema": schema}]);
    body["tool_choice"] = choice;
    body
}

/// The answer JSON a cassette holds, with the request's ids.
fn answer_of(recorded: &Value) -> Value {
    serde_json::from_str(recorded["text"].as_str().unwrap()).unwrap()
}

/// A schema in `output_format` (LiteLLM), in a forced tool (LangChain; named, or `any` with one
/// tool) keys as in `output_config`: the quiz cassette, answered as text or as the tool's call
/// (streamed or not, through the official SDK), `tool_use` its stop reason.
#[test]
fn every_messages_carrier_keys_the_same_cassette_and_answers_in_its_shape() {
    let Some(python) = python() else { return };
    let (_ws, quiz, system, recorded, server) = quiz();
    let named = forced_tool(&quiz, &system, json!({"type": "tool", "name": "Quiz"}));
    let any = forced_tool(&quiz, &system, json!({"type": "any"}));
    let mut beta = params(&quiz, &system);
    let format = beta
        .as_object_mut()
        .unwrap()
        .remove("output_config")
        .unwrap();
    beta["output_format"] = format["format"].clone();
    let calls = json!([
        {"name": "named", "api": "messages", "params": named},
        {"name": "named-stream", "api": "messages", "method": "stream", "params": named},
        {"name": "any", "api": "messages", "params": any},
        {"name": "output_format", "api": "messages", "params": beta,
         "headers": {"anthropic-beta": "structured-outputs-2025-11-13"}},
    ]);
    let got = run(&python, &server.url, &calls);
    let id = format!("cassette:{}", ulcas::key::key_of(&quiz).hash);
    for call in &got[..3] {
        assert_eq!(call["id"], id, "{call}");
        assert_eq!(call["stop_reason"], "tool_use", "{call}");
        let block = &call["content"][0];
        assert_eq!(
            (block["type"].as_str(), block["name"].as_str()),
            (Some("tool_use"), Some("Quiz")),
            "{call}"
        );
        assert_eq!(block["input"], answer_of(&recorded), "{call}");
        assert_eq!(call["content"].as_array().unwrap().len(), 1);
    }
    assert_eq!(got[3]["id"], id, "{}", got[3]);
    assert_eq!(got[3]["content"][0]["text"], recorded["text"]);
    assert_eq!(got[3]["stop_reason"], "end_turn");
    let log = server.stop();
    let hits = log.lines().filter(|l| l.starts_with("hit ")).count();
    assert_eq!(hits, 5, "the priming request and the four calls: {log}");
}

/// Another schema than the prompt's, in a tool or in `output_format`, is never answered with the
/// prompt's cassette, headers or not; two different schemas in one request are refused naming
/// both members.
#[test]
fn another_schema_in_any_carrier_is_not_answered_with_the_prompts_cassette() {
    let (_ws, quiz, system, _, server) = quiz();
    let haiku = json!({"type": "object", "required": ["haiku"], "properties": {"haiku": {"type": "string"}}});
    let mut tool = forced_tool(&quiz, &system, json!({"type": "tool", "name": "Quiz"}));
    tool["tools"][0]["input_schema"] = haiku.clone();
    let headers = [("x-ulcas-task", "quiz"), ("x-ulcas-prompt-version", "1")];
    let mut beta_only = params(&quiz, &system);
    beta_only.as_object_mut().unwrap().remove("output_config");
    beta_only["output_format"] = json!({"type": "json_schema", "schema": haiku});
    for body in [&tool, &beta_only] {
        let (status, answer) = post(&server.url, body.to_string().as_bytes(), &headers);
        assert_eq!(status, 404, "{answer}");
        assert!(answer.contains("the output schema is unknown"), "{answer}");
    }
    let mut beta = params(&quiz, &system);
    beta["output_format"] = json!({"type": "json_schema", "schema": haiku});
    let (status, answer) = post(&server.url, beta.to_string().as_bytes(), &[]);
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer.contains("output_config.format.schema and output_format.schema: two different output schemas in one request"),
        "{answer}"
    );
    let mut both = params(&quiz, &system);
    both["tools"] = json!([{"name": "H", "input_schema": haiku}]);
    both["tool_choice"] = json!({"type": "tool", "name": "H"});
    let (status, answer) = post(&server.url, both.to_string().as_bytes(), &[]);
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer.contains("output_config.format.schema and tools[0].input_schema"),
        "{answer}"
    );
    server.stop();
}

/// Tools the model may call, and tool calls or results among the turns, are a 400 in the API's
/// shape naming them (the SDK's BadRequestError), never an answer as if no tools were sent.
#[test]
fn agent_requests_are_refused_naming_the_tools() {
    let Some(python) = python() else { return };
    let (_ws, quiz, system, _, server) = quiz();
    let auto = forced_tool(&quiz, &system, json!({"type": "auto"}));
    let mut two = forced_tool(&quiz, &system, json!({"type": "any"}));
    two["tools"] = json!([two["tools"][0], {"name": "search", "input_schema": {"type": "object"}}]);
    let mut result = params(&quiz, &system);
    result["messages"].as_array_mut().unwrap().extend([
        json!({"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "search", "input": {}}]}),
        json!({"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "found"}]}),
    ]);
    let mut chat = chat_params(&quiz, &system);
    chat["tools"] = json!([{"type": "function", "function": {"name": "search", "parameters": {"type": "object"}}}]);
    let mut chat_result = chat_params(&quiz, &system);
    chat_result["messages"]
        .as_array_mut()
        .unwrap()
        .push(json!({"role": "tool", "tool_call_id": "c", "content": "found"}));
    let calls = json!([
        {"name": "auto", "api": "messages", "params": auto},
        {"name": "two", "api": "messages", "params": two},
        {"name": "result", "api": "messages", "params": result},
        {"name": "chat", "api": "chat", "params": chat},
        {"name": "chat-result", "api": "chat", "params": chat_result},
    ]);
    let got = run(&python, &server.url, &calls);
    let says = [
        "tools: tool-use conversations are not replayed",
        "tools: 2 tools the model may choose among; tool-use conversations are not replayed",
        "messages[1]: content[0]: type \"tool_use\": tool-use conversations are not replayed",
        "tools: tool-use conversations are not replayed",
        "messages[2]: a tool call or its result; tool-use conversations are not replayed",
    ];
    for (call, says) in got.iter().zip(says) {
        assert_eq!(call["error"], "BadRequestError", "{call}");
        assert_eq!(call["status"], 400, "{call}");
        let body = &call["body"];
        let message = body["error"]["message"]
            .as_str()
            .or(body["message"].as_str());
        assert!(message.unwrap().contains(says), "{call} (wanted {says})");
    }
    server.stop();
}

/// Chat Completions: a forced function (named, or `required` with one tool) is answered with its
/// call, the cassette's answer its arguments; `n: 2` is refused naming `n`; a stream carries
/// its usage only when `stream_options.include_usage` asks, in a last chunk with no choice.
#[test]
fn chat_completions_answers_as_the_request_asked() {
    let Some(python) = python() else { return };
    let (_ws, quiz, system, recorded, server) = quiz();
    let mut named = chat_params(&quiz, &system);
    let schema = named
        .as_object_mut()
        .unwrap()
        .remove("response_format")
        .unwrap()["json_schema"]["schema"]
        .clone();
    named["tools"] =
        json!([{"type": "function", "function": {"name": "Quiz", "parameters": schema}}]);
    named["tool_choice"] = json!({"type": "function", "function": {"name": "Quiz"}});
    let mut required = named.clone();
    required["tool_choice"] = json!("required");
    let mut n = chat_params(&quiz, &system);
    n["n"] = json!(2);
    let mut usage = chat_params(&quiz, &system);
    usage["stream_options"] = json!({"include_usage": true});
    let calls = json!([
        {"name": "named", "api": "chat", "params": named},
        {"name": "required-stream", "api": "chat", "method": "stream", "params": required},
        {"name": "n", "api": "chat", "params": n},
        {"name": "no-usage", "api": "chat", "method": "stream", "params": chat_params(&quiz, &system)},
        {"name": "usage", "api": "chat", "method": "stream", "params": usage},
    ]);
    let got = run(&python, &server.url, &calls);
    for call in &got[..2] {
        assert_eq!(call["finish_reason"], "tool_calls", "{call}");
        assert_eq!(
            call["tool_calls"],
            json!([{"name": "Quiz", "input": answer_of(&recorded)}]),
            "{call}"
        );
        assert!(call["text"].is_null() || call["text"] == "", "{call}");
    }
    assert_eq!(
        (got[2]["error"].as_str(), got[2]["status"].as_u64()),
        (Some("BadRequestError"), Some(400)),
        "{}",
        got[2]
    );
    assert!(
        got[2]["body"]["message"]
            .as_str()
            .unwrap()
            .starts_with("bad request: n: 2 answers asked for"),
        "{}",
        got[2]
    );
    assert_eq!(got[3]["text"], recorded["text"]);
    assert_eq!(
        (got[3]["usage_chunks"].as_u64(), got[3]["usage"].is_null()),
        (Some(0), true),
        "{}",
        got[3]
    );
    assert_eq!(got[4]["text"], recorded["text"]);
    assert_eq!(
        (
            got[4]["usage_chunks"].as_u64(),
            got[4]["empty_choice_chunks"].as_u64()
        ),
        (Some(1), Some(1)),
        "{}",
        got[4]
    );
    assert_eq!(
        got[4]["usage"]["completion_tokens"],
        recorded["usage"]["output_tokens"]
    );
    server.stop();
}

/// The Responses API, the third wire: `responses.create`, `.stream` and `.parse` of the official
/// SDK replay the quiz cassette recorded through the Messages API (its id, text and counts), a
/// forced function tool is answered with its call, and a miss is the SDK's NotFoundError with
/// the reference line.
#[test]
fn the_responses_api_replays_what_the_messages_api_recorded() {
    let Some(python) = python() else { return };
    let (_ws, quiz, system, recorded, server) = quiz();
    let content: Vec<Value> = quiz
        .blocks
        .iter()
        .map(|b| match b {
            ulcas::request::Block::Text(t) => json!({"type": "input_text", "text": t}),
            ulcas::request::Block::Document { data, .. } => json!({"type": "input_file", "filename": "s.pdf", "file_data": format!("data:application/pdf;base64,{data}")}),
        })
        .collect();
    let schema = quiz.schema.value.clone();
    let base = json!({
        "model": "claude-sonnet-5-5", "instructions": system,
        "input": [{"role": "user", "content": content}],
    });
    let mut formatted = base.clone();
    formatted["text"] =
        json!({"format": {"type": "json_schema", "name": "quiz", "schema": for_provider(&schema)}});
    let mut parse = base.clone();
    parse["text_format_schema"] = schema.clone();
    let mut tool = base.clone();
    tool["tools"] = json!([{"type": "function", "name": "Quiz", "parameters": schema}]);
    tool["tool_choice"] = json!({"type": "function", "name": "Quiz"});
    let mut missed = formatted.clone();
    missed["input"][0]["content"][0]["text"] = json!("Nothing recorded this.");
    let calls = json!([
        {"name": "create", "api": "responses", "params": formatted},
        {"name": "stream", "api": "responses", "method": "stream", "params": formatted},
        {"name": "tool", "api": "responses", "method": "stream", "params": tool},
        {"name": "miss", "api": "responses", "params": missed},
    ]);
    let got = run(&python, &server.url, &calls);
    let id = format!("cassette:{}", ulcas::key::key_of(&quiz).hash);
    let usage = &recorded["usage"];
    let input = [
        "input_tokens",
        "cache_write_5m_tokens",
        "cache_write_1h_tokens",
        "cache_read_tokens",
    ]
    .iter()
    .map(|k| usage[k].as_u64().unwrap())
    .sum::<u64>();
    for call in &got[..2] {
        assert_eq!(
            (&call["id"], &call["status"]),
            (&json!(id), &json!("completed")),
            "{call}"
        );
        assert_eq!(call["text"], recorded["text"], "{call}");
        assert_eq!(call["usage"]["input_tokens"], input, "{call}");
        assert_eq!(
            call["usage"]["cached_tokens"], usage["cache_read_tokens"],
            "{call}"
        );
        assert_eq!(
            call["usage"]["output_tokens"], usage["output_tokens"],
            "{call}"
        );
    }
    let events: Vec<&str> = got[1]["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(events.first(), Some(&"response.created"), "{events:?}");
    assert!(events.contains(&"response.output_text.delta"), "{events:?}");
    assert_eq!(events.last(), Some(&"response.completed"), "{events:?}");
    assert_eq!(
        got[2]["tool_calls"],
        json!([{"name": "Quiz", "input": answer_of(&recorded)}]),
        "{}",
        got[2]
    );
    let miss = &got[3];
    assert_eq!(
        (miss["error"].as_str(), miss["status"].as_u64()),
        (Some("NotFoundError"), Some(404)),
        "{miss}"
    );
    assert!(
        miss["body"]["message"]
            .as_str()
            .unwrap()
            .starts_with("No cassette for task \"quiz\" (prompt v1) at "),
        "{miss}"
    );
    server.stop();
}

/// Two more prompts in the sample registry: `haiku` (a schema as pydantic's strict form of
/// `Haiku(haiku: str)` has it, but for titles) and `chat`, a plain prompt (no `schema:`).
fn more_prompts(ws: &Path) {
    let prompts = ws.join("fixtures/prompts");
    std::fs::create_dir_all(prompts.join("haiku")).unwrap();
    std::fs::create_dir_all(prompts.join("chat")).unwrap();
    std::fs::write(
        prompts.join("haiku/v1.md"),
        "---\nid: bakery/haiku\nversion: 1\nschema: outputs/haiku.json\n---\nYou write haiku.\n",
    )
    .unwrap();
    std::fs::write(
        ws.join("fixtures/schemas/outputs/haiku.json"),
        r#"{"type": "object", "additionalProperties": false, "required": ["haiku"], "properties": {"haiku": {"type": "string"}}}"#,
    )
    .unwrap();
    std::fs::write(
        prompts.join("chat/v1.md"),
        "---\nid: bakery/chat\nversion: 1\n---\nYou answer questions about bread.\n",
    )
    .unwrap();
}

/// `responses.parse` with a pydantic model: the SDK sends the model's strict schema, matched
/// by its provider form; the synthetic answer is what the SDK parses.
#[test]
fn responses_parse_reads_the_answer_it_gets() {
    let Some(python) = python() else { return };
    let (ws, _) = workspace();
    more_prompts(ws.path());
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
    let calls = json!([{"name": "parse", "api": "responses", "method": "parse", "params": {
        "model": "m", "instructions": "You write haiku.", "input": "Bread.",
        "text_format": ["Haiku", {"haiku": "str"}]}}]);
    let got = run(&python, &server.url, &calls);
    assert_eq!(got[0]["id"], "synthetic", "{}", got[0]);
    assert!(got[0]["parsed"]["haiku"].is_string(), "{}", got[0]);
    let log = server.stop();
    assert!(log.starts_with("synthetic "), "{log}");
}

/// A plain prompt (no schema in its front matter, none on the wire) is keyed with the empty
/// schema as the PHP driver keys it: recorded once through the Messages API, replayed through
/// every wire; `ulcas hash` of its dump (no `schema`) names the same cassette.
#[test]
fn a_plain_prompt_is_recorded_and_replayed_on_every_wire() {
    let Some(python) = python() else { return };
    let (ws, _) = workspace();
    more_prompts(ws.path());
    let system = "You answer questions about bread.";
    let upstream_ws = tempfile::tempdir().unwrap();
    crate::common::copy_tree(ws.path(), upstream_ws.path());
    let upstream = Server::start(
        upstream_ws.path(),
        &[
            "cassettes",
            "--prompts",
            "fixtures/prompts",
            "--mode",
            "synthetic",
        ],
    );
    let recorder = Server::start(
        ws.path(),
        &[
            "cassettes",
            "--prompts",
            "fixtures/prompts",
            "--mode",
            "record",
            "--upstream",
            &upstream.url,
        ],
    );
    let messages = json!({"model": "m", "max_tokens": 100, "system": system,
        "messages": [{"role": "user", "content": "Why does dough rise?"}]});
    let recorded = run(
        &python,
        &recorder.url,
        &json!([{"name": "record", "api": "messages", "method": "stream", "params": messages}]),
    );
    assert_eq!(recorded[0]["id"], "synthetic", "{}", recorded[0]);
    let log = recorder.stop();
    assert!(log.contains("recorded "), "{log}");
    upstream.stop();
    let dump = ws.path().join("plain.json");
    std::fs::write(
        &dump,
        json!({"task": "chat", "prompt_version": 1, "blocks": [{"type": "text", "text": "Why does dough rise?"}]}).to_string(),
    )
    .unwrap();
    let hash = crate::common::ulcas_in(ws.path(), &["hash", "--format", "json", "plain.json"]);
    assert_eq!(hash.code, 0, "{}", hash.stderr);
    let key: Value = serde_json::from_str(hash.stdout.lines().next().unwrap()).unwrap();
    let path = ws.path().join(key["path"].as_str().unwrap());
    assert!(
        path.is_file(),
        "the recording is where ulcas hash says: {}",
        path.display()
    );
    let lookup = crate::common::ulcas_in(
        ws.path(),
        &["lookup", "--cassettes", "cassettes", "plain.json"],
    );
    assert_eq!(
        lookup.code, 0,
        "lookup hits it: {}{}",
        lookup.stdout, lookup.stderr
    );
    // `ulcas record` of the same dump writes to the same path (here into another store).
    std::fs::write(ws.path().join("answer.txt"), "It rises.").unwrap();
    let record = crate::common::ulcas_in(
        ws.path(),
        &[
            "record",
            "--cassettes",
            "elsewhere",
            "--response",
            "answer.txt",
            "--format",
            "json",
            "plain.json",
        ],
    );
    assert_eq!(record.code, 0, "{}", record.stderr);
    let hash = format!("\"hash\":\"{}\"", key["hash"].as_str().unwrap());
    assert!(record.stdout.contains(&hash), "{}", record.stdout);
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let calls = json!([
        {"name": "messages", "api": "messages", "params": messages},
        {"name": "chat", "api": "chat", "params": {"model": "m", "messages": [
            {"role": "system", "content": system}, {"role": "user", "content": "Why does dough rise?"}]}},
        {"name": "responses", "api": "responses", "params": {"model": "m", "instructions": system,
            "input": "Why does dough rise?"}},
    ]);
    let got = run(&python, &server.url, &calls);
    let id = format!("cassette:{}", key["hash"].as_str().unwrap());
    let text = recorded[0]["content"][0]["text"].clone();
    // A plain prompt's synthetic answer is text, not a JSON literal.
    assert!(!text.as_str().unwrap().starts_with('"'), "{text}");
    assert_eq!(
        (&got[0]["id"], &got[0]["content"][0]["text"]),
        (&json!(id), &text),
        "{}",
        got[0]
    );
    assert_eq!(
        (&got[1]["id"], &got[1]["text"]),
        (&json!(id), &text),
        "{}",
        got[1]
    );
    assert_eq!(
        (&got[2]["id"], &got[2]["text"]),
        (&json!(id), &text),
        "{}",
        got[2]
    );
    server.stop();
    let verify = crate::common::ulcas_in(
        ws.path(),
        &["verify", "cassettes", "--prompts", "fixtures/prompts"],
    );
    assert_eq!(
        verify.code, 0,
        "a plain prompt's text answer is no finding: {}",
        verify.stdout
    );
}

/// Headers choose between prompts that send one text: a text that is not the named prompt's
/// is a 400 naming the prompt it is (if any); a prompt no registry holds is a 404 naming the
/// tasks there are.
#[test]
fn headers_never_stand_for_a_text_that_is_not_theirs() {
    let (_ws, quiz, system, _, server) = quiz();
    let pirate = params(&quiz, "You are a pirate.");
    let quiz_headers = [("x-ulcas-task", "quiz"), ("x-ulcas-prompt-version", "1")];
    let (status, answer) = post(&server.url, pirate.to_string().as_bytes(), &quiz_headers);
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer.contains("the headers name the prompt quiz v1, but the system text is not its text"),
        "{answer}"
    );
    let other = params(&quiz, "You write haiku.");
    let (status, answer) = post(&server.url, other.to_string().as_bytes(), &quiz_headers);
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer.contains("but the system text is the text of haiku v1"),
        "{answer}"
    );
    let nope = [("x-ulcas-task", "nope"), ("x-ulcas-prompt-version", "1")];
    let (status, answer) = post(
        &server.url,
        params(&quiz, &system).to_string().as_bytes(),
        &nope,
    );
    // The quiz prompt's own text under another prompt's name: the headers disagree with it.
    assert_eq!(status, 404, "{answer}");
    assert!(
        answer.contains("the headers x-ulcas-task / x-ulcas-prompt-version disagree with the prompt the system text is"),
        "{answer}"
    );
    let (status, answer) = post(
        &server.url,
        params(&quiz, &system).to_string().as_bytes(),
        &quiz_headers,
    );
    assert_eq!(
        status, 200,
        "the prompt's own text with its headers: {answer}"
    );
    server.stop();
}
