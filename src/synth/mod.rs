//! Synthetic answers: the fake driver's second mode. When no cassette matches, a deterministic
//! answer is built from the request itself, valid against the task's output schema, so demos
//! and end-to-end tests run with no API key and no network. Not a quality signal: the prose is
//! the request's own words rearranged.
//!
//! - A task may have a hand-written [`Responder`]; it wins over the generic one.
//! - The generic [`SchemaResponder`] walks the schema: fields that cite fragments (a fragment-id
//!   `pattern`, or names like `citations`/`fragmentIds`) take the request's fragment ids, id
//!   fields take its ULIDs, prose takes words of its fragment texts with all markup removed;
//!   lengths, counts, ranges, enums and required fields are respected.
//! - The same request gives the same bytes on every machine (all choices come from a seed
//!   derived from the request's key); a different request gives a different answer.
//! - Every answer is validated with the `jsonschema` crate before it is returned; a schema that
//!   cannot be satisfied is an error naming the schema location.
//!
//! ```
//! use ulcas::request::Request;
//!
//! let request = Request::from_slice(br#"{"task": "outline", "prompt_version": 1,
//!     "schema": {"type": "object", "required": ["title"],
//!                "properties": {"title": {"type": "string", "minLength": 3}}},
//!     "blocks": [{"type": "text", "text": "Grind"}]}"#)?;
//! // Deterministic and valid against the request's schema.
//! let answer = ulcas::synth::answer(&request)?;
//! assert_eq!(answer, ulcas::synth::answer(&request)?);
//! let value: serde_json::Value = serde_json::from_str(&answer).unwrap();
//! assert!(value["title"].as_str().unwrap().len() >= 3);
//! # Ok::<(), ulcas::Error>(())
//! ```

mod conditional;
mod generate;
mod pattern;
mod scalars;
mod walk;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use regex::Regex;
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::error::{Error, Result};
use crate::normalise::{IdKind, id_matches};
use crate::request::{Block, Request};

pub use generate::generate;

/// Answers requests of one task.
pub trait Responder: Send + Sync {
    /// The raw answer text for `request` (what the model would have said).
    fn respond(&self, request: &Request) -> Result<String>;
}

/// Hand-written responders per task, with the generic one behind them.
#[derive(Default)]
pub struct Responders {
    by_task: BTreeMap<String, Box<dyn Responder>>,
}

impl Responders {
    /// No hand-written responders: every task gets the generic answer.
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers a hand-written responder for `task` (it wins over the generic one).
    pub fn register(
        &mut self,
        task: impl Into<String>,
        responder: Box<dyn Responder>,
    ) -> &mut Self {
        self.by_task.insert(task.into(), responder);
        self
    }

    /// The synthetic answer to `request`.
    pub fn respond(&self, request: &Request) -> Result<String> {
        match self.by_task.get(&request.task) {
            Some(r) => r.respond(request),
            None => SchemaResponder.respond(request),
        }
    }

    /// The synthetic answer to `request` whose key is `key` (known already: not hashed again).
    pub fn respond_keyed(
        &self,
        request: &Request,
        key: &crate::key::CassetteKey,
    ) -> Result<String> {
        match self.by_task.get(&request.task) {
            Some(r) => r.respond(request),
            None => seeded(request, seed_of_key(key)),
        }
    }
}

/// The generic responder: an answer synthesised from the request's schema and content.
pub struct SchemaResponder;

impl Responder for SchemaResponder {
    fn respond(&self, request: &Request) -> Result<String> {
        seeded(request, seed_of_key(&crate::key::key_of(request)))
    }
}

/// The generic answer to `request`, generated from `seed`.
fn seeded(request: &Request, seed: u64) -> Result<String> {
    let grounding = Grounding::of(request);
    if request.schema.is_empty() {
        // A plain prompt (no schema) is answered in text, not in JSON.
        let text = generate(&serde_json::json!({"type": "string"}), &grounding, seed)?;
        return Ok(text.as_str().unwrap_or_default().to_owned());
    }
    let value = generate(&request.schema.value, &grounding, seed)?;
    serde_json::to_string(&value)
        .map_err(|e| Error::msg(format!("cannot serialise the synthetic answer: {e}")))
}

/// The generic synthetic answer to `request`.
pub fn answer(request: &Request) -> Result<String> {
    SchemaResponder.respond(request)
}

/// The seed of a request by its key (task, version, schema, normalised content): equal
/// requests give equal answers and any difference gives another one.
fn seed_of_key(key: &crate::key::CassetteKey) -> u64 {
    let mut h = Sha256::new();
    h.update(key.hash.as_bytes());
    let digest = h.finalize();
    u64::from_le_bytes(digest[..8].try_into().unwrap_or([0; 8]))
}

/// What an answer may be built from: the request's fragments, ids and words.
#[derive(Debug, Clone, Default)]
pub struct Grounding {
    /// Fragment ids in order of appearance.
    pub fragments: Vec<String>,
    /// ULID-like ids in order of appearance.
    pub ulids: Vec<String>,
    /// Words of the fragment texts (or of all text, when there are no fragments), markup removed.
    pub words: Vec<String>,
}

impl Grounding {
    /// Collects the grounding material of a request.
    pub fn of(request: &Request) -> Grounding {
        let mut g = Grounding::default();
        let mut fragment_texts = Vec::new();
        let mut all_text = String::new();
        for block in &request.blocks {
            if let Block::Text(text) = block {
                all_text.push_str(text);
                all_text.push('\n');
                for caps in fragment_regex().captures_iter(text) {
                    fragment_texts.push(caps[2].to_owned());
                }
            }
        }
        for m in id_matches(&all_text) {
            let id = &all_text[m];
            let list = match IdKind::of(id) {
                IdKind::Fragment => &mut g.fragments,
                IdKind::Other if id.len() == 26 => &mut g.ulids,
                IdKind::Other => continue,
            };
            if !list.iter().any(|x| x == id) {
                list.push(id.to_owned());
            }
        }
        let source = if fragment_texts.is_empty() {
            vec![all_text]
        } else {
            fragment_texts
        };
        for text in source {
            g.words.extend(words_of(&strip_markup(&text)));
        }
        if g.words.is_empty() {
            g.words = ["no", "source", "text"]
                .iter()
                .map(|s| s.to_string())
                .collect();
        }
        g
    }
}

fn fragment_regex() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r#"(?s)<fragment\b[^>]*?\bid="([^"]*)"[^>]*>(.*?)</fragment>"#)
            .expect("the fragment pattern compiles")
    })
}

/// Text without tags, entities, Markdown punctuation or ids.
pub(crate) fn strip_markup(text: &str) -> String {
    static TAG: OnceLock<Regex> = OnceLock::new();
    let tag = TAG.get_or_init(|| {
        Regex::new(r"(?s)<[^>]*>|&[a-zA-Z#0-9]+;").expect("the markup pattern compiles")
    });
    tag.replace_all(text, " ").into_owned()
}

/// Plain words: letters and digits, with inner apostrophes and hyphens; ids left out.
pub(crate) fn words_of(text: &str) -> Vec<String> {
    // Ids are not words: blank them out before splitting (their `_` would split them).
    let mut text = text.to_owned();
    let spans: Vec<_> = id_matches(&text).collect();
    for span in spans.into_iter().rev() {
        text.replace_range(span, " ");
    }
    let mut out = Vec::new();
    for raw in text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '-')) {
        let w = raw.trim_matches(|c: char| c == '\'' || c == '-');
        if w.is_empty() || w.len() > 40 {
            continue;
        }
        out.push(w.to_owned());
    }
    out
}

/// Validates a generated answer; an error names where the schema was not satisfied.
pub fn validate(schema: &Value, answer: &Value) -> Result<()> {
    let validator = crate::schema::compile(schema)
        .map_err(|e| Error::msg(format!("the output schema is not valid: {e}")))?;
    if let Some(e) = validator.iter_errors(answer).next() {
        return Err(Error::msg(format!(
            "cannot satisfy the schema at {} (answer at {}): {e}",
            pointer_or_root(&e.schema_path().to_string()),
            pointer_or_root(&e.instance_path().to_string())
        )));
    }
    Ok(())
}

fn pointer_or_root(p: &str) -> String {
    if p.is_empty() {
        "#".into()
    } else {
        format!("#{p}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_never_reaches_the_words() {
        let w = words_of(&strip_markup(
            r#"<b class="x">Bold</b> text &amp; <a href="https://e.com">link</a> frg_abcdefghijkl"#,
        ));
        assert_eq!(w, ["Bold", "text", "link"]);
    }
}
