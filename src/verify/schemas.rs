//! Output schemas compiled for validation: the registry's once, stored ones on demand.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use jsonschema::Validator;

use crate::schema::compile;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use crate::registry::Registry;

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
    stored: Mutex<HashMap<[u8; 16], Option<Arc<Validator>>>>,
}

impl Validators {
    /// Compiles every schema file the registry names.
    pub fn for_registry(registry: &Registry) -> Validators {
        let mut compiled = HashMap::new();
        for (task, versions) in registry.tasks() {
            for version in versions {
                if let Some(schema) = registry.schema(task, version) {
                    compiled.insert(
                        (task.to_owned(), version),
                        compile(&schema.value).map(Arc::new),
                    );
                }
            }
        }
        Validators {
            registry: compiled,
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
