//! A body read in one pass into the part of its JSON tree that a wire reads: the members a
//! [`Spec`] names are kept (a schema as its JSON text, to be read into a tree only when it is
//! the one), everything else is skipped as it streams by, so memory is a small multiple of
//! what is kept, whatever the body holds beside it. A duplicate member anywhere is an error
//! naming it, as on the Messages API.

use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::values::{At, Members, Skip, scalars_as_values};

/// What of a value is kept. A scalar is always kept; an object keeps the members named (each
/// read by its own spec) and skips the others; a list keeps its items by `items`, or is kept
/// empty; a `raw` value is kept as its JSON text (a string), not as a tree.
#[derive(Debug)]
pub(in crate::wire) struct Spec {
    pub members: &'static [(&'static str, &'static Spec)],
    pub items: Option<&'static Spec>,
    pub raw: bool,
}

impl Spec {
    /// A value whose scalars are kept (an object or a list of it is kept empty).
    pub const SCALAR: Spec = Spec {
        members: &[],
        items: None,
        raw: false,
    };
    /// A value kept as its JSON text.
    pub const RAW: Spec = Spec {
        members: &[],
        items: None,
        raw: true,
    };

    fn member(&self, name: &str) -> Option<&'static Spec> {
        self.members
            .iter()
            .find_map(|(n, spec)| (*n == name).then_some(*spec))
    }
}

/// The most values a body's kept part may hold (its messages, their parts, …): far more than
/// any request a replay answers holds, and a bound on the memory of one body's tree (a body
/// of a million tiny messages once took 0.7 GiB, and its miss seconds to explain).
pub(in crate::wire) const MAX_KEPT: usize = 100_000;

/// The kept part of a value, per its spec.
struct Pruned<'p> {
    at: At<'p>,
    spec: &'static Spec,
    /// How many values were kept so far in the whole body.
    kept: &'p std::cell::Cell<usize>,
}

impl Pruned<'_> {
    /// Counts one more kept value; past [`MAX_KEPT`], the body is refused.
    fn count<E: serde::de::Error>(&self) -> Result<(), E> {
        let n = self.kept.get() + 1;
        self.kept.set(n);
        if n > MAX_KEPT {
            return Err(E::custom(format!(
                "{}: the body holds more than {MAX_KEPT} messages, parts or other values that a replay reads; no replayed request holds so many",
                self.at
            )));
        }
        Ok(())
    }
}

impl<'de> DeserializeSeed<'de> for Pruned<'_> {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        if self.spec.raw {
            let raw = <&'de RawValue as serde::Deserialize>::deserialize(d)?;
            return Ok(Value::String(raw.get().to_owned()));
        }
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Pruned<'_> {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any value")
    }
    scalars_as_values!();
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let Some(items) = self.spec.items else {
            Skip(self.at).visit_seq(seq)?;
            return Ok(Value::Array(Vec::new()));
        };
        let mut kept = Vec::new();
        while let Some(v) = seq.next_element_seed(Pruned {
            at: self.at.index(kept.len()),
            spec: items,
            kept: self.kept,
        })? {
            self.count::<A::Error>()?;
            kept.push(v);
        }
        Ok(Value::Array(kept))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        let mut members = Members::new();
        while let Some(key) = members.next(&mut map, &self.at)? {
            let at = self.at.key(&key.0);
            match self.spec.member(&key.0) {
                Some(spec) => {
                    let value = map.next_value_seed(Pruned {
                        at,
                        spec,
                        kept: self.kept,
                    })?;
                    self.count::<A::Error>()?;
                    object.insert(key.0.into_owned(), value);
                }
                None => map.next_value_seed(Skip(at))?,
            }
        }
        Ok(Value::Object(object))
    }
}

/// A whole body read in one pass, only what `spec` keeps; a duplicate member anywhere refused
/// naming it.
pub(in crate::wire) fn read(body: &[u8], spec: &'static Spec) -> Result<Value, crate::Error> {
    let kept = std::cell::Cell::new(0);
    let top = || Pruned {
        at: At::Top,
        spec,
        kept: &kept,
    };
    let parsed = match std::str::from_utf8(body) {
        Ok(text) => {
            let mut d = serde_json::Deserializer::from_str(text);
            top().deserialize(&mut d).and_then(|v| d.end().map(|()| v))
        }
        Err(_) => {
            let mut d = serde_json::Deserializer::from_slice(body);
            top().deserialize(&mut d).and_then(|v| d.end().map(|()| v))
        }
    };
    parsed.map_err(|e| super::one_line(&e))
}

#[cfg(test)]
mod tests {
    use super::*;

    static PART: Spec = Spec {
        members: &[("text", &Spec::SCALAR)],
        items: None,
        raw: false,
    };
    static TOP: Spec = Spec {
        members: &[
            (
                "keep",
                &Spec {
                    members: &[],
                    items: Some(&PART),
                    raw: false,
                },
            ),
            ("schema", &Spec::RAW),
            ("n", &Spec::SCALAR),
        ],
        items: None,
        raw: false,
    };

    #[test]
    fn keeps_what_the_spec_names_and_skips_the_rest() {
        let body = br#"{"keep": [{"text": "a", "x": [1, 2]}, {"text": {"deep": 1}}], "schema": {"a": [1, 2]}, "n": 2, "other": {"big": [1, 2, 3]}}"#;
        let v = read(body, &TOP).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"keep": [{"text": "a"}, {"text": {}}], "schema": "{\"a\": [1, 2]}", "n": 2})
        );
    }

    /// A body of a million tiny kept values is refused once it holds more than a replayed
    /// request ever does, before its tree grows to gigabytes.
    #[test]
    fn the_kept_tree_is_bounded() {
        let item = r#"{"text": "x"},"#;
        let body = format!(r#"{{"keep": [{}{{"text": "y"}}]}}"#, item.repeat(MAX_KEPT));
        let e = read(body.as_bytes(), &TOP).unwrap_err().to_string();
        assert!(e.contains(&format!("more than {MAX_KEPT}")), "{e}");
        let fine = format!(r#"{{"keep": [{}{{"text": "y"}}]}}"#, item.repeat(1000));
        assert!(read(fine.as_bytes(), &TOP).is_ok());
    }

    #[test]
    fn a_duplicate_member_anywhere_is_refused_naming_it() {
        for (body, says) in [
            (
                &br#"{"keep": [{"text": "a", "text": "b"}]}"#[..],
                "keep[0]: duplicate member \"text\"",
            ),
            (
                br#"{"other": {"x": 1, "x": 2}}"#,
                "other: duplicate member \"x\"",
            ),
            (br#"{"n": 1, "n": 2}"#, "duplicate member \"n\""),
        ] {
            let e = read(body, &TOP).unwrap_err().to_string();
            assert!(e.contains(says), "{e} (wanted {says})");
        }
    }
}
