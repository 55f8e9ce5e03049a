//! The seam between the fake driver and the APIs that carry its requests: a [`Wire`] reads its
//! API's request into the neutral [`WireRequest`] (the key does not depend on the wire: the
//! same request content gives the same cassette on every wire), renders a neutral
//! [`Answer`] in its API's shape as the request asked for it ([`Shape`]) and an [`ApiError`] in
//! its API's shape, and turns its upstream's whole answer into a [`Recording`]. Everything else (the prompt by its text, the schema by its provider form,
//! replay, synthetic answers, misses and their explanation) is the [`super::Resolver`]'s,
//! shared by every wire.
//!
//! ```
//! use ulcas::wire::{Wire, WIRES};
//!
//! let paths: Vec<&str> = WIRES.iter().map(|w| w.path()).collect();
//! assert_eq!(paths, ["/v1/messages", "/v1/chat/completions", "/v1/responses"]);
//! let openai = ulcas::wire::wire_at("/v1/chat/completions").unwrap();
//! let request = openai.parse(br#"{"model": "m", "messages": [
//!     {"role": "system", "content": "You write outlines."},
//!     {"role": "user", "content": "Grind"}]}"#)?;
//! assert_eq!((request.system.as_str(), request.blocks.len()), ("You write outlines.", 1));
//! # Ok::<(), ulcas::Error>(())
//! ```

use super::neutral::{Answer, Shape, WireRequest};
use crate::error::Error;
use crate::store::Recording;

/// What went wrong, in words every API has (each wire names it in its own terms).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ApiError {
    /// The request cannot be read or answered as sent.
    InvalidRequest,
    /// The request is refused (a host or origin that is not allowed).
    Permission,
    /// The request lacks the credentials the server asks for (its token).
    Authentication,
    /// Nothing answers it (a miss, an unknown route).
    NotFound,
    /// The body is larger than allowed.
    TooLarge,
    /// Too much at once: try again.
    RateLimited,
    /// The API is overloaded: try again later.
    Overloaded,
    /// The server or its upstream failed.
    Api,
}

impl ApiError {
    /// The HTTP status most APIs answer it with (a wire may answer some with its own:
    /// [`Wire::status_of`]).
    pub fn status(self) -> u16 {
        match self {
            ApiError::InvalidRequest => 400,
            ApiError::Authentication => 401,
            ApiError::Permission => 403,
            ApiError::NotFound => 404,
            ApiError::TooLarge => 413,
            ApiError::RateLimited => 429,
            ApiError::Api => 500,
            ApiError::Overloaded => 503,
        }
    }
}

/// The content type of an answer as the API's event stream.
pub(crate) const EVENT_STREAM: &str = "text/event-stream";

/// An answer or failure as its API sends it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// `application/json` or `text/event-stream`.
    pub content_type: &'static str,
    /// The body.
    pub body: String,
}

impl Rendered {
    /// A whole answer or a failure: JSON.
    pub fn json(body: String) -> Rendered {
        Rendered {
            content_type: "application/json",
            body,
        }
    }

    /// An answer as the API's event stream.
    pub fn event_stream(body: String) -> Rendered {
        Rendered {
            content_type: EVENT_STREAM,
            body,
        }
    }
}

/// What an upstream's whole answer holds for a recording, in every wire's terms.
pub(crate) struct Upstreamed<'a> {
    /// The answer: its text, or the forced tool's input.
    pub text: String,
    /// The model the answer names, if any.
    pub model: Option<&'a str>,
    /// Why the model stopped, in a cassette's words.
    pub stop_reason: &'a str,
    /// A refusal's category.
    pub refusal_category: Option<String>,
    /// Its counts.
    pub usage: crate::wire::Usage,
}

impl Upstreamed<'_> {
    /// The recording, the request's model standing in for one the answer does not name; an
    /// answer with nothing to replay (no text, no forced tool's input) is none.
    pub(crate) fn recording(
        self,
        request_model: Option<&str>,
        tool: Option<&str>,
    ) -> Result<Recording, Error> {
        if self.text.is_empty() {
            return Err(Error::msg(match tool {
                Some(name) => format!(
                    "the upstream's answer holds no text and no call of the forced tool {name:?}"
                ),
                None => "the upstream's answer holds no text".to_owned(),
            }));
        }
        let model = match self.model {
            Some(m) if !m.is_empty() => m,
            _ => request_model.unwrap_or_default(),
        };
        Ok(Recording {
            text: self.text,
            model: model.to_owned(),
            stop_reason: self.stop_reason.to_owned(),
            refusal_category: self.refusal_category,
            usage: self.usage.to_cassette(),
        })
    }
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

    /// The answer in the shape the request asked for: whole or as the API's event stream, a
    /// forced tool's call where the schema came in a tool, a stream's usage where asked.
    fn render(&self, answer: &Answer, shape: &Shape) -> Rendered;

    /// The body of a failure (its text as given: mask it first).
    fn failure(&self, failure: ApiError, message: &str) -> String;

    /// The event that ends a stream cut by a failure, in the API's stream syntax.
    fn stream_failure(&self, failure: ApiError, message: &str) -> String;

    /// The HTTP status the API answers `failure` with (an overloaded Messages API: 529).
    fn status_of(&self, failure: ApiError) -> u16 {
        failure.status()
    }

    /// The header that carries the id of the request, as the API names it (`request-id`).
    fn request_id_header(&self) -> &'static str;

    /// The API's headers of a request refused for its rate limit (the requests left: none).
    fn rate_limit_headers(&self) -> &'static [(&'static str, &'static str)];

    /// Whether an event stream came to an end as the API ends one: its last event ends a whole
    /// answer (`message_stop`, `[DONE]`) or is the API's error. A stream that stopped before
    /// is cut: a client reading it must be told, or it takes a part for the whole.
    fn stream_ended(&self, stream: &[u8]) -> bool;

    /// The recording of the upstream's whole answer (a body, or an event stream that ended
    /// as a whole answer ends), else why it is not one. `request_model` is the model the
    /// request named, for an answer that names none; `tool` the forced tool that carried the
    /// schema, whose call's input is then the answer's text (as the reference records the
    /// answer JSON, so that one recording replays through every carrier). An answer with
    /// neither text nor that input is no recording.
    fn recording(
        &self,
        whole: &[u8],
        request_model: Option<&str>,
        tool: Option<&str>,
    ) -> Result<Recording, Error>;
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
