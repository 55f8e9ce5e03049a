//! A request body read within bounds: at most `--max-body`, at `--min-body-rate` after
//! `--read-timeout`, into one buffer sized by its `content-length`; and the bytes of bodies
//! read and keyed at once bounded as a whole (twice `--max-body`), so that memory stays a
//! small multiple of what clients send, however many send it.

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap, StatusCode};
use http_body_util::BodyExt;
use tokio::sync::OwnedSemaphorePermit;
use ulcas::wire::Failure;

use super::guard::Refusal;
use super::Server;

/// A body read whole, and its share of the budget (held while it is keyed).
pub struct Read {
    pub bytes: Bytes,
    pub _budget: OwnedSemaphorePermit,
}

/// Reads `body` (whose headers are `headers`) within the server's limits.
pub async fn read(server: &Server, headers: &HeaderMap, body: Body) -> Result<Read, Refusal> {
    let max = server.limits.max_body();
    let too_large = || Refusal {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        kind: Failure::TooLarge,
        why: format!("the body is larger than {} MB (--max-body)", max >> 20),
    };
    let declared = match headers.get(header::CONTENT_LENGTH) {
        Some(v) => Some(
            v.to_str()
                .ok()
                .and_then(|v| v.parse::<usize>().ok())
                .ok_or_else(|| Refusal {
                    status: StatusCode::BAD_REQUEST,
                    kind: Failure::InvalidRequest,
                    why: "content-length: not a number".into(),
                })?,
        ),
        None => None,
    };
    if declared.is_some_and(|n| n > max) {
        return Err(too_large());
    }
    let share = declared.unwrap_or(max).max(1);
    let wait = tokio::time::timeout(
        server.limits.read_timeout(),
        server.budget.clone().acquire_many_owned(share as u32),
    )
    .await;
    let budget = match wait {
        Ok(Ok(permit)) => permit,
        _ => {
            return Err(Refusal {
                status: StatusCode::TOO_MANY_REQUESTS,
                kind: Failure::RateLimited,
                why: format!(
                    "more bodies are being read than {} MB at once (twice --max-body): try again",
                    server.limits.body_budget() >> 20
                ),
            })
        }
    };
    let bytes = collect(server, body, declared, max).await?;
    Ok(Read {
        bytes,
        _budget: budget,
    })
}

/// The body's bytes, each piece before the deadline its size so far allows. A body that arrives
/// in one piece is kept as it came (no copy); more pieces are joined.
async fn collect(
    server: &Server,
    mut body: Body,
    declared: Option<usize>,
    max: usize,
) -> Result<Bytes, Refusal> {
    let started = tokio::time::Instant::now();
    let mut pieces = Pieces::default();
    loop {
        let expected = declared.unwrap_or(pieces.len() + (64 << 10));
        let deadline = started + server.limits.body_time(expected);
        let frame = match tokio::time::timeout_at(deadline, body.frame()).await {
            Err(_) => {
                return Err(Refusal {
                    status: StatusCode::REQUEST_TIMEOUT,
                    kind: Failure::InvalidRequest,
                    why: format!(
                    "the body came too slowly ({} of {} bytes; --read-timeout, --min-body-rate)",
                    pieces.len(),
                    declared.map_or_else(|| "?".to_owned(), |n| n.to_string())
                ),
                })
            }
            Ok(None) => break,
            Ok(Some(Err(_))) => {
                return Err(Refusal {
                    status: StatusCode::BAD_REQUEST,
                    kind: Failure::InvalidRequest,
                    why: "the body was cut off".into(),
                })
            }
            Ok(Some(Ok(frame))) => frame,
        };
        let Ok(data) = frame.into_data() else {
            continue;
        };
        if pieces.len() + data.len() > max {
            return Err(Refusal {
                status: StatusCode::PAYLOAD_TOO_LARGE,
                kind: Failure::TooLarge,
                why: format!("the body is larger than {} MB (--max-body)", max >> 20),
            });
        }
        pieces.push(data, declared);
    }
    Ok(pieces.whole())
}

/// A body's pieces as they came: the first one kept whole, the others joined to it.
#[derive(Default)]
struct Pieces {
    first: Option<Bytes>,
    joined: Vec<u8>,
}

impl Pieces {
    fn len(&self) -> usize {
        self.first.as_ref().map_or(0, Bytes::len) + self.joined.len()
    }

    fn push(&mut self, data: Bytes, declared: Option<usize>) {
        match self.first.take() {
            None if self.joined.is_empty() => self.first = Some(data),
            kept => {
                if let Some(kept) = kept {
                    self.joined
                        .reserve(declared.unwrap_or(0).max(kept.len() + data.len()));
                    self.joined.extend_from_slice(&kept);
                }
                self.joined.extend_from_slice(&data);
            }
        }
    }

    fn whole(self) -> Bytes {
        match self.first {
            Some(whole) => whole,
            None => Bytes::from(self.joined),
        }
    }
}
