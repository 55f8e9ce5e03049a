//! Request dumps: the JSON a driver serialises for one model call, and the content the key
//! sees in it.
//!
//! A dump has `task`, `prompt_version` (or `promptVersion`), `schema`, `blocks` (the user turn:
//! `text` and base64 `document` blocks) and `turns` (follow-up turns; a repair attempt appends
//! an `assistant` turn with the rejected answer and a `user` turn with the validation errors).
//! Everything else (`system`, `model`, limits, cache flags, …) is ignored: it is not in the key.
//!
//! ```
//! use ulcas::request::Request;
//!
//! let request = Request::from_slice(br#"{"task": "outline", "prompt_version": 1,
//!     "schema": {"type": "object"}, "blocks": [{"type": "text", "text": "frg_abcdefghijkm"}]}"#)?;
//! assert_eq!((request.task.as_str(), request.prompt_version), ("outline", 1));
//! // The content the key hashes: each block's text, joined by the part separator.
//! assert_eq!(request.content(), "frg_abcdefghijkm");
//! # Ok::<(), ulcas::Error>(())
//! ```

use std::path::Path;

use serde::de::Deserialize;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use crate::error::{Error, Result};
use crate::schema::Schema;

mod read;
mod write;

use read::{
    DumpFields, deeper_than, either, id_patterns_of, list, parse_block, parse_turn,
    task_and_version,
};

/// The separator between content parts: newline, U+241E SYMBOL FOR RECORD SEPARATOR, newline.
pub const PART_SEPARATOR: &str = "\n\u{241E}\n";

/// One block of the user turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    /// Plain text.
    Text(String),
    /// A base64 document; the key sees the sha256 of the base64 text as written.
    Document {
        /// The base64 data, as written in the dump.
        data: String,
        /// The media type, when given.
        media_type: Option<String>,
    },
}

/// A follow-up turn (`assistant` answer or `user` repair message).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Turn {
    /// `assistant` or `user` (any string is accepted, as the reference does).
    pub role: String,
    /// The turn's text.
    pub text: String,
}

/// A parsed request dump: the parts of a model call that the key depends on.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The task name (a folder of the store).
    pub task: String,
    /// The prompt version (a `v<N>` folder of the store).
    pub prompt_version: i64,
    /// `prompt_id`, when the dump has one (written into recorded cassettes).
    pub prompt_id: Option<String>,
    /// `model`, when the dump has one (outside the key: the driver's default for a cassette
    /// without `model`).
    pub model: Option<String>,
    /// `system`, when the dump has one: the prompt text the app sent (outside the reference
    /// key; part of the key of a prompt in code).
    pub system: Option<String>,
    /// `prompt_in_code`: the prompt is written in the app's code, not held by a prompt
    /// registry, so its system text is part of the key (`[task, version, schema, system,
    /// content]`, the system text normalised first): an edited text is another key, never the
    /// old answer. `false` (the reference key) unless the dump says `true`.
    pub prompt_in_code: bool,
    /// The ids a prompt in code's key numbers beyond fragment ids and ULIDs: UUIDs, and the
    /// store's `id_patterns` (the dump's `id_patterns`; see [`crate::id_patterns`]). Not used
    /// by the reference key.
    pub id_patterns: crate::id_patterns::IdPatterns,
    /// The task's output JSON schema.
    pub schema: Schema,
    /// The user turn.
    pub blocks: Vec<Block>,
    /// Follow-up turns, repair attempts included.
    pub turns: Vec<Turn>,
}

impl Request {
    /// Reads and parses the dump at `path`.
    ///
    /// `-` reads the dump from standard input (errors name it `<stdin>`).
    pub fn from_file(path: &Path) -> Result<Request> {
        let bytes = crate::input::read_input(path, crate::input::MAX_DOCUMENT, "request dump")?;
        Request::from_slice(&bytes).map_err(|e| e.with_file(crate::input::shown_name(path)))
    }

    /// Parses a dump from its JSON bytes.
    pub fn from_slice(bytes: &[u8]) -> Result<Request> {
        // PHP decodes a dump nested up to 511 levels (any member, even one outside the key);
        // serde_json's own limit (128) is lifted once that is checked.
        if let Some(at) = deeper_than(bytes, crate::php::MAX_DEPTH) {
            let before = &bytes[..at];
            let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
            let column = before.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
            return Err(Error::msg(format!(
                "nested deeper than {} levels, which PHP's json_decode refuses",
                crate::php::MAX_DEPTH
            ))
            .at(line, column));
        }
        let mut de = serde_json::Deserializer::from_slice(bytes);
        de.disable_recursion_limit();
        let dump = DumpFields::deserialize(&mut de)
            .and_then(|d| de.end().map(|()| d))
            .map_err(|e| Error::json(&e))?;
        let schema = match &dump.schema {
            Some(raw) if raw.get().starts_with(['{', '[']) => Some(
                Schema::parse(raw.get())
                    .map_err(|e| Error::msg(format!("`schema`: {}", e.message)))?,
            ),
            Some(raw) if raw.get() == "null" => None,
            Some(raw) => {
                let other: Value = serde_json::from_str(raw.get()).unwrap_or(Value::Null);
                return Err(Error::msg(format!(
                    "`schema` must be an object, not {}",
                    kind_of(&other)
                )));
            }
            None => None,
        };
        Request::from_parts(dump.fields, schema)
    }

    /// Builds a request from a parsed dump (the schema is re-read from its JSON value, so a
    /// literal `-0` there reads as the float it became; prefer [`Request::from_slice`]).
    pub fn from_value(value: &Value) -> Result<Request> {
        let obj = value.as_object().ok_or_else(|| {
            Error::msg(format!(
                "a request dump is a JSON object, not {}",
                kind_of(value)
            ))
        })?;
        let schema = match obj.get("schema") {
            Some(v @ (Value::Object(_) | Value::Array(_))) => Some(
                Schema::parse(&v.to_string())
                    .map_err(|e| Error::msg(format!("`schema`: {}", e.message)))?,
            ),
            Some(Value::Null) | None => None,
            Some(other) => {
                return Err(Error::msg(format!(
                    "`schema` must be an object, not {}",
                    kind_of(other)
                )));
            }
        };
        Request::from_parts(obj.clone(), schema)
    }

    fn from_parts(mut obj: Map<String, Value>, schema: Option<Schema>) -> Result<Request> {
        let (task, prompt_version) = task_and_version(&obj)?;
        let prompt_id = match either(&obj, "prompt_id", "promptId") {
            Some(Value::String(s)) => Some(s.clone()),
            _ => None,
        };
        // Outside the key, but compared by `verify --requests`: a value of another type is a
        // broken dump, never silently "not sent".
        let text_field = |name: &str, what: &str| match obj.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(other) => Err(Error::msg(format!(
                "`{name}` must be a string ({what}), not {}",
                kind_of(other)
            ))),
        };
        let model = text_field("model", "the model the app asked")?;
        let system = text_field("system", "the system prompt text the app sent")?;
        let prompt_in_code = match obj.get("prompt_in_code") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(other) => {
                return Err(Error::msg(format!(
                    "`prompt_in_code` must be true or false, not {}",
                    kind_of(other)
                )));
            }
        };
        let id_patterns = id_patterns_of(&obj)?;
        let schema = match (schema, obj.get("schema")) {
            (Some(s), _) => s,
            // A plain prompt's request carries no schema: keyed with the empty one, as the PHP
            // driver keys `json_encode([])`.
            (None, None | Some(Value::Null)) => Schema::empty(),
            (None, Some(other)) => {
                return Err(Error::msg(format!(
                    "`schema` must be an object, not {}",
                    kind_of(other)
                )));
            }
        };
        // Taken out of the dump, not copied: block texts can be megabytes.
        let blocks = list(obj.swap_remove("blocks"), "blocks", parse_block)?;
        let turns = list(obj.swap_remove("turns"), "turns", parse_turn)?;
        Ok(Request {
            task,
            prompt_version,
            prompt_id,
            model,
            system,
            prompt_in_code,
            id_patterns,
            schema,
            blocks,
            turns,
        })
    }

    /// The id-like tokens ([`crate::id_patterns::id_like`]) that this request's key takes as
    /// they are, each once, in order: of its content under the reference key; of its system
    /// text and content when its prompt is in code (beside what its id patterns number). A
    /// recording keyed on such a token hits only a request that carries it again: `record`
    /// warns of each.
    ///
    /// ```
    /// use ulcas::request::Request;
    /// use ulcas::schema::Schema;
    ///
    /// let request = Request::new("quiz", 1, Schema::empty())
    ///     .with_text("for user 550e8400-e29b-41d4-a716-446655440000");
    /// // The reference key takes the UUID as it is; a prompt in code's numbers it.
    /// assert_eq!(request.keyed_verbatim(), ["550e8400-e29b-41d4-a716-446655440000"]);
    /// assert!(request.in_code().keyed_verbatim().is_empty());
    /// ```
    pub fn keyed_verbatim(&self) -> Vec<String> {
        let mut found: Vec<String> = Vec::new();
        let mut add = |text: &str| {
            let tokens = match self.prompt_in_code {
                true => self.id_patterns.verbatim_ids(text),
                false => crate::id_patterns::verbatim_in_reference(text),
            };
            for token in tokens {
                if !found.iter().any(|f| f == token) {
                    found.push(token.to_owned());
                }
            }
        };
        if self.prompt_in_code {
            add(self.system_text());
        }
        self.content_pieces(|piece| add(piece));
        found
    }

    /// The system text sent (empty when none was).
    pub fn system_text(&self) -> &str {
        self.system.as_deref().unwrap_or("")
    }

    /// The raw (not yet normalised) content: the parts joined by [`PART_SEPARATOR`].
    pub fn content(&self) -> String {
        let mut out = String::new();
        self.content_pieces(|piece| out.push_str(piece));
        out
    }

    /// Feeds the raw content to `sink` in pieces (no copy of the block texts), in order.
    pub fn content_pieces(&self, sink: impl FnMut(&str)) {
        content_pieces(&self.blocks, &self.turns, sink);
    }

    /// The same request without its last `n` turns (the counterfactual "no repair attempt").
    pub fn without_last_turns(&self, n: usize) -> Request {
        let mut r = self.clone();
        r.turns.truncate(self.turns.len().saturating_sub(n));
        r
    }
}

/// Feeds the raw content of `blocks` and `turns` to `sink` in pieces (no copy of the block
/// texts), in order: what [`Request::content`] joins.
pub fn content_pieces(blocks: &[Block], turns: &[Turn], mut sink: impl FnMut(&str)) {
    let mut first = true;
    let mut sep = |sink: &mut dyn FnMut(&str)| {
        if !std::mem::take(&mut first) {
            sink(PART_SEPARATOR);
        }
    };
    for block in blocks {
        sep(&mut sink);
        match block {
            Block::Text(text) => sink(text),
            Block::Document { data, .. } => sink(&document_part(data)),
        }
    }
    for turn in turns {
        sep(&mut sink);
        sink(&turn.role);
        sink(":");
        sink(&turn.text);
    }
}

/// `document:` + lowercase hex sha256 of the base64 text as written.
pub fn document_part(data: &str) -> String {
    let digest = Sha256::digest(data.as_bytes());
    let mut out = String::with_capacity(9 + 64);
    out.push_str("document:");
    for b in digest {
        out.push_str(&format!("{b:02x}"));
    }
    out
}

/// "a string", "a number", …: for error messages.
pub fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// Refuses task names that could leave the store root or be ambiguous: empty, `.`/`..`, path
/// separators, NUL or other control characters.
pub fn validate_task(task: &str) -> Result<()> {
    task_problem(task).map_err(Error::msg)
}

/// [`validate_task`], its error as text.
pub(crate) fn task_problem(task: &str) -> std::result::Result<(), String> {
    let why = if task.is_empty() {
        "it is empty"
    } else if task == "." || task == ".." {
        "it names a folder itself"
    } else if task.contains('/') || task.contains('\\') {
        "it contains a path separator"
    } else if task.chars().any(char::is_control) {
        "it contains a control character"
    } else {
        return Ok(());
    };
    Err(format!("unsafe task name {task:?}: {why}"))
}

/// Expands request arguments: files as given (`-` is standard input), folders to their `*.json`
/// files (a link to a file counts as the file), sorted. A folder without any, or with a folder
/// that cannot be read, is an error; a file that is missing or not a dump is reported when it is
/// read, so that the others are still done.
pub fn dump_files(paths: &[std::path::PathBuf]) -> Result<Vec<std::path::PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        if std::fs::metadata(path).is_ok_and(|m| m.is_dir()) {
            let mut found = Vec::new();
            for entry in walkdir::WalkDir::new(path).sort_by_file_name() {
                // A folder that cannot be read hides its dumps: evidence left out would let
                // prune delete what they hit, so it is an error, never a skip.
                let entry = entry.map_err(|e| walk_error(path, &e))?;
                if entry.path().extension().is_none_or(|x| x != "json") {
                    continue;
                }
                // A link to a dump counts as the dump (as `cat` reads it), and one that leads
                // nowhere is a dump that cannot be read; links are not followed into folders.
                let is_file = entry.file_type().is_file()
                    || entry.path_is_symlink()
                        && std::fs::metadata(entry.path())
                            .map_err(|e| Error::io(entry.path(), &e))?
                            .is_file();
                if is_file {
                    found.push(entry.into_path());
                }
            }
            if found.is_empty() {
                return Err(Error::in_file(
                    path,
                    "no request dumps (*.json) in this folder",
                ));
            }
            files.append(&mut found);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

/// The error of a folder of dumps that could not be walked, naming the entry that failed.
fn walk_error(root: &std::path::Path, e: &walkdir::Error) -> Error {
    let at = e.path().unwrap_or(root);
    match e.io_error() {
        Some(io) => Error::io(at, io),
        None => Error::in_file(at, format!("cannot read the folder of request dumps: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dump_with(extra: &str, schema: &str) -> String {
        format!(r#"{{"task":"t","prompt_version":1,"schema":{schema}{extra}}}"#)
    }

    #[test]
    fn depth_and_numbers_outside_the_key_as_php_accepts_them() {
        let nested = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        let obj = |n: usize| format!("{}{{}}{}", "{\"a\":".repeat(n - 1), "}".repeat(n - 1));
        // PHP 8.2: a dump decodes up to 511 levels; its schema is one level in.
        assert!(
            Request::from_slice(dump_with(&format!(r#","meta":{}"#, nested(200)), "{}").as_bytes())
                .is_ok()
        );
        assert!(
            Request::from_slice(dump_with(&format!(r#","meta":{}"#, nested(510)), "{}").as_bytes())
                .is_ok()
        );
        let err =
            Request::from_slice(dump_with(&format!(r#","meta":{}"#, nested(511)), "{}").as_bytes())
                .unwrap_err();
        assert!(err.message.contains("deeper than 511"), "{err}");
        assert!(Request::from_slice(dump_with("", &obj(510)).as_bytes()).is_ok());
        assert!(Request::from_slice(dump_with("", &obj(511)).as_bytes()).is_err());
        // Outside the key PHP decodes 1e400 without complaint, but refuses what it cannot decode.
        assert!(Request::from_slice(dump_with(r#","meta":{"x":1e400}"#, "{}").as_bytes()).is_ok());
        assert!(Request::from_slice(dump_with(r#","meta":"\ud800""#, "{}").as_bytes()).is_err());
        let bad_utf8 = [
            &br#"{"task":"t","prompt_version":1,"schema":{},"meta":""#[..],
            b"\xff\"}",
        ]
        .concat();
        assert!(Request::from_slice(&bad_utf8).is_err());
        // A string full of brackets and escapes is no nesting.
        let text = format!(
            r#","blocks":[{{"type":"text","text":"{}\\\"[{{"}}]"#,
            "[{".repeat(600)
        );
        assert!(Request::from_slice(dump_with(&text, "{}").as_bytes()).is_ok());
        assert!(deeper_than(br#""\"#, 1).is_none());
    }

    fn parse(s: &str) -> Result<Request> {
        Request::from_slice(s.as_bytes())
    }

    #[test]
    fn accepts_both_spellings_and_missing_lists() {
        let r = parse(r#"{"task":"t","promptVersion":2,"schema":{},"promptId":"p/t"}"#).unwrap();
        assert_eq!((r.prompt_version, r.prompt_id.as_deref()), (2, Some("p/t")));
        assert_eq!(r.content(), "");
    }

    #[test]
    fn content_joins_blocks_then_turns() {
        let r = parse(
            r#"{"task":"t","prompt_version":1,"schema":{},
            "blocks":[{"type":"text","text":"a"},{"type":"document","data":"QQ==","media_type":"x"}],
            "turns":[{"role":"assistant","text":"{}"},{"role":"user","text":"bad"}]}"#,
        )
        .unwrap();
        let doc = document_part("QQ==");
        assert_eq!(
            r.content(),
            format!("a\n\u{241E}\n{doc}\n\u{241E}\nassistant:{{}}\n\u{241E}\nuser:bad")
        );
    }

    #[test]
    fn clear_errors() {
        let err = |s: &str| parse(s).unwrap_err().to_string();
        assert_eq!(err(r#"{"prompt_version":1,"schema":{}}"#), "missing `task`");
        assert_eq!(
            err(r#"{"task":"t","prompt_version":1.5,"schema":{}}"#),
            "`prompt_version` must be an integer, not 1.5"
        );
        assert!(
            err(r#"{"task":"t","prompt_version":1,"schema":{},"blocks":[{"type":"image"}]}"#)
                .contains("unknown block type \"image\"")
        );
        assert!(
            err(r#"{"task":"t","prompt_version":1,"schema":{},"blocks":[{"type":"document"}]}"#)
                .contains("document without `data`")
        );
        assert!(
            err(r#"{"task":"../x","prompt_version":1,"schema":{}}"#).contains("unsafe task name")
        );
        assert!(
            err(r#"{"task":"t","prompt_version":1,"schema":{"a":1e999}}"#).contains("non-finite")
        );
        assert!(err("{").starts_with("1:1: invalid JSON") || err("{").contains("invalid JSON"));
    }
}
