//! The control routes of `serve` (guarded as every route): faults on cue at run time and the
//! journal the test kits read.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use ulcas::wire::{ApiError, WIRES};

use super::faults::Fault;
use super::reply::api_error;
use super::Server;

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

/// `POST /_ulcas/faults`: arms `{"target": …, "faults": […]}` after what is armed.
pub async fn arm_faults(State(server): State<Arc<Server>>, body: Bytes) -> Response {
    match super::faults::parse_arming(&body) {
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
