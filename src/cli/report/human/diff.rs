//! `diff` in human text: the parts the key sees, side by side; or a store's changes per task.

use std::collections::BTreeMap;
use std::io;

use std::path::PathBuf;

use ulcas::diff::{ChangeStatus, StoreChange, StoresSummary, Style};
use ulcas::diff::{Compared, DiffEvent};
use ulcas::lookup::word_diff;

use super::render::{compact_diff, line_diff};
use crate::cli::output::{Out, Tone};
use crate::cli::report::Detail;
use crate::cli::report::shown;

/// What a `diff` of two stores gathers until its summary.
#[derive(Default)]
pub(super) struct DiffState {
    /// Per task: added, removed, changed.
    store_changes: std::collections::BTreeMap<String, [usize; 3]>,
    /// The first changed cassette (the example its hint names).
    first_change: Option<PathBuf>,
}

impl super::Human {
    /// The events of `diff`: each change counted per task, the totals with an example.
    pub(super) fn diff(&mut self, event: &DiffEvent<'_>) -> io::Result<()> {
        let out = &mut self.out;
        match event {
            DiffEvent::StoreChange(c) => {
                let state = self.gathered.of::<DiffState>();
                if c.status == ChangeStatus::Changed && state.first_change.is_none() {
                    state.first_change = Some(c.path.clone());
                }
                store_change(out, c, &mut state.store_changes, self.detail)
            }
            DiffEvent::Diff(d) => diff(out, d, self.detail.quiet),
            DiffEvent::Summary(s) => {
                let state = self.gathered.of::<DiffState>();
                let example = state.first_change.as_deref().filter(|_| !self.detail.stat);
                stores_total(out, s, &state.store_changes, example)
            }
        }
    }
}

/// One changed cassette of two stores (unless `--stat` or quiet), counted per task.
pub fn store_change(
    out: &mut Out,
    c: &StoreChange,
    per_task: &mut BTreeMap<String, [usize; 3]>,
    detail: Detail,
) -> io::Result<()> {
    let task = c
        .path
        .iter()
        .next()
        .map(|t| t.to_string_lossy().into_owned())
        .unwrap_or_default();
    let (slot, sign, tone) = match c.status {
        ChangeStatus::Added => (0, '+', Tone::Good),
        ChangeStatus::Removed => (1, '-', Tone::Bad),
        ChangeStatus::Changed => (2, '~', Tone::Warn),
    };
    per_task.entry(task).or_default()[slot] += 1;
    if detail.stat || detail.quiet {
        return Ok(());
    }
    let differs = if c.differs.is_empty() {
        String::new()
    } else {
        let verb = if c.differs.len() == 1 {
            "differs"
        } else {
            "differ"
        };
        format!(" ({} {verb})", c.differs.join(", "))
    };
    let line = out.paint(
        tone,
        &format!("{sign} {:<8} {}{differs}", c.status.name(), shown(&c.path)),
    );
    out.line(&line)
}

/// The per-task counts and the totals of two stores.
pub fn stores_total(
    out: &mut Out,
    s: &StoresSummary,
    per_task: &BTreeMap<String, [usize; 3]>,
    first_change: Option<&std::path::Path>,
) -> io::Result<()> {
    for (task, [add, del, chg]) in per_task {
        out.line(&format!("  {task:<24} +{add} -{del} ~{chg}"))?;
    }
    let (a, b) = &s.sides;
    out.line(&format!(
        "{} → {}: {} added, {} removed, {} changed",
        shown(a),
        shown(b),
        s.added,
        s.removed,
        s.changed
    ))?;
    if let Some(first) = first_change {
        let pair = ulcas::shell::words(&[
            "ulcas",
            "diff",
            &a.join(first).display().to_string(),
            &b.join(first).display().to_string(),
        ]);
        out.line(&out.paint(Tone::Dim, &format!("what changed in one: {pair}")))?;
    }
    Ok(())
}

/// Two requests, a request and a cassette, or two cassettes.
pub fn diff(out: &mut Out, d: &Compared<'_>, quiet: bool) -> io::Result<()> {
    let r = d.report;
    if !quiet {
        let head = out.paint(
            Tone::Strong,
            &format!("--- {}\n+++ {}", shown(d.a), shown(d.b)),
        );
        out.line(&head)?;
    }
    if let Some(same) = r.same_key {
        let verdict = if same {
            out.paint(Tone::Good, "same key")
        } else {
            out.paint(Tone::Bad, "different keys")
        };
        let seen = if same {
            "no difference"
        } else {
            "the parts below"
        };
        out.line(&format!("{verdict}: the key sees {seen}"))?;
    }
    if let Some(hit) = r.hit {
        let verdict = if hit {
            out.paint(Tone::Good, "would hit")
        } else {
            out.paint(Tone::Bad, "would miss")
        };
        let loads = if hit { "loads" } else { "does not load" };
        out.line(&format!("{verdict}: the request {loads} this cassette"))?;
    }
    if r.same_key.is_none() && r.hit.is_none() {
        let verdict = if r.identical() {
            out.paint(Tone::Good, "identical")
        } else {
            out.paint(Tone::Bad, "different")
        };
        out.line(&format!("{verdict}: {}", r.kind.name()))?;
    }
    if quiet {
        return Ok(());
    }
    for note in &r.notes {
        out.line(&out.paint(Tone::Dim, note))?;
    }
    for p in &r.parts {
        part(out, p)?;
    }
    Ok(())
}

fn part(out: &mut Out, p: &ulcas::diff::Part) -> io::Result<()> {
    let name = out.paint(Tone::Accent, &format!("{:<16}", p.name));
    if p.same() {
        return out.line(&format!("  {name} same"));
    }
    let (Some(old), Some(new)) = (p.old.as_deref(), p.new.as_deref()) else {
        return out.line(&format!("  {name} only on one side"));
    };
    match p.style {
        Style::Value => {
            let o = out.paint(Tone::Bad, old);
            let n = out.paint(Tone::Good, new);
            out.line(&format!("  {name} {o} → {n}"))
        }
        Style::Lines => {
            out.line(&format!("  {name} differs"))?;
            for line in line_diff(out, old, new) {
                out.line(&line)?;
            }
            Ok(())
        }
        Style::Words => {
            let (d, ratio) = word_diff(old, new);
            out.line(&format!(
                "  {name} differs ({} similar)",
                ulcas::lookup::percent(ratio)
            ))?;
            for line in compact_diff(out, &d) {
                out.line(&line)?;
            }
            Ok(())
        }
    }
}
