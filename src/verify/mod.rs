//! `verify`: every way a cassette store can be broken or stale, each a named [`Check`].
//!
//! Files are checked in parallel and independently (one bad file is a finding, never the end of
//! the walk); what needs the whole store (current versions, which answers were repaired by a
//! later recorded turn) is gathered cheaply first or resolved after the pass, so memory stays
//! proportional to the number of files, not their size.

mod checks;
mod links;
mod schemas;

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use crate::error::Result;
use crate::key::CassetteKey;
use crate::registry::Registry;
use crate::settings::Store;
use crate::staleness::StalenessView;
use crate::store::{classify, scan, CassetteFile, StoreEntry, StoreListing, NOT_REGULAR, SYMLINK};

pub use checks::{repaired_contents, strip_fence, validate_answer, AnswerVerdict};
pub use schemas::{compile, Validators};

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The cassette cannot work as recorded.
    Error,
    /// Suspicious, stale or churning; fails only with `--deny warnings`.
    Warning,
}

impl Severity {
    /// `error` or `warning`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// A check, by its stable name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
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
}

impl Check {
    /// The stable name (JSON `check`).
    pub fn name(self) -> &'static str {
        match self {
            Check::Unreadable => "unreadable",
            Check::Json => "json",
            Check::Fields => "fields",
            Check::Location => "location",
            Check::HashFormat => "hash-format",
            Check::TaskName => "task-name",
            Check::PlaceholderSyntax => "placeholder-syntax",
            Check::RawId => "raw-id",
            Check::NotObject => "not-object",
            Check::Schema => "schema",
            Check::Secret => "secret",
            Check::StaleVersion => "stale-version",
            Check::OrphanTask => "orphan-task",
            Check::SchemaChanged => "schema-changed",
            Check::KeyMismatch => "key-mismatch",
            Check::UnknownPlaceholder => "unknown-placeholder",
            Check::Format => "format",
            Check::Registry => "registry",
            Check::UnrecordedVersion => "unrecorded-version",
            Check::MissingCassette => "missing-cassette",
            Check::LinkOutsideStore => "link-outside-store",
            Check::SpecialFile => "special-file",
        }
    }

    /// How bad a finding of this check is.
    pub fn severity(self) -> Severity {
        match self {
            Check::PlaceholderSyntax
            | Check::RawId
            | Check::StaleVersion
            | Check::OrphanTask
            | Check::SchemaChanged
            | Check::Format
            | Check::UnrecordedVersion => Severity::Warning,
            _ => Severity::Error,
        }
    }
}

/// One problem of one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The file.
    pub path: PathBuf,
    /// Which check.
    pub check: Check,
    /// How bad.
    pub severity: Severity,
    /// What is wrong and how to fix it.
    pub message: String,
    /// 1-based line in the file, when known.
    pub line: Option<usize>,
    /// JSON pointer into the answer, for schema findings.
    pub pointer: Option<String>,
}

impl Finding {
    /// A finding with the check's own severity.
    pub fn new(path: &Path, check: Check, message: impl Into<String>) -> Finding {
        Finding {
            path: path.to_path_buf(),
            check,
            severity: check.severity(),
            message: message.into(),
            line: None,
            pointer: None,
        }
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

/// What `verify` found in one store.
#[derive(Debug, Clone, Default)]
pub struct VerifyReport {
    /// The store root.
    pub root: PathBuf,
    /// How many files sit at cassette positions.
    pub cassettes: usize,
    /// Findings, by path then check.
    pub findings: Vec<Finding>,
    /// Files that are not cassettes.
    pub skipped: Vec<Skipped>,
    /// Answers that fail validation but whose repair turn is recorded (not findings).
    pub repaired: usize,
    /// Tasks whose schema is unknown (built in code, or no registry and no stored schema).
    pub unvalidated_tasks: BTreeSet<String>,
}

impl VerifyReport {
    /// How many findings of `severity`.
    pub fn count(&self, severity: Severity) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity == severity)
            .count()
    }

    /// Findings per check name.
    pub fn per_check(&self) -> BTreeMap<&'static str, usize> {
        let mut counts = BTreeMap::new();
        for f in &self.findings {
            *counts.entry(f.check.name()).or_insert(0) += 1;
        }
        counts
    }
}

/// What each file's check needs to know of the whole store.
pub struct StoreContext<'a> {
    /// The store, its settings and registry (hints name its commands).
    pub store: &'a Store,
    /// What is stale, shared with `prune`.
    pub staleness: StalenessView,
    /// Compiled schemas.
    pub validators: Validators,
}

/// Checks every file of the store at `root` with `registry` (hints name the root alone);
/// `progress` is called once per file done.
pub fn verify_store(
    root: &Path,
    registry: &Registry,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<VerifyReport> {
    let store = Store::with_registry(root, registry.clone());
    Ok(verify_scanned(&store, scan(root)?, progress))
}

/// Checks the entries of an already scanned store (see [`crate::store::scan`]).
pub fn verify_scanned(
    store: &Store,
    listing: StoreListing,
    progress: &(dyn Fn(u64) + Sync),
) -> VerifyReport {
    let root = store.root.as_path();
    let mut report = VerifyReport {
        root: root.to_path_buf(),
        ..Default::default()
    };
    let mut files = listing.cassettes;
    for entry in listing.others {
        match entry {
            StoreEntry::Other { path, why } if why == SYMLINK => {
                links::resolve(root, &path, &mut files, &mut report)
            }
            StoreEntry::Other { path, why }
                if why == NOT_REGULAR
                    && matches!(classify(root, &path, false), StoreEntry::Cassette(_)) =>
            {
                report.findings.push(Finding::new(
                    &path,
                    Check::SpecialFile,
                    "a pipe, socket or device at a cassette path: the driver's read would block or fail; never read here. Remove it",
                ))
            }
            StoreEntry::Other { path, why } => report.skipped.push(Skipped { path, why }),
            StoreEntry::Unreadable { path, error } => report.findings.push(Finding::new(
                &path,
                Check::Unreadable,
                format!("cannot read: {error}"),
            )),
            StoreEntry::Cassette(_) => {}
        }
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    verify_files(store, files, report, progress)
}

fn verify_files(
    store: &Store,
    files: Vec<CassetteFile>,
    mut report: VerifyReport,
    progress: &(dyn Fn(u64) + Sync),
) -> VerifyReport {
    let registry = &store.registry;
    let ctx = StoreContext {
        store,
        staleness: StalenessView::new(&files, registry),
        validators: Validators::for_registry(registry),
    };
    for u in ctx.staleness.unrecorded() {
        let prompt = registry.prompt(&u.task, u.current).map(|p| p.path.clone());
        let path = prompt
            .clone()
            .unwrap_or_else(|| store.root.join(&u.task).join(format!("v{}", u.current)));
        let prompt_file = prompt.map_or_else(|| "pinned".to_owned(), |p| p.display().to_string());
        report.findings.push(Finding::new(
            &path,
            Check::UnrecordedVersion,
            format!(
                "task {:?}: the current prompt v{} ({prompt_file}) has no recordings in {}, while v{} has {}: its requests miss until they are recorded; record them with {}. `ulcas prune` keeps the v{} recordings until then",
                u.task,
                u.current,
                store.root.display(),
                u.last_recorded,
                u.last_recordings,
                store.record_hint(),
                u.last_recorded,
            ),
        ));
    }
    for p in &registry.problems {
        report
            .findings
            .push(Finding::new(&p.path, Check::Registry, p.message.clone()));
    }
    for (task, version, message) in ctx.validators.broken() {
        let path = registry
            .prompt(&task, version)
            .map(|p| p.path.clone())
            .unwrap_or_default();
        report
            .findings
            .push(Finding::new(&path, Check::Registry, message));
    }
    let done = AtomicU64::new(0);
    // Only files with something to say are kept: memory follows the findings, not the store.
    let results: Vec<(usize, checks::FileResult)> = files
        .par_iter()
        .enumerate()
        .filter_map(|(i, file)| {
            let r = checks::check_file(file, &ctx);
            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            (!r.is_empty()).then_some((i, r))
        })
        .collect();
    report.cassettes = files.len();
    // Answers that failed validation are fine when a later recorded request repairs them.
    let repairs: HashSet<[u8; 16]> = results
        .iter()
        .flat_map(|(_, r)| r.repair_prefixes.iter().copied())
        .collect();
    for (i, r) in results {
        report.findings.extend(r.findings);
        let repaired = r.content_digest.is_some_and(|d| repairs.contains(&d));
        match (repaired, r.invalid_answer.is_empty()) {
            (_, true) => {}
            (true, false) => report.repaired += 1,
            // Without request material a recorded repair cannot be told apart: say so, softly.
            (false, false) if r.content_digest.is_none() => report.findings.extend(r.invalid_answer.into_iter().map(|mut f| {
                f.severity = Severity::Warning;
                f.message.push_str(" (if a repair turn of it is recorded, this is expected: record with request material so verify can tell)");
                f
            })),
            (false, false) => report.findings.extend(r.invalid_answer),
        }
        if r.unvalidated {
            report.unvalidated_tasks.insert(files[i].task.to_string());
        }
    }
    report
        .findings
        .sort_by(|a, b| (&a.path, a.check, a.line).cmp(&(&b.path, b.check, b.line)));
    report
}

/// Findings for the request dumps of `requests` (dump file, its key) whose cassette `store`
/// lacks: each names the expected cassette path and the `lookup` command that explains the miss.
pub fn missing_cassettes(store: &Store, requests: &[(PathBuf, CassetteKey)]) -> Vec<Finding> {
    let mut out = Vec::new();
    for (file, key) in requests {
        let path = key.path_under(&store.root);
        if path.is_file() {
            continue;
        }
        let file_name = file.display().to_string();
        let root = store.root.display().to_string();
        let lookup =
            crate::settings::shell_words(&["ulcas", "lookup", &file_name, "--cassettes", &root]);
        out.push(Finding::new(
            &path,
            Check::MissingCassette,
            format!(
                "no cassette for the request dumped in {file_name} (task {:?}, prompt v{}): that test misses; `{lookup}` explains why",
                key.task, key.prompt_version
            ),
        ));
    }
    out
}

/// The findings of every per-file check on `bytes` as the cassette `<task>/v<version>/<name>`
/// of an otherwise empty store without a registry (for fuzzing and tests of the checks alone).
pub fn check_cassette_bytes(task: &str, version: i64, name: &str, bytes: &[u8]) -> Vec<Finding> {
    let store = Store::with_registry(Path::new("store"), Registry::default());
    let file = CassetteFile {
        path: Path::new("store")
            .join(task)
            .join(format!("v{version}"))
            .join(name),
        task: task.into(),
        version,
    };
    let ctx = StoreContext {
        store: &store,
        staleness: StalenessView::new(std::slice::from_ref(&file), &store.registry),
        validators: Validators::for_registry(&store.registry),
    };
    let r = checks::check_bytes(&file, bytes, &ctx);
    r.findings.into_iter().chain(r.invalid_answer).collect()
}
