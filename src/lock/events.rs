//! What `lock` reports, and the sink that takes it.

use std::path::Path;

use super::{LockSummary, LockedVersion};

/// What `lock` reports.
#[derive(Debug, serde::Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum LockEvent<'a> {
    /// One recorded version's entry.
    Locked(&'a LockedVersion),
    /// A recorded version without a prompt file (it gets no entry; a prompt in code needs
    /// none: its system text is part of its key).
    NoPrompt {
        /// The task.
        task: &'a str,
        /// The version.
        version: i64,
        /// Its folder.
        #[serde(serialize_with = "crate::machine_json::path")]
        path: &'a Path,
        /// Whether its recordings are of a prompt written in code.
        in_code: bool,
    },
    /// The end: the totals.
    Summary(&'a LockSummary),
}

crate::sink::command_sink! {
    /// Takes what `lock` reports.
    LockSink::lock(LockEvent)
}
