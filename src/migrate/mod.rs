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

mod events;

pub use events::{MigrateContext, MigrateEvent, MigrateSink};

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use crate::advice::Advice;
use crate::cassette::{Cassette, StoredRequest};
use crate::error::{Error, Named, Phrase, Result};
use crate::key::{hash_parts, CassetteKey};
use crate::outcome::{Outcome, Verdict};
use crate::schema::{compile, Schema};
use crate::schema_check::{repaired_contents, validate_answer, AnswerVerdict};
use crate::sink::{sent, Context};
use crate::store::{
    json_files_in, read_cassette_bytes, recorded_versions, Created, Slot, StoreDir,
};
use crate::store_settings::{with_task, StoreSettings};

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
            SkipReason::NoMaterial { backfill } => write!(f, "no request material: it cannot be re-keyed; add it with backfill from request dumps of a test run made while the old schema still hit (see `{backfill}`); without such dumps, record it anew. Next time, backfill before changing a schema"),
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
/// has it ([`with_task`]), reporting each store's outcomes and summary.
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

/// Plans (and with `write`, carries out) the migration of `task` in `store` to `new_schema`
/// (else the registry's schema of the task's current version).
pub(crate) fn migrate(
    store: &StoreSettings,
    task: &str,
    new_schema: Option<(&Schema, &Path)>,
    write: bool,
) -> Result<Migration> {
    crate::request::validate_task(task)?;
    let task_dir = store.root.join(task);
    let version = current_version(store, task, &task_dir)?;
    let entry = write
        .then(|| crate::lock::entry_for(store, task, version))
        .flatten();
    let (schema, schema_source) = match new_schema {
        Some((schema, file)) => (schema.clone(), file.display().to_string()),
        None => registry_schema(store, task, version)?,
    };
    let validator = compile(&schema.value)
        .map_err(|e| Error::in_file(&schema_source, format!("not a usable JSON Schema: {e}")))?;
    let new_json = schema.canonical_json();
    let mut out = Migration {
        task: task.to_owned(),
        version,
        schema_source,
        outcomes: Vec::new(),
        current: 0,
        pending: 0,
    };
    // Two passes, one cassette in memory at a time: first the repair turns recorded (as
    // digests of the content they repair), then each answer against the new schema.
    let files = json_files_in(&crate::layout::version_in(&task_dir, version))?;
    let (cassettes, repaired) = first_pass(files, &mut out.outcomes);
    let target = StoreDir::open(&store.root)?;
    let into = Target {
        dir: &target,
        write,
        entry: entry.as_ref(),
        backfill: store.advise_any(Advice::Backfill),
    };
    for path in &cassettes {
        if let Some(outcome) = migrate_one(&into, path, &validator, new_json, &repaired) {
            out.outcomes.push(outcome);
        } else {
            out.current += 1;
        }
    }
    out.pending = out
        .outcomes
        .iter()
        .filter(|o| matches!(o, MigrateOutcome::Migrated { written: false, to, .. } if !write && !to.exists()))
        .count();
    Ok(out)
}

/// What becomes of one cassette of the version: `None` when it already has the new schema.
fn migrate_one(
    into: &Target<'_>,
    path: &Path,
    validator: &jsonschema::Validator,
    new_json: &str,
    repaired: &HashSet<[u8; 16]>,
) -> Option<MigrateOutcome> {
    let cassette = match read_migrating(path) {
        Ok(c) => c,
        Err(why) => {
            return Some(MigrateOutcome::Skipped {
                path: path.to_path_buf(),
                why: SkipReason::ChangedWhileRunning(why),
            })
        }
    };
    let cassette = &cassette;
    let Some(material) = &cassette.request else {
        return Some(MigrateOutcome::Skipped {
            path: path.to_path_buf(),
            why: SkipReason::NoMaterial {
                backfill: into.backfill.clone(),
            },
        });
    };
    if material.schema == new_json {
        return None;
    }
    let errors = answer_errors(cassette, validator);
    let was_repaired = errors.is_some() && repaired.contains(&digest(&material.content));
    if let (Some(errors), false) = (errors, was_repaired) {
        return Some(MigrateOutcome::NeedsRecording {
            path: path.to_path_buf(),
            errors,
        });
    }
    Some(carry_over(
        into,
        path,
        cassette,
        material,
        new_json,
        was_repaired,
    ))
}

/// A cassette to migrate, read whole (its errors as one message).
fn read_migrating(path: &Path) -> std::result::Result<Cassette, String> {
    read_cassette_bytes(path)
        .map_err(|e| e.message)
        .and_then(|b| Cassette::from_slice(&b).map_err(|e| e.message))
}

/// The first pass: the cassettes that read, and the digests of the contents their recorded
/// repair turns repair; what does not read is skipped.
fn first_pass(
    files: Vec<PathBuf>,
    outcomes: &mut Vec<MigrateOutcome>,
) -> (Vec<PathBuf>, HashSet<[u8; 16]>) {
    let mut repaired: HashSet<[u8; 16]> = HashSet::new();
    let mut cassettes = Vec::with_capacity(files.len());
    for path in files {
        match read_migrating(&path) {
            Ok(c) => {
                if let Some(m) = &c.request {
                    repaired.extend(repaired_contents(&m.content).map(digest));
                }
                cassettes.push(path);
            }
            Err(why) => outcomes.push(MigrateOutcome::Skipped {
                path,
                why: SkipReason::NotACassette(why),
            }),
        }
    }
    (cassettes, repaired)
}

/// The version whose cassettes migrate: the registry's current one, else the highest recorded.
fn current_version(store: &StoreSettings, task: &str, task_dir: &Path) -> Result<i64> {
    let recorded = recorded_versions(task_dir);
    let registry = &store.registry;
    // A task the registry does not know migrates at its highest recorded version.
    let highest = recorded.last().copied();
    if let Some(v) = crate::staleness::current_version(registry, task, highest).or(highest) {
        return Ok(v);
    }
    if registry.present && !registry.has_task(task) && recorded.is_empty() {
        return Err(Error::msg(format!(
            "unknown task {task:?}: no prompt for it and no recordings in {}",
            store.root.display()
        )));
    }
    Err(Error::in_file(
        task_dir,
        format!(
            "no recordings of task {task:?} in this store{}",
            crate::store_settings::did_you_mean(std::slice::from_ref(store), task)
        ),
    ))
}

/// The registry's schema of `task` v`version`, with the file it came from.
fn registry_schema(store: &StoreSettings, task: &str, version: i64) -> Result<(Schema, String)> {
    let schema = store.registry.schema(task, version).ok_or_else(|| {
        Phrase::default()
            .text(format_args!(
                "no known output schema for {task:?} v{version} (its prompt names none, or no "
            ))
            .name(Named::Prompts)
            .text("): give the new schema with ")
            .name(Named::Schema)
            .error()
    })?;
    let file = store
        .registry
        .prompt(task, version)
        .map(|p| match &p.schema {
            crate::registry::SchemaSource::File { path, .. } => path.display().to_string(),
            _ => p.path.display().to_string(),
        })
        .unwrap_or_default();
    Ok((schema.clone(), file))
}

/// Why a finished answer fails the new schema (`None` when it fits, or did not end its turn).
fn answer_errors(
    cassette: &Cassette,
    validator: &jsonschema::Validator,
) -> Option<Vec<(String, String)>> {
    if cassette.stop_reason != "end_turn" {
        return None;
    }
    match validate_answer(&cassette.text, validator) {
        AnswerVerdict::Valid => None,
        AnswerVerdict::NotObject => Some(vec![(
            String::new(),
            "not a JSON object, even after stripping one code fence".to_owned(),
        )]),
        AnswerVerdict::Invalid(errors) => Some(errors),
    }
}

/// The digest under which a repaired content is remembered.
fn digest(content: &str) -> [u8; 16] {
    use sha2::Digest;
    let d = sha2::Sha256::digest(content.as_bytes());
    let mut out = [0u8; 16];
    out.copy_from_slice(&d[..16]);
    out
}

/// Where a migration writes: the store, whether it writes at all, and the lock entry its
/// version gets with every cassette written where the lock lacks it (asked in each hold of the
/// write lock: a `prune` between two holds may have dropped it with the version's cassettes).
struct Target<'a> {
    dir: &'a StoreDir,
    write: bool,
    entry: Option<&'a crate::lock::Entry>,
    /// Where backfill is explained ([`SkipReason::NoMaterial`]).
    backfill: String,
}

fn carry_over(
    target: &Target<'_>,
    from: &Path,
    old: &Cassette,
    material: &StoredRequest,
    new_json: &str,
    repaired: bool,
) -> MigrateOutcome {
    let (into, target, write) = (target, target.dir, target.write);
    let key = CassetteKey {
        task: old.task.clone(),
        prompt_version: old.prompt_version,
        hash: hash_parts(&old.task, old.prompt_version, new_json, &material.content),
    };
    let slot = Slot::of_key(&key);
    let to = target.path_of(&slot);
    let new = Cassette {
        hash: key.hash.clone(),
        request: Some(StoredRequest {
            content: material.content.clone(),
            schema: new_json.to_owned(),
        }),
        migrated_from: Some(old.hash.clone()),
        ..old.clone()
    };
    let bytes = new.render();
    let conflict = || MigrateOutcome::Conflict {
        from: from.to_path_buf(),
        to: to.clone(),
    };
    // Read through the store's handles: never a link, a pipe or more than a cassette can hold.
    let failed = |e: Error| MigrateOutcome::Failed {
        from: from.to_path_buf(),
        to: to.clone(),
        why: e.message,
    };
    let lock = match write.then(|| target.write_guard()).transpose() {
        Ok(lock) => lock,
        Err(e) => return failed(e),
    };
    match target.read(&slot) {
        Err(e) => return failed(e),
        Ok(existing) => match existing {
            Some(existing) if existing.bytes == bytes.as_bytes() => {
                return MigrateOutcome::Migrated {
                    from: from.to_path_buf(),
                    to,
                    written: false,
                    repaired,
                }
            }
            Some(_) => return conflict(),
            None => {}
        },
    }
    if let Some(lock) = lock {
        match lock.create(&slot, bytes.as_bytes()) {
            // The version's lock entry in the same hold: never a cassette without it.
            Ok(Created::New) => {
                if let Some(entry) = into.entry {
                    if let Err(e) =
                        crate::lock::add_missing(&lock, &key.task, key.prompt_version, entry)
                    {
                        return failed(e);
                    }
                }
            }
            // Created by a writer that ignores the lock since the check: never overwritten.
            Ok(Created::Exists) => return conflict(),
            Err(e) => return failed(e),
        }
    }
    MigrateOutcome::Migrated {
        from: from.to_path_buf(),
        to,
        written: write,
        repaired,
    }
}
