//! The fake driver as a library: what the app's `FakeDriver` does with a cassette store, with
//! its rules, for a Rust app, a test or a server.
//!
//! [`Driver::replay`] keys a request exactly as the reference driver does, loads its cassette
//! and maps the placeholders back to this request's ids; a cassette without `model` answers
//! with the request's, one without `stop_reason` with `end_turn`. A miss is a
//! [`DriverError::Miss`] that carries the reference's miss line ([`Miss::line`]) and a typed
//! [`MissReason`]. With the `synthetic` feature, [`Driver::answer`] falls back to the
//! deterministic, schema-valid answer of the synthetic mode. [`Driver::record`] writes a cassette
//! in the reference recorder's exact bytes through the store's one safe write path.
//!
//! ```
//! use ulcas::driver::{Driver, DriverError, MissReason};
//! use ulcas::request::Request;
//! use ulcas::store::Recording;
//!
//! # fn main() -> Result<(), DriverError> {
//! let dir = tempfile::tempdir().unwrap();
//! let driver = Driver::open(dir.path())?;
//! let dump = |id: &str| format!(r#"{{"task": "outline", "prompt_version": 1, "model": "m",
//!     "schema": {{"type": "object"}},
//!     "blocks": [{{"type": "text", "text": "<fragment id=\"{id}\">Grind</fragment>"}}]}}"#);
//! let first = Driver::parse_request(dump("frg_abcdefghijkm").as_bytes())?;
//!
//! // Nothing recorded yet: the reference's miss line, and why.
//! let DriverError::Miss(miss) = driver.replay(&first).unwrap_err() else { panic!() };
//! assert!(miss.line().starts_with(r#"No cassette for task "outline" (prompt v1) at "#));
//! assert_eq!(miss.reason, MissReason::NoTask);
//!
//! // Record the answer (the reference format), then replay it for a fresh database's ids.
//! driver.record(&first, &Recording::new(r#"{"cites":["frg_abcdefghijkm"]}"#, ""))?;
//! let again = Driver::parse_request(dump("frg_zyxwvutsrqpn").as_bytes())?;
//! let replay = driver.replay(&again)?;
//! assert_eq!(replay.text, r#"{"cites":["frg_zyxwvutsrqpn"]}"#);
//! assert_eq!(replay.model, "m", "no recorded model: the request's");
//! assert_eq!(replay.id(), format!("cassette:{}", replay.key.hash));
//! # Ok(())
//! # }
//! ```

use std::fmt;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::cassette::Cassette;
use crate::error::{Error, ErrorKind};
use crate::key::{CassetteKey, KeyMaterial};
use crate::normalise::PlaceholderMap;
use crate::request::{Block, Request};
use crate::store::{Recorded, Recording, WriteOptions};

/// A cassette store opened as the fake driver reads it.
#[derive(Debug, Clone)]
pub struct Driver {
    root: PathBuf,
    /// The root with every link resolved: what a cassette must lie under.
    real_root: PathBuf,
    /// Parsed cassettes kept between replays, and the store's folder opened for openat2
    /// ([`Driver::with_cache`]).
    cache: Option<std::sync::Arc<crate::store::CassetteCache>>,
}

/// A recorded answer, replayed for this request.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Replay {
    /// The answer with its placeholders mapped back to this request's ids.
    pub text: String,
    /// The model that answered (the request's when the cassette names none).
    pub model: String,
    /// Why the model stopped (`end_turn` when the cassette says nothing).
    pub stop_reason: String,
    /// A refusal's category, as recorded.
    pub refusal_category: Option<String>,
    /// The usage counters as recorded (`input_tokens`, `output_tokens`, `cache_write_5m_tokens`,
    /// `cache_write_1h_tokens`, `cache_read_tokens`).
    pub usage: Value,
    /// The request's key.
    pub key: CassetteKey,
    /// The cassette.
    pub path: PathBuf,
}

impl Replay {
    /// The replay of cassette `c` (at `path`, the cassette of `key`) through `map`.
    pub(crate) fn of(
        c: &Cassette,
        map: &PlaceholderMap,
        request_model: Option<&str>,
        key: CassetteKey,
        path: PathBuf,
    ) -> Replay {
        Replay {
            text: c.replay(map),
            model: c.model_or(request_model).to_owned(),
            stop_reason: c.stop_reason.clone(),
            refusal_category: c.refusal_category.clone(),
            usage: c.usage.clone(),
            key,
            path,
        }
    }

    /// The answer's id as the replaying driver gives it (`cassette:<hash>`): the app never
    /// records such an answer as a new cassette.
    pub fn id(&self) -> String {
        format!("cassette:{}", self.key.hash)
    }
}

/// Why the store has no cassette for a request, as far as the store alone can tell
/// (`ulcas lookup`, or [`Driver::explain`] with the `tools` feature, says much more).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MissReason {
    /// The store has no recording of the task.
    NoTask,
    /// The task has recordings, none of this prompt version.
    NoVersion {
        /// The versions that have recordings, ascending.
        recorded: Vec<i64>,
    },
    /// This version has recordings, none of this request (its content, schema or repair turns
    /// differ).
    NoCassette {
        /// How many recordings the version has.
        recorded: usize,
    },
}

/// A request whose cassette the store does not have.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Miss {
    /// The request's key.
    pub key: CassetteKey,
    /// Where its cassette would be.
    pub path: PathBuf,
    /// Why, as far as the store tells.
    pub reason: MissReason,
}

impl Miss {
    /// The reference driver's miss line, byte for byte:
    /// `No cassette for task "<task>" (prompt v<N>) at <path>`.
    pub fn line(&self) -> String {
        format!(
            "No cassette for task \"{}\" (prompt v{}) at {}",
            self.key.task,
            self.key.prompt_version,
            self.path.display()
        )
    }

    /// The reason in words.
    pub fn why(&self) -> String {
        let task = &self.key.task;
        match &self.reason {
            MissReason::NoTask => format!("the store has no recording of task {task:?}"),
            MissReason::NoVersion { recorded } => format!(
                "task {task:?} has recordings of {}, none of prompt v{}",
                recorded
                    .iter()
                    .map(|v| format!("v{v}"))
                    .collect::<Vec<_>>()
                    .join(", "),
                self.key.prompt_version
            ),
            MissReason::NoCassette { recorded } => format!(
                "prompt v{} of {task:?} has {recorded} recording{}, none of this request (its content, schema or repair turns differ)",
                self.key.prompt_version,
                if *recorded == 1 { "" } else { "s" }
            ),
        }
    }
}

impl fmt::Display for Miss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.line(), self.why())
    }
}

/// What can go wrong between a request and its answer, each kind apart.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum DriverError {
    /// The store has no cassette for the request (a test failure in cassette-only mode).
    Miss(Box<Miss>),
    /// The request is not one the driver could have sent (bad JSON, a wrong field).
    BadRequest(Error),
    /// The request's cassette exists but cannot be replayed (not a cassette, not a regular
    /// file, too large).
    CorruptCassette {
        /// The cassette.
        path: PathBuf,
        /// What is wrong with it.
        error: Error,
    },
    /// Reading or writing failed; the [`Error`]'s `source()` is the `std::io::Error`.
    Io(Error),
    /// The store refused a write (a link, another cassette at the path, a race).
    Refused(Error),
    /// No synthetic answer can be built: the request's schema admits no value the generator
    /// finds (the error names the schema location), or a hand-written responder failed.
    Unsatisfiable(Error),
}

impl fmt::Display for DriverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DriverError::Miss(miss) => miss.fmt(f),
            DriverError::BadRequest(e) => write!(f, "bad request: {e}"),
            DriverError::Unsatisfiable(e) => write!(f, "no synthetic answer: {e}"),
            DriverError::CorruptCassette { error, .. } => error.fmt(f),
            DriverError::Io(e) | DriverError::Refused(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for DriverError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DriverError::Miss(_) => None,
            DriverError::BadRequest(e)
            | DriverError::CorruptCassette { error: e, .. }
            | DriverError::Io(e)
            | DriverError::Refused(e)
            | DriverError::Unsatisfiable(e) => Some(e),
        }
    }
}

impl DriverError {
    /// A store error about the cassette at `path`: I/O, or a file that is no cassette.
    fn of_cassette(path: &Path, error: Error) -> DriverError {
        match error.kind {
            ErrorKind::Io => DriverError::Io(error),
            _ => DriverError::CorruptCassette {
                path: path.to_path_buf(),
                error,
            },
        }
    }

    /// A store error of a write: about a file of the store it is a refusal (another cassette
    /// at the path, a link), about nothing in particular the answer's (too large).
    fn of_write(error: Error) -> DriverError {
        match error.kind {
            ErrorKind::Io => DriverError::Io(error),
            ErrorKind::Input if error.file.is_none() => DriverError::BadRequest(error),
            _ => DriverError::Refused(error),
        }
    }
}

impl Driver {
    /// Opens the store at `root`. A root that does not exist is an error, never a silent miss
    /// of every request.
    pub fn open(root: impl Into<PathBuf>) -> Result<Driver, DriverError> {
        let root = root.into();
        match std::fs::metadata(&root) {
            Ok(m) if m.is_dir() => {
                let real_root = root
                    .canonicalize()
                    .map_err(|e| DriverError::Io(Error::io(&root, &e)))?;
                Ok(Driver {
                    root,
                    real_root,
                    cache: None,
                })
            }
            Ok(_) => Err(DriverError::Io(
                Error::in_file(&root, "not a folder").of_kind(ErrorKind::Io),
            )),
            Err(e) => Err(DriverError::Io(Error::io(&root, &e))),
        }
    }

    /// The driver keeping parsed cassettes between replays: one is read again only when its
    /// file changed (see [`crate::store::CassetteCache`]). For a server replaying the same
    /// cassettes many times.
    pub fn with_cache(mut self) -> Driver {
        let cache = crate::store::CassetteCache::beneath(&self.real_root);
        self.cache = Some(std::sync::Arc::new(cache));
        self
    }

    /// The store root.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Parses a request dump (the driver's request as JSON).
    pub fn parse_request(bytes: &[u8]) -> Result<Request, DriverError> {
        Request::from_slice(bytes).map_err(DriverError::BadRequest)
    }

    /// The key of `request` and where its cassette is (or would be).
    pub fn key(&self, request: &Request) -> (CassetteKey, PathBuf) {
        let key = crate::key::key_of(request);
        let path = key.path_under(&self.root);
        (key, path)
    }

    /// Replays the cassette of `request`, or says why there is none.
    pub fn replay(&self, request: &Request) -> Result<Replay, DriverError> {
        let material = KeyMaterial::of(request);
        let key = material.key();
        match self.replay_keyed(request, &material, &key)? {
            Some(replay) => Ok(replay),
            None => {
                let path = key.path_under(&self.root);
                Err(self.miss(key, path))
            }
        }
    }

    /// The replay of `request` when its cassette exists, else `None`, without finding out why
    /// not (which reads the task's folders): for a caller with a slower way to a miss.
    pub fn replay_if_recorded(&self, request: &Request) -> Result<Option<Replay>, DriverError> {
        let material = KeyMaterial::of(request);
        let key = material.key();
        self.replay_keyed(request, &material, &key)
    }

    fn replay_keyed(
        &self,
        request: &Request,
        material: &KeyMaterial,
        key: &CassetteKey,
    ) -> Result<Option<Replay>, DriverError> {
        self.replay_at(key.clone(), &material.content.map, request.model.as_deref())
    }

    /// The replay of the cassette at `key`, when it is recorded: its answer with the
    /// placeholders mapped back through `map` (the request's, from
    /// [`crate::key::key_with_map`]), its model else `request_model`.
    pub fn replay_at(
        &self,
        key: CassetteKey,
        map: &PlaceholderMap,
        request_model: Option<&str>,
    ) -> Result<Option<Replay>, DriverError> {
        Ok(self
            .cassette_at(&key)?
            .map(|(path, c)| Replay::of(&c, map, request_model, key, path)))
    }

    /// The cassette at `key` and its path, when it is recorded: through the driver's cache
    /// when it has one (a file changed on disk is read again).
    pub(crate) fn cassette_at(
        &self,
        key: &CassetteKey,
    ) -> Result<Option<(PathBuf, std::sync::Arc<Cassette>)>, DriverError> {
        let loaded = match &self.cache {
            Some(cache) => {
                crate::store::load_within_cached(&self.root, &self.real_root, key, cache)
            }
            None => crate::store::load_within(&self.root, &self.real_root, key)
                .map(|l| l.map(|l| (l.path, std::sync::Arc::new(l.cassette)))),
        };
        loaded.map_err(|e| DriverError::of_cassette(&key.path_under(&self.root), e))
    }

    fn miss(&self, key: CassetteKey, path: PathBuf) -> DriverError {
        DriverError::Miss(self.miss_of(key, path))
    }

    /// The miss of the request keyed `key`, whose cassette would be at `path`: why, as far as
    /// the task's folders tell.
    pub(crate) fn miss_of(&self, key: CassetteKey, path: PathBuf) -> Box<Miss> {
        let task_dir = self.root.join(&key.task);
        let recorded = crate::store::versions_in(&task_dir);
        let reason = if recorded.is_empty() {
            MissReason::NoTask
        } else if !recorded.contains(&key.prompt_version) {
            MissReason::NoVersion { recorded }
        } else {
            let folder = crate::layout::version_in(&task_dir, key.prompt_version);
            let recorded = crate::store::json_files_in(&folder).map_or(0, |f| f.len());
            MissReason::NoCassette { recorded }
        };
        Box::new(Miss { key, path, reason })
    }

    /// Records `recording` as the answer of `request`, in the reference recorder's exact bytes
    /// (no request material), through the store's one write path: the same bytes already
    /// there are no change, other bytes are refused.
    pub fn record(
        &self,
        request: &Request,
        recording: &Recording,
    ) -> Result<Recorded, DriverError> {
        self.record_with(request, recording, WriteOptions::default())
    }

    /// [`Driver::record`] with `options` (request material, replacing).
    pub fn record_with(
        &self,
        request: &Request,
        recording: &Recording,
        options: WriteOptions,
    ) -> Result<Recorded, DriverError> {
        crate::store::record(&self.root, request, recording, options).map_err(DriverError::of_write)
    }
}

/// The app's estimate of a request's input tokens (`DriverRequest::estimatedInputTokens`):
/// bytes of the system prompt, of each text block and repair turn, and three eighths of each
/// document's base64, over four, rounded up.
pub fn estimated_input_tokens(request: &Request) -> u64 {
    let mut chars = request.system.as_deref().map_or(0, str::len) as u64;
    for block in &request.blocks {
        chars += match block {
            Block::Text(text) => text.len() as u64,
            // PHP: (int) (strlen($data) * 0.75 / 2), a float truncated.
            Block::Document { data, .. } => (data.len() as f64 * 0.75 / 2.0) as u64,
        };
    }
    chars += request
        .turns
        .iter()
        .map(|t| t.text.len() as u64)
        .sum::<u64>();
    chars.div_ceil(4)
}

/// A synthetic answer: what the fake driver answers in synthetic mode when it has no cassette.
#[cfg(feature = "synthetic")]
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Synthetic {
    /// The schema-valid answer, built from the request's own fragments and ids.
    pub text: String,
    /// The request's model.
    pub model: String,
    /// The app's estimate of the input tokens.
    pub input_tokens: u64,
    /// Bytes of the answer over four, rounded up (as the app's fake driver counts).
    pub output_tokens: u64,
    /// The miss it stands in for.
    pub miss: Box<Miss>,
}

/// The answer of [`Driver::answer`]: a replay, or the synthetic stand-in.
#[cfg(feature = "synthetic")]
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Answered {
    /// The recorded answer.
    Replayed(Replay),
    /// No cassette: the synthetic answer.
    Synthetic(Synthetic),
}

#[cfg(feature = "synthetic")]
impl Driver {
    /// The synthetic mode: the cassette of `request` when there is one, else the deterministic,
    /// schema-valid answer of `responders` (the generic one for tasks without their own).
    pub fn answer(
        &self,
        request: &Request,
        responders: &crate::synth::Responders,
    ) -> Result<Answered, DriverError> {
        match self.replay(request) {
            Ok(replay) => Ok(Answered::Replayed(replay)),
            Err(DriverError::Miss(miss)) => {
                Self::synthesize(request, responders, miss).map(Answered::Synthetic)
            }
            Err(e) => Err(e),
        }
    }

    /// The synthetic answer standing in for `miss`, the miss of `request`.
    pub fn synthesize(
        request: &Request,
        responders: &crate::synth::Responders,
        miss: Box<Miss>,
    ) -> Result<Synthetic, DriverError> {
        let text = responders
            .respond_keyed(request, &miss.key)
            .map_err(DriverError::Unsatisfiable)?;
        Ok(Synthetic {
            model: request.model.clone().unwrap_or_default(),
            input_tokens: estimated_input_tokens(request),
            output_tokens: (text.len() as u64).div_ceil(4),
            text,
            miss,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(text: &str, turns: &str) -> Request {
        let dump = format!(
            r#"{{"task": "quiz", "prompt_version": 2, "system": "abcd", "schema": {{"type": "object"}},
                "blocks": [{{"type": "text", "text": "{text}"}}, {{"type": "document", "data": "QUJDRA=="}}],
                "turns": [{turns}]}}"#
        );
        Request::from_slice(dump.as_bytes()).unwrap()
    }

    #[test]
    fn estimates_input_tokens_as_the_app() {
        // 4 (system) + 5 (text) + (int)(8 * 0.75 / 2) = 3 (document) + 6 (turn) = 18 → 5.
        let r = request("hello", r#"{"role": "user", "text": "errors"}"#);
        assert_eq!(estimated_input_tokens(&r), 5);
    }

    #[test]
    fn misses_say_why_and_errors_are_told_apart() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(
            Driver::open(dir.path().join("nope")),
            Err(DriverError::Io(e)) if e.io_kind() == Some(std::io::ErrorKind::NotFound)
        ));
        let driver = Driver::open(dir.path()).unwrap();
        let r = request("hello", "");
        let (key, path) = driver.key(&r);
        std::fs::create_dir_all(dir.path().join("quiz/v1")).unwrap();
        let Err(DriverError::Miss(miss)) = driver.replay(&r) else {
            panic!()
        };
        assert_eq!(miss.reason, MissReason::NoVersion { recorded: vec![1] });
        assert_eq!(
            miss.line(),
            format!(
                "No cassette for task \"quiz\" (prompt v2) at {}",
                path.display()
            )
        );
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "{").unwrap();
        let Err(DriverError::CorruptCassette { path: at, .. }) = driver.replay(&r) else {
            panic!("a broken cassette is no miss")
        };
        assert_eq!(at, path);
        std::fs::write(path.with_file_name("other.json"), "{}").unwrap();
        std::fs::remove_file(&path).unwrap();
        let Err(DriverError::Miss(miss)) = driver.replay(&r) else {
            panic!()
        };
        assert_eq!(miss.reason, MissReason::NoCassette { recorded: 1 });
        assert_eq!(miss.key, key);
        assert!(matches!(
            Driver::parse_request(b"{"),
            Err(DriverError::BadRequest(_))
        ));
    }

    #[test]
    fn records_in_the_reference_format() {
        let dir = tempfile::tempdir().unwrap();
        let driver = Driver::open(dir.path()).unwrap();
        let r = request("hello", "");
        let recorded = driver.record(&r, &Recording::new("{}", "m")).unwrap();
        let text = std::fs::read_to_string(&recorded.path).unwrap();
        assert!(!text.contains("\"request\""), "no request material: {text}");
        let again = driver.record(&r, &Recording::new("{\"a\":1}", "m"));
        assert!(matches!(again, Err(DriverError::Refused(_))), "{again:?}");
    }
}
