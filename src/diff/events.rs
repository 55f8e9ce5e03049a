//! What `diff` reports, and the sink that takes it.

use serde::Serialize;

use super::{Compared, StoreChange, StoresSummary};

/// What `diff` reports.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum DiffEvent<'a> {
    /// Two stores: one cassette added, removed or changed.
    StoreChange(&'a StoreChange),
    /// Two requests or cassettes: the comparison.
    Diff(Compared<'a>),
    /// Two stores: the totals.
    Summary(&'a StoresSummary),
}

crate::sink::command_sink! {
    /// Takes what `diff` reports.
    DiffSink::diff(DiffEvent)
}
