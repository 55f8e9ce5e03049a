//! What `backfill` reports, and the sink that takes it.

use super::{BackfillOutcome, BackfillSummary};

/// What `backfill` reports.
#[derive(Debug, serde::Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum BackfillEvent<'a> {
    /// The end: the totals.
    Summary(&'a BackfillSummary),
    /// What one dump did to one cassette.
    #[serde(untagged)]
    Outcome(&'a BackfillOutcome),
}

crate::sink::command_sink! {
    /// Takes what `backfill` reports.
    BackfillSink::backfill(BackfillEvent)
}
