//! A prompt bump, answer by answer: each recording of the old version paired with the new
//! version's recording of the same request content.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use serde::Serialize;
use serde_json::Value;

use super::{AnswerChange, ChangeOp, TokenStats, jsondiff, pattern};
use crate::advice::Advice;
use crate::cassette::Cassette;
use crate::cassette::strip_fence;
use crate::error::{Error, Named, Phrase, Result};
use crate::outcome::{Outcome, Verdict};
use crate::schema_check::{AnswerVerdict, Validators, validate_answer};
use crate::staleness::current_version;
use crate::store::{json_files_in, recorded_versions};
use crate::store_settings::StoreSettings;

/// One recording of one side.
#[derive(Debug, Clone)]
pub struct RecordedAnswer {
    /// The cassette file.
    pub path: PathBuf,
    /// What it holds.
    pub cassette: Cassette,
    /// Whether its answer passes its own version's schema (`None`: no schema known).
    pub schema_ok: Option<bool>,
}

impl RecordedAnswer {
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
    pub from: RecordedAnswer,
    /// The new version's recording.
    pub to: RecordedAnswer,
    /// The changes between the answers (JSON pointers; pointer `""` when either is not JSON).
    pub changes: Vec<AnswerChange>,
}

impl Pair {
    /// Whether the answers differ.
    pub fn changed(&self) -> bool {
        !self.changes.is_empty()
    }

    /// The system texts of a prompt in code recorded under another text on each side (its
    /// prompt edited between them), as keyed; `None` otherwise.
    pub fn system_edit(&self) -> Option<crate::machine_json::Sides<&str>> {
        fn of(a: &RecordedAnswer) -> Option<&str> {
            a.cassette.request.as_ref()?.system.as_deref()
        }
        match (of(&self.from), of(&self.to)) {
            (Some(from), Some(to)) if from != to => Some(crate::machine_json::Sides { from, to }),
            _ => None,
        }
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
    #[serde(serialize_with = "crate::machine_json::path")]
    pub path: PathBuf,
    /// Why.
    pub why: UnpairedWhy,
}

/// The review of one task between two versions in one store.
#[derive(Debug, Clone)]
#[non_exhaustive]
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

/// What a reviewer reads first.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
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
    pub fn retire(&self, store: &StoreSettings) -> Retire {
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
        let record_first = from_side(UnpairedWhy::NotRerecorded);
        // The last recordings of a task whose current version has none are kept by a plain
        // prune: retiring them now (nothing left to record first) takes
        // --include-last-recordings.
        let last = current.is_some_and(|c| !recorded.contains(&c))
            && recorded.iter().filter(|&&v| Some(v) < current).max() == Some(&self.from_version);
        Retire {
            version: current
                .filter(|&c| self.from_version < c)
                .map(|_| self.from_version),
            current,
            command: store.advise(if last && record_first == 0 {
                Advice::PruneLast
            } else {
                Advice::Prune { orphans: false }
            }),
            record_first,
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

impl Outcome for Review {
    /// Exit 0 when every `from` recording has its `to` partner.
    fn verdict(&self) -> Verdict {
        Review::verdict(self)
    }
}

/// Reviews `task` in `store` from version `from` to `to` (defaults: `to` the current version,
/// `from` the newest older version with recordings).
pub fn review(
    store: &StoreSettings,
    task: &str,
    from: Option<i64>,
    to: Option<i64>,
) -> Result<Review> {
    crate::request::validate_task(task)?;
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
    store: &StoreSettings,
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
                crate::store_settings::did_you_mean(std::slice::from_ref(store), task)
            ),
        ));
    }
    let to = match to {
        Some(v) => v,
        // Recordings exist, so only a registry without the task leaves no current version.
        None => {
            current_version(&store.registry, task, recorded.last().copied()).ok_or_else(|| {
                Error::msg(format!(
                    "task {task:?} has no prompt in the prompt folders read"
                ))
                .with_hint(crate::error::Hint::GiveTo)
            })?
        }
    };
    let from = match from {
        Some(v) => v,
        None => *recorded.iter().rev().find(|&&v| v < to).ok_or_else(|| {
            Error::in_file(
                task_dir,
                format!(
                    "no version of {task:?} older than v{to} has recordings: nothing to review"
                ),
            )
            .with_hint(crate::error::Hint::GiveFrom)
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
        return Err(Phrase::default()
            .name(Named::From)
            .text(" and ")
            .name(Named::To)
            .text(format_args!(" are both v{from}"))
            .error());
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
    ) -> Result<Vec<(String, RecordedAnswer)>> {
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
            let recording = RecordedAnswer {
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
    olds: Vec<(String, RecordedAnswer)>,
    news: Vec<(String, RecordedAnswer)>,
    unpaired: &mut Vec<Unpaired>,
) -> Vec<Pair> {
    let new_input = |rec: RecordedAnswer| Unpaired {
        side: Side::To,
        path: rec.path,
        why: UnpairedWhy::NewInput,
    };
    let mut by_content: HashMap<String, RecordedAnswer> = HashMap::new();
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
