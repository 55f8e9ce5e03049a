//! OpenAI Chat Completions (`POST /v1/chat/completions`), as the official SDKs speak it.
//!
//! - The `system` (or `developer`) messages before the first `user` message are the prompt
//!   text; that message's content (a string, or `text` parts and `file` parts holding a base64
//!   PDF as a data URL) is the request's blocks in order; the `assistant`/`user` messages
//!   after it are the repair turns. The same content gives the same key as on the Messages
//!   API: a cassette recorded through either wire replays through the other.
//! - `response_format.json_schema.schema` carries the schema, full or in its provider form,
//!   matched as on the Messages API (by its provider form).
//! - The answer is a `chat.completion` (or `chat.completion.chunk` events, then
//!   `data: [DONE]`) whose id is the cassette's (`cassette:<hash>`); `prompt_tokens` counts
//!   every input token, cached ones in `prompt_tokens_details.cached_tokens`.
//!
//! ```
//! use ulcas::wire::message::{Answer, Usage};
//! use ulcas::wire::{openai::OpenAi, Wire};
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
//! let streamed = OpenAi.render(&answer, true).body;
//! assert!(streamed.ends_with("data: [DONE]\n\n"));
//! // What a recorder accumulates from that stream.
//! let recording = OpenAi.recording(streamed.as_bytes(), None)?;
//! assert_eq!((recording.text.as_str(), recording.stop_reason.as_str()), ("{}", "end_turn"));
//! assert_eq!(recording.usage["cache_read_tokens"], 5);
//! # Ok::<(), ulcas::Error>(())
//! ```

use serde_json::{json, Map, Value};

use super::message::{Answer, Usage};
use super::seam::{Failure, Rendered, Wire};
use super::{WireRequest, MAX_SCHEMA};
use crate::error::Error;
use crate::request::{Block, Turn};
use crate::store::Recording;

/// How many bytes of text one chunk carries.
const DELTA: usize = 1024;

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
        let tree = super::parse::tree(body)?;
        request_of(&tree).map_err(Error::msg)
    }

    fn render(&self, answer: &Answer, stream: bool) -> Rendered {
        if stream {
            Rendered {
                content_type: "text/event-stream",
                body: chunks(answer),
            }
        } else {
            Rendered {
                content_type: "application/json",
                body: completion(answer).to_string(),
            }
        }
    }

    fn failure(&self, failure: Failure, text: &str) -> String {
        let (kind, code) = kind(failure);
        json!({"error": {"message": text, "type": kind, "param": null, "code": code}}).to_string()
    }

    fn stream_failure(&self, text: &str) -> String {
        format!("data: {}\n\n", self.failure(Failure::Api, text))
    }

    fn stream_ended(&self, stream: &[u8]) -> bool {
        super::seam::last_event_data(stream).is_some_and(|data| {
            data == "[DONE]"
                || serde_json::from_str::<Value>(data)
                    .is_ok_and(|chunk| chunk.get("error").is_some())
        })
    }

    fn recording(&self, whole: &[u8], request_model: Option<&str>) -> Result<Recording, Error> {
        let completion = accumulate(whole).map_err(Error::msg)?;
        let choice = &completion["choices"][0];
        let text = choice["message"]["content"].as_str().unwrap_or_default();
        let model = match completion["model"].as_str() {
            Some(m) if !m.is_empty() => m,
            _ => request_model.unwrap_or_default(),
        };
        let usage = &completion["usage"];
        let count = |v: &Value| v.as_u64().unwrap_or(0);
        let cached = count(&usage["prompt_tokens_details"]["cached_tokens"]);
        let counts = Usage {
            input: count(&usage["prompt_tokens"]).saturating_sub(cached),
            output: count(&usage["completion_tokens"]),
            cache_read: cached,
            ..Usage::default()
        };
        Ok(Recording {
            text: text.to_owned(),
            model: model.to_owned(),
            stop_reason: stop_reason(choice["finish_reason"].as_str()).to_owned(),
            refusal_category: None,
            usage: counts.to_cassette(),
        })
    }
}

/// The API's error type and code of a failure.
fn kind(failure: Failure) -> (&'static str, Option<&'static str>) {
    match failure {
        Failure::InvalidRequest => ("invalid_request_error", None),
        Failure::Permission => ("invalid_request_error", Some("forbidden")),
        Failure::NotFound => ("not_found_error", Some("not_found")),
        Failure::TooLarge => ("invalid_request_error", Some("request_too_large")),
        Failure::RateLimited => ("rate_limit_error", Some("rate_limit_exceeded")),
        Failure::Api => ("server_error", None),
    }
}

/// Why the model stopped, in Chat Completions' words.
fn finish_reason(stop_reason: &str) -> &'static str {
    match stop_reason {
        "max_tokens" => "length",
        "refusal" => "content_filter",
        "tool_use" => "tool_calls",
        _ => "stop",
    }
}

/// Why the model stopped, in a cassette's words (the Messages API's).
fn stop_reason(finish_reason: Option<&str>) -> &'static str {
    match finish_reason {
        Some("length") => "max_tokens",
        Some("content_filter") => "refusal",
        Some("tool_calls") => "tool_use",
        _ => "end_turn",
    }
}

/// The `usage` of an answer.
fn usage(u: &Usage) -> Value {
    let prompt = u.input + u.cache_write_5m + u.cache_write_1h + u.cache_read;
    json!({
        "prompt_tokens": prompt,
        "completion_tokens": u.output,
        "total_tokens": prompt + u.output,
        "prompt_tokens_details": {"cached_tokens": u.cache_read},
    })
}

/// The whole `chat.completion`.
fn completion(a: &Answer) -> Value {
    json!({
        "id": a.id,
        "object": "chat.completion",
        "created": created(),
        "model": a.model,
        "choices": [{
            "index": 0,
            "message": {"role": "assistant", "content": a.text, "refusal": null},
            "logprobs": null,
            "finish_reason": finish_reason(&a.stop_reason),
        }],
        "usage": usage(&a.usage),
    })
}

/// The stream: a chunk with the role, the text in chunks of at most [`DELTA`] bytes (at
/// character boundaries), a chunk with the finish reason and the usage, then `[DONE]`.
fn chunks(a: &Answer) -> String {
    let created = created();
    let chunk = |delta: Value, finish: Value, usage: Value| {
        let chunk = json!({
            "id": a.id,
            "object": "chat.completion.chunk",
            "created": created,
            "model": a.model,
            "choices": [{"index": 0, "delta": delta, "logprobs": null, "finish_reason": finish}],
            "usage": usage,
        });
        format!("data: {chunk}\n\n")
    };
    let mut out = chunk(
        json!({"role": "assistant", "content": ""}),
        Value::Null,
        Value::Null,
    );
    let mut rest = a.text.as_str();
    while !rest.is_empty() {
        let mut end = rest.len().min(DELTA);
        while !rest.is_char_boundary(end) {
            end -= 1;
        }
        out.push_str(&chunk(
            json!({"content": &rest[..end]}),
            Value::Null,
            Value::Null,
        ));
        rest = &rest[end..];
    }
    let finish = json!(finish_reason(&a.stop_reason));
    out.push_str(&chunk(json!({}), finish, usage(&a.usage)));
    out.push_str("data: [DONE]\n\n");
    out
}

/// Seconds since the epoch.
fn created() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

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
    let (mut system, mut blocks, mut turns) = (String::new(), None, Vec::new());
    for (i, m) in messages.iter().enumerate() {
        let at = format!("messages[{i}]");
        let m = m.as_object().ok_or(format!("{at}: not an object"))?;
        let role = match m.get("role") {
            Some(Value::String(r)) => r.as_str(),
            _ => return Err(format!("{at}.role: missing or not a string")),
        };
        let content = m.get("content").unwrap_or(&Value::Null);
        match (role, blocks.is_some()) {
            ("system" | "developer", false) => system.push_str(&text_of(content, &at)?),
            ("system" | "developer", true) => {
                return Err(format!(
                "{at}: a {role} message after the first user message (the prompt text comes first)"
            ))
            }
            ("user", false) => blocks = Some(blocks_of(content, &at)?),
            (_, false) => return Err(format!("{at}: not a user message")),
            (_, true) => turns.push(Turn {
                role: role.to_owned(),
                text: text_of(content, &at)?,
            }),
        }
    }
    let blocks = blocks.ok_or("messages: no user message")?;
    let stream = match body.get("stream") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err("stream: not a boolean".into()),
    };
    Ok(WireRequest {
        model,
        system,
        blocks,
        turns,
        schema: schema_of(body)?,
        stream,
    })
}

/// `response_format`'s JSON schema, as sent (full or in its provider form: the endpoint
/// matches either).
fn schema_of(body: &Map<String, Value>) -> Result<Option<std::sync::Arc<Value>>, String> {
    let format = match body.get("response_format") {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Object(f)) => f,
        Some(_) => return Err("response_format: not an object".into()),
    };
    if format.get("type").and_then(Value::as_str) != Some("json_schema") {
        return Ok(None);
    }
    let schema = format
        .get("json_schema")
        .and_then(|s| s.get("schema"))
        .filter(|s| s.is_object())
        .ok_or("response_format.json_schema.schema: missing or not an object")?;
    let size = serde_json::to_string(schema).map_or(0, |s| s.len());
    if size > MAX_SCHEMA {
        return Err(format!(
            "response_format.json_schema.schema: {size} bytes, more than an output schema may hold ({} KiB)",
            MAX_SCHEMA >> 10
        ));
    }
    Ok(Some(std::sync::Arc::new(schema.clone())))
}

/// The text of a system message or a repair turn: a string, or text parts joined.
fn text_of(content: &Value, at: &str) -> Result<String, String> {
    match content {
        Value::String(t) => Ok(t.clone()),
        Value::Array(parts) => {
            let mut text = String::new();
            for (i, part) in parts.iter().enumerate() {
                match (part["type"].as_str(), part["text"].as_str()) {
                    (Some("text"), Some(t)) => text.push_str(t),
                    _ => {
                        return Err(format!(
                            "{at}.content[{i}]: not a text part (this message holds text only)"
                        ))
                    }
                }
            }
            Ok(text)
        }
        _ => Err(format!("{at}.content: not a string or a list")),
    }
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
            Some("file") => blocks.push(document_of(&part["file"], &at)?),
            Some(other) => {
                return Err(format!(
                    "{at}: type {other:?}: the app sends text and file parts"
                ))
            }
            None => return Err(format!("{at}.type: missing or not a string")),
        }
    }
    Ok(blocks)
}

/// A `file` part: `file_data` as `data:<media type>;base64,<data>` (the key hashes the base64
/// text as written, as on the Messages API).
fn document_of(file: &Value, at: &str) -> Result<Block, String> {
    let data = file["file_data"].as_str().ok_or(format!(
        "{at}.file.file_data: missing (an uploaded file's id cannot be keyed: send its data)"
    ))?;
    let (media_type, data) = data
        .strip_prefix("data:")
        .and_then(|rest| rest.split_once(";base64,"))
        .ok_or(format!(
            "{at}.file.file_data: not a data URL (data:<media type>;base64,<data>)"
        ))?;
    Ok(Block::Document {
        data: data.to_owned(),
        media_type: Some(media_type.to_owned()).filter(|m| !m.is_empty()),
    })
}

/// The completion of a whole answer: a JSON body that is a `chat.completion`, or a stream of
/// chunks that reached `[DONE]` after a finish reason, accumulated as the SDKs do (content
/// deltas appended, the last usage kept). Anything else is not a whole answer, and says why.
fn accumulate(whole: &[u8]) -> Result<Value, String> {
    let text = std::str::from_utf8(whole).map_err(|_| "the upstream's answer is not UTF-8")?;
    if text.trim_start().starts_with('{') {
        let completion: Value =
            serde_json::from_str(text).map_err(|e| format!("the upstream's completion: {e}"))?;
        if completion["object"] != "chat.completion" || !completion["choices"][0].is_object() {
            return Err("the upstream's answer is no chat.completion with a choice".into());
        }
        return Ok(completion);
    }
    let (mut content, mut model, mut finish, mut usage) = (String::new(), None, None, Value::Null);
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
        if let Some(piece) = choice["delta"]["content"].as_str() {
            content.push_str(piece);
        }
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
    Ok(json!({
        "object": "chat.completion",
        "model": model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": finish}],
        "usage": usage,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let whole = OpenAi.render(&a, false).body;
        let streamed = OpenAi.render(&a, true).body;
        assert!(streamed.ends_with("data: [DONE]\n\n"));
        let one = OpenAi.recording(whole.as_bytes(), None).unwrap();
        let other = OpenAi.recording(streamed.as_bytes(), None).unwrap();
        assert_eq!(one, other);
        assert_eq!(
            (one.text.as_str(), one.stop_reason.as_str()),
            (a.text.as_str(), "max_tokens")
        );
        // Cache writes are input to Chat Completions: they come back as input.
        assert_eq!(one.usage["input_tokens"], 13);
        assert_eq!(one.usage["cache_read_tokens"], 3);
        let cut = &streamed[..streamed.len() - "data: [DONE]\n\n".len()];
        assert!(OpenAi
            .recording(cut.as_bytes(), None)
            .unwrap_err()
            .to_string()
            .contains("cut answer"));
    }

    #[test]
    fn bad_bodies_say_what_is_wrong_naming_the_member() {
        let cases: [(&[u8], &str); 7] = [
            (br#"{"messages": []}"#, "model: missing"),
            (br#"{"model": "m", "messages": [{"role": "assistant", "content": "x"}]}"#, "messages[0]: not a user message"),
            (br#"{"model": "m", "messages": [{"role": "user", "content": [{"type": "image_url"}]}]}"#, "messages[0].content[0]: type \"image_url\""),
            (br#"{"model": "m", "messages": [{"role": "user", "content": [{"type": "file", "file": {"file_id": "f"}}]}]}"#, "file_data: missing"),
            (br#"{"model": "m", "messages": [{"role": "user", "content": "x"}, {"role": "system", "content": "y"}]}"#, "messages[1]: a system message after"),
            (br#"{"model": "m", "messages": [{"role": "user", "content": "x", "content": "y"}]}"#, "duplicate member \"content\""),
            (br#"{"model": "m", "messages": [{"role": "user", "content": "x"}], "response_format": {"type": "json_schema", "json_schema": {}}}"#, "json_schema.schema: missing"),
        ];
        for (body, says) in cases {
            let e = OpenAi.parse(body).unwrap_err().to_string();
            assert!(e.contains(says), "{e} (wanted {says})");
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
