//! What subcommands report: one [`Event`] type, serialised as JSON Lines (`--format json`) and
//! rendered by one reporter per format in the binary.
//!
//! The JSON names are derived here once, by serde; optional fields are left out when absent.
//! A few events carry context for human and GitHub output only ([`Event::is_context`]); JSON
//! Lines leaves them out, so its contract (README, "Machine output") stays what it was.
//!
//! Every subcommand is one library run reporting to a [`Report`]; [`Collect`] gathers what
//! `--format json` would print:
//!
//! ```
//! use ulcas::event::{Collect, Verdict};
//! use ulcas::settings::{resolve, StoreFlags};
//! # fn main() -> ulcas::Result<()> {
//! let stores = resolve(&StoreFlags { roots: vec!["cassettes".into()], ..Default::default() })?;
//! let mut events = Collect::default();
//! let asked = ulcas::lookup::LookupRequest {
//!     requests: vec!["tests/fixtures/requests/outline.json".into()],
//!     ..Default::default()
//! };
//! let summary = ulcas::lookup::run(&stores, &asked, &mut events)?;
//! assert_eq!(summary.verdict(), Verdict::Pass);
//! assert_eq!(events.0[0]["type"], "lookup");
//! assert_eq!(events.0[0]["status"], "hit");
//! # Ok(())
//! # }
//! ```

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Serialize, Serializer};

use crate::backfill::BackfillOutcome;
use crate::diff::{DiffReport, StoreChange};
use crate::lookup::Lookup;
use crate::migrate::{MigrateOutcome, Migration};
use crate::normalise::PlaceholderMap;
use crate::prune::{Deletion, PruneCandidate, PrunePlan};
use crate::review::{Pair, Review, ReviewSummary, Unpaired};
use crate::settings::Store;
use crate::store::RecordStatus;
use crate::verify::{Finding, StoreVerdict};

/// Receives the events of a command, in order (a reporter writes them in its format).
pub trait Report {
    /// Takes one event.
    fn report(&mut self, event: &Event<'_>) -> std::io::Result<()>;

    /// [`Report::report`] for a library run: a reporter's error becomes the run's error.
    fn emit(&mut self, event: &Event<'_>) -> crate::Result<()> {
        self.report(event).map_err(crate::Error::output)
    }
}

/// How far a long run is (a progress bar in the binary); every method does nothing by default.
pub trait Progress: Sync {
    /// A stage of `total` steps starts.
    fn start(&self, _what: &str, _total: u64) {}
    /// One step is done (called from worker threads).
    fn step(&self) {}
    /// The stage is done.
    fn finish(&self) {}
}

/// No progress shown.
pub struct NoProgress;

impl Progress for NoProgress {}

/// A command's answer to its question, as its exit code says it (`0` or `1`; `2` is an error).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    #[default]
    /// Nothing wrong: exit 0.
    Pass,
    /// A miss, errors found, differences, work left: exit 1.
    Fail,
}

impl Verdict {
    /// `Pass` when `ok`.
    pub fn of(ok: bool) -> Verdict {
        if ok {
            Verdict::Pass
        } else {
            Verdict::Fail
        }
    }

    /// `Fail` when either is.
    pub fn and(self, other: Verdict) -> Verdict {
        Verdict::of(self == Verdict::Pass && other == Verdict::Pass)
    }
}

/// Collects events as their JSON values (tests, and drivers that want the wire form).
#[derive(Debug, Default)]
pub struct Collect(pub Vec<serde_json::Value>);

impl Report for Collect {
    fn report(&mut self, event: &Event<'_>) -> std::io::Result<()> {
        if !event.is_context() {
            self.0
                .push(serde_json::to_value(event).map_err(std::io::Error::other)?);
        }
        Ok(())
    }
}

/// Everything a subcommand reports.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Event<'a> {
    /// `normalize`: what the key sees of a request.
    Normalized {
        /// The dump.
        #[serde(serialize_with = "crate::event::path")]
        request: &'a Path,
        /// Normalised content.
        content: &'a str,
        /// Placeholder → id, in order of first appearance.
        #[serde(serialize_with = "crate::event::placeholder_map")]
        map: &'a PlaceholderMap,
        /// More than one request in this run (human output heads each).
        #[serde(skip)]
        several: bool,
        /// Task and prompt version (human heading).
        #[serde(skip)]
        task: (&'a str, i64),
    },
    /// `hash`: the key of a request.
    Key {
        /// The dump.
        #[serde(serialize_with = "crate::event::path")]
        request: &'a Path,
        /// Task.
        task: &'a str,
        /// Prompt version.
        prompt_version: i64,
        /// The hash.
        hash: &'a str,
        /// Where the cassette is or would be.
        #[serde(serialize_with = "crate::event::path")]
        path: &'a Path,
        /// More than one request in this run.
        #[serde(skip)]
        several: bool,
    },
    /// `record`: a cassette written (or found unchanged).
    Recorded {
        /// The cassette.
        #[serde(serialize_with = "crate::event::path")]
        path: &'a Path,
        /// Its hash.
        hash: &'a str,
        /// What happened to the file.
        status: RecordStatus,
    },
    /// `lookup`: a hit, a synthetic answer or a miss with its diagnoses.
    Lookup(LookupEvent<'a>),
    /// `verify`: one problem of one file.
    Finding(&'a Finding),
    /// A file that is not a cassette (left alone).
    Skipped {
        /// The file.
        #[serde(serialize_with = "crate::event::path")]
        path: &'a Path,
        /// Why.
        why: &'a str,
    },
    /// `prune`: a journal names a cassette that no longer exists.
    JournalMissing {
        /// The journal.
        #[serde(serialize_with = "crate::event::path")]
        journal: &'a Path,
        /// Its line.
        line: usize,
        /// The path named.
        #[serde(serialize_with = "crate::event::path")]
        path: &'a Path,
    },
    /// `prune`: one cassette that can go (or is kept on purpose).
    Prune(PruneEvent<'a>),
    /// `prune`: a temporary file of an interrupted write.
    Leftover {
        /// The file.
        #[serde(serialize_with = "crate::event::path")]
        path: &'a Path,
        /// Whether this run removed it.
        deleted: bool,
    },
    /// `prune --delete`: a cassette that could not be removed (the run exits 2).
    DeleteFailed {
        /// The cassette.
        #[serde(serialize_with = "crate::event::path")]
        path: &'a Path,
        /// Why.
        why: &'a str,
    },
    /// `prune --delete` deleted nothing anywhere: why (the run exits 2).
    Refused {
        /// The registry's problems or the dumps that could not be read, with what to do.
        why: &'a str,
    },
    /// `prune --delete`: a folder left empty and removed.
    RemovedFolder {
        /// The folder.
        #[serde(serialize_with = "crate::event::path")]
        path: &'a Path,
    },
    /// `diff` of two stores: one cassette added, removed or changed.
    StoreChange(&'a StoreChange),
    /// `diff` of two requests or cassettes.
    Diff(DiffEvent<'a>),
    /// `review`: two recordings of the same request content.
    Pair(PairEvent<'a>),
    /// `review`: a recording without a partner.
    Unpaired(&'a Unpaired),
    /// `lock`: one recorded version's entry.
    Locked(&'a crate::lock::LockedVersion),
    /// `lock`: a recorded version without a prompt file (it gets no entry).
    NoPrompt {
        /// The task.
        task: &'a str,
        /// The version.
        version: i64,
        /// Its folder.
        #[serde(serialize_with = "crate::event::path")]
        path: &'a Path,
    },
    /// The end of a command's report.
    Summary(Summary<'a>),
    /// Context: one input could not be used (a file that is not a request dump); the others are
    /// still done, and the command ends with exit 2. Reporters write it on stderr.
    #[serde(skip)]
    InputError(&'a crate::Error),
    /// Context: a store is about to be reported (its settings head human output).
    #[serde(skip)]
    Store(&'a Store),
    /// Context: the store a request goes to (`hash`, `lookup`, `record`); human output notes
    /// once on stderr which config's settings it got.
    #[serde(skip)]
    StoreOfRequest(&'a Store),
    /// Context: one store's verify is done (human output prints its verdict line).
    #[serde(skip)]
    VerifyDone(&'a StoreVerdict),
    /// Context: one store's prune plan, and what was deleted.
    #[serde(skip)]
    PrunePlan {
        /// The store.
        store: &'a Store,
        /// The plan.
        plan: &'a PrunePlan,
        /// What `--delete` did.
        deletion: Option<&'a Deletion>,
        /// Whether `--delete` was given.
        delete_asked: bool,
    },
    /// Context: one store's migration.
    #[serde(skip)]
    Migration {
        /// The store.
        store: &'a Store,
        /// The migration.
        migration: &'a Migration,
        /// Whether `--write` was given.
        write: bool,
    },
    /// Context: a whole review (Markdown and HTML render it as one document).
    #[serde(skip)]
    Review {
        /// The store.
        store: &'a Store,
        /// The review.
        review: &'a Review,
        /// Its summary.
        summary: &'a ReviewSummary,
    },
    /// `backfill`: what one dump did to one cassette.
    #[serde(untagged)]
    Backfill(&'a BackfillOutcome),
    /// `migrate`: what happened to one cassette.
    #[serde(untagged)]
    Migrate(&'a MigrateOutcome),
}

impl Event<'_> {
    /// Whether this event is context for human and GitHub output only (not in JSON Lines).
    pub fn is_context(&self) -> bool {
        matches!(
            self,
            Event::Store(_)
                | Event::StoreOfRequest(_)
                | Event::InputError(_)
                | Event::VerifyDone(_)
                | Event::PrunePlan { .. }
                | Event::Migration { .. }
                | Event::Review { .. }
        )
    }
}

/// A prune candidate, as reported.
#[derive(Debug)]
pub struct PruneEvent<'a> {
    /// The candidate.
    pub candidate: &'a PruneCandidate,
    /// Whether this run deleted it.
    pub deleted: bool,
}

impl Serialize for PruneEvent<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Out<'c> {
            #[serde(serialize_with = "crate::event::path")]
            path: &'c Path,
            reason: crate::prune::PruneReason,
            deleted: bool,
            task: &'c str,
            prompt_version: i64,
            bytes: u64,
            #[serde(skip_serializing_if = "Option::is_none")]
            kept: Option<crate::prune::KeptReason>,
            #[serde(
                skip_serializing_if = "Option::is_none",
                serialize_with = "crate::event::opt_path"
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

/// A lookup, as reported.
#[derive(Debug, Serialize)]
pub struct LookupEvent<'a> {
    /// The dump.
    #[serde(serialize_with = "crate::event::path")]
    pub request: &'a Path,
    /// `hit`, `synthetic` or `miss`.
    pub status: LookupStatus,
    /// Where the cassette is or would be.
    #[serde(serialize_with = "crate::event::path")]
    pub path: &'a Path,
    /// The hash.
    pub hash: &'a str,
    /// Task.
    pub task: &'a str,
    /// Prompt version.
    pub prompt_version: i64,
    /// Why it missed, most useful first.
    pub diagnosis: &'a [crate::lookup::Diagnosis],
    /// The cassette's model (a hit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<&'a str>,
    /// Its stop reason (a hit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stop_reason: Option<&'a str>,
    /// Its usage counters (a hit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<&'a serde_json::Value>,
    /// Whether it carries request material (a hit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub has_request_material: Option<bool>,
    /// The replayed answer (`--replay`) or the synthetic one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<&'a str>,
    /// The whole lookup (human output).
    #[serde(skip)]
    pub lookup: &'a Lookup,
    /// Whether the answer was asked for.
    #[serde(skip)]
    pub replay: bool,
}

/// How a lookup ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LookupStatus {
    /// The cassette is there.
    Hit,
    /// No cassette; synthetic mode answered.
    Synthetic,
    /// No cassette.
    Miss,
}

impl<'a> LookupEvent<'a> {
    /// The event of `lookup` for the dump `request`; `text` is the replayed or synthetic answer.
    pub fn new(request: &'a Path, lookup: &'a Lookup, text: Option<&'a str>, replay: bool) -> Self {
        let hit = lookup.hit.as_ref().map(|h| &h.cassette);
        let status = match (hit, text) {
            (Some(_), _) => LookupStatus::Hit,
            (None, Some(_)) => LookupStatus::Synthetic,
            (None, None) => LookupStatus::Miss,
        };
        LookupEvent {
            request,
            status,
            path: &lookup.path,
            hash: &lookup.key.hash,
            task: &lookup.key.task,
            prompt_version: lookup.key.prompt_version,
            diagnosis: &lookup.diagnoses,
            model: hit.map(|c| c.model.as_str()),
            stop_reason: hit.map(|c| c.stop_reason.as_str()),
            usage: hit.map(|c| &c.usage),
            has_request_material: hit.map(|c| c.request.is_some()),
            text,
            lookup,
            replay,
        }
    }
}

/// A diff of two requests, a request and a cassette, or two cassettes.
#[derive(Debug)]
pub struct DiffEvent<'a> {
    /// The comparison.
    pub report: &'a DiffReport,
    /// The left side as given (human heading).
    pub a: &'a Path,
    /// The right side.
    pub b: &'a Path,
}

impl Serialize for DiffEvent<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct PartOut<'p> {
            part: &'p str,
            same: bool,
            #[serde(skip_serializing_if = "Option::is_none")]
            old: Option<&'p str>,
            #[serde(skip_serializing_if = "Option::is_none")]
            new: Option<&'p str>,
        }
        #[derive(Serialize)]
        struct Out<'r> {
            kind: crate::diff::DiffKind,
            identical: bool,
            parts: Vec<PartOut<'r>>,
            notes: &'r [String],
            #[serde(skip_serializing_if = "Option::is_none")]
            same_key: Option<bool>,
            #[serde(skip_serializing_if = "Option::is_none")]
            hit: Option<bool>,
        }
        let r = self.report;
        let parts = r
            .parts
            .iter()
            .map(|p| {
                let differs = !p.same();
                PartOut {
                    part: p.name,
                    same: !differs,
                    old: p.old.as_deref().filter(|_| differs),
                    new: p.new.as_deref().filter(|_| differs),
                }
            })
            .collect();
        Out {
            kind: r.kind,
            identical: r.identical(),
            parts,
            notes: &r.notes,
            same_key: r.same_key,
            hit: r.hit,
        }
        .serialize(s)
    }
}

/// A review pair, as reported.
#[derive(Debug)]
pub struct PairEvent<'a> {
    /// The task.
    pub task: &'a str,
    /// The pair.
    pub pair: &'a Pair,
}

impl Serialize for PairEvent<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Out<'p> {
            task: &'p str,
            #[serde(serialize_with = "crate::event::path")]
            from: &'p Path,
            #[serde(serialize_with = "crate::event::path")]
            to: &'p Path,
            changed: bool,
            changes: &'p [crate::review::AnswerChange],
            usage: Sides<&'p serde_json::Value>,
            stop_reason: Sides<&'p str>,
            schema_ok: Sides<Option<bool>>,
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
        }
        .serialize(s)
    }
}

/// A value of each side of a review (`{"from": …, "to": …}`).
#[derive(Serialize)]
struct Sides<T> {
    from: T,
    to: T,
}

/// The last event of a command: its totals.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Summary<'a> {
    /// `verify`.
    Verify(&'a crate::verify::VerifySummary),
    /// `prune`.
    Prune(&'a crate::prune::PruneSummary),
    /// `diff` of two stores.
    DiffStores(&'a crate::diff::StoresSummary),
    /// `backfill`.
    Backfill(&'a crate::backfill::BackfillSummary),
    /// `migrate` (one per store).
    Migrate(&'a crate::migrate::MigrateSummary),
    /// `review`.
    Review(&'a ReviewSummaryEvent<'a>),
    /// `lock`.
    Lock(&'a crate::lock::LockSummary),
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
    pub retire: crate::review::Retire,
}

impl Serialize for ReviewSummaryEvent<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
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
            tokens: Sides<&'r crate::review::TokenStats>,
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

/// Counts per name, for summaries (`{"stale-version": 3}`).
pub type Counts = BTreeMap<&'static str, usize>;

/// Serialises a path as its display form (JSON has no other).
pub fn path<S: Serializer>(p: &Path, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&p.display())
}

/// Serialises an optional path as its display form (skip it when absent).
pub fn opt_path<S: Serializer>(p: &Option<std::path::PathBuf>, s: S) -> Result<S::Ok, S::Error> {
    match p {
        Some(p) => s.collect_str(&p.display()),
        None => s.serialize_none(),
    }
}

/// Serialises paths as their display forms.
pub fn paths<S: Serializer, P: AsRef<Path>>(ps: &[P], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(ps.iter().map(|p| p.as_ref().display().to_string()))
}

pub(crate) fn placeholder_map<S: Serializer>(
    map: &PlaceholderMap,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_map(map.iter().map(|(p, id)| (p.to_string(), id)))
}

/// Declares the stable, kebab-case names of a fieldless enum once (strum), and serialises the
/// enum as that name.
#[macro_export]
#[doc(hidden)]
macro_rules! named {
    ($($ty:ty),+ $(,)?) => {$(
        impl $ty {
            /// The stable name (kebab-case, as in JSON).
            pub fn name(self) -> &'static str {
                self.into()
            }
        }
        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }
        impl ::serde::Serialize for $ty {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }
    )+};
}

#[cfg(test)]
mod tests {
    use super::Verdict;
    use crate::backfill::BackfillSummary;
    use crate::prune::PruneSummary;
    use crate::verify::VerifySummary;

    #[test]
    fn verdicts() {
        assert_eq!(Verdict::Pass.and(Verdict::Fail), Verdict::Fail);
        assert_eq!(Verdict::Pass.and(Verdict::Pass), Verdict::Pass);

        let mut v = VerifySummary {
            deny_warnings: true,
            ..Default::default()
        };
        assert_eq!(v.verdict(), Verdict::Pass);
        v.warnings = 1;
        assert_eq!(v.verdict(), Verdict::Fail, "--deny warnings");
        v.deny_warnings = false;
        assert_eq!(v.verdict(), Verdict::Pass, "warnings pass by default");
        v.errors = 1;
        assert_eq!(v.verdict(), Verdict::Fail);
        let mut s = crate::verify::StoreVerdict {
            warnings: 1,
            deny_warnings: true,
            ..Default::default()
        };
        assert_eq!(
            s.verdict(),
            Verdict::Fail,
            "a store's verdict is denied too"
        );
        s.deny_warnings = false;
        assert_eq!(s.verdict(), Verdict::Pass);

        let mut p = PruneSummary::default();
        assert_eq!(p.verdict(false), Verdict::Pass, "nothing to prune");
        p.prunable = 3;
        assert_eq!(p.verdict(false), Verdict::Fail, "cassettes can go");
        assert_eq!(p.verdict(true), Verdict::Pass, "and were deleted");

        let mut b = BackfillSummary {
            backfilled: 2,
            ..Default::default()
        };
        assert_eq!(b.verdict(), Verdict::Pass);
        b.unmatched = 1;
        assert_eq!(b.verdict(), Verdict::Fail);
        b.unmatched = 0;
        b.conflicts = 1;
        assert_eq!(b.verdict(), Verdict::Fail);

        let mut l = crate::lookup::LookupSummary {
            looked_up: 2,
            ..Default::default()
        };
        assert_eq!(l.verdict(), Verdict::Pass, "every request answered");
        l.misses = 1;
        assert_eq!(l.verdict(), Verdict::Fail, "a miss");
    }

    #[test]
    fn prune_refusals_say_why() {
        let mut p = PruneSummary::default();
        assert_eq!(p.refusal(), None, "nothing refused");
        p.registry_problems = vec!["quiz/v2.md: no such schema".into()];
        assert_eq!(
            p.refusal(),
            None,
            "problems without --delete refuse nothing"
        );
        p.refused = true;
        assert_eq!(
            p.refusal().unwrap(),
            "the registry that decides staleness has 1 problem (first: quiz/v2.md: no such schema); fix it and run again"
        );
        p.registry_problems
            .push("lesson/v3.md: bad front matter".into());
        assert!(p.refusal().unwrap().contains("2 problems"));
        let unreadable = PruneSummary {
            refused: true,
            input_errors: 2,
            ..Default::default()
        };
        assert_eq!(
            unreadable.refusal().unwrap(),
            "2 request dumps could not be read (above); fix or remove them and run again"
        );
    }
}
