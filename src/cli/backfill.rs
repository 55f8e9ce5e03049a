//! `backfill`: add request material from request dumps to the cassettes they hit.

use serde_json::json;
use ulcas::backfill::{backfill_request, BackfillOutcome};

use super::args::BackfillArgs;
use super::output::{Format, Out, Tone};
use super::{each_request, exact, shown, stores, Answer, Outcome};

/// `ulcas backfill`.
pub fn backfill(args: BackfillArgs, color: bool) -> Outcome {
    let jobs = stores::resolve(&args.stores)?;
    for job in &jobs {
        if !job.root.is_dir() {
            return Err(ulcas::Error::in_file(&job.root, "no such store folder").into());
        }
    }
    let mut out = Out::stdout(args.format.format.into(), color);
    let mut counts = Counts::default();
    let done = each_request(&args.requests, |file, request, _| {
        for outcome in backfill_request(&jobs, file, &request) {
            counts.add(&outcome);
            match out.format {
                Format::Json => out.event(&event(&outcome))?,
                _ => human(&mut out, &outcome)?,
            }
        }
        Ok(())
    });
    match out.format {
        Format::Json => out.event(&json!({
            "type": "summary",
            "backfilled": counts.backfilled,
            "already": counts.already,
            "conflicts": counts.conflicts,
            "unmatched": counts.unmatched,
        }))?,
        _ => {
            let mut parts = vec![format!(
                "{} gained request material",
                count(counts.backfilled, "cassette", "cassettes")
            )];
            if counts.already > 0 {
                parts.push(format!("{} already had it", counts.already));
            }
            if counts.conflicts > 0 {
                parts.push(format!(
                    "{} left as it was (other material)",
                    counts.conflicts
                ));
            }
            if counts.unmatched > 0 {
                let verb = if counts.unmatched == 1 { "hits" } else { "hit" };
                parts.push(format!(
                    "{} {verb} no cassette",
                    count(counts.unmatched, "dump", "dumps")
                ));
            }
            let line = format!("backfill: {}", parts.join(", "));
            out.line(&out.paint(Tone::Strong, &line))?;
        }
    }
    out.flush()?;
    done?;
    Ok(if counts.unmatched + counts.conflicts > 0 {
        Answer::No
    } else {
        Answer::Yes
    })
}

fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[derive(Default)]
struct Counts {
    backfilled: usize,
    already: usize,
    conflicts: usize,
    unmatched: usize,
}

impl Counts {
    fn add(&mut self, o: &BackfillOutcome) {
        match o {
            BackfillOutcome::Backfilled { .. } => self.backfilled += 1,
            BackfillOutcome::AlreadyThere { .. } => self.already += 1,
            BackfillOutcome::Conflict { .. } => self.conflicts += 1,
            BackfillOutcome::Unmatched { .. } => self.unmatched += 1,
        }
    }
}

fn event(o: &BackfillOutcome) -> serde_json::Value {
    match o {
        BackfillOutcome::Backfilled { path, request } => {
            json!({"type": "backfilled", "path": exact(path), "request": exact(request)})
        }
        BackfillOutcome::AlreadyThere { path, request } => {
            json!({"type": "already-backfilled", "path": exact(path), "request": exact(request)})
        }
        BackfillOutcome::Conflict { path, request, why } => {
            json!({"type": "conflict", "path": exact(path), "request": exact(request), "why": why})
        }
        BackfillOutcome::Unmatched { request, path } => {
            json!({"type": "unmatched", "request": exact(request), "path": exact(path)})
        }
    }
}

fn human(out: &mut Out, o: &BackfillOutcome) -> std::io::Result<()> {
    let (tone, label, text) = match o {
        BackfillOutcome::Backfilled { path, request } => (
            Tone::Good,
            "backfilled",
            format!("{} (from {})", shown(path), shown(request)),
        ),
        BackfillOutcome::AlreadyThere { path, .. } => (Tone::Dim, "has it    ", shown(path)),
        BackfillOutcome::Conflict { path, why, .. } => {
            (Tone::Bad, "left as is", format!("{}: {why}", shown(path)))
        }
        BackfillOutcome::Unmatched { request, path } => (
            Tone::Warn,
            "unmatched ",
            format!("{}: no cassette at {}", shown(request), shown(path)),
        ),
    };
    let label = out.paint(tone, label);
    out.line(&format!("{label} {text}"))
}
