//! The serde helpers of the machine output: paths as their display form, placeholder maps,
//! `{"from", "to"}` pairs, and the stable names of fieldless enums.
//!
//! ```
//! use ulcas::machine_json::Sides;
//!
//! let tokens = Sides { from: 120, to: 95 };
//! assert_eq!(serde_json::to_string(&tokens).unwrap(), r#"{"from":120,"to":95}"#);
//! ```

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Serialize, Serializer};

/// A value of each side of a comparison (`{"from": …, "to": …}`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Sides<T> {
    /// The old side.
    pub from: T,
    /// The new side.
    pub to: T,
}

/// Counts per name, for summaries (`{"stale-version": 3}`).
pub type Counts = BTreeMap<&'static str, usize>;

/// Serialises a path as its display form (JSON has no other).
#[cfg(feature = "tools")]
pub(crate) fn path<S: Serializer>(p: &Path, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&p.display())
}

/// Serialises an optional path as its display form (skip it when absent).
#[cfg(feature = "tools")]
pub(crate) fn opt_path<S: Serializer>(
    p: &Option<std::path::PathBuf>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match p {
        Some(p) => s.collect_str(&p.display()),
        None => s.serialize_none(),
    }
}

/// Serialises paths as their display forms.
pub fn paths<S: Serializer, P: AsRef<Path>>(ps: &[P], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(ps.iter().map(|p| p.as_ref().display().to_string()))
}

#[cfg(feature = "tools")]
pub(crate) fn placeholder_map<S: Serializer>(
    map: &crate::normalise::PlaceholderMap,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_map(map.iter().map(|(p, id)| (p.to_string(), id)))
}

/// Declares the stable, kebab-case names of a fieldless enum once (strum), and serialises the
/// enum as that name. Crate-private: the library's own plumbing.
macro_rules! named {
    ($($ty:ty),+ $(,)?) => {$(
        impl $ty {
            /// The stable name (kebab-case, as in JSON).
            pub fn name(self) -> &'static str {
                self.into()
            }
        }
        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }
        impl ::serde::Serialize for $ty {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }
    )+};
}
pub(crate) use named;
