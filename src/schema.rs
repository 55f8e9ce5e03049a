//! An output schema as both sides see it: PHP (for the key) and JSON Schema (for validation).
//!
//! ```
//! use ulcas::schema::Schema;
//!
//! // The canonical form the key hashes: json_decode, ksort, json_encode as PHP does.
//! let schema = Schema::parse(r#"{"type": "object", "required": ["title"]}"#).unwrap();
//! assert_eq!(schema.canonical_json(), r#"{"required":["title"],"type":"object"}"#);
//! assert!(ulcas::schema::compile(&serde_json::json!({"type": "object"})).is_ok());
//! ```

use serde_json::Value;

use crate::php::{self, DecodeError, PhpValue};

/// A task's output JSON schema.
#[derive(Debug, Clone)]
pub struct Schema {
    /// The schema as JSON Schema validators read it.
    pub value: Value,
    /// The canonical PHP JSON of the schema, computed once: it is compared per cassette.
    canonical: String,
    /// The JSON text it was parsed from, as written (PHP reads it back to the same value:
    /// `-0` stays an integer, `-0.0` a float).
    source: String,
}

impl PartialEq for Schema {
    /// Schemas are equal when PHP and the validators read them alike (however written).
    fn eq(&self, other: &Self) -> bool {
        self.canonical == other.canonical && self.value == other.value
    }
}

impl Schema {
    /// Parses schema JSON text.
    pub fn parse(text: &str) -> Result<Schema, DecodeError> {
        // Bounded as a cassette is: an `enum` of a million small objects in a schema file (a
        // pull request's) would cost gigabytes as PHP and JSON Schema trees.
        if let Some(why) = crate::input::json_too_big(text.as_bytes()) {
            return Err(DecodeError {
                line: 1,
                column: 1,
                message: format!("{why} for an output schema"),
            });
        }
        // A schema sits one level inside the request PHP decodes.
        let mut php = php::decode_to_depth(text, php::MAX_DEPTH - 1)?;
        if !matches!(php, PhpValue::Array(_)) {
            return Err(DecodeError {
                line: 1,
                column: 1,
                message: "a schema is a JSON object".into(),
            });
        }
        let value = match validation_value(text) {
            Ok(v) => v,
            // A number out of serde_json's range that a later duplicate key replaced (PHP's
            // decode above already refused one that survives): the PHP value stands in.
            Err(e) if e.to_string().starts_with("number out of range") => php.to_json_value(),
            Err(e) => {
                return Err(DecodeError {
                    line: e.line(),
                    column: e.column(),
                    message: e.to_string(),
                });
            }
        };
        php.canonicalise();
        Ok(Schema {
            value,
            canonical: php.to_json(),
            source: text.to_owned(),
        })
    }

    /// The empty schema of a plain prompt (the front matter names none, the request carries
    /// none): PHP keys it as `json_encode([])`, `[]`; as JSON Schema it admits every answer.
    pub fn empty() -> Schema {
        Schema {
            value: Value::Object(serde_json::Map::new()),
            canonical: "[]".into(),
            source: "{}".into(),
        }
    }

    /// Whether this is the empty schema (`{}` or `[]`: PHP reads both as the empty array).
    pub fn is_empty(&self) -> bool {
        self.canonical == "[]"
    }

    /// The JSON text the schema was parsed from.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Reads a schema file (`--schema FILE`): an error names the file, line and column.
    pub fn from_file(path: &std::path::Path) -> crate::Result<Schema> {
        let text = crate::input::read_text(path, crate::input::MAX_SMALL_FILE, "schema file")?;
        Schema::parse(&text)
            .map_err(|e| crate::Error::in_file(path, e.message).at(e.line, e.column))
    }

    /// The canonical schema JSON that goes into the key (`ksort`ed PHP arrays, PHP encoding).
    pub fn canonical_json(&self) -> &str {
        &self.canonical
    }
}

/// The schema as serde_json reads it, to the depth PHP allows (checked before this is called).
fn validation_value(text: &str) -> serde_json::Result<Value> {
    use serde::Deserialize;
    let mut de = serde_json::Deserializer::from_str(text);
    de.disable_recursion_limit();
    let v = Value::deserialize(&mut de)?;
    de.end()?;
    Ok(v)
}

/// Compiles a schema: its `$schema` draft, else 2020-12; formats are asserted.
#[cfg(feature = "synthetic")]
pub fn compile(schema: &Value) -> crate::Result<jsonschema::Validator> {
    compile_text(schema).map_err(crate::Error::msg)
}

/// [`compile`], its error as text.
#[cfg(feature = "synthetic")]
pub(crate) fn compile_text(schema: &Value) -> Result<jsonschema::Validator, String> {
    let mut options = jsonschema::options().should_validate_formats(true);
    if schema.get("$schema").is_none() {
        options = options.with_draft(jsonschema::Draft::Draft202012);
    }
    options.build(schema).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_as_php_allows_it_inside_a_request() {
        let deep = |n: usize| format!("{}{{}}{}", "{\"a\":".repeat(n - 1), "}".repeat(n - 1));
        assert!(Schema::parse(&deep(510)).is_ok());
        let err = Schema::parse(&deep(511)).unwrap_err();
        assert!(err.message.contains("deeper than 510"), "{}", err.message);
    }

    #[test]
    fn an_overwritten_infinity_is_no_error() {
        let s = Schema::parse(r#"{"default": -1e400, "default": 1.5}"#).unwrap();
        assert_eq!(s.canonical_json(), r#"{"default":1.5}"#);
        assert_eq!(s.value["default"], 1.5);
        assert!(Schema::parse(r#"{"default": 1.5, "default": -1e400}"#).is_err());
    }
}
