//! Planning a store's migration, and carrying it out: each cassette of the task's current
//! version validated against the new schema, then written at its new key through the store's
//! one write path, with the version's lock entry.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use crate::advice::Advice;
use crate::cassette::{Cassette, StoredRequest};
use crate::error::{Error, Named, Phrase, Result};
use crate::key::CassetteKey;
use crate::schema::{Schema, compile};
use crate::schema_check::{AnswerVerdict, repaired_contents, validate_answer};
use crate::store::{
    Created, Slot, StoreDir, json_files_in, read_cassette_bytes, recorded_versions,
};
use crate::store_settings::StoreSettings;

use super::{MigrateOutcome, Migration, SkipReason};

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
            });
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

/// The cassette `old` carried over to the schema `new_json`: the same answer under the key the
/// new schema gives its request material, saying which cassette it came from.
fn rekeyed(old: &Cassette, material: &StoredRequest, new_json: &str) -> (CassetteKey, Cassette) {
    let key = CassetteKey {
        task: old.task.clone(),
        prompt_version: old.prompt_version,
        hash: crate::key::hash_parts_with(
            &old.task,
            old.prompt_version,
            new_json,
            material.system.as_deref(),
            &material.content,
        ),
    };
    let new = Cassette {
        hash: key.hash.clone(),
        request: Some(StoredRequest {
            content: material.content.clone(),
            schema: new_json.to_owned(),
            system: material.system.clone(),
        }),
        migrated_from: Some(old.hash.clone()),
        ..old.clone()
    };
    (key, new)
}

/// Writes `old` carried over to `new_json` (with `target.write`) at its new key, never over
/// another cassette, with the version's lock entry in the same hold of the write lock.
fn carry_over(
    target: &Target<'_>,
    from: &Path,
    old: &Cassette,
    material: &StoredRequest,
    new_json: &str,
    repaired: bool,
) -> MigrateOutcome {
    let (into, target, write) = (target, target.dir, target.write);
    let (key, new) = rekeyed(old, material, new_json);
    let slot = Slot::of_key(&key);
    let to = target.path_of(&slot);
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
                };
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
