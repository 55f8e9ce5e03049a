//! `backfill` in human text: what each dump did to its cassette, then the totals.

use std::io;

use ulcas::backfill::{BackfillEvent, BackfillOutcome, BackfillSummary};

use crate::cli::output::{Out, Tone};
use crate::cli::report::group::count;
use crate::cli::report::shown;

/// The events of `backfill` (each outcome unless quiet, then the totals).
pub fn event(out: &mut Out, event: &BackfillEvent<'_>, quiet: bool) -> io::Result<()> {
    match event {
        BackfillEvent::Outcome(_) if quiet => Ok(()),
        BackfillEvent::Outcome(o) => outcome(out, o),
        BackfillEvent::Summary(s) => total(out, s),
    }
}

/// What one dump did to one cassette.
fn outcome(out: &mut Out, o: &BackfillOutcome) -> io::Result<()> {
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
        BackfillOutcome::Failed { path, why, .. } => {
            (Tone::Bad, "failed    ", format!("{}: {why}", shown(path)))
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

/// `backfill: 3 cassettes gained request material, …`.
fn total(out: &mut Out, s: &BackfillSummary) -> io::Result<()> {
    let mut parts = vec![format!(
        "{} gained request material",
        count(s.backfilled, "cassette", "cassettes")
    )];
    if s.already > 0 {
        parts.push(format!("{} already had it", s.already));
    }
    if s.conflicts > 0 {
        parts.push(format!("{} left as it was (other material)", s.conflicts));
    }
    if s.failed > 0 {
        parts.push(format!(
            "{} could not be written (left as they were; causes above)",
            count(s.failed, "cassette", "cassettes")
        ));
    }
    if s.unmatched > 0 {
        let verb = if s.unmatched == 1 { "hits" } else { "hit" };
        parts.push(format!(
            "{} {verb} no cassette",
            count(s.unmatched, "dump", "dumps")
        ));
    }
    let line = format!("backfill: {}", parts.join(", "));
    out.line(&out.paint(Tone::Strong, &line))
}
