//! A request body read within bounds: at most `--max-body`, at `--min-body-rate` after
//! `--read-timeout`; and the bytes of bodies read and keyed at once bounded as a whole (twice
//! `--max-body`), each body's share taken as its bytes arrive (never as its `content-length`
//! declares them: connections that declare a large body and send nothing hold nothing), so
//! that memory stays a small multiple of what clients send, however many send it.

use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, StatusCode, header};
use http_body_util::BodyExt;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use ulcas::wire::ApiError;

use super::Server;
use super::guard::Refusal;
use super::limits::Limits;

/// What a body is read within: the limits, and the budget of bytes read at once.
struct Bounds<'a> {
    limits: &'a Limits,
    budget: &'a Arc<Semaphore>,
}

/// A body read whole, and its share of the budget (held while it is keyed).
pub struct Read {
    pub bytes: Bytes,
    pub _budget: OwnedSemaphorePermit,
}

/// Reads `body` (whose headers are `headers`) within the server's limits.
pub async fn read(server: &Server, headers: &HeaderMap, body: Body) -> Result<Read, Refusal> {
    let bounds = Bounds {
        limits: &server.limits,
        budget: &server.budget,
    };
    read_within(&bounds, headers, body).await
}

async fn read_within(
    bounds: &Bounds<'_>,
    headers: &HeaderMap,
    body: Body,
) -> Result<Read, Refusal> {
    let max = bounds.limits.max_body();
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
    let (bytes, budget) = collect(bounds, body, declared, max).await?;
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
    bounds: &Bounds<'_>,
    held: Option<OwnedSemaphorePermit>,
    n: usize,
) -> Result<OwnedSemaphorePermit, Refusal> {
    let patience = match held {
        Some(_) => MORE_BUDGET.min(bounds.limits.read_timeout()),
        None => bounds.limits.read_timeout(),
    };
    let wait = tokio::time::timeout(
        patience,
        bounds.budget.clone().acquire_many_owned(n.max(1) as u32),
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
                bounds.limits.body_budget() >> 20
            ),
        }),
    }
}

/// The body's bytes, each piece before the deadline its size so far allows, and the share of
/// the budget they hold (taken piece by piece). A body that arrives in one piece is kept as it
/// came (no copy); more pieces are joined.
async fn collect(
    bounds: &Bounds<'_>,
    mut body: Body,
    declared: Option<usize>,
    max: usize,
) -> Result<(Bytes, OwnedSemaphorePermit), Refusal> {
    let started = tokio::time::Instant::now();
    let mut pieces = Pieces::default();
    let mut held = None;
    loop {
        let expected = declared.unwrap_or(pieces.len() + (64 << 10));
        let deadline = started + bounds.limits.body_time(expected);
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
        held = Some(take(bounds, held.take(), data.len()).await?);
        pieces.push(data);
    }
    let budget = match held {
        Some(held) => held,
        None => take(bounds, None, 1).await?,
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

#[cfg(test)]
mod tests {
    //! The body's bounds on tokio's paused clock: what a slow, large or crowded body gets, and
    //! when, decided by the limits alone (no test waits for real time).

    use std::time::Duration;

    use clap::Parser;

    use super::*;

    /// The limits as `ulcas serve` parses them (`--expose` is what `--allow-host` requires).
    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        limits: Limits,
        #[arg(long)]
        expose: bool,
    }

    fn limits(flags: &[&str]) -> Limits {
        let args = std::iter::once("serve").chain(flags.iter().copied());
        Flags::parse_from(args).limits
    }

    /// A body sent as `pieces`, each after waiting its duration (on the paused clock).
    fn trickled(pieces: Vec<(Duration, &'static [u8])>) -> Body {
        let (tx, rx) = tokio::sync::mpsc::channel::<Result<Bytes, std::io::Error>>(1);
        tokio::spawn(async move {
            for (after, piece) in pieces {
                tokio::time::sleep(after).await;
                if tx.send(Ok(Bytes::from_static(piece))).await.is_err() {
                    return;
                }
            }
        });
        Body::from_stream(tokio_stream::wrappers::ReceiverStream::new(rx))
    }

    async fn read_with(
        limits: &Limits,
        budget: &Arc<Semaphore>,
        body: Body,
    ) -> Result<Read, Refusal> {
        let bounds = Bounds { limits, budget };
        read_within(&bounds, &HeaderMap::new(), body).await
    }

    #[tokio::test(start_paused = true)]
    async fn a_body_in_pieces_is_joined_in_order_and_holds_its_bytes_of_the_budget() {
        let limits = limits(&[]);
        let budget = Arc::new(Semaphore::new(limits.body_budget()));
        let second = Duration::from_secs(1);
        let body = trickled(vec![(second, b"{\"a\":"), (second, b" 1"), (second, b"}")]);
        let Ok(read) = read_with(&limits, &budget, body).await else {
            panic!("refused")
        };
        assert_eq!(&read.bytes[..], b"{\"a\": 1}");
        assert_eq!(budget.available_permits(), limits.body_budget() - 8);
        drop(read);
        assert_eq!(
            budget.available_permits(),
            limits.body_budget(),
            "given back"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_body_slower_than_its_rate_is_a_408_at_its_deadline() {
        let limits = limits(&["--read-timeout", "2", "--min-body-rate", "1"]);
        let budget = Arc::new(Semaphore::new(limits.body_budget()));
        // Two seconds, then a KiB a second for what has come and 64 KiB more (no length was
        // declared): one byte every ten seconds falls behind after six.
        let started = tokio::time::Instant::now();
        let slow = vec![(Duration::from_secs(10), &b"{"[..]); 8];
        let refused = read_with(&limits, &budget, trickled(slow))
            .await
            .err()
            .unwrap();
        assert_eq!(
            refused.status,
            StatusCode::REQUEST_TIMEOUT,
            "{}",
            refused.why
        );
        assert!(refused.why.contains("(6 of ? bytes;"), "{}", refused.why);
        // Refused at its deadline (tokio's timers are of milliseconds).
        let (elapsed, deadline) = (started.elapsed(), limits.body_time((64 << 10) + 6));
        assert!(
            elapsed >= deadline && elapsed - deadline < Duration::from_millis(1),
            "{elapsed:?}"
        );
        assert_eq!(
            budget.available_permits(),
            limits.body_budget(),
            "nothing held"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_body_over_the_limit_is_a_413_as_it_arrives() {
        let limits = limits(&["--max-body", "1"]);
        let budget = Arc::new(Semaphore::new(limits.body_budget()));
        static MIB: [u8; 1 << 20] = [b' '; 1 << 20];
        let body = trickled(vec![(Duration::ZERO, &MIB[..]), (Duration::ZERO, b"x")]);
        let refused = read_with(&limits, &budget, body).await.err().unwrap();
        assert_eq!(
            refused.status,
            StatusCode::PAYLOAD_TOO_LARGE,
            "{}",
            refused.why
        );
        assert_eq!(budget.available_permits(), limits.body_budget(), "let go");
    }

    #[tokio::test(start_paused = true)]
    async fn a_body_that_finds_no_room_is_a_429_after_the_read_timeout() {
        let limits = limits(&["--read-timeout", "3"]);
        let budget = Arc::new(Semaphore::new(limits.body_budget()));
        let all = budget
            .clone()
            .acquire_many_owned(limits.body_budget() as u32)
            .await;
        let started = tokio::time::Instant::now();
        let body = trickled(vec![(Duration::ZERO, b"{}")]);
        let refused = read_with(&limits, &budget, body).await.err().unwrap();
        assert_eq!(
            refused.status,
            StatusCode::TOO_MANY_REQUESTS,
            "{}",
            refused.why
        );
        assert_eq!(started.elapsed(), Duration::from_secs(3));
        drop(all);
        let body = trickled(vec![(Duration::ZERO, b"{}")]);
        assert!(
            read_with(&limits, &budget, body).await.is_ok(),
            "room again"
        );
    }
}
