//! An output schema as both sides see it: PHP (for the key) and JSON Schema (for validation).

use serde_json::Value;

use crate::php::{self, DecodeError, PhpValue};

/// A task's output JSON schema.
#[derive(Debug, Clone, PartialEq)]
pub struct Schema {
    /// The schema as JSON Schema validators read it.
    pub value: Value,
    /// The canonical PHP JSON of the schema, computed once: it is compared per cassette.
    canonical: String,
}

impl Schema {
    /// Parses schema JSON text.
    pub fn parse(text: &str) -> Result<Schema, DecodeError> {
        let mut php = php::decode(text)?;
        if !matches!(php, PhpValue::Array(_)) {
            return Err(DecodeError {
                line: 1,
                column: 1,
                message: "a schema is a JSON object".into(),
            });
        }
        let value = serde_json::from_str(text).map_err(|e| DecodeError {
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        })?;
        php.canonicalise();
        Ok(Schema {
            value,
            canonical: php.to_json(),
        })
    }

    /// The canonical schema JSON that goes into the key (`ksort`ed PHP arrays, PHP encoding).
    pub fn canonical_json(&self) -> &str {
        &self.canonical
    }
}
