//! The control routes of `serve` (guarded as every route): faults on cue at run time and the
//! journal the test kits read.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use ulcas::wire::{ApiError, WIRES};

use super::Server;
use super::faults::Fault;
use super::reply::api_error;

/// The journal's route (guarded as every route).
pub const JOURNAL: &str = "/_ulcas/journal";

/// What `GET /_ulcas/journal` may ask: one test's requests, those after a `seq`.
#[derive(serde::Deserialize)]
pub struct JournalQuery {
    test: Option<String>,
    #[serde(default)]
    since: u64,
}

/// `GET /_ulcas/journal[?test=ID][&since=SEQ]`: what each request got.
pub async fn journal(State(server): State<Arc<Server>>, Query(q): Query<JournalQuery>) -> Response {
    let body = server.journal.listed(q.test.as_deref(), q.since);
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

/// The run-time route of faults on cue (guarded as every route).
pub const FAULTS: &str = "/_ulcas/faults";

/// The largest arming body: a target and a list of faults.
const MAX_ARMING: usize = 64 << 10;

/// `POST /_ulcas/faults`: arms `{"target": …, "faults": […]}` after what is armed. Its body is
/// read within the bounds every body is (`--read-timeout`, `--min-body-rate`): a trickling
/// client holds a connection no longer here than on the API's routes.
pub async fn arm_faults(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let read = match super::body::read(&server, &headers, body).await {
        Ok(read) => read,
        Err(refusal) => return api_error(WIRES[0], refusal.status, refusal.kind, &refusal.why),
    };
    if read.bytes.len() > MAX_ARMING {
        let why = format!("{FAULTS}: the body is larger than {} KiB", MAX_ARMING >> 10);
        return api_error(
            WIRES[0],
            StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::TooLarge,
            &why,
        );
    }
    match super::faults::parse_arming(&read.bytes) {
        Ok((target, test, faults)) => {
            let armed = format!(
                "{target}:{}",
                faults
                    .iter()
                    .map(Fault::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            );
            let armed = match &test {
                Some(test) => format!("{armed} [{}]", ulcas::secrets::mask(test)),
                None => armed,
            };
            server.faults.arm(target, test, faults);
            server.log.note("info", &format!("faults armed: {armed}"));
            faults_listed(&server)
        }
        Err(why) => api_error(
            WIRES[0],
            StatusCode::BAD_REQUEST,
            ApiError::InvalidRequest,
            &format!("{FAULTS}: {why}"),
        ),
    }
}

/// `DELETE /_ulcas/faults`: disarms every fault.
pub async fn disarm_faults(State(server): State<Arc<Server>>) -> Response {
    server.faults.disarm();
    server.log.note("info", "faults disarmed");
    faults_listed(&server)
}

/// `GET /_ulcas/faults`: what is armed.
pub async fn list_faults(State(server): State<Arc<Server>>) -> Response {
    faults_listed(&server)
}

fn faults_listed(server: &Server) -> Response {
    let body = serde_json::json!({"armed": server.faults.listed()});
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}
