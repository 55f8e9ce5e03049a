//! Reading a request dump as the app writes it: the fields the key reads (the rest skipped
//! without a tree), their types checked, each block and repair turn in turn.

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::{Block, Turn, kind_of, validate_task};
use crate::error::{Error, Result};

/// A dump's `task` (a valid task name) and `prompt_version` (or `promptVersion`, an integer).
/// The dump's `id_patterns`: the store's own ids that a prompt in code's key numbers beside
/// UUIDs ([`crate::id_patterns`]).
pub(super) fn id_patterns_of(obj: &Map<String, Value>) -> Result<crate::id_patterns::IdPatterns> {
    match obj.get("id_patterns") {
        None | Some(Value::Null) => Ok(crate::id_patterns::IdPatterns::default()),
        Some(Value::Array(items)) => {
            let mut patterns = Vec::with_capacity(items.len());
            for item in items {
                let Value::String(p) = item else {
                    return Err(Error::msg(format!(
                        "`id_patterns` must list strings (regular expressions), not {}",
                        kind_of(item)
                    )));
                };
                patterns.push(p.clone());
            }
            crate::id_patterns::IdPatterns::with_custom(&patterns).map_err(Error::msg)
        }
        Some(other) => Err(Error::msg(format!(
            "`id_patterns` must be a list of regular expressions, not {}",
            kind_of(other)
        ))),
    }
}

pub(super) fn task_and_version(obj: &Map<String, Value>) -> Result<(String, i64)> {
    let task = match obj.get("task") {
        Some(Value::String(s)) => s.clone(),
        Some(other) => {
            return Err(Error::msg(format!(
                "`task` must be a string, not {}",
                kind_of(other)
            )));
        }
        None => return Err(Error::msg("missing `task`")),
    };
    validate_task(&task)?;
    let prompt_version = match either(obj, "prompt_version", "promptVersion") {
        Some(Value::Number(n)) => n
            .as_i64()
            .filter(|_| n.is_i64() || n.is_u64())
            .ok_or_else(|| Error::msg(format!("`prompt_version` must be an integer, not {n}")))?,
        Some(other) => {
            return Err(Error::msg(format!(
                "`prompt_version` must be an integer, not {}",
                kind_of(other)
            )));
        }
        None => return Err(Error::msg("missing `prompt_version` (or `promptVersion`)")),
    };
    Ok((task, prompt_version))
}

/// The top level of a dump: the schema kept as raw text (PHP reads `-0` as an int, serde_json
/// as a float), every other member as a value; a later duplicate member wins, as in PHP.
pub(super) struct DumpFields {
    pub(super) fields: Map<String, Value>,
    pub(super) schema: Option<Box<RawValue>>,
}

impl<'de> Deserialize<'de> for DumpFields {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        struct DumpVisitor;
        impl<'de> Visitor<'de> for DumpVisitor {
            type Value = DumpFields;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a request dump (a JSON object)")
            }
            fn visit_map<A: MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<DumpFields, A::Error> {
                let mut fields = Map::new();
                let mut schema = None;
                while let Some(name) = map.next_key::<String>()? {
                    if name == "schema" {
                        // Kept as text: PHP reads `-0` there as an int, serde_json as a float.
                        schema = Some(map.next_value::<Box<RawValue>>()?);
                    } else if KEY_FIELDS.contains(&name.as_str()) {
                        fields.insert(name, map.next_value()?);
                    } else {
                        // Not in the key: checked as PHP decodes it (a lone surrogate escape is
                        // an error, `1e400` is not), never held.
                        let raw = map.next_value::<Box<RawValue>>()?;
                        crate::php::validate(raw.get()).map_err(|e| {
                            serde::de::Error::custom(format!("`{name}`: {}", e.message))
                        })?;
                    }
                }
                Ok(DumpFields { fields, schema })
            }
        }
        deserializer.deserialize_map(DumpVisitor)
    }
}

/// The members of a dump that ulcas reads (besides `schema`): the key's, `prompt_id` (written
/// into recordings), `model` (the driver's default for a cassette without one) and `system`
/// (compared with the registry's prompt text by `verify --requests`; in the key of a prompt in
/// code, which `prompt_in_code` marks, with the ids `id_patterns` names).
const KEY_FIELDS: [&str; 11] = [
    "model",
    "system",
    "prompt_in_code",
    "id_patterns",
    "task",
    "prompt_version",
    "promptVersion",
    "prompt_id",
    "promptId",
    "blocks",
    "turns",
];

/// The offset of the first `[` or `{` that opens a level deeper than `max` in JSON `bytes`
/// (strings skipped), if any.
pub(super) fn deeper_than(bytes: &[u8], max: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                // To the closing quote, past escapes.
                i += 1;
                loop {
                    match memchr::memchr2(b'"', b'\\', &bytes[i..]) {
                        Some(k) if bytes[i + k] == b'\\' => {
                            i += k + 2;
                            if i >= bytes.len() {
                                return None;
                            }
                        }
                        Some(k) => {
                            i += k;
                            break;
                        }
                        None => return None,
                    }
                }
            }
            b'[' | b'{' => {
                depth += 1;
                if depth > max {
                    return Some(i);
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    None
}

pub(super) fn either<'a>(
    obj: &'a Map<String, Value>,
    snake: &str,
    camel: &str,
) -> Option<&'a Value> {
    obj.get(snake).or_else(|| obj.get(camel))
}

pub(super) fn parse_block(i: usize, block: Value) -> Result<Block> {
    let Value::Object(mut obj) = block else {
        return Err(Error::msg(format!(
            "blocks[{i}] must be an object, not {}",
            kind_of(&block)
        )));
    };
    match obj.get("type") {
        Some(Value::String(t)) if t == "text" => match obj.swap_remove("text") {
            Some(Value::String(s)) => Ok(Block::Text(s)),
            Some(other) => Err(Error::msg(format!(
                "blocks[{i}].text must be a string, not {}",
                kind_of(&other)
            ))),
            None => Err(Error::msg(format!(
                "blocks[{i}] is a text block without `text`"
            ))),
        },
        Some(Value::String(t)) if t == "document" => {
            let data = match obj.get("data") {
                Some(Value::String(s)) => s.clone(),
                Some(other) => {
                    return Err(Error::msg(format!(
                        "blocks[{i}].data must be a base64 string, not {}",
                        kind_of(other)
                    )));
                }
                None => {
                    return Err(Error::msg(format!(
                        "blocks[{i}] is a document without `data`"
                    )));
                }
            };
            let media_type = either(&obj, "media_type", "mediaType")
                .and_then(Value::as_str)
                .map(str::to_owned);
            Ok(Block::Document { data, media_type })
        }
        Some(Value::String(t)) => Err(Error::msg(format!(
            "blocks[{i}] has unknown block type {t:?} (expected \"text\" or \"document\")"
        ))),
        Some(other) => Err(Error::msg(format!(
            "blocks[{i}].type must be a string, not {}",
            kind_of(other)
        ))),
        None => Err(Error::msg(format!("blocks[{i}] has no `type`"))),
    }
}

pub(super) fn parse_turn(i: usize, turn: Value) -> Result<Turn> {
    let Value::Object(mut obj) = turn else {
        return Err(Error::msg(format!(
            "turns[{i}] must be an object, not {}",
            kind_of(&turn)
        )));
    };
    let mut field = |name: &str| match obj.swap_remove(name) {
        Some(Value::String(s)) => Ok(s),
        Some(other) => Err(Error::msg(format!(
            "turns[{i}].{name} must be a string, not {}",
            kind_of(&other)
        ))),
        None => Err(Error::msg(format!("turns[{i}] has no `{name}`"))),
    };
    Ok(Turn {
        role: field("role")?,
        text: field("text")?,
    })
}

/// The items of the list `name` (missing or null: none), each parsed with its index.
pub(super) fn list<T>(
    value: Option<Value>,
    name: &str,
    parse: impl Fn(usize, Value) -> Result<T>,
) -> Result<Vec<T>> {
    match value {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .into_iter()
            .enumerate()
            .map(|(i, item)| parse(i, item))
            .collect(),
        Some(other) => Err(Error::msg(format!(
            "`{name}` must be a list, not {}",
            kind_of(&other)
        ))),
    }
}
