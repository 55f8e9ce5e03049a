//! The pieces every member of a body is read with: where a value sits (for errors), member
//! names borrowed from the body, duplicate detection, and seeds for skipped values, strings,
//! nullable scalars and a JSON tree.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// Where a value sits in the body, rendered only for an error.
#[derive(Clone, Copy)]
pub(in crate::wire) enum At<'p> {
    Top,
    Key(&'p At<'p>, &'p str),
    Index(&'p At<'p>, usize),
}

impl fmt::Display for At<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            At::Top => Ok(()),
            At::Key(At::Top, k) => write!(f, "{k}"),
            At::Key(parent, k) => write!(f, "{parent}.{k}"),
            At::Index(parent, i) => write!(f, "{parent}[{i}]"),
        }
    }
}

impl<'p> At<'p> {
    pub(in crate::wire) fn key(&'p self, k: &'p str) -> At<'p> {
        At::Key(self, k)
    }
    pub(in crate::wire) fn index(&'p self, i: usize) -> At<'p> {
        At::Index(self, i)
    }
    pub(in crate::wire) fn err<E: de::Error>(&self, why: impl fmt::Display) -> E {
        match self {
            At::Top => E::custom(why),
            at => E::custom(format!("{at}: {why}")),
        }
    }
}

/// An object member's name, borrowed from the body when it has no escapes.
#[derive(PartialEq, Eq, Hash)]
pub(in crate::wire) struct Key<'de>(pub(in crate::wire) Cow<'de, str>);

impl<'de> de::Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a member name")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v.to_owned())))
            }
        }
        d.deserialize_str(V)
    }
}

/// The member names of one object seen so far: a second one of a name is an error. The names
/// of a small object are compared one by one (an object of the API has a handful), a large
/// one's are hashed.
pub(in crate::wire) struct Members<'de> {
    few: Vec<Key<'de>>,
    many: HashSet<Key<'de>, crate::hashers::FnvBuild>,
}

/// How many names an object holds before they are hashed.
const FEW: usize = 16;

impl<'de> Members<'de> {
    pub(in crate::wire) fn new() -> Self {
        Members {
            few: Vec::new(),
            many: HashSet::default(),
        }
    }

    /// The next member's name, refused when the object already had it.
    pub(in crate::wire) fn next<A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        at: &At,
    ) -> Result<Option<Key<'de>>, A::Error> {
        let Some(key) = map.next_key::<Key<'de>>()? else {
            return Ok(None);
        };
        let again = if self.many.is_empty() && self.few.len() < FEW {
            let seen = self.few.iter().any(|k| k.0 == key.0);
            if !seen {
                self.few.push(Key(key.0.clone()));
            }
            seen
        } else {
            if self.many.is_empty() {
                self.many.extend(self.few.drain(..));
            }
            !self.many.insert(Key(key.0.clone()))
        };
        if again {
            return Err(at.err(format_args!("duplicate member {:?}", key.0)));
        }
        Ok(Some(key))
    }
}

/// Visitor methods that refuse every JSON type but the ones a visitor takes, naming the member:
/// scalars by their method (`visit_bool(bool)`), then lists and objects after `containers`.
macro_rules! refuse_others {
    ($what:literal; $($method:ident($($ty:ty)?)),* $(; containers $($container:ident: $access:ident),*)?) => {
        $(
            fn $method<E: de::Error>(self $(, _: $ty)?) -> Result<Self::Value, E> {
                Err(self.at.err(concat!("not ", $what)))
            }
        )*
        $($(
            fn $container<A: de::$access<'de>>(self, _: A) -> Result<Self::Value, A::Error> {
                Err(self.at.err(concat!("not ", $what)))
            }
        )*)?
    };
}

pub(in crate::wire) use refuse_others;

/// The seed of a visitor that takes any JSON type (and refuses what it does not take).
macro_rules! seed {
    ($seed:ident => $value:ty) => {
        impl<'de> DeserializeSeed<'de> for $seed<'_> {
            type Value = $value;
            fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<$value, D::Error> {
                d.deserialize_any(self)
            }
        }
    };
}

pub(in crate::wire) use seed;

/// Any value, skipped, with no duplicate member anywhere inside it.
pub(in crate::wire) struct Skip<'p>(pub(in crate::wire) At<'p>);

seed!(Skip => ());

impl<'de> Visitor<'de> for Skip<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut i = 0;
        while seq.next_element_seed(Skip(self.0.index(i)))?.is_some() {
            i += 1;
        }
        Ok(())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut members = Members::new();
        while let Some(key) = members.next(&mut map, &self.0)? {
            map.next_value_seed(Skip(self.0.key(&key.0)))?;
        }
        Ok(())
    }
}

/// A string member.
pub(in crate::wire) struct Str<'p> {
    pub(in crate::wire) at: At<'p>,
}

seed!(Str => String);

impl<'de> Visitor<'de> for Str<'_> {
    type Value = String;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_str<E>(self, v: &str) -> Result<String, E> {
        Ok(v.to_owned())
    }
    fn visit_string<E>(self, v: String) -> Result<String, E> {
        Ok(v)
    }
    refuse_others!("a string"; visit_bool(bool), visit_i64(i64), visit_u64(u64), visit_f64(f64), visit_unit(); containers visit_seq: SeqAccess, visit_map: MapAccess);
}

/// A scalar member that may be null: a boolean (`stream`) or a whole number (`max_tokens`).
#[derive(Clone, Copy)]
pub(in crate::wire) enum Scalar {
    Bool,
    Integer,
}

pub(in crate::wire) struct Nullable<'p> {
    pub(in crate::wire) at: At<'p>,
    pub(in crate::wire) kind: Scalar,
}

impl Nullable<'_> {
    fn wrong<E: de::Error>(&self) -> E {
        self.at.err(match self.kind {
            Scalar::Bool => "not a boolean",
            Scalar::Integer => "not an integer",
        })
    }
}

seed!(Nullable => Option<bool>);

impl<'de> Visitor<'de> for Nullable<'_> {
    type Value = Option<bool>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a scalar")
    }
    fn visit_unit<E>(self) -> Result<Option<bool>, E> {
        Ok(None)
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Option<bool>, E> {
        match self.kind {
            Scalar::Bool => Ok(Some(v)),
            Scalar::Integer => Err(self.wrong()),
        }
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Option<bool>, E> {
        match self.kind {
            Scalar::Integer => Ok(Some(true)),
            Scalar::Bool => Err(self.wrong()),
        }
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Option<bool>, E> {
        Err(self.wrong())
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Option<bool>, E> {
        Err(self.wrong())
    }
    fn visit_str<E: de::Error>(self, _: &str) -> Result<Option<bool>, E> {
        Err(self.wrong())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<Option<bool>, A::Error> {
        Err(self.wrong())
    }
    fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<Option<bool>, A::Error> {
        Err(self.wrong())
    }
}

/// A string, or anything else (skipped) as `None`.
pub(in crate::wire) struct MaybeStr<'p>(pub(in crate::wire) At<'p>);

seed!(MaybeStr => Option<String>);

impl<'de> Visitor<'de> for MaybeStr<'_> {
    type Value = Option<String>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_str<E>(self, v: &str) -> Result<Option<String>, E> {
        Ok(Some(v.to_owned()))
    }
    fn visit_bool<E>(self, _: bool) -> Result<Option<String>, E> {
        Ok(None)
    }
    fn visit_i64<E>(self, _: i64) -> Result<Option<String>, E> {
        Ok(None)
    }
    fn visit_u64<E>(self, _: u64) -> Result<Option<String>, E> {
        Ok(None)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Option<String>, E> {
        Ok(None)
    }
    fn visit_unit<E>(self) -> Result<Option<String>, E> {
        Ok(None)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Option<String>, A::Error> {
        Skip(self.0).visit_seq(seq).map(|()| None)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Option<String>, A::Error> {
        Skip(self.0).visit_map(map).map(|()| None)
    }
}

/// The visitor methods of the scalars of a JSON tree: each as its `Value`.
macro_rules! scalars_as_values {
    () => {
        fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
            Ok(Value::Bool(v))
        }
        fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
            Ok(v.into())
        }
        fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
            Ok(v.into())
        }
        fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
            Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
        }
        fn visit_str<E>(self, v: &str) -> Result<Value, E> {
            Ok(Value::String(v.to_owned()))
        }
        fn visit_unit<E>(self) -> Result<Value, E> {
            Ok(Value::Null)
        }
    };
}

pub(in crate::wire) use scalars_as_values;

/// A JSON tree built with no duplicate member.
pub(in crate::wire) struct Tree<'p> {
    pub(in crate::wire) at: At<'p>,
}

seed!(Tree => Value);

impl<'de> Visitor<'de> for Tree<'_> {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any value")
    }
    scalars_as_values!();
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(v) = seq.next_element_seed(Tree {
            at: self.at.index(items.len()),
        })? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                return Err(self.at.err(format_args!("duplicate member {key:?}")));
            }
            let value = map.next_value_seed(Tree {
                at: self.at.key(&key),
            })?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}
