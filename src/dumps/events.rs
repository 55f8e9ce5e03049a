//! What `hash` and `normalize` report, and the sink that takes it.

use serde::Serialize;

use std::path::Path;

use crate::normalise::PlaceholderMap;

/// What `hash` and `normalize` report.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum RequestEvent<'a> {
    /// `normalize`: what the key sees of a request.
    Normalized {
        /// The dump.
        #[serde(serialize_with = "crate::machine_json::path")]
        request: &'a Path,
        /// Normalised content.
        content: &'a str,
        /// Placeholder → id, in order of first appearance.
        #[serde(serialize_with = "crate::machine_json::placeholder_map")]
        map: &'a PlaceholderMap,
        /// More than one request in this run (human output heads each).
        #[serde(skip)]
        several: bool,
        /// Task and prompt version (human heading).
        #[serde(skip)]
        task: (&'a str, i64),
    },
    /// `hash`: the key of a request.
    Key {
        /// The dump.
        #[serde(serialize_with = "crate::machine_json::path")]
        request: &'a Path,
        /// Task.
        task: &'a str,
        /// Prompt version.
        prompt_version: i64,
        /// The hash.
        hash: &'a str,
        /// Where the cassette is or would be.
        #[serde(serialize_with = "crate::machine_json::path")]
        path: &'a Path,
        /// More than one request in this run.
        #[serde(skip)]
        several: bool,
    },
}

crate::sink::command_sink! {
    /// Takes what `hash` and `normalize` report.
    RequestSink::request(RequestEvent)
}
