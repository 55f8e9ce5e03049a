//! What `prune` reports, and the sink that takes it.

use std::path::Path;

use super::{Deletion, KeptReason, PruneCandidate, PrunePlan, PruneSummary, StaleReason};
use crate::store_settings::StoreSettings;

/// What `prune` reports.
#[derive(Debug, serde::Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum PruneEvent<'a> {
    /// A journal names a cassette that no longer exists.
    JournalMissing {
        /// The journal.
        #[serde(serialize_with = "crate::machine_json::path")]
        journal: &'a Path,
        /// Its line.
        line: usize,
        /// The path named.
        #[serde(serialize_with = "crate::machine_json::path")]
        path: &'a Path,
    },
    /// One cassette that can go (or is kept on purpose).
    #[serde(rename = "prune")]
    Candidate(CandidateEvent<'a>),
    /// A temporary file of an interrupted write.
    Leftover {
        /// The file.
        #[serde(serialize_with = "crate::machine_json::path")]
        path: &'a Path,
        /// Whether this run removed it.
        deleted: bool,
    },
    /// `--delete`: a cassette that could not be removed (the run exits 2).
    DeleteFailed {
        /// The cassette.
        #[serde(serialize_with = "crate::machine_json::path")]
        path: &'a Path,
        /// Why.
        why: &'a str,
    },
    /// `--delete` deleted nothing anywhere: why (the run exits 2).
    Refused {
        /// The registry's problems or the dumps that could not be read, with what to do.
        why: &'a str,
    },
    /// `--delete`: a folder left empty and removed.
    RemovedFolder {
        /// The folder.
        #[serde(serialize_with = "crate::machine_json::path")]
        path: &'a Path,
    },
    /// The end: the totals.
    Summary(&'a PruneSummary),
}

/// What `prune` says for display alone (never in JSON Lines).
#[derive(Debug)]
pub enum PruneContext<'a> {
    /// One store's plan, and what was deleted.
    Plan {
        /// The store.
        store: &'a StoreSettings,
        /// The plan.
        plan: &'a PrunePlan,
        /// What `--delete` did.
        deletion: Option<&'a Deletion>,
        /// Whether `--delete` was given.
        delete_asked: bool,
    },
}

crate::sink::command_sink! {
    /// Takes what `prune` reports.
    PruneSink::prune(PruneEvent), prune_context(PruneContext)
}

/// A prune candidate, as reported.
#[derive(Debug)]
pub struct CandidateEvent<'a> {
    /// The candidate.
    pub candidate: &'a PruneCandidate,
    /// Whether this run deleted it.
    pub deleted: bool,
}

impl serde::Serialize for CandidateEvent<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(serde::Serialize)]
        struct Out<'c> {
            #[serde(serialize_with = "crate::machine_json::path")]
            path: &'c Path,
            reason: StaleReason,
            deleted: bool,
            task: &'c str,
            prompt_version: i64,
            bytes: u64,
            #[serde(skip_serializing_if = "Option::is_none")]
            kept: Option<KeptReason>,
            #[serde(
                skip_serializing_if = "Option::is_none",
                serialize_with = "crate::machine_json::opt_path"
            )]
            used_by: &'c Option<std::path::PathBuf>,
        }
        let c = self.candidate;
        Out {
            path: &c.path,
            reason: c.reason,
            deleted: self.deleted,
            task: &c.task,
            prompt_version: c.version,
            bytes: c.bytes,
            kept: c.kept,
            used_by: &c.used_by,
        }
        .serialize(s)
    }
}
