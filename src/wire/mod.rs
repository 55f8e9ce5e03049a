//! The model APIs the app's real driver and the official SDKs speak, answered by the fake
//! driver: a [`Wire`] (the Messages API, Chat Completions, the Responses API; each a folder)
//! reads its body into the neutral [`WireRequest`], which is resolved to the request the PHP
//! driver keys ([`Resolver`]), then replayed, answered synthetically, or missed with a
//! diagnosis; the wire renders the neutral [`Answer`] in its API's shape and in the shape the
//! request asked for (a forced tool's call, a stream with usage). `ulcas serve` is thin HTTP
//! glue over this module, and a Rust app can use it in-process.
//!
//! The wire carries no task, prompt version or full schema. The system text names a prompt file
//! (its hash, the text `ulcas.lock` hashes, is looked up in an index built once), and the full
//! schema is the registry's schema of that version whose provider form (`forProvider`) equals
//! the wire's, else one from that version's recorded request material.
//!
//! ```
//! use ulcas::registry::{Registry, RegistrySource};
//! use ulcas::wire::{Ask, Mode, Outcome, Resolver, Served};
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
//! let resolver = Resolver::new(vec![(store, registry)])?;
//!
//! // What the app sends: the prompt's text, the provider form of its schema.
//! let body = br#"{"model": "m", "max_tokens": 100, "stream": true,
//!     "system": [{"type": "text", "text": "You write outlines."}],
//!     "messages": [{"role": "user", "content": [{"type": "text", "text": "Grind"}]}],
//!     "output_config": {"format": {"type": "json_schema", "schema": {"type": "object",
//!         "required": ["title"], "properties": {"title": {"type": "string"}}}}}}"#;
//! // One path for every request: read once, keyed once, its cassette looked for.
//! let api = ulcas::wire::WIRES[0];
//! let decision = resolver.answer(api, body, &Ask::default());
//! let Outcome::NotRecorded(not) = decision.outcome else { panic!() };
//! assert_eq!((not.resolved.request.task.as_str(), not.resolved.request.prompt_version), ("outline", 1));
//! assert!(not.resolved.request.schema.value["properties"]["title"]["maxLength"] == 80, "the full schema");
//! assert!(decision.stream, "what the wire asked");
//! // What it gets without a cassette: the miss, with the reference's line.
//! let Served::Miss { miss, .. } = resolver.settle(*not, Mode::Cassette) else { panic!() };
//! assert!(miss.line().starts_with(r#"No cassette for task "outline" (prompt v1) at "#));
//! # Ok(())
//! # }
//! ```

pub mod anthropic;
mod memo;
mod neutral;
pub mod openai;
mod provider;
mod read;
mod resolver;
mod seam;

pub use read::MAX_SCHEMA;

pub use neutral::{Answer, Shape, Usage, WireRequest};
pub use provider::{for_provider, same_in_php};
#[cfg(feature = "tools")]
pub use resolver::Explained;
pub use resolver::{
    Ask, Decision, Mode, Nearest, NotRecorded, Outcome, Overrides, RenderedHit, Resolved, Resolver,
    Served, Unresolved,
};
pub use seam::{ApiError, Rendered, Wire};

/// The most a body may hold (the API's own limit for a request is 32 MB).
pub const MAX_BODY: usize = 32 << 20;

/// Every wire, each at its own path.
pub static WIRES: [&dyn Wire; 3] = [&anthropic::Anthropic, &openai::OpenAi, &openai::Responses];

/// The wire posted to at `path`.
pub fn wire_at(path: &str) -> Option<&'static dyn Wire> {
    WIRES.iter().copied().find(|w| w.path() == path)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On every wire, a stream ends where the API ends one: as rendered, or with the failure
    /// event; a stream stopped at any event before its last is cut.
    #[test]
    fn a_stream_ends_only_where_its_api_ends_one() {
        let answer = Answer {
            id: "cassette:abc".into(),
            model: "m".into(),
            text: "{\"a\": \"data: [DONE]\"}\n".repeat(40),
            stop_reason: "end_turn".into(),
            refusal_category: None,
            usage: Usage::default(),
        };
        let tool = Shape::new(true, Some("answer"), false);
        let usage = Shape::new(true, None, true);
        for (wire, shape) in WIRES
            .iter()
            .flat_map(|w| [Shape::streamed(), tool, usage].map(|s| (w, s)))
        {
            let stream = wire.render(&answer, &shape).body;
            assert!(wire.stream_ended(stream.as_bytes()), "{}", wire.name());
            let events: Vec<usize> = stream.match_indices("\n\n").map(|(i, _)| i + 2).collect();
            for &end in &events[..events.len() - 1] {
                let cut = &stream[..end];
                assert!(!wire.stream_ended(cut.as_bytes()), "{}: {cut}", wire.name());
                let told = format!("{cut}{}", wire.stream_failure(ApiError::Api, "cut"));
                assert!(wire.stream_ended(told.as_bytes()), "{}", wire.name());
            }
            assert!(!wire.stream_ended(b""), "{}", wire.name());
        }
    }
}
