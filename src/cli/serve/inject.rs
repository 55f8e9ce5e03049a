//! Faults applied to the requests that take them ([`super::faults`]): which fault a request
//! takes, a fault's own answer in the wire's shape (with the API's request-id and rate-limit
//! headers), and an answer changed by its fault (cut after N events, or ended by the API's
//! error event after N). A faulted request never writes a cassette or a dump.

use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt;
use ulcas::wire::{ApiError, Wire};

use super::Server;
use super::faults::{Fault, Identity, Ticket};

/// The header that applies one fault to its request.
const FAULT_HEADER: &str = "x-ulcas-fault";

/// The ticket of a request that may take a fault (one is armed, or its header names one): its
/// place in the order faults are taken, given as it arrives.
pub fn ticket_of(server: &Server, headers: &HeaderMap) -> Option<Ticket> {
    (server.faults.any() || headers.contains_key(FAULT_HEADER))
        .then(|| server.faults.turns.ticket())
}

/// The fault the request takes, with which request it is (for the log): its header's, else
/// the next armed for its target, taken in the order the requests arrived (`ticket`). `Err` is
/// the answer to a header that names no fault.
pub async fn fault_of(
    api: &'static dyn Wire,
    server: &Arc<Server>,
    headers: &HeaderMap,
    id: Option<Identity>,
    ticket: Option<Ticket>,
) -> Result<Option<(Fault, Option<String>)>, Response> {
    let named = match headers.get(FAULT_HEADER) {
        None => None,
        Some(v) => match v.to_str().ok().map(str::parse::<Fault>) {
            Some(Ok(fault)) => Some(fault),
            Some(Err(why)) => return Err(bad_header(api, &why)),
            None => return Err(bad_header(api, "not text")),
        },
    };
    // Armed after this request arrived: not its to take.
    let Some(ticket) = ticket else {
        return Ok(None);
    };
    if named.is_none() && !server.faults.any() {
        return Ok(None);
    }
    let test = super::journal::test_of(headers);
    // Keyed as fast as each can be (the request's decision); taken in the order they arrived.
    ticket.turn().await;
    let of = id
        .as_ref()
        .map(|id| format!("{} v{} {}", id.task, id.version, id.hash));
    let fault = named.or_else(|| server.faults.take(id.as_ref(), test.as_deref()));
    drop(ticket);
    Ok(fault.map(|f| (f, of)))
}

fn bad_header(api: &dyn Wire, why: &str) -> Response {
    let why = format!("{FAULT_HEADER}: {why}");
    super::reply::api_error(api, StatusCode::BAD_REQUEST, ApiError::InvalidRequest, &why)
}

/// The fault's own answer, for a fault that is one (a rate limit, an overload, a server
/// error; a stream error of a whole answer is the overload it stands for).
pub fn answer_of(
    api: &dyn Wire,
    server: &Server,
    fault: Fault,
    streamed: bool,
) -> Option<Response> {
    let (failure, status, message) = match fault {
        Fault::RateLimit { .. } => (
            ApiError::RateLimited,
            api.status_of(ApiError::RateLimited),
            "rate limited (a fault ulcas serve injected)",
        ),
        Fault::Overloaded | Fault::StreamError(_) if fault == Fault::Overloaded || !streamed => (
            ApiError::Overloaded,
            api.status_of(ApiError::Overloaded),
            "overloaded (a fault ulcas serve injected)",
        ),
        Fault::ServerError(status) => (
            ApiError::Api,
            status,
            "server error (a fault ulcas serve injected)",
        ),
        _ => return None,
    };
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let body = api.failure(failure, message);
    let mut response = (status, [(header::CONTENT_TYPE, "application/json")], body).into_response();
    let h = response.headers_mut();
    if let (Ok(name), Ok(id)) = (
        HeaderName::from_bytes(api.request_id_header().as_bytes()),
        HeaderValue::from_str(&server.faults.request_id()),
    ) {
        h.insert(name, id);
    }
    if let Fault::RateLimit { retry_after } = fault {
        for (name, value) in api.rate_limit_headers() {
            h.insert(*name, HeaderValue::from_static(value));
        }
        if let Some(seconds) = retry_after {
            h.insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
    }
    Some(response)
}

/// `response` as `fault` changes it: a stream cut after N events with no terminal event (a
/// whole answer cut half-way), or a stream ended by the API's error event after N.
pub fn changed(api: &'static dyn Wire, response: Response, fault: Fault) -> Response {
    let (Fault::Cut(events) | Fault::StreamError(events)) = fault else {
        return response;
    };
    let (mut parts, body) = response.into_parts();
    let streamed = parts
        .headers
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"text/event-stream"));
    parts.headers.remove(header::CONTENT_LENGTH);
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<Bytes, std::io::Error>>(16);
    tokio::spawn(async move {
        let Ok(whole) = body.collect().await.map(|b| b.to_bytes()) else {
            return;
        };
        let kept = if streamed {
            events_end(&whole, events)
        } else {
            whole.len() / 2
        };
        let _ = tx.send(Ok(whole.slice(..kept))).await;
        match fault {
            Fault::StreamError(_) if streamed => {
                let end = api.stream_failure(
                    ApiError::Overloaded,
                    "overloaded (a fault ulcas serve injected)",
                );
                let _ = tx.send(Ok(Bytes::from(end))).await;
            }
            // No terminal event: the connection is closed mid-answer, once what came before
            // the cut had time to leave (an abort right after it may take it along).
            _ => {
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                let cut = std::io::Error::other("cut (a fault ulcas serve injected)");
                let _ = tx.send(Err(cut)).await;
            }
        }
    });
    let stream = tokio_stream::wrappers::ReceiverStream::new(rx);
    Response::from_parts(parts, Body::from_stream(stream))
}

/// Where the first `events` events of an event stream end (each ends with a blank line).
fn events_end(stream: &[u8], events: usize) -> usize {
    if events == 0 {
        return 0;
    }
    stream
        .windows(2)
        .enumerate()
        .filter(|(_, w)| w == b"\n\n")
        .nth(events - 1)
        .map_or(stream.len(), |(i, _)| i + 2)
}

#[cfg(test)]
mod tests {
    use super::events_end;

    #[test]
    fn events_end_where_their_blank_lines_do() {
        let s = b"event: a\ndata: 1\n\nevent: b\ndata: 2\n\n";
        assert_eq!(events_end(s, 0), 0);
        assert_eq!(events_end(s, 1), 18);
        assert_eq!(events_end(s, 2), s.len());
        assert_eq!(events_end(s, 9), s.len());
    }
}
