//! Cassette files: one recorded answer, in the reference recorder's exact format.
//!
//! The recorder writes PHP `JSON_PRETTY_PRINT` (4-space indent, `": "` after keys, unescaped
//! slashes and Unicode) with a final newline, fields in this order: `task`, `prompt_id`,
//! `prompt_version`, `hash`, `model`, `stop_reason`, `refusal_category`, `usage`, `text`.
//! `ulcas record` may add a `request` block after them with the key material (design.md); the
//! reference loader reads only `text`, `model`, `stop_reason`, `usage` and `refusal_category`.
//!
//! ```
//! use ulcas::cassette::Cassette;
//!
//! let bytes = br#"{"task": "quiz", "prompt_id": null, "prompt_version": 1,
//!     "hash": "aafcd8047a635258d26a9d3d43c8c0e6", "model": "m", "stop_reason": "end_turn",
//!     "refusal_category": null, "usage": {"input_tokens": 3, "output_tokens": 5},
//!     "text": "{\"title\": \"{{frg_1}}\"}"}"#;
//! let cassette = Cassette::from_slice(bytes)?;
//! assert_eq!(cassette.usage_count("output_tokens"), Some(5));
//! // Written back in the reference recorder's layout.
//! assert!(Cassette::from_slice(cassette.render().as_bytes())? == cassette);
//! # Ok::<(), ulcas::Error>(())
//! ```

use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::normalise::{PlaceholderMap, replay};
use crate::php::{self, PhpValue};
use crate::request::kind_of;

/// The stop reason the reference assumes when a cassette has none.
pub const DEFAULT_STOP_REASON: &str = "end_turn";

/// The usage counters the reference recorder writes, in its order.
pub const USAGE_FIELDS: [&str; 5] = [
    "input_tokens",
    "output_tokens",
    "cache_write_5m_tokens",
    "cache_write_1h_tokens",
    "cache_read_tokens",
];

/// The key material a cassette may carry (the `request` extension written by `ulcas record`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredRequest {
    /// The normalised content exactly as hashed.
    pub content: String,
    /// The canonical schema JSON exactly as hashed.
    pub schema: String,
    /// The normalised system text exactly as hashed, for a prompt written in code (its key
    /// has the system text: [`crate::request::Request::prompt_in_code`]); `None` for the
    /// reference key.
    pub system: Option<String>,
}

/// Writes `,` and the `request` member after a previous member, in the recorder's layout
/// (what `record` writes and `backfill` inserts).
pub fn push_request_member(out: &mut String, request: &StoredRequest) {
    out.push_str(",\n");
    php::push_indent(out, 1);
    out.push_str("\"request\": {\n");
    php::push_indent(out, 2);
    out.push_str("\"content\": ");
    php::write_string(out, &request.content);
    out.push_str(",\n");
    php::push_indent(out, 2);
    out.push_str("\"schema\": ");
    php::write_string(out, &request.schema);
    if let Some(system) = &request.system {
        out.push_str(",\n");
        php::push_indent(out, 2);
        out.push_str("\"system\": ");
        php::write_string(out, system);
    }
    out.push('\n');
    php::push_indent(out, 1);
    out.push('}');
}

/// A cassette as read from or written to a store.
#[derive(Debug, Clone, PartialEq)]
pub struct Cassette {
    /// The task name.
    pub task: String,
    /// The prompt id (`course-builder/outline`), or null.
    pub prompt_id: Option<String>,
    /// The prompt version.
    pub prompt_version: i64,
    /// The key: 32 lowercase hex digits.
    pub hash: String,
    /// The model that answered.
    pub model: String,
    /// Why the model stopped (`end_turn`, `max_tokens`, `refusal`, …).
    pub stop_reason: String,
    /// The refusal category, or null.
    pub refusal_category: Option<String>,
    /// Token usage, as recorded (an object of counters).
    pub usage: Value,
    /// The answer with the request's ids replaced by placeholders.
    pub text: String,
    /// The key material, when the cassette was recorded with it.
    pub request: Option<StoredRequest>,
    /// The hash of the cassette this one was carried over from by `ulcas migrate`.
    pub migrated_from: Option<String>,
}

/// A cassette's `prompt_version` (an integer) and its `request` block (an object, or none).
fn version_and_request(obj: &Map<String, Value>) -> Result<(i64, Option<StoredRequest>)> {
    let prompt_version = match obj.get("prompt_version") {
        Some(Value::Number(n)) if n.is_i64() => n.as_i64().unwrap_or_default(),
        Some(other) => {
            return Err(Error::msg(format!(
                "`prompt_version` must be an integer, not {}",
                describe(other)
            )));
        }
        None => return Err(Error::msg("missing `prompt_version`")),
    };
    let request = match obj.get("request") {
        None | Some(Value::Null) => None,
        Some(Value::Object(r)) => Some(StoredRequest {
            content: member_string(r, "request.content")?,
            schema: member_string(r, "request.schema")?,
            system: match r.get("system") {
                None | Some(Value::Null) => None,
                Some(_) => Some(member_string(r, "request.system")?),
            },
        }),
        Some(other) => {
            return Err(Error::msg(format!(
                "`request` must be an object, not {}",
                kind_of(other)
            )));
        }
    };
    Ok((prompt_version, request))
}

impl Cassette {
    /// Parses a cassette file's bytes; needs the key fields and `text` with the right types.
    pub fn from_slice(bytes: &[u8]) -> Result<Cassette> {
        if let Some(why) = crate::input::json_too_big(bytes) {
            return Err(Error::msg(why));
        }
        let value: Value = serde_json::from_slice(bytes).map_err(|e| Error::json(&e))?;
        Cassette::from_value(&value)
    }

    /// Builds a cassette from a parsed file.
    pub fn from_value(value: &Value) -> Result<Cassette> {
        let obj = value.as_object().ok_or_else(|| {
            Error::msg(format!(
                "a cassette is a JSON object, not {}",
                kind_of(value)
            ))
        })?;
        let string = |name: &str| -> Result<String> {
            match obj.get(name) {
                Some(Value::String(s)) => Ok(s.clone()),
                Some(other) => Err(Error::msg(format!(
                    "`{name}` must be a string, not {}",
                    kind_of(other)
                ))),
                None => Err(Error::msg(format!("missing `{name}`"))),
            }
        };
        let optional_string = |name: &str| -> Result<Option<String>> {
            match obj.get(name) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::String(s)) => Ok(Some(s.clone())),
                Some(other) => Err(Error::msg(format!(
                    "`{name}` must be a string or null, not {}",
                    kind_of(other)
                ))),
            }
        };
        let (prompt_version, request) = version_and_request(obj)?;
        // The fields the driver loads are read as its loader reads them: cast, defaulted, the
        // usage counters as `Usage::fromArray` takes them. (`verify` reports what the recorder
        // would never write.)
        let cast = |name: &str| obj.get(name).filter(|v| !v.is_null()).map(php::string_cast);
        Ok(Cassette {
            task: string("task")?,
            prompt_id: optional_string("prompt_id")?,
            prompt_version,
            hash: string("hash")?,
            // Missing: the request's model (see `Cassette::model_or`).
            model: cast("model").unwrap_or_default(),
            stop_reason: cast("stop_reason").unwrap_or_else(|| DEFAULT_STOP_REASON.to_owned()),
            refusal_category: cast("refusal_category"),
            usage: driver_usage(obj.get("usage")),
            text: obj.get("text").map(php::string_cast).unwrap_or_default(),
            request,
            migrated_from: optional_string("migrated_from")?,
        })
    }

    /// The file exactly as the reference recorder writes it (plus the `request` block, if any).
    pub fn render(&self) -> String {
        let mut out = String::with_capacity(self.text.len() + 512);
        out.push('{');
        let field = |out: &mut String, name: &str, first: bool| {
            out.push_str(if first { "\n" } else { ",\n" });
            php::push_indent(out, 1);
            php::write_string(out, name);
            out.push_str(": ");
        };
        field(&mut out, "task", true);
        php::write_string(&mut out, &self.task);
        field(&mut out, "prompt_id", false);
        write_optional(&mut out, self.prompt_id.as_deref());
        field(&mut out, "prompt_version", false);
        out.push_str(&self.prompt_version.to_string());
        field(&mut out, "hash", false);
        php::write_string(&mut out, &self.hash);
        field(&mut out, "model", false);
        php::write_string(&mut out, &self.model);
        field(&mut out, "stop_reason", false);
        php::write_string(&mut out, &self.stop_reason);
        field(&mut out, "refusal_category", false);
        write_optional(&mut out, self.refusal_category.as_deref());
        field(&mut out, "usage", false);
        match PhpValue::from_json(&self.usage) {
            Ok(v) => v.write_pretty(&mut out, 1),
            Err(_) => out.push_str("null"),
        }
        field(&mut out, "text", false);
        php::write_string(&mut out, &self.text);
        if let Some(request) = &self.request {
            push_request_member(&mut out, request);
        }
        if let Some(from) = &self.migrated_from {
            field(&mut out, "migrated_from", false);
            php::write_string(&mut out, from);
        }
        out.push_str("\n}\n");
        out
    }

    /// The stored answer mapped to the ids of the request that `map` belongs to.
    pub fn replay(&self, map: &PlaceholderMap) -> String {
        replay(&self.text, map)
    }

    /// The model that answered, or `request_model` (the driver's default) when the file has
    /// none.
    pub fn model_or<'a>(&'a self, request_model: Option<&'a str>) -> &'a str {
        match (self.model.as_str(), request_model) {
            ("", Some(m)) => m,
            (m, _) => m,
        }
    }

    /// A usage counter (`input_tokens`, …), when present and a non-negative integer.
    pub fn usage_count(&self, name: &str) -> Option<u64> {
        self.usage.get(name).and_then(Value::as_u64)
    }
}

fn member_string(obj: &Map<String, Value>, path: &str) -> Result<String> {
    let name = path.rsplit('.').next().unwrap_or(path);
    match obj.get(name) {
        Some(Value::String(s)) => Ok(s.clone()),
        Some(other) => Err(Error::msg(format!(
            "`{path}` must be a string, not {}",
            kind_of(other)
        ))),
        None => Err(Error::msg(format!("missing `{path}`"))),
    }
}

fn describe(v: &Value) -> String {
    match v {
        Value::Number(n) => n.to_string(),
        other => kind_of(other).to_owned(),
    }
}

fn write_optional(out: &mut String, s: Option<&str>) {
    match s {
        Some(s) => php::write_string(out, s),
        None => out.push_str("null"),
    }
}

/// The usage counters as the driver's `Usage::fromArray` reads them: each of the five reference
/// counters cast to an integer, 0 when missing, `cache_write_1h_tokens` taken from the legacy
/// `cache_creation_tokens` when only that is there; other counters kept after them.
pub fn driver_usage(raw: Option<&Value>) -> Value {
    let given = raw.and_then(Value::as_object);
    let mut usage = Map::new();
    for name in USAGE_FIELDS {
        let v = given.and_then(|g| {
            g.get(name).or_else(|| {
                (name == "cache_write_1h_tokens")
                    .then(|| g.get(LEGACY_CACHE_WRITE))
                    .flatten()
            })
        });
        usage.insert(name.to_owned(), Value::from(v.map_or(0, php::int_cast)));
    }
    for (k, v) in given.into_iter().flatten() {
        let legacy_mapped = k == LEGACY_CACHE_WRITE
            && given.is_some_and(|g| !g.contains_key("cache_write_1h_tokens"));
        if !usage.contains_key(k) && !legacy_mapped {
            usage.insert(k.clone(), v.clone());
        }
    }
    Value::Object(usage)
}

/// The name older recorders gave `cache_write_1h_tokens`.
pub const LEGACY_CACHE_WRITE: &str = "cache_creation_tokens";

/// The usage object the recorder writes: the five reference counters (0 when not given) in
/// the reference order, then any other counters given, in their order.
pub fn usage_from(given: Option<&Map<String, Value>>) -> Value {
    let mut usage = Map::new();
    for name in USAGE_FIELDS {
        let v = given
            .and_then(|g| g.get(name))
            .cloned()
            .unwrap_or(Value::from(0));
        usage.insert(name.to_owned(), v);
    }
    if let Some(given) = given {
        for (k, v) in given {
            if !usage.contains_key(k) {
                usage.insert(k.clone(), v.clone());
            }
        }
    }
    Value::Object(usage)
}

/// [`usage_from`] of counters given as JSON text (`record --usage`): an object of
/// non-negative integers.
pub fn usage_from_json(raw: &str) -> crate::Result<Value> {
    let v: Value = serde_json::from_str(raw).map_err(|e| {
        crate::Error::of_option(
            crate::error::Named::Usage,
            format_args!(": invalid JSON: {e}"),
        )
    })?;
    let obj = v.as_object().ok_or_else(|| {
        crate::Error::of_option(
            crate::error::Named::Usage,
            " must be a JSON object of counters",
        )
    })?;
    if let Some((k, _)) = obj.iter().find(|(_, v)| v.as_u64().is_none()) {
        return Err(crate::Error::of_option(
            crate::error::Named::Usage,
            format_args!(": `{k}` must be a non-negative integer"),
        ));
    }
    Ok(usage_from(Some(obj)))
}

/// Whether `bytes` are exactly what PHP's pretty printer makes of the JSON they hold (the
/// recorder's format), whatever fields the file has.
pub fn is_recorder_format(bytes: &[u8], value: &Value) -> bool {
    php::is_pretty_print_of(value, bytes)
}

/// Where the recorder writes the request material: the last member of the top-level object.
/// A newline and an indent cannot stand inside a string literal (they would be `\n` and
/// spaces after it), so this cannot be found inside an answer or a content.
pub const MATERIAL_MEMBER: &[u8] = b"\n    \"request\": {\n        \"content\": \"";

/// The byte range of the JSON string literal (quotes included) of `request.content` where the
/// recorder writes it, as the file holds it (still encoded); `None` when the file has no such
/// member or the literal does not end.
pub fn content_literal(bytes: &[u8]) -> Option<std::ops::Range<usize>> {
    let start = memchr::memmem::rfind(bytes, MATERIAL_MEMBER)? + MATERIAL_MEMBER.len() - 1;
    let mut i = start + 1;
    loop {
        i += memchr::memchr2(b'"', b'\\', bytes.get(i..)?)?;
        if bytes[i] == b'"' {
            return Some(start..i + 1);
        }
        // An escape: the backslash and the byte it escapes (`\uXXXX` goes on as plain bytes).
        i += 2;
    }
}

/// The answer inside one surrounding Markdown code fence, as the client strips it.
pub fn strip_fence(text: &str) -> &str {
    let t = text.trim();
    let Some(rest) = t.strip_prefix("```") else {
        return t;
    };
    let Some(body) = rest.strip_suffix("```") else {
        return t;
    };
    // Drop the info string (```json) up to the first newline.
    match body.find('\n') {
        Some(i) => body[i + 1..].trim(),
        None => body.trim(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const REFERENCE: &str = r#"{
    "task": "outline",
    "prompt_id": "course-builder/outline",
    "prompt_version": 1,
    "hash": "b5e21dce3800f2488e3d918d26f760c1",
    "model": "claude-sonnet-5-5",
    "stop_reason": "end_turn",
    "refusal_category": null,
    "usage": {
        "input_tokens": 55,
        "output_tokens": 1671,
        "cache_write_5m_tokens": 0,
        "cache_write_1h_tokens": 4505,
        "cache_read_tokens": 0
    },
    "text": "{\"message\":\"a/b é\",\"citations\":[\"{{frg_2}}\"]}"
}
"#;

    #[test]
    fn parse_render_round_trip() {
        let c = Cassette::from_slice(REFERENCE.as_bytes()).unwrap();
        assert_eq!(c.render(), REFERENCE);
        let v: Value = serde_json::from_str(REFERENCE).unwrap();
        assert!(is_recorder_format(REFERENCE.as_bytes(), &v));
        assert!(!is_recorder_format(REFERENCE.trim_end().as_bytes(), &v));
    }

    #[test]
    fn the_streamed_format_check_agrees_with_the_printer() {
        let texts = [
            REFERENCE,
            "{\n    \"a\": [],\n    \"b\": [\n        1.5,\n        -0\n    ],\n    \"c\": [\n        \"x\"\n    ]\n}\n",
            r#"{"a":1}"#,
        ];
        for text in texts {
            let v: Value = serde_json::from_str(text).unwrap();
            let mut printed = String::new();
            PhpValue::from_json(&v)
                .unwrap()
                .write_pretty(&mut printed, 0);
            printed.push('\n');
            assert_eq!(
                is_recorder_format(text.as_bytes(), &v),
                printed == text,
                "{text}"
            );
            assert!(is_recorder_format(printed.as_bytes(), &v));
        }
        let obj: Value = serde_json::from_str(r#"{"0":"a","1":{}}"#).unwrap();
        assert!(is_recorder_format(b"[\n    \"a\",\n    []\n]\n", &obj));
    }

    #[test]
    fn request_block_comes_last() {
        let mut c = Cassette::from_slice(REFERENCE.as_bytes()).unwrap();
        c.request = Some(StoredRequest {
            content: "x".into(),
            schema: "[]".into(),
            system: None,
        });
        let out = c.render();
        assert!(out.ends_with("    \"request\": {\n        \"content\": \"x\",\n        \"schema\": \"[]\"\n    }\n}\n"));
        assert_eq!(Cassette::from_slice(out.as_bytes()).unwrap(), c);
    }

    #[test]
    fn defaults_of_the_reference_loader() {
        let c = Cassette::from_slice(br#"{"task":"t","prompt_version":1,"hash":"h","text":"x"}"#)
            .unwrap();
        assert_eq!(c.stop_reason, "end_turn");
        assert!(
            Cassette::from_slice(br#"{"task":"t","prompt_version":"1","hash":"h","text":"x"}"#)
                .is_err()
        );
    }
}
