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

mod events;

pub use events::{DiffEvent, DiffSink};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;

use crate::advice::{Advice, Phrasebook, Plain};
use crate::cassette::strip_fence;
use crate::cassette::Cassette;
use crate::error::{Error, Result};
use crate::key::KeyMaterial;
use crate::outcome::{Outcome, Verdict};
use crate::request::Request;
use crate::sink::sent;
use crate::store::scan;

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

fn part(
    name: &'static str,
    old: impl Into<Option<String>>,
    new: impl Into<Option<String>>,
    style: Style,
) -> Part {
    Part {
        name,
        old: old.into(),
        new: new.into(),
        style,
    }
}

/// Pretty JSON with sorted keys (placeholders and all strings kept as they are).
pub(crate) fn stable_pretty(v: &Value) -> String {
    fn sorted(v: &Value) -> Value {
        match v {
            Value::Object(o) => {
                let map: BTreeMap<&String, Value> = o.iter().map(|(k, v)| (k, sorted(v))).collect();
                Value::Object(map.into_iter().map(|(k, v)| (k.clone(), v)).collect())
            }
            Value::Array(a) => Value::Array(a.iter().map(sorted).collect()),
            other => other.clone(),
        }
    }
    serde_json::to_string_pretty(&sorted(v)).unwrap_or_default()
}

/// An answer as compared: pretty-printed with stable key order when it is JSON, else as is.
fn answer_text(text: &str) -> (String, Style) {
    match serde_json::from_str::<Value>(strip_fence(text)) {
        Ok(v @ (Value::Object(_) | Value::Array(_))) => (stable_pretty(&v), Style::Lines),
        _ => (text.to_owned(), Style::Words),
    }
}

fn schema_text(canonical: &str) -> String {
    serde_json::from_str::<Value>(canonical)
        .map(|v| stable_pretty(&v))
        .unwrap_or_else(|_| canonical.to_owned())
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

/// Compares two sides; the advice of a note is in the words of `phrasebook`.
pub fn diff(a: &Operand, b: &Operand, phrasebook: &dyn Phrasebook) -> Result<DiffReport> {
    Ok(match (a, b) {
        (Operand::Request(x), Operand::Request(y)) => requests(x, y),
        (Operand::Request(r), Operand::Cassette(c)) => request_cassette(r, c, false, phrasebook),
        (Operand::Cassette(c), Operand::Request(r)) => request_cassette(r, c, true, phrasebook),
        (Operand::Cassette(x), Operand::Cassette(y)) => cassettes(x, y),
        (Operand::Store(x), Operand::Store(y)) => stores(x, y)?,
        _ => {
            return Err(Error::msg(
                "cannot compare a store folder with a single file: give two stores, or two files",
            ))
        }
    })
}

fn requests(x: &Request, y: &Request) -> DiffReport {
    let (mx, my) = (KeyMaterial::of(x), KeyMaterial::of(y));
    DiffReport {
        kind: DiffKind::Requests,
        same_key: Some(mx.key() == my.key()),
        parts: vec![
            part("task", mx.task.clone(), my.task.clone(), Style::Value),
            part(
                "prompt_version",
                mx.prompt_version.to_string(),
                my.prompt_version.to_string(),
                Style::Value,
            ),
            part(
                "schema",
                schema_text(&mx.schema_json),
                schema_text(&my.schema_json),
                Style::Lines,
            ),
            part("content", mx.content.text, my.content.text, Style::Words),
        ],
        ..Default::default()
    }
}

fn request_cassette(
    r: &Request,
    c: &Cassette,
    cassette_first: bool,
    phrasebook: &dyn Phrasebook,
) -> DiffReport {
    let m = KeyMaterial::of(r);
    let key = m.key();
    let mut parts = vec![
        part("task", c.task.clone(), key.task.clone(), Style::Value),
        part(
            "prompt_version",
            c.prompt_version.to_string(),
            key.prompt_version.to_string(),
            Style::Value,
        ),
        part("hash", c.hash.clone(), key.hash.clone(), Style::Value),
    ];
    let mut notes = Vec::new();
    match &c.request {
        Some(stored) => {
            parts.push(part("schema", schema_text(&stored.schema), schema_text(&m.schema_json), Style::Lines));
            parts.push(part("content", stored.content.clone(), m.content.text.clone(), Style::Words));
        }
        None => notes.push(format!(
            "the cassette carries no request material: only its key can be compared (record with `{}` to keep it)",
            phrasebook.phrase(&Advice::Recorder, None)
        )),
    }
    if !cassette_first {
        for p in &mut parts {
            std::mem::swap(&mut p.old, &mut p.new);
        }
    }
    let hit = c.task == key.task && c.prompt_version == key.prompt_version && c.hash == key.hash;
    DiffReport {
        kind: DiffKind::RequestCassette,
        hit: Some(hit),
        parts,
        notes,
        ..Default::default()
    }
}

fn cassettes(x: &Cassette, y: &Cassette) -> DiffReport {
    let usage = |c: &Cassette| stable_pretty(&c.usage);
    let (ax, style) = answer_text(&x.text);
    let (ay, style_y) = answer_text(&y.text);
    let mut parts = vec![
        part("task", x.task.clone(), y.task.clone(), Style::Value),
        part(
            "prompt_version",
            x.prompt_version.to_string(),
            y.prompt_version.to_string(),
            Style::Value,
        ),
        part("hash", x.hash.clone(), y.hash.clone(), Style::Value),
        part("model", x.model.clone(), y.model.clone(), Style::Value),
        part(
            "stop_reason",
            x.stop_reason.clone(),
            y.stop_reason.clone(),
            Style::Value,
        ),
        part(
            "refusal_category",
            x.refusal_category.clone(),
            y.refusal_category.clone(),
            Style::Value,
        ),
        part("usage", usage(x), usage(y), Style::Lines),
        part(
            "answer",
            ax,
            ay,
            if style == style_y {
                style
            } else {
                Style::Words
            },
        ),
    ];
    if x.request.is_some() || y.request.is_some() {
        let get = |c: &Cassette| {
            c.request
                .as_ref()
                .map(|r| (schema_text(&r.schema), r.content.clone()))
        };
        let (rx, ry) = (get(x), get(y));
        parts.push(part(
            "schema",
            rx.as_ref().map(|r| r.0.clone()),
            ry.as_ref().map(|r| r.0.clone()),
            Style::Lines,
        ));
        parts.push(part(
            "content",
            rx.map(|r| r.1),
            ry.map(|r| r.1),
            Style::Words,
        ));
    }
    DiffReport {
        kind: DiffKind::Cassettes,
        parts,
        ..Default::default()
    }
}

/// The parts two versions of one cassette file differ in (`bytes` when they hold the same
/// cassette in another layout, or a side cannot be read as one).
fn differing_parts(x: Option<&[u8]>, y: Option<&[u8]>) -> Vec<&'static str> {
    let parse = |b: Option<&[u8]>| b.and_then(|b| Cassette::from_slice(b).ok());
    let (Some(cx), Some(cy)) = (parse(x), parse(y)) else {
        return vec!["bytes"];
    };
    let differs: Vec<&'static str> = cassettes(&cx, &cy)
        .parts
        .iter()
        .filter(|p| !p.same())
        .map(|p| p.name)
        .collect();
    if differs.is_empty() {
        vec!["bytes"]
    } else {
        differs
    }
}

fn stores(x: &Path, y: &Path) -> Result<DiffReport> {
    let list = |root: &Path| -> Result<BTreeMap<PathBuf, PathBuf>> {
        Ok(scan(root)?
            .cassettes
            .into_iter()
            .map(|c| (c.relative().to_path_buf(), c.path.clone()))
            .collect())
    };
    let (lx, ly) = (list(x)?, list(y)?);
    let mut changes = Vec::new();
    for (rel, px) in &lx {
        match ly.get(rel) {
            None => changes.push(StoreChange {
                status: ChangeStatus::Removed,
                path: rel.clone(),
                differs: Vec::new(),
            }),
            Some(py) => {
                let read = |p: &Path| crate::store::read_cassette_bytes(p).ok();
                let (bx, by) = (read(px), read(py));
                if bx.is_some() && bx == by {
                    continue;
                }
                changes.push(StoreChange {
                    status: ChangeStatus::Changed,
                    path: rel.clone(),
                    differs: differing_parts(bx.as_deref(), by.as_deref()),
                });
            }
        }
    }
    for rel in ly.keys().filter(|r| !lx.contains_key(*r)) {
        changes.push(StoreChange {
            status: ChangeStatus::Added,
            path: rel.clone(),
            differs: Vec::new(),
        });
    }
    changes.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(DiffReport {
        kind: DiffKind::Stores,
        store_changes: changes,
        ..Default::default()
    })
}
