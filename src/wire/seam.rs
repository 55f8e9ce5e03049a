//! The seam between the fake driver and the APIs that carry its requests: a [`Wire`] reads its
//! API's request into the neutral [`WireRequest`] (the key does not depend on the wire: the
//! same request content gives the same cassette on every wire), renders a neutral
//! [`Answer`] and a [`Failure`] in its API's shape, and turns its upstream's whole answer into
//! a [`Recording`]. Everything else (the prompt by its text, the schema by its provider form,
//! replay, synthetic answers, misses and their explanation) is the [`super::Endpoint`]'s,
//! shared by every wire.
//!
//! ```
//! use ulcas::wire::{Wire, WIRES};
//!
//! let paths: Vec<&str> = WIRES.iter().map(|w| w.path()).collect();
//! assert_eq!(paths, ["/v1/messages", "/v1/chat/completions"]);
//! let openai = ulcas::wire::wire_at("/v1/chat/completions").unwrap();
//! let request = openai.parse(br#"{"model": "m", "messages": [
//!     {"role": "system", "content": "You write outlines."},
//!     {"role": "user", "content": "Grind"}]}"#)?;
//! assert_eq!((request.system.as_str(), request.blocks.len()), ("You write outlines.", 1));
//! # Ok::<(), ulcas::Error>(())
//! ```

use super::message::Answer;
use super::WireRequest;
use crate::error::Error;
use crate::store::Recording;

/// What went wrong, in words every API has (each wire names it in its own terms).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Failure {
    /// The request cannot be read or answered as sent.
    InvalidRequest,
    /// The request is refused (a host or origin that is not allowed).
    Permission,
    /// Nothing answers it (a miss, an unknown route).
    NotFound,
    /// The body is larger than allowed.
    TooLarge,
    /// Too much at once: try again.
    RateLimited,
    /// The server or its upstream failed.
    Api,
}

/// An answer or failure as its API sends it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// `application/json` or `text/event-stream`.
    pub content_type: &'static str,
    /// The body.
    pub body: String,
}

/// One API that carries the fake driver's requests.
pub trait Wire: Send + Sync + std::fmt::Debug {
    /// Its short name (`anthropic`, `openai`).
    fn name(&self) -> &'static str;

    /// The path it is posted to (`/v1/messages`).
    fn path(&self) -> &'static str;

    /// The API's own address, to record from (`https://api.anthropic.com`).
    fn upstream(&self) -> &'static str;

    /// The request a body carries, or what is wrong with it in one line naming the member.
    fn parse(&self, body: &[u8]) -> Result<WireRequest, Error>;

    /// The answer, whole or (`stream`) as the API's event stream.
    fn render(&self, answer: &Answer, stream: bool) -> Rendered;

    /// The body of a failure (its text as given: mask it first).
    fn failure(&self, failure: Failure, message: &str) -> String;

    /// The event that ends a stream cut by a failure, in the API's stream syntax.
    fn stream_failure(&self, message: &str) -> String;

    /// Whether an event stream came to an end as the API ends one: its last event ends a whole
    /// answer (`message_stop`, `[DONE]`) or is the API's error. A stream that stopped before
    /// is cut: a client reading it must be told, or it takes a part for the whole.
    fn stream_ended(&self, stream: &[u8]) -> bool;

    /// The recording of the upstream's whole answer (a body, or an event stream that ended
    /// as a whole answer ends), else why it is not one. `request_model` is the model the
    /// request named, for an answer that names none.
    fn recording(&self, whole: &[u8], request_model: Option<&str>) -> Result<Recording, Error>;
}

/// The data of the last event of an event stream (what follows `data:` on its last such
/// line, trimmed), if it has one.
pub(crate) fn last_event_data(stream: &[u8]) -> Option<&str> {
    let text = std::str::from_utf8(stream).ok()?;
    text.lines()
        .rev()
        .find_map(|l| l.strip_prefix("data:"))
        .map(str::trim)
}

/// Every wire, each at its own path.
pub static WIRES: [&dyn Wire; 2] = [&super::anthropic::Anthropic, &super::openai::OpenAi];

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
            usage: crate::wire::message::Usage::default(),
        };
        for wire in WIRES {
            let stream = wire.render(&answer, true).body;
            assert!(wire.stream_ended(stream.as_bytes()), "{}", wire.name());
            let events: Vec<usize> = stream.match_indices("\n\n").map(|(i, _)| i + 2).collect();
            for &end in &events[..events.len() - 1] {
                let cut = &stream[..end];
                assert!(!wire.stream_ended(cut.as_bytes()), "{}: {cut}", wire.name());
                let told = format!("{cut}{}", wire.stream_failure("cut"));
                assert!(wire.stream_ended(told.as_bytes()), "{}", wire.name());
            }
            assert!(!wire.stream_ended(b""), "{}", wire.name());
        }
    }
}
