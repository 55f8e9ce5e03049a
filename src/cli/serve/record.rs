//! `serve --mode record`: a miss is forwarded unchanged to the upstream API, streamed back to
//! the client as it arrives, and written as a cassette (with request material, and the lock
//! entry where the store has one) through the store's one write path. Identical misses in
//! flight are forwarded once: the others wait, then replay what was recorded.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderValue, Request, StatusCode, Uri, header};
use axum::response::Response;
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use tokio::sync::OwnedMutexGuard;
use ulcas::wire::{ApiError, NotRecorded, Wire};

use super::Server;
use super::limits::Limits;

type Https = hyper_rustls::HttpsConnector<HttpConnector>;

/// The lock of one cassette's recording, holding why the last try failed (identical misses
/// waiting for it get that error at once).
pub type Slot = tokio::sync::Mutex<Option<String>>;

/// The upstream API and the misses being recorded.
pub struct Upstream {
    client: Client<Https, Full<Bytes>>,
    base: Uri,
    /// To the first byte of an answer, and between two pieces of it.
    timeout: Duration,
    /// An answer in all (a stream that pings for ever ends).
    total: Duration,
    /// The largest answer relayed and recorded.
    max_answer: usize,
    /// Cassette path → the lock its recording holds.
    in_flight: Mutex<HashMap<PathBuf, Arc<Slot>>>,
}

/// A miss to forward: the request as keyed and as it came, and the slot it holds.
pub struct Forwarded {
    /// The wire it came on (the upstream speaks it too).
    pub api: &'static dyn Wire,
    /// The request as keyed, or why it cannot be (then its answer is relayed, not recorded).
    pub resolved: Result<NotRecorded, String>,
    /// The forced tool whose call's input is the answer, if the schema came in one.
    pub tool: Option<String>,
    /// The path and query it came to.
    pub path_and_query: String,
    /// Its headers (the key headers among them, passed on).
    pub headers: Arc<HeaderMap>,
    /// Its body, unchanged.
    pub body: Bytes,
    /// When it came.
    pub started: std::time::Instant,
    /// The slot of its cassette, held until the recording is written.
    pub held: Option<OwnedMutexGuard<Option<String>>>,
}

/// Headers never passed on (besides every `x-ulcas-…` header, ulcas's own): the connection's
/// own, and the client's encodings (the upstream is asked for the identity encoding, so that
/// what is relayed and what is recorded is the answer itself).
const NOT_FORWARDED: &[&str] = &[
    "host",
    "content-length",
    "connection",
    "transfer-encoding",
    "keep-alive",
    "upgrade",
    "accept-encoding",
    "origin",
];

impl Upstream {
    /// The upstream at `url` (`http://…` or `https://…`, its path the API's base).
    pub fn new(url: &str, limits: &Limits) -> ulcas::Result<Upstream> {
        let base: Uri = url
            .trim_end_matches('/')
            .parse()
            .map_err(|_| ulcas::Error::msg(format!("--upstream {url:?}: not a URL")))?;
        if !matches!(base.scheme_str(), Some("http" | "https")) || base.host().is_none() {
            return Err(ulcas::Error::msg(format!(
                "--upstream {url:?}: an http:// or https:// URL with a host"
            )));
        }
        let mut http = HttpConnector::new();
        http.enforce_http(false);
        http.set_connect_timeout(Some(limits.upstream_connect_timeout()));
        let https = hyper_rustls::HttpsConnectorBuilder::new()
            .with_webpki_roots()
            .https_or_http()
            .enable_http1()
            .wrap_connector(http);
        let client = Client::builder(hyper_util::rt::TokioExecutor::new()).build(https);
        Ok(Upstream {
            client,
            base,
            timeout: limits.upstream_timeout(),
            total: limits.upstream_total(),
            max_answer: limits.max_answer(),
            in_flight: Mutex::new(HashMap::new()),
        })
    }

    /// The lock of the recording of the cassette at `path` (shared by identical misses).
    pub fn slot(&self, path: &std::path::Path) -> Arc<Slot> {
        let mut map = self.in_flight.lock().unwrap_or_else(|e| e.into_inner());
        // Locks no request holds any more go.
        map.retain(|_, l| Arc::strong_count(l) > 1);
        map.entry(path.to_path_buf()).or_default().clone()
    }

    /// The request to the upstream: the client's, unchanged but for the headers above.
    fn request(&self, miss: &Forwarded) -> Result<Request<Full<Bytes>>, String> {
        let uri = format!(
            "{}{}",
            self.base.to_string().trim_end_matches('/'),
            miss.path_and_query
        );
        let mut request = Request::post(uri);
        for (name, value) in miss.headers.iter() {
            // Nothing of ulcas's own reaches the upstream: `x-ulcas-test` and every other.
            let ours = name.as_str().starts_with("x-ulcas-");
            if !ours && !NOT_FORWARDED.contains(&name.as_str()) {
                request = request.header(name, value);
            }
        }
        request
            .header(header::ACCEPT_ENCODING, "identity")
            .body(Full::new(miss.body.clone()))
            .map_err(|e| format!("the upstream request: {e}"))
    }

    /// Forwards the request, streams the answer back, and records it when it is whole. The
    /// forwarding runs on a task of its own: a client that leaves before the upstream's
    /// headers (or at any moment after) takes its answer with it, never the recording.
    pub async fn forward(server: Arc<Server>, miss: Forwarded) -> Response {
        let (api, started) = (miss.api, miss.started);
        let test = super::journal::test_of(&miss.headers);
        let (tx, rx) = tokio::sync::oneshot::channel();
        let detached = server.clone();
        tokio::spawn(async move {
            let Some(upstream) = detached.upstream.as_ref() else {
                return;
            };
            let response = upstream.forward_here(detached.clone(), miss).await;
            let _ = tx.send(response);
        });
        match rx.await {
            Ok(response) => response,
            Err(_) => upstream_error(
                api,
                &server,
                started,
                "the recording stopped before the upstream answered".into(),
                test.as_deref(),
            ),
        }
    }

    /// The upstream's answer to `miss` (its head; the body to come), or why there is none. A kept
    /// connection the upstream closed meanwhile fails the request before any answer: it is sent
    /// once more, on a fresh connection (the body is whole in hand).
    async fn send(
        &self,
        miss: &Forwarded,
    ) -> Result<hyper::Response<hyper::body::Incoming>, String> {
        let mut sent =
            tokio::time::timeout(self.timeout, self.client.request(self.request(miss)?)).await;
        if matches!(&sent, Ok(Err(e)) if closed_before_answer(e)) {
            sent =
                tokio::time::timeout(self.timeout, self.client.request(self.request(miss)?)).await;
        }
        match sent {
            Ok(Ok(answer)) => Ok(answer),
            Ok(Err(e)) => Err(format!(
                "the upstream cannot be reached: {}",
                error_chain(&e)
            )),
            Err(_) => Err(format!(
                "the upstream did not answer within {} s (--upstream-timeout)",
                self.timeout.as_secs()
            )),
        }
    }

    /// [`Upstream::forward`], on the task it runs on.
    async fn forward_here(&self, server: Arc<Server>, mut miss: Forwarded) -> Response {
        let token = server.recordings.token();
        let answer = match self.send(&miss).await {
            Ok(answer) => answer,
            Err(why) => return failed(&server, &mut miss, why),
        };
        let (parts, incoming) = answer.into_parts();
        let mut not_recorded = miss.resolved.as_ref().err().map(|why| header_text(why));
        let event_stream = parts
            .headers
            .get(header::CONTENT_TYPE)
            .is_some_and(|v| v.as_bytes().starts_with(b"text/event-stream"));
        // A whole answer is read whole before it is relayed, so that its headers can say why
        // it was not recorded; a stream's headers leave before its end (the log says it).
        let (tell, told) = tokio::sync::oneshot::channel();
        let (tx, rx) = tokio::sync::mpsc::channel::<Result<Bytes, std::io::Error>>(16);
        let relay = Relay {
            api: miss.api,
            server,
            resolved: miss.resolved,
            tool: miss.tool,
            status: parts.status,
            encoding: parts.headers.get(header::CONTENT_ENCODING).cloned(),
            event_stream,
            tell: (!event_stream).then_some(tell),
            started: miss.started,
            test: super::journal::test_of(&miss.headers),
            held: miss.held,
            timeout: self.timeout,
            total: self.total,
            max_answer: self.max_answer,
            _token: token,
        };
        tokio::spawn(relay.run(incoming, tx));
        if !event_stream {
            match told.await {
                Ok(Ok(Some(why))) => not_recorded = Some(header_text(&why)),
                Ok(Err(why)) => {
                    // Logged by the relay; the client gets the API's error, never a part.
                    let api = miss.api;
                    return super::reply::api_error(
                        api,
                        StatusCode::BAD_GATEWAY,
                        ApiError::Api,
                        &why,
                    );
                }
                Ok(Ok(None)) | Err(_) => {}
            }
        }
        relayed(&parts, rx, not_recorded)
    }
}

/// The upstream's answer as the client gets it: its status and content headers, the body as it
/// arrives, and why it was not recorded when it was not.
fn relayed(
    parts: &axum::http::response::Parts,
    rx: tokio::sync::mpsc::Receiver<Result<Bytes, std::io::Error>>,
    not_recorded: Option<String>,
) -> Response {
    let stream = tokio_stream::wrappers::ReceiverStream::new(rx);
    let mut response = Response::new(Body::from_stream(stream));
    *response.status_mut() = parts.status;
    for name in [header::CONTENT_TYPE, header::CONTENT_ENCODING] {
        if let Some(v) = parts.headers.get(&name) {
            response.headers_mut().insert(name, v.clone());
        }
    }
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if let Some(why) = not_recorded.and_then(|w| HeaderValue::from_str(&w).ok()) {
        response.headers_mut().insert(NOT_RECORDED, why);
    }
    response
}

/// The response header that says why an answer relayed was not recorded.
pub const NOT_RECORDED: &str = "x-ulcas-not-recorded";

/// `text` as a header value: masked, visible ASCII (anything else a `?`), at most 1,000 bytes.
fn header_text(text: &str) -> String {
    ulcas::secrets::mask(text)
        .chars()
        .map(|c| {
            if c == ' ' || c.is_ascii_graphic() {
                c
            } else {
                '?'
            }
        })
        .take(1000)
        .collect()
}

/// A forward that failed before any answer: identical misses waiting get its error.
fn failed(server: &Server, miss: &mut Forwarded, why: String) -> Response {
    if let Some(held) = &mut miss.held {
        **held = Some(why.clone());
    }
    let test = super::journal::test_of(&miss.headers);
    upstream_error(miss.api, server, miss.started, why, test.as_deref())
}

/// An error and its sources, in one line.
/// Whether a request failed because its connection was closed or reset before any answer came
/// (a kept connection the upstream had closed): not the upstream's answer, so worth one more try.
fn closed_before_answer(e: &hyper_util::client::legacy::Error) -> bool {
    if e.is_connect() {
        return false;
    }
    let mut source: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(e);
    while let Some(s) = source {
        if let Some(h) = s.downcast_ref::<hyper::Error>() {
            if h.is_incomplete_message() || h.is_canceled() {
                return true;
            }
        }
        if let Some(io) = s.downcast_ref::<std::io::Error>() {
            if matches!(
                io.kind(),
                std::io::ErrorKind::ConnectionReset
                    | std::io::ErrorKind::ConnectionAborted
                    | std::io::ErrorKind::BrokenPipe
            ) {
                return true;
            }
        }
        source = s.source();
    }
    false
}

fn error_chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

/// The upstream's answer on its way: each piece passed to the client as it arrives, the whole
/// recorded at the end (a client that went away does not stop the recording).
struct Relay {
    api: &'static dyn Wire,
    server: Arc<Server>,
    resolved: Result<NotRecorded, String>,
    tool: Option<String>,
    status: StatusCode,
    encoding: Option<HeaderValue>,
    event_stream: bool,
    /// A whole answer's: why it was not recorded (`Ok(None)`: recorded), told before it is
    /// relayed; `Err`: the upstream's answer never came whole (cut, too slow, too large), and
    /// the client gets the API's error instead of a connection closed without a status.
    tell: Option<tokio::sync::oneshot::Sender<Result<Option<String>, String>>>,
    started: std::time::Instant,
    /// The test the request names (`x-ulcas-test`).
    test: Option<String>,
    held: Option<OwnedMutexGuard<Option<String>>>,
    timeout: Duration,
    total: Duration,
    max_answer: usize,
    /// A shutdown waits until the recording is written.
    _token: super::conn::Token,
}

type Sender = tokio::sync::mpsc::Sender<Result<Bytes, std::io::Error>>;

impl Relay {
    async fn run(mut self, mut incoming: hyper::body::Incoming, tx: Sender) {
        let whole = self.relay(&mut incoming, &tx).await;
        drop(incoming);
        let server = self.server.clone();
        if let (Ok(whole), Err(unknown)) = (&whole, self.resolved.clone()) {
            self.pass_whole(&tx, None, whole).await;
            let why = format!("not recorded: {unknown}");
            let elapsed = self.started.elapsed();
            let test = self.test.as_deref();
            return server.said(test, "relayed", None, elapsed, Some(&why));
        }
        let outcome = match whole {
            Err(why) => {
                // A whole answer that never came whole: its client is told in the API's shape.
                if let Some(tell) = self.tell.take() {
                    let _ = tell.send(Err(why.clone()));
                }
                Err(why)
            }
            Ok(whole) => {
                let outcome = self.record(whole.clone()).await;
                self.pass_whole(&tx, outcome.as_ref().err().cloned(), &whole)
                    .await;
                outcome
            }
        };
        drop(tx);
        match outcome {
            Ok(path) => server.said(
                self.test.as_deref(),
                "recorded",
                Some(&path),
                self.started.elapsed(),
                None,
            ),
            Err(why) => {
                server.said(
                    self.test.as_deref(),
                    "error",
                    None,
                    self.started.elapsed(),
                    Some(&why),
                );
                if let Some(held) = &mut self.held {
                    **held = Some(why);
                }
            }
        }
        // Identical misses waiting for this one now find the cassette (or its error).
        drop(self.held.take());
    }

    /// A whole answer read before it is relayed: why it was not recorded told to the response's
    /// headers, then the answer sent.
    async fn pass_whole(&mut self, tx: &Sender, why: Option<String>, whole: &[u8]) {
        if let Some(tell) = self.tell.take() {
            let _ = tell.send(Ok(why));
            let _ = tx.send(Ok(Bytes::copy_from_slice(whole))).await;
        }
    }

    /// Passes each piece on as it comes (a whole answer's only once it is whole); the whole
    /// answer, or why it is not to be recorded.
    async fn relay(
        &self,
        incoming: &mut hyper::body::Incoming,
        tx: &Sender,
    ) -> Result<Vec<u8>, String> {
        let mut whole = Vec::new();
        let deadline = tokio::time::Instant::now() + self.total;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let frame = match tokio::time::timeout(self.timeout.min(left), incoming.frame()).await {
                Err(_) if self.timeout > left => {
                    let why = format!(
                        "the upstream's answer took longer than {} s in all (--upstream-total): cut, not recorded",
                        self.total.as_secs()
                    );
                    return Err(self.end_with_error(tx, why).await);
                }
                Err(_) => {
                    let why = format!(
                        "the upstream stopped sending for {} s (--upstream-timeout): not recorded",
                        self.timeout.as_secs()
                    );
                    return Err(self.end_with_error(tx, why).await);
                }
                Ok(None) => break,
                Ok(Some(Err(e))) => {
                    let why = format!("the upstream's answer was cut off ({e}): not recorded");
                    let _ = tx.send(Err(std::io::Error::other(why.clone()))).await;
                    return Err(why);
                }
                Ok(Some(Ok(frame))) => frame,
            };
            let Some(data) = frame.data_ref() else {
                continue;
            };
            if whole.len() + data.len() > self.max_answer {
                let why = format!(
                    "the upstream's answer is larger than {} MB (--max-answer): cut, not recorded",
                    self.max_answer >> 20
                );
                return Err(self.end_with_error(tx, why).await);
            }
            whole.extend_from_slice(data);
            if self.tell.is_none() {
                // A client that went away does not stop the recording.
                let _ = tx.send(Ok(data.clone())).await;
            }
        }
        if self.event_stream && self.status.is_success() && !self.api.stream_ended(&whole) {
            // The SDKs take a stream that just stops for the whole answer: it ends with the
            // API's error event instead.
            let why = "the upstream's stream ended before its last event: cut, not recorded";
            return Err(self.end_with_error(tx, why.into()).await);
        }
        Ok(whole)
    }

    /// Ends the client's answer with an error (an `error` event in a stream); the reason.
    async fn end_with_error(&self, tx: &Sender, why: String) -> String {
        if self.event_stream {
            // The stream ends with the API's error event, which the SDKs raise.
            let text = self
                .api
                .stream_failure(ApiError::Api, &ulcas::secrets::mask(&why));
            let _ = tx.send(Ok(Bytes::from(text))).await;
        } else {
            // A message cannot say it was cut: the answer is aborted.
            let _ = tx.send(Err(std::io::Error::other(why.clone()))).await;
        }
        why
    }

    /// Records the whole answer, when it is a whole message; the cassette's path.
    async fn record(&self, whole: Vec<u8>) -> Result<PathBuf, String> {
        if !self.status.is_success() {
            return Err(format!(
                "the upstream answered {}: not recorded",
                status_words(self.status)
            ));
        }
        if let Some(enc) = self
            .encoding
            .as_ref()
            .filter(|e| !e.as_bytes().eq_ignore_ascii_case(b"identity"))
        {
            return Err(format!(
                "the upstream's answer is {}-encoded though identity was asked for: relayed, not recorded",
                String::from_utf8_lossy(enc.as_bytes())
            ));
        }
        let (server, resolved) = (self.server.clone(), self.resolved.clone()?);
        let (api, tool) = (self.api, self.tool.clone());
        tokio::task::spawn_blocking(move || {
            record(api, &server, &resolved, tool.as_deref(), &whole)
        })
        .await
        .unwrap_or_else(|e| Err(e.to_string()))
    }
}

/// The error a client gets when the upstream fails: the API's own status for it (the SDK
/// retries it, as it would).
pub fn upstream_error(
    api: &dyn Wire,
    server: &Server,
    started: std::time::Instant,
    why: String,
    test: Option<&str>,
) -> Response {
    server.said(test, "error", None, started.elapsed(), Some(&why));
    super::reply::api_error(api, StatusCode::BAD_GATEWAY, ApiError::Api, &why)
}

/// Writes the whole upstream answer (a message, or its event stream, in the wire's shape) as
/// the cassette of the request; the cassette's path.
fn record(
    api: &dyn Wire,
    server: &Server,
    not: &NotRecorded,
    tool: Option<&str>,
    whole: &[u8],
) -> Result<PathBuf, String> {
    let resolved = &not.resolved;
    let recording = api
        .recording(whole, resolved.request.model.as_deref(), tool)
        .map_err(|e| format!("{e}: not recorded"))?;
    server
        .catalog
        .get()
        .resolver
        .record_keyed(
            not,
            &recording,
            ulcas::store::WriteOptions::with_request_material(),
        )
        .map(|r| {
            let verbatim = resolved.request.keyed_verbatim();
            if !verbatim.is_empty() {
                let said =
                    crate::cli::phrases::keyed_verbatim(&verbatim, resolved.request.prompt_in_code);
                let said = said.strip_prefix("warning: ").unwrap_or(&said);
                server
                    .log
                    .note("warning", &format!("{}: {said}", r.path.display()));
            }
            r.path
        })
        .map_err(|e| e.to_string())
}

/// A status as `529 overloaded`: its code and reason, the API's own for the statuses HTTP does
/// not name (never `<unknown status code>`).
fn status_words(status: StatusCode) -> String {
    let reason = match status.as_u16() {
        529 => Some("overloaded"),
        _ => status.canonical_reason(),
    };
    match reason {
        Some(reason) => format!("{} {reason}", status.as_u16()),
        None => status.as_u16().to_string(),
    }
}

#[cfg(test)]
mod status_tests {
    #[test]
    fn a_status_http_does_not_name_is_said_in_words() {
        let s = |n| super::status_words(axum::http::StatusCode::from_u16(n).unwrap());
        assert_eq!(s(529), "529 overloaded");
        assert_eq!(s(503), "503 Service Unavailable");
        assert_eq!(s(599), "599");
    }
}
