//! The HTTP glue of `serve`: `POST /v1/messages` (with or without `?beta=true`) in, the library's
//! decision, the message or its stream out; errors in the API's shape, never a 5xx for a miss or
//! a bad request (the SDKs retry those).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use ulcas::driver::DriverError;
use ulcas::wire::Answer;
use ulcas::wire::{
    ApiError, BodyHit, Overrides, Resolved, Served, Unresolved, Wire, WireRequest, WIRES,
};

use super::asked::read_request;
use super::control;
use super::faults::Fault;
use super::journal::{test_of, TEST_HEADER, TEST_PREFIX};
use super::reply::{api_error, replayed, Asked, Reply};
use super::watch::Catalog;
use super::Server;

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
    use tokio::signal::unix::{signal, SignalKind};
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

/// `POST` to the path of the wire `api`.
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
            return refused(api, &server, started, refusal, test_of(&headers).as_deref())
        }
    };
    let bytes = read.bytes.clone();
    let headers = Arc::new(headers);
    let fault = match take_fault(api, &server, &headers, &bytes, ticket).await {
        Ok(fault) => fault,
        Err(answer) => return answer,
    };
    let changed = |response: Response| match fault {
        Some(fault) => super::inject::changed(api, response, fault),
        None => response,
    };
    let mut decision = decided(api, &server, &headers, &bytes).await;
    drop(read);
    // A latency fault waits here, once the body is keyed and its share of the body budget is
    // given back: a slow answer never keeps other requests' bodies from being read.
    if let Some(Fault::Latency(ms)) = fault {
        tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
    }
    // A miss to record: identical misses in flight wait for the first, then look again (or
    // get its error at once).
    let mut held = None;
    if let (Decided::Forward(_, path, _), Some(upstream)) = (&decision, &server.upstream) {
        let slot = upstream.slot(path).lock_owned().await;
        if let Some(why) = slot.as_deref() {
            let why = format!("the identical request being recorded failed: {why}");
            let test = test_of(&headers);
            return super::record::upstream_error(api, &server, started, why, test.as_deref());
        }
        held = Some(slot);
        decision = decided(api, &server, &headers, &bytes).await;
    }
    let reply = match decision {
        Decided::Reply(reply) => reply,
        Decided::Forward(..) | Decided::Relay(_) => {
            let (resolved, tool) = to_record(decision, fault);
            let miss = super::record::Forwarded {
                api,
                resolved,
                tool,
                path_and_query: upstream_path(api, &uri),
                headers,
                body: bytes,
                started,
                held,
            };
            return changed(super::record::Upstream::forward(server.clone(), miss).await);
        }
    };
    said(&server, &headers, started, &reply);
    changed(reply.response(api))
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
fn to_record(
    decision: Decided,
    fault: Option<Fault>,
) -> (Result<Resolved, String>, Option<String>) {
    let (resolved, tool) = match decision {
        Decided::Forward(resolved, _, tool) => (Ok(*resolved), tool),
        Decided::Relay(why) => (Err(why), None),
        Decided::Reply(_) => unreachable!("a reply is not forwarded"),
    };
    match fault {
        Some(fault @ (Fault::Cut(_) | Fault::StreamError(_))) => {
            (Err(format!("a fault was injected ({fault})")), tool)
        }
        _ => (resolved, tool),
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
    headers: &Arc<HeaderMap>,
    bytes: &Bytes,
    ticket: Option<super::faults::Ticket>,
) -> Result<Option<Fault>, Response> {
    let Some((fault, of)) = super::inject::fault_of(api, server, headers, bytes, ticket).await?
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
    if let Some(answer) = super::inject::answer_of(api, server, fault, is_streamed(bytes)) {
        return Err(answer);
    }
    Ok(Some(fault))
}

/// Whether a body asks for a stream (`"stream": true`), read without parsing it whole: only
/// where a fault needs to know.
fn is_streamed(body: &[u8]) -> bool {
    serde_json::from_slice::<StreamOnly>(body).is_ok_and(|b| b.stream == Some(true))
}

#[derive(serde::Deserialize)]
struct StreamOnly {
    stream: Option<bool>,
}

/// What to do with a request.
enum Decided {
    /// Answer it.
    Reply(Reply),
    /// Forward it to the upstream and record the answer as the cassette at the path (the
    /// forced tool whose call's input is the answer, if the schema came in one).
    Forward(Box<ulcas::wire::Resolved>, PathBuf, Option<String>),
    /// Forward it to the upstream and relay the answer without recording it: why not.
    Relay(String),
}

async fn decided(
    api: &'static dyn Wire,
    server: &Arc<Server>,
    headers: &Arc<HeaderMap>,
    bytes: &Bytes,
) -> Decided {
    // A small request is read here, and answered here when its cassette answers it: keying it
    // and reading one small file take less than the hop to the blocking pool. Anything else (a
    // large body, a miss to explain, a schema to look for, a dump to write) goes to the pool,
    // read once.
    let read = if bytes.len() <= INLINE_BODY {
        match (server.dumps.is_none(), super::asked::overrides(headers)) {
            // A dump is written of every request the store does not answer at once.
            (true, Ok(overrides)) => {
                let catalog = server.catalog.get();
                match catalog.resolver.hit_of_body(api, bytes, &overrides) {
                    Ok(BodyHit::Hit(hit)) => return Decided::Reply(Reply::rendered(hit)),
                    Ok(BodyHit::Read(wire)) => Some((wire, overrides)),
                    Err(e) => return bad_request(format!("bad request: {e}")),
                }
            }
            _ => match read_request(api, headers, bytes) {
                Ok(read) => Some(read),
                Err(why) => return bad_request(why),
            },
        }
    } else {
        None
    };
    let (server, headers, bytes) = (server.clone(), headers.clone(), bytes.clone());
    tokio::task::spawn_blocking(move || {
        let read = read.map_or_else(|| read_request(api, &headers, &bytes), Ok);
        match read {
            Ok((wire, overrides)) => decide(api, &server, &wire, &overrides),
            Err(why) => bad_request(why),
        }
    })
    .await
    .unwrap_or_else(|_| {
        Decided::Reply(Reply::error(
            StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::Api,
            "the request could not be answered".into(),
        ))
    })
}

/// The largest body keyed on the server's own threads (a larger one is keyed on the pool): a
/// body of hundreds of KB takes milliseconds to key, which every other client of the thread
/// would wait.
const INLINE_BODY: usize = 64 << 10;

/// The 400 of a request that cannot be read.
fn bad_request(why: String) -> Decided {
    Decided::Reply(Reply::error(
        StatusCode::BAD_REQUEST,
        ApiError::InvalidRequest,
        why,
    ))
}

/// The decision for one request (blocking: it reads the store).
fn decide(api: &dyn Wire, server: &Server, wire: &WireRequest, overrides: &Overrides) -> Decided {
    let mut catalog = server.catalog.get();
    let mut served = catalog.resolver.serve(wire, overrides, server.mode);
    // A prompt or schema the registries do not hold: they may have changed since the last
    // look, which is then not waited for.
    let unknown = |s: &Served| {
        matches!(
            s,
            Served::Unresolved(Unresolved::UnknownPrompt { .. } | Unresolved::UnknownSchema { .. })
        )
    };
    if unknown(&served) && server.refresh() {
        catalog = server.catalog.get();
        served = catalog.resolver.serve(wire, overrides, server.mode);
    }
    if server.upstream.is_some() {
        if let Served::Miss { resolved, .. } = &served {
            server.dump(&resolved.request);
            let mut resolved = resolved.clone();
            if let Some(store) = server.record_into {
                resolved.store = store;
            }
            let root = catalog.resolver.driver(resolved.store).root();
            let path = ulcas::key::key_of(&resolved.request).path_under(root);
            return Decided::Forward(Box::new(resolved), path, wire.tool.clone());
        }
        // A schema no one knows cannot be keyed: relayed, and said why it is not recorded.
        if let Served::Unresolved(why @ Unresolved::UnknownSchema { .. }) = &served {
            return Decided::Relay(unresolved(why, catalog.resolver.prompts()));
        }
    }
    Decided::Reply(reply(api, server, &catalog, wire, served))
}

/// Why a request names no known prompt or schema: the library says what is missing, the
/// command line how to give it (`prompts`: how many prompts the stores' registries hold).
fn unresolved(why: &Unresolved, prompts: usize) -> String {
    let hint = match why {
        Unresolved::UnknownPrompt { .. } if prompts == 0 => {
            " (no store has a prompt registry: ulcas serve --prompts DIR, or `prompts` in ulcas.toml)"
        }
        Unresolved::UnknownSchema {
            built_in_code: Some(_),
            ..
        } => " (dumps from the PHP dump hook, then: ulcas backfill --requests DUMPS)",
        _ => "",
    };
    why.message() + hint
}

/// The reply to a request answered here.
fn reply(
    api: &dyn Wire,
    server: &Server,
    catalog: &Catalog,
    wire: &WireRequest,
    served: Served,
) -> Reply {
    match served {
        Served::Hit { replay, resolved } => {
            server.dump(&resolved.request);
            replayed(replay, Asked::of(wire))
        }
        Served::Synthetic {
            synthetic,
            resolved,
        } => {
            server.dump(&resolved.request);
            let answer = Answer::of_synthetic(&synthetic);
            Reply::answer(
                answer,
                Asked::of(wire),
                "synthetic",
                Some(synthetic.miss.path.clone()),
            )
        }
        Served::Miss { miss, resolved } => miss_reply(api, server, catalog, &miss, &resolved),
        Served::Unresolved(
            why @ (Unresolved::Ambiguous { .. } | Unresolved::NotTheText { .. }),
        ) => Reply::error(
            StatusCode::BAD_REQUEST,
            ApiError::InvalidRequest,
            why.message(),
        ),
        Served::Unresolved(why) => {
            let why = unresolved(&why, catalog.resolver.prompts());
            let mut reply = Reply::error(StatusCode::NOT_FOUND, ApiError::NotFound, why);
            reply.status_word = "miss";
            reply
        }
        // The request is fine but its schema admits no answer, or its cassette cannot be
        // replayed (a link, not a regular file, not a cassette): a 4xx naming why, which the
        // SDKs do not retry (it would fail again).
        Served::Failed(
            e @ (DriverError::Unsatisfiable(_) | DriverError::CorruptCassette { .. }),
        ) => Reply::error(
            StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::InvalidRequest,
            e.to_string(),
        ),
        Served::Failed(e) => Reply::error(
            StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::Api,
            e.to_string(),
        ),
        _ => Reply::error(
            StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::Api,
            "not answered".into(),
        ),
    }
}

/// A miss: a 404 whose message the client parses, logged with its path (and with -v why).
fn miss_reply(
    api: &dyn Wire,
    server: &Server,
    catalog: &Catalog,
    miss: &ulcas::driver::Miss,
    resolved: &ulcas::wire::Resolved,
) -> Reply {
    let dumped = server.dump(&resolved.request);
    let text = explain_miss(api, server, catalog, miss, resolved, dumped);
    // With -v the log holds the explanation after the reference line (its path is the
    // log line's own).
    let why = server
        .log
        .verbose
        .then(|| text.split_once('\n').map(|(_, why)| why.to_owned()))
        .flatten();
    let mut reply = Reply::error(StatusCode::NOT_FOUND, ApiError::NotFound, text.clone());
    reply.status_word = "miss";
    reply.path = Some(miss.path.clone());
    reply.why = why;
    reply.explained = Some(text);
    reply
}

/// The endpoint's explanation of a miss ([`ulcas::wire::Resolver::explain`]), then what to run:
/// `ulcas lookup` on its dump, and how to record it.
fn explain_miss(
    api: &dyn Wire,
    server: &Server,
    catalog: &Catalog,
    miss: &ulcas::driver::Miss,
    resolved: &ulcas::wire::Resolved,
    dumped: Option<Result<PathBuf, String>>,
) -> String {
    let dump = dumped.and_then(Result::ok);
    let mut text = catalog
        .resolver
        .explain(miss, resolved, dump.as_deref())
        .to_string();
    text.push('\n');
    text.push_str(&match dump {
        Some(file) => format!(
            "The request is dumped to {}: `ulcas lookup {}` explains it in full.",
            file.display(),
            file.display()
        ),
        None => "ulcas serve --dump-dir DIR writes each request as a dump that `ulcas lookup` explains in full.".into(),
    });
    if server.upstream.is_none() {
        text.push_str(&format!(
            "\nTo record it: ulcas serve --mode record --upstream {} (with the client's key).",
            api.upstream()
        ));
    }
    text
}
