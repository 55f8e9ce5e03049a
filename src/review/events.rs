//! What `review` reports, and the sink that takes it.

use std::path::Path;

use serde::Serialize;

use super::{AnswerChange, Pair, Retire, Review, ReviewSummary, TokenStats, Unpaired, against};
use crate::error::Result;
use crate::machine_json::Sides;
use crate::store_settings::StoreSettings;

/// What `review` reports.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ReviewEvent<'a> {
    /// Two recordings of the same request content.
    Pair(PairEvent<'a>),
    /// A recording without a partner.
    Unpaired(&'a Unpaired),
    /// The end: the totals and how to retire the old version.
    Summary(ReviewSummaryEvent<'a>),
    /// `--reject`: one cassette restored from REF, or removed.
    Rejected(&'a against::Rejected),
    /// The end of one store's `--against` review: its totals.
    #[serde(rename = "summary")]
    AgainstSummary(&'a against::RerecordSummary),
}

/// What `review` says for display alone (never in JSON Lines).
#[derive(Debug)]
pub enum ReviewContext<'a> {
    /// The whole review (Markdown and HTML render it as one document).
    Review {
        /// The store.
        store: &'a StoreSettings,
        /// The review.
        review: &'a Review,
        /// Its summary.
        summary: &'a ReviewSummary,
    },
    /// One store's re-recording against a git revision (`--against`).
    Against {
        /// The store.
        store: &'a StoreSettings,
        /// The comparison.
        rerecording: &'a against::Rerecording,
        /// Its totals.
        summary: &'a against::RerecordSummary,
    },
}

crate::sink::command_sink! {
    /// Takes what `review` reports.
    ReviewSink::review(ReviewEvent), review_context(ReviewContext)
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
            #[serde(serialize_with = "crate::machine_json::path")]
            from: &'p Path,
            #[serde(serialize_with = "crate::machine_json::path")]
            to: &'p Path,
            changed: bool,
            changes: &'p [AnswerChange],
            usage: Sides<&'p serde_json::Value>,
            stop_reason: Sides<&'p str>,
            schema_ok: Sides<Option<bool>>,
            #[serde(skip_serializing_if = "Option::is_none")]
            model: Option<Sides<&'p str>>,
            /// A prompt in code whose system text changed: both texts (as keyed).
            #[serde(skip_serializing_if = "Option::is_none")]
            system: Option<Sides<&'p str>>,
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
            system: p.system_edit(),
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
