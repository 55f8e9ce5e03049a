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

pub mod anthropic;
mod endpoint;
mod memo;
pub mod message;
pub mod openai;
mod parse;
mod provider;
mod seam;

use serde_json::Value;

use crate::error::Error;
use crate::request::{Block, Turn};

pub use parse::MAX_SCHEMA;

#[cfg(feature = "tools")]
pub use endpoint::Explained;
pub use endpoint::{Endpoint, Mode, Overrides, RenderedHit, Resolved, Served, Unresolved};
pub use provider::{for_provider, same_in_php};
pub use seam::{wire_at, Failure, Rendered, Wire, WIRES};

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
    /// `output_config.format.schema`: the provider form of the output schema (shared: the
    /// same schema text sent again is the same tree).
    pub schema: Option<std::sync::Arc<Value>>,
    /// Whether the answer is streamed.
    pub stream: bool,
}

/// The most a body may hold (the API's own limit for a request is 32 MB).
pub const MAX_BODY: usize = 32 << 20;

impl WireRequest {
    /// Parses a request body in one pass; an error says in one line what is wrong and where
    /// (a duplicate member anywhere, a member of the wrong type, a schema over
    /// [`MAX_SCHEMA`]).
    pub fn parse(body: &[u8]) -> Result<WireRequest, Error> {
        parse::parse(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
