//! A request body read within bounds: at most `--max-body`, at `--min-body-rate` after
//! `--read-timeout`; and the bytes of bodies read and keyed at once bounded as a whole (twice
//! `--max-body`), each body's share taken as its bytes arrive (never as its `content-length`
//! declares them: connections that declare a large body and send nothing hold nothing), so
//! that memory stays a small multiple of what clients send, however many send it.

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, StatusCode, header};
use http_body_util::BodyExt;
use tokio::sync::OwnedSemaphorePermit;
use ulcas::wire::ApiError;

use super::Server;
use super::guard::Refusal;

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
        kind: ApiError::TooLarge,
        why: format!("the body is larger than {} MB (--max-body)", max >> 20),
    };
    let declared = match headers.get(header::CONTENT_LENGTH) {
        Some(v) => Some(
            v.to_str()
                .ok()
                .and_then(|v| v.parse::<usize>().ok())
                .ok_or_else(|| Refusal {
                    status: StatusCode::BAD_REQUEST,
                    kind: ApiError::InvalidRequest,
                    why: "content-length: not a number".into(),
                })?,
        ),
        None => None,
    };
    if declared.is_some_and(|n| n > max) {
        return Err(too_large());
    }
    let (bytes, budget) = collect(server, body, declared, max).await?;
    Ok(Read {
        bytes,
        _budget: budget,
    })
}

/// How long a body that holds part of the budget waits for more, before it lets go of it with a
/// 429: bodies that each hold a part and wait for the rest would otherwise wait on each other.
const MORE_BUDGET: std::time::Duration = std::time::Duration::from_secs(1);

/// `held` and `n` more bytes of the budget: a body's first bytes wait up to --read-timeout for
/// room, later ones [`MORE_BUDGET`]; then a 429 (letting go of what the body held).
async fn take(
    server: &Server,
    held: Option<OwnedSemaphorePermit>,
    n: usize,
) -> Result<OwnedSemaphorePermit, Refusal> {
    let patience = match held {
        Some(_) => MORE_BUDGET.min(server.limits.read_timeout()),
        None => server.limits.read_timeout(),
    };
    let wait = tokio::time::timeout(
        patience,
        server.budget.clone().acquire_many_owned(n.max(1) as u32),
    )
    .await;
    match (wait, held) {
        (Ok(Ok(more)), Some(mut held)) => {
            held.merge(more);
            Ok(held)
        }
        (Ok(Ok(more)), None) => Ok(more),
        _ => Err(Refusal {
            status: StatusCode::TOO_MANY_REQUESTS,
            kind: ApiError::RateLimited,
            why: format!(
                "more bodies are being read than {} MB at once (twice --max-body): try again",
                server.limits.body_budget() >> 20
            ),
        }),
    }
}

/// The body's bytes, each piece before the deadline its size so far allows, and the share of
/// the budget they hold (taken piece by piece). A body that arrives in one piece is kept as it
/// came (no copy); more pieces are joined.
async fn collect(
    server: &Server,
    mut body: Body,
    declared: Option<usize>,
    max: usize,
) -> Result<(Bytes, OwnedSemaphorePermit), Refusal> {
    let started = tokio::time::Instant::now();
    let mut pieces = Pieces::default();
    let mut held = None;
    loop {
        let expected = declared.unwrap_or(pieces.len() + (64 << 10));
        let deadline = started + server.limits.body_time(expected);
        let frame = match tokio::time::timeout_at(deadline, body.frame()).await {
            Err(_) => {
                return Err(Refusal {
                    status: StatusCode::REQUEST_TIMEOUT,
                    kind: ApiError::InvalidRequest,
                    why: format!(
                        "the body came too slowly ({} of {} bytes; --read-timeout, --min-body-rate)",
                        pieces.len(),
                        declared.map_or_else(|| "?".to_owned(), |n| n.to_string())
                    ),
                });
            }
            Ok(None) => break,
            Ok(Some(Err(_))) => {
                return Err(Refusal {
                    status: StatusCode::BAD_REQUEST,
                    kind: ApiError::InvalidRequest,
                    why: "the body was cut off".into(),
                });
            }
            Ok(Some(Ok(frame))) => frame,
        };
        let Ok(data) = frame.into_data() else {
            continue;
        };
        if pieces.len() + data.len() > max {
            return Err(Refusal {
                status: StatusCode::PAYLOAD_TOO_LARGE,
                kind: ApiError::TooLarge,
                why: format!("the body is larger than {} MB (--max-body)", max >> 20),
            });
        }
        held = Some(take(server, held.take(), data.len()).await?);
        pieces.push(data);
    }
    let budget = match held {
        Some(held) => held,
        None => take(server, None, 1).await?,
    };
    Ok((pieces.whole(), budget))
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

    /// Joins `data`: the buffer grows with what arrived, never by what was declared.
    fn push(&mut self, data: Bytes) {
        match self.first.take() {
            None if self.joined.is_empty() => self.first = Some(data),
            kept => {
                if let Some(kept) = kept {
                    self.joined.reserve(kept.len() + data.len());
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
