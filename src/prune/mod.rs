//! `prune`: the cassettes no request can hit again, and their safe removal.
//!
//! A cassette can go, for the first reason that applies (see [`StaleReason`], decided by the
//! `StalenessView` that `verify` reads too): its prompt version is older than the task's
//! current one (`stale-version`); no prompt folder has its task (`orphan-task`); its stored
//! schema differs from the registry's (`schema-changed`); journals of test runs (or request
//! dumps) were given and none references it (`unreferenced`).
//!
//! Some of those are kept on purpose ([`KeptReason`]): the last recordings of a task whose
//! current version has none yet, and orphans unless [`Allowed::orphans`] is set.
//!
//! Safety: only files found by the store walk (which never follows a symlink) are candidates;
//! a candidate must parse as a cassette; before a file is removed, its folders are checked to be
//! real folders inside the canonical store root and the file a regular file. `unreferenced`
//! never takes a cassette of a task's current version unless journals cover every store. A plan
//! whose registry has problems has [`PrunePlan::doubts`]: nothing may be deleted then.
//!
//! ```
//! use ulcas::outcome::NoProgress;
//! use ulcas::registry::RegistrySource;
//! use ulcas::request::Request;
//! use ulcas::sink::Collect;
//! use ulcas::store::{self, Recording, WriteOptions};
//! use ulcas::store_settings::StoreSettings;
//! use ulcas::prune::{self, PruneOptions};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = tempfile::tempdir()?;
//! let store = dir.path().join("cassettes");
//! let request = Request::from_slice(br#"{"task": "outline", "prompt_version": 1,
//!     "schema": {"type": "object"}, "blocks": [{"type": "text", "text": "Grind"}]}"#)?;
//! // Recorded at v1, then at v2 after a prompt bump: v1 can never be hit again.
//! store::record(&store, &request, &Recording::new("{}", "m"), WriteOptions::default())?;
//! let bumped = Request::from_slice(br#"{"task": "outline", "prompt_version": 2,
//!     "schema": {"type": "object"}, "blocks": [{"type": "text", "text": "Grind"}]}"#)?;
//! store::record(&store, &bumped, &Recording::new("{}", "m"), WriteOptions::default())?;
//! let prompts = dir.path().join("prompts");
//! std::fs::create_dir_all(prompts.join("outline"))?;
//! std::fs::write(prompts.join("outline/v1.md"), "---\nid: outline\nversion: 1\n---\nOld.\n")?;
//! std::fs::write(prompts.join("outline/v2.md"), "---\nid: outline\nversion: 2\n---\nNew.\n")?;
//! let source = RegistrySource { prompts: vec![prompts], ..Default::default() };
//! let stores = [StoreSettings::new(&store, source)?];
//!
//! // A dry run: what can go, and why; `delete: true` removes it.
//! let mut events = Collect::default();
//! let summary = prune::run(&stores, &PruneOptions::default(), &NoProgress, &mut events)?;
//! assert_eq!(summary.prunable, 1);
//! assert_eq!(events.of_type("prune").next().unwrap()["reason"], "stale-version");
//! # Ok(())
//! # }
//! ```

mod delete;
mod events;
mod evidence;
mod plan;

pub use delete::Deletion;
pub use events::{CandidateEvent, PruneContext, PruneEvent, PruneSink};
pub use evidence::LiveSet;
pub(crate) use evidence::read_journals;
pub use plan::{
    Allowed, KeptReason, LISTED_PER_REASON, PruneCandidate, PrunePlan, plan, prune_store,
};
pub(crate) use plan::{LEFTOVER_AGE, check_root};

use std::path::PathBuf;

use crate::error::{Named, Phrase, Result};
use crate::machine_json::Counts;
use crate::outcome::{Outcome, Progress, Verdict};
use crate::registry::RegistryProblem;
use crate::sink::{Common, Context, sent};
pub use crate::staleness::StaleReason;
use crate::store_settings::StoreSettings;

crate::machine_json::named!(KeptReason);

/// What a `prune` run is asked to do.
#[derive(Debug, Clone, Default)]
pub struct PruneOptions {
    /// Journals of test runs (cassettes they name are live).
    pub journals: Vec<PathBuf>,
    /// Request dumps or folders of them (their cassettes are live).
    pub dumps: Vec<PathBuf>,
    /// What beyond the safe default may go.
    pub allowed: Allowed,
    /// Delete (else only report).
    pub delete: bool,
    /// The journals and dumps given are a whole test run, every shard: current cassettes that
    /// nothing used are `unreferenced` (never inferred).
    pub complete_run: bool,
}

/// A cassette `--delete` could not remove.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotDeleted {
    /// The cassette.
    pub path: PathBuf,
    /// Why (the file system's answer, or what changed under the run).
    pub why: String,
}

/// The totals of a `prune` run (the `summary` event).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct PruneSummary {
    /// The store roots.
    #[serde(serialize_with = "crate::machine_json::paths")]
    pub stores: Vec<PathBuf>,
    /// Files at cassette positions.
    pub cassettes: usize,
    /// Cassettes that can go (not kept).
    pub prunable: usize,
    /// Cassettes this run deleted.
    pub deleted: usize,
    /// Bytes of the prunable cassettes.
    pub bytes: u64,
    /// Prunable cassettes per reason.
    pub reasons: Counts,
    /// Kept cassettes per reason.
    pub kept: Counts,
    /// Current cassettes kept because journals do not cover every store.
    pub kept_unreferenced: usize,
    /// Problems of the registries that decide staleness (nothing is deleted while any).
    pub registry_problems: Vec<RegistryProblem>,
    /// Whether `--delete` was refused for them.
    pub refused: bool,
    /// After `--delete`: the `ulcas lock --accept TASK/vN` commands that bring each store's
    /// lock in line with its registry (a schema or prompt re-recorded, the old ones pruned).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lock_accept: Vec<String>,
    /// With `--complete-run`: stores no dump or journal touched (nothing there is
    /// `unreferenced`).
    #[serde(
        serialize_with = "crate::machine_json::paths",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub untouched: Vec<PathBuf>,
    /// Files that could not be deleted (path, why): exit 2.
    #[serde(skip)]
    pub failed: Vec<NotDeleted>,
    /// Request dumps that could not be read: reported, and exit 2 at the end.
    #[serde(skip)]
    pub input_errors: usize,
    /// Whether `--delete` was given.
    #[serde(skip)]
    pub delete: bool,
}

impl PruneSummary {
    fn add(&mut self, plan: &PrunePlan, deletion: Option<&Deletion>) {
        self.stores.push(plan.root.clone());
        self.cassettes += plan.cassettes;
        for ((k, ..), n) in &plan.kept {
            *self.kept.entry(k.name()).or_default() += n;
        }
        for ((reason, _), (n, bytes)) in &plan.totals {
            self.prunable += n;
            self.bytes += bytes;
            *self.reasons.entry(reason.name()).or_default() += n;
        }
        self.kept_unreferenced += plan.kept_unreferenced;
        if plan.untouched {
            self.untouched.push(plan.root.clone());
        }
        self.registry_problems.extend(plan.doubts.iter().cloned());
        if let Some(d) = deletion {
            self.deleted += d.deleted;
            self.failed.extend(d.failed.iter().cloned());
        }
    }

    /// Why `--delete` deleted nothing, when it was refused: the registry's problems or the
    /// request dumps that could not be read, with what to do.
    pub fn refusal(&self) -> Option<String> {
        if !self.refused {
            return None;
        }
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let them = |n: usize| if n == 1 { "it" } else { "them" };
        let problems = &self.registry_problems;
        Some(match problems.first() {
            Some(first) => format!(
                "the registry that decides staleness has {} (first: {first}); fix {} and run again",
                plural(problems.len(), "problem", "problems"),
                them(problems.len())
            ),
            None => format!(
                "{} could not be read (above); fix or remove {} and run again",
                plural(self.input_errors, "request dump", "request dumps"),
                them(self.input_errors)
            ),
        })
    }
}

impl Outcome for PruneSummary {
    /// Exit 0 when nothing (more) can go or it was deleted; exit 1 when cassettes can go and
    /// `--delete` was not given. (A refusal or a failed deletion is an error: exit 2.)
    fn verdict(&self) -> Verdict {
        Verdict::of(self.prunable == 0 || self.delete)
    }

    fn input_errors(&self) -> usize {
        self.input_errors
    }

    fn failed(&self) -> usize {
        self.failed.len()
    }

    fn refusal(&self) -> Option<String> {
        PruneSummary::refusal(self)
    }
}

/// Plans (and with `delete`, carries out) the pruning of `stores` and reports as it goes: the
/// journal lines whose cassette is gone, then per store a [`Context::Store`], every candidate,
/// the skipped files, leftovers and removed folders, and a [`PruneContext::Plan`]; then the
/// summary.
/// Nothing is deleted anywhere while any registry deciding staleness has problems
/// ([`PruneSummary::refused`]).
pub fn run(
    stores: &[StoreSettings],
    request: &PruneOptions,
    progress: &dyn Progress,
    sink: &mut dyn PruneSink,
) -> Result<PruneSummary> {
    let roots: Vec<PathBuf> = stores.iter().map(|s| s.root.clone()).collect();
    for root in &roots {
        check_root(root)?;
    }
    let mut summary = PruneSummary {
        delete: request.delete,
        ..Default::default()
    };
    if request.complete_run && request.journals.is_empty() && request.dumps.is_empty() {
        return Err(Phrase::default()
            .name(Named::CompleteRun)
            .text(" says the evidence given is a whole test run: give it with ")
            .name(Named::Journals)
            .text(" or ")
            .name(Named::Requests)
            .error());
    }
    let live = evidence(stores, &roots, request, &mut summary, sink)?;
    // Refused before anything is read: a registry with problems anywhere, or dumps that could
    // not be read, and nothing is deleted in any store.
    let refused = request.delete
        && (stores.iter().any(|s| !s.registry.problems.is_empty()) || summary.input_errors > 0);
    let delete = request.delete && !refused;
    for store in stores {
        sink.emit_context(&Context::Store(store))?;
        let (plan, deletion) = prune_store(store, &live, request.allowed, delete, progress, sink)?;
        sent(report_rest(
            store,
            &plan,
            deletion.as_ref(),
            request.delete,
            sink,
        ))?;
        summary.add(&plan, deletion.as_ref());
        if deletion.is_some() {
            summary
                .lock_accept
                .extend(crate::lock::to_accept(store, None)?);
        }
    }
    summary.refused = refused;
    if let Some(why) = summary.refusal() {
        sent(sink.prune(&PruneEvent::Refused { why: &why }))?;
    }
    sent(sink.prune(&PruneEvent::Summary(&summary)))?;
    Ok(summary)
}

/// The evidence of use given: the cassettes the journals list (each line whose cassette is gone
/// reported) and those the request dumps hit in each store they speak for (a dump that cannot
/// be read counted in `summary`).
fn evidence(
    stores: &[StoreSettings],
    roots: &[PathBuf],
    request: &PruneOptions,
    summary: &mut PruneSummary,
    sink: &mut dyn PruneSink,
) -> Result<LiveSet> {
    let (mut live, missing) = if request.journals.is_empty() {
        (LiveSet::default(), Vec::new())
    } else {
        read_journals(&request.journals, roots)?
    };
    live.complete_run = request.complete_run;
    if !request.dumps.is_empty() {
        let mut requests = Vec::new();
        summary.input_errors = crate::dumps::each(&request.dumps, sink, |_, file, r, _| {
            requests.push((file.to_path_buf(), crate::key::key_of(&r)));
            Ok(())
        })?;
        for (file, key) in &requests {
            for i in crate::store_settings::stores_of_request(stores, key) {
                let root = &stores[i].root;
                live.mark(root, key.path_under(root), file);
            }
        }
        live.given = true;
    }
    for m in &missing {
        sent(sink.prune(&PruneEvent::JournalMissing {
            journal: &m.journal,
            line: m.line,
            path: &m.path,
        }))?;
    }
    Ok(live)
}

/// After a store's candidates: its skipped files, leftovers, removed folders and the plan.
fn report_rest(
    store: &StoreSettings,
    plan: &PrunePlan,
    deletion: Option<&Deletion>,
    delete_asked: bool,
    sink: &mut dyn PruneSink,
) -> std::io::Result<()> {
    for (path, why) in &plan.skipped {
        sink.common(&Common::Skipped { path, why })?;
    }
    for path in &plan.leftovers {
        let deleted = deletion.is_some_and(|d| d.removed_leftovers.contains(path));
        sink.prune(&PruneEvent::Leftover { path, deleted })?;
    }
    for path in deletion.iter().flat_map(|d| &d.removed_folders) {
        sink.prune(&PruneEvent::RemovedFolder { path })?;
    }
    sink.prune_context(&PruneContext::Plan {
        store,
        plan,
        deletion,
        delete_asked,
    })
}
