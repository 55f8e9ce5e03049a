//! What the key sees of two operands, part by part: two requests, a request and a cassette,
//! two cassettes, or two stores (each cassette added, removed or changed).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::advice::{Advice, Phrasebook};
use crate::cassette::Cassette;
use crate::cassette::strip_fence;
use crate::error::{Error, Result};
use crate::key::KeyMaterial;
use crate::request::Request;
use crate::store::scan;

use super::{ChangeStatus, DiffKind, DiffReport, Operand, Part, StoreChange, Style};

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
            ));
        }
    })
}

fn requests(x: &Request, y: &Request) -> DiffReport {
    let (mx, my) = (KeyMaterial::of(x), KeyMaterial::of(y));
    let system = system_part(mx.system.as_deref(), my.system.as_deref());
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
        ]
        .into_iter()
        .chain(system)
        .collect(),
        ..Default::default()
    }
}

/// The system text of a prompt in code, when either side's key has one (the reference key has
/// none: it is no part of it then).
fn system_part(old: Option<&str>, new: Option<&str>) -> Option<Part> {
    (old.is_some() || new.is_some()).then(|| {
        let text = |s: Option<&str>| s.map(str::to_owned);
        part("system", text(old), text(new), Style::Words)
    })
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
            parts.extend(system_part(stored.system.as_deref(), m.system.as_deref()));
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
