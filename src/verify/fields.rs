//! The reference fields of a cassette: what the recorder writes (every field, in its order,
//! in its format) against what the reference loader reads (casting, defaulting), each
//! difference a problem of `fields` or `format`.

use std::path::Path;

use serde_json::{Map, Value};

use super::{Check, Finding, Severity};
use crate::cassette::USAGE_FIELDS;
use crate::request::kind_of;

/// The reference fields in the recorder's order.
const FIELD_ORDER: [&str; 9] = [
    "task",
    "prompt_id",
    "prompt_version",
    "hash",
    "model",
    "stop_reason",
    "refusal_category",
    "usage",
    "text",
];

/// The fields every check after the first ones needs.
pub(super) struct Fields<'a> {
    pub(super) task: &'a str,
    pub(super) version: i64,
    pub(super) hash: &'a str,
    pub(super) text: &'a str,
    pub(super) stop_reason: &'a str,
}

/// What is wrong with a cassette's fields: each problem's text, and whether any of them
/// concerns a field the loader or the store's layout needs (else the finding is a warning).
#[derive(Default)]
struct FieldProblems {
    list: Vec<String>,
    serious: bool,
}

impl FieldProblems {
    /// A problem with a field the loader reads or the layout needs.
    fn push(&mut self, problem: String) {
        self.list.push(problem);
        self.serious = true;
    }

    /// A problem the loader does not care about (an optional field, a missing counter).
    fn minor(&mut self, problem: String) {
        self.list.push(problem);
    }
}

/// What the loader needs of a string field: a string, a string or null (an optional field),
/// or a string it takes a default for when absent or null (then a warning).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Need {
    Required,
    Nullable,
    Defaulted,
}

pub(super) fn check_fields<'a>(
    path: &Path,
    obj: &'a Map<String, Value>,
    out: &mut Vec<Finding>,
) -> Option<Fields<'a>> {
    let mut problems = FieldProblems::default();
    let mut string = |name: &str, need: Need| string_field(obj, name, need, &mut problems);
    let task = string("task", Need::Required);
    let _ = string("prompt_id", Need::Nullable);
    let hash = string("hash", Need::Required);
    let _ = string("model", Need::Defaulted);
    let stop_reason = string("stop_reason", Need::Required);
    let _ = string("refusal_category", Need::Nullable);
    let text = string("text", Need::Required);
    let version = prompt_version(obj, &mut problems);
    usage_problems(obj, &mut problems);
    if !problems.list.is_empty() {
        let mut f = Finding::new(
            path,
            Check::Fields,
            format!(
                "{}: the recorder never writes this; the reference loader still loads what it can (a missing `model` becomes the request's, a missing `stop_reason` `end_turn`, a missing usage counter 0, the legacy `cache_creation_tokens` counts as `cache_write_1h_tokens`, a `text` or `stop_reason` that is not a string is cast to one) and ignores the rest, so replay may differ from what was recorded: re-record it, or fix the file",
                problems.list.join("; ")
            ),
        );
        // Only fields the loader reads (or the store's layout needs) make this an error.
        let loader_ok = task.is_some()
            && hash.is_some()
            && text.is_some()
            && version.is_some()
            && stop_reason.is_some()
            && obj.get("usage").is_some_and(Value::is_object);
        if loader_ok && !problems.serious {
            f.severity = Severity::Warning;
        }
        out.push(f);
    }
    Some(Fields {
        task: task?,
        version: version?,
        hash: hash?,
        text: text?,
        stop_reason: stop_reason.unwrap_or("end_turn"),
    })
}

/// The string field `name` of a cassette, as `need` asks for it (else a problem, minor where the
/// field may be null or the loader defaults it).
fn string_field<'a>(
    obj: &'a Map<String, Value>,
    name: &str,
    need: Need,
    problems: &mut FieldProblems,
) -> Option<&'a str> {
    let problem = match obj.get(name) {
        Some(Value::String(s)) => return Some(s.as_str()),
        Some(Value::Null) if need == Need::Nullable => return None,
        // The reference loads the request's model when the file has none.
        None | Some(Value::Null) if need == Need::Defaulted => {
            let problem = match obj.get(name) {
                None => format!("missing `{name}`"),
                Some(_) => format!("`{name}` is null"),
            };
            problems.minor(problem);
            return None;
        }
        Some(other) => format!(
            "`{name}` must be a string{}, not {}",
            if need == Need::Nullable {
                " or null"
            } else {
                ""
            },
            kind_of(other)
        ),
        None => format!("missing `{name}`"),
    };
    if need == Need::Nullable {
        problems.minor(problem);
    } else {
        problems.push(problem);
    }
    None
}

/// `prompt_version`, a non-negative integer (else a problem).
fn prompt_version(obj: &Map<String, Value>, problems: &mut FieldProblems) -> Option<i64> {
    match obj.get("prompt_version") {
        Some(Value::Number(n)) if n.as_i64().is_some_and(|v| v >= 0) && !n.is_f64() => n.as_i64(),
        Some(other) => {
            problems.push(format!(
                "`prompt_version` must be a non-negative integer, not {other}"
            ));
            None
        }
        None => {
            problems.push("missing `prompt_version`".into());
            None
        }
    }
}

/// `usage`: an object of non-negative counts with every reference counter.
fn usage_problems(obj: &Map<String, Value>, problems: &mut FieldProblems) {
    match obj.get("usage") {
        Some(Value::Object(usage)) => {
            for (name, count) in usage {
                if count.as_u64().is_none() {
                    problems.push(format!(
                        "`usage.{name}` must be a non-negative integer, not {count}"
                    ));
                }
            }
            let missing: Vec<&str> = USAGE_FIELDS
                .iter()
                .copied()
                .filter(|f| !usage.contains_key(*f))
                .collect();
            if !missing.is_empty() {
                problems.minor(format!("`usage` lacks {}", missing.join(", ")));
            }
        }
        Some(other) => problems.push(format!(
            "`usage` must be an object of token counts, not {}",
            kind_of(other)
        )),
        None => problems.push("missing `usage`".into()),
    }
}

pub(super) fn in_field_order(obj: &Map<String, Value>) -> bool {
    let order: Vec<&str> = obj
        .keys()
        .map(String::as_str)
        .filter(|k| FIELD_ORDER.contains(k))
        .collect();
    let want: Vec<&str> = FIELD_ORDER
        .iter()
        .copied()
        .filter(|k| obj.contains_key(*k))
        .collect();
    order == want
}

pub(super) fn format_message(bytes: &[u8], value: &Value) -> String {
    let mut expected = String::new();
    if let Ok(v) = crate::php::PhpValue::from_json(value) {
        v.write_pretty(&mut expected, 0);
        expected.push('\n');
    }
    let line = bytes
        .split(|&b| b == b'\n')
        .zip(expected.as_bytes().split(|&b| b == b'\n'))
        .position(|(a, b)| a != b)
        .map_or_else(
            || "at the end".to_owned(),
            |i| format!("from line {}", i + 1),
        );
    format!(
        "not in the recorder's exact format (differs {line}; fields in reference order, PHP JSON_PRETTY_PRINT, unescaped slashes and Unicode, final newline): the next re-record will churn this file"
    )
}
