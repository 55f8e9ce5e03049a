//! OpenAI Chat Completions (`POST /v1/chat/completions`), as the official SDKs speak it.
//!
//! - The `system` (or `developer`) messages before the first `user` message are the prompt
//!   text; that message's content (a string, or `text` parts and `file` parts holding a base64
//!   PDF as a data URL) is the request's blocks in order; the `assistant`/`user` messages
//!   after it are the repair turns. The same content gives the same key as on the Messages
//!   API: a cassette recorded through either wire replays through the other.
//! - `response_format.json_schema.schema` carries the schema, full or in its provider form,
//!   matched as on the Messages API (by its provider form); so does a forced function's
//!   `parameters` (`tool_choice` naming it, or `required` with one tool), whose call is then
//!   the answer. Tools the model may call, and tool messages, are refused (a 400 naming them).
//! - The answer is a `chat.completion` (or `chat.completion.chunk` events, then
//!   `data: [DONE]`) whose id is the cassette's (`cassette:<hash>`); `prompt_tokens` counts
//!   every input token, cached ones in `prompt_tokens_details.cached_tokens`. A stream ends
//!   with a chunk of usage (empty `choices`) when `stream_options.include_usage` asks for it.
//!   `n` above 1 is refused: a replay has one answer.
//!
//! ```
//! use ulcas::wire::{openai::OpenAi, Answer, Shape, Usage, Wire};
//!
//! let request = OpenAi.parse(br#"{"model": "m", "stream": true, "messages": [
//!     {"role": "system", "content": "You write outlines."},
//!     {"role": "user", "content": [{"type": "text", "text": "Grind"},
//!         {"type": "file", "file": {"file_data": "data:application/pdf;base64,JVBERi0="}}]}],
//!     "response_format": {"type": "json_schema", "json_schema": {"name": "outline",
//!         "schema": {"type": "object", "title": "Outline"}}}}"#)?;
//! assert_eq!((request.blocks.len(), request.stream), (2, true));
//! // As sent: the endpoint matches it by its provider form (without `title`), on every wire.
//! assert_eq!(request.schema.as_deref(), Some(&serde_json::json!({"type": "object", "title": "Outline"})));
//!
//! let answer = Answer { id: "cassette:abc".into(), model: "m".into(), text: "{}".into(),
//!     stop_reason: "end_turn".into(), refusal_category: None,
//!     usage: Usage { input: 10, output: 2, cache_read: 5, ..Usage::default() } };
//! let streamed = OpenAi.render(&answer, &Shape::new(true, None, true)).body;
//! assert!(streamed.ends_with("data: [DONE]\n\n"));
//! // What a recorder accumulates from that stream.
//! let recording = OpenAi.recording(streamed.as_bytes(), None, None)?;
//! assert_eq!((recording.text.as_str(), recording.stop_reason.as_str()), ("{}", "end_turn"));
//! assert_eq!(recording.usage["cache_read_tokens"], 5);
//! # Ok::<(), ulcas::Error>(())
//! ```

use serde_json::{Map, Value, json};

use super::{
    RAW, SCALAR, bounded_schema, created, document_of, failure_body, forced_function, input_tokens,
    list, object, pieces, refuse_legacy_functions, text_of, usage_of,
};
use crate::error::Error;
use crate::request::{Block, Turn};
use crate::store::Recording;
use crate::wire::neutral::{Answer, Shape, WireRequest};
use crate::wire::read::pruned::Spec;
use crate::wire::read::{AGENT, one_schema};
use crate::wire::seam::{ApiError, Rendered, Upstreamed, Wire};

mod answer;

use answer::{chunks, completion, stop_reason};

/// OpenAI Chat Completions.
#[derive(Debug, Clone, Copy, Default)]
pub struct OpenAi;

impl Wire for OpenAi {
    fn name(&self) -> &'static str {
        "openai"
    }

    fn path(&self) -> &'static str {
        "/v1/chat/completions"
    }

    fn upstream(&self) -> &'static str {
        "https://api.openai.com"
    }

    fn parse(&self, body: &[u8]) -> Result<WireRequest, Error> {
        crate::tally::parsed();
        let tree = crate::wire::read::pruned::read(body, &BODY)?;
        request_of(&tree).map_err(Error::msg)
    }

    fn render(&self, answer: &Answer, shape: &Shape) -> Rendered {
        if shape.stream {
            Rendered::event_stream(chunks(answer, shape))
        } else {
            Rendered::json(completion(answer, shape).to_string())
        }
    }

    fn failure(&self, failure: ApiError, text: &str) -> String {
        failure_body(failure, text)
    }

    fn stream_failure(&self, failure: ApiError, text: &str) -> String {
        format!("data: {}\n\n", self.failure(failure, text))
    }

    fn request_id_header(&self) -> &'static str {
        "x-request-id"
    }

    fn rate_limit_headers(&self) -> &'static [(&'static str, &'static str)] {
        super::RATE_LIMIT_HEADERS
    }

    fn stream_ended(&self, stream: &[u8]) -> bool {
        crate::wire::seam::last_event_data(stream).is_some_and(|data| {
            data == "[DONE]"
                || serde_json::from_str::<Value>(data)
                    .is_ok_and(|chunk| chunk.get("error").is_some())
        })
    }

    fn recording(
        &self,
        whole: &[u8],
        request_model: Option<&str>,
        tool: Option<&str>,
    ) -> Result<Recording, Error> {
        let completion = accumulate(whole).map_err(Error::msg)?;
        let choice = &completion["choices"][0];
        let message = &choice["message"];
        let call = tool.and_then(|name| {
            message["tool_calls"]
                .as_array()?
                .iter()
                .find(|c| c["function"]["name"] == name)
        });
        let (text, stop_reason) = match call {
            Some(call) => {
                let arguments = call["function"]["arguments"].as_str().unwrap_or_default();
                // A whole call is the answer; one cut short (`length`) keeps that reason.
                let stopped = stop_reason(choice["finish_reason"].as_str());
                let stop = crate::wire::anthropic::forced_call_stop(stopped);
                (arguments.trim().to_owned(), stop)
            }
            None => (
                message["content"].as_str().unwrap_or_default().to_owned(),
                stop_reason(choice["finish_reason"].as_str()),
            ),
        };
        if let Some(refusal) = message["refusal"].as_str().filter(|r| !r.is_empty()) {
            return Err(Error::msg(format!("the upstream refused ({refusal:?})")));
        }
        let usage = &completion["usage"];
        Upstreamed {
            text,
            model: completion["model"].as_str(),
            stop_reason,
            refusal_category: None,
            usage: usage_of(
                &usage["prompt_tokens"],
                &usage["prompt_tokens_details"]["cached_tokens"],
                &usage["completion_tokens"],
            ),
        }
        .recording(request_model, tool)
    }
}

/// What the key and the answer read of a body; the rest is skipped as it is read.
static BODY: Spec = object(&[
    ("model", SCALAR),
    (
        "messages",
        &list(&object(&[
            ("role", SCALAR),
            (
                "content",
                &list(&object(&[
                    ("type", SCALAR),
                    ("text", SCALAR),
                    ("file", &object(&[("file_data", SCALAR)])),
                ])),
            ),
            ("tool_calls", SCALAR),
        ])),
    ),
    ("stream", SCALAR),
    ("stream_options", &object(&[("include_usage", SCALAR)])),
    ("n", SCALAR),
    (
        "response_format",
        &object(&[
            ("type", SCALAR),
            ("json_schema", &object(&[("schema", RAW)])),
        ]),
    ),
    (
        "tools",
        &list(&object(&[
            ("type", SCALAR),
            (
                "function",
                &object(&[("name", SCALAR), ("parameters", RAW)]),
            ),
        ])),
    ),
    (
        "tool_choice",
        &object(&[("type", SCALAR), ("function", &object(&[("name", SCALAR)]))]),
    ),
    ("functions", SCALAR),
]);

/// The request a Chat Completions body carries.
fn request_of(tree: &Value) -> Result<WireRequest, String> {
    let body = tree.as_object().ok_or("the body is not a JSON object")?;
    let model = match body.get("model") {
        Some(Value::String(m)) => m.clone(),
        Some(_) => return Err("model: not a string".into()),
        None => return Err("model: missing".into()),
    };
    let messages = match body.get("messages") {
        Some(Value::Array(m)) if m.is_empty() => return Err("messages: empty".into()),
        Some(Value::Array(m)) => m,
        Some(_) => return Err("messages: not a list".into()),
        None => return Err("messages: missing".into()),
    };
    let (system, blocks, turns) = messages_of(messages)?;
    let (stream, include_usage) = options_of(body)?;
    refuse_legacy_functions(body)?;
    let mut carried = Vec::new();
    if let Some(schema) = response_format(body)? {
        carried.push(("response_format.json_schema.schema".into(), schema));
    }
    let forced = forced_function(
        body,
        |tool| tool.get("function")?.get("name"),
        ("function.parameters", |tool| {
            tool.get("function")?.get("parameters")
        }),
    )?;
    let tool = forced.map(|(at, name, schema)| {
        carried.push((at.into(), schema));
        name
    });
    Ok(WireRequest {
        model,
        system,
        blocks,
        turns,
        schema: one_schema(carried)?,
        tool,
        stream,
        include_usage,
    })
}

/// The prompt text (the system and developer messages before the first user message), the
/// blocks of that message and the turns after it.
fn messages_of(messages: &[Value]) -> Result<(String, Vec<Block>, Vec<Turn>), String> {
    let (mut system, mut blocks, mut turns) = (String::new(), None, Vec::new());
    for (i, m) in messages.iter().enumerate() {
        let at = format!("messages[{i}]");
        let m = m.as_object().ok_or(format!("{at}: not an object"))?;
        let role = match m.get("role") {
            Some(Value::String(r)) => r.as_str(),
            _ => return Err(format!("{at}.role: missing or not a string")),
        };
        if matches!(role, "tool" | "function") || m.get("tool_calls").is_some_and(|c| !c.is_null())
        {
            return Err(format!("{at}: a tool call or its result; {AGENT}"));
        }
        let content = m.get("content").unwrap_or(&Value::Null);
        match (role, blocks.is_some()) {
            ("system" | "developer", false) => system.push_str(&text_of(content, &at, &["text"])?),
            ("system" | "developer", true) => {
                return Err(format!(
                    "{at}: a {role} message after the first user message (the prompt text comes first)"
                ));
            }
            ("user", false) => blocks = Some(blocks_of(content, &at)?),
            ("assistant", false) => return Err(format!("{at}: not a user message")),
            ("user" | "assistant", true) => turns.push(Turn {
                role: role.to_owned(),
                text: text_of(content, &at, &["text"])?,
            }),
            (other, _) => {
                return Err(format!(
                    "{at}.role: {other:?}: not a role of a replayed request (system, developer, user, assistant)"
                ));
            }
        }
    }
    let blocks = blocks.ok_or("messages: no user message")?;
    Ok((system, blocks, turns))
}

/// `stream`, and whether a stream ends with its usage (`stream_options.include_usage`); `n`
/// above 1 refused.
fn options_of(body: &Map<String, Value>) -> Result<(bool, bool), String> {
    let stream = match body.get("stream") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err("stream: not a boolean".into()),
    };
    match body.get("n") {
        None | Some(Value::Null) => {}
        Some(n) if n.as_u64() == Some(1) => {}
        Some(n) if n.as_u64().is_some() => {
            return Err(format!(
                "n: {n} answers asked for, but a replay has one answer (send n: 1, or leave n out)"
            ));
        }
        Some(_) => return Err("n: not a positive integer".into()),
    }
    let include_usage = match body
        .get("stream_options")
        .and_then(|o| o.get("include_usage"))
    {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err("stream_options.include_usage: not a boolean".into()),
    };
    Ok((stream, include_usage))
}

/// `response_format`'s JSON schema, as sent (full or in its provider form: the endpoint
/// matches either).
fn response_format(body: &Map<String, Value>) -> Result<Option<std::sync::Arc<Value>>, String> {
    let format = match body.get("response_format") {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Object(f)) => f,
        Some(_) => return Err("response_format: not an object".into()),
    };
    if format.get("type").and_then(Value::as_str) != Some("json_schema") {
        return Ok(None);
    }
    let schema = format.get("json_schema").and_then(|s| s.get("schema"));
    bounded_schema(schema, "response_format.json_schema.schema").map(Some)
}

/// The blocks of the first user message: text parts, and PDFs as base64 data URLs.
fn blocks_of(content: &Value, at: &str) -> Result<Vec<Block>, String> {
    let parts = match content {
        Value::String(t) => return Ok(vec![Block::Text(t.clone())]),
        Value::Array(parts) => parts,
        _ => return Err(format!("{at}.content: not a string or a list")),
    };
    let mut blocks = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter().enumerate() {
        let at = format!("{at}.content[{i}]");
        match part["type"].as_str() {
            Some("text") => match part["text"].as_str() {
                Some(t) => blocks.push(Block::Text(t.to_owned())),
                None => return Err(format!("{at}.text: missing or not a string")),
            },
            Some("file") => blocks.push(document_of(
                part["file"].get("file_data"),
                &format!("{at}.file.file_data"),
            )?),
            Some(other) => {
                return Err(format!(
                    "{at}: type {other:?}: the app sends text and file parts"
                ));
            }
            None => return Err(format!("{at}.type: missing or not a string")),
        }
    }
    Ok(blocks)
}

/// A whole `chat.completion` (not streamed), with a choice.
fn whole_completion(text: &str) -> Result<Value, String> {
    let completion: Value =
        serde_json::from_str(text).map_err(|e| format!("the upstream's completion: {e}"))?;
    if completion["object"] != "chat.completion" || !completion["choices"][0].is_object() {
        return Err("the upstream's answer is no chat.completion with a choice".into());
    }
    Ok(completion)
}

/// A chunk's pieces of tool calls added to the calls so far (by their index): the name, and the
/// arguments' text appended.
fn add_call_pieces(calls: &mut Vec<Value>, delta: &Value) {
    for call in delta["tool_calls"].as_array().into_iter().flatten() {
        let i = call["index"].as_u64().unwrap_or(0) as usize;
        if calls.len() <= i {
            calls.resize(i + 1, json!({"function": {"name": "", "arguments": ""}}));
        }
        if let Some(name) = call["function"]["name"].as_str() {
            calls[i]["function"]["name"] = json!(name);
        }
        if let Some(piece) = call["function"]["arguments"].as_str() {
            let so_far = calls[i]["function"]["arguments"].as_str().unwrap_or("");
            calls[i]["function"]["arguments"] = json!(format!("{so_far}{piece}"));
        }
    }
}

/// The completion of a whole answer: a JSON body that is a `chat.completion`, or a stream of
/// chunks that reached `[DONE]` after a finish reason, accumulated as the SDKs do (content
/// deltas appended, a tool call's arguments appended by its index, the last usage kept).
/// Anything else is not a whole answer, and says why.
fn accumulate(whole: &[u8]) -> Result<Value, String> {
    let text = std::str::from_utf8(whole).map_err(|_| "the upstream's answer is not UTF-8")?;
    if text.trim_start().starts_with('{') {
        return whole_completion(text);
    }
    let (mut content, mut refusal, mut model, mut finish, mut usage) =
        (String::new(), String::new(), None, None, Value::Null);
    let mut calls: Vec<Value> = Vec::new();
    let mut done = false;
    for data in text.lines().filter_map(|l| l.strip_prefix("data:")) {
        let data = data.trim();
        if data == "[DONE]" {
            done = true;
            break;
        }
        let chunk: Value =
            serde_json::from_str(data).map_err(|e| format!("an upstream chunk: {e}"))?;
        if let Some(error) = chunk.get("error") {
            return Err(format!("the upstream sent an error: {error}"));
        }
        model = model.or_else(|| chunk["model"].as_str().map(str::to_owned));
        let choice = &chunk["choices"][0];
        let delta = &choice["delta"];
        if let Some(piece) = delta["content"].as_str() {
            content.push_str(piece);
        }
        if let Some(piece) = delta["refusal"].as_str() {
            refusal.push_str(piece);
        }
        add_call_pieces(&mut calls, delta);
        if let Some(f) = choice["finish_reason"].as_str() {
            finish = Some(f.to_owned());
        }
        if chunk["usage"].is_object() {
            usage = chunk["usage"].clone();
        }
    }
    if !done || finish.is_none() {
        return Err(
            "the upstream's stream ended before a finish reason and [DONE]: a cut answer".into(),
        );
    }
    let message = json!({
        "role": "assistant", "content": content,
        "refusal": Some(refusal).filter(|r| !r.is_empty()),
        "tool_calls": calls,
    });
    Ok(json!({
        "object": "chat.completion",
        "model": model,
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": usage,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::Usage;

    fn answer(text: &str) -> Answer {
        Answer {
            id: "cassette:abc".into(),
            model: "m".into(),
            text: text.into(),
            stop_reason: "max_tokens".into(),
            refusal_category: None,
            usage: Usage {
                input: 10,
                output: 4,
                cache_write_5m: 1,
                cache_write_1h: 2,
                cache_read: 3,
            },
        }
    }

    #[test]
    fn an_answer_streamed_or_not_accumulates_to_the_same_recording() {
        let a = answer(&"ą{\"x\": 1}\n".repeat(300));
        let whole = OpenAi.render(&a, &Shape::whole()).body;
        let streamed = OpenAi.render(&a, &Shape::new(true, None, true)).body;
        assert!(streamed.ends_with("data: [DONE]\n\n"));
        let one = OpenAi.recording(whole.as_bytes(), None, None).unwrap();
        let other = OpenAi.recording(streamed.as_bytes(), None, None).unwrap();
        assert_eq!(one, other);
        assert_eq!(
            (one.text.as_str(), one.stop_reason.as_str()),
            (a.text.as_str(), "max_tokens")
        );
        // Cache writes are input to Chat Completions: they come back as input.
        assert_eq!(one.usage["input_tokens"], 13);
        assert_eq!(one.usage["cache_read_tokens"], 3);
        let cut = &streamed[..streamed.len() - "data: [DONE]\n\n".len()];
        assert!(
            OpenAi
                .recording(cut.as_bytes(), None, None)
                .unwrap_err()
                .to_string()
                .contains("cut answer")
        );
    }

    #[test]
    fn bad_bodies_say_what_is_wrong_naming_the_member() {
        let cases: [(&[u8], &str); 9] = [
            (br#"{"messages": []}"#, "model: missing"),
            (br#"{"model": "m", "messages": [{"role": "assistant", "content": "x"}]}"#, "messages[0]: not a user message"),
            (br#"{"model": "m", "messages": [{"role": "user", "content": [{"type": "image_url"}]}]}"#, "messages[0].content[0]: type \"image_url\""),
            (br#"{"model": "m", "messages": [{"role": "user", "content": [{"type": "file", "file": {"file_id": "f"}}]}]}"#, "file_data: missing"),
            (br#"{"model": "m", "messages": [{"role": "user", "content": "x"}, {"role": "system", "content": "y"}]}"#, "messages[1]: a system message after"),
            (br#"{"model": "m", "messages": [{"role": "user", "content": "x", "content": "y"}]}"#, "duplicate member \"content\""),
            (br#"{"model": "m", "messages": [{"role": "user", "content": "x"}], "response_format": {"type": "json_schema", "json_schema": {}}}"#, "json_schema.schema: missing"),
            (br#"{"model": "m", "messages": [{"role": "user", "content": "x"}, {"role": "critic", "content": "y"}]}"#, "messages[1].role: \"critic\": not a role"),
            (br#"{"model": "m", "messages": [{"role": "user", "content": "x"}, {"role": "tool", "content": "y"}]}"#, "messages[1]: a tool call or its result"),
        ];
        for (body, says) in cases {
            let e = OpenAi.parse(body).unwrap_err().to_string();
            assert!(e.contains(says), "{e} (wanted {says})");
        }
    }

    /// An upstream refusal (`content: null` with a `refusal` text), whole or streamed, is no
    /// recording: it was recorded as an empty `end_turn` answer.
    #[test]
    fn a_refusal_is_never_recorded_as_an_empty_answer() {
        let whole = br#"{"id": "c", "object": "chat.completion", "model": "m", "choices": [{"index": 0,
            "message": {"role": "assistant", "content": null, "refusal": "No."}, "finish_reason": "stop"}]}"#;
        let streamed = concat!(
            "data: {\"id\":\"c\",\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"refusal\":\"\"}}]}\n\n",
            "data: {\"id\":\"c\",\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"refusal\":\"No.\"}}]}\n\n",
            "data: {\"id\":\"c\",\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n",
            "data: [DONE]\n\n"
        );
        for body in [&whole[..], streamed.as_bytes()] {
            let e = OpenAi.recording(body, None, None).unwrap_err().to_string();
            assert!(e.contains("the upstream refused (\"No.\")"), "{e}");
        }
    }

    #[test]
    fn a_pdf_part_is_the_document_block_the_messages_api_carries() {
        let body = br#"{"model": "m", "messages": [
            {"role": "developer", "content": [{"type": "text", "text": "P"}]},
            {"role": "user", "content": [{"type": "text", "text": "a"},
                {"type": "file", "file": {"filename": "x.pdf", "file_data": "data:application/pdf;base64,JVBERi0="}}]},
            {"role": "assistant", "content": "bad"},
            {"role": "user", "content": "errors"}]}"#;
        let r = OpenAi.parse(body).unwrap();
        assert_eq!(r.system, "P");
        assert_eq!(
            r.blocks,
            [
                Block::Text("a".into()),
                Block::Document {
                    data: "JVBERi0=".into(),
                    media_type: Some("application/pdf".into())
                }
            ]
        );
        assert_eq!(r.turns.len(), 2);
        assert_eq!(
            (r.turns[0].role.as_str(), r.turns[1].text.as_str()),
            ("assistant", "errors")
        );
    }
}
