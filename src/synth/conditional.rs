//! The schema keywords that apply a subschema only when the answer has some shape:
//! `if`/`then`/`else`, `dependentRequired` and `dependentSchemas`.

use serde_json::{Map, Value, json};

use super::validate;
use super::walk::{DEEP, Walker, fail};
use crate::error::Result;

/// The properties an object of `obj` gets: `required`, then, when the walker fills optional
/// properties too (above [`DEEP`]), every property; each with what `dependentRequired` asks of
/// it, until nothing more is asked.
pub(super) fn required_of<'o>(
    obj: &'o Map<String, Value>,
    properties: &'o Map<String, Value>,
    depth: usize,
) -> Vec<&'o str> {
    let mut required: Vec<&str> = obj
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let Some(dependent) = obj.get("dependentRequired").and_then(Value::as_object) else {
        return required;
    };
    let present = |name: &str, required: &[&str]| {
        required.contains(&name) || (depth < DEEP && properties.contains_key(name))
    };
    let mut grew = true;
    while grew {
        grew = false;
        for (name, needs) in dependent {
            if !present(name, &required) {
                continue;
            }
            for need in needs
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
            {
                if !required.contains(&need) {
                    required.push(need);
                    grew = true;
                }
            }
        }
    }
    required
}

impl Walker<'_> {
    /// `if`/`then`/`else`: an answer built to satisfy `if` and `then` together, else one built
    /// to satisfy `else`, the first that the whole node accepts.
    pub(super) fn conditional(
        &mut self,
        obj: &Map<String, Value>,
        at: &str,
        name: &str,
        depth: usize,
    ) -> Result<Value> {
        let mut base = obj.clone();
        let (when, then, otherwise) = (base.remove("if"), base.remove("then"), base.remove("else"));
        let base = Value::Object(base);
        let mut branches = Vec::new();
        if let Some(when) = &when {
            let parts: Vec<Value> = [Some(when.clone()), then].into_iter().flatten().collect();
            branches.push(("then", parts));
        }
        branches.push(("else", otherwise.into_iter().collect()));
        let node = self.standalone(obj);
        // A branch that cannot be built says where; that is the error to give over one whose
        // answer the whole node refused.
        let (mut built_error, mut refused) = (None, None);
        for (branch, parts) in branches {
            let branch_at = format!("{at}/{branch}");
            let all: Vec<Value> = std::iter::once(base.clone()).chain(parts).collect();
            let merged = json!({ "allOf": all });
            match self.value(&merged, &branch_at, name, depth + 1) {
                Ok(candidate) if validate(&node, &candidate).is_ok() => return Ok(candidate),
                Ok(_) => {
                    refused = Some(fail(
                        &branch_at,
                        "an answer built for this branch does not satisfy the whole schema",
                    ))
                }
                Err(e) => _ = built_error.get_or_insert(e),
            }
        }
        Err(built_error
            .or(refused)
            .unwrap_or_else(|| fail(at, "no branch of if/then/else")))
    }

    /// `obj` with the `dependentSchemas` of the properties its objects get (`present`) merged
    /// in, or `None` when none applies; those left stay for the merged schema to apply.
    pub(super) fn with_dependent_schemas(
        &self,
        obj: &Map<String, Value>,
        present: &[&str],
        properties: &Map<String, Value>,
        at: &str,
        depth: usize,
    ) -> Result<Option<Value>> {
        let Some(dependent) = obj.get("dependentSchemas").and_then(Value::as_object) else {
            return Ok(None);
        };
        let applies = |name: &String| {
            present.contains(&name.as_str()) || (depth < DEEP && properties.contains_key(name))
        };
        let (now, later): (Vec<_>, Vec<_>) = dependent.iter().partition(|(name, _)| applies(name));
        if now.is_empty() {
            return Ok(None);
        }
        let mut rest = obj.clone();
        rest.remove("dependentSchemas");
        if !later.is_empty() {
            let later: Map<String, Value> = later
                .into_iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            rest.insert("dependentSchemas".into(), Value::Object(later));
        }
        let parts: Vec<Value> = now.into_iter().map(|(_, schema)| schema.clone()).collect();
        self.merge_all_of(&rest, &parts, at).map(Some)
    }
}
