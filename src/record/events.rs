//! What `record` reports, and the sink that takes it.

use serde::Serialize;

use std::path::Path;

use crate::store::RecordStatus;

/// What `record` reports.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum RecordEvent<'a> {
    /// A cassette written (or found unchanged).
    Recorded {
        /// The cassette.
        #[serde(serialize_with = "crate::machine_json::path")]
        path: &'a Path,
        /// Its hash.
        hash: &'a str,
        /// What happened to the file.
        status: RecordStatus,
        /// Why the answer fails the request's output schema (`pointer: message`), when it
        /// does: it is recorded as the model gave it, and its replay makes the app repair it.
        #[serde(skip_serializing_if = "<[String]>::is_empty")]
        fails_schema: &'a [String],
        /// Tokens of the request that look like generated ids but that its key takes as they
        /// are ([`crate::request::Request::keyed_verbatim`]): the recording hits only a request
        /// that carries them again.
        #[serde(skip_serializing_if = "<[String]>::is_empty")]
        keyed_verbatim: &'a [String],
        /// Whether the request's prompt is in code (its key is ulcas's own).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        prompt_in_code: bool,
    },
}

crate::sink::command_sink! {
    /// Takes what `record` reports.
    RecordSink::record(RecordEvent)
}
