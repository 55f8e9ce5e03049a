//! `serve --mode record`: a miss is forwarded unchanged to the upstream API, streamed back to
//! the client as it arrives, and written as a cassette (with request material, and the lock
//! entry where the store has one) through the store's one write path. Identical misses in
//! flight are forwarded once: the others wait, then replay what was recorded.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap, HeaderValue, Request, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use serde_json::Value;
use ulcas::store::Recording;
use ulcas::wire::message::Usage;
use ulcas::wire::Resolved;

use super::Server;

type Https = hyper_rustls::HttpsConnector<HttpConnector>;

/// The upstream API and the misses being recorded.
pub struct Upstream {
    client: Client<Https, Full<Bytes>>,
    base: Uri,
    /// Cassette path → the lock its recording holds.
    in_flight: Mutex<HashMap<PathBuf, Arc<tokio::sync::Mutex<()>>>>,
}

/// A miss to forward: the request as keyed and as it came, and the slot it holds.
pub struct Miss {
    /// The request as keyed.
    pub resolved: Resolved,
    /// The path and query it came to.
    pub path_and_query: String,
    /// Its headers (the key headers among them, passed on).
    pub headers: Arc<HeaderMap>,
    /// Its body, unchanged.
    pub body: Bytes,
    /// When it came.
    pub started: std::time::Instant,
    /// The slot of its cassette, held until the recording is written.
    pub held: Option<tokio::sync::OwnedMutexGuard<()>>,
}

/// Headers never passed on: the connection's own, and the ones ulcas reads.
const NOT_FORWARDED: &[&str] = &[
    "host",
    "content-length",
    "connection",
    "transfer-encoding",
    "keep-alive",
    "upgrade",
    "x-ulcas-task",
    "x-ulcas-prompt-version",
];

impl Upstream {
    /// The upstream at `url` (`http://…` or `https://…`, its path the API's base).
    pub fn new(url: &str) -> ulcas::Result<Upstream> {
        let base: Uri = url
            .trim_end_matches('/')
            .parse()
            .map_err(|_| ulcas::Error::msg(format!("--upstream {url:?}: not a URL")))?;
        if !matches!(base.scheme_str(), Some("http" | "https")) || base.host().is_none() {
            return Err(ulcas::Error::msg(format!(
                "--upstream {url:?}: an http:// or https:// URL with a host"
            )));
        }
        let https = hyper_rustls::HttpsConnectorBuilder::new()
            .with_webpki_roots()
            .https_or_http()
            .enable_http1()
            .build();
        let client = Client::builder(hyper_util::rt::TokioExecutor::new()).build(https);
        Ok(Upstream {
            client,
            base,
            in_flight: Mutex::new(HashMap::new()),
        })
    }

    /// The lock of the recording of the cassette at `path` (shared by identical misses).
    pub fn slot(&self, path: &std::path::Path) -> Arc<tokio::sync::Mutex<()>> {
        let mut map = self.in_flight.lock().unwrap_or_else(|e| e.into_inner());
        // Locks no request holds any more go.
        map.retain(|_, l| Arc::strong_count(l) > 1);
        map.entry(path.to_path_buf()).or_default().clone()
    }

    /// Forwards the request, streams the answer back, and records it when it is whole.
    pub async fn forward(&self, server: Arc<Server>, miss: Miss) -> Response {
        let Miss {
            resolved,
            path_and_query,
            headers,
            body,
            started,
            held,
        } = miss;
        let path_and_query = path_and_query.as_str();
        let headers = &*headers;
        let uri = format!(
            "{}{}",
            self.base.to_string().trim_end_matches('/'),
            path_and_query
        );
        let mut request = Request::post(uri);
        for (name, value) in headers {
            if !NOT_FORWARDED.contains(&name.as_str()) {
                request = request.header(name, value);
            }
        }
        let request = match request.body(Full::new(body)) {
            Ok(r) => r,
            Err(e) => {
                return upstream_error(&server, started, format!("the upstream request: {e}"))
            }
        };
        let answer = match self.client.request(request).await {
            Ok(a) => a,
            Err(e) => {
                return upstream_error(
                    &server,
                    started,
                    format!("the upstream cannot be reached: {e}"),
                )
            }
        };
        let status = answer.status();
        let content_type = answer.headers().get(header::CONTENT_TYPE).cloned();
        let (tx, rx) = tokio::sync::mpsc::channel::<Result<Bytes, std::io::Error>>(16);
        let incoming = answer.into_body();
        let relay = Relay {
            server,
            resolved,
            status,
            started,
            held,
        };
        tokio::spawn(relay.run(incoming, tx));
        let stream = tokio_stream::wrappers::ReceiverStream::new(rx);
        let mut response = Response::new(Body::from_stream(stream));
        *response.status_mut() = status;
        if let Some(ct) = content_type {
            response.headers_mut().insert(header::CONTENT_TYPE, ct);
        }
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        response
    }
}

/// The upstream's answer on its way: each piece passed to the client as it arrives, the whole
/// recorded at the end (a client that went away does not stop the recording).
struct Relay {
    server: Arc<Server>,
    resolved: Resolved,
    status: StatusCode,
    started: std::time::Instant,
    held: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl Relay {
    async fn run(
        self,
        mut incoming: hyper::body::Incoming,
        tx: tokio::sync::mpsc::Sender<Result<Bytes, std::io::Error>>,
    ) {
        let Relay {
            server,
            resolved,
            status,
            started,
            held,
        } = self;
        let mut whole = Vec::new();
        let mut cut = false;
        while let Some(frame) = incoming.frame().await {
            match frame {
                Ok(frame) => {
                    if let Some(data) = frame.data_ref() {
                        whole.extend_from_slice(data);
                        // A client that went away does not stop the recording.
                        let _ = tx.send(Ok(data.clone())).await;
                    }
                }
                Err(e) => {
                    cut = true;
                    let _ = tx.send(Err(std::io::Error::other(e.to_string()))).await;
                    break;
                }
            }
        }
        drop(tx);
        let outcome = if !status.is_success() {
            Err(format!("the upstream answered {status}: not recorded"))
        } else if cut {
            Err("the upstream's answer was cut off: not recorded".to_owned())
        } else {
            let server = server.clone();
            tokio::task::spawn_blocking(move || record(&server, &resolved, &whole))
                .await
                .unwrap_or_else(|e| Err(e.to_string()))
        };
        match outcome {
            Ok(path) => server
                .log
                .request("recorded", Some(&path), started.elapsed(), None),
            Err(why) => server
                .log
                .request("error", None, started.elapsed(), Some(&why)),
        }
        // Identical misses waiting for this one now find the cassette.
        drop(held);
    }
}

fn upstream_error(server: &Server, started: std::time::Instant, why: String) -> Response {
    server
        .log
        .request("error", None, started.elapsed(), Some(&why));
    // The API's own status for an upstream that fails: the SDK retries it, as it would.
    let body = ulcas::wire::message::error("api_error", &why).to_string();
    (
        StatusCode::BAD_GATEWAY,
        [(header::CONTENT_TYPE, "application/json")],
        body,
    )
        .into_response()
}

/// Writes the whole upstream answer (a message, or its event stream) as the cassette of the
/// request; the cassette's path.
fn record(server: &Server, resolved: &Resolved, whole: &[u8]) -> Result<PathBuf, String> {
    let message = accumulate(whole)?;
    let text: String = message["content"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|b| b["type"] == "text")
        .filter_map(|b| b["text"].as_str())
        .collect();
    let model = match message["model"].as_str() {
        Some(m) if !m.is_empty() => m.to_owned(),
        _ => resolved.request.model.clone().unwrap_or_default(),
    };
    let recording = Recording {
        text,
        model,
        stop_reason: message["stop_reason"]
            .as_str()
            .unwrap_or("end_turn")
            .to_owned(),
        refusal_category: message
            .pointer("/stop_details/category")
            .and_then(Value::as_str)
            .map(str::to_owned),
        usage: Usage::of_message(&message["usage"]).to_cassette(),
    };
    let store = server
        .stores
        .get(resolved.store)
        .ok_or("no store to record into")?;
    ulcas::record::record_into(
        store,
        &resolved.request,
        &recording,
        ulcas::store::RecordOptions::with_request_material(),
    )
    .map(|r| r.path)
    .map_err(|e| e.to_string())
}

/// The message of a whole answer: its JSON, or its event stream accumulated as the SDKs do
/// (text deltas appended, `message_delta` over `message_start`, the cache split from
/// `message_start` only).
pub fn accumulate(whole: &[u8]) -> Result<Value, String> {
    let text = std::str::from_utf8(whole).map_err(|_| "the upstream's answer is not UTF-8")?;
    if text.trim_start().starts_with('{') {
        return serde_json::from_str(text).map_err(|e| format!("the upstream's message: {e}"));
    }
    let mut message = Value::Null;
    for data in text.lines().filter_map(|l| l.strip_prefix("data:")) {
        let event: Value =
            serde_json::from_str(data.trim()).map_err(|e| format!("an upstream event: {e}"))?;
        match event["type"].as_str() {
            Some("message_start") => message = event["message"].clone(),
            Some("content_block_start") => {
                if let Some(content) = message["content"].as_array_mut() {
                    content.push(event["content_block"].clone());
                }
            }
            Some("content_block_delta") if event["delta"]["type"] == "text_delta" => {
                let i = event["index"].as_u64().unwrap_or(0) as usize;
                if let Some(block) = message["content"].get_mut(i) {
                    let mut t = block["text"].as_str().unwrap_or("").to_owned();
                    t.push_str(event["delta"]["text"].as_str().unwrap_or(""));
                    block["text"] = Value::String(t);
                }
            }
            Some("message_delta") => {
                for k in ["stop_reason", "stop_sequence", "stop_details"] {
                    if let Some(v) = event["delta"].get(k) {
                        message[k] = v.clone();
                    }
                }
                if let Some(usage) = event["usage"].as_object() {
                    for (k, v) in usage {
                        if k != "cache_creation" && !v.is_null() {
                            message["usage"][k] = v.clone();
                        }
                    }
                }
            }
            Some("error") => return Err(format!("the upstream sent an error: {}", event["error"])),
            _ => {}
        }
    }
    if message.is_null() {
        return Err("the upstream's stream has no message_start".into());
    }
    Ok(message)
}
