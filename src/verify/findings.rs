//! What verify finds: each finding names its file, its [`Check`] and its [`Severity`].

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::error::Result;

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub enum Severity {
    /// The cassette cannot work as recorded.
    Error,
    /// Suspicious, stale or churning; fails only with `--deny warnings`.
    Warning,
}

/// A check, by its stable name.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    strum::IntoStaticStr,
    strum::EnumIter,
    strum::EnumMessage,
)]
#[strum(serialize_all = "kebab-case")]
#[non_exhaustive]
pub enum Check {
    /// The file or folder could not be read.
    Unreadable,
    /// Not UTF-8 JSON.
    Json,
    /// A reference field is missing or has the wrong type.
    Fields,
    /// The file is not at `<root>/<task>/v<prompt_version>/<hash>.json`.
    Location,
    /// The hash is not 32 lowercase hex digits.
    HashFormat,
    /// The task name could leave the store or is ambiguous.
    TaskName,
    /// A placeholder look-alike replay will not touch (`{{ frg_1 }}`, `{{frg_01}}`).
    PlaceholderSyntax,
    /// A raw generated id in the answer: replay would return an id of the recording's database.
    RawId,
    /// An `end_turn` answer that is not a JSON object: replay forces a repair turn.
    NotObject,
    /// A `tool_use` answer with no text: a forced tool's call recorded without its input.
    EmptyToolCall,
    /// The answer does not validate against the task's output schema.
    Schema,
    /// A secret in the file.
    Secret,
    /// The prompt version is older than the task's current one.
    StaleVersion,
    /// The registry has no prompt for the task.
    OrphanTask,
    /// The stored schema differs from the registry's schema for this version.
    SchemaChanged,
    /// The stored request material does not give the file's hash.
    KeyMismatch,
    /// A placeholder of the answer does not occur in the stored request content.
    UnknownPlaceholder,
    /// The bytes are not what the recorder writes: the next re-record will churn the diff.
    Format,
    /// A prompt file or schema of the registry cannot be used.
    Registry,
    /// The task's current version has no recordings while an older version has.
    UnrecordedVersion,
    /// A request dump (`--requests`) whose cassette the store does not have: that test misses.
    MissingCassette,
    /// A symbolic link in the store that leads outside it: the driver would load what it points to.
    LinkOutsideStore,
    /// A pipe, socket or device at a cassette path: the driver's read would block or fail.
    SpecialFile,
    /// A cassette larger than the 256 MiB any command reads.
    TooLarge,
    /// A recorded version's prompt text differs from `ulcas.lock`: edited without a version bump.
    PromptEdited,
    /// A recorded version's schema differs from `ulcas.lock`.
    SchemaEdited,
    /// Recordings of a version that `ulcas.lock` does not have.
    Unlocked,
    /// `--requests`: a hit cassette was recorded with another model than the dump asks.
    ModelChanged,
    /// `--requests`: a dump's system prompt differs from the registry's prompt text.
    PromptMismatch,
    /// The store folder does not exist or holds no cassettes: nothing is checked there.
    NoCassettes,
}

impl Check {
    /// How bad a finding of this check is.
    pub fn severity(self) -> Severity {
        match self {
            Check::PlaceholderSyntax
            | Check::RawId
            | Check::StaleVersion
            | Check::OrphanTask
            | Check::SchemaChanged
            | Check::Format
            | Check::UnrecordedVersion
            | Check::Unlocked
            | Check::ModelChanged
            | Check::PromptMismatch
            | Check::NoCassettes => Severity::Warning,
            Check::Unreadable
            | Check::Json
            | Check::Fields
            | Check::Location
            | Check::HashFormat
            | Check::TaskName
            | Check::NotObject
            | Check::EmptyToolCall
            | Check::Schema
            | Check::Secret
            | Check::KeyMismatch
            | Check::UnknownPlaceholder
            | Check::Registry
            | Check::MissingCassette
            | Check::LinkOutsideStore
            | Check::SpecialFile
            | Check::TooLarge
            | Check::PromptEdited
            | Check::SchemaEdited => Severity::Error,
        }
    }
}

/// One problem of one file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Finding {
    /// The file.
    #[serde(serialize_with = "crate::machine_json::path")]
    pub path: PathBuf,
    /// Which check.
    pub check: Check,
    /// How bad.
    pub severity: Severity,
    /// What is wrong and how to fix it.
    pub message: String,
    /// 1-based line in the file, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// JSON pointer into the answer, for schema findings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pointer: Option<String>,
}

impl Finding {
    /// A finding with the check's own severity. Its message goes through the secret masking
    /// here, once for every check and every format: a finding may quote store content.
    pub fn new(path: &Path, check: Check, message: impl Into<String>) -> Finding {
        Finding {
            path: path.to_path_buf(),
            check,
            severity: check.severity(),
            message: crate::secrets::mask(&message.into()).into_owned(),
            line: None,
            pointer: None,
        }
    }

    pub(super) fn order(&self) -> (&Path, Check, Option<usize>) {
        (&self.path, self.check, self.line)
    }
}

/// A file under a store root that is not a cassette.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// The file.
    pub path: PathBuf,
    /// Why it is not a cassette.
    pub why: String,
}

/// What `verify` found in one store, collected (see `verify_store`; the command streams).
#[derive(Debug, Clone, Default)]
pub struct StoreFindings {
    /// The store root.
    pub root: PathBuf,
    /// How many files sit at cassette positions.
    pub cassettes: usize,
    /// Findings, in the order they were reported.
    pub findings: Vec<Finding>,
    /// Files that are not cassettes.
    pub skipped: Vec<Skipped>,
    /// Answers that fail validation but whose repair turn is recorded (not findings).
    pub repaired: usize,
    /// Tasks whose schema is unknown (built in code, or no registry and no stored schema).
    pub unvalidated_tasks: BTreeSet<String>,
}

impl StoreFindings {
    /// How many findings of `severity`.
    pub fn count(&self, severity: Severity) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity == severity)
            .count()
    }
}

crate::machine_json::named!(Severity, Check);

/// At most this many findings of one check per file (the rest are counted in the message).
pub(super) const MAX_PER_CHECK: usize = 5;
