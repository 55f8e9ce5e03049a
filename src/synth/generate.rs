//! The schema walker of the generic responder.

use serde_json::{Map, Number, Value};

use super::pattern;
use super::{validate, Grounding};
use crate::error::{Error, Result};

/// Nesting beyond which optional content is left out (recursive schemas end here).
const DEEP: usize = 12;

/// Deterministic choices: SplitMix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

struct Walker<'a> {
    root: &'a Value,
    g: &'a Grounding,
    rng: Rng,
    /// Next fragment / ULID / word to hand out, so answers spread over the request.
    next_fragment: usize,
    next_ulid: usize,
    next_word: usize,
}

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

fn fail(at: &str, why: impl std::fmt::Display) -> Error {
    Error::msg(format!("cannot satisfy the schema at {at}: {why}"))
}

fn is_fragment_pattern(p: &str) -> bool {
    p.contains("frg_")
}

fn is_ulid_pattern(p: &str) -> bool {
    p.contains("{25}") || p.contains("{26}")
}

/// Names of fields that cite fragments.
fn cites_fragments(name: &str) -> bool {
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
fn is_id_name(name: &str) -> bool {
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

    fn value(&mut self, schema: &Value, at: &str, name: &str, depth: usize) -> Result<Value> {
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

    fn merge_all_of(&self, base: &Map<String, Value>, all: &[Value], at: &str) -> Result<Value> {
        let mut merged = base.clone();
        merged.remove("allOf");
        for (i, part) in all.iter().enumerate() {
            let part = self.resolve(part, &format!("{at}/allOf/{i}"))?;
            let Some(part) = part.as_object() else {
                continue;
            };
            for (k, v) in part {
                match (k.as_str(), merged.get_mut(k)) {
                    ("properties", Some(Value::Object(existing))) => {
                        if let Value::Object(more) = v {
                            existing.extend(more.clone());
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
        let mut node = obj.clone();
        if let Some(defs) = self.root.get("$defs") {
            node.entry("$defs").or_insert_with(|| defs.clone());
        }
        if let Some(defs) = self.root.get("definitions") {
            node.entry("definitions").or_insert_with(|| defs.clone());
        }
        let node = Value::Object(node);
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

    fn number(&mut self, obj: &Map<String, Value>, at: &str, integer: bool) -> Result<Value> {
        let get = |k: &str| obj.get(k).and_then(Value::as_f64);
        // `exclusive…` as a draft-4 boolean on the plain bound, or as a number of its own.
        let exclusive = |key: &str,
                         plain: f64,
                         step: fn(f64, bool) -> f64,
                         tighter: fn(f64, f64) -> f64| match obj.get(key) {
            Some(Value::Bool(true)) => step(plain, integer),
            Some(v) => v
                .as_f64()
                .map_or(plain, |x| tighter(plain, step(x, integer))),
            None => plain,
        };
        let mut lo = exclusive(
            "exclusiveMinimum",
            get("minimum").unwrap_or(f64::NEG_INFINITY),
            next_up,
            f64::max,
        );
        let mut hi = exclusive(
            "exclusiveMaximum",
            get("maximum").unwrap_or(f64::INFINITY),
            next_down,
            f64::min,
        );
        if !lo.is_finite() && !hi.is_finite() {
            (lo, hi) = (0.0, 10.0);
        } else if !lo.is_finite() {
            lo = hi - 10.0;
        } else if !hi.is_finite() {
            hi = lo + 10.0;
        }
        let step = get("multipleOf")
            .filter(|m| *m > 0.0)
            .unwrap_or(if integer { 1.0 } else { 0.5 });
        let first = (lo / step).ceil();
        let last = (hi / step).floor();
        if first > last || (integer && (step.fract() != 0.0 && (first..=last).is_empty())) {
            return Err(fail(
                at,
                format!(
                    "no {} between {lo} and {hi}{}",
                    if integer { "integer" } else { "number" },
                    obj.get("multipleOf")
                        .map(|m| format!(" that is a multiple of {m}"))
                        .unwrap_or_default()
                ),
            ));
        }
        let span = ((last - first) as u64).min(1_000_000);
        let k = first + self.rng.below(span as usize + 1) as f64;
        let v = k * step;
        if integer || (v.fract() == 0.0 && v.abs() < 9e15) {
            if v.fract() != 0.0 {
                return Err(fail(at, "multipleOf gives no whole number in range"));
            }
            return Ok(Value::Number(Number::from(v as i64)));
        }
        Number::from_f64(v)
            .map(Value::Number)
            .ok_or_else(|| fail(at, "no finite number in range"))
    }

    fn string(&mut self, obj: &Map<String, Value>, at: &str, name: &str) -> Result<Value> {
        let min = obj.get("minLength").and_then(Value::as_u64).unwrap_or(0) as usize;
        let max = obj
            .get("maxLength")
            .and_then(Value::as_u64)
            .map_or(usize::MAX, |m| m as usize);
        if min > max {
            return Err(fail(
                at,
                format!("minLength {min} is above maxLength {max}"),
            ));
        }
        let fits = |s: &str| (min..=max).contains(&s.chars().count());
        if let Some(p) = obj.get("pattern").and_then(Value::as_str) {
            return self.patterned(p, (min, max), at).map(Value::String);
        }
        if let Some(format) = obj.get("format").and_then(Value::as_str) {
            let s = self.formatted(format);
            if !s.is_empty() {
                return if fits(&s) {
                    Ok(Value::String(s))
                } else {
                    Err(fail(
                        at,
                        format!("a {format} does not fit {min} to {max} characters"),
                    ))
                };
            }
        }
        if is_id_name(name) && !self.g.ulids.is_empty() {
            let id = self.g.ulids[self.next_ulid % self.g.ulids.len()].clone();
            if fits(&id) {
                self.next_ulid += 1;
                return Ok(Value::String(id));
            }
        }
        if cites_fragments(name) && !self.g.fragments.is_empty() {
            let id = self.g.fragments[self.next_fragment % self.g.fragments.len()].clone();
            if fits(&id) {
                self.next_fragment += 1;
                return Ok(Value::String(id));
            }
        }
        let target_max = max.min(min.max(60) + 60);
        Ok(Value::String(self.prose(min, target_max)))
    }

    /// A string of `min..=max` characters matching the pattern `p`: a request id when the
    /// pattern is that of fragment ids or ULIDs, else one generated from the pattern.
    fn patterned(&mut self, p: &str, (min, max): (usize, usize), at: &str) -> Result<String> {
        let fits = |s: &str| (min..=max).contains(&s.chars().count());
        let re = regex::Regex::new(p).map_err(|e| {
            fail(
                &format!("{at}/pattern"),
                format!("not a regular expression: {e}"),
            )
        })?;
        let pool = if is_fragment_pattern(p) {
            self.g.fragments.clone()
        } else if is_ulid_pattern(p) {
            self.g.ulids.clone()
        } else {
            Vec::new()
        };
        let grounded: Vec<&String> = pool
            .iter()
            .filter(|id| re.is_match(id) && fits(id))
            .collect();
        if !grounded.is_empty() {
            let next = if is_fragment_pattern(p) {
                &mut self.next_fragment
            } else {
                &mut self.next_ulid
            };
            let id = grounded[*next % grounded.len()].clone();
            *next += 1;
            return Ok(id);
        }
        for _ in 0..16 {
            let rng = &mut self.rng;
            let mut pick = |n: usize| rng.below(n);
            let s = pattern::generate(p, &mut pick).ok_or_else(|| {
                fail(
                    &format!("{at}/pattern"),
                    format!("the pattern {p:?} is beyond the supported subset"),
                )
            })?;
            if re.is_match(&s) && fits(&s) {
                return Ok(s);
            }
        }
        Err(fail(
            &format!("{at}/pattern"),
            format!("no string of {min} to {max} characters matching {p:?} was found"),
        ))
    }

    /// A string of the JSON Schema `format`, or empty for a format without a generator.
    fn formatted(&mut self, format: &str) -> String {
        let n = self.rng.next();
        match format {
            "date-time" => format!(
                "2026-{:02}-{:02}T{:02}:{:02}:00Z",
                1 + n % 12,
                1 + (n >> 8) % 28,
                (n >> 16) % 24,
                (n >> 24) % 60
            ),
            "date" => format!("2026-{:02}-{:02}", 1 + n % 12, 1 + (n >> 8) % 28),
            "time" => format!("{:02}:{:02}:00Z", n % 24, (n >> 8) % 60),
            "uri" | "url" | "iri" => format!("https://example.com/{}", self.slug()),
            "email" | "idn-email" => format!("{}@example.com", self.slug()),
            "uuid" => {
                let h = format!("{:016x}{:016x}", n, self.rng.next());
                format!(
                    "{}-{}-4{}-8{}-{}",
                    &h[..8],
                    &h[8..12],
                    &h[13..16],
                    &h[17..20],
                    &h[20..32]
                )
            }
            "hostname" => format!("{}.example.com", self.slug()),
            "ipv4" => format!("192.0.2.{}", n % 250 + 1),
            _ => String::new(),
        }
    }

    fn slug(&mut self) -> String {
        let w = self.word().to_lowercase();
        w.chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            + &format!("{}", self.rng.below(100))
    }

    fn word(&mut self) -> String {
        let w = self.g.words[self.next_word % self.g.words.len()].clone();
        self.next_word += 1;
        w
    }

    /// Words of the request, between `min` and `max` characters long.
    fn prose(&mut self, min: usize, max: usize) -> String {
        let mut s = String::new();
        let want = min.max((min + max.min(min + 120)) / 2).max(1);
        let mut guard = 0;
        while s.chars().count() < want && guard < 10_000 {
            let w = self.word();
            let sep = usize::from(!s.is_empty());
            if s.chars().count() + sep + w.chars().count() > max {
                if s.chars().count() >= min {
                    break;
                }
                // Fill the rest with part of a word.
                let room = max.saturating_sub(s.chars().count() + sep);
                if room > 0 {
                    if sep == 1 {
                        s.push(' ');
                    }
                    s.extend(w.chars().take(room));
                }
                guard += 1;
                continue;
            }
            if sep == 1 {
                s.push(' ');
            }
            s.push_str(&w);
            guard += 1;
        }
        while s.chars().count() < min {
            s.push('x');
        }
        if let Some(first) = s.chars().next() {
            s = first.to_uppercase().collect::<String>() + &s[first.len_utf8()..];
        }
        s.chars().take(max).collect()
    }

    fn array(
        &mut self,
        obj: &Map<String, Value>,
        at: &str,
        name: &str,
        depth: usize,
    ) -> Result<Value> {
        let min = obj.get("minItems").and_then(Value::as_u64).unwrap_or(0) as usize;
        let max = obj
            .get("maxItems")
            .and_then(Value::as_u64)
            .map_or(usize::MAX, |m| m as usize);
        if min > max {
            return Err(fail(at, format!("minItems {min} is above maxItems {max}")));
        }
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
        let required: Vec<&str> = obj
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
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
                format!(
                    "maxProperties {max} is below the {} required properties",
                    required.len()
                ),
            ));
        }
        Ok(Value::Object(ordered))
    }
}

fn next_up(x: f64, integer: bool) -> f64 {
    if integer {
        x.floor() + 1.0
    } else {
        x + 1e-6 * x.abs().max(1.0)
    }
}

fn next_down(x: f64, integer: bool) -> f64 {
    if integer {
        x.ceil() - 1.0
    } else {
        x - 1e-6 * x.abs().max(1.0)
    }
}

fn escape_pointer(s: &str) -> String {
    s.replace('~', "~0").replace('/', "~1")
}
