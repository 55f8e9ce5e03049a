//! `verify`: every way a cassette store can be broken or stale, each a named [`Check`].
//!
//! Files are checked in parallel and independently (one bad file is a finding, never the end of
//! the walk); what needs the whole store (current versions, which answers were repaired by a
//! later recorded turn) is gathered cheaply first or resolved after the pass, so memory stays
//! proportional to the number of files, not their size.
//!
//! ```
//! use ulcas::outcome::{Outcome, Verdict};
//! use ulcas::request::Request;
//! use ulcas::sink::Collect;
//! use ulcas::store::{self, Recording, WriteOptions};
//! use ulcas::store_settings::StoreSettings;
//! use ulcas::verify::{self, VerifyOptions};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = tempfile::tempdir()?;
//! let store = dir.path().join("cassettes");
//! let request = Request::from_slice(br#"{"task": "outline", "prompt_version": 1,
//!     "schema": {"type": "object"}, "blocks": [{"type": "text", "text": "Grind"}]}"#)?;
//! store::record(&store, &request, &Recording::new("{}", "m"), WriteOptions::with_request_material())?;
//! // A file at a cassette position that is no cassette.
//! std::fs::write(store.join("outline/v1/0123456789abcdef0123456789abcdef.json"), "not json")?;
//!
//! let mut events = Collect::default();
//! let stores = [StoreSettings::new(&store, Default::default())?];
//! let summary = verify::run(&stores, &VerifyOptions::default(), &ulcas::outcome::NoProgress, &mut events)?;
//! assert_eq!(summary.verdict(), Verdict::Fail);
//! let finding = events.of_type("finding").next().unwrap();
//! assert_eq!(finding["check"], "json");
//! # Ok(())
//! # }
//! ```

mod answer;
mod checks;
mod empty;
mod events;
mod fields;
mod findings;
mod links;
mod lock;
mod requests;
mod walk;

pub use events::{VerifyContext, VerifyEvent, VerifySink};
pub use findings::{Check, Finding, Severity, Skipped, StoreFindings};
pub(crate) use requests::{Dump, missing_cassettes};
pub use walk::check_cassette_bytes;
pub(crate) use walk::verify_walk;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::error::Result;
use crate::machine_json::Counts;
use crate::outcome::{Outcome, Progress, Steps, Verdict};
use crate::registry::Registry;
use crate::sink::{Context, sent};
use crate::staleness::StalenessView;
use crate::store_settings::StoreSettings;

pub(crate) use crate::schema_check::Validators;

/// The totals of one store's verify: the findings themselves went to the reporter as found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
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
#[non_exhaustive]
pub struct VerifySummary {
    /// The store roots.
    #[serde(serialize_with = "crate::machine_json::paths")]
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

/// What `verify` is asked, beside the stores.
#[derive(Debug, Clone, Default)]
pub struct VerifyOptions {
    /// Request dumps (files or folders) of a test run: each must have its cassette.
    pub dumps: Vec<PathBuf>,
    /// Warnings fail the run too (`--deny warnings`).
    pub deny_warnings: bool,
}

/// What each file's check needs to know of the whole store.
pub(crate) struct StoreContext<'a> {
    /// The store, its settings and registry (hints name its commands).
    pub store: &'a StoreSettings,
    /// What is stale, shared with `prune`.
    pub staleness: StalenessView,
    /// Compiled schemas.
    pub validators: Validators,
}

/// Verifies `stores`, checking each request dump of `requests` in the store it belongs to
/// (`missing-cassette`), and reports as it goes: per store a [`Context::Store`], its findings
/// (see `verify_walk` for the order), its skipped files and a [`VerifyContext::StoreDone`];
/// then the [`VerifyEvent::Summary`]. Errors of the sink stop the run.
pub fn run(
    stores: &[StoreSettings],
    asked: &VerifyOptions,
    progress: &dyn Progress,
    sink: &mut dyn VerifySink,
) -> Result<VerifySummary> {
    let requests = &asked.dumps;
    // Each dump is keyed once and checked in each store it speaks for.
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
                .map(crate::registry::prompt_hash),
            file: file.to_path_buf(),
        };
        for i in crate::store_settings::stores_of_request(stores, &dump.key) {
            dumps[i].push(dump.clone());
        }
        Ok(())
    })?;
    let mut told = std::collections::HashSet::new();
    for (store, dumps) in stores.iter().zip(&dumps) {
        let store = &*untold_problems(store, &mut told);
        sink.emit_context(&Context::Store(store))?;
        let mut verdict = verify_walk(store, dumps, progress, sink)?;
        verdict.deny_warnings = asked.deny_warnings;
        verdict.unread_requests = summary.input_errors;
        sent(sink.verify_context(&VerifyContext::StoreDone(&verdict)))?;
        summary.add(&verdict);
    }
    summary.verdict = Outcome::verdict(&summary);
    sent(sink.verify(&VerifyEvent::Summary(&summary)))?;
    Ok(summary)
}

/// `store` without the registry problems an earlier store of the run reported (a prompts
/// folder that two stores read is one folder: its problems are said once, in the first).
fn untold_problems<'s>(
    store: &'s StoreSettings,
    told: &mut std::collections::HashSet<(PathBuf, String)>,
) -> std::borrow::Cow<'s, StoreSettings> {
    let problems = &store.registry.problems;
    let fresh: Vec<bool> = problems
        .iter()
        .map(|p| told.insert((p.path.clone(), p.message.clone())))
        .collect();
    if fresh.iter().all(|&f| f) {
        return std::borrow::Cow::Borrowed(store);
    }
    let mut store = store.clone();
    let mut fresh = fresh.into_iter();
    store
        .registry
        .problems
        .retain(|_| fresh.next().unwrap_or(true));
    std::borrow::Cow::Owned(store)
}

/// Checks every file of the store at `root` with `registry` (hints name the root alone) and
/// collects the findings; `progress` is called once per file done.
pub fn verify_store(
    root: &Path,
    registry: &Registry,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<StoreFindings> {
    let store = StoreSettings::with_registry(root, registry.clone());
    let mut report = StoreFindings::default();
    let verdict = verify_walk(&store, &[], &Steps::new(progress), &mut report)?;
    report.root = verdict.root;
    report.cassettes = verdict.cassettes;
    report.repaired = verdict.repaired;
    report.unvalidated_tasks = verdict.unvalidated_tasks;
    Ok(report)
}
