//! `migrate` in human text: what can be carried over, what needs recording, what was skipped
//! and why, then the command that writes it and the one that prunes the old cassettes.

use std::io;

use ulcas::advice::Advice;
use ulcas::migrate::{MigrateEvent, MigrateOutcome, Migration};
use ulcas::store_settings::StoreSettings;

use crate::cli::output::{Out, Tone};
use crate::cli::report::Detail;
use crate::cli::report::group::count;
use crate::cli::report::{rerun_with, shown};

/// Paths listed per group (`--verbose` lists every one).
const LISTED: usize = 10;

/// The events of `migrate`: each cassette's outcome is written with its migration (the
/// context), the summary says how to bring the lock back in line.
pub fn event(out: &mut Out, event: &MigrateEvent<'_>) -> io::Result<()> {
    match event {
        MigrateEvent::Outcome(_) => Ok(()),
        MigrateEvent::Summary(s) => super::prune::lock_steps(
            out,
            &s.lock_accept,
            &format!(
                "ulcas.lock still holds the old schema (after `{}` removes the old cassettes)",
                s.prune
            ),
        ),
    }
}

pub fn migration(
    out: &mut Out,
    store: &StoreSettings,
    m: &Migration,
    write: bool,
    detail: Detail,
) -> io::Result<()> {
    let head = format!(
        "{}: migrate {} v{} to the schema of {}",
        shown(&store.root),
        m.task,
        m.version,
        m.schema_source
    );
    out.line(&out.paint(Tone::Strong, &head))?;
    let s = m.summary(store);
    if detail.quiet {
        return out.line(&totals(m, &s, write));
    }
    let listed = if detail.verbose { usize::MAX } else { LISTED };
    carried_over(out, m, s.migrated, write, listed)?;
    needs_recording(out, store, m, s.needs_recording, listed)?;
    skipped(out, m, listed)?;
    out.line(&totals(m, &s, write))?;
    if !write && s.migrated > s.written {
        out.line(&format!("  to write them: {}", rerun_with("--write")))?;
    } else if s.migrated > 0 {
        out.line(&format!(
            "  the old cassettes stay (schema-changed now); once the tests pass: {}",
            store.advise(Advice::Prune { orphans: false })
        ))?;
    }
    Ok(())
}

/// The answers that fit the new schema: old path → new path.
fn carried_over(
    out: &mut Out,
    m: &Migration,
    migrated: usize,
    write: bool,
    listed: usize,
) -> io::Result<()> {
    if migrated == 0 {
        return Ok(());
    }
    let verb = if write {
        "carried over"
    } else {
        "can carry over"
    };
    let line = format!(
        "  {verb} {} (the answer fits the new schema):",
        count(migrated, "answer", "answers")
    );
    out.line(&out.paint(Tone::Good, &line))?;
    let moves = m.outcomes.iter().filter_map(|o| match o {
        MigrateOutcome::Migrated {
            from, to, repaired, ..
        } => Some((from, to, *repaired)),
        _ => None,
    });
    for (from, to, repaired) in moves.take(listed) {
        let note = if repaired {
            " (fails, but its repair turn is recorded)"
        } else {
            ""
        };
        out.line(&format!("    {} → {}{note}", shown(from), shown(to)))?;
    }
    more(out, migrated, listed)
}

/// The answers that fail the new schema, each with its first errors.
fn needs_recording(
    out: &mut Out,
    store: &StoreSettings,
    m: &Migration,
    needs: usize,
    listed: usize,
) -> io::Result<()> {
    if needs == 0 {
        return Ok(());
    }
    let line = format!(
        "  {} the new schema: record {} anew with {}",
        count(needs, "answer fails", "answers fail"),
        if needs == 1 { "it" } else { "them" },
        store.record_hint()
    );
    out.line(&out.paint(Tone::Warn, &line))?;
    let failing = m.outcomes.iter().filter_map(|o| match o {
        MigrateOutcome::NeedsRecording { path, errors } => Some((path, errors)),
        _ => None,
    });
    for (path, errors) in failing.take(listed) {
        out.line(&format!("    {}", shown(path)))?;
        for (pointer, message) in errors.iter().take(3) {
            let at = if pointer.is_empty() { "/" } else { pointer };
            out.line(&out.paint(Tone::Dim, &format!("      {at}: {message}")))?;
        }
        if errors.len() > 3 {
            out.line(&out.paint(Tone::Dim, &format!("      and {} more", errors.len() - 3)))?;
        }
    }
    more(out, needs, listed)
}

/// Conflicts, then the skipped cassettes grouped by why, the first few paths of each.
fn skipped(out: &mut Out, m: &Migration, listed: usize) -> io::Result<()> {
    let mut skipped_by_why: std::collections::BTreeMap<String, Vec<&std::path::Path>> =
        Default::default();
    for o in &m.outcomes {
        match o {
            MigrateOutcome::Skipped { path, why } => skipped_by_why
                .entry(why.to_string())
                .or_default()
                .push(path),
            MigrateOutcome::Conflict { from, to } => out.line(&out.paint(
                Tone::Bad,
                &format!(
                    "  left {} alone: a different cassette is already at {} (never overwritten)",
                    shown(from),
                    shown(to)
                ),
            ))?,
            MigrateOutcome::Failed { to, why, .. } => out.line(&out.paint(
                Tone::Bad,
                &format!("  could not write {}: {why}", shown(to)),
            ))?,
            // Listed by `carried_over` and `needs_recording`.
            MigrateOutcome::Migrated { .. } | MigrateOutcome::NeedsRecording { .. } => {}
        }
    }
    for (why, paths) in skipped_by_why {
        let head = format!(
            "  skipped {}: {why}",
            count(paths.len(), "cassette", "cassettes")
        );
        out.line(&out.paint(Tone::Warn, &head))?;
        for path in paths.iter().take(listed) {
            out.line(&format!("    {}", shown(path)))?;
        }
        more(out, paths.len(), listed)?;
    }
    Ok(())
}

/// `  3 carried over, 1 need recording`.
fn totals(m: &Migration, s: &ulcas::migrate::MigrateSummary, write: bool) -> String {
    let (migrated, written, needs, skipped, conflicts) = (
        s.migrated,
        s.written,
        s.needs_recording,
        s.skipped,
        s.conflicts,
    );
    let mut parts = vec![format!("{migrated} carried over")];
    if !write && migrated > written {
        parts[0] = format!("{migrated} can be carried over");
    }
    for (n, what) in [
        (needs, "need recording"),
        (skipped, "skipped"),
        (conflicts, "in conflict"),
        (s.failed, "could not be written"),
    ] {
        if n > 0 {
            parts.push(format!("{n} {what}"));
        }
    }
    if m.current > 0 {
        parts.push(format!("{} already on the new schema", m.current));
    }
    format!("  {}", parts.join(", "))
}

fn more(out: &mut Out, n: usize, listed: usize) -> io::Result<()> {
    if n > listed {
        let line = format!("    … and {} more (--verbose lists every one)", n - listed);
        out.line(&out.paint(Tone::Dim, &line))?;
    }
    Ok(())
}
