//! The Messages API as the app's real driver speaks it, answered by the fake driver: a wire
//! request ([`WireRequest`]) is resolved to the request the PHP driver keys ([`Endpoint`]), then
//! replayed, answered synthetically, or missed with a diagnosis; [`message`] renders the answer
//! as the API's message and stream. `ulcas serve` is thin HTTP glue over this module, and a Rust
//! app can use it in-process.
//!
//! The wire carries no task, prompt version or full schema. The system text names a prompt file
//! (its hash, the text `ulcas.lock` hashes, is looked up in an index built once), and the full
//! schema is the registry's schema of that version whose provider form (`forProvider`) equals
//! the wire's, else one from that version's recorded request material.
//!
//! ```
//! use ulcas::registry::{Registry, RegistrySource};
//! use ulcas::wire::{Endpoint, Mode, Overrides, Served, WireRequest};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = tempfile::tempdir()?;
//! let (prompts, store) = (dir.path().join("prompts"), dir.path().join("cassettes"));
//! std::fs::create_dir_all(prompts.join("outline"))?;
//! std::fs::create_dir_all(dir.path().join("schemas"))?;
//! std::fs::create_dir_all(&store)?;
//! std::fs::write(prompts.join("outline/v1.md"),
//!     "---\nid: outline\nversion: 1\nschema: outline.json\n---\nYou write outlines.\n")?;
//! std::fs::write(dir.path().join("schemas/outline.json"),
//!     r#"{"type": "object", "title": "Outline", "required": ["title"],
//!         "properties": {"title": {"type": "string", "maxLength": 80}}}"#)?;
//! let registry = Registry::load(&RegistrySource { prompts: vec![prompts], ..Default::default() })?;
//! let endpoint = Endpoint::new(vec![(store, registry)])?;
//!
//! // What the app sends: the prompt's text, the provider form of its schema.
//! let body = br#"{"model": "m", "max_tokens": 100, "stream": true,
//!     "system": [{"type": "text", "text": "You write outlines."}],
//!     "messages": [{"role": "user", "content": [{"type": "text", "text": "Grind"}]}],
//!     "output_config": {"format": {"type": "json_schema", "schema": {"type": "object",
//!         "required": ["title"], "properties": {"title": {"type": "string"}}}}}}"#;
//! let wire = WireRequest::parse(body)?;
//! let Served::Miss { miss, resolved } = endpoint.serve(&wire, &Overrides::default(), Mode::Cassette)
//! else { panic!() };
//! assert_eq!((resolved.request.task.as_str(), resolved.request.prompt_version), ("outline", 1));
//! assert!(resolved.request.schema.value["properties"]["title"]["maxLength"] == 80, "the full schema");
//! assert!(miss.line().starts_with(r#"No cassette for task "outline" (prompt v1) at "#));
//! # Ok(())
//! # }
//! ```

mod endpoint;
pub mod message;
mod provider;

use serde_json::Value;

use crate::error::Error;
use crate::request::{Block, Turn};

pub use endpoint::{Endpoint, Mode, Overrides, Resolved, Served, Unresolved};
pub use provider::{for_provider, same_in_php};

/// What the server takes from a Messages API request body.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct WireRequest {
    /// `model`.
    pub model: String,
    /// The system text: the text blocks of `system`, joined (the app sends one).
    pub system: String,
    /// The first user message's blocks (text, and base64 documents).
    pub blocks: Vec<Block>,
    /// The messages after it: the repair turns.
    pub turns: Vec<Turn>,
    /// `output_config.format.schema`: the provider form of the output schema.
    pub schema: Option<Value>,
    /// Whether the answer is streamed.
    pub stream: bool,
}

/// The most a body may hold (the API's own limit for a request is 32 MB).
pub const MAX_BODY: usize = 32 << 20;

impl WireRequest {
    /// Parses a request body; an error says in one line what is wrong.
    pub fn parse(body: &[u8]) -> Result<WireRequest, Error> {
        let value: Value = serde_json::from_slice(body).map_err(|e| Error::json(&e))?;
        let obj = value
            .as_object()
            .ok_or_else(|| Error::msg("the body is not a JSON object"))?;
        let model = match obj.get("model") {
            Some(Value::String(m)) => m.clone(),
            None => return Err(Error::msg("model: missing")),
            Some(_) => return Err(Error::msg("model: not a string")),
        };
        let system = system_text(obj.get("system"))?;
        let messages = match obj.get("messages") {
            Some(Value::Array(m)) if !m.is_empty() => m,
            Some(Value::Array(_)) => return Err(Error::msg("messages: empty")),
            None => return Err(Error::msg("messages: missing")),
            Some(_) => return Err(Error::msg("messages: not a list")),
        };
        let blocks = user_blocks(&messages[0])?;
        let turns = messages[1..]
            .iter()
            .enumerate()
            .map(|(i, m)| turn(m).map_err(|e| Error::msg(format!("messages[{}]: {e}", i + 1))))
            .collect::<Result<Vec<_>, _>>()?;
        let schema = match obj.get("output_config").and_then(|c| c.get("format")) {
            None | Some(Value::Null) => None,
            Some(format) => match format.get("schema") {
                Some(s @ (Value::Object(_) | Value::Array(_))) => Some(s.clone()),
                _ => {
                    return Err(Error::msg(
                        "output_config.format.schema: missing or not an object",
                    ))
                }
            },
        };
        let stream = match obj.get("stream") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => return Err(Error::msg("stream: not a boolean")),
        };
        Ok(WireRequest {
            model,
            system,
            blocks,
            turns,
            schema,
            stream,
        })
    }
}

/// `system` as a string, or the text of its text blocks joined.
fn system_text(system: Option<&Value>) -> Result<String, Error> {
    match system {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(Value::Array(blocks)) => {
            let mut text = String::new();
            for (i, b) in blocks.iter().enumerate() {
                match (b.get("type").and_then(Value::as_str), b.get("text")) {
                    (Some("text"), Some(Value::String(t))) => text.push_str(t),
                    _ => {
                        return Err(Error::msg(format!(
                            "system[{i}]: not a text block with a string text"
                        )))
                    }
                }
            }
            Ok(text)
        }
        Some(_) => Err(Error::msg("system: not a string or a list of text blocks")),
    }
}

/// The blocks of the first message, which must be the user's.
fn user_blocks(message: &Value) -> Result<Vec<Block>, Error> {
    if message.get("role").and_then(Value::as_str) != Some("user") {
        return Err(Error::msg("messages[0]: not a user message"));
    }
    let content = match message.get("content") {
        Some(Value::String(text)) => return Ok(vec![Block::Text(text.clone())]),
        Some(Value::Array(content)) => content,
        _ => return Err(Error::msg("messages[0].content: not a string or a list")),
    };
    content
        .iter()
        .enumerate()
        .map(|(i, b)| block(b).map_err(|e| Error::msg(format!("messages[0].content[{i}]: {e}"))))
        .collect()
}

fn block(b: &Value) -> Result<Block, String> {
    match b.get("type").and_then(Value::as_str) {
        Some("text") => match b.get("text") {
            Some(Value::String(t)) => Ok(Block::Text(t.clone())),
            _ => Err("text: not a string".into()),
        },
        Some("document") => {
            let source = b.get("source").ok_or("source: missing")?;
            if source.get("type").and_then(Value::as_str) != Some("base64") {
                return Err("source: only base64 documents are keyed".into());
            }
            let data = source
                .get("data")
                .and_then(Value::as_str)
                .ok_or("source.data: not a string")?;
            let media_type = source
                .get("media_type")
                .and_then(Value::as_str)
                .map(str::to_owned);
            Ok(Block::Document {
                data: data.to_owned(),
                media_type,
            })
        }
        Some(other) => Err(format!(
            "type {other:?}: the app sends text and document blocks"
        )),
        None => Err("type: missing".into()),
    }
}

/// A repair turn: its role and the text of its content.
fn turn(message: &Value) -> Result<Turn, String> {
    let role = message
        .get("role")
        .and_then(Value::as_str)
        .ok_or("role: missing or not a string")?;
    let text = match message.get("content") {
        Some(Value::String(t)) => t.clone(),
        Some(Value::Array(blocks)) => {
            let mut text = String::new();
            for b in blocks {
                match (b.get("type").and_then(Value::as_str), b.get("text")) {
                    (Some("text"), Some(Value::String(t))) => text.push_str(t),
                    _ => return Err("content: a repair turn holds text blocks only".into()),
                }
            }
            text
        }
        _ => return Err("content: not a string or a list".into()),
    };
    Ok(Turn {
        role: role.to_owned(),
        text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_bodies_say_what_is_wrong_in_one_line() {
        let cases: [(&[u8], &str); 8] = [
            (b"{", "invalid JSON"),
            (b"[]", "not a JSON object"),
            (br#"{"messages": []}"#, "model: missing"),
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
        assert_eq!(w.schema, Some(serde_json::json!({"type": "object"})));
    }
}
