//! What every command shares when it reports: the [`Verdict`] it answers with, the [`Progress`]
//! of a long run, the [`Common`] events any command sends and the [`Sink`] that takes them, and
//! the serde helpers of the wire format.
//!
//! Each command defines its own events beside its `run` (`verify::VerifyEvent`,
//! `prune::PruneEvent`, …), each with a small sink trait that extends [`Sink`]
//! (`verify::VerifySink`, …). A reporter implements those traits; the binary's reporters get them
//! all at once from the `event` module's `Report`, whose union of every command's events sits above the
//! commands. This module imports no command, so no command's events depend on another's.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Serialize, Serializer};

use crate::normalise::PlaceholderMap;
use crate::settings::Store;

/// A command's answer to its question, as its exit code says it (`0` or `1`; `2` is an error).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    #[default]
    /// Nothing wrong: exit 0.
    Pass,
    /// A miss, errors found, differences, work left: exit 1.
    Fail,
}

impl Verdict {
    /// `Pass` when `ok`.
    pub fn of(ok: bool) -> Verdict {
        if ok {
            Verdict::Pass
        } else {
            Verdict::Fail
        }
    }

    /// `Fail` when either is.
    pub fn and(self, other: Verdict) -> Verdict {
        Verdict::of(self == Verdict::Pass && other == Verdict::Pass)
    }
}

/// The end of every library run, whatever the command: its verdict, how many inputs could not
/// be used (the command exits 2 on any) and why it refused to change anything (exit 2).
pub trait Outcome {
    /// The answer: exit 0 or 1.
    fn verdict(&self) -> Verdict;
    /// Inputs (request dumps, files) that could not be used; each was reported as
    /// [`Common::InputError`].
    fn input_errors(&self) -> usize {
        0
    }
    /// Files the run could not write or delete (the command exits 2 on any).
    fn failed(&self) -> usize {
        0
    }
    /// Why the run changed nothing it was asked to change, if it refused.
    fn refusal(&self) -> Option<String> {
        None
    }
}

/// How far a long run is (a progress bar in the binary); every method does nothing by default.
pub trait Progress: Sync {
    /// A stage of `total` steps starts.
    fn start(&self, _what: &str, _total: u64) {}
    /// One step is done (called from worker threads).
    fn step(&self) {}
    /// The stage is done.
    fn finish(&self) {}
}

/// The end of a run that only reports (`hash`, `normalize`): it passes unless an input could not
/// be used.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Reported {
    /// Inputs that could not be used.
    pub input_errors: usize,
}

impl Outcome for Reported {
    fn verdict(&self) -> Verdict {
        Verdict::Pass
    }

    fn input_errors(&self) -> usize {
        self.input_errors
    }
}

/// No progress shown.
pub struct NoProgress;

impl Progress for NoProgress {}

/// The events any command may send.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Common<'a> {
    /// A file that is not a cassette (left alone).
    Skipped {
        /// The file.
        #[serde(serialize_with = "crate::outcome::path")]
        path: &'a Path,
        /// Why.
        why: &'a str,
    },
    /// Context: one input could not be used (a file that is not a request dump); the others are
    /// still done, and the command ends with exit 2. Reporters write it on stderr.
    #[serde(skip)]
    InputError(&'a crate::Error),
    /// Context: a store is about to be reported (its settings head human output).
    #[serde(skip)]
    Store(&'a Store),
    /// Context: the store a request goes to (`hash`, `lookup`, `record`); human output notes
    /// once on stderr which config's settings it got.
    #[serde(skip)]
    StoreOfRequest(&'a Store),
}

impl Common<'_> {
    /// Whether this event is context for human and GitHub output only (not in JSON Lines).
    pub fn is_context(&self) -> bool {
        !matches!(self, Common::Skipped { .. })
    }
}

/// Takes the [`Common`] events of a command; each command's sink trait extends it.
pub trait Sink {
    /// Takes one common event.
    fn common(&mut self, event: &Common<'_>) -> std::io::Result<()>;

    /// [`Sink::common`] for a library run: a reporter's error becomes the run's error.
    fn emit_common(&mut self, event: &Common<'_>) -> crate::Result<()> {
        self.common(event).map_err(crate::Error::output)
    }
}

/// A reporter's result as a library run's (a failed write stops the run).
pub fn sent(result: std::io::Result<()>) -> crate::Result<()> {
    result.map_err(crate::Error::output)
}

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
pub fn path<S: Serializer>(p: &Path, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&p.display())
}

/// Serialises an optional path as its display form (skip it when absent).
pub fn opt_path<S: Serializer>(p: &Option<std::path::PathBuf>, s: S) -> Result<S::Ok, S::Error> {
    match p {
        Some(p) => s.collect_str(&p.display()),
        None => s.serialize_none(),
    }
}

/// Serialises paths as their display forms.
pub fn paths<S: Serializer, P: AsRef<Path>>(ps: &[P], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(ps.iter().map(|p| p.as_ref().display().to_string()))
}

pub(crate) fn placeholder_map<S: Serializer>(
    map: &PlaceholderMap,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_map(map.iter().map(|(p, id)| (p.to_string(), id)))
}

/// Declares the stable, kebab-case names of a fieldless enum once (strum), and serialises the
/// enum as that name.
#[macro_export]
#[doc(hidden)]
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

#[cfg(test)]
mod tests {
    use super::Verdict;

    #[test]
    fn verdicts() {
        assert_eq!(Verdict::Pass.and(Verdict::Fail), Verdict::Fail);
        assert_eq!(Verdict::Pass.and(Verdict::Pass), Verdict::Pass);
        assert_eq!(Verdict::of(false), Verdict::Fail);
    }
}
