//! `verify`: every way a cassette store can be broken or stale, each a named [`Check`].
//!
//! Files are checked in parallel and independently (one bad file is a finding, never the end of
//! the walk); what needs the whole store (current versions, which answers were repaired by a
//! later recorded turn) is gathered cheaply first or resolved after the pass, so memory stays
//! proportional to the number of files, not their size.

mod checks;
mod links;

use std::collections::{BTreeSet, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::key::CassetteKey;
use crate::layout::version_dir;
use crate::outcome::{Outcome, Progress, Verdict};
use crate::registry::Registry;
use crate::ser::Counts;
use crate::settings::Store;
use crate::sink::{sent, Common, Sink};
use crate::staleness::StalenessView;
use crate::store::{classify, CassetteFile, OtherKind, StoreEntry, Walked};

pub use crate::answer::{repaired_contents, validate_answer, AnswerVerdict, Validators};
pub use crate::cassette::strip_fence;
pub use crate::schema::compile;

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
            | Check::PromptMismatch => Severity::Warning,
            Check::Unreadable
            | Check::Json
            | Check::Fields
            | Check::Location
            | Check::HashFormat
            | Check::TaskName
            | Check::NotObject
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
pub struct Finding {
    /// The file.
    #[serde(serialize_with = "crate::ser::path")]
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

    fn order(&self) -> (&Path, Check, Option<usize>) {
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

/// What `verify` found in one store, collected (see [`verify_store`]; the command streams).
#[derive(Debug, Clone, Default)]
pub struct VerifyReport {
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

impl VerifyReport {
    /// How many findings of `severity`.
    pub fn count(&self, severity: Severity) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity == severity)
            .count()
    }
}

/// The totals of one store's verify: the findings themselves went to the reporter as found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoreVerdict {
    /// The store root.
    pub root: PathBuf,
    /// How many files sit at cassette positions.
    pub cassettes: usize,
    /// Error findings.
    pub errors: usize,
    /// Warning findings.
    pub warnings: usize,
    /// Findings per check.
    pub checks: Counts,
    /// Files that are not cassettes.
    pub skipped: usize,
    /// Answers that fail validation but whose repair turn is recorded (not findings).
    pub repaired: usize,
    /// Tasks whose schema is unknown (built in code, or no registry and no stored schema).
    pub unvalidated_tasks: BTreeSet<String>,
    /// Whether a prompt registry was read for this store.
    pub registry: bool,
    /// Whether warnings fail the run (`--deny warnings`).
    pub deny_warnings: bool,
    /// Whether the store has an `ulcas.lock` (without one, prompt edits go unseen).
    pub locked: bool,
    /// Request dumps of the run that could not be read (the run exits 2): whatever they hold
    /// was not checked, so no store of the run passes.
    pub unread_requests: usize,
}

impl StoreVerdict {
    /// This store's verdict: no errors, no warnings when they are denied, and every request
    /// dump of the run read.
    pub fn verdict(&self) -> Verdict {
        Verdict::of(
            self.errors == 0
                && !(self.deny_warnings && self.warnings > 0)
                && self.unread_requests == 0,
        )
    }

    fn count(&mut self, f: &Finding) {
        match f.severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
        }
        *self.checks.entry(f.check.name()).or_default() += 1;
    }
}

/// The totals of a whole `verify` run (the `summary` event).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct VerifySummary {
    /// The store roots.
    #[serde(serialize_with = "crate::ser::paths")]
    pub stores: Vec<PathBuf>,
    /// Files at cassette positions.
    pub cassettes: usize,
    /// Error findings.
    pub errors: usize,
    /// Warning findings.
    pub warnings: usize,
    /// Files that are not cassettes.
    pub skipped: usize,
    /// Answers that fail validation but whose repair turn is recorded.
    pub repaired: usize,
    /// Findings per check.
    pub checks: Counts,
    /// Tasks whose schema is unknown.
    pub unvalidated_tasks: BTreeSet<String>,
    /// Request dumps (`--requests`) that could not be read: reported, and exit 2 at the end.
    #[serde(skip)]
    pub input_errors: usize,
    /// Whether warnings fail the run (`--deny warnings`).
    #[serde(skip)]
    pub deny_warnings: bool,
    /// The run's verdict after `--deny`: what the exit code and the human verdict line say.
    pub verdict: Verdict,
}

impl VerifySummary {
    /// Adds one store's totals.
    pub fn add(&mut self, v: &StoreVerdict) {
        self.stores.push(v.root.clone());
        self.cassettes += v.cassettes;
        self.errors += v.errors;
        self.warnings += v.warnings;
        self.skipped += v.skipped;
        self.repaired += v.repaired;
        for (c, n) in &v.checks {
            *self.checks.entry(c).or_default() += n;
        }
        self.unvalidated_tasks
            .extend(v.unvalidated_tasks.iter().cloned());
    }
}

impl Outcome for VerifySummary {
    /// Exit 0 when nothing is wrong (warnings count only when denied), else exit 1 (exit 2 when
    /// a request dump could not be read: the verdict is then `fail`, never `pass`).
    fn verdict(&self) -> Verdict {
        Verdict::of(
            self.errors == 0
                && !(self.deny_warnings && self.warnings > 0)
                && self.input_errors == 0,
        )
    }

    fn input_errors(&self) -> usize {
        self.input_errors
    }
}

/// What `verify` reports.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum VerifyEvent<'a> {
    /// One problem of one file.
    Finding(&'a Finding),
    /// Context: one store's verify is done (human output prints its verdict line).
    #[serde(skip)]
    VerifyDone(&'a StoreVerdict),
    /// The end: the totals and the verdict.
    Summary(&'a VerifySummary),
}

impl crate::sink::CommandEvent for VerifyEvent<'_> {
    fn is_context(&self) -> bool {
        matches!(self, VerifyEvent::VerifyDone(_))
    }
}

crate::sink::command_sink! {
    /// Takes what `verify` reports.
    VerifySink::verify(VerifyEvent)
}

/// A request dump of a test run, as `verify --requests` checks it.
#[derive(Debug, Clone)]
pub struct Dump {
    /// The dump file.
    pub file: PathBuf,
    /// Its key.
    pub key: CassetteKey,
    /// The model the test run asked for.
    pub model: Option<String>,
    /// `sha256:…` of the system prompt the app sent, byte for byte.
    pub system: Option<String>,
}

/// What the key cannot see of a test run: a hit cassette recorded with another model than the
/// run asks (`model-changed`, per cassette), and a system prompt that differs from the prompt
/// file the registry has for its task and version (`prompt-mismatch`, per dump).
fn dump_findings(store: &Store, dumps: &[Dump]) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut models_seen = HashSet::new();
    for d in dumps {
        let path = d.key.path_under(&store.root);
        if let Some(model) = &d.model {
            let recorded = crate::store::read_cassette(&path).ok().map(|c| c.model);
            if let Some(recorded) = recorded.filter(|m| !m.is_empty() && m != model) {
                if models_seen.insert(path.clone()) {
                    out.push(Finding::new(
                        &path,
                        Check::ModelChanged,
                        format!(
                            "recorded with {recorded}, while the test run (dump {}) asks {model}: the replay answers as {recorded} did; re-record it if the answers should be {model}'s",
                            d.file.display()
                        ),
                    ));
                }
            }
        }
        let (task, version) = (&d.key.task, d.key.prompt_version);
        let (Some(system), Some(prompt)) = (&d.system, store.registry.prompt(task, version)) else {
            continue;
        };
        // One finding per dump that sent other bytes (same message per version: grouped).
        if prompt.text_hash.as_ref().is_some_and(|h| h != system) {
            let folders: Vec<String> = store
                .registry
                .folders
                .iter()
                .map(|f| f.display().to_string())
                .collect();
            out.push(Finding::new(
                &d.file,
                Check::PromptMismatch,
                format!(
                    "the system prompt this test-run dump sent for {task} v{version} differs, byte for byte, from {}, read from the prompt folder {}: ulcas checks another text than the app sends. Point --prompts (or `prompts` in ulcas.toml) at the app's prompts, or bump the version if the app's text changed",
                    prompt.path.display(),
                    folders.join(", ")
                ),
            ));
        }
    }
    out
}

/// What `verify` is asked, beside the stores.
#[derive(Debug, Clone, Default)]
pub struct VerifyRequest {
    /// Request dumps (files or folders) of a test run: each must have its cassette.
    pub requests: Vec<PathBuf>,
    /// Warnings fail the run too (`--deny warnings`).
    pub deny_warnings: bool,
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

/// Verifies `stores`, checking each request dump of `requests` in the store it belongs to
/// (`missing-cassette`), and reports as it goes: per store a [`Common::Store`], its findings
/// (see [`verify_walk`] for the order), its skipped files and a [`VerifyEvent::VerifyDone`];
/// then the [`VerifyEvent::Summary`]. Errors of the sink stop the run.
pub fn run(
    stores: &[Store],
    asked: &VerifyRequest,
    progress: &dyn Progress,
    sink: &mut dyn VerifySink,
) -> Result<VerifySummary> {
    let requests = &asked.requests;
    // Each dump is keyed once and checked in the one store it belongs to.
    let mut summary = VerifySummary {
        deny_warnings: asked.deny_warnings,
        ..Default::default()
    };
    let mut dumps: Vec<Vec<Dump>> = vec![Vec::new(); stores.len()];
    summary.input_errors = crate::dumps::each(requests, sink, |_, file, request, _| {
        let dump = Dump {
            key: crate::key::key_of(&request),
            model: request.model,
            system: request
                .system
                .as_deref()
                // Byte for byte: the app sends the registry's text as it is, so any other
                // bytes (a space, a newline, CRLF) are another prompt.
                .map(crate::lock::sha256),
            file: file.to_path_buf(),
        };
        if let Some(i) = crate::settings::store_for_request(stores, &dump.key)
            .and_then(|s| stores.iter().position(|j| std::ptr::eq(j, s)))
        {
            dumps[i].push(dump);
        }
        Ok(())
    })?;
    for (store, dumps) in stores.iter().zip(&dumps) {
        sink.emit_common(&Common::Store(store))?;
        let mut verdict = verify_walk(store, dumps, progress, sink)?;
        verdict.deny_warnings = asked.deny_warnings;
        verdict.unread_requests = summary.input_errors;
        sent(sink.verify(&VerifyEvent::VerifyDone(&verdict)))?;
        summary.add(&verdict);
    }
    summary.verdict = Outcome::verdict(&summary);
    sent(sink.verify(&VerifyEvent::Summary(&summary)))?;
    Ok(summary)
}

/// Checks every file of the store at `root` with `registry` (hints name the root alone) and
/// collects the findings; `progress` is called once per file done.
pub fn verify_store(
    root: &Path,
    registry: &Registry,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<VerifyReport> {
    struct Gather(VerifyReport);
    impl Sink for Gather {
        fn common(&mut self, event: &Common<'_>) -> std::io::Result<()> {
            if let Common::Skipped { path, why } = event {
                self.0.skipped.push(Skipped {
                    path: path.to_path_buf(),
                    why: why.to_string(),
                });
            }
            Ok(())
        }
    }
    impl VerifySink for Gather {
        fn verify(&mut self, event: &VerifyEvent<'_>) -> std::io::Result<()> {
            if let VerifyEvent::Finding(f) = event {
                self.0.findings.push((*f).clone());
            }
            Ok(())
        }
    }
    struct Steps<'a>(&'a (dyn Fn(u64) + Sync), AtomicU64);
    impl Progress for Steps<'_> {
        fn step(&self) {
            (self.0)(self.1.fetch_add(1, Ordering::Relaxed) + 1);
        }
    }
    let store = Store::with_registry(root, registry.clone());
    let mut gather = Gather(VerifyReport::default());
    let steps = Steps(progress, AtomicU64::new(0));
    let verdict = verify_walk(&store, &[], &steps, &mut gather)?;
    let mut report = gather.0;
    report.root = verdict.root;
    report.cassettes = verdict.cassettes;
    report.repaired = verdict.repaired;
    report.unvalidated_tasks = verdict.unvalidated_tasks;
    Ok(report)
}

/// How many files are checked at once; results are reported in path order after each batch,
/// so memory holds one batch, not the store's findings.
const BATCH: usize = 512;

/// Checks a store and reports its findings as they are found, in a stable order: by path,
/// except that answers failing their schema come at the end of their `<task>/v<N>` folder
/// (whether a recorded repair turn answers them is known only once the folder is read), and
/// the store-level findings (registry, dumps) merged in by path. Then each skipped file.
///
/// The store is walked folder by folder ([`crate::store::walk()`]) after a census of its folders:
/// memory holds one folder's names (compactly), one batch of results and the failing answers
/// of one folder, whatever the size of the store.
pub fn verify_walk(
    store: &Store,
    requests: &[Dump],
    progress: &dyn Progress,
    sink: &mut dyn VerifySink,
) -> Result<StoreVerdict> {
    let root = store.root.as_path();
    crate::store::check_folder(root)?;
    let mut verdict = StoreVerdict {
        root: root.to_path_buf(),
        registry: store.registry.present,
        ..Default::default()
    };
    let census = crate::store::census(root)?;
    let ctx = StoreContext {
        store,
        staleness: StalenessView::of_census(&census, &store.registry),
        validators: Validators::for_registry(&store.registry),
    };
    let mut early = store_findings(&ctx);
    early.extend(missing_cassettes(store, requests));
    early.extend(dump_findings(store, requests));
    let (locked, edits) = lock_findings(store, &census, &ctx.staleness)?;
    verdict.locked = locked;
    early.extend(edits);
    early.sort_by(|a, b| a.order().cmp(&b.order()));
    let total: usize = census.values().flat_map(|v| v.values()).sum();
    progress.start("verifying", total as u64);
    let mut skipped = Vec::new();
    let mut out = Emitter {
        early: early.into_iter().peekable(),
        verdict: &mut verdict,
        sink,
    };
    let walked = crate::store::walk(root, &mut |item| match item {
        Walked::Folder(folder) => {
            out.verdict.cassettes += folder.len();
            verify_folder(folder.files(), &ctx, progress, &mut out)
        }
        Walked::Entry(entry) => entry_findings(root, entry, &ctx, progress, &mut out, &mut skipped),
    })?;
    walked.map_err(Error::output)?;
    out.rest().map_err(Error::output)?;
    progress.finish();
    for s in &skipped {
        sink.emit_common(&Common::Skipped {
            path: &s.path,
            why: &s.why,
        })?;
    }
    verdict.skipped = skipped.len();
    Ok(verdict)
}

/// What verify makes of an entry of the walk that is not a folder of cassettes: a link is
/// followed as the driver follows it (what it leads to inside the store is checked), a pipe at a
/// cassette path is a finding, an unreadable folder too; anything else is skipped.
fn entry_findings(
    root: &Path,
    entry: StoreEntry,
    ctx: &StoreContext<'_>,
    progress: &dyn Progress,
    out: &mut Emitter<'_, '_>,
    skipped: &mut Vec<Skipped>,
) -> std::io::Result<()> {
    match entry {
        StoreEntry::Other {
            path,
            kind: OtherKind::Symlink,
            ..
        } => {
            let mut seen = VerifyReport::default();
            let mut files = Vec::new();
            links::resolve(root, &path, &mut files, &mut seen);
            skipped.extend(seen.skipped);
            for f in &seen.findings {
                out.emit(f)?;
            }
            out.verdict.cassettes += files.len();
            // What one link makes visible, folder by folder.
            files.sort_by(|a, b| a.path.cmp(&b.path));
            let mut start = 0;
            while start < files.len() {
                let first = &files[start];
                let end = files[start..]
                    .iter()
                    .position(|f| f.version != first.version || f.task != first.task)
                    .map_or(files.len(), |n| start + n);
                verify_folder(files[start..end].iter().cloned(), ctx, progress, out)?;
                start = end;
            }
            Ok(())
        }
        StoreEntry::Other {
            path,
            kind: OtherKind::NotRegular,
            ..
        } if matches!(classify(root, &path, false), StoreEntry::Cassette(_)) =>
        {
            out.emit(&Finding::new(
                &path,
                Check::SpecialFile,
                "a pipe, socket or device at a cassette path: the driver's read would block or fail; never read here. Remove it",
            ))
        }
        StoreEntry::Other { path, why, .. } => {
            skipped.push(Skipped { path, why });
            Ok(())
        }
        StoreEntry::Unreadable { path, error } => out.emit(&Finding::new(
            &path,
            Check::Unreadable,
            format!("cannot read: {error}"),
        )),
        StoreEntry::Cassette(file) => {
            out.verdict.cassettes += 1;
            verify_folder(std::iter::once(file), ctx, progress, out)
        }
    }
}

/// Reports findings, merging in the store-level ones (registry, links, dumps) by path.
struct Emitter<'r, 'v> {
    early: std::iter::Peekable<std::vec::IntoIter<Finding>>,
    verdict: &'v mut StoreVerdict,
    sink: &'r mut dyn VerifySink,
}

impl Emitter<'_, '_> {
    fn emit(&mut self, f: &Finding) -> std::io::Result<()> {
        while let Some(e) = self.early.next_if(|e| e.order() <= f.order()) {
            self.send(&e)?;
        }
        self.send(f)
    }

    fn send(&mut self, f: &Finding) -> std::io::Result<()> {
        self.verdict.count(f);
        self.sink.verify(&VerifyEvent::Finding(f))
    }

    fn rest(&mut self) -> std::io::Result<()> {
        while let Some(e) = self.early.next() {
            self.send(&e)?;
        }
        Ok(())
    }
}

/// What `ulcas.lock` says of the store's recorded versions against the registry: prompts and
/// schemas edited since they were locked, versions recorded after it. `(false, [])` when the
/// store has no lock.
fn lock_findings(
    store: &Store,
    census: &crate::store::Census,
    staleness: &StalenessView,
) -> Result<(bool, Vec<Finding>)> {
    let Some(lock) = crate::lock::Lock::read(&store.root)? else {
        return Ok((false, Vec::new()));
    };
    let mut findings = Vec::new();
    for (task, versions) in census {
        for &version in versions.keys() {
            let Some((now, prompt_file, schema_file)) =
                crate::lock::current(&store.registry, task, version)
            else {
                continue;
            };
            let name = format!("{task}/v{version}");
            let accept = store.command("lock", &["--accept", &name]);
            let Some(locked) = lock.entries.get(&(task.clone(), version)) else {
                findings.push(Finding::new(
                    &crate::layout::version_dir(&store.root, task, version),
                    Check::Unlocked,
                    format!(
                        "{name} has recordings that ulcas.lock does not cover (recorded after it was written): `{}` adds them, so that an edit of their prompt fails here",
                        store.command("lock", &[])
                    ),
                ));
                continue;
            };
            // A version older than the current one can never be hit again: the step that
            // brings the lock back is the prune that removes it, not an accept.
            let stale = staleness
                .current_version(task)
                .is_some_and(|current| version < current);
            if stale && (locked.prompt != now.prompt || locked.schema != now.schema) {
                let what = if locked.prompt != now.prompt {
                    Check::PromptEdited
                } else {
                    Check::SchemaEdited
                };
                let file = match what {
                    Check::SchemaEdited => {
                        schema_file.clone().unwrap_or_else(|| prompt_file.clone())
                    }
                    _ => prompt_file.clone(),
                };
                findings.push(Finding::new(
                    &file,
                    what,
                    format!(
                        "the {} of {name} ({}) changed since its recordings were locked; {name} is older than the current version and can never be hit again: `{}` removes its recordings and its lock entry",
                        if what == Check::SchemaEdited { "output schema" } else { "prompt text" },
                        file.display(),
                        store.command("prune", &["--delete"])
                    ),
                ));
                continue;
            }
            if locked.prompt != now.prompt {
                findings.push(Finding::new(
                    &prompt_file,
                    Check::PromptEdited,
                    format!(
                        "the prompt text of {name} changed since its recordings were locked, without a version bump: every {task} test replays answers to a text that no longer exists. Restore {} and put the new text in v{}.md (then record it), or, if the recordings were re-made with the new text: `{accept}`",
                        prompt_file.display(),
                        version + 1
                    ),
                ));
            }
            if locked.schema != now.schema {
                let file = schema_file.unwrap_or_else(|| prompt_file.clone());
                findings.push(Finding::new(
                    &file,
                    Check::SchemaEdited,
                    format!(
                        "the output schema of {name} ({}) changed since its recordings were locked: its requests now have another key and miss. Restore it and bump the version, or carry the answers over (`{}`) or record them anew, then `{accept}`",
                        file.display(),
                        store.command_with("migrate", &[task], &[])
                    ),
                ));
            }
        }
    }
    Ok((true, findings))
}

/// Findings of the store as a whole: unrecorded current versions, registry problems.
fn store_findings(ctx: &StoreContext<'_>) -> Vec<Finding> {
    let (store, registry) = (ctx.store, &ctx.store.registry);
    let mut findings = Vec::new();
    for u in ctx.staleness.unrecorded() {
        let prompt = registry.prompt(&u.task, u.current).map(|p| p.path.clone());
        let path = prompt
            .clone()
            .unwrap_or_else(|| version_dir(&store.root, &u.task, u.current));
        let prompt_file = prompt.map_or_else(|| "pinned".to_owned(), |p| p.display().to_string());
        findings.push(Finding::new(
            &path,
            Check::UnrecordedVersion,
            format!(
                "task {:?}: the current prompt v{} ({prompt_file}) has no recordings in {}, while v{} has {}: its requests miss until they are recorded; record them with {}. prune keeps the v{} recordings until then",
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
        findings.push(Finding::new(&p.path, Check::Registry, p.message.clone()));
    }
    for (task, version, message) in ctx.validators.broken() {
        let path = registry
            .prompt(&task, version)
            .map(|p| p.path.clone())
            .unwrap_or_default();
        findings.push(Finding::new(&path, Check::Registry, message));
    }
    findings
}

/// Checks the files of one `<task>/v<N>` folder, batch by batch, and reports their findings.
fn verify_folder(
    files: impl Iterator<Item = CassetteFile>,
    ctx: &StoreContext<'_>,
    progress: &dyn Progress,
    out: &mut Emitter<'_, '_>,
) -> std::io::Result<()> {
    // Answers that fail validation wait for the end of the folder: a later recorded request
    // of the same folder may repair them.
    let mut failing: Vec<checks::FileResult> = Vec::new();
    let mut repairs: HashSet<[u8; 16]> = HashSet::new();
    let mut files = files.peekable();
    let mut batch: Vec<CassetteFile> = Vec::with_capacity(BATCH);
    while files.peek().is_some() {
        batch.clear();
        batch.extend(files.by_ref().take(BATCH));
        let results: Vec<checks::FileResult> = batch
            .par_iter()
            .map(|file| {
                let r = checks::check_file(file, ctx);
                progress.step();
                r
            })
            .collect();
        for mut r in results {
            repairs.extend(r.repair_prefixes.drain(..));
            if r.unvalidated {
                out.verdict
                    .unvalidated_tasks
                    .insert(batch[0].task.to_string());
            }
            r.findings.sort_by(|a, b| a.order().cmp(&b.order()));
            for f in &r.findings {
                out.emit(f)?;
            }
            if !r.invalid_answer.is_empty() {
                r.findings = Vec::new();
                failing.push(r);
            }
        }
    }
    for r in failing {
        let repaired = r.content_digest.is_some_and(|d| repairs.contains(&d));
        if repaired {
            out.verdict.repaired += 1;
            continue;
        }
        for mut f in r.invalid_answer {
            // Without request material a recorded repair cannot be told apart: say so, softly.
            if r.content_digest.is_none() {
                f.severity = Severity::Warning;
                f.message.push_str(" (if a repair turn of it is recorded, this is expected: record with request material so verify can tell)");
            }
            out.emit(&f)?;
        }
    }
    Ok(())
}

/// Findings for the request dumps of `requests` (dump file, its key) whose cassette `store`
/// lacks: each names the expected cassette path and the `lookup` command that explains the miss.
pub fn missing_cassettes(store: &Store, requests: &[Dump]) -> Vec<Finding> {
    let mut out = Vec::new();
    for Dump { file, key, .. } in requests {
        let path = key.path_under(&store.root);
        if path.is_file() {
            continue;
        }
        let file_name = file.display().to_string();
        let root = store.root.display().to_string();
        let lookup = crate::shell::words(&["ulcas", "lookup", &file_name, "--cassettes", &root]);
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
        path: version_dir(Path::new("store"), task, version).join(name),
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

crate::named!(Severity, Check);
