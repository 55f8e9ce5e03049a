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
    },
}

crate::sink::command_sink! {
    /// Takes what `record` reports.
    RecordSink::record(RecordEvent)
}
