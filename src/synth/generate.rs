//! The schema walker of the generic responder.

use serde_json::{Map, Value};

use super::conditional::required_of;
use super::walk::{DEEP, Rng, Walker, fail};
use super::{Grounding, validate};
use crate::error::Result;

/// An answer for `schema` grounded in `g`, validated before it is returned.
pub fn generate(schema: &Value, g: &Grounding, seed: u64) -> Result<Value> {
    let mut w = Walker {
        root: schema,
        g,
        rng: Rng(seed),
        next_fragment: 0,
        next_ulid: 0,
        next_word: 0,
    };
    w.next_fragment = w.rng.below(g.fragments.len().max(1));
    w.next_word = w.rng.below(g.words.len().max(1));
    let value = w.value(schema, "#", "", 0)?;
    validate(schema, &value)?;
    Ok(value)
}

/// The `(min, max)` a schema gives with the keywords `names` (0 and unbounded when absent);
/// a minimum above the maximum cannot be satisfied.
pub(super) fn bounds(
    obj: &Map<String, Value>,
    (low, high): (&str, &str),
    at: &str,
) -> Result<(usize, usize)> {
    let min = obj.get(low).and_then(Value::as_u64).unwrap_or(0) as usize;
    let max = obj
        .get(high)
        .and_then(Value::as_u64)
        .map_or(usize::MAX, |m| m as usize);
    if min > max {
        return Err(fail(at, format!("{low} {min} is above {high} {max}")));
    }
    Ok((min, max))
}

pub(super) fn is_fragment_pattern(p: &str) -> bool {
    p.contains("frg_")
}

pub(super) fn is_ulid_pattern(p: &str) -> bool {
    p.contains("{25}") || p.contains("{26}")
}

/// Names of fields that cite fragments.
pub(super) fn cites_fragments(name: &str) -> bool {
    let n = name.to_ascii_lowercase().replace(['_', '-'], "");
    matches!(
        n.as_str(),
        "citations"
            | "citation"
            | "fragmentids"
            | "fragmentid"
            | "fragments"
            | "sources"
            | "sourceids"
    )
}

/// Names of fields that hold record ids (`id`, `elementId`, `objective_ids`).
pub(super) fn is_id_name(name: &str) -> bool {
    name == "id"
        || name.ends_with("Id")
        || name.ends_with("_id")
        || name.ends_with("Ids")
        || name.ends_with("_ids")
}

impl<'a> Walker<'a> {
    /// Follows a local `$ref` (`#/…` JSON pointer).
    fn resolve<'s>(&self, schema: &'s Value, at: &str) -> Result<&'s Value>
    where
        'a: 's,
    {
        let mut current = schema;
        for _ in 0..32 {
            let Some(r) = current.get("$ref").and_then(Value::as_str) else {
                return Ok(current);
            };
            let pointer = r
                .strip_prefix('#')
                .ok_or_else(|| fail(at, format!("only local $ref are supported, not {r:?}")))?;
            current = self
                .root
                .pointer(pointer)
                .ok_or_else(|| fail(at, format!("$ref {r:?} points nowhere")))?;
        }
        Err(fail(at, "a $ref cycle"))
    }

    pub(super) fn value(
        &mut self,
        schema: &Value,
        at: &str,
        name: &str,
        depth: usize,
    ) -> Result<Value> {
        if depth > 64 {
            return Err(fail(at, "the schema nests deeper than 64 levels"));
        }
        let schema = self.resolve(schema, at)?;
        let obj = match schema {
            Value::Bool(true) => return Ok(Value::String(self.prose(1, 40))),
            Value::Bool(false) => return Err(fail(at, "the schema `false` admits no value")),
            Value::Object(o) => o,
            _ => return Err(fail(at, "a schema is an object or a boolean")),
        };
        if let Some(c) = obj.get("const") {
            return Ok(c.clone());
        }
        if let Some(options) = obj.get("enum").and_then(Value::as_array) {
            if options.is_empty() {
                return Err(fail(&format!("{at}/enum"), "an empty enum admits no value"));
            }
            let non_null: Vec<&Value> = options.iter().filter(|v| !v.is_null()).collect();
            let pool = if non_null.is_empty() {
                options.iter().collect()
            } else {
                non_null
            };
            return Ok(pool[self.rng.below(pool.len())].clone());
        }
        if obj.contains_key("if") && (obj.contains_key("then") || obj.contains_key("else")) {
            return self.conditional(obj, at, name, depth);
        }
        if let Some(all) = obj.get("allOf").and_then(Value::as_array) {
            let merged = self.merge_all_of(obj, all, at)?;
            return self.value(&merged, at, name, depth + 1);
        }
        for keyword in ["oneOf", "anyOf"] {
            if let Some(options) = obj.get(keyword).and_then(Value::as_array) {
                return self.choose(obj, keyword, options, at, name, depth);
            }
        }
        match self.pick_type(obj, at)?.as_str() {
            "null" => Ok(Value::Null),
            "boolean" => Ok(Value::Bool(self.rng.below(2) == 1)),
            "integer" => self.number(obj, at, true),
            "number" => self.number(obj, at, false),
            "string" => self.string(obj, at, name),
            "array" => self.array(obj, at, name, depth),
            "object" => self.object(obj, at, depth),
            other => Err(fail(
                &format!("{at}/type"),
                format!("unknown type {other:?}"),
            )),
        }
    }

    /// The type to generate: the first non-null of `type`, else guessed from the keywords.
    fn pick_type(&mut self, obj: &Map<String, Value>, at: &str) -> Result<String> {
        let types: Vec<&str> = match obj.get("type") {
            Some(Value::String(t)) => vec![t.as_str()],
            Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
            Some(_) => return Err(fail(&format!("{at}/type"), "`type` is a string or a list")),
            None => Vec::new(),
        };
        if let Some(t) = types.iter().find(|t| **t != "null").or(types.first()) {
            return Ok((*t).to_owned());
        }
        let has = |k: &str| obj.contains_key(k);
        Ok(
            if has("properties") || has("required") || has("additionalProperties") {
                "object"
            } else if has("items") || has("prefixItems") || has("minItems") {
                "array"
            } else if has("minimum") || has("maximum") || has("multipleOf") {
                "number"
            } else {
                "string"
            }
            .to_owned(),
        )
    }

    pub(super) fn merge_all_of(
        &self,
        base: &Map<String, Value>,
        all: &[Value],
        at: &str,
    ) -> Result<Value> {
        let mut merged = base.clone();
        merged.remove("allOf");
        for (i, part) in all.iter().enumerate() {
            let part = self.resolve(part, &format!("{at}/allOf/{i}"))?;
            let Some(part) = part.as_object() else {
                continue;
            };
            for (k, v) in part {
                match (k.as_str(), merged.get_mut(k)) {
                    // A property both name must satisfy both.
                    ("properties", Some(Value::Object(existing))) => {
                        if let Value::Object(more) = v {
                            for (name, schema) in more {
                                let both = match existing.remove(name) {
                                    Some(first) => serde_json::json!({"allOf": [first, schema]}),
                                    None => schema.clone(),
                                };
                                existing.insert(name.clone(), both);
                            }
                        }
                    }
                    ("required", Some(Value::Array(existing))) => {
                        if let Value::Array(more) = v {
                            existing.extend(
                                more.iter()
                                    .filter(|x| !existing.contains(x))
                                    .cloned()
                                    .collect::<Vec<_>>(),
                            );
                        }
                    }
                    // The tighter bound of the two wins.
                    (_, Some(existing))
                        if matches!(k.as_str(), "minimum" | "minLength" | "minItems")
                            && v.as_f64() > existing.as_f64() =>
                    {
                        *existing = v.clone();
                    }
                    (_, Some(existing))
                        if matches!(k.as_str(), "maximum" | "maxLength" | "maxItems")
                            && v.as_f64() < existing.as_f64() =>
                    {
                        *existing = v.clone();
                    }
                    (_, None) => {
                        merged.insert(k.clone(), v.clone());
                    }
                    _ => {}
                }
            }
        }
        Ok(Value::Object(merged))
    }

    /// `obj` with the root's `$defs` / `definitions`, to validate a candidate against.
    pub(super) fn standalone(&self, obj: &Map<String, Value>) -> Value {
        let mut node = obj.clone();
        if let Some(defs) = self.root.get("$defs") {
            node.entry("$defs").or_insert_with(|| defs.clone());
        }
        if let Some(defs) = self.root.get("definitions") {
            node.entry("definitions").or_insert_with(|| defs.clone());
        }
        Value::Object(node)
    }

    /// `oneOf`/`anyOf`: options tried non-null first, each candidate checked against the node.
    fn choose(
        &mut self,
        obj: &Map<String, Value>,
        keyword: &str,
        options: &[Value],
        at: &str,
        name: &str,
        depth: usize,
    ) -> Result<Value> {
        let mut order: Vec<usize> = (0..options.len()).collect();
        let is_null = |v: &Value| v.get("type").and_then(Value::as_str) == Some("null");
        order.sort_by_key(|&i| is_null(&options[i]));
        let node = self.standalone(obj);
        let mut last_error = None;
        for i in order {
            let option_at = format!("{at}/{keyword}/{i}");
            let mut option = match self.resolve(&options[i], &option_at)? {
                Value::Object(o) => o.clone(),
                other => {
                    let v = self.value(other, &option_at, name, depth + 1)?;
                    return Ok(v);
                }
            };
            // Siblings of oneOf (type, properties, …) apply to every option.
            for (k, v) in obj {
                if k != keyword {
                    option.entry(k.clone()).or_insert_with(|| v.clone());
                }
            }
            match self.value(&Value::Object(option), &option_at, name, depth + 1) {
                Ok(candidate) if validate(&node, &candidate).is_ok() => return Ok(candidate),
                Ok(_) => {
                    last_error = Some(fail(
                        &option_at,
                        format!("no option of {keyword} could be satisfied alone"),
                    ))
                }
                Err(e) => last_error = Some(e),
            }
        }
        Err(last_error.unwrap_or_else(|| fail(at, format!("an empty {keyword}"))))
    }

    fn array(
        &mut self,
        obj: &Map<String, Value>,
        at: &str,
        name: &str,
        depth: usize,
    ) -> Result<Value> {
        let (min, max) = bounds(obj, ("minItems", "maxItems"), at)?;
        let unique = obj
            .get("uniqueItems")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        let prefix: Vec<Value> = obj
            .get("prefixItems")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let items = obj.get("items").cloned();
        let items_allowed = !matches!(items, Some(Value::Bool(false)));
        let citing = cites_fragments(name);
        let default = if depth >= DEEP {
            0
        } else if citing {
            2
        } else {
            2 + self.rng.below(2)
        };
        let mut count = min
            .max(default.min(max))
            .max(prefix.len().min(max).min(min.max(prefix.len())));
        if !items_allowed {
            count = count.min(prefix.len());
        }
        if citing && unique {
            count = count.min(self.g.fragments.len().max(min));
        }
        let mut out: Vec<Value> = Vec::with_capacity(count);
        let mut attempts = 0;
        while out.len() < count {
            let i = out.len();
            let (schema, item_at) = match prefix.get(i) {
                Some(s) => (s.clone(), format!("{at}/prefixItems/{i}")),
                None => (
                    items.clone().unwrap_or(Value::Bool(true)),
                    format!("{at}/items"),
                ),
            };
            let v = self.value(&schema, &item_at, name, depth + 1)?;
            if unique && out.contains(&v) {
                attempts += 1;
                if attempts > 50 {
                    if out.len() >= min {
                        break;
                    }
                    return Err(fail(
                        at,
                        format!("cannot find {min} distinct items (uniqueItems)"),
                    ));
                }
                continue;
            }
            out.push(v);
        }
        Ok(Value::Array(out))
    }

    /// A value for the property `key` that `properties` does not list, from
    /// `additionalProperties`; `refused` says why when that is `false`.
    fn additional(
        &mut self,
        obj: &Map<String, Value>,
        at: &str,
        key: &str,
        depth: usize,
        refused: impl FnOnce() -> String,
    ) -> Result<Value> {
        let extra = obj
            .get("additionalProperties")
            .cloned()
            .unwrap_or(Value::Bool(true));
        if extra == Value::Bool(false) {
            return Err(fail(at, refused()));
        }
        self.value(
            &extra,
            &format!("{at}/additionalProperties"),
            key,
            depth + 1,
        )
    }

    fn object(&mut self, obj: &Map<String, Value>, at: &str, depth: usize) -> Result<Value> {
        let empty = Map::new();
        let properties = obj
            .get("properties")
            .and_then(Value::as_object)
            .unwrap_or(&empty);
        let required = required_of(obj, properties, depth);
        if let Some(merged) = self.with_dependent_schemas(obj, &required, properties, at, depth)? {
            return self.value(&merged, at, "", depth + 1);
        }
        let max = obj
            .get("maxProperties")
            .and_then(Value::as_u64)
            .map_or(usize::MAX, |m| m as usize);
        let min = obj
            .get("minProperties")
            .and_then(Value::as_u64)
            .unwrap_or(0) as usize;
        let mut out = Map::new();
        // Required first (in schema order), then optional ones while there is room and depth.
        let mut names: Vec<&String> = properties
            .keys()
            .filter(|k| required.contains(&k.as_str()))
            .collect();
        if depth < DEEP {
            names.extend(
                properties
                    .keys()
                    .filter(|k| !required.contains(&k.as_str())),
            );
        }
        for r in &required {
            if !properties.contains_key(*r) && !out.contains_key(*r) {
                let v = self.additional(obj, at, r, depth, || {
                    format!("{r:?} is required but not allowed (additionalProperties is false)")
                })?;
                out.insert((*r).to_owned(), v);
            }
        }
        for name in names {
            if out.len() >= max && !required.contains(&name.as_str()) {
                continue;
            }
            let v = self.value(
                &properties[name],
                &format!("{at}/properties/{}", escape_pointer(name)),
                name,
                depth + 1,
            )?;
            out.insert(name.clone(), v);
        }
        // Restore the schema's property order for required and optional alike.
        let mut ordered = Map::new();
        for k in properties.keys() {
            if let Some(v) = out.remove(k) {
                ordered.insert(k.clone(), v);
            }
        }
        ordered.extend(out);
        self.sized(obj, ordered, (min, max), required.len(), at, depth)
    }

    /// `ordered` grown to `minProperties` with additional properties, or the reason the
    /// schema's `maxProperties` cannot hold its required ones.
    fn sized(
        &mut self,
        obj: &Map<String, Value>,
        mut ordered: Map<String, Value>,
        (min, max): (usize, usize),
        required: usize,
        at: &str,
        depth: usize,
    ) -> Result<Value> {
        let mut n = 0;
        while ordered.len() < min {
            n += 1;
            let key = format!("extra{n}");
            let v = self.additional(obj, at, &key, depth, || {
                format!("minProperties {min} needs more properties than the schema allows")
            })?;
            ordered.insert(key, v);
        }
        if ordered.len() > max {
            return Err(fail(
                at,
                format!("maxProperties {max} is below the {required} required properties"),
            ));
        }
        Ok(Value::Object(ordered))
    }
}

pub(super) fn escape_pointer(s: &str) -> String {
    s.replace('~', "~0").replace('/', "~1")
}
