//! The Anthropic Messages API (`POST /v1/messages`), as the app's driver and the official SDKs
//! speak it: requests read by [`super::WireRequest::parse`], answers rendered by
//! [`super::message`], an upstream's answer (a message, or its event stream) accumulated as
//! the SDKs accumulate it.
//!
//! ```
//! use ulcas::wire::message::{Answer, Usage};
//! use ulcas::wire::{anthropic::Anthropic, Failure, Wire};
//!
//! let answer = Answer { id: "cassette:abc".into(), model: "m".into(), text: "{}".into(),
//!     stop_reason: "end_turn".into(), refusal_category: None, usage: Usage::default() };
//! let whole = Anthropic.render(&answer, false);
//! assert_eq!(whole.content_type, "application/json");
//! assert!(whole.body.starts_with(r#"{"id":"cassette:abc","type":"message""#));
//! // The stream accumulates to the same recording as the whole message.
//! let streamed = Anthropic.render(&answer, true).body;
//! assert_eq!(
//!     Anthropic.recording(streamed.as_bytes(), None),
//!     Anthropic.recording(whole.body.as_bytes(), None),
//! );
//! let error = Anthropic.failure(Failure::NotFound, "No cassette");
//! assert_eq!(error, r#"{"type":"error","error":{"type":"not_found_error","message":"No cassette"}}"#);
//! ```

use serde_json::Value;

use super::message::{self, Answer, Usage};
use super::seam::{Failure, Rendered, Wire};
use super::WireRequest;
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
        super::parse::parse(body)
    }

    fn render(&self, answer: &Answer, stream: bool) -> Rendered {
        if stream {
            Rendered {
                content_type: "text/event-stream",
                body: answer.events_text(DELTA),
            }
        } else {
            Rendered {
                content_type: "application/json",
                body: answer.message_json(),
            }
        }
    }

    fn failure(&self, failure: Failure, text: &str) -> String {
        message::error(kind(failure), text).to_string()
    }

    fn stream_failure(&self, text: &str) -> String {
        let event = message::error(kind(Failure::Api), text);
        format!("event: error\ndata: {event}\n\n")
    }

    fn stream_ended(&self, stream: &[u8]) -> bool {
        super::seam::last_event_data(stream)
            .and_then(|data| serde_json::from_str::<Value>(data).ok())
            .is_some_and(|event| matches!(event["type"].as_str(), Some("message_stop" | "error")))
    }

    fn recording(&self, whole: &[u8], request_model: Option<&str>) -> Result<Recording, Error> {
        let message = accumulate(whole).map_err(Error::msg)?;
        let text: String = message["content"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|b| b["type"] == "text")
            .filter_map(|b| b["text"].as_str())
            .collect();
        let model = match message["model"].as_str() {
            Some(m) if !m.is_empty() => m.to_owned(),
            _ => request_model.unwrap_or_default().to_owned(),
        };
        Ok(Recording {
            text,
            model,
            stop_reason: message["stop_reason"]
                .as_str()
                .unwrap_or("end_turn")
                .to_owned(),
            refusal_category: message
                .pointer("/stop_details/category")
                .and_then(Value::as_str)
                .map(str::to_owned),
            usage: Usage::of_message(&message["usage"]).to_cassette(),
        })
    }
}

/// The API's error type of a failure.
fn kind(failure: Failure) -> &'static str {
    match failure {
        Failure::InvalidRequest => "invalid_request_error",
        Failure::Permission => "permission_error",
        Failure::NotFound => "not_found_error",
        Failure::TooLarge => "request_too_large",
        Failure::RateLimited => "rate_limit_error",
        Failure::Api => "api_error",
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
