//! `review`: what a prompt bump changed, answer by answer. Each recording of the old version
//! (`from`) is paired with the recording of the new version (`to`) for the same request content
//! (request material; the schema may differ); the answers are compared in their own terms (JSON
//! pointers, or words when an answer is not JSON), with stop reasons, token usage and whether
//! each answer passes its own version's schema.

pub mod against;
mod jsondiff;

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde_json::Value;

pub use jsondiff::{pattern, AnswerChange, ChangeOp};

use crate::answer::{validate_answer, AnswerVerdict, Validators};
use crate::cassette::strip_fence;
use crate::cassette::Cassette;
use crate::error::{Error, Result};
use crate::outcome::{Outcome, Verdict};
use crate::ser::Sides;
use crate::settings::{with_task, Store};
use crate::sink::sent;
use crate::staleness::current_version;
use crate::store::{json_files_in, recorded_versions};

/// One recording of one side.
#[derive(Debug, Clone)]
pub struct Recording {
    /// The cassette file.
    pub path: PathBuf,
    /// What it holds.
    pub cassette: Cassette,
    /// Whether its answer passes its own version's schema (`None`: no schema known).
    pub schema_ok: Option<bool>,
}

impl Recording {
    /// Input and output tokens, as recorded (0 when missing).
    pub fn tokens(&self) -> (u64, u64) {
        let get = |k: &str| {
            self.cassette
                .usage
                .get(k)
                .and_then(Value::as_u64)
                .unwrap_or(0)
        };
        (get("input_tokens"), get("output_tokens"))
    }
}

/// A `from` recording and the `to` recording of the same request content.
#[derive(Debug, Clone)]
pub struct Pair {
    /// The old version's recording.
    pub from: Recording,
    /// The new version's recording.
    pub to: Recording,
    /// The changes between the answers (JSON pointers; pointer `""` when either is not JSON).
    pub changes: Vec<AnswerChange>,
}

impl Pair {
    /// Whether the answers differ.
    pub fn changed(&self) -> bool {
        !self.changes.is_empty()
    }

    /// Whether anything the driver returns differs: the answer, the model or the stop reason
    /// (a re-recording that changed only the model is no identical pair).
    pub fn differs(&self) -> bool {
        self.changed()
            || self.from.cassette.model != self.to.cassette.model
            || self.from.cassette.stop_reason != self.to.cassette.stop_reason
    }
}

/// Which side a recording without a partner is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// The old version.
    From,
    /// The new version.
    To,
}

/// Why a recording has no partner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnpairedWhy {
    /// A `from` input that has no `to` recording yet.
    NotRerecorded,
    /// A `to` input that the old version never had.
    NewInput,
    /// No request material: it cannot be paired.
    NoMaterial,
    /// Not readable as a cassette.
    NotACassette,
    /// `--against`: only in the working tree (added since REF).
    Added,
    /// `--against`: only at REF (removed since).
    Removed,
}

/// A recording without a partner.
#[derive(Debug, Clone, Serialize)]
pub struct Unpaired {
    /// Its side.
    pub side: Side,
    /// The file.
    #[serde(serialize_with = "crate::ser::path")]
    pub path: PathBuf,
    /// Why.
    pub why: UnpairedWhy,
}

/// The review of one task between two versions in one store.
#[derive(Debug, Clone)]
pub struct Review {
    /// The task.
    pub task: String,
    /// The old version.
    pub from_version: i64,
    /// The new version.
    pub to_version: i64,
    /// Pairs, by `from` path.
    pub pairs: Vec<Pair>,
    /// Recordings without a partner, by side then path.
    pub unpaired: Vec<Unpaired>,
}

/// Token totals and means of one side over the pairs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct TokenStats {
    /// Total input tokens.
    pub input_total: u64,
    /// Total output tokens.
    pub output_total: u64,
    /// Mean input tokens per pair.
    pub input_mean: f64,
    /// Mean output tokens per pair.
    pub output_mean: f64,
}

impl TokenStats {
    /// The totals and means of `side`'s recordings (means over at least one).
    pub fn of<'a>(side: impl Iterator<Item = &'a Recording>) -> TokenStats {
        let (mut n, mut i, mut o) = (0u64, 0, 0);
        for r in side {
            let (a, b) = r.tokens();
            n += 1;
            i += a;
            o += b;
        }
        let n = n.max(1) as f64;
        TokenStats {
            input_total: i,
            output_total: o,
            input_mean: i as f64 / n,
            output_mean: o as f64 / n,
        }
    }
}

/// What a reviewer reads first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReviewSummary {
    /// Pairs.
    pub pairs: usize,
    /// Pairs with identical answers.
    pub identical: usize,
    /// Pairs whose answers differ.
    pub changed: usize,
    /// The pointer patterns (array indices as `*`) that changed most often, with counts.
    pub top_pointers: Vec<(String, usize)>,
    /// Tokens of the old side's paired recordings.
    pub tokens_from: TokenStats,
    /// Tokens of the new side's paired recordings.
    pub tokens_to: TokenStats,
    /// Paired answers that fail their own version's schema, old side.
    pub schema_failures_from: usize,
    /// Same, new side.
    pub schema_failures_to: usize,
    /// `from` inputs not re-recorded yet.
    pub unpaired_from: usize,
    /// New `to` inputs.
    pub unpaired_to: usize,
    /// Recordings without material (either side).
    pub without_material: usize,
}

/// How to retire the old side of a review, decided once for every format: which version
/// `prune --delete` would remove, with what command, and what must be done first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Retire {
    /// The version prune retires: `from`, when it is older than the task's current version
    /// (`None` when it is not: `prune` would never remove it, so no advice is given).
    pub version: Option<i64>,
    /// The task's current version, as `prune` decides it.
    pub current: Option<i64>,
    /// `ulcas prune … --delete` for the store.
    pub command: String,
    /// `from` inputs that have no `to` recording yet: record them first.
    pub record_first: usize,
    /// `from` recordings without request material (they cannot be paired): backfill them first.
    pub backfill_first: usize,
}

impl Retire {
    /// Whether the old version can be retired now: it is older than the current one and every
    /// one of its inputs is known to be re-recorded.
    pub fn ready(&self) -> bool {
        self.version.is_some() && self.record_first == 0 && self.backfill_first == 0
    }
}

impl Review {
    /// The one retire decision of this review in `store` (see [`Retire`]).
    pub fn retire(&self, store: &Store) -> Retire {
        let recorded = recorded_versions(&store.root.join(&self.task));
        let current = crate::staleness::current_version(
            &store.registry,
            &self.task,
            recorded.last().copied(),
        );
        let from_side = |why: UnpairedWhy| {
            self.unpaired
                .iter()
                .filter(|u| u.side == Side::From && u.why == why)
                .count()
        };
        Retire {
            version: current
                .filter(|&c| self.from_version < c)
                .map(|_| self.from_version),
            current,
            command: store.command("prune", &["--delete"]),
            record_first: from_side(UnpairedWhy::NotRerecorded),
            backfill_first: from_side(UnpairedWhy::NoMaterial),
        }
    }

    /// Whether every `from` input has a `to` recording (exit 0), else exit 1.
    pub fn complete(&self) -> bool {
        !self.unpaired.iter().any(|u| u.side == Side::From)
    }

    /// Exit 0 when every `from` input has a `to` recording, else exit 1.
    pub fn verdict(&self) -> Verdict {
        Verdict::of(self.complete())
    }

    /// The summary: counts, the most changed pointers, tokens, schema failures.
    pub fn summary(&self) -> ReviewSummary {
        let mut patterns: BTreeMap<String, usize> = BTreeMap::new();
        for p in &self.pairs {
            let mut seen: Vec<String> = p.changes.iter().map(|c| pattern(&c.pointer)).collect();
            seen.sort();
            seen.dedup();
            for s in seen {
                *patterns.entry(s).or_default() += 1;
            }
        }
        let mut top: Vec<(String, usize)> = patterns.into_iter().collect();
        top.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        top.truncate(10);
        let changed = self.pairs.iter().filter(|p| p.changed()).count();
        let count = |side: Side| {
            self.unpaired
                .iter()
                .filter(|u| u.side == side && u.why != UnpairedWhy::NoMaterial)
                .count()
        };
        ReviewSummary {
            pairs: self.pairs.len(),
            identical: self.pairs.len() - changed,
            changed,
            top_pointers: top,
            tokens_from: TokenStats::of(self.pairs.iter().map(|p| &p.from)),
            tokens_to: TokenStats::of(self.pairs.iter().map(|p| &p.to)),
            schema_failures_from: self
                .pairs
                .iter()
                .filter(|p| p.from.schema_ok == Some(false))
                .count(),
            schema_failures_to: self
                .pairs
                .iter()
                .filter(|p| p.to.schema_ok == Some(false))
                .count(),
            unpaired_from: count(Side::From),
            unpaired_to: count(Side::To),
            without_material: self
                .unpaired
                .iter()
                .filter(|u| u.why == UnpairedWhy::NoMaterial)
                .count(),
        }
    }
}

/// What `review` is asked, beside the stores.
#[derive(Debug, Clone, Default)]
pub struct ReviewRequest {
    /// The task whose prompt was bumped.
    pub task: String,
    /// The old version (default: the newest older version with recordings).
    pub from: Option<i64>,
    /// The new version (default: the task's current version).
    pub to: Option<i64>,
}

/// `review`: reviews the task in its store (the one named, else the first with recordings of
/// it) and reports the review, each pair, each recording without a partner, then the summary.
/// Exit 0 when every `from` recording has its `to` partner.
pub fn run(stores: &[Store], asked: &ReviewRequest, sink: &mut dyn ReviewSink) -> Result<Review> {
    let store = match with_task(stores, &asked.task)?.as_slice() {
        [one] => *one,
        _ if stores.iter().any(|s| s.named) => {
            return Err(Error::msg("review takes one store root"))
        }
        more => more[0],
    };
    let r = review(store, &asked.task, asked.from, asked.to)?;
    let summary = r.summary();
    sent(sink.review(&ReviewEvent::Review {
        store,
        review: &r,
        summary: &summary,
    }))?;
    for pair in &r.pairs {
        sent(sink.review(&ReviewEvent::Pair(PairEvent {
            task: &r.task,
            pair,
            models: false,
        })))?;
    }
    for unpaired in &r.unpaired {
        sent(sink.review(&ReviewEvent::Unpaired(unpaired)))?;
    }
    let event = ReviewSummaryEvent {
        task: &r.task,
        from_version: r.from_version,
        to_version: r.to_version,
        summary: &summary,
        retire: r.retire(store),
    };
    sent(sink.review(&ReviewEvent::Summary(event)))?;
    Ok(r)
}

/// `review --against REF`: compares each store's working tree with REF ([`against`]) and
/// reports, per store, the comparison, each pair that differs, each cassette added or removed,
/// then (with `--reject`) each cassette restored or removed and the store's totals. Every
/// rejected path is checked in every store before anything is written.
pub fn run_against(
    stores: &[Store],
    asked: &against::AgainstRequest,
    sink: &mut dyn ReviewSink,
) -> Result<against::AgainstRun> {
    let reviews = read_against(stores, asked)?;
    report_against(stores, &reviews, &asked.reject, sink)
}

/// Each store's re-recording against the revision of `asked` (its tasks), read once: what
/// [`run_against`] reports, and what an interactive walk shows before it.
pub fn read_against(
    stores: &[Store],
    asked: &against::AgainstRequest,
) -> Result<Vec<against::Rerecording>> {
    let reference = asked.reference.as_deref().unwrap_or("HEAD");
    // `--against ROOT` takes the store for the revision: said before the stores are looked at.
    if Path::new(reference).is_dir() {
        return Err(Error::msg(format!(
            "--against {reference:?}: that is a folder, not a git revision; for its re-recording against HEAD write `--against HEAD {reference}` (the revision comes first)"
        )));
    }
    for task in &asked.tasks {
        crate::request::validate_task(task).map_err(Error::msg)?;
    }
    crate::settings::require_folders(stores)?;
    // A mistyped --task would list nothing and pass: it must name a recorded task.
    for task in &asked.tasks {
        if !stores.iter().any(|s| s.root.join(task).is_dir()) {
            return Err(Error::msg(format!(
                "--task {task}: no store has recordings of task {task:?}{}",
                crate::settings::did_you_mean(stores, task)
            )));
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
    stores: &[Store],
    reviews: &[against::Rerecording],
    reject: &[PathBuf],
    sink: &mut dyn ReviewSink,
) -> Result<against::AgainstRun> {
    // Which store each rejected path belongs to, all checked before the first write.
    let mut per_store: Vec<Vec<PathBuf>> = vec![Vec::new(); reviews.len()];
    let reference = reviews.first().map_or("HEAD", |r| r.reference.as_str());
    for path in reject {
        let i = reviews.iter().position(|r| r.find(path).is_some()).ok_or_else(|| {
            Error::in_file(
                path,
                format!("not among the cassettes that differ from {reference} (`ulcas review --against {reference}` lists them): nothing was changed"),
            )
        })?;
        per_store[i].push(path.clone());
    }
    for (r, paths) in reviews.iter().zip(&per_store) {
        r.plan_reject(paths)?;
    }
    let mut run = against::AgainstRun::default();
    for ((store, r), paths) in stores.iter().zip(reviews).zip(&per_store) {
        let mut summary = r.summary();
        sink.emit_common(&crate::sink::Common::Store(store))?;
        sent(sink.review(&ReviewEvent::Against {
            store,
            rerecording: r,
            summary: &summary,
        }))?;
        for change in &r.changes {
            match &change.kind {
                against::ChangeKind::Changed(pair) => {
                    sent(sink.review(&ReviewEvent::Pair(PairEvent {
                        task: &change.task,
                        pair,
                        models: true,
                    })))?
                }
                against::ChangeKind::Added(_) | against::ChangeKind::Unreadable => {
                    let why = match change.kind {
                        against::ChangeKind::Added(_) => UnpairedWhy::Added,
                        _ => UnpairedWhy::NotACassette,
                    };
                    sent(sink.review(&ReviewEvent::Unpaired(&Unpaired {
                        side: Side::To,
                        path: change.path.clone(),
                        why,
                    })))?
                }
                against::ChangeKind::Removed(_) => {
                    sent(sink.review(&ReviewEvent::Unpaired(&Unpaired {
                        side: Side::From,
                        path: PathBuf::from(format!("{reference}:{}", change.path.display())),
                        why: UnpairedWhy::Removed,
                    })))?
                }
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

impl Outcome for Review {
    /// Exit 0 when every `from` recording has its `to` partner.
    fn verdict(&self) -> Verdict {
        Review::verdict(self)
    }
}

/// What `review` reports.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ReviewEvent<'a> {
    /// Two recordings of the same request content.
    Pair(PairEvent<'a>),
    /// A recording without a partner.
    Unpaired(&'a Unpaired),
    /// Context: the whole review (Markdown and HTML render it as one document).
    #[serde(skip)]
    Review {
        /// The store.
        store: &'a Store,
        /// The review.
        review: &'a Review,
        /// Its summary.
        summary: &'a ReviewSummary,
    },
    /// The end: the totals and how to retire the old version.
    Summary(ReviewSummaryEvent<'a>),
    /// Context: one store's re-recording against a git revision (`--against`).
    #[serde(skip)]
    Against {
        /// The store.
        store: &'a Store,
        /// The comparison.
        rerecording: &'a against::Rerecording,
        /// Its totals.
        summary: &'a against::RerecordSummary,
    },
    /// `--reject`: one cassette restored from REF, or removed.
    Rejected(&'a against::Rejected),
    /// The end of one store's `--against` review: its totals.
    #[serde(rename = "summary")]
    AgainstSummary(&'a against::RerecordSummary),
}

impl crate::sink::CommandEvent for ReviewEvent<'_> {
    fn is_context(&self) -> bool {
        matches!(
            self,
            ReviewEvent::Review { .. } | ReviewEvent::Against { .. }
        )
    }
}

crate::sink::command_sink! {
    /// Takes what `review` reports.
    ReviewSink::review(ReviewEvent)
}

/// A review pair, as reported.
#[derive(Debug)]
pub struct PairEvent<'a> {
    /// The task.
    pub task: &'a str,
    /// The pair.
    pub pair: &'a Pair,
    /// Whether the models are reported too (`--against`: a re-recording may switch models).
    pub models: bool,
}

impl Serialize for PairEvent<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Out<'p> {
            task: &'p str,
            #[serde(serialize_with = "crate::ser::path")]
            from: &'p Path,
            #[serde(serialize_with = "crate::ser::path")]
            to: &'p Path,
            changed: bool,
            changes: &'p [AnswerChange],
            usage: Sides<&'p serde_json::Value>,
            stop_reason: Sides<&'p str>,
            schema_ok: Sides<Option<bool>>,
            #[serde(skip_serializing_if = "Option::is_none")]
            model: Option<Sides<&'p str>>,
        }
        let p = self.pair;
        Out {
            task: self.task,
            from: &p.from.path,
            to: &p.to.path,
            changed: p.changed(),
            changes: &p.changes,
            usage: Sides {
                from: &p.from.cassette.usage,
                to: &p.to.cassette.usage,
            },
            stop_reason: Sides {
                from: &p.from.cassette.stop_reason,
                to: &p.to.cassette.stop_reason,
            },
            schema_ok: Sides {
                from: p.from.schema_ok,
                to: p.to.schema_ok,
            },
            model: self.models.then_some(Sides {
                from: &p.from.cassette.model,
                to: &p.to.cassette.model,
            }),
        }
        .serialize(s)
    }
}

/// The summary event of `review`: its totals and the command that retires the old version.
#[derive(Debug)]
pub struct ReviewSummaryEvent<'a> {
    /// The task.
    pub task: &'a str,
    /// The old version.
    pub from_version: i64,
    /// The new version.
    pub to_version: i64,
    /// Totals.
    pub summary: &'a ReviewSummary,
    /// How to retire the old version.
    pub retire: Retire,
}

impl Serialize for ReviewSummaryEvent<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Top<'p> {
            pointer: &'p str,
            pairs: usize,
        }
        #[derive(Serialize)]
        struct Out<'r> {
            task: &'r str,
            from_version: i64,
            to_version: i64,
            pairs: usize,
            identical: usize,
            changed: usize,
            top_pointers: Vec<Top<'r>>,
            tokens: Sides<&'r TokenStats>,
            schema_failures: Sides<usize>,
            unpaired_from: usize,
            unpaired_to: usize,
            without_material: usize,
            #[serde(skip_serializing_if = "Option::is_none")]
            retire: Option<&'r str>,
            retire_version: Option<i64>,
            record_first: usize,
            backfill_first: usize,
        }
        let m = self.summary;
        Out {
            task: self.task,
            from_version: self.from_version,
            to_version: self.to_version,
            pairs: m.pairs,
            identical: m.identical,
            changed: m.changed,
            top_pointers: m
                .top_pointers
                .iter()
                .map(|(pointer, pairs)| Top {
                    pointer,
                    pairs: *pairs,
                })
                .collect(),
            tokens: Sides {
                from: &m.tokens_from,
                to: &m.tokens_to,
            },
            schema_failures: Sides {
                from: m.schema_failures_from,
                to: m.schema_failures_to,
            },
            unpaired_from: m.unpaired_from,
            unpaired_to: m.unpaired_to,
            without_material: m.without_material,
            retire: self.retire.version.map(|_| self.retire.command.as_str()),
            retire_version: self.retire.version,
            record_first: self.retire.record_first,
            backfill_first: self.retire.backfill_first,
        }
        .serialize(s)
    }
}

/// Reviews `task` in `store` from version `from` to `to` (defaults: `to` the current version,
/// `from` the newest older version with recordings).
pub fn review(store: &Store, task: &str, from: Option<i64>, to: Option<i64>) -> Result<Review> {
    crate::request::validate_task(task).map_err(Error::msg)?;
    let task_dir = store.root.join(task);
    let (from, to) = versions(store, task, &task_dir, from, to)?;
    let validators = Validators::for_registry(&store.registry);
    let mut unpaired = Vec::new();
    let side = SideReader {
        task,
        task_dir: &task_dir,
        validators: &validators,
    };
    let olds = side.read(Side::From, from, &mut unpaired)?;
    let news = side.read(Side::To, to, &mut unpaired)?;
    let mut pairs = pair_up(olds, news, &mut unpaired);
    pairs.sort_by(|a, b| a.from.path.cmp(&b.from.path));
    unpaired.sort_by(|a, b| (a.side as u8, &a.path).cmp(&(b.side as u8, &b.path)));
    Ok(Review {
        task: task.to_owned(),
        from_version: from,
        to_version: to,
        pairs,
        unpaired,
    })
}

/// The versions to review: `to` defaults to the current one, `from` to the newest older one
/// with recordings; each must be recorded (or current), and they must differ.
fn versions(
    store: &Store,
    task: &str,
    task_dir: &std::path::Path,
    from: Option<i64>,
    to: Option<i64>,
) -> Result<(i64, i64)> {
    let recorded = recorded_versions(task_dir);
    if recorded.is_empty() {
        return Err(Error::in_file(
            task_dir,
            format!(
                "no recordings of task {task:?} in this store{}",
                crate::settings::did_you_mean(std::slice::from_ref(store), task)
            ),
        ));
    }
    let to = match to {
        Some(v) => v,
        // Recordings exist, so only a registry without the task leaves no current version.
        None => {
            current_version(&store.registry, task, recorded.last().copied()).ok_or_else(|| {
                Error::msg(format!(
                    "task {task:?} has no prompt in the prompt folders read: give --to N"
                ))
            })?
        }
    };
    let from = match from {
        Some(v) => v,
        None => *recorded.iter().rev().find(|&&v| v < to).ok_or_else(|| {
            Error::in_file(task_dir, format!("no version of {task:?} older than v{to} has recordings: nothing to review (give --from N)"))
        })?,
    };
    for v in [from, to] {
        if !recorded.contains(&v) && Some(v) != store.registry.current_version(task) {
            return Err(Error::in_file(
                task_dir,
                format!(
                    "no v{v} recordings of {task:?} (the store has {})",
                    listed(&recorded)
                ),
            ));
        }
    }
    if from == to {
        return Err(Error::msg(format!("--from and --to are both v{from}")));
    }
    Ok((from, to))
}

/// What reading either side of a review needs.
struct SideReader<'a> {
    task: &'a str,
    task_dir: &'a std::path::Path,
    validators: &'a Validators,
}

impl SideReader<'_> {
    /// The recordings of `version`, each with its request content; the files that cannot be
    /// paired (not a cassette, no request material) go to `unpaired`.
    fn read(
        &self,
        side: Side,
        version: i64,
        unpaired: &mut Vec<Unpaired>,
    ) -> Result<Vec<(String, Recording)>> {
        let mut out = Vec::new();
        let folder = crate::layout::version_in(self.task_dir, version);
        for path in json_files_in(&folder)? {
            let read = crate::store::read_cassette_bytes(&path)
                .map_err(|e| e.message)
                .and_then(|b| Cassette::from_slice(&b).map_err(|e| e.message));
            let Ok(cassette) = read else {
                unpaired.push(Unpaired {
                    side,
                    path,
                    why: UnpairedWhy::NotACassette,
                });
                continue;
            };
            let Some(content) = cassette.request.as_ref().map(|m| m.content.clone()) else {
                unpaired.push(Unpaired {
                    side,
                    path,
                    why: UnpairedWhy::NoMaterial,
                });
                continue;
            };
            let schema_ok = self.schema_ok(version, &cassette);
            let recording = Recording {
                path,
                cassette,
                schema_ok,
            };
            out.push((content, recording));
        }
        Ok(out)
    }

    /// Whether a finished answer fits its schema (the registry's, else the stored one); `None`
    /// when there is no schema to check or the answer did not end its turn.
    fn schema_ok(&self, version: i64, cassette: &Cassette) -> Option<bool> {
        let validator = self.validators.registry(self.task, version).or_else(|| {
            cassette
                .request
                .as_ref()
                .and_then(|m| self.validators.stored(&m.schema))
        });
        match (validator, cassette.stop_reason.as_str()) {
            (Some(v), "end_turn") => {
                Some(validate_answer(&cassette.text, &v) == AnswerVerdict::Valid)
            }
            _ => None,
        }
    }
}

/// Pairs the recordings of both sides by request content; the rest go to `unpaired`.
fn pair_up(
    olds: Vec<(String, Recording)>,
    news: Vec<(String, Recording)>,
    unpaired: &mut Vec<Unpaired>,
) -> Vec<Pair> {
    let new_input = |rec: Recording| Unpaired {
        side: Side::To,
        path: rec.path,
        why: UnpairedWhy::NewInput,
    };
    let mut by_content: HashMap<String, Recording> = HashMap::new();
    for (content, rec) in news {
        match by_content.entry(content) {
            std::collections::hash_map::Entry::Occupied(_) => unpaired.push(new_input(rec)),
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(rec);
            }
        }
    }
    let mut pairs = Vec::new();
    for (content, old) in olds {
        match by_content.remove(&content) {
            Some(new) => {
                let changes = answer_changes(&old.cassette.text, &new.cassette.text);
                pairs.push(Pair {
                    from: old,
                    to: new,
                    changes,
                });
            }
            None => unpaired.push(Unpaired {
                side: Side::From,
                path: old.path,
                why: UnpairedWhy::NotRerecorded,
            }),
        }
    }
    unpaired.extend(by_content.into_values().map(new_input));
    pairs
}

/// The changes between two stored answers: as JSON when both parse (after one code fence), else
/// one change of the whole text.
pub fn answer_changes(old: &str, new: &str) -> Vec<AnswerChange> {
    let parse = |t: &str| serde_json::from_str::<Value>(strip_fence(t)).ok();
    match (parse(old), parse(new)) {
        (Some(a), Some(b)) => jsondiff::diff(&a, &b),
        _ if old == new => Vec::new(),
        _ => vec![AnswerChange {
            pointer: String::new(),
            op: ChangeOp::Changed,
            from: Some(Value::String(old.to_owned())),
            to: Some(Value::String(new.to_owned())),
        }],
    }
}

fn listed(versions: &[i64]) -> String {
    versions
        .iter()
        .map(|v| format!("v{v}"))
        .collect::<Vec<_>>()
        .join(", ")
}
