//! Whether a stored answer passes its output schema, as the client would see it on replay: the
//! output schemas compiled once ([`Validators`]), the answer's placeholders replaced by ids of
//! the right shape, one code fence stripped; and which stored requests a recorded repair turn
//! answers. `verify`, `migrate` and `review` all judge answers here.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use jsonschema::Validator;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use crate::cassette::strip_fence;
use crate::normalise::{Placeholder, placeholders_in};
use crate::registry::Registry;
use crate::schema::compile;

/// Where a repair attempt starts in stored content: the separator, then the rejected answer.
const REPAIR_MARKER: &str = "\n\u{241E}\nassistant:";

/// The stored content before each repair attempt in `content`: the requests whose answers this
/// one repairs (an answer that fails validation is fine when its repair is recorded).
pub(crate) fn repaired_contents(content: &str) -> impl Iterator<Item = &str> {
    memchr::memmem::find_iter(content.as_bytes(), REPAIR_MARKER.as_bytes())
        .map(move |i| &content[..i])
}

/// The stored answer with placeholders replaced by ids of the right shape (validation sees
/// what a replay would return, whatever the request's real ids are), and each sample id with
/// the placeholder it stands for (messages quote the placeholder, as the file holds it).
fn with_sample_ids(text: &str) -> (String, Vec<(String, String)>) {
    let mut out = String::with_capacity(text.len());
    let mut samples = Vec::new();
    let mut last = 0;
    for p in placeholders_in(text) {
        let end = p.end();
        if let Some(ph) = Placeholder::parse(&p.name) {
            out.push_str(&text[last..p.offset]);
            let sample = match ph.kind {
                // Letters only: fits `[a-z0-9]`, `[a-z2-7]` (base 32) and the like.
                crate::normalise::IdKind::Fragment => format!("frg_{}", letters(ph.ordinal, 12)),
                // Digits only: fits the ULID alphabet in either case.
                crate::normalise::IdKind::Other => format!("{:026}", ph.ordinal % 10usize.pow(18)),
            };
            out.push_str(&sample);
            samples.push((sample, text[p.offset..end].to_owned()));
            last = end;
        }
    }
    out.push_str(&text[last..]);
    samples.sort();
    samples.dedup();
    (out, samples)
}

/// `n` in base 26 with the letters a-z, `width` letters.
fn letters(mut n: usize, width: usize) -> String {
    let mut out = vec![b'a'; width];
    for slot in out.iter_mut().rev() {
        *slot = b'a' + (n % 26) as u8;
        n /= 26;
    }
    String::from_utf8(out).unwrap_or_default()
}

/// How a stored answer fares against an output schema, as the client would see it on replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnswerVerdict {
    /// A JSON object that the schema accepts.
    Valid,
    /// Not a JSON object, even after stripping one code fence.
    NotObject,
    /// Schema errors: (JSON pointer into the answer, message), all of them.
    Invalid(Vec<(String, String)>),
}

/// The most schema errors listed for one answer.
pub const MAX_LISTED_ERRORS: usize = 50;

/// Validates a stored answer (placeholders as ids of the right shape, one code fence stripped).
pub(crate) fn validate_answer(text: &str, validator: &jsonschema::Validator) -> AnswerVerdict {
    if let Some(why) = crate::input::json_too_big(text.as_bytes()) {
        return AnswerVerdict::Invalid(vec![(String::new(), why)]);
    }
    let (answer, samples) = with_sample_ids(text);
    let parsed: Option<Value> = serde_json::from_str(strip_fence(&answer)).ok();
    let Some(instance) = parsed.filter(Value::is_object) else {
        return AnswerVerdict::NotObject;
    };
    // Most answers pass: a yes or no first, the errors only for those that fail.
    if validator.is_valid(&instance) {
        return AnswerVerdict::Valid;
    }
    // The first errors are enough to fix an answer by; an answer of many bad values must not
    // cost a message each.
    let errors: Vec<(String, String)> = validator
        .iter_errors(&instance)
        .take(MAX_LISTED_ERRORS)
        .map(|e| {
            let mut message = e.to_string();
            for (sample, placeholder) in &samples {
                if message.contains(sample.as_str()) {
                    message = message.replace(sample.as_str(), placeholder);
                }
            }
            (e.instance_path().to_string(), message)
        })
        .collect();
    if errors.is_empty() {
        AnswerVerdict::Valid
    } else {
        AnswerVerdict::Invalid(errors)
    }
}

/// Whether `text` is a JSON object once one code fence is stripped (checked without a schema).
pub(crate) fn is_object_answer(text: &str) -> bool {
    crate::input::json_too_big(text.as_bytes()).is_none()
        && serde_json::from_str::<Value>(strip_fence(&with_sample_ids(text).0))
            .is_ok_and(|v| v.is_object())
}

/// The first 16 bytes of sha256: a compact identity for texts kept across the store.
pub fn digest(text: &str) -> [u8; 16] {
    let d = Sha256::digest(text.as_bytes());
    let mut out = [0u8; 16];
    out.copy_from_slice(&d[..16]);
    out
}

/// Compiled output schemas: the registry's, compiled once, and stored ones, on demand.
pub struct Validators {
    registry: HashMap<(String, i64), Result<Arc<Validator>, String>>,
    /// The versions of plain prompts (no schema): their answers are text, not JSON objects.
    plain: std::collections::HashSet<(String, i64)>,
    stored: Mutex<HashMap<[u8; 16], Option<Arc<Validator>>>>,
}

impl Validators {
    /// Compiles every schema file the registry names.
    pub(crate) fn for_registry(registry: &Registry) -> Validators {
        // One compiled validator per distinct schema: versions (and tasks) that share a schema
        // file share it.
        let mut by_schema: HashMap<[u8; 16], Result<Arc<Validator>, String>> = HashMap::new();
        let mut compiled = HashMap::new();
        let mut plain = std::collections::HashSet::new();
        for (task, versions) in registry.tasks() {
            for version in versions {
                if let Some(schema) = registry.schema(task, version) {
                    if schema.is_empty() {
                        plain.insert((task.to_owned(), version));
                        continue;
                    }
                    let validator = by_schema
                        .entry(digest(schema.canonical_json()))
                        .or_insert_with(|| crate::schema::compile_text(&schema.value).map(Arc::new))
                        .clone();
                    compiled.insert((task.to_owned(), version), validator);
                }
            }
        }
        Validators {
            registry: compiled,
            plain,
            stored: Mutex::new(HashMap::new()),
        }
    }

    /// Registry schemas that do not compile: `(task, version, message)`.
    pub fn broken(&self) -> Vec<(String, i64, String)> {
        let mut out: Vec<_> = self
            .registry
            .iter()
            .filter_map(|((t, v), r)| {
                r.as_ref().err().map(|e| {
                    (
                        t.clone(),
                        *v,
                        format!("the output schema is not a valid JSON Schema: {e}"),
                    )
                })
            })
            .collect();
        out.sort();
        out
    }

    /// Whether `task` at `version` is a plain prompt's (its registry or stored schema the empty
    /// one): its answers are text, which no schema checks.
    pub(crate) fn is_plain(&self, task: &str, version: i64, stored: Option<&str>) -> bool {
        match stored {
            Some(schema) => schema == "[]",
            None => self.plain.contains(&(task.to_owned(), version)),
        }
    }

    /// The registry's validator for `task` at `version`.
    pub fn registry(&self, task: &str, version: i64) -> Option<Arc<Validator>> {
        self.registry
            .get(&(task.to_owned(), version))?
            .as_ref()
            .ok()
            .cloned()
    }

    /// A validator for a stored canonical schema (PHP turned `{}` into `[]`; undone here).
    pub fn stored(&self, schema_json: &str) -> Option<Arc<Validator>> {
        // The cassettes of one folder share their schema: the last one a thread asked for is
        // compared byte for byte before the text is hashed (the validator is a function of
        // the text alone, so any instance's answer is this one's).
        type Last = Option<(Box<str>, Option<Arc<Validator>>)>;
        thread_local! {
            static LAST: std::cell::RefCell<Last> = const { std::cell::RefCell::new(None) };
        }
        let last = LAST.with_borrow(|last| match last {
            Some((text, v)) if **text == *schema_json => Some(v.clone()),
            _ => None,
        });
        if let Some(v) = last {
            return v;
        }
        let v = self.stored_by_digest(schema_json);
        LAST.set(Some((schema_json.into(), v.clone())));
        v
    }

    fn stored_by_digest(&self, schema_json: &str) -> Option<Arc<Validator>> {
        let key = digest(schema_json);
        if let Some(v) = self.stored.lock().ok()?.get(&key) {
            return v.clone();
        }
        let compiled = serde_json::from_str::<Value>(schema_json)
            .ok()
            .map(|mut v| {
                restore_empty_objects(&mut v);
                v
            })
            .and_then(|v| compile(&v).ok())
            .map(Arc::new);
        self.stored.lock().ok()?.insert(key, compiled.clone());
        compiled
    }
}

/// PHP encodes an empty object as `[]`; keywords whose value is a map get `{}` back.
fn restore_empty_objects(v: &mut Value) {
    const MAPS: [&str; 5] = [
        "properties",
        "patternProperties",
        "$defs",
        "definitions",
        "dependentSchemas",
    ];
    match v {
        Value::Object(obj) => {
            for (k, child) in obj.iter_mut() {
                if MAPS.contains(&k.as_str()) && child.as_array().is_some_and(Vec::is_empty) {
                    *child = Value::Object(Map::new());
                } else {
                    restore_empty_objects(child);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(restore_empty_objects),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::normalise::id_matches;

    #[test]
    fn the_repair_marker_is_the_part_separator() {
        assert_eq!(
            REPAIR_MARKER,
            format!("{}assistant:", crate::request::PART_SEPARATOR)
        );
    }

    #[test]
    fn schema_messages_quote_the_placeholder_the_file_holds() {
        let schema = serde_json::json!({"type": "object", "properties": {"c": {"maxLength": 3}}});
        let validator = jsonschema::validator_for(&schema).unwrap();
        let AnswerVerdict::Invalid(errors) = validate_answer(r#"{"c": "{{frg_3}}"}"#, &validator)
        else {
            panic!("invalid");
        };
        assert!(errors[0].1.contains("{{frg_3}}"), "{:?}", errors);
        assert!(!errors[0].1.contains("frg_aaaaaaaaaaad"), "{:?}", errors);
    }

    #[test]
    fn sample_ids_fit_the_id_patterns() {
        let (s, samples) = with_sample_ids("[\"{{frg_3}}\",\"{{id_12}}\",\"{{frg_0}}\"]");
        assert_eq!(
            samples,
            [
                (
                    "00000000000000000000000012".to_owned(),
                    "{{id_12}}".to_owned()
                ),
                ("frg_aaaaaaaaaaad".to_owned(), "{{frg_3}}".to_owned())
            ]
        );
        assert_eq!(
            s,
            "[\"frg_aaaaaaaaaaad\",\"00000000000000000000000012\",\"{{frg_0}}\"]"
        );
        assert_eq!(id_matches(&s).count(), 2);
    }
}
