//! What `record` reports, and the sink that takes it.

use serde::Serialize;

use std::path::Path;

use crate::store::RecordStatus;

/// What `record` reports.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum RecordEvent<'a> {
    /// A cassette written (or found unchanged).
    Recorded {
        /// The cassette.
        #[serde(serialize_with = "crate::ser::path")]
        path: &'a Path,
        /// Its hash.
        hash: &'a str,
        /// What happened to the file.
        status: RecordStatus,
    },
}

crate::sink::command_sink! {
    /// Takes what `record` reports.
    RecordSink::record(RecordEvent)
}

impl crate::sink::CommandEvent for RecordEvent<'_> {}
