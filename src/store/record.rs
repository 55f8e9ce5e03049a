//! Recording an answer: the cassette a request and its answer make, written through the
//! store's one write path (never through a link, never over another answer unless forced),
//! with whatever must change in the same hold of the write lock.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::MAX_CASSETTE;
use super::handle::{Created, Slot, StoreDir, Times, WriteGuard};
use crate::cassette::{Cassette, DEFAULT_STOP_REASON};
use crate::error::{Error, Result};
use crate::key::{CassetteKey, KeyMaterial};
use crate::normalise::to_placeholders;
use crate::request::Request;

/// A recorded answer: what `record` needs beside the request.
#[derive(Debug, Clone, PartialEq)]
pub struct Recording {
    /// The model's raw answer, with the request's real ids.
    pub text: String,
    /// The model that answered.
    pub model: String,
    /// Why the model stopped.
    pub stop_reason: String,
    /// The refusal category, if the model refused.
    pub refusal_category: Option<String>,
    /// The usage counters (see [`crate::cassette::usage_from`]).
    pub usage: Value,
}

impl Recording {
    /// An `end_turn` answer with zero usage.
    pub fn new(text: impl Into<String>, model: impl Into<String>) -> Recording {
        Recording {
            text: text.into(),
            model: model.into(),
            stop_reason: DEFAULT_STOP_REASON.to_owned(),
            refusal_category: None,
            usage: crate::cassette::usage_from(None),
        }
    }
}

/// How `record` treats the file it writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteOptions {
    /// Add the `request` block (key material) after the reference fields.
    pub with_request_material: bool,
    /// Replace an existing cassette that differs.
    pub force: bool,
}

impl Default for WriteOptions {
    /// The reference recorder's format: no request material, never replacing.
    fn default() -> Self {
        WriteOptions {
            with_request_material: false,
            force: false,
        }
    }
}

impl WriteOptions {
    /// With the `request` block (key material) that lets `verify`, `lookup`, `review` and
    /// `migrate` see what was asked; never replacing.
    pub fn with_request_material() -> Self {
        WriteOptions {
            with_request_material: true,
            force: false,
        }
    }
}

/// What `record` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordStatus {
    /// A new file.
    Created,
    /// The same bytes were already there.
    Unchanged,
    /// A different cassette was replaced (`force`).
    Replaced,
}

/// The stable names (the replay core has no `strum`).
impl From<RecordStatus> for &'static str {
    fn from(status: RecordStatus) -> &'static str {
        match status {
            RecordStatus::Created => "created",
            RecordStatus::Unchanged => "unchanged",
            RecordStatus::Replaced => "replaced",
        }
    }
}

/// The result of `record`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recorded {
    /// Where the cassette is.
    pub path: PathBuf,
    /// Its key.
    pub key: CassetteKey,
    /// What happened to the file.
    pub status: RecordStatus,
}

/// The cassette the reference recorder writes for `request` answered by `recording`.
pub fn cassette_for(
    request: &Request,
    recording: &Recording,
    with_request_material: bool,
) -> Result<(Cassette, CassetteKey)> {
    let material = KeyMaterial::of(request);
    let key = material.key();
    Ok(cassette_of(
        (&material, key),
        request,
        recording,
        with_request_material,
    ))
}

/// [`cassette_for`] of the request's key material, made once by the caller.
fn cassette_of(
    (material, key): (&KeyMaterial, CassetteKey),
    request: &Request,
    recording: &Recording,
    with_request_material: bool,
) -> (Cassette, CassetteKey) {
    let cassette = Cassette {
        task: key.task.clone(),
        prompt_id: request.prompt_id.clone(),
        prompt_version: key.prompt_version,
        hash: key.hash.clone(),
        model: recording.model.clone(),
        stop_reason: recording.stop_reason.clone(),
        refusal_category: recording.refusal_category.clone(),
        usage: recording.usage.clone(),
        text: to_placeholders(&recording.text, &material.content.map),
        request: with_request_material.then(|| material.stored()),
        migrated_from: None,
    };
    (cassette, key)
}

/// Records an answer into the store at `root`, atomically, through the store's one write path
/// (`StoreDir`): never through a symbolic link, never replacing a different cassette unless
/// `options.force`. Several processes recording the same key at once cannot lose an answer:
/// the check and the write happen under the store's write lock, and a file is created
/// without clobbering.
///
/// ```
/// use ulcas::request::Request;
/// use ulcas::store::{record, WriteOptions, Recording};
///
/// let store = tempfile::tempdir().unwrap();
/// let request = Request::from_slice(br#"{"task": "quiz", "prompt_version": 1,
///     "schema": {"type": "object"}, "blocks": [{"type": "text", "text": "frg_abcdefghijkm"}]}"#)?;
/// let recorded = record(store.path(), &request, &Recording::new(r#"{"q": "frg_abcdefghijkm"}"#, "m"),
///     WriteOptions::with_request_material())?;
/// let file = std::fs::read_to_string(&recorded.path)?;
/// // The reference format: the answer with placeholders, the request material beside it.
/// assert!(file.contains(r#""text": "{\"q\": \"{{frg_1}}\"}""#), "{file}");
/// assert!(file.contains(r#""request": {"#));
/// // Recording the same answer again is nothing to do; another one is refused unless forced.
/// let other = Recording::new("{}", "m");
/// assert!(record(store.path(), &request, &other, WriteOptions::default()).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn record(
    root: &Path,
    request: &Request,
    recording: &Recording,
    options: WriteOptions,
) -> Result<Recorded> {
    record_then(root, request, recording, options, |_, _| Ok(()))
}

/// [`record`], then `also` in the same hold of the store's write lock (`record` adds the
/// version's `ulcas.lock` entry there: no other writer, a prune emptying the version or
/// `ulcas lock`, ever sees the cassette without its entry).
pub fn record_then(
    root: &Path,
    request: &Request,
    recording: &Recording,
    options: WriteOptions,
    also: impl FnOnce(&WriteGuard<'_>, &CassetteKey) -> Result<()>,
) -> Result<Recorded> {
    let material = KeyMaterial::of(request);
    let key = material.key();
    write_recording(root, request, (&material, key), recording, options, also)
}

/// [`record_then`] of a request whose key is known (a server that keyed it to look for its
/// cassette): its material is made for the file, its key not hashed again.
pub fn record_keyed_then(
    root: &Path,
    (request, key): (&Request, &CassetteKey),
    recording: &Recording,
    options: WriteOptions,
    also: impl FnOnce(&WriteGuard<'_>, &CassetteKey) -> Result<()>,
) -> Result<Recorded> {
    let material = KeyMaterial::of(request);
    write_recording(
        root,
        request,
        (&material, key.clone()),
        recording,
        options,
        also,
    )
}

/// The one write of a recording: `request` keyed `key` from `material`.
fn write_recording(
    root: &Path,
    request: &Request,
    (material, key): (&KeyMaterial, CassetteKey),
    recording: &Recording,
    options: WriteOptions,
    also: impl FnOnce(&WriteGuard<'_>, &CassetteKey) -> Result<()>,
) -> Result<Recorded> {
    if let Some(why) = unknown_in_answer(material, &recording.text) {
        return Err(Error::msg(why));
    }
    let (cassette, key) = cassette_of(
        (material, key),
        request,
        recording,
        options.with_request_material,
    );
    if bytes_over_limit(&cassette) {
        return Err(Error::msg(format!(
            "the cassette would be larger than {} MiB, the most any command reads: not recorded",
            MAX_CASSETTE >> 20
        )));
    }
    let path = key.path_under(root);
    let bytes = cassette.render();
    let store = StoreDir::create(root)?;
    let slot = Slot::of_key(&key);
    let lock = store.write_guard()?;
    let differs = || {
        Error::in_file(&path, "a different cassette is already recorded here")
            .with_hint(crate::error::Hint::Replace)
    };
    // Twice at most: a writer that ignores the lock (the app's recorder) may create the file
    // between the read and the create; it is then compared like any existing cassette.
    for _ in 0..2 {
        let mut previous = None;
        let status = match store.read(&slot)? {
            Some(existing) if existing.bytes == bytes.as_bytes() => RecordStatus::Unchanged,
            Some(_) if !options.force => return Err(differs()),
            Some(existing) => {
                lock.replace(&slot, &existing, bytes.as_bytes(), Times::Now)?;
                previous = Some(existing.bytes);
                RecordStatus::Replaced
            }
            None => match lock.create(&slot, bytes.as_bytes())? {
                Created::New => RecordStatus::Created,
                Created::Exists => continue,
            },
        };
        if let Err(e) = also(&lock, &key) {
            // What goes with the cassette (its lock entry) could not be written: the cassette
            // goes back as it was, so that the store never holds one the lock does not cover
            // while the writer says it was not recorded.
            undo(&store, &lock, &slot, status, &bytes, previous.as_ref());
            return Err(e);
        }
        return Ok(Recorded { path, key, status });
    }
    Err(Error::in_file(
        &path,
        "another process keeps writing this cassette: run again",
    ))
}

/// Puts the cassette at `slot` back as it was before this write (`status` says what the write
/// did; `previous` the bytes it replaced), through the same write path; a file another writer
/// changed since is left as that writer left it.
fn undo(
    store: &StoreDir,
    lock: &WriteGuard<'_>,
    slot: &Slot,
    status: RecordStatus,
    written: &str,
    previous: Option<&Vec<u8>>,
) {
    let ours = |read: &super::handle::FileRead| {
        if read.bytes == written.as_bytes() {
            Ok(())
        } else {
            Err(Error::msg("changed since"))
        }
    };
    match (status, previous) {
        (RecordStatus::Created, _) => {
            let _ = lock.remove(slot, ours);
        }
        (RecordStatus::Replaced, Some(previous)) => {
            if let Ok(Some(now)) = store.read(slot) {
                if now.bytes == written.as_bytes() {
                    let _ = lock.replace(slot, &now, previous, Times::Now);
                }
            }
        }
        _ => {}
    }
}

fn bytes_over_limit(cassette: &Cassette) -> bool {
    cassette.text.len() as u64 > MAX_CASSETTE
        || cassette
            .request
            .as_ref()
            .is_some_and(|r| (r.content.len() + r.schema.len()) as u64 > MAX_CASSETTE)
}

/// Why `answer` cannot be recorded for the request of `material`: placeholders its key
/// material does not have (the system text of a prompt in code counts).
fn unknown_in_answer(material: &KeyMaterial, answer: &str) -> Option<String> {
    match &material.system {
        None => crate::normalise::unknown_in_answer(answer, &material.content),
        Some(system) => {
            let both = crate::normalise::NormalisedContent {
                text: format!(
                    "{system}{}{}",
                    crate::request::PART_SEPARATOR,
                    material.content.text
                ),
                map: material.content.map.clone(),
            };
            crate::normalise::unknown_in_answer(answer, &both)
        }
    }
}
