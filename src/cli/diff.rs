//! `diff`: two requests, a request and a cassette, two cassettes or two stores.

use std::collections::BTreeMap;

use serde_json::json;
use ulcas::diff::{diff as compare, DiffReport, Side, Style};
use ulcas::lookup::word_diff;

use super::args::DiffArgs;
use super::output::{Format, Out, Tone};
use super::render::{compact_diff, line_diff};
use super::{exact, shown, Answer, Outcome};

/// `ulcas diff`.
pub fn diff(args: DiffArgs, color: bool) -> Outcome {
    let a = Side::read(&args.a)?;
    let b = Side::read(&args.b)?;
    let report = compare(&a, &b)?;
    let mut out = Out::stdout(args.format.format.into(), color);
    match out.format {
        Format::Json => json_lines(&mut out, &report)?,
        _ => human(&mut out, &args, &report)?,
    }
    out.flush()?;
    Ok(if report.identical() {
        Answer::Yes
    } else {
        Answer::No
    })
}

fn json_lines(out: &mut Out, r: &DiffReport) -> std::io::Result<()> {
    if r.kind == "stores" {
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for c in &r.store_changes {
            out.event(
                &json!({"type": "store-change", "status": c.status, "path": exact(&c.path)}),
            )?;
            *counts.entry(c.status).or_default() += 1;
        }
        return out.event(&json!({
            "type": "summary", "identical": r.identical(),
            "added": counts.get("added").copied().unwrap_or(0),
            "removed": counts.get("removed").copied().unwrap_or(0),
            "changed": counts.get("changed").copied().unwrap_or(0),
        }));
    }
    let parts: Vec<_> = r
        .parts
        .iter()
        .map(|p| {
            let mut v = json!({"part": p.name, "same": p.same()});
            if !p.same() {
                v["old"] = json!(p.old);
                v["new"] = json!(p.new);
            }
            v
        })
        .collect();
    let mut v = json!({"type": "diff", "kind": r.kind, "identical": r.identical(), "parts": parts, "notes": r.notes});
    if let Some(same) = r.same_key {
        v["same_key"] = json!(same);
    }
    if let Some(hit) = r.hit {
        v["hit"] = json!(hit);
    }
    out.event(&v)
}

fn human(out: &mut Out, args: &DiffArgs, r: &DiffReport) -> std::io::Result<()> {
    let (a, b) = (shown(&args.a), shown(&args.b));
    if r.kind == "stores" {
        let mut per_task: BTreeMap<String, [usize; 3]> = BTreeMap::new();
        for c in &r.store_changes {
            let task = c
                .path
                .iter()
                .next()
                .map(|t| t.to_string_lossy().into_owned())
                .unwrap_or_default();
            let slot = match c.status {
                "added" => 0,
                "removed" => 1,
                _ => 2,
            };
            per_task.entry(task).or_default()[slot] += 1;
            if !args.stat {
                let (sign, tone) = match c.status {
                    "added" => ('+', Tone::Good),
                    "removed" => ('-', Tone::Bad),
                    _ => ('~', Tone::Warn),
                };
                let line = out.paint(tone, &format!("{sign} {:<8} {}", c.status, shown(&c.path)));
                out.line(&line)?;
            }
        }
        for (task, [add, del, chg]) in &per_task {
            out.line(&format!("  {task:<24} +{add} -{del} ~{chg}"))?;
        }
        let total = |s: &str| r.store_changes.iter().filter(|c| c.status == s).count();
        return out.line(&format!(
            "{a} → {b}: {} added, {} removed, {} changed",
            total("added"),
            total("removed"),
            total("changed")
        ));
    }
    let head = out.paint(Tone::Strong, &format!("--- {a}\n+++ {b}"));
    out.line(&head)?;
    if let Some(same) = r.same_key {
        let verdict = if same {
            out.paint(Tone::Good, "same key")
        } else {
            out.paint(Tone::Bad, "different keys")
        };
        out.line(&format!(
            "{verdict}: the key sees {}",
            if same {
                "no difference"
            } else {
                "the parts below"
            }
        ))?;
    }
    if let Some(hit) = r.hit {
        let verdict = if hit {
            out.paint(Tone::Good, "would hit")
        } else {
            out.paint(Tone::Bad, "would miss")
        };
        out.line(&format!(
            "{verdict}: the request {} this cassette",
            if hit { "loads" } else { "does not load" }
        ))?;
    }
    for note in &r.notes {
        out.line(&out.paint(Tone::Dim, note))?;
    }
    for p in &r.parts {
        let name = out.paint(Tone::Accent, &format!("{:<16}", p.name));
        if p.same() {
            out.line(&format!("  {name} same"))?;
            continue;
        }
        let (old, new) = (
            p.old.as_deref().unwrap_or(""),
            p.new.as_deref().unwrap_or(""),
        );
        match (p.style, &p.old, &p.new) {
            (_, None, _) | (_, _, None) => out.line(&format!("  {name} only on one side"))?,
            (Style::Value, _, _) => {
                let o = out.paint(Tone::Bad, old);
                let n = out.paint(Tone::Good, new);
                out.line(&format!("  {name} {o} → {n}"))?;
            }
            (Style::Lines, _, _) => {
                out.line(&format!("  {name} differs"))?;
                for line in line_diff(out, old, new) {
                    out.line(&line)?;
                }
            }
            (Style::Words, _, _) => {
                let (d, ratio) = word_diff(old, new);
                out.line(&format!("  {name} differs ({:.0}% similar)", ratio * 100.0))?;
                for line in compact_diff(out, &d) {
                    out.line(&line)?;
                }
            }
        }
    }
    Ok(())
}
