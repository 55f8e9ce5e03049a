//! A reply of `serve` before it is sent: an answer (and how the request asked for it), an
//! answer its wire rendered already, or a failure; and every error body, in the API's shape.

use std::path::PathBuf;
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use ulcas::wire::{Answer, ApiError, Wire, WireRequest};

/// Every error body the server sends, in the API's shape, its text masked (a token in a file
/// name or an upstream's error never reaches a client whole).
pub fn api_error(api: &dyn Wire, status: StatusCode, kind: ApiError, text: &str) -> Response {
    let body = api.failure(kind, &ulcas::secrets::mask(text));
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// A response with what the log says of it.
pub struct Reply {
    content: Content,
    pub status_word: &'static str,
    pub path: Option<PathBuf>,
    pub why: Option<String>,
    /// The whole explanation the client got (a miss's), for the journal.
    pub explained: Option<String>,
}

/// How a request asked for its answer ([`ulcas::wire::Shape`], owned).
pub struct Asked {
    stream: bool,
    tool: Option<String>,
    include_usage: bool,
}

impl Asked {
    pub fn of(wire: &WireRequest) -> Asked {
        Asked {
            stream: wire.stream,
            tool: wire.tool.clone(),
            include_usage: wire.include_usage,
        }
    }
}

/// What a reply sends, before its wire renders it (or as it rendered it).
enum Content {
    Answer(Box<Answer>, Asked),
    Rendered(ulcas::wire::RenderedHit, bool),
    ApiError(StatusCode, ApiError, String),
}

impl Reply {
    pub fn error(status: StatusCode, kind: ApiError, why: String) -> Reply {
        Reply {
            content: Content::ApiError(status, kind, why.clone()),
            status_word: "error",
            path: None,
            why: Some(why),
            explained: None,
        }
    }

    pub fn answer(
        answer: Answer,
        asked: Asked,
        status_word: &'static str,
        path: Option<PathBuf>,
    ) -> Reply {
        Reply {
            content: Content::Answer(Box::new(answer), asked),
            status_word,
            path,
            why: None,
            explained: None,
        }
    }

    /// A hit as its wire rendered it.
    pub fn rendered(hit: ulcas::wire::RenderedHit) -> Reply {
        let stream = hit.is_stream();
        Reply {
            path: Some(hit.path.clone()),
            content: Content::Rendered(hit, stream),
            status_word: "hit",
            why: None,
            explained: None,
        }
    }

    /// The response in the shape of `api`.
    pub fn response(self, api: &dyn Wire) -> Response {
        let (content_type, body, stream) = match self.content {
            Content::ApiError(status, kind, why) => return api_error(api, status, kind, &why),
            Content::Answer(answer, asked) => {
                let shape = ulcas::wire::Shape::new(
                    asked.stream,
                    asked.tool.as_deref(),
                    asked.include_usage,
                );
                let rendered = api.render(&answer, &shape);
                (
                    rendered.content_type,
                    Body::from(rendered.body),
                    asked.stream,
                )
            }
            Content::Rendered(hit, stream) => {
                let shared = Bytes::from_owner(Shared(hit.body));
                (hit.content_type, Body::from(shared), stream)
            }
        };
        let mut response =
            (StatusCode::OK, [(header::CONTENT_TYPE, content_type)], body).into_response();
        if stream {
            let no_cache = header::HeaderValue::from_static("no-cache");
            response
                .headers_mut()
                .insert(header::CACHE_CONTROL, no_cache);
        }
        response
    }
}

/// A rendered answer shared with the next identical hit, sent without a copy.
struct Shared(Arc<String>);

impl AsRef<[u8]> for Shared {
    fn as_ref(&self) -> &[u8] {
        self.0.as_bytes()
    }
}
