//! The HTTP glue of `serve`: `POST /v1/messages` (with or without `?beta=true`) in, the library's
//! decision, the message or its stream out; errors in the API's shape, never a 5xx for a miss or
//! a bad request (the SDKs retry those).

use std::sync::Arc;
use std::time::Instant;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use ulcas::wire::{ApiError, Ask, Decision, NotRecorded, Outcome, WIRES, Wire};

use super::Server;
use super::control;
use super::decide::{Decided, bad_request, decision, settled};
use super::faults::Fault;
use super::journal::{TEST_HEADER, TEST_PREFIX, test_of};
use super::reply::{Reply, api_error};

/// The routes, behind the guard.
pub fn router(server: Arc<Server>) -> Router {
    let mut routes = Router::new();
    for api in WIRES {
        routes = routes.route(
            api.path(),
            post(move |state, uri, headers, body| answer(api, state, uri, headers, body))
                .fallback(move || wrong_method(api)),
        );
        // The same, for a client that names its test in the base URL (its headers cannot be
        // set): `/_ulcas/test/<id>/v1/messages`.
        routes = routes.route(
            &format!("{TEST_PREFIX}{{test}}{}", api.path()),
            post(
                move |Path(test): Path<String>, state, uri, mut headers: HeaderMap, body| {
                    // Put back encoded: the header is decoded once, whatever the name holds.
                    let encoded = super::journal::percent_encoded(&test);
                    if let Ok(value) = HeaderValue::from_str(&encoded) {
                        headers.insert(TEST_HEADER, value);
                    }
                    answer(api, state, uri, headers, body)
                },
            )
            .fallback(move || wrong_method(api)),
        );
    }
    routes = routes.route(control::JOURNAL, get(control::journal));
    if server.fault_routes {
        routes = routes.route(
            control::FAULTS,
            post(control::arm_faults)
                .delete(control::disarm_faults)
                .get(control::list_faults),
        );
    }
    routes
        .fallback(not_found)
        .layer(axum::middleware::from_fn_with_state(server.clone(), guard))
        // After the guard's layer: a container's probe names the pod's address as Host, and
        // carries no token; `health` guards itself (Guard::check_health).
        .route("/health", get(health))
        .with_state(server)
}

/// `GET /health`: 200 and what is served, for a compose or Kubernetes probe. The cassettes are
/// counted at most once every ten seconds, whatever the probes' rate.
async fn health(State(server): State<Arc<Server>>, headers: HeaderMap) -> Response {
    if let Err(refusal) = server.guard.check_health(&headers) {
        return refused(WIRES[0], &server, Instant::now(), refusal, None);
    }
    let cassettes = server.cassettes();
    let body = serde_json::json!({
        "status": "ok",
        "mode": match server.mode {
            ulcas::wire::Mode::Cassette => "cassette",
            ulcas::wire::Mode::Synthetic => "synthetic",
            _ => "record",
        },
        "stores": server.catalog.get().resolver.stores(),
        "prompts": server.catalog.get().resolver.prompts(),
        "cassettes": cassettes,
    });
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

/// SIGINT (Ctrl-C) or SIGTERM, caught from now on (before the start line is printed, so a
/// script that stops the server right after reading it still stops it cleanly).
pub fn shutdown() -> ulcas::Result<impl std::future::Future<Output = ()>> {
    use tokio::signal::unix::{SignalKind, signal};
    let caught = |e: std::io::Error| ulcas::Error::msg(format!("cannot catch signals: {e}"));
    let mut interrupt = signal(SignalKind::interrupt()).map_err(caught)?;
    let mut term = signal(SignalKind::terminate()).map_err(caught)?;
    Ok(async move {
        tokio::select! {
            _ = interrupt.recv() => {}
            _ = term.recv() => {}
        }
    })
}

/// Refuses, before any work, what no API client sends (see [`super::guard`]); answers an
/// allowed origin's preflight and gives its answers CORS headers.
async fn guard(
    State(server): State<Arc<Server>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let started = Instant::now();
    let origin = match server.guard.check(request.method(), request.headers()) {
        Ok(origin) => origin,
        Err(refusal) => {
            let api = ulcas::wire::wire_at(request.uri().path()).unwrap_or(WIRES[0]);
            let test = test_of(request.headers());
            return refused(api, &server, started, refusal, test.as_deref());
        }
    };
    let mut response = match (&origin, request.method()) {
        (Some(_), &axum::http::Method::OPTIONS) => StatusCode::NO_CONTENT.into_response(),
        _ => next.run(request).await,
    };
    if let Some(origin) = origin {
        super::guard::Guard::cors(&origin, response.headers_mut());
    }
    response
}

/// The answer to a refused request, logged.
fn refused(
    api: &dyn Wire,
    server: &Server,
    started: Instant,
    refusal: super::guard::Refusal,
    test: Option<&str>,
) -> Response {
    server.said(test, "refused", None, started.elapsed(), Some(&refusal.why));
    api_error(api, refusal.status, refusal.kind, &refusal.why)
}

async fn not_found() -> Response {
    let routes: Vec<String> = WIRES.iter().map(|w| format!("POST {}", w.path())).collect();
    api_error(
        WIRES[0],
        StatusCode::NOT_FOUND,
        ApiError::NotFound,
        &format!(
            "ulcas serve answers {} (and GET /health)",
            routes.join(", ")
        ),
    )
}

async fn wrong_method(api: &dyn Wire) -> Response {
    api_error(
        api,
        StatusCode::METHOD_NOT_ALLOWED,
        ApiError::InvalidRequest,
        &format!("{} takes POST", api.path()),
    )
}

/// `POST` to the path of the wire `api`: the body read, then decided once by the library
/// ([`ulcas::wire::Resolver::answer`]: parsed once, keyed once), the fault it takes, then what
/// the decision leaves to do (a miss said, a synthetic answer, a recording).
async fn answer(
    api: &'static dyn Wire,
    State(server): State<Arc<Server>>,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let started = Instant::now();
    // Its place in the order faults are taken, as it arrives (before its body is read).
    let ticket = super::inject::ticket_of(&server, &headers);
    let read = match super::body::read(&server, &headers, body).await {
        Ok(read) => read,
        Err(refusal) => {
            return refused(api, &server, started, refusal, test_of(&headers).as_deref());
        }
    };
    let bytes = read.bytes.clone();
    let headers = Arc::new(headers);
    let ask = match super::asked::overrides(&headers) {
        Ok(overrides) => Ask::new(overrides),
        Err(why) => return replied(api, &server, &headers, started, bad_request(why), None),
    };
    let ask = match server.dumps.is_some() {
        // A dump is written of every request, a hit too.
        true => ask.with_requests(),
        false => ask,
    };
    let (catalog, decision) = decision(api, &server, &bytes, ask.clone()).await;
    let fault = match take_fault(api, &server, &headers, &decision, ticket).await {
        Ok(fault) => fault,
        Err(answer) => return answer,
    };
    drop(read);
    // A latency fault waits here, once the body is keyed and its share of the body budget is
    // given back: a slow answer never keeps other requests' bodies from being read.
    if let Some(Fault::Latency(ms)) = fault {
        tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
    }
    let reply = match decision.outcome {
        Outcome::Hit(hit, None) => Decided::Reply(Reply::rendered(hit)),
        // A hit to dump (a file written) and all a decision leaves to do: on the pool.
        _ => settled(api, &server, catalog, decision, ask).await,
    };
    let reply = match reply {
        Decided::Reply(reply) => reply,
        Decided::Upstream(to_record) => {
            let to = Forwarding {
                uri: &uri,
                headers,
                bytes,
                started,
            };
            return forwarded(api, &server, to_record, fault, to).await;
        }
    };
    replied(api, &server, &headers, started, reply, fault)
}

/// A reply sent: said in the log and the journal, changed by its fault.
fn replied(
    api: &'static dyn Wire,
    server: &Server,
    headers: &HeaderMap,
    started: Instant,
    reply: Reply,
    fault: Option<Fault>,
) -> Response {
    said(server, headers, started, &reply);
    let response = reply.response(api);
    match fault {
        Some(fault) => super::inject::changed(api, response, fault),
        None => response,
    }
}

/// What a forwarded request came with.
struct Forwarding<'a> {
    uri: &'a Uri,
    headers: Arc<HeaderMap>,
    bytes: Bytes,
    started: Instant,
}

/// A miss to record, or a request to relay: identical misses in flight wait for the first,
/// then look again at its key (or get its error at once); the rest goes upstream.
async fn forwarded(
    api: &'static dyn Wire,
    server: &Arc<Server>,
    to_record: Result<Box<NotRecorded>, String>,
    fault: Option<Fault>,
    to: Forwarding<'_>,
) -> Response {
    let Forwarding {
        uri,
        headers,
        bytes,
        started,
    } = to;
    let mut held = None;
    if let (Ok(not), Some(upstream)) = (&to_record, &server.upstream) {
        let slot = upstream.slot(&not.path).lock_owned().await;
        let test = test_of(&headers);
        if let Some(why) = slot.as_deref() {
            let why = format!("the identical request being recorded failed: {why}");
            return super::record::upstream_error(api, server, started, why, test.as_deref());
        }
        let catalog = server.catalog.get();
        if let Some(hit) = catalog.resolver.look_again(api, not) {
            let reply = Reply::rendered(hit);
            return replied(api, server, &headers, started, reply, fault);
        }
        held = Some(slot);
    }
    let (resolved, tool) = recorded_as(to_record, fault);
    let miss = super::record::Forwarded {
        api,
        resolved,
        tool,
        path_and_query: upstream_path(api, uri),
        headers,
        body: bytes,
        started,
        held,
    };
    let response = super::record::Upstream::forward(server.clone(), miss).await;
    match fault {
        Some(fault) => super::inject::changed(api, response, fault),
        None => response,
    }
}

/// Where a miss goes upstream: the API's own path (a test's route `/_ulcas/test/<id>/…` is
/// ulcas's, never the upstream's), with the query the client sent (`?beta=true`).
fn upstream_path(api: &dyn Wire, uri: &Uri) -> String {
    match uri.query() {
        Some(query) => format!("{}?{query}", api.path()),
        None => api.path().to_owned(),
    }
}

/// What the upstream's answer to a miss is recorded as: the request as keyed (with the forced
/// tool whose call is the answer), or why it cannot be (relayed alone); an answer a fault
/// changes is never taken for a recording.
fn recorded_as(
    to_record: Result<Box<NotRecorded>, String>,
    fault: Option<Fault>,
) -> (Result<NotRecorded, String>, Option<String>) {
    let tool = to_record
        .as_ref()
        .ok()
        .and_then(|not| not.wire.tool.clone());
    match fault {
        Some(fault @ (Fault::Cut(_) | Fault::StreamError(_))) => {
            (Err(format!("a fault was injected ({fault})")), tool)
        }
        _ => (to_record.map(|not| *not), tool),
    }
}

/// The log line and the journal entry of a reply (a miss's journal entry holds the whole
/// explanation its client got).
fn said(server: &Server, headers: &HeaderMap, started: Instant, reply: &Reply) {
    let test = test_of(headers);
    let took = started.elapsed();
    let (path, why) = (reply.path.as_deref(), reply.why.as_deref());
    let explained = reply.explained.as_deref().or(why);
    server
        .journal
        .add(test.as_deref(), reply.status_word, path, took, explained);
    server
        .log
        .request(reply.status_word, path, took, why, test.as_deref());
}

/// The fault the request takes, said in the log: `Err` is its own answer (a rate limit, an
/// overload, a server error, or a bad `x-ulcas-fault`); a latency is waited by the caller, once
/// the body's share of the budget is given back.
async fn take_fault(
    api: &'static dyn Wire,
    server: &Arc<Server>,
    headers: &HeaderMap,
    decision: &Decision,
    ticket: Option<super::faults::Ticket>,
) -> Result<Option<Fault>, Response> {
    let identity = decision.key.as_ref().map(|key| super::faults::Identity {
        task: key.task.clone(),
        version: key.prompt_version,
        hash: key.hash.clone(),
    });
    let Some((fault, of)) = super::inject::fault_of(api, server, headers, identity, ticket).await?
    else {
        return Ok(None);
    };
    // `ok` is no fault: the request's own line says what it got (one line a request).
    if fault != Fault::Ok {
        server.log.fault(&fault.to_string(), of.as_deref());
        // In the journal too: what the test armed, the request it took.
        let why = format!("fault injected: {fault}");
        let test = test_of(headers);
        server.journal.add(
            test.as_deref(),
            "fault",
            None,
            std::time::Duration::ZERO,
            Some(&why),
        );
    }
    if let Some(answer) = super::inject::answer_of(api, server, fault, decision.stream) {
        return Err(answer);
    }
    Ok(Some(fault))
}
