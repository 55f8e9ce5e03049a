//! `normalize`, `hash`, `record` and `backfill` in human text: one request at a time.

use std::io;
use std::path::Path;

use ulcas::backfill::{BackfillOutcome, BackfillSummary};
use ulcas::dumps::RequestEvent;
use ulcas::normalise::PlaceholderMap;
use ulcas::record::RecordEvent;
use ulcas::store::RecordStatus;

use crate::cli::output::{note, Out, Tone};
use crate::cli::report::group::count;
use crate::cli::report::shown;

/// The events of `normalize` and `hash`.
pub fn event(out: &mut Out, event: &RequestEvent<'_>) -> io::Result<()> {
    match event {
        RequestEvent::Normalized {
            request,
            content,
            map,
            several,
            task,
        } => normalized(out, request, content, map, *several, *task),
        RequestEvent::Key {
            request,
            hash,
            path,
            several,
            ..
        } => key(out, request, hash, path, *several),
        _ => Ok(()),
    }
}

/// The event of `record`.
pub fn record(out: &mut Out, event: &RecordEvent<'_>, quiet: bool) -> io::Result<()> {
    let RecordEvent::Recorded {
        path,
        status,
        fails_schema,
        ..
    } = event
    else {
        return Ok(());
    };
    recorded(out, path, *status, quiet)?;
    if let Some(first) = fails_schema.first() {
        let more = match fails_schema.len() {
            1 => String::new(),
            n => format!(" (and {} more)", n - 1),
        };
        note(&format!(
            "warning: the answer fails the request's output schema: {first}{more}; it is recorded as given, and its replay makes the app send a repair turn (verify reports it as `schema`)"
        ));
    }
    Ok(())
}

/// The normalised content, its placeholders highlighted, and the placeholder map.
fn normalized(
    out: &mut Out,
    request: &Path,
    content: &str,
    map: &PlaceholderMap,
    several: bool,
    (task, version): (&str, i64),
) -> io::Result<()> {
    if several {
        let head = format!("== {} ({task} v{version})", shown(request));
        out.line(&out.paint(Tone::Strong, &head))?;
    }
    let text = highlight_placeholders(out, content);
    out.block(&text)?;
    let summary = match map.len() {
        0 => "no generated ids".to_owned(),
        1 => "1 placeholder:".to_owned(),
        n => format!("{n} placeholders:"),
    };
    let summary = out.paint(Tone::Dim, &format!("\n{summary}"));
    out.line(&summary)?;
    for (placeholder, id) in map.iter() {
        let p = out.paint(Tone::Accent, &format!("{{{{{placeholder}}}}}"));
        out.line(&format!("  {p:<12} {id}"))?;
    }
    if several {
        out.line("")?;
    }
    Ok(())
}

/// Placeholders painted so they stand out in normalised content.
fn highlight_placeholders(out: &Out, text: &str) -> String {
    if !out.color {
        return text.to_owned();
    }
    let mut result = String::with_capacity(text.len());
    let mut last = 0;
    for p in ulcas::normalise::placeholders_in(text) {
        let end = p.end();
        result.push_str(&text[last..p.offset]);
        result.push_str(&out.paint(Tone::Accent, &text[p.offset..end]));
        last = end;
    }
    result.push_str(&text[last..]);
    result
}

/// `HASH  PATH`, prefixed with the dump when there are several.
fn key(out: &mut Out, request: &Path, hash: &str, path: &Path, several: bool) -> io::Result<()> {
    let hash = out.paint(Tone::Accent, hash);
    let prefix = if several {
        format!("{}: ", shown(request))
    } else {
        String::new()
    };
    out.line(&format!("{prefix}{hash}  {}", shown(path)))
}

/// The cassette's path; a note when it was not created.
fn recorded(out: &mut Out, path: &Path, status: RecordStatus, quiet: bool) -> io::Result<()> {
    out.line(&shown(path))?;
    if status != RecordStatus::Created && !quiet {
        note(&format!("{status}: {}", shown(path)));
    }
    Ok(())
}

/// What one dump did to one cassette.
pub fn backfill(out: &mut Out, o: &BackfillOutcome) -> io::Result<()> {
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
pub fn backfill_total(out: &mut Out, s: &BackfillSummary) -> io::Result<()> {
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
