//! Synthetic answers for the real output schemas and for generated ones.

use std::path::Path;

use proptest::prelude::*;
use serde_json::{Value, json};
use ulcas::request::Request;
use ulcas::synth::{Responder, Responders, answer};

const MANIFEST: &str = env!("CARGO_MANIFEST_DIR");

/// A request with markup-heavy fragments and the given schema.
fn request_with(schema: &Value, salt: &str) -> Request {
    let source = format!(
        "<source_document untrusted=\"true\">\n\
         <fragment id=\"frg_abcdefghijkm\" section=\"§1\"><b class=\"lead\">Grind size</b> controls <a href=\"https://x.test\">extraction</a> speed {salt}</fragment>\n\
         <fragment id=\"frg_bcdefghijkmn\" section=\"§2\">A ratio of 1:15 &amp; a scale make coffee repeatable</fragment>\n\
         <fragment id=\"frg_cdefghijkmnp\" section=\"§3\"><ul><li>Bloom for 30 seconds</li><li>Pour in circles</li></ul></fragment>\n\
         </source_document>"
    );
    let dump = json!({
        "task": "t", "prompt_version": 1, "schema": schema,
        "blocks": [{"type": "text", "text": source},
                   {"type": "text", "text": "<task_input>01JD5Z8K7Q3M2N4P6R8S0T2V4W 01JD5Z8K7Q3M2N4P6R8S0T2V4X</task_input>"}],
    });
    Request::from_slice(dump.to_string().as_bytes()).unwrap()
}

fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(o) => o.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

fn check_answer(schema: &Value, request: &Request, text: &str, what: &str) {
    let value: Value = serde_json::from_str(text).unwrap();
    let validator = ulcas::schema::compile(schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&value)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{what}: {errors:?}\n{text}");
    let mut all = Vec::new();
    strings(&value, &mut all);
    let fragments: Vec<&str> =
        ["frg_abcdefghijkm", "frg_bcdefghijkmn", "frg_cdefghijkmnp"].to_vec();
    for s in &all {
        for m in ulcas::normalise::ids_in(s) {
            if m.1.starts_with("frg_") {
                assert!(
                    fragments.contains(&m.1),
                    "{what}: cites {} which is not in the request",
                    m.1
                );
            }
        }
        for markup in ["<", ">", "href", "class=", "&amp;"] {
            assert!(!s.contains(markup), "{what}: markup {markup:?} in {s:?}");
        }
    }
    assert_eq!(answer(request).unwrap(), text, "{what}: not deterministic");
}

#[test]
fn every_ulams_output_schema() {
    let mut n = 0;
    for pkg in ["course-builder", "living-course"] {
        let dir = Path::new(MANIFEST)
            .join("tests/data/ulams")
            .join(pkg)
            .join("resources/schemas/outputs");
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let schema: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
            let request = request_with(&schema, "");
            let text = answer(&request).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            check_answer(&schema, &request, &text, &path.display().to_string());
            let other = answer(&request_with(&schema, "and more")).unwrap();
            assert_ne!(
                other,
                text,
                "{}: a different request gives a different answer",
                path.display()
            );
            n += 1;
        }
    }
    assert_eq!(n, 12);
}

#[test]
fn the_json_schema_features_of_structured_output() {
    let schema = json!({
        "$defs": {"cite": {"type": "string", "pattern": "^frg_[a-z2-7]{12}$"}},
        "type": "object",
        "required": ["kind", "level", "tags", "pair", "when", "day", "site", "mail", "uid", "score", "ratio", "maybe", "choice", "both", "src", "code"],
        "additionalProperties": false,
        "properties": {
            "kind": {"const": "lesson"},
            "level": {"enum": ["low", "high"]},
            "tags": {"type": "array", "items": {"type": "string", "minLength": 2, "maxLength": 8}, "minItems": 3, "maxItems": 3, "uniqueItems": true},
            "pair": {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "boolean"}], "items": false},
            "when": {"type": "string", "format": "date-time"},
            "day": {"type": "string", "format": "date"},
            "site": {"type": "string", "format": "uri"},
            "mail": {"type": "string", "format": "email"},
            "uid": {"type": "string", "format": "uuid"},
            "score": {"type": "integer", "minimum": 3, "exclusiveMaximum": 9, "multipleOf": 3},
            "ratio": {"type": "number", "minimum": 0.5, "maximum": 0.75},
            "maybe": {"type": ["string", "null"], "maxLength": 12},
            "choice": {"oneOf": [{"type": "null"}, {"type": "object", "required": ["a"], "properties": {"a": {"type": "integer"}}, "additionalProperties": false}]},
            "both": {"allOf": [{"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]}, {"properties": {"y": {"type": "integer"}}, "required": ["y"]}]},
            "src": {"type": "array", "items": {"$ref": "#/$defs/cite"}, "minItems": 1},
            "code": {"type": "string", "pattern": "^[A-Z]{2}-\\d{4}$"},
            "objectiveIds": {"type": "array", "items": {"type": "string"}, "maxItems": 2}
        }
    });
    let request = request_with(&schema, "");
    let text = answer(&request).unwrap();
    check_answer(&schema, &request, &text, "features");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["kind"], "lesson");
    assert!(v["choice"].is_object(), "prefers the non-null option");
    assert!(v["objectiveIds"].as_array().unwrap().iter().all(|id| {
        id.as_str()
            .unwrap()
            .starts_with("01JD5Z8K7Q3M2N4P6R8S0T2V4")
    }));
}

/// Subschemas that apply only when the answer has some shape: the answer satisfies them.
#[test]
fn conditional_subschemas_are_satisfied() {
    let schemas = [
        // The case: a maxLength under `then`.
        json!({"type": "object", "required": ["kind", "note"],
               "properties": {"kind": {"enum": ["short", "long"]}, "note": {"type": "string", "minLength": 1}},
               "if": {"properties": {"kind": {"const": "short"}}},
               "then": {"properties": {"note": {"maxLength": 5}}}}),
        // `else` with a bound `then` cannot meet, and `if` on a property's presence.
        json!({"type": "object", "required": ["kind", "count"],
               "properties": {"kind": {"type": "string"}, "count": {"type": "integer"}},
               "if": {"required": ["kind"], "properties": {"kind": {"const": "none"}}},
               "then": {"properties": {"count": {"const": 0}}},
               "else": {"properties": {"count": {"minimum": 2, "maximum": 3}}}}),
        // `then` that contradicts `if`'s only way to hold: the `else` branch answers.
        json!({"type": "object", "required": ["n"],
               "properties": {"n": {"type": "integer", "minimum": 0, "maximum": 9}},
               "if": {"properties": {"n": {"maximum": 4}}},
               "then": {"properties": {"n": {"minimum": 7}}},
               "else": {"properties": {"n": {"minimum": 5}}}}),
        // Nested in an array item, with additionalProperties false.
        json!({"type": "object", "required": ["items"], "additionalProperties": false,
               "properties": {"items": {"type": "array", "minItems": 2, "items": {
                   "type": "object", "required": ["type", "text"], "additionalProperties": false,
                   "properties": {"type": {"enum": ["mc", "open"]}, "text": {"type": "string"}, "options": {"type": "array", "items": {"type": "string"}}},
                   "if": {"properties": {"type": {"const": "mc"}}},
                   "then": {"required": ["options"], "properties": {"options": {"minItems": 3}}},
                   "else": {"not": {"required": ["options"]}}}}}}),
        json!({"type": "object", "required": ["card"],
               "properties": {"card": {"type": "string"}, "billing": {"type": "string"}, "zip": {"type": "string", "pattern": "^[0-9]{5}$"}},
               "dependentRequired": {"card": ["billing"], "billing": ["zip"]},
               "additionalProperties": false}),
        json!({"type": "object", "required": ["card"],
               "properties": {"card": {"type": "string"}},
               "dependentSchemas": {"card": {"required": ["cvc"], "properties": {"cvc": {"type": "string", "maxLength": 4, "minLength": 3}}}}}),
        json!({"type": "object", "required": ["a"],
               "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
               "dependentSchemas": {"a": {"properties": {"b": {"minimum": 10, "maximum": 10}}},
                                    "c": {"required": ["never"]}}}),
    ];
    for (i, schema) in schemas.iter().enumerate() {
        for salt in ["", "more", "other words"] {
            let request = request_with(schema, salt);
            let text = answer(&request).unwrap_or_else(|e| panic!("schema {i}: {e}"));
            check_answer(schema, &request, &text, &format!("schema {i}"));
        }
    }
}

#[test]
fn an_unsatisfiable_schema_is_an_error_naming_the_location() {
    for (schema, at) in [
        (
            json!({"type": "object", "required": ["n"], "properties": {"n": {"type": "integer", "minimum": 5, "maximum": 4}}}),
            "#/properties/n",
        ),
        (
            json!({"type": "object", "required": ["s"], "properties": {"s": {"type": "string", "minLength": 9, "maxLength": 3}}}),
            "#/properties/s",
        ),
        (
            json!({"type": "object", "required": ["e"], "properties": {"e": {"enum": []}}}),
            "#/properties/e/enum",
        ),
        (
            json!({"type": "object", "required": ["p"], "properties": {"p": {"type": "string", "pattern": "^(?=x)y$"}}}),
            "#/properties/p/pattern",
        ),
        (
            json!({"type": "object", "required": ["a"], "additionalProperties": false}),
            "#",
        ),
        (
            json!({"type": "object", "required": ["n"], "properties": {"n": {"type": "integer"}},
                   "if": true, "then": {"properties": {"n": {"minimum": 5, "maximum": 4}}}}),
            "#/then/properties/n",
        ),
    ] {
        let err = answer(&request_with(&schema, "")).unwrap_err().to_string();
        assert!(
            err.contains(&format!("cannot satisfy the schema at {at}")),
            "{err}"
        );
    }
}

#[test]
fn a_hand_written_responder_wins() {
    struct Fixed;
    impl Responder for Fixed {
        fn respond(&self, _: &Request) -> ulcas::Result<String> {
            Ok("{\"fixed\":true}".into())
        }
    }
    let mut responders = Responders::new();
    responders.register("t", Box::new(Fixed));
    let request = request_with(&json!({"type": "object"}), "");
    assert_eq!(responders.respond(&request).unwrap(), "{\"fixed\":true}");
    let mut other = request.clone();
    other.task = "u".into();
    assert_ne!(responders.respond(&other).unwrap(), "{\"fixed\":true}");
}

fn schema_strategy() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        (0u64..5, 5u64..40)
            .prop_map(|(a, b)| json!({"type": "string", "minLength": a, "maxLength": b})),
        (-50i64..50, 0i64..100)
            .prop_map(|(lo, span)| json!({"type": "integer", "minimum": lo, "maximum": lo + span})),
        (1u64..4)
            .prop_map(|m| json!({"type": "number", "minimum": 0, "maximum": 20, "multipleOf": m})),
        Just(json!({"type": "boolean"})),
        Just(json!({"enum": ["a", "b", 3]})),
        Just(json!({"type": "string", "pattern": "^frg_[a-z2-7]{12}$"})),
        Just(json!({"type": "string", "format": "date-time"})),
        Just(json!({"type": ["integer", "null"]})),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            (inner.clone(), 0u64..3, 0u64..3).prop_map(|(items, min, extra)| json!({"type": "array", "items": items, "minItems": min, "maxItems": min + extra})),
            prop::collection::vec(inner.clone(), 1..4).prop_map(|props| {
                let mut properties = serde_json::Map::new();
                for (i, p) in props.into_iter().enumerate() {
                    properties.insert(format!("f{i}"), p);
                }
                let required: Vec<String> = properties.keys().cloned().collect();
                json!({"type": "object", "properties": properties, "required": required, "additionalProperties": false})
            }),
            prop::collection::vec(inner, 1..3).prop_map(|options| json!({"anyOf": options})),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn generated_schemas_give_valid_answers_or_clear_errors(inner in schema_strategy()) {
        let schema = json!({"type": "object", "required": ["x"], "properties": {"x": inner}});
        let request = request_with(&schema, "");
        match answer(&request) {
            Ok(text) => {
                let value: Value = serde_json::from_str(&text).unwrap();
                prop_assert!(ulcas::schema::compile(&schema).unwrap().is_valid(&value), "{text}");
            }
            Err(e) => prop_assert!(e.to_string().contains("cannot satisfy the schema at #"), "{e}"),
        }
    }
}
