//! The two OpenAI APIs a client may speak: Chat Completions ([`OpenAi`], `POST
//! /v1/chat/completions`) and the Responses API ([`Responses`], `POST /v1/responses`), and what
//! they share: the error body, the usage they count, PDFs as base64 data URLs, text parts, the
//! schema's bound, a forced function tool, and the time they stamp an answer with.
//!
//! ```
//! use ulcas::wire::openai::{OpenAi, Responses};
//! use ulcas::wire::Wire;
//!
//! // The same content on both OpenAI wires is the same request, and so the same key.
//! let chat = OpenAi.parse(br#"{"model": "m", "messages": [
//!     {"role": "system", "content": "You write outlines."},
//!     {"role": "user", "content": "Grind"}]}"#)?;
//! let responses = Responses.parse(br#"{"model": "m", "instructions": "You write outlines.",
//!     "input": "Grind"}"#)?;
//! assert_eq!((chat.system.as_str(), chat.blocks.len()), ("You write outlines.", 1));
//! assert_eq!((responses.system, responses.blocks), (chat.system, chat.blocks));
//! # Ok::<(), ulcas::Error>(())
//! ```

mod chat;
mod responses;

pub use chat::OpenAi;
pub use responses::Responses;

use std::sync::Arc;

use serde_json::{Map, Value, json};

use super::neutral::Usage;
use super::read::pruned::Spec;
use super::read::{AGENT, Choice, ToolDef, forced_tool, schema_text};
use super::seam::ApiError;
use crate::request::Block;

/// How many bytes of text one chunk or delta carries.
const DELTA: usize = 1024;

/// The error body of both APIs: `{"error": {"message", "type", "param", "code"}}`.
fn failure_body(failure: ApiError, text: &str) -> String {
    let (kind, code) = kind(failure);
    json!({"error": {"message": text, "type": kind, "param": null, "code": code}}).to_string()
}

/// The API's error type and code of a failure.
fn kind(failure: ApiError) -> (&'static str, Option<&'static str>) {
    match failure {
        ApiError::InvalidRequest => ("invalid_request_error", None),
        ApiError::Permission => ("invalid_request_error", Some("forbidden")),
        ApiError::Authentication => ("invalid_request_error", Some("invalid_api_key")),
        ApiError::NotFound => ("not_found_error", Some("not_found")),
        ApiError::TooLarge => ("invalid_request_error", Some("request_too_large")),
        ApiError::RateLimited => ("rate_limit_error", Some("rate_limit_exceeded")),
        ApiError::Overloaded => ("server_error", Some("overloaded")),
        ApiError::Api => ("server_error", None),
    }
}

/// The rate-limit headers of both APIs.
const RATE_LIMIT_HEADERS: &[(&str, &str)] = &[
    ("x-ratelimit-limit-requests", "60"),
    ("x-ratelimit-remaining-requests", "0"),
];

/// Every input token, as both APIs count them (cache writes and reads among them).
fn input_tokens(u: &Usage) -> u64 {
    u.input + u.cache_write_5m + u.cache_write_1h + u.cache_read
}

/// The counts of an answer the upstream reported: every input token (`total`), the cached
/// ones among them, and the output.
fn usage_of(total: &Value, cached: &Value, output: &Value) -> Usage {
    let count = |v: &Value| v.as_u64().unwrap_or(0);
    let cached = count(cached);
    Usage {
        input: count(total).saturating_sub(cached),
        output: count(output),
        cache_read: cached,
        ..Usage::default()
    }
}

/// Seconds since the epoch.
fn created() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// `text` in pieces of at most [`DELTA`] bytes, cut at character boundaries.
fn pieces(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let mut end = rest.len().min(DELTA);
        while !rest.is_char_boundary(end) {
            end -= 1;
        }
        let (piece, after) = rest.split_at(end);
        rest = after;
        Some(piece)
    })
}

/// A schema as sent (kept as its JSON text by the body's [`Spec`]), as a tree: an object
/// within [`crate::wire::MAX_SCHEMA`].
fn bounded_schema(schema: Option<&Value>, at: &str) -> Result<Arc<Value>, String> {
    match schema {
        Some(Value::String(text)) => schema_text(text, at),
        _ => Err(format!("{at}: missing or not an object")),
    }
}

/// What both APIs keep of a member they read only as a scalar (a string, a number), or whose
/// presence only they read (an object or a list is kept empty).
const SCALAR: &Spec = &Spec::SCALAR;

/// A member holding a schema: kept as its JSON text.
const RAW: &Spec = &Spec::RAW;

/// An object whose `members` are kept.
const fn object(members: &'static [(&'static str, &'static Spec)]) -> Spec {
    Spec {
        members,
        items: None,
        raw: false,
    }
}

/// A list whose items are kept by `items` (a string in its place is kept too).
const fn list(items: &'static Spec) -> Spec {
    Spec {
        members: &[],
        items: Some(items),
        raw: false,
    }
}

/// A base64 PDF as a data URL (`data:<media type>;base64,<data>`): the key hashes the base64
/// text as written, as on the Messages API.
fn document_of(data: Option<&Value>, at: &str) -> Result<Block, String> {
    let data = data.and_then(Value::as_str).ok_or(format!(
        "{at}: missing (an uploaded file's id cannot be keyed: send its data)"
    ))?;
    let (media_type, data) = data
        .strip_prefix("data:")
        .and_then(|rest| rest.split_once(";base64,"))
        .ok_or(format!(
            "{at}: not a data URL (data:<media type>;base64,<data>)"
        ))?;
    Ok(Block::Document {
        data: data.to_owned(),
        media_type: Some(media_type.to_owned()).filter(|m| !m.is_empty()),
    })
}

/// The text of a message: a string, or its text parts (of the `kinds` given) joined.
fn text_of(content: &Value, at: &str, kinds: &[&str]) -> Result<String, String> {
    match content {
        Value::String(t) => Ok(t.clone()),
        Value::Array(parts) => {
            let mut text = String::new();
            for (i, part) in parts.iter().enumerate() {
                match (part["type"].as_str(), part["text"].as_str()) {
                    (Some(kind), Some(t)) if kinds.contains(&kind) => text.push_str(t),
                    _ => {
                        return Err(format!(
                            "{at}.content[{i}]: not a text part (this message holds text only)"
                        ));
                    }
                }
            }
            Ok(text)
        }
        _ => Err(format!("{at}.content: not a string or a list")),
    }
}

/// The forced function tool of a body (`tools`, `tool_choice`), with its schema's place and
/// the schema: `tool_name` and `tool_schema` find a tool's name and parameters (they sit
/// inside `function` on Chat Completions, at the top on the Responses API).
fn forced_function(
    body: &Map<String, Value>,
    tool_name: fn(&Value) -> Option<&Value>,
    tool_schema: (&str, fn(&Value) -> Option<&Value>),
) -> Result<Option<(String, String, Arc<Value>)>, String> {
    let tools = match body.get("tools") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(tools)) => tools
            .iter()
            .enumerate()
            .map(|(i, tool)| {
                if !tool.is_object() {
                    return Err(format!("tools[{i}]: not an object"));
                }
                Ok(ToolDef {
                    name: tool_name(tool).and_then(Value::as_str).map(str::to_owned),
                    kind: tool["type"].as_str().map(str::to_owned),
                    schema: Some(tool_schema.1(tool)),
                })
            })
            .collect::<Result<_, String>>()?,
        Some(_) => return Err("tools: not a list".into()),
    };
    let choice = match body.get("tool_choice") {
        None | Some(Value::Null) => Choice::Auto,
        Some(Value::String(c)) => match c.as_str() {
            "auto" | "none" => Choice::Auto,
            "required" => Choice::Any,
            other => {
                return Err(format!(
                    "tool_choice: {other:?}: not a tool choice (auto, none, required, or a function)"
                ));
            }
        },
        Some(choice @ Value::Object(_)) => match tool_name(choice).and_then(Value::as_str) {
            Some(name) => Choice::Named(name.to_owned()),
            None => {
                return Err(format!(
                    "tool_choice: {}: not a function to call (or auto, none, required)",
                    choice["type"]
                ));
            }
        },
        Some(_) => return Err("tool_choice: not a string or an object".into()),
    };
    let Some((i, name, schema)) = forced_tool(tools, choice, "tools", &["function"])? else {
        return Ok(None);
    };
    let at = format!("tools[{i}].{}", tool_schema.0);
    let schema = bounded_schema(schema, &at)?;
    Ok(Some((at, name, schema)))
}

/// What neither API's replay answers: the legacy `functions` of Chat Completions.
fn refuse_legacy_functions(body: &Map<String, Value>) -> Result<(), String> {
    match body.get("functions") {
        None | Some(Value::Null) => Ok(()),
        Some(_) => Err(format!(
            "functions: the legacy function calling is not read (send tools and tool_choice); {AGENT}"
        )),
    }
}
