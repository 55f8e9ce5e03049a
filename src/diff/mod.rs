//! `diff`: two requests, a request and a cassette, two cassettes or two stores, compared in the
//! terms the key sees. Returns data; rendering (line diffs with inline emphasis, word diffs,
//! invisible characters made visible) is the reporter's.
//!
//! ```
//! use ulcas::diff::{self, DiffOptions};
//! use ulcas::sink::Collect;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = tempfile::tempdir()?;
//! let (a, b) = (dir.path().join("a.json"), dir.path().join("b.json"));
//! std::fs::write(&a, br#"{"task": "outline", "prompt_version": 1,
//!     "schema": {"type": "object"}, "blocks": [{"type": "text", "text": "Grind"}]}"#)?;
//! std::fs::write(&b, br#"{"task": "outline", "prompt_version": 2,
//!     "schema": {"type": "object"}, "blocks": [{"type": "text", "text": "Grind"}]}"#)?;
//!
//! let mut events = Collect::default();
//! let report = diff::run(&DiffOptions { a, b, ..Default::default() }, &mut events)?;
//! // Two requests with another key: the parts the key sees, side by side.
//! assert_eq!(report.same_key, Some(false));
//! let version = report.parts.iter().find(|p| p.name == "prompt_version").unwrap();
//! assert_eq!((version.old.as_deref(), version.new.as_deref()), (Some("1"), Some("2")));
//! # Ok(())
//! # }
//! ```

mod compare;
mod events;

pub use compare::diff;
pub use events::{DiffEvent, DiffSink};

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;

use crate::advice::{Phrasebook, Plain};
use crate::cassette::Cassette;
use crate::error::{Error, Result};
use crate::outcome::{Outcome, Verdict};
use crate::request::Request;
use crate::sink::sent;

/// What one operand of a diff is (a request dump, a cassette or a store).
#[derive(Debug, Clone)]
pub enum Operand {
    /// A request dump.
    Request(Box<Request>),
    /// A cassette file.
    Cassette(Box<Cassette>),
    /// A store folder.
    Store(PathBuf),
}

impl Operand {
    /// Reads `path` as a store (a folder), a cassette (a JSON object with `hash` and `text`)
    /// or a request dump; `-` reads a cassette or a dump from standard input.
    pub fn read(path: &Path) -> Result<Operand> {
        let stdin = crate::input::is_stdin(path);
        if !stdin
            && std::fs::metadata(path)
                .map_err(|e| Error::io(path, &e))?
                .is_dir()
        {
            return Ok(Operand::Store(path.to_path_buf()));
        }
        let bytes =
            crate::input::read_input(path, crate::input::MAX_DOCUMENT, "request dump or cassette")?;
        let path = crate::input::shown_name(path);
        let value: Value =
            serde_json::from_slice(&bytes).map_err(|e| Error::json(&e).with_file(path))?;
        if value.get("hash").is_some() && value.get("text").is_some() {
            Ok(Operand::Cassette(Box::new(
                Cassette::from_value(&value).map_err(|e| e.with_file(path))?,
            )))
        } else {
            Ok(Operand::Request(Box::new(
                Request::from_slice(&bytes).map_err(|e| e.with_file(path))?,
            )))
        }
    }
}

/// How a part is best compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// A short value: shown old → new.
    Value,
    /// Prose or normalised content: a word diff.
    Words,
    /// Pretty-printed JSON: a line diff.
    Lines,
}

/// One compared part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// Its name (`task`, `schema`, `content`, `answer`, …).
    pub name: &'static str,
    /// Left side (absent when that side does not have it).
    pub old: Option<String>,
    /// Right side.
    pub new: Option<String>,
    /// How to show a difference.
    pub style: Style,
}

impl Part {
    /// Whether both sides agree.
    pub fn same(&self) -> bool {
        self.old == self.new
    }
}

/// What happened to a cassette between two stores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub enum ChangeStatus {
    /// Only in the second store.
    Added,
    /// Only in the first store.
    Removed,
    /// In both, with other bytes.
    Changed,
}

/// What was compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub enum DiffKind {
    /// Two request dumps.
    #[default]
    Requests,
    /// A request dump and a cassette.
    RequestCassette,
    /// Two cassettes.
    Cassettes,
    /// Two stores.
    Stores,
}

crate::machine_json::named!(ChangeStatus, DiffKind);

/// A cassette added, removed or changed between two stores.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct StoreChange {
    /// What happened.
    pub status: ChangeStatus,
    /// The path relative to the store roots.
    #[serde(serialize_with = "crate::machine_json::path")]
    pub path: PathBuf,
    /// For a changed cassette: the parts that differ (`model`, `answer`, `usage`, …; `bytes`
    /// when only the file's layout differs or a side does not parse as a cassette).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub differs: Vec<&'static str>,
}

/// The totals of a diff of two stores (the `summary` event).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct StoresSummary {
    /// Whether nothing changed.
    pub identical: bool,
    /// Cassettes only in the second store.
    pub added: usize,
    /// Cassettes only in the first store.
    pub removed: usize,
    /// Cassettes in both with other bytes.
    pub changed: usize,
    /// The two store roots, as given (human output).
    #[serde(skip)]
    pub sides: (PathBuf, PathBuf),
}

/// The result of a diff.
#[derive(Debug, Clone, Default)]
pub struct DiffReport {
    /// What was compared.
    pub kind: DiffKind,
    /// The compared parts (not for stores).
    pub parts: Vec<Part>,
    /// For a request and a cassette: whether the request would hit it.
    pub hit: Option<bool>,
    /// For two requests: whether they share a key.
    pub same_key: Option<bool>,
    /// For two stores: what changed.
    pub store_changes: Vec<StoreChange>,
    /// Remarks (a cassette without request material, …).
    pub notes: Vec<String>,
}

impl DiffReport {
    /// The totals of a diff of two stores.
    pub(crate) fn stores_summary(&self, a: &Path, b: &Path) -> StoresSummary {
        let count = |status| {
            self.store_changes
                .iter()
                .filter(|c| c.status == status)
                .count()
        };
        StoresSummary {
            identical: self.identical(),
            added: count(ChangeStatus::Added),
            removed: count(ChangeStatus::Removed),
            changed: count(ChangeStatus::Changed),
            sides: (a.to_path_buf(), b.to_path_buf()),
        }
    }

    /// Exit 0 when the two sides are the same in the terms compared, else exit 1.
    pub fn verdict(&self) -> Verdict {
        Verdict::of(self.identical())
    }

    /// Whether the two sides are the same in the terms compared.
    pub fn identical(&self) -> bool {
        self.parts.iter().all(Part::same)
            && self.store_changes.is_empty()
            && self.hit != Some(false)
            && self.same_key != Some(false)
    }
}

/// What `diff` is asked: the two sides (`-`: standard input, for one of them).
#[derive(Debug, Clone, Default)]
pub struct DiffOptions {
    /// The left side: a request dump, a cassette or a store folder.
    pub a: PathBuf,
    /// The right side.
    pub b: PathBuf,
    /// Whose words the notes' advice takes (the library's own, [`Plain`], when `None`).
    pub phrasebook: Option<Arc<dyn Phrasebook>>,
}

/// `diff`: reads `a` and `b` (each a request dump, a cassette or a store folder), compares
/// them and reports the result: one [`DiffEvent::StoreChange`] per cassette and a summary for
/// two stores, else one [`DiffEvent::Diff`]. Exit 0 when they are the same in the terms of the
/// key.
pub fn run(asked: &DiffOptions, sink: &mut dyn DiffSink) -> Result<DiffReport> {
    let (a, b) = (asked.a.as_path(), asked.b.as_path());
    if crate::input::is_stdin(a) && crate::input::is_stdin(b) {
        return Err(Error::msg("A and B cannot both come from standard input"));
    }
    let phrasebook = asked.phrasebook.as_deref().unwrap_or(&Plain);
    let result = diff(&Operand::read(a)?, &Operand::read(b)?, phrasebook)?;
    if result.kind == DiffKind::Stores {
        for change in &result.store_changes {
            sent(sink.diff(&DiffEvent::StoreChange(change)))?;
        }
        let summary = result.stores_summary(a, b);
        sent(sink.diff(&DiffEvent::Summary(&summary)))?;
    } else {
        sent(sink.diff(&DiffEvent::Diff(Compared {
            report: &result,
            a,
            b,
        })))?;
    }
    Ok(result)
}

impl Outcome for DiffReport {
    /// Exit 0 when the two sides are the same in the terms of the key.
    fn verdict(&self) -> Verdict {
        DiffReport::verdict(self)
    }
}

/// A diff of two requests, a request and a cassette, or two cassettes.
#[derive(Debug)]
pub struct Compared<'a> {
    /// The comparison.
    pub report: &'a DiffReport,
    /// The left side as given (human heading).
    pub a: &'a Path,
    /// The right side.
    pub b: &'a Path,
}

impl Serialize for Compared<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct PartOut<'p> {
            part: &'p str,
            same: bool,
            #[serde(skip_serializing_if = "Option::is_none")]
            old: Option<&'p str>,
            #[serde(skip_serializing_if = "Option::is_none")]
            new: Option<&'p str>,
        }
        #[derive(Serialize)]
        struct Out<'r> {
            kind: DiffKind,
            identical: bool,
            parts: Vec<PartOut<'r>>,
            notes: &'r [String],
            #[serde(skip_serializing_if = "Option::is_none")]
            same_key: Option<bool>,
            #[serde(skip_serializing_if = "Option::is_none")]
            hit: Option<bool>,
        }
        let r = self.report;
        let parts = r
            .parts
            .iter()
            .map(|p| {
                let differs = !p.same();
                PartOut {
                    part: p.name,
                    same: !differs,
                    old: p.old.as_deref().filter(|_| differs),
                    new: p.new.as_deref().filter(|_| differs),
                }
            })
            .collect();
        Out {
            kind: r.kind,
            identical: r.identical(),
            parts,
            notes: &r.notes,
            same_key: r.same_key,
            hit: r.hit,
        }
        .serialize(s)
    }
}
