//! `review --against REF`: a re-recording at the same prompt version, against a git revision.
//! Each working-tree cassette is paired with the same path at REF; what changed in the answer,
//! model, stop reason, usage and schema verdict is reported, with the cassettes added and
//! removed since REF; `--reject` restores REF's version of what the user does not accept.
//!
//! Git is asked once per store for what differs (`git diff --name-status`), once for REF's
//! tree and once, in a batch, for the blobs of what differs: a store of 10,000 re-recorded
//! cassettes costs a handful of processes.
//!
//! ```
//! use ulcas::review::against::{AgainstOptions, DEFAULT_REVISION};
//!
//! // Compared with the last commit unless told otherwise; `review::run_against` runs it.
//! let asked = AgainstOptions::default();
//! assert_eq!((asked.reference.as_str(), DEFAULT_REVISION), ("HEAD", "HEAD"));
//! assert!(asked.tasks.is_empty() && asked.reject.is_empty());
//! ```

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::{Pair, RecordedAnswer, TokenStats};
use super::{
    PairEvent, ReviewContext, ReviewEvent, ReviewSink, Side, Unpaired, UnpairedWhy, against, sent,
};
use crate::advice::{Advice, Phrasebook};
use crate::error::{Error, Named, Phrase, Result};
use crate::git::Repo;
use crate::lock::Entry;
use crate::machine_json::Sides;
use crate::outcome::{Outcome, Verdict};
use crate::store_settings::StoreSettings;

mod read;
mod reject;

/// What `review --against` is asked, beside the stores.
#[derive(Debug, Clone)]
pub struct AgainstOptions {
    /// The git revision ([`DEFAULT_REVISION`] by default).
    pub reference: String,
    /// Only these tasks (all when empty).
    pub tasks: Vec<String>,
    /// Paths of listed cassettes whose re-recording is rejected: REF's version is restored.
    pub reject: Vec<PathBuf>,
}

impl Default for AgainstOptions {
    /// Against [`DEFAULT_REVISION`], every task, nothing rejected.
    fn default() -> Self {
        AgainstOptions {
            reference: DEFAULT_REVISION.to_owned(),
            tasks: Vec::new(),
            reject: Vec::new(),
        }
    }
}

/// One cassette that differs between REF and the working tree.
#[derive(Debug, Clone)]
pub struct Change {
    /// The task.
    pub task: String,
    /// The prompt version.
    pub version: i64,
    /// The working-tree path (the store root as given, joined with `<task>/v<N>/<name>`).
    pub path: PathBuf,
    /// The path relative to the top of the git work tree.
    pub git_path: PathBuf,
    /// How it differs.
    pub kind: ChangeKind,
    /// Whether REF holds a symbolic link at this path (restored as a link, as git does).
    pub link_at_ref: bool,
}

/// How a listed cassette differs.
#[derive(Debug, Clone)]
pub enum ChangeKind {
    /// In both: REF's recording (`from`, its path written `REF:<path>`) and the new one.
    Changed(Box<Pair>),
    /// Only in the working tree (a new input, or a file git does not track yet).
    Added(Option<Box<RecordedAnswer>>),
    /// Only at REF (the re-recording removed it).
    Removed(Option<Box<RecordedAnswer>>),
    /// In both, but one side does not read as a cassette.
    Unreadable,
}

/// A version whose `ulcas.lock` entry differs between REF and the working tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LockDelta {
    /// The task.
    pub task: String,
    /// The version.
    pub version: i64,
    /// REF's entry (`None`: REF has none).
    pub before: Option<Entry>,
    /// The working tree's entry.
    pub now: Option<Entry>,
}

/// The re-recording of one store against REF.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Rerecording {
    /// The store root, as given.
    pub root: PathBuf,
    /// The revision as given.
    pub reference: String,
    /// The commit it names.
    pub commit: String,
    /// Every cassette that differs, by path.
    pub changes: Vec<Change>,
    /// Cassettes the same at REF and now.
    pub unchanged: usize,
    /// Lock entries that differ.
    pub lock: Vec<LockDelta>,
    /// Prompts in code edited since REF: pairs of a removed and an added change.
    pub edits: Vec<PromptEdit>,
    repo: Repo,
    prefix: PathBuf,
    /// Each change by its absolute path (lexically, from the working folder): a path a user
    /// names is found in one look, however many cassettes differ.
    index: std::collections::HashMap<PathBuf, usize>,
    /// What lists the cassettes that differ, in the words of the store's phrasebook.
    listing: String,
}

/// The totals of one store's re-recording.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[non_exhaustive]
pub struct RerecordSummary {
    /// The store root.
    #[serde(serialize_with = "crate::machine_json::path")]
    pub store: PathBuf,
    /// The revision as given.
    pub against: String,
    /// The commit.
    pub commit: String,
    /// Cassettes that differ from REF (the ones `--reject` can name).
    pub differing: usize,
    /// Cassettes at the same path on both sides.
    pub pairs: usize,
    /// Pairs whose answers, models and stop reasons are the same (usage may differ).
    pub identical: usize,
    /// Pairs whose answers differ.
    pub changed: usize,
    /// Pairs whose answers are the same but whose model or stop reason differs.
    pub metadata_changed: usize,
    /// Cassettes only in the working tree.
    pub added: usize,
    /// Cassettes only at REF.
    pub removed: usize,
    /// Pairs one side of which does not read as a cassette.
    pub unreadable: usize,
    /// Prompts in code edited since REF: a removed and an added recording of one request
    /// (counted in `removed` and `added` too).
    pub prompt_edits: usize,
    /// Pairs whose model differs.
    pub model_changed: usize,
    /// Pairs whose stop reason differs.
    pub stop_reason_changed: usize,
    /// Tokens of the pairs that git sees differ, each side.
    pub tokens: Sides<TokenStats>,
    /// Paired answers failing the current registry's schema of their version, each side.
    pub schema_failures: Sides<usize>,
    /// Versions whose lock entry changed since REF (`task/vN`).
    pub lock_changed: Vec<String>,
    /// Cassettes this run restored or removed (`--reject`).
    pub rejected: usize,
}

/// What a reject did to one cassette.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RejectAction {
    /// REF's version written back.
    Restored,
    /// Removed: REF has none.
    Removed,
}

/// One rejected cassette.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rejected {
    /// The cassette.
    #[serde(serialize_with = "crate::machine_json::path")]
    pub path: PathBuf,
    /// What was done.
    pub action: RejectAction,
}

impl Rerecording {
    /// The totals.
    pub fn summary(&self) -> RerecordSummary {
        let mut s = RerecordSummary {
            store: self.root.clone(),
            against: self.reference.clone(),
            commit: self.commit.clone(),
            lock_changed: self
                .lock
                .iter()
                .map(|d| format!("{}/v{}", d.task, d.version))
                .collect(),
            ..Default::default()
        };
        let pairs: Vec<&Pair> = self.pairs().collect();
        s.differing = self.changes.len();
        s.prompt_edits = self.edits.len();
        for change in &self.changes {
            match &change.kind {
                ChangeKind::Changed(_) => {}
                ChangeKind::Added(_) => s.added += 1,
                ChangeKind::Removed(_) => s.removed += 1,
                ChangeKind::Unreadable => s.unreadable += 1,
            }
        }
        s.changed = pairs.iter().filter(|p| p.changed()).count();
        s.pairs = self.unchanged + pairs.len() + s.unreadable;
        // Identical: the same answer, model and stop reason (usage may differ).
        let differing = pairs.iter().filter(|p| p.differs()).count();
        s.identical = s.pairs - differing - s.unreadable;
        s.metadata_changed = differing - s.changed;
        s.model_changed = pairs
            .iter()
            .filter(|p| p.from.cassette.model != p.to.cassette.model)
            .count();
        s.stop_reason_changed = pairs
            .iter()
            .filter(|p| p.from.cassette.stop_reason != p.to.cassette.stop_reason)
            .count();
        s.tokens = Sides {
            from: TokenStats::of(pairs.iter().map(|p| &p.from)),
            to: TokenStats::of(pairs.iter().map(|p| &p.to)),
        };
        s.schema_failures = Sides {
            from: pairs
                .iter()
                .filter(|p| p.from.schema_ok == Some(false))
                .count(),
            to: pairs
                .iter()
                .filter(|p| p.to.schema_ok == Some(false))
                .count(),
        };
        s
    }

    /// What is shown, in order: each change, an edited prompt in code as one pair.
    pub fn listed(&self) -> impl Iterator<Item = Listed<'_>> {
        self.changes.iter().enumerate().filter_map(|(i, change)| {
            match self.edits.iter().find(|e| e.removed == i || e.added == i) {
                Some(e) if e.removed == i => Some(Listed::Edit(e)),
                Some(_) => None,
                None => Some(Listed::Change(change)),
            }
        })
    }

    /// The pairs whose files differ and both read as cassettes.
    pub fn pairs(&self) -> impl Iterator<Item = &Pair> {
        self.changes.iter().filter_map(|c| match &c.kind {
            ChangeKind::Changed(p) => Some(&**p),
            _ => None,
        })
    }

    /// The listed cassette `path` names: the working-tree path as listed (any spelling of it)
    /// or `REF:<path>`.
    pub fn find(&self, path: &Path) -> Option<&Change> {
        let text = path.to_string_lossy();
        let path = text
            .strip_prefix(self.reference.as_str())
            .and_then(|rest| rest.strip_prefix(':'))
            .map_or_else(|| path.to_path_buf(), PathBuf::from);
        let cwd = std::env::current_dir().ok()?;
        let wanted = crate::store_settings::lexical_absolute(&cwd, &path);
        self.index.get(&wanted).map(|&i| &self.changes[i])
    }
}

/// The end of a `review --against` run over every store.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AgainstRun {
    /// Cassettes that still differ from REF (after any reject).
    pub differing: usize,
}

impl Outcome for AgainstRun {
    /// Exit 0 when nothing differs from REF (or every difference was rejected), else exit 1.
    fn verdict(&self) -> Verdict {
        Verdict::of(self.differing == 0)
    }
}

/// `review --against REF`: compares each store's working tree with REF ([`against`]) and
/// reports, per store, the comparison, each pair that differs, each cassette added or removed,
/// then (with `--reject`) each cassette restored or removed and the store's totals. Every
/// rejected path is checked in every store before anything is written.
pub fn run_against(
    stores: &[StoreSettings],
    asked: &against::AgainstOptions,
    sink: &mut dyn ReviewSink,
) -> Result<against::AgainstRun> {
    let reviews = read_against(stores, asked)?;
    report_against(stores, &reviews, &asked.reject, sink)
}

/// Each store's re-recording against the revision of `asked` (its tasks), read once: what
/// [`run_against`] reports, and what an interactive walk shows before it.
pub fn read_against(
    stores: &[StoreSettings],
    asked: &against::AgainstOptions,
) -> Result<Vec<against::Rerecording>> {
    let reference = asked.reference.as_str();
    // `--against ROOT` takes the store for the revision: said before the stores are looked at.
    if Path::new(reference).is_dir() {
        return Err(Phrase::default()
            .name(Named::Against)
            .text(format_args!(
                " {reference:?}: that is a folder, not a git revision; for its re-recording against HEAD write `"
            ))
            .name(Named::Against)
            .text(format_args!(" HEAD {reference}` (the revision comes first)"))
            .error());
    }
    for task in &asked.tasks {
        crate::request::validate_task(task)?;
    }
    crate::store_settings::require_folders(stores)?;
    // A mistyped --task would list nothing and pass: it must name a recorded task.
    for task in &asked.tasks {
        if !stores.iter().any(|s| s.root.join(task).is_dir()) {
            return Err(Phrase::default()
                .name(Named::Task)
                .text(format_args!(
                    " {task}: no store has recordings of task {task:?}{}",
                    crate::store_settings::did_you_mean(stores, task)
                ))
                .error());
        }
    }
    stores
        .iter()
        .map(|s| against::Rerecording::read(s, reference, &asked.tasks))
        .collect()
}

/// Reports `reviews` (read by [`read_against`] from `stores`, in order) and rejects `reject`:
/// every path is checked in every store before anything is written.
pub fn report_against(
    stores: &[StoreSettings],
    reviews: &[against::Rerecording],
    reject: &[PathBuf],
    sink: &mut dyn ReviewSink,
) -> Result<against::AgainstRun> {
    // Which store each rejected path belongs to, all checked before the first write.
    let mut per_store: Vec<Vec<PathBuf>> = vec![Vec::new(); reviews.len()];
    let reference = reviews
        .first()
        .map_or(DEFAULT_REVISION, |r| r.reference.as_str());
    for path in reject {
        let i = reviews
            .iter()
            .position(|r| r.find(path).is_some())
            .ok_or_else(|| not_listed(path, reference, &listing(stores, reference)))?;
        per_store[i].push(path.clone());
    }
    for (r, paths) in reviews.iter().zip(&per_store) {
        r.plan_reject(paths)?;
    }
    let mut run = against::AgainstRun::default();
    for ((store, r), paths) in stores.iter().zip(reviews).zip(&per_store) {
        let mut summary = r.summary();
        sink.emit_context(&crate::sink::Context::Store(store))?;
        sent(sink.review_context(&ReviewContext::Against {
            store,
            rerecording: r,
            summary: &summary,
        }))?;
        for item in r.listed() {
            match item {
                Listed::Edit(e) => sent(sink.review(&ReviewEvent::Pair(PairEvent {
                    task: &e.task,
                    pair: &e.pair,
                    models: true,
                })))?,
                Listed::Change(change) => report_change(change, reference, sink)?,
            }
        }
        let rejected = r.reject(paths)?;
        for done in &rejected {
            sent(sink.review(&ReviewEvent::Rejected(done)))?;
        }
        summary.rejected = rejected.len();
        run.differing += r.changes.len() - rejected.len();
        sent(sink.review(&ReviewEvent::AgainstSummary(&summary)))?;
    }
    Ok(run)
}

/// A prompt in code edited since REF: a cassette removed since REF and one added, with the
/// same request content and schema under another system text, as one pair (each path is still
/// listed in [`Rerecording::changes`], and rejected on its own).
#[derive(Debug, Clone)]
pub struct PromptEdit {
    /// The index of the removed recording in [`Rerecording::changes`].
    pub removed: usize,
    /// The index of the added one.
    pub added: usize,
    /// The new recording's task.
    pub task: String,
    /// REF's recording (`from`) and the new one (`to`).
    pub pair: Pair,
}

/// One entry of a re-recording as it is shown: a listed change, or an edited prompt in code
/// (in the place of its removed recording; its added one is not shown again).
#[derive(Debug, Clone, Copy)]
pub enum Listed<'a> {
    /// A change at one path.
    Change(&'a Change),
    /// An edited prompt in code: two paths, one pair.
    Edit(&'a PromptEdit),
}

/// The edits of prompts in code among `changes`: each removed recording paired with the added
/// one of the same content and schema (the first, in path order), each used once.
pub(crate) fn edited_prompts(changes: &[Change]) -> Vec<PromptEdit> {
    let material = |a: &super::RecordedAnswer| {
        let m = a.cassette.request.as_ref()?;
        Some((m.content.clone(), m.schema.clone(), m.system.clone()?))
    };
    let mut added: Vec<(usize, &super::RecordedAnswer, (String, String, String))> = changes
        .iter()
        .enumerate()
        .filter_map(|(i, c)| match &c.kind {
            ChangeKind::Added(Some(a)) => Some((i, &**a, material(a)?)),
            _ => None,
        })
        .collect();
    let mut edits = Vec::new();
    for (i, c) in changes.iter().enumerate() {
        let ChangeKind::Removed(Some(old)) = &c.kind else {
            continue;
        };
        let Some((content, schema, system)) = material(old) else {
            continue;
        };
        let found = added
            .iter()
            .position(|(_, _, m)| m.0 == content && m.1 == schema && m.2 != system);
        if let Some(at) = found {
            let (j, new, _) = added.remove(at);
            edits.push(PromptEdit {
                removed: i,
                added: j,
                task: changes[j].task.clone(),
                pair: Pair {
                    changes: super::answer_changes(&old.cassette.text, &new.cassette.text),
                    from: (**old).clone(),
                    to: new.clone(),
                },
            });
        }
    }
    edits
}

/// One listed cassette of a re-recording: a pair, or a recording without its partner.
fn report_change(
    change: &against::Change,
    reference: &str,
    sink: &mut dyn ReviewSink,
) -> Result<()> {
    match &change.kind {
        against::ChangeKind::Changed(pair) => sent(sink.review(&ReviewEvent::Pair(PairEvent {
            task: &change.task,
            pair,
            models: true,
        }))),
        against::ChangeKind::Added(_) | against::ChangeKind::Unreadable => {
            let why = match change.kind {
                against::ChangeKind::Added(_) => UnpairedWhy::Added,
                _ => UnpairedWhy::NotACassette,
            };
            sent(sink.review(&ReviewEvent::Unpaired(&Unpaired {
                side: Side::To,
                path: change.path.clone(),
                why,
            })))
        }
        against::ChangeKind::Removed(_) => sent(sink.review(&ReviewEvent::Unpaired(&Unpaired {
            side: Side::From,
            path: at_revision(reference, &change.path),
            why: UnpairedWhy::Removed,
        }))),
    }
}

/// The revision `review --against` compares with when none is named.
pub const DEFAULT_REVISION: &str = "HEAD";

/// A path as it was at a revision, written `REF:<path>` (what git's `show` takes).
pub(crate) fn at_revision(reference: &str, path: &Path) -> PathBuf {
    PathBuf::from(format!("{reference}:{}", path.display()))
}

/// The error of a rejected path that the review did not list (nothing was changed).
fn not_listed(path: &Path, reference: &str, listing: &str) -> Error {
    Error::in_file(
        path,
        format!(
            "not among the cassettes that differ from {reference} (`{listing}` lists them): nothing was changed"
        ),
    )
}

/// What lists the cassettes that differ from `reference`, in the words of the stores'
/// phrasebook (the library's own without a store).
fn listing(stores: &[StoreSettings], reference: &str) -> String {
    let advice = Advice::ReviewAgainst { reference };
    stores.first().map_or_else(
        || crate::advice::Plain.phrase(&advice, None),
        |s| s.advise_any(advice),
    )
}
