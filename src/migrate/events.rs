//! What `migrate` reports, and the sink that takes it.

use super::{MigrateOutcome, MigrateSummary, Migration};
use crate::store_settings::StoreSettings;

/// What `migrate` reports.
#[derive(Debug, serde::Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum MigrateEvent<'a> {
    /// The end of one store's migration: its totals.
    Summary(&'a MigrateSummary),
    /// What happened to one cassette.
    #[serde(untagged)]
    Outcome(&'a MigrateOutcome),
}

/// What `migrate` says for display alone (never in JSON Lines).
#[derive(Debug)]
pub enum MigrateContext<'a> {
    /// One store's migration.
    Migration {
        /// The store.
        store: &'a StoreSettings,
        /// The migration.
        migration: &'a Migration,
        /// Whether `--write` was given.
        write: bool,
    },
}

crate::sink::command_sink! {
    /// Takes what `migrate` reports.
    MigrateSink::migrate(MigrateEvent), migrate_context(MigrateContext)
}
