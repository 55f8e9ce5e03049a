//! The cassette key, byte for byte as the reference driver computes it.
//!
//! ```text
//! hash = hex(sha256(json_encode([task, prompt_version, canonical(schema), content])))[..32]
//! path = <root>/<task>/v<prompt_version>/<hash>.json
//! ```
//!
//! `content` is the request content (see [`crate::request`]) after id normalisation (see
//! [`crate::normalise`]); `canonical(schema)` and `json_encode` are PHP's (see [`crate::php`]).
//! The system prompt, model, profile, effort, limits and cache flags are not part of the key.
//!
//! ```
//! use ulcas::key::key_of;
//! use ulcas::request::Request;
//!
//! let request = |id: &str| Request::from_slice(format!(r#"{{"task": "outline", "prompt_version": 1,
//!     "schema": {{"type": "object"}}, "blocks": [{{"type": "text", "text": "{id}"}}]}}"#).as_bytes());
//! // Generated ids become placeholders first: a fresh database's ids give the same key.
//! let (a, b) = (key_of(&request("frg_abcdefghijkm")?), key_of(&request("frg_zyxwvutsrqpo")?));
//! assert_eq!(a, b);
//! assert_eq!(a.hash.len(), 32);
//! assert_eq!(a.relative_path(), std::path::Path::new(&format!("outline/v1/{}.json", a.hash)));
//! # Ok::<(), ulcas::Error>(())
//! ```

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::id_patterns::IdPatterns;
use crate::normalise::{NormalisedContent, PlaceholderMap, normalise, normalise_into};
use crate::php;
use crate::request::Request;

/// Everything the key is computed from, in the form that is hashed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyMaterial {
    /// The task name.
    pub task: String,
    /// The prompt version.
    pub prompt_version: i64,
    /// The canonical schema as PHP JSON text (what the `request.schema` extension stores).
    pub schema_json: String,
    /// The normalised system text, when the prompt is written in code and its text is part
    /// of the key ([`Request::prompt_in_code`]); `None` for the reference key.
    pub system: Option<String>,
    /// The normalised content and its placeholder map (with a prompt in code, the system
    /// text's ids come first in it).
    pub content: NormalisedContent,
}

/// A computed key: where the cassette for a request lives.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CassetteKey {
    /// The task name.
    pub task: String,
    /// The prompt version.
    pub prompt_version: i64,
    /// 32 lowercase hex digits.
    pub hash: String,
}

impl KeyMaterial {
    /// Builds the key material of a request: content assembled and normalised, schema canonical.
    pub fn of(request: &Request) -> KeyMaterial {
        let (system, content) = if request.prompt_in_code {
            // A prompt in code is keyed by ulcas alone: UUIDs and the store's own id
            // patterns are numbered too.
            let ids = &request.id_patterns;
            let mut map = PlaceholderMap::new();
            let mut system = String::new();
            ids.normalise_into(request.system_text(), &mut map, |p| system.push_str(p));
            let mut text = String::new();
            request
                .content_pieces(|piece| ids.normalise_into(piece, &mut map, |p| text.push_str(p)));
            (Some(system), NormalisedContent { text, map })
        } else {
            (None, normalise(&request.content()))
        };
        KeyMaterial {
            task: request.task.clone(),
            prompt_version: request.prompt_version,
            schema_json: request.schema.canonical_json().to_owned(),
            system,
            content,
        }
    }

    /// The material as a cassette stores it (the `request` extension).
    pub fn stored(&self) -> crate::cassette::StoredRequest {
        crate::cassette::StoredRequest {
            content: self.content.text.clone(),
            schema: self.schema_json.clone(),
            system: self.system.clone(),
        }
    }

    /// The key of this material.
    pub fn key(&self) -> CassetteKey {
        CassetteKey {
            task: self.task.clone(),
            prompt_version: self.prompt_version,
            hash: hash_parts_with(
                &self.task,
                self.prompt_version,
                &self.schema_json,
                self.system.as_deref(),
                &self.content.text,
            ),
        }
    }
}

/// The key of a request, streamed: the content is normalised, escaped and hashed piece by
/// piece and never held whole (what `ulcas hash` uses on large requests).
///
/// ```
/// use ulcas::request::Request;
///
/// let request = Request::from_slice(br#"{"task": "outline", "prompt_version": 2,
///     "schema": {"type": "object"}, "blocks": [{"type": "text", "text": "Grind"}]}"#)?;
/// let key = ulcas::key::key_of(&request);
/// assert_eq!(key.hash.len(), 32);
/// assert_eq!(key.relative_path(), std::path::Path::new(&format!("outline/v2/{}.json", key.hash)));
/// // The same as the material's key, which keeps what was hashed.
/// assert_eq!(ulcas::key::KeyMaterial::of(&request).key(), key);
/// # Ok::<(), ulcas::Error>(())
/// ```
pub fn key_of(request: &Request) -> CassetteKey {
    if request.prompt_in_code {
        return KeyMaterial::of(request).key();
    }
    let size: usize = request
        .blocks
        .iter()
        .map(|b| match b {
            crate::request::Block::Text(t) => t.len(),
            crate::request::Block::Document { .. } => 74,
        })
        .sum::<usize>()
        + request.turns.iter().map(|t| t.text.len()).sum::<usize>();
    if size < PIPELINE_FROM {
        return key_with_map(
            &request.task,
            request.prompt_version,
            request.schema.canonical_json(),
            |sink| request.content_pieces(sink),
        )
        .0;
    }
    let mut hasher = Sha256::new();
    hash_prefix(
        &mut hasher,
        &request.task,
        request.prompt_version,
        request.schema.canonical_json(),
    );
    hasher.update(b"\"");
    let mut hasher = hash_content_pipelined(request, hasher);
    hasher.update(b"\"]");
    CassetteKey {
        task: request.task.clone(),
        prompt_version: request.prompt_version,
        hash: hex32(hasher),
    }
}

/// The key of a content fed as raw pieces by `pieces` (as [`Request::content_pieces`] feeds
/// them), and the placeholders its ids got: normalised, escaped and hashed as it comes, never
/// held whole. The same key as [`KeyMaterial::key`], with the map that replays an answer.
pub fn key_with_map(
    task: &str,
    prompt_version: i64,
    schema_json: &str,
    pieces: impl FnOnce(&mut dyn FnMut(&str)),
) -> (CassetteKey, PlaceholderMap) {
    KeyPrefix::new(task, prompt_version, schema_json).key_with_map(pieces)
}

/// What every key of one prompt version with one schema starts with, hashed once: the task,
/// the version and the canonical schema (a schema is often as long as the content). A server
/// keeps one per prompt version and hashes only each request's content.
#[derive(Clone)]
pub struct KeyPrefix {
    task: String,
    prompt_version: i64,
    hasher: Sha256,
    /// The placeholders of what the prefix hashed (a prompt in code's system text).
    map: PlaceholderMap,
    /// A prompt in code's id patterns (`None`: the reference pattern alone).
    ids: Option<IdPatterns>,
}

impl std::fmt::Debug for KeyPrefix {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KeyPrefix")
            .field("task", &self.task)
            .field("prompt_version", &self.prompt_version)
            .finish_non_exhaustive()
    }
}

impl KeyPrefix {
    /// The prefix of the keys of `task` v`prompt_version` with the canonical schema
    /// `schema_json` ([`crate::schema::Schema::canonical_json`]).
    pub fn new(task: &str, prompt_version: i64, schema_json: &str) -> KeyPrefix {
        let mut hasher = Sha256::new();
        hash_prefix(&mut hasher, task, prompt_version, schema_json);
        hasher.update(b"\"");
        KeyPrefix {
            task: task.to_owned(),
            prompt_version,
            hasher,
            map: PlaceholderMap::new(),
            ids: None,
        }
    }

    /// The prefix of the keys of a prompt written in code: `task` v`prompt_version` with the
    /// canonical schema `schema_json` and the system text `system` (normalised here, its ids
    /// numbered before the content's), its ids and its content's found by `ids`.
    pub fn in_code(
        task: &str,
        prompt_version: i64,
        schema_json: &str,
        system: &str,
        ids: &IdPatterns,
    ) -> KeyPrefix {
        let mut hasher = Sha256::new();
        hash_prefix(&mut hasher, task, prompt_version, schema_json);
        let mut map = PlaceholderMap::new();
        hasher.update(b"\"");
        ids.normalise_into(system, &mut map, |normalised| {
            php::escape_body(normalised, |escaped| hasher.update(escaped.as_bytes()))
        });
        hasher.update(b"\",\"");
        KeyPrefix {
            task: task.to_owned(),
            prompt_version,
            hasher,
            map,
            ids: Some(ids.clone()),
        }
    }

    /// Whether the system text of this prefix held ids (its keys then depend on them).
    pub fn has_ids(&self) -> bool {
        !self.map.is_empty()
    }

    /// [`key_with_map`] of a content after this prefix.
    pub fn key_with_map(
        &self,
        pieces: impl FnOnce(&mut dyn FnMut(&str)),
    ) -> (CassetteKey, PlaceholderMap) {
        let mut hasher = self.hasher.clone();
        let mut map = self.map.clone();
        let mut hash = |normalised: &str| {
            php::escape_body(normalised, |escaped| hasher.update(escaped.as_bytes()))
        };
        match &self.ids {
            None => pieces(&mut |piece| normalise_into(piece, &mut map, &mut hash)),
            Some(ids) => pieces(&mut |piece| ids.normalise_into(piece, &mut map, &mut hash)),
        }
        hasher.update(b"\"]");
        let key = CassetteKey {
            task: self.task.clone(),
            prompt_version: self.prompt_version,
            hash: hex32(hasher),
        };
        (key, map)
    }
}

/// Content size from which normalising and hashing run on two threads.
const PIPELINE_FROM: usize = 1 << 20;

/// Normalises on this thread while another escapes and hashes what is done, in chunks (the
/// two halves cost about the same, so a large request takes about half as long on two cores).
fn hash_content_pipelined(request: &Request, mut hasher: Sha256) -> Sha256 {
    const CHUNK: usize = 256 * 1024;
    let (full_tx, full_rx) = std::sync::mpsc::sync_channel::<String>(4);
    let (empty_tx, empty_rx) = std::sync::mpsc::channel::<String>();
    std::thread::scope(|scope| {
        let worker = scope.spawn(move || {
            for chunk in full_rx {
                // Chunks end on char boundaries and escaping is per character, so escaping
                // chunk by chunk gives the bytes of escaping the whole.
                php::escape_body(&chunk, |escaped| hasher.update(escaped.as_bytes()));
                let _ = empty_tx.send(chunk);
            }
            hasher
        });
        let mut map = PlaceholderMap::new();
        let mut buf = String::with_capacity(CHUNK + 64);
        request.content_pieces(|piece| {
            normalise_into(piece, &mut map, |normalised| {
                buf.push_str(normalised);
                if buf.len() >= CHUNK {
                    let mut next = empty_rx
                        .try_recv()
                        .unwrap_or_else(|_| String::with_capacity(CHUNK + 64));
                    next.clear();
                    let full = std::mem::replace(&mut buf, next);
                    // The worker only stops when this side hangs up.
                    let _ = full_tx.send(full);
                }
            })
        });
        let _ = full_tx.send(buf);
        drop(full_tx);
        worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// A hasher that has taken the key's prefix of `task` v`prompt_version` with `schema_json`.
/// The last prefix of each thread is kept: the cassettes a verify thread checks one after
/// another are mostly of one folder, one schema (often as long as the content), so the schema
/// is compared, not hashed again.
fn prefixed(task: &str, prompt_version: i64, schema_json: &str) -> Sha256 {
    thread_local! {
        static LAST: std::cell::RefCell<Option<(String, i64, String, Sha256)>> =
            const { std::cell::RefCell::new(None) };
    }
    LAST.with_borrow_mut(|last| {
        if let Some((t, v, schema, hasher)) = last.as_ref() {
            if *v == prompt_version && t == task && schema == schema_json {
                return hasher.clone();
            }
        }
        let mut hasher = Sha256::new();
        hash_prefix(&mut hasher, task, prompt_version, schema_json);
        *last = Some((
            task.to_owned(),
            prompt_version,
            schema_json.to_owned(),
            hasher.clone(),
        ));
        hasher
    })
}

fn hash_prefix(hasher: &mut Sha256, task: &str, prompt_version: i64, schema_json: &str) {
    hasher.update(b"[");
    php::escape_into(task, |piece| hasher.update(piece.as_bytes()));
    hasher.update(b",");
    // Written without `fmt` (a key is made for every request served).
    if prompt_version < 0 {
        hasher.update(b"-");
    }
    let mut digits = itoa::Buffer::new();
    hasher.update(digits.format(prompt_version.unsigned_abs()).as_bytes());
    hasher.update(b",");
    hasher.update(schema_json.as_bytes());
    hasher.update(b",");
}

fn hex32(hasher: Sha256) -> String {
    crate::tally::keyed();
    let digest = hasher.finalize();
    let mut hex = String::with_capacity(32);
    push_hex(&mut hex, &digest[..16]);
    hex
}

/// `bytes` in lower-case hex, appended to `out` (a key is made for every request served).
fn push_hex(out: &mut String, bytes: &[u8]) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    for &b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0xf)]));
    }
}

/// The 32-hex key of already-normalised parts.
pub fn hash_parts(task: &str, prompt_version: i64, schema_json: &str, content: &str) -> String {
    hash_parts_with(task, prompt_version, schema_json, None, content)
}

/// The 32-hex key of already-normalised parts, with the normalised system text of a prompt
/// written in code (`Some`: `[task, version, schema, system, content]`, never a reference
/// key, which has four members) or without (`None`: the reference key).
pub fn hash_parts_with(
    task: &str,
    prompt_version: i64,
    schema_json: &str,
    system: Option<&str>,
    content: &str,
) -> String {
    // Streamed into the hasher: the encoded content is never built in memory.
    let mut hasher = prefixed(task, prompt_version, schema_json);
    if let Some(system) = system {
        php::escape_into(system, |piece| hasher.update(piece.as_bytes()));
        hasher.update(b",");
    }
    php::escape_into(content, |piece| hasher.update(piece.as_bytes()));
    hasher.update(b"]");
    hex32(hasher)
}

/// [`hash_parts`] of a content given as its PHP JSON string literal (quotes included, exactly
/// as [`php::escape_into`] writes it): a cassette in the recorder's format holds it so.
pub fn hash_parts_encoded(
    task: &str,
    prompt_version: i64,
    schema_json: &str,
    system: Option<&str>,
    content_literal: &str,
) -> String {
    let mut hasher = prefixed(task, prompt_version, schema_json);
    if let Some(system) = system {
        php::escape_into(system, |piece| hasher.update(piece.as_bytes()));
        hasher.update(b",");
    }
    hasher.update(content_literal.as_bytes());
    hasher.update(b"]");
    hex32(hasher)
}

impl CassetteKey {
    /// `<task>/v<N>/<hash>.json`, relative to a store root.
    pub fn relative_path(&self) -> PathBuf {
        crate::layout::version_in(Path::new(&self.task), self.prompt_version)
            .join(format!("{}.json", self.hash))
    }

    /// The cassette path under `root`.
    pub fn path_under(&self, root: &Path) -> PathBuf {
        root.join(self.relative_path())
    }
}

/// Whether `s` is a well-formed hash: 32 lowercase hex digits.
pub fn is_hash(s: &str) -> bool {
    s.len() == 32 && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// `sha256:<hex>` of `text`: how the lock (and a test run's system prompt) names a text.
pub fn sha256_tagged(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    let mut out = String::with_capacity(71);
    out.push_str("sha256:");
    push_hex(&mut out, &digest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::{Request, validate_task};

    /// The kept prefix is the one asked for, whichever was asked before: each key equals the
    /// key hashed from nothing, through a change of task, version or schema and back.
    #[test]
    fn a_kept_prefix_never_answers_another() {
        let fresh = |task: &str, version: i64, schema: &str, content: &str| {
            let mut hasher = Sha256::new();
            hash_prefix(&mut hasher, task, version, schema);
            php::escape_into(content, |piece| hasher.update(piece.as_bytes()));
            hasher.update(b"]");
            hex32(hasher)
        };
        let parts = [
            ("quiz", 1, "{\"type\":\"object\"}"),
            ("quiz", 2, "{\"type\":\"object\"}"),
            ("quiz", 1, "{\"type\":\"array\"}"),
            ("lesson", 1, "{\"type\":\"object\"}"),
            ("quiz", 1, "{\"type\":\"object\"}"),
            ("qui", 1, "z{\"type\":\"object\"}"),
        ];
        for round in 0..2 {
            for (task, version, schema) in parts {
                let content = format!("round {round} of \"{task}\"");
                let want = fresh(task, version, schema, &content);
                assert_eq!(hash_parts(task, version, schema, &content), want);
                let mut literal = String::new();
                php::write_string(&mut literal, &content);
                assert_eq!(
                    hash_parts_encoded(task, version, schema, None, &literal),
                    want
                );
            }
        }
    }

    #[test]
    fn task_names() {
        for bad in ["", ".", "..", "a/b", "a\\b", "a\0b", "a\nb", "a\u{7f}"] {
            assert!(validate_task(bad).is_err(), "{bad:?}");
        }
        for good in ["outline", "critic_ux", "a.b", "é"] {
            assert!(validate_task(good).is_ok(), "{good:?}");
        }
    }

    #[test]
    fn the_pipelined_key_equals_the_plain_one() {
        // Over a megabyte, with ids, quotes, control characters and U+2028 across chunk ends.
        let unit = "frg_abcdefghijkl \"q\" \u{1}\u{2028}é 01ARZ3NDEKTSV4RRFFQ69G5FAV\n";
        let text = unit.repeat((PIPELINE_FROM / unit.len()) + 5000);
        let dump = serde_json::json!({"task": "t", "prompt_version": 2, "schema": {"b": 1, "a": [0.5]},
            "blocks": [{"type": "text", "text": text}], "turns": [{"role": "user", "text": "frg_zzzzzzzzzzzz"}]});
        let request = Request::from_slice(dump.to_string().as_bytes()).unwrap();
        assert_eq!(key_of(&request), KeyMaterial::of(&request).key());
    }

    #[test]
    fn hash_and_path() {
        let key = CassetteKey {
            task: "t".into(),
            prompt_version: 3,
            hash: hash_parts("t", 3, "[]", ""),
        };
        assert!(is_hash(&key.hash));
        assert_eq!(
            key.relative_path(),
            PathBuf::from(format!("t/v3/{}.json", key.hash))
        );
    }
}
