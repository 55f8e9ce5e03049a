//! The Anthropic Messages API (`POST /v1/messages`), as the app's driver and the official SDKs
//! speak it: requests read in one pass by [`WireRequest::parse`] (the schema in
//! `output_config.format`, the beta's `output_format`, or a forced tool's `input_schema`),
//! answers rendered by [`message`] (text, or the forced tool's `tool_use` block), an
//! upstream's answer (a message, or its event stream) accumulated as the SDKs accumulate it.
//!
//! ```
//! use ulcas::wire::{anthropic::Anthropic, Answer, ApiError, Shape, Usage, Wire};
//!
//! let answer = Answer { id: "cassette:abc".into(), model: "m".into(), text: "{}".into(),
//!     stop_reason: "end_turn".into(), refusal_category: None, usage: Usage::default() };
//! let whole = Anthropic.render(&answer, &Shape::whole());
//! assert_eq!(whole.content_type, "application/json");
//! assert!(whole.body.starts_with(r#"{"id":"cassette:abc","type":"message""#));
//! // The stream accumulates to the same recording as the whole message.
//! let streamed = Anthropic.render(&answer, &Shape::streamed()).body;
//! assert_eq!(
//!     Anthropic.recording(streamed.as_bytes(), None, None),
//!     Anthropic.recording(whole.body.as_bytes(), None, None),
//! );
//! // A request whose schema came in a forced tool is answered with a call of that tool.
//! let tool = Shape::new(false, Some("answer"), false);
//! let call = Anthropic.render(&answer, &tool).body;
//! assert!(call.contains(r#""content":[{"type":"tool_use","id":"toolu_cassette_abc","name":"answer","input":{}}]"#));
//! assert!(call.contains(r#""stop_reason":"tool_use""#));
//! let error = Anthropic.failure(ApiError::NotFound, "No cassette");
//! assert_eq!(error, r#"{"type":"error","error":{"type":"not_found_error","message":"No cassette"}}"#);
//! ```

use serde_json::Value;

mod carried;
pub mod message;
mod parse;

use super::neutral::{Answer, Shape, Usage, WireRequest};
use super::seam::{ApiError, Rendered, Upstreamed, Wire};
use crate::error::Error;
use crate::store::Recording;

/// How many bytes of text one `content_block_delta` carries.
const DELTA: usize = 1024;

/// The Messages API.
#[derive(Debug, Clone, Copy, Default)]
pub struct Anthropic;

impl Wire for Anthropic {
    fn name(&self) -> &'static str {
        "anthropic"
    }

    fn path(&self) -> &'static str {
        "/v1/messages"
    }

    fn upstream(&self) -> &'static str {
        "https://api.anthropic.com"
    }

    fn parse(&self, body: &[u8]) -> Result<WireRequest, Error> {
        crate::tally::parsed();
        parse::parse(body)
    }

    fn render(&self, answer: &Answer, shape: &Shape) -> Rendered {
        if shape.stream {
            Rendered::event_stream(answer.events_text(DELTA, shape))
        } else {
            Rendered::json(answer.message_json(shape))
        }
    }

    fn failure(&self, failure: ApiError, text: &str) -> String {
        message::error(kind(failure), text).to_string()
    }

    fn stream_failure(&self, failure: ApiError, text: &str) -> String {
        let event = message::error(kind(failure), text);
        format!("event: error\ndata: {event}\n\n")
    }

    fn status_of(&self, failure: ApiError) -> u16 {
        match failure {
            ApiError::Overloaded => 529,
            other => other.status(),
        }
    }

    fn request_id_header(&self) -> &'static str {
        "request-id"
    }

    fn rate_limit_headers(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("anthropic-ratelimit-requests-limit", "50"),
            ("anthropic-ratelimit-requests-remaining", "0"),
        ]
    }

    fn stream_ended(&self, stream: &[u8]) -> bool {
        super::seam::last_event_data(stream)
            .and_then(|data| serde_json::from_str::<Value>(data).ok())
            .is_some_and(|event| matches!(event["type"].as_str(), Some("message_stop" | "error")))
    }

    fn recording(
        &self,
        whole: &[u8],
        request_model: Option<&str>,
        tool: Option<&str>,
    ) -> Result<Recording, Error> {
        let message = accumulate(whole).map_err(Error::msg)?;
        let blocks = message["content"].as_array().map_or(&[][..], Vec::as_slice);
        // The forced tool's call: its input is the answer (as JSON text, as the model wrote it
        // where the stream carried it so).
        let call = tool.and_then(|name| {
            blocks
                .iter()
                .find(|b| b["type"] == "tool_use" && b["name"] == name)
        });
        let stopped = message["stop_reason"].as_str().unwrap_or("end_turn");
        let (text, stop_reason) = match call {
            Some(block) => {
                let input = match block.get("partial_json").and_then(Value::as_str) {
                    Some(written) if !written.trim().is_empty() => written.trim().to_owned(),
                    _ => block["input"].to_string(),
                };
                // A whole call is the answer (`end_turn`, as the app's recorder writes it); a
                // call the API cut short (`max_tokens`) keeps the reason it gave.
                (input, forced_call_stop(stopped))
            }
            None => {
                let text: String = blocks
                    .iter()
                    .filter(|b| b["type"] == "text")
                    .filter_map(|b| b["text"].as_str())
                    .collect();
                (text, stopped)
            }
        };
        Upstreamed {
            text,
            model: message["model"].as_str(),
            stop_reason,
            refusal_category: message
                .pointer("/stop_details/category")
                .and_then(Value::as_str)
                .map(str::to_owned),
            usage: Usage::of_message(&message["usage"]),
        }
        .recording(request_model, tool)
    }
}

/// The stop reason a forced tool's call is recorded with: `end_turn` for a whole call (the API
/// says `tool_use`), else the reason the API gave (a call cut by `max_tokens` is no whole
/// answer, and replays as the text it is).
pub(crate) fn forced_call_stop(api_said: &str) -> &str {
    match api_said {
        "tool_use" | "end_turn" | "stop_sequence" => "end_turn",
        other => other,
    }
}

/// The API's error type of a failure.
pub(crate) fn kind(failure: ApiError) -> &'static str {
    match failure {
        ApiError::InvalidRequest => "invalid_request_error",
        ApiError::Permission => "permission_error",
        ApiError::Authentication => "authentication_error",
        ApiError::NotFound => "not_found_error",
        ApiError::TooLarge => "request_too_large",
        ApiError::RateLimited => "rate_limit_error",
        ApiError::Overloaded => "overloaded_error",
        ApiError::Api => "api_error",
    }
}

/// The message of a whole answer: a JSON body that is a message, or an event stream that
/// reached `message_stop`, accumulated as the SDKs do (text deltas appended, `message_delta`
/// over `message_start`, the cache split from `message_start` only). Anything else (a stream
/// cut at an event boundary, `{}`) is not a whole answer, and says why.
fn accumulate(whole: &[u8]) -> Result<Value, String> {
    let text = std::str::from_utf8(whole).map_err(|_| "the upstream's answer is not UTF-8")?;
    if text.trim_start().starts_with('{') {
        let message: Value =
            serde_json::from_str(text).map_err(|e| format!("the upstream's message: {e}"))?;
        return is_message(&message).then_some(message).ok_or_else(|| {
            "the upstream's answer is no message (type \"message\", role \"assistant\", a content list)".into()
        });
    }
    let mut message = Value::Null;
    let mut stopped = false;
    for data in text.lines().filter_map(|l| l.strip_prefix("data:")) {
        let event: Value =
            serde_json::from_str(data.trim()).map_err(|e| format!("an upstream event: {e}"))?;
        match event["type"].as_str() {
            Some("message_start") => message = event["message"].clone(),
            Some("message_stop") => stopped = true,
            Some("error") => return Err(format!("the upstream sent an error: {}", event["error"])),
            _ => apply(&mut message, &event),
        }
    }
    if message.is_null() {
        return Err("the upstream's stream has no message_start".into());
    }
    if !stopped {
        return Err("the upstream's stream ended before message_stop: a cut answer".into());
    }
    if !is_message(&message) {
        return Err("the upstream's stream holds no message".into());
    }
    Ok(message)
}

/// A message as the API returns one.
fn is_message(v: &Value) -> bool {
    v["type"] == "message" && v["role"] == "assistant" && v["content"].is_array()
}

/// One event of a stream applied to the message so far.
fn apply(message: &mut Value, event: &Value) {
    match event["type"].as_str() {
        Some("content_block_start") => {
            if let Some(content) = message["content"].as_array_mut() {
                content.push(event["content_block"].clone());
            }
        }
        // A tool call's input, as the model writes it: kept as its text (the input the API
        // parses from it is the same JSON).
        Some("content_block_delta") if event["delta"]["type"] == "input_json_delta" => {
            let i = event["index"].as_u64().unwrap_or(0) as usize;
            let delta = event["delta"]["partial_json"].as_str().unwrap_or("");
            if let Some(block) = message["content"].get_mut(i) {
                match block.get_mut("partial_json") {
                    Some(Value::String(t)) => t.push_str(delta),
                    _ => block["partial_json"] = Value::String(delta.to_owned()),
                }
            }
        }
        Some("content_block_delta") if event["delta"]["type"] == "text_delta" => {
            let i = event["index"].as_u64().unwrap_or(0) as usize;
            let delta = event["delta"]["text"].as_str().unwrap_or("");
            if let Some(block) = message["content"].get_mut(i) {
                // Appended in place: a long answer in many small deltas stays linear.
                match block.get_mut("text") {
                    Some(Value::String(t)) => t.push_str(delta),
                    _ => block["text"] = Value::String(delta.to_owned()),
                }
            }
        }
        Some("message_delta") => {
            for k in ["stop_reason", "stop_sequence", "stop_details"] {
                if let Some(v) = event["delta"].get(k) {
                    message[k] = v.clone();
                }
            }
            if let Some(usage) = event["usage"].as_object() {
                for (k, v) in usage {
                    if k != "cache_creation" && !v.is_null() {
                        message["usage"][k] = v.clone();
                    }
                }
            }
        }
        _ => {}
    }
}

impl WireRequest {
    /// Parses a Messages API body in one pass; an error says in one line what is wrong and
    /// where (a duplicate member anywhere, a member of the wrong type, a schema over
    /// [`super::MAX_SCHEMA`], tools the model may call).
    pub fn parse(body: &[u8]) -> Result<WireRequest, Error> {
        parse::parse(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::MAX_SCHEMA;

    #[test]
    fn bad_bodies_say_what_is_wrong_in_one_line() {
        let cases: [(&[u8], &str); 9] = [
            (b"{\"model\": \"m\xff\"}", "1:13: invalid JSON: invalid unicode code point"),
            (b"{", "invalid JSON"),
            (b"[]", "not a JSON object"),
            (br#"{"messages": [{"role": "user", "content": "x"}]}"#, "model: missing"),
            (br#"{"model": 1}"#, "model: not a string"),
            (br#"{"model": "m", "messages": []}"#, "messages: empty"),
            (br#"{"model": "m", "messages": [{"role": "assistant", "content": "x"}]}"#, "not a user message"),
            (br#"{"model": "m", "messages": [{"role": "user", "content": [{"type": "image"}]}]}"#, "messages[0].content[0]: type \"image\""),
            (br#"{"model": "m", "messages": [{"role": "user", "content": "x"}], "stream": "yes"}"#, "stream: not a boolean"),
        ];
        for (body, says) in cases {
            let e = WireRequest::parse(body).unwrap_err().to_string();
            assert!(e.contains(says), "{e} (wanted {says})");
            assert!(!e.contains('\n'));
        }
    }

    #[test]
    fn duplicate_members_anywhere_are_refused_naming_them() {
        let cases: [(&[u8], &str); 8] = [
            (br#"{"model": "m", "messages": [{"role": "user", "content": "a"}], "messages": [{"role": "user", "content": "b"}]}"#, "duplicate member \"messages\""),
            (br#"{"model": "m", "model": "n", "messages": []}"#, "duplicate member \"model\""),
            (br#"{"model": "m", "messages": [{"role": "user", "content": [{"type": "text", "text": "a", "text": "b"}]}]}"#, "messages[0].content[0]: duplicate member \"text\""),
            (br#"{"model": "m", "messages": [{"role": "user", "content": "a"}], "metadata": {"x": [{"k": 1, "k": 2}]}}"#, "metadata.x[0]: duplicate member \"k\""),
            (br#"{"model": "m", "messages": [{"role": "user", "content": "a"}], "output_config": {"format": {"schema": {"type": "object", "properties": {"a": {}, "a": {}}}}}}"#, "output_config.format.schema.properties: duplicate member \"a\""),
            (br#"{"model": "m", "messages": [{"role": "user", "content": "a"}], "x\u0079": 1, "xy": 2}"#, "duplicate member \"xy\""),
            // Past the names compared one by one: hashed.
            (br#"{"model": "m", "messages": [{"role": "user", "content": "a"}], "metadata": {"a": 1, "b": 1, "c": 1, "d": 1, "e": 1, "f": 1, "g": 1, "h": 1, "i": 1, "j": 1, "k": 1, "l": 1, "m": 1, "n": 1, "o": 1, "p": 1, "q": 1, "r": 1, "b": 2}}"#, "metadata: duplicate member \"b\""),
            (br#"{"model": "m", "messages": [{"role": "user", "content": "a"}], "metadata": {"a": 1, "b": 1, "c": 1, "d": 1, "e": 1, "f": 1, "g": 1, "h": 1, "i": 1, "j": 1, "k": 1, "l": 1, "m": 1, "n": 1, "o": 1, "p": 1, "q": 1, "r": 1, "r": 2}}"#, "metadata: duplicate member \"r\""),
        ];
        for (body, says) in cases {
            let e = WireRequest::parse(body).unwrap_err().to_string();
            assert!(e.contains(says), "{e} (wanted {says})");
        }
    }

    #[test]
    fn members_of_the_wrong_type_are_refused_naming_them() {
        let cases: [(&[u8], &str); 5] = [
            (br#"{"model": "m", "max_tokens": "lots", "messages": [{"role": "user", "content": "a"}]}"#, "max_tokens: not an integer"),
            (br#"{"model": "m", "messages": [{"role": "user", "content": "a"}], "system": 5}"#, "system: not a string"),
            (br#"{"model": "m", "messages": [{"role": "user", "content": "a"}], "output_config": {"format": {"type": "json_schema"}}}"#, "output_config.format.schema: missing"),
            (br#"{"model": "m", "messages": [{"role": 4, "content": "a"}]}"#, "messages[0].role: not a string"),
            (br#"{"model": "m", "messages": [{"role": "user", "content": "a"}, {"role": "assistant", "content": [{"type": "document"}]}]}"#, "messages[1]: content: a repair turn holds text blocks only"),
        ];
        for (body, says) in cases {
            let e = WireRequest::parse(body).unwrap_err().to_string();
            assert!(e.contains(says), "{e} (wanted {says})");
        }
        let big = format!(
            r#"{{"model": "m", "messages": [{{"role": "user", "content": "a"}}], "output_config": {{"format": {{"schema": {{"x": "{}"}}}}}}}}"#,
            "y".repeat(MAX_SCHEMA)
        );
        let e = WireRequest::parse(big.as_bytes()).unwrap_err().to_string();
        assert!(e.contains("more than an output schema may hold"), "{e}");
    }

    #[test]
    fn reads_what_the_app_sends() {
        let body = br#"{"model": "claude", "max_tokens": 8, "stream": true,
            "system": [{"type": "text", "text": "Be brief.", "cache_control": {"type": "ephemeral", "ttl": "1h"}}],
            "messages": [
              {"role": "user", "content": [{"type": "text", "text": "a"},
                {"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": "QUJD"}}]},
              {"role": "assistant", "content": [{"type": "text", "text": "{}"}]},
              {"role": "user", "content": [{"type": "text", "text": "errors"}]}],
            "output_config": {"effort": "low", "format": {"type": "json_schema", "schema": {"type": "object"}}}}"#;
        let w = WireRequest::parse(body).unwrap();
        assert_eq!(
            (w.model.as_str(), w.system.as_str(), w.stream),
            ("claude", "Be brief.", true)
        );
        assert_eq!(w.blocks.len(), 2);
        assert_eq!(w.turns[1].text, "errors");
        assert_eq!(
            w.schema.as_deref(),
            Some(&serde_json::json!({"type": "object"}))
        );
    }
}
