//! `backfill`: give the cassettes a store already has the request material (design.md's
//! `request` block) of the request dumps that hit them, so that `verify` can recompute their
//! keys, `lookup` can diff a miss against them and `prune` can see a schema change, without
//! re-recording anything.
//!
//! The block is inserted after the last member of the cassette's object, in the file's own line
//! endings; no other byte of the file changes (a file in the recorder's format stays in it).
//! Every change goes through the store's one write path (`StoreDir`): never through a
//! symbolic link, only if the file is still the one that was read, keeping owner, mode, times
//! and hard links (a file with other names or without write permission is refused, saying
//! so). Nothing is created: a dump that hits no cassette is reported as unmatched, and a
//! cassette that a concurrent `prune` removed stays removed.
//!
//! ```
//! use ulcas::backfill::{self, BackfillOptions};
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
//! // Recorded as the reference recorder writes it: the hash, no request material.
//! let recorded = store::record(&store, &request, &Recording::new("{}", "m"), WriteOptions::default())?;
//! let dump = dir.path().join("request.json");
//! std::fs::write(&dump, br#"{"task": "outline", "prompt_version": 1,
//!     "schema": {"type": "object"}, "blocks": [{"type": "text", "text": "Grind"}]}"#)?;
//!
//! let mut events = Collect::default();
//! let stores = [StoreSettings::new(&store, Default::default())?];
//! let summary = backfill::run(&stores, &BackfillOptions { dumps: vec![dump] }, &mut events)?;
//! assert_eq!(summary.backfilled, 1);
//! assert!(std::fs::read_to_string(&recorded.path)?.contains(r#""request": {"#));
//! # Ok(())
//! # }
//! ```

mod events;

pub use events::{BackfillEvent, BackfillSink};

use std::path::{Path, PathBuf};

use crate::cassette::{Cassette, StoredRequest, push_request_member};
use crate::error::Result;
use crate::key::KeyMaterial;
use crate::outcome::{Outcome, Verdict};
use crate::request::Request;
use crate::sink::sent;
use crate::store::{FileRead, Slot, StoreDir, Times};
use crate::store_settings::StoreSettings;

/// What backfilling one dump did to one cassette.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum BackfillOutcome {
    /// The cassette gained the dump's request material.
    Backfilled {
        /// The cassette.
        #[serde(serialize_with = "crate::machine_json::path")]
        path: PathBuf,
        /// The dump.
        #[serde(serialize_with = "crate::machine_json::path")]
        request: PathBuf,
    },
    /// The cassette already carries the same material.
    #[serde(rename = "already-backfilled")]
    AlreadyThere {
        /// The cassette.
        #[serde(serialize_with = "crate::machine_json::path")]
        path: PathBuf,
        /// The dump.
        #[serde(serialize_with = "crate::machine_json::path")]
        request: PathBuf,
    },
    /// The cassette carries other material, or cannot take the block; it is left as it is.
    Conflict {
        /// The cassette.
        #[serde(serialize_with = "crate::machine_json::path")]
        path: PathBuf,
        /// The dump.
        #[serde(serialize_with = "crate::machine_json::path")]
        request: PathBuf,
        /// Why.
        why: String,
    },
    /// The cassette could not be changed (a link, a folder that is a link, permissions, a full
    /// disk, another writer): it is left as it was, and the run exits 2.
    Failed {
        /// The cassette.
        #[serde(serialize_with = "crate::machine_json::path")]
        path: PathBuf,
        /// The dump.
        #[serde(serialize_with = "crate::machine_json::path")]
        request: PathBuf,
        /// The real cause.
        why: String,
    },
    /// The dump hits no cassette of any store.
    Unmatched {
        /// The dump.
        #[serde(serialize_with = "crate::machine_json::path")]
        request: PathBuf,
        /// Where its cassette would be (in the store of its task).
        #[serde(serialize_with = "crate::machine_json::path")]
        path: PathBuf,
    },
}

/// The totals of a `backfill` run (the `summary` event).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct BackfillSummary {
    /// Cassettes that gained request material.
    pub backfilled: usize,
    /// Cassettes that already had it.
    pub already: usize,
    /// Cassettes left as they were (other material).
    pub conflicts: usize,
    /// Cassettes that could not be changed (each reported with its cause).
    pub failed: usize,
    /// Dumps that hit no cassette.
    pub unmatched: usize,
    /// Dumps that could not be read (reported as they came; not in the `summary` event).
    #[serde(skip)]
    pub input_errors: usize,
}

impl BackfillSummary {
    /// Counts one outcome.
    pub fn add(&mut self, o: &BackfillOutcome) {
        match o {
            BackfillOutcome::Backfilled { .. } => self.backfilled += 1,
            BackfillOutcome::AlreadyThere { .. } => self.already += 1,
            BackfillOutcome::Conflict { .. } => self.conflicts += 1,
            BackfillOutcome::Failed { .. } => self.failed += 1,
            BackfillOutcome::Unmatched { .. } => self.unmatched += 1,
        }
    }
}

impl Outcome for BackfillSummary {
    /// Exit 0 when every dump found its cassette and none conflicted, else exit 1 (a cassette
    /// that could not be written makes the run exit 2: see [`BackfillSummary::failed`]).
    fn verdict(&self) -> Verdict {
        Verdict::of(self.unmatched + self.conflicts == 0)
    }

    fn input_errors(&self) -> usize {
        self.input_errors
    }

    fn failed(&self) -> usize {
        self.failed
    }
}

/// What `backfill` is asked, beside the stores.
#[derive(Debug, Clone, Default)]
pub struct BackfillOptions {
    /// Request dumps, files or folders of them.
    pub dumps: Vec<PathBuf>,
}

/// `backfill`: adds the request material of every dump of `requests` to the cassettes of
/// `stores` it hits, reporting each outcome as it happens, then the summary.
pub fn run(
    stores: &[StoreSettings],
    asked: &BackfillOptions,
    sink: &mut dyn BackfillSink,
) -> Result<BackfillSummary> {
    let requests = asked.dumps.as_slice();
    crate::store_settings::require_folders(stores)?;
    let mut summary = BackfillSummary::default();
    let errors = crate::dumps::each(requests, sink, |sink, file, request, _| {
        for outcome in backfill_request(stores, file, &request) {
            summary.add(&outcome);
            sink.backfill(&BackfillEvent::Outcome(&outcome))?;
        }
        Ok(())
    })?;
    summary.input_errors = errors;
    sent(sink.backfill(&BackfillEvent::Summary(&summary)))?;
    Ok(summary)
}

/// Backfills every store's cassette that `request` (read from `file`) hits.
pub(crate) fn backfill_request(
    stores: &[StoreSettings],
    file: &Path,
    request: &Request,
) -> Vec<BackfillOutcome> {
    let material = KeyMaterial::of(request);
    let key = material.key();
    let stored = material.stored();
    let slot = Slot::of_key(&key);
    let mut out = Vec::new();
    for store in stores {
        let path = key.path_under(&store.root);
        let outcome = |done: Result<Done>| match done {
            Ok(Done::Gone) => None,
            Ok(Done::Added) => Some(BackfillOutcome::Backfilled {
                path: path.clone(),
                request: file.to_path_buf(),
            }),
            Ok(Done::AlreadyThere) => Some(BackfillOutcome::AlreadyThere {
                path: path.clone(),
                request: file.to_path_buf(),
            }),
            Ok(Done::Conflict(why)) => Some(BackfillOutcome::Conflict {
                path: path.clone(),
                request: file.to_path_buf(),
                why,
            }),
            Err(e) => Some(BackfillOutcome::Failed {
                path: e.file.clone().unwrap_or_else(|| path.clone()),
                request: file.to_path_buf(),
                why: e.message,
            }),
        };
        out.extend(outcome(backfill_slot(&store.root, &slot, &stored)));
    }
    if out.is_empty() {
        let root = crate::store_settings::store_for_request(stores, &key)
            .map_or_else(|| PathBuf::from("cassettes"), |s| s.root.clone());
        out.push(BackfillOutcome::Unmatched {
            request: file.to_path_buf(),
            path: key.path_under(&root),
        });
    }
    out
}

/// What backfilling one cassette did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Done {
    /// No cassette there.
    Gone,
    /// The material was added.
    Added,
    /// The cassette already carries it.
    AlreadyThere,
    /// The cassette carries other material or cannot take the block: left as it is.
    Conflict(String),
}

/// Adds `material` to the cassette at `slot` of the store at `root`, under the store's write
/// lock; an error is a write that could not be done (the file is left as it was).
pub(crate) fn backfill_slot(root: &Path, slot: &Slot, material: &StoredRequest) -> Result<Done> {
    let store = match StoreDir::open(root) {
        Ok(s) => s,
        Err(_) if !root.exists() => return Ok(Done::Gone),
        Err(e) => return Err(e),
    };
    let lock = store.write_guard()?;
    let Some(read) = store.read(slot)? else {
        return Ok(Done::Gone);
    };
    match with_material_checked(&read, material) {
        Ok(None) => Ok(Done::AlreadyThere),
        Ok(Some(bytes)) => {
            lock.replace(slot, &read, &bytes, Times::Keep)?;
            Ok(Done::Added)
        }
        Err(why) => Ok(Done::Conflict(why)),
    }
}

/// The new bytes of a cassette given `material`; `None` when it already carries it.
fn with_material_checked(
    read: &FileRead,
    material: &StoredRequest,
) -> std::result::Result<Option<Vec<u8>>, String> {
    let cassette = Cassette::from_slice(&read.bytes).map_err(|e| e.to_string())?;
    match &cassette.request {
        Some(existing) if existing == material => return Ok(None),
        Some(_) => return Err("already carries different request material (it does not hash to this file?): left as it is; verify checks it".into()),
        None => {}
    }
    let with = with_material(&read.bytes, material)?;
    // The result must read back as the same cassette with this material, or nothing is written.
    let check = Cassette::from_slice(&with).map_err(|e| e.to_string())?;
    if check.request.as_ref() != Some(material) || check.text != cassette.text {
        return Err("the block could not be added cleanly".into());
    }
    Ok(Some(with))
}

/// The cassette bytes with the `request` block inserted after the object's last member, in the
/// recorder's layout; every other byte as it was.
pub(crate) fn with_material(
    bytes: &[u8],
    material: &StoredRequest,
) -> std::result::Result<Vec<u8>, String> {
    let is_space = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r');
    let close = bytes
        .iter()
        .rposition(|b| !is_space(b))
        .filter(|&i| bytes[i] == b'}')
        .ok_or("the file does not end with the closing `}` of an object")?;
    let last = bytes[..close]
        .iter()
        .rposition(|b| !is_space(b))
        .ok_or("not a JSON object")?;
    if bytes[last] == b'{' {
        return Err("an empty object is not a cassette".into());
    }
    let mut block = String::with_capacity(material.content.len() + material.schema.len() + 64);
    push_request_member(&mut block, material);
    // The file's own line endings: a CRLF file gets CRLF lines (the block's strings are JSON
    // escaped, so every raw newline in it is a line break).
    if memchr::memmem::find(bytes, b"\r\n").is_some() {
        block = block.replace('\n', "\r\n");
    }
    let mut out = Vec::with_capacity(bytes.len() + block.len());
    out.extend_from_slice(&bytes[..=last]);
    out.extend_from_slice(block.as_bytes());
    out.extend_from_slice(&bytes[last + 1..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Recording, cassette_for};

    #[test]
    fn a_recorder_file_becomes_the_file_record_writes_with_material() {
        let request = Request::from_slice(
            r#"{"task":"t","prompt_version":1,"schema":{"b":1,"a":[]},"blocks":[{"type":"text","text":"frg_abcdefghijkm says /é"}]}"#.as_bytes(),
        )
        .unwrap();
        let answer = Recording::new("{\"x\":\"frg_abcdefghijkm\"}", "m");
        let (bare, _) = cassette_for(&request, &answer, false).unwrap();
        let (full, _) = cassette_for(&request, &answer, true).unwrap();
        let material = full.request.clone().unwrap();
        let got = with_material(bare.render().as_bytes(), &material).unwrap();
        assert_eq!(String::from_utf8(got).unwrap(), full.render());
    }

    #[test]
    fn other_bytes_stay_as_they_are() {
        let material = StoredRequest {
            content: "c".into(),
            schema: "[]".into(),
            system: None,
        };
        let got = with_material(b"{\"text\": \"x\"  }\n", &material).unwrap();
        assert_eq!(
            String::from_utf8(got).unwrap(),
            "{\"text\": \"x\",\n    \"request\": {\n        \"content\": \"c\",\n        \"schema\": \"[]\"\n    }  }\n"
        );
        // A CRLF file keeps CRLF lines.
        let got = with_material(b"{\r\n    \"text\": \"x\"\r\n}\r\n", &material).unwrap();
        assert_eq!(
            String::from_utf8(got).unwrap(),
            "{\r\n    \"text\": \"x\",\r\n    \"request\": {\r\n        \"content\": \"c\",\r\n        \"schema\": \"[]\"\r\n    }\r\n}\r\n"
        );
        assert!(with_material(b"[1]", &material).is_err());
        assert!(with_material(b"{ }", &material).is_err());
        assert!(with_material(b"", &material).is_err());
    }
}
