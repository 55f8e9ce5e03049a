//! The provider form of a schema (`JsonSchemaValidator::forProvider`), and comparing JSON in
//! PHP's terms (an empty object is PHP's empty array, key order means nothing).

use serde_json::{Map, Value};

/// Keywords the provider does not take.
const DROPPED: &[&str] = &[
    "$schema",
    "$id",
    "title",
    "examples",
    "minLength",
    "maxLength",
    "pattern",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "maxItems",
    "uniqueItems",
    "minProperties",
    "maxProperties",
    "$comment",
];

/// String formats the provider takes.
const FORMATS: &[&str] = &[
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "uri",
    "ipv4",
    "ipv6",
    "uuid",
];

/// `forProvider(schema)` as the app computes it: recursively (through `properties`, `$defs`,
/// `definitions`, `items`, `additionalProperties`, `not`, `anyOf`, `allOf`, `oneOf`,
/// `prefixItems`) drops the keywords the provider does not take, a string `format` it does not
/// know, lowers an integer `minItems` above 1 to 1, and renames `oneOf` to `anyOf` where there
/// is no `anyOf` (moved to the end, as PHP does).
pub fn for_provider(schema: &Value) -> Value {
    match schema {
        Value::Object(map) => Value::Object(object_for_provider(map)),
        // A PHP list walked as a schema: its keys are integers, none a keyword.
        other => other.clone(),
    }
}

fn object_for_provider(map: &Map<String, Value>) -> Map<String, Value> {
    let mut out = Map::new();
    for (key, value) in map {
        let key = key.as_str();
        if DROPPED.contains(&key) {
            continue;
        }
        if key == "format" && value.as_str().is_some_and(|f| !FORMATS.contains(&f)) {
            continue;
        }
        let value = match (key, value) {
            ("minItems", Value::Number(n)) if n.as_i64().is_some_and(|i| i > 1) => Value::from(1),
            (
                "properties" | "$defs" | "definitions" | "anyOf" | "allOf" | "oneOf"
                | "prefixItems",
                v,
            ) => each_for_provider(v),
            (
                "items" | "additionalProperties" | "not",
                v @ (Value::Object(_) | Value::Array(_)),
            ) => for_provider(v),
            (_, v) => v.clone(),
        };
        out.insert(key.to_owned(), value);
    }
    if !out.contains_key("anyOf") {
        if let Some(one_of) = out.shift_remove("oneOf") {
            out.insert("anyOf".to_owned(), one_of);
        }
    }
    out
}

/// `array_map(fn ($s) => is_array($s) ? forProvider($s) : $s, $value)` over a PHP array (an
/// object's members or a list's items); anything else is kept.
fn each_for_provider(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), for_provider(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(for_provider).collect()),
        other => other.clone(),
    }
}

/// Whether two JSON values are the same PHP value sent by `json_encode`: objects compare as
/// maps (order means nothing), an empty object is an empty list (`{}` arrives as `[]`), an
/// object whose keys are `"0"`, `"1"`, … in order is that list, numbers compare by value.
pub fn same_in_php(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => same_number(x, y),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same_in_php(v, w)))
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(v, w)| same_in_php(v, w))
        }
        (Value::Object(o), Value::Array(l)) | (Value::Array(l), Value::Object(o)) => {
            o.len() == l.len()
                && o.iter()
                    .enumerate()
                    .all(|(i, (k, v))| *k == i.to_string() && same_in_php(v, &l[i]))
        }
        _ => a == b,
    }
}

fn same_number(x: &serde_json::Number, y: &serde_json::Number) -> bool {
    match (x.as_i64(), y.as_i64()) {
        (Some(i), Some(j)) => i == j,
        _ => match (x.as_u64(), y.as_u64()) {
            (Some(i), Some(j)) => i == j,
            _ => x.as_f64() == y.as_f64(),
        },
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn provider_form_as_the_app_makes_it() {
        let full = json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema", "title": "t",
            "type": "object", "required": ["a"],
            "properties": {
                "a": {"type": "array", "minItems": 3, "maxItems": 9, "items": {"type": "string", "minLength": 2, "format": "slug"}},
                "b": {"oneOf": [{"type": "string", "pattern": "x"}, {"type": "integer", "minimum": 1}]},
                "c": {"type": "string", "format": "date-time"},
                "d": {"if": {"maxLength": 3}, "then": {"maxLength": 4}, "minItems": 2.0}
            },
            "additionalProperties": false
        });
        let expected = json!({
            "type": "object", "required": ["a"],
            "properties": {
                "a": {"type": "array", "minItems": 1, "items": {"type": "string"}},
                "b": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
                "c": {"type": "string", "format": "date-time"},
                "d": {"if": {"maxLength": 3}, "then": {"maxLength": 4}, "minItems": 2.0}
            },
            "additionalProperties": false
        });
        assert_eq!(for_provider(&full), expected);
    }

    #[test]
    fn php_terms() {
        assert!(same_in_php(
            &json!({"properties": {}}),
            &json!({"properties": []})
        ));
        assert!(same_in_php(
            &json!({"a": 1, "b": 2}),
            &json!({"b": 2, "a": 1.0})
        ));
        assert!(same_in_php(
            &json!({"0": "x", "1": "y"}),
            &json!(["x", "y"])
        ));
        assert!(!same_in_php(&json!({"1": "x"}), &json!(["x"])));
        assert!(!same_in_php(&json!({"a": 1}), &json!({"a": 2})));
        assert!(!same_in_php(&json!(["a", "b"]), &json!(["b", "a"])));
    }
}
