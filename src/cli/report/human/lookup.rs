//! `lookup` in human text: a hit with what it holds, or a miss with every diagnosis.

use std::io;

use ulcas::lookup::{Detail, Diagnosis, DiffTag, LookupEvent, LookupStatus};

use super::render::compact_diff;
use crate::cli::output::{Out, Tone};
use crate::cli::report::shown;

/// One lookup. With `--replay` the answer alone goes to stdout and this to stderr (the command
/// chooses the printer); `quiet` keeps only the verdict line.
pub fn lookup(out: &mut Out, l: &LookupEvent<'_>, quiet: bool) -> io::Result<()> {
    let r = l.lookup;
    if quiet {
        let verdict = match l.status {
            LookupStatus::Hit => out.paint(Tone::Good, "hit"),
            LookupStatus::Synthetic => out.paint(Tone::Warn, "synthetic"),
            LookupStatus::Miss => out.paint(Tone::Bad, "miss"),
        };
        return out.line(&format!(
            "{}: {verdict} {}",
            shown(l.request),
            shown(&r.path)
        ));
    }
    let head = out.paint(Tone::Strong, &shown(l.request));
    out.line(&head)?;
    if let Some(hit) = &r.hit {
        let c = &hit.cassette;
        let label = out.paint(Tone::Good, "hit ");
        out.line(&format!("  {label} {}", shown(&hit.path)))?;
        let usage = ["input_tokens", "output_tokens"]
            .iter()
            .map(|k| c.usage_count(k).map_or("?".into(), |n| n.to_string()))
            .collect::<Vec<_>>();
        out.line(&format!(
            "  model {}, stop reason {}, usage {} in / {} out, request material: {}",
            c.model,
            c.stop_reason,
            usage[0],
            usage[1],
            if c.request.is_some() { "yes" } else { "no" }
        ))?;
        // A hit's caveats (`lock-differs`).
        for d in &r.diagnoses {
            diagnosis(out, d)?;
        }
        return Ok(());
    }
    let label = out.paint(Tone::Bad, "miss");
    out.line(&format!(
        "  {label} No cassette for task {:?} (prompt v{}) at {}",
        r.key.task,
        r.key.prompt_version,
        shown(&r.path)
    ))?;
    for d in &r.diagnoses {
        diagnosis(out, d)?;
    }
    if l.status == LookupStatus::Synthetic {
        let label = out.paint(Tone::Warn, "synthetic answer (not a recording):");
        out.line(&format!("  {label}"))?;
        if let (Some(text), false) = (l.text, l.replay) {
            out.line(text)?;
        }
    }
    Ok(())
}

fn diagnosis(out: &mut Out, d: &Diagnosis) -> io::Result<()> {
    let kind = out.paint(Tone::Accent, &format!("{:<25}", d.kind().name()));
    out.line(&format!("  {kind} {}", d.message))?;
    if let Some(c) = &d.cassette {
        if !d.message.contains(&shown(c)) {
            out.line(&format!("  {:<25} {}", "", shown(c)))?;
        }
    }
    if let Detail::ContentChanged {
        verdicts: v, diff, ..
    } = &d.detail
    {
        let mark = |ok: bool| {
            if ok {
                out.paint(Tone::Good, "same")
            } else {
                out.paint(Tone::Bad, "differs")
            }
        };
        out.line(&format!(
            "      task {}, version {}, schema {}, content {}",
            mark(v.task),
            mark(v.version),
            mark(v.schema),
            mark(v.content)
        ))?;
        if diff.iter().any(|(t, _)| *t != DiffTag::Same) {
            for line in compact_diff(out, diff) {
                out.line(&line)?;
            }
        }
    }
    if let Detail::SystemChanged { diff, .. } = &d.detail {
        out.line("      the system text, recorded → now:")?;
        for line in compact_diff(out, diff) {
            out.line(&line)?;
        }
    }
    Ok(())
}
