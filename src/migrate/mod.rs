//! `migrate`: after a change of a task's output schema, carry the recorded answers that still
//! fit it over to the new key, instead of re-recording them all.
//!
//! For each cassette of the task's current version whose request material holds another schema,
//! the answer is validated against the new schema exactly as `verify` validates (placeholders as
//! ids of the right shape, one code fence stripped; an answer whose repair turn is recorded is
//! fine). One that passes gets a new cassette at the key the new schema gives (same task,
//! version and content), with the same answer, model, stop reason and usage, the new request
//! material and `"migrated_from": "<old hash>"`. The old cassettes stay: they are
//! `schema-changed` now, for `verify` and `prune`.
//!
//! ```
//! use ulcas::migrate::{self, MigrateOptions};
//! use ulcas::request::Request;
//! use ulcas::sink::Collect;
//! use ulcas::store::{self, Recording, WriteOptions};
//! use ulcas::store_settings::StoreSettings;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = tempfile::tempdir()?;
//! let store = dir.path().join("cassettes");
//! let request = Request::from_slice(br#"{"task": "outline", "prompt_version": 1,
//!     "schema": {"type": "object"}, "blocks": [{"type": "text", "text": "Grind"}]}"#)?;
//! store::record(&store, &request, &Recording::new(r#"{"title": "Grind"}"#, "m"),
//!     WriteOptions::with_request_material())?;
//! // The task's new schema: the recorded answer still fits it.
//! let schema = dir.path().join("outline.json");
//! std::fs::write(&schema, r#"{"type": "object", "required": ["title"]}"#)?;
//!
//! let mut events = Collect::default();
//! let stores = [StoreSettings::new(&store, Default::default())?];
//! let asked = MigrateOptions { task: "outline".into(), schema: Some(schema), write: true };
//! migrate::run(&stores, &asked, &mut events)?;
//! let summary = events.of_type("summary").next().unwrap();
//! assert_eq!((&summary["migrated"], &summary["written"]), (&1.into(), &1.into()));
//! # Ok(())
//! # }
//! ```

mod events;
mod plan;

use plan::migrate;

pub use events::{MigrateContext, MigrateEvent, MigrateSink};

use std::path::PathBuf;

use crate::advice::Advice;
use crate::error::Result;
use crate::outcome::{Outcome, Verdict};
use crate::schema::Schema;
use crate::sink::{Context, sent};
use crate::store_settings::{StoreSettings, with_task};

/// What happened to one cassette of the task's current version.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum MigrateOutcome {
    /// The answer fits the new schema: carried over to `to` (written only with `--write`).
    Migrated {
        /// The old cassette.
        #[serde(serialize_with = "crate::machine_json::path")]
        from: PathBuf,
        /// The new one.
        #[serde(serialize_with = "crate::machine_json::path")]
        to: PathBuf,
        /// Whether the new file was written by this run.
        written: bool,
        /// Whether the answer fails the new schema but its repair turn is recorded.
        #[serde(rename = "repair_recorded")]
        repaired: bool,
    },
    /// The answer fails the new schema: it must be recorded anew.
    NeedsRecording {
        /// The old cassette.
        #[serde(serialize_with = "crate::machine_json::path")]
        path: PathBuf,
        /// (JSON pointer, message) of each validation error.
        #[serde(serialize_with = "pointer_messages")]
        errors: Vec<(String, String)>,
    },
    /// The cassette cannot be re-keyed (no request material, or not a cassette).
    Skipped {
        /// The file.
        #[serde(serialize_with = "crate::machine_json::path")]
        path: PathBuf,
        /// Why.
        why: SkipReason,
    },
    /// A different cassette already sits at the new key: never overwritten.
    Conflict {
        /// The old cassette.
        #[serde(serialize_with = "crate::machine_json::path")]
        from: PathBuf,
        /// The existing file at the new key.
        #[serde(serialize_with = "crate::machine_json::path")]
        to: PathBuf,
    },
    /// The new cassette could not be read or written (a link, a pipe, permissions, a full
    /// disk): nothing was written through it, the others went on, and the run exits 2.
    Failed {
        /// The old cassette.
        #[serde(serialize_with = "crate::machine_json::path")]
        from: PathBuf,
        /// Where the new one would go.
        #[serde(serialize_with = "crate::machine_json::path")]
        to: PathBuf,
        /// The real cause.
        why: String,
    },
}

fn pointer_messages<S: serde::Serializer>(
    errors: &[(String, String)],
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    #[derive(serde::Serialize)]
    struct PointerMessage<'a> {
        pointer: &'a str,
        message: &'a str,
    }
    s.collect_seq(
        errors
            .iter()
            .map(|(pointer, message)| PointerMessage { pointer, message }),
    )
}

/// The totals of one store's migration (the `summary` event).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct MigrateSummary {
    /// The store root.
    #[serde(serialize_with = "crate::machine_json::path")]
    pub store: PathBuf,
    /// The task.
    pub task: String,
    /// Its current version.
    pub prompt_version: i64,
    /// Where the new schema came from.
    pub schema: String,
    /// Answers carried over.
    pub migrated: usize,
    /// New cassettes written by this run.
    pub written: usize,
    /// Answers that fail the new schema.
    pub needs_recording: usize,
    /// Cassettes that cannot be re-keyed.
    pub skipped: usize,
    /// New keys already taken by a different cassette.
    pub conflicts: usize,
    /// New cassettes that could not be read or written (each reported with its cause).
    pub failed: usize,
    /// Cassettes already recorded with the new schema.
    pub already_current: usize,
    /// `ulcas prune … --delete` for the store.
    pub prune: String,
    /// After `--write`: the `ulcas lock --accept TASK/vN` that brings the store's lock in line
    /// with the new schema (empty when nothing is left behind).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lock_accept: Vec<String>,
}

/// What `migrate` found (and did) for one task of one store.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Migration {
    /// The task.
    pub task: String,
    /// Its current version, whose cassettes were looked at.
    pub version: i64,
    /// Where the new schema came from (a file).
    pub schema_source: String,
    /// One outcome per cassette whose schema differs from the new one, by path.
    pub outcomes: Vec<MigrateOutcome>,
    /// Cassettes already recorded with the new schema (nothing to do).
    pub current: usize,
    /// Without `--write`: answers that fit and are not at their new key yet (what `--write`
    /// would write).
    pub pending: usize,
}

impl Migration {
    /// Exit 0 when everything was carried over, else 1 (some need recording, were skipped or
    /// conflict).
    pub(crate) fn all_carried_over(&self) -> bool {
        self.outcomes
            .iter()
            .all(|o| matches!(o, MigrateOutcome::Migrated { .. }))
    }

    /// The totals of this migration in `store`.
    pub fn summary(&self, store: &StoreSettings) -> MigrateSummary {
        let mut s = MigrateSummary {
            store: store.root.clone(),
            task: self.task.clone(),
            prompt_version: self.version,
            schema: self.schema_source.clone(),
            already_current: self.current,
            prune: store.advise(Advice::Prune { orphans: false }),
            ..Default::default()
        };
        for o in &self.outcomes {
            match o {
                MigrateOutcome::Migrated { written, .. } => {
                    s.migrated += 1;
                    s.written += usize::from(*written);
                }
                MigrateOutcome::NeedsRecording { .. } => s.needs_recording += 1,
                MigrateOutcome::Skipped { .. } => s.skipped += 1,
                MigrateOutcome::Conflict { .. } => s.conflicts += 1,
                MigrateOutcome::Failed { .. } => s.failed += 1,
            }
        }
        s
    }

    /// Exit 0 when everything was carried over (and, without `--write`, nothing is left to
    /// write: a dry run with work to do answers "no", as `prune` without `--delete` does), else
    /// exit 1.
    pub fn verdict(&self) -> Verdict {
        Verdict::of(self.all_carried_over() && self.pending == 0)
    }
}

/// Why a cassette cannot be re-keyed; in JSON, its sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SkipReason {
    /// It does not read as a cassette (why).
    NotACassette(String),
    /// It was a cassette when the run began and is not one now (why).
    ChangedWhileRunning(String),
    /// It holds no request material, so its new key cannot be computed.
    NoMaterial {
        /// Where adding it is explained ([`Advice::Backfill`], in the store's words).
        backfill: String,
    },
}

impl std::fmt::Display for SkipReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SkipReason::NotACassette(why) => write!(f, "not a cassette ({why})"),
            SkipReason::ChangedWhileRunning(why) => {
                write!(f, "changed while migrate ran: not a cassette now ({why})")
            }
            SkipReason::NoMaterial { backfill } => write!(
                f,
                "no request material: it cannot be re-keyed; add it with backfill from request dumps of a test run made while the old schema still hit (see `{backfill}`); without such dumps, record it anew. Next time, backfill before changing a schema"
            ),
        }
    }
}

impl serde::Serialize for SkipReason {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// What `migrate` is asked, beside the stores.
#[derive(Debug, Clone, Default)]
pub struct MigrateOptions {
    /// The task whose output schema changed.
    pub task: String,
    /// The new schema's file (default: the registry's schema of the task's current version).
    pub schema: Option<PathBuf>,
    /// Write the carried-over cassettes (else only plan).
    pub write: bool,
}

/// `migrate`: plans (with `write`, carries out) the migration of the task in each store that
/// has it (`with_task`), reporting each store's outcomes and summary.
pub fn run(
    stores: &[StoreSettings],
    asked: &MigrateOptions,
    sink: &mut dyn MigrateSink,
) -> Result<MigrateRun> {
    let schema = match &asked.schema {
        Some(file) => Some((Schema::from_file(file)?, file.as_path())),
        None => None,
    };
    let new = schema.as_ref().map(|(s, f)| (s, *f));
    let mut verdict = Verdict::Pass;
    let mut failed = 0;
    for store in with_task(stores, &asked.task)? {
        let migration = migrate(store, &asked.task, new, asked.write)?;
        sink.emit_context(&Context::Store(store))?;
        sent(sink.migrate_context(&MigrateContext::Migration {
            store,
            migration: &migration,
            write: asked.write,
        }))?;
        for outcome in &migration.outcomes {
            sent(sink.migrate(&MigrateEvent::Outcome(outcome)))?;
        }
        let mut summary = migration.summary(store);
        if asked.write {
            summary.lock_accept = crate::lock::to_accept(store, Some(&asked.task))?;
        }
        failed += summary.failed;
        sent(sink.migrate(&MigrateEvent::Summary(&summary)))?;
        verdict = verdict.and(migration.verdict());
    }
    Ok(MigrateRun { verdict, failed })
}

/// The end of a `migrate` run over every store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MigrateRun {
    /// Pass when every answer was carried over.
    pub verdict: Verdict,
    /// New cassettes that could not be read or written (the run exits 2 then).
    pub failed: usize,
}

impl Outcome for MigrateRun {
    fn verdict(&self) -> Verdict {
        self.verdict
    }

    fn failed(&self) -> usize {
        self.failed
    }
}
