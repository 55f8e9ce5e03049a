//! What `migrate` reports, and the sink that takes it.

use super::{MigrateOutcome, MigrateSummary, Migration};
use crate::settings::StoreSettings;

/// What `migrate` reports.
#[derive(Debug, serde::Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum MigrateEvent<'a> {
    /// Context: one store's migration.
    #[serde(skip)]
    Migration {
        /// The store.
        store: &'a StoreSettings,
        /// The migration.
        migration: &'a Migration,
        /// Whether `--write` was given.
        write: bool,
    },
    /// The end of one store's migration: its totals.
    Summary(&'a MigrateSummary),
    /// What happened to one cassette.
    #[serde(untagged)]
    Outcome(&'a MigrateOutcome),
}

impl crate::sink::CommandEvent for MigrateEvent<'_> {
    fn is_context(&self) -> bool {
        matches!(self, MigrateEvent::Migration { .. })
    }
}

crate::sink::command_sink! {
    /// Takes what `migrate` reports.
    MigrateSink::migrate(MigrateEvent)
}
