//! What `lock` reports, and the sink that takes it.

use std::path::Path;

use super::{LockSummary, LockedVersion};

/// What `lock` reports.
#[derive(Debug, serde::Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum LockEvent<'a> {
    /// One recorded version's entry.
    Locked(&'a LockedVersion),
    /// A recorded version without a prompt file (it gets no entry).
    NoPrompt {
        /// The task.
        task: &'a str,
        /// The version.
        version: i64,
        /// Its folder.
        #[serde(serialize_with = "crate::machine_json::path")]
        path: &'a Path,
    },
    /// The end: the totals.
    Summary(&'a LockSummary),
}

crate::sink::command_sink! {
    /// Takes what `lock` reports.
    LockSink::lock(LockEvent)
}
