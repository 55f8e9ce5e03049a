//! `migrate`: carry answers that fit a task's new output schema over to its new key.

use serde_json::json;
use ulcas::migrate::{migrate as plan, MigrateOutcome, Migration};
use ulcas::schema::Schema;
use ulcas::settings::Store;
use ulcas::Error;

use super::args::MigrateArgs;
use super::output::{gh_data, gh_property, Format, Out, Tone};
use super::verify::GITHUB_ANNOTATIONS;
use super::{exact, rerun_with, shown, stores, Answer, Outcome};

/// Paths listed per group in human output; JSON lists every one.
const LISTED: usize = 10;

/// `ulcas migrate`.
pub fn migrate(args: MigrateArgs, color: bool) -> Outcome {
    let jobs = stores::resolve(&args.stores)?;
    let schema = match &args.schema {
        Some(file) => {
            let bytes =
                ulcas::input::read_limited(file, ulcas::input::MAX_SMALL_FILE, "schema file")?;
            let text = String::from_utf8(bytes).map_err(|_| Error::in_file(file, "not UTF-8"))?;
            let schema = Schema::parse(&text).map_err(|e| Error {
                file: Some(file.clone()),
                position: Some((e.line, e.column)),
                message: e.message,
            })?;
            Some((schema, file.clone()))
        }
        None => None,
    };
    // Every store that has recordings of the task (an explicit ROOT always).
    let chosen: Vec<&Store> = if args.stores.roots.is_empty() {
        jobs.iter()
            .filter(|s| s.root.join(&args.task).is_dir())
            .collect()
    } else {
        jobs.iter().collect()
    };
    if chosen.is_empty() {
        return Err(Error::msg(format!("no store has recordings of task {:?}", args.task)).into());
    }
    let mut runs = Vec::new();
    for store in chosen {
        let new = schema.as_ref().map(|(s, f)| (s, f.as_path()));
        runs.push((store, plan(store, &args.task, new, args.write)?));
    }
    let mut out = Out::stdout(args.format.format, color);
    for (store, m) in &runs {
        match out.format {
            Format::Human => human(&mut out, store, m, args.write)?,
            Format::Json => json_lines(&mut out, store, m)?,
            Format::Github => github(&mut out, store, m)?,
        }
    }
    out.flush()?;
    Ok(if runs.iter().all(|(_, m)| m.all_carried_over()) {
        Answer::Yes
    } else {
        Answer::No
    })
}

/// Counts of a migration: carried over, written, needs recording, skipped, conflicts.
fn counts(m: &Migration) -> (usize, usize, usize, usize, usize) {
    let mut c = (0, 0, 0, 0, 0);
    for o in &m.outcomes {
        match o {
            MigrateOutcome::Migrated { written, .. } => {
                c.0 += 1;
                c.1 += usize::from(*written);
            }
            MigrateOutcome::NeedsRecording { .. } => c.2 += 1,
            MigrateOutcome::Skipped { .. } => c.3 += 1,
            MigrateOutcome::Conflict { .. } => c.4 += 1,
        }
    }
    c
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn human(out: &mut Out, store: &Store, m: &Migration, write: bool) -> std::io::Result<()> {
    if let Some(settings) = store.describe() {
        out.line(&out.paint(Tone::Dim, &format!("{}: {settings}", shown(&store.root))))?;
    }
    let head = format!(
        "{}: migrate {} v{} to the schema of {}",
        shown(&store.root),
        m.task,
        m.version,
        m.schema_source
    );
    out.line(&out.paint(Tone::Strong, &head))?;
    let (migrated, written, needs, skipped, conflicts) = counts(m);
    let pick = |f: fn(&MigrateOutcome) -> bool| m.outcomes.iter().filter(move |o| f(o));
    if migrated > 0 {
        let verb = if write {
            "carried over"
        } else {
            "can carry over"
        };
        let line = format!(
            "  {verb} {} (the answer fits the new schema):",
            plural(migrated, "answer", "answers")
        );
        out.line(&out.paint(Tone::Good, &line))?;
        for o in pick(|o| matches!(o, MigrateOutcome::Migrated { .. })).take(LISTED) {
            if let MigrateOutcome::Migrated {
                from, to, repaired, ..
            } = o
            {
                let note = if *repaired {
                    " (fails, but its repair turn is recorded)"
                } else {
                    ""
                };
                out.line(&format!("    {} → {}{note}", shown(from), shown(to)))?;
            }
        }
        more(out, migrated)?;
    }
    if needs > 0 {
        let line = format!(
            "  {} the new schema: record {} anew with {}",
            plural(needs, "answer fails", "answers fail"),
            if needs == 1 { "it" } else { "them" },
            store.record_hint()
        );
        out.line(&out.paint(Tone::Warn, &line))?;
        for o in pick(|o| matches!(o, MigrateOutcome::NeedsRecording { .. })).take(LISTED) {
            if let MigrateOutcome::NeedsRecording { path, errors } = o {
                out.line(&format!("    {}", shown(path)))?;
                for (pointer, message) in errors.iter().take(3) {
                    let at = if pointer.is_empty() { "/" } else { pointer };
                    out.line(&out.paint(Tone::Dim, &format!("      {at}: {message}")))?;
                }
                if errors.len() > 3 {
                    out.line(
                        &out.paint(Tone::Dim, &format!("      and {} more", errors.len() - 3)),
                    )?;
                }
            }
        }
        more(out, needs)?;
    }
    // Skipped cassettes grouped by why, the first few paths of each.
    let mut skipped_by_why: std::collections::BTreeMap<&str, Vec<&std::path::Path>> =
        Default::default();
    for o in &m.outcomes {
        match o {
            MigrateOutcome::Skipped { path, why } => {
                skipped_by_why.entry(why).or_default().push(path)
            }
            MigrateOutcome::Conflict { from, to } => out.line(&out.paint(
                Tone::Bad,
                &format!(
                    "  left {} alone: a different cassette is already at {} (never overwritten)",
                    shown(from),
                    shown(to)
                ),
            ))?,
            _ => {}
        }
    }
    for (why, paths) in skipped_by_why {
        let head = format!(
            "  skipped {}: {why}",
            plural(paths.len(), "cassette", "cassettes")
        );
        out.line(&out.paint(Tone::Warn, &head))?;
        for path in paths.iter().take(LISTED) {
            out.line(&format!("    {}", shown(path)))?;
        }
        more(out, paths.len())?;
    }
    let mut parts = vec![format!("{migrated} carried over")];
    if !write && migrated > written {
        parts[0] = format!("{migrated} can be carried over");
    }
    for (n, what) in [
        (needs, "need recording"),
        (skipped, "skipped"),
        (conflicts, "in conflict"),
    ] {
        if n > 0 {
            parts.push(format!("{n} {what}"));
        }
    }
    if m.current > 0 {
        parts.push(format!("{} already on the new schema", m.current));
    }
    out.line(&format!("  {}", parts.join(", ")))?;
    if !write && migrated > written {
        out.line(&format!("  to write them: {}", rerun_with("--write")))?;
    } else if migrated > 0 {
        out.line(&format!(
            "  the old cassettes stay (schema-changed now); once the tests pass: {}",
            store.command("prune", &["--delete"])
        ))?;
    }
    Ok(())
}

fn more(out: &mut Out, n: usize) -> std::io::Result<()> {
    if n > LISTED {
        let line = format!(
            "    … and {} more (--format json lists every one)",
            n - LISTED
        );
        out.line(&out.paint(Tone::Dim, &line))?;
    }
    Ok(())
}

fn json_lines(out: &mut Out, store: &Store, m: &Migration) -> std::io::Result<()> {
    for o in &m.outcomes {
        let event = match o {
            MigrateOutcome::Migrated {
                from,
                to,
                written,
                repaired,
            } => json!({
                "type": "migrated", "from": exact(from), "to": exact(to), "written": written,
                "repair_recorded": repaired,
            }),
            MigrateOutcome::NeedsRecording { path, errors } => json!({
                "type": "needs-recording", "path": exact(path),
                "errors": errors.iter().map(|(p, m)| json!({"pointer": p, "message": m})).collect::<Vec<_>>(),
            }),
            MigrateOutcome::Skipped { path, why } => {
                json!({"type": "skipped", "path": exact(path), "why": why})
            }
            MigrateOutcome::Conflict { from, to } => {
                json!({"type": "conflict", "from": exact(from), "to": exact(to)})
            }
        };
        out.event(&event)?;
    }
    let (migrated, written, needs, skipped, conflicts) = counts(m);
    out.event(&json!({
        "type": "summary",
        "store": exact(&store.root),
        "task": m.task,
        "prompt_version": m.version,
        "schema": m.schema_source,
        "migrated": migrated,
        "written": written,
        "needs_recording": needs,
        "skipped": skipped,
        "conflicts": conflicts,
        "already_current": m.current,
        "prune": store.command("prune", &["--delete"]),
    }))
}

fn github(out: &mut Out, store: &Store, m: &Migration) -> std::io::Result<()> {
    let mut shown_n = 0;
    for o in &m.outcomes {
        let (path, message) = match o {
            MigrateOutcome::NeedsRecording { path, errors } => (
                path,
                format!(
                    "the answer fails the new schema of {} ({}): record it anew with {}",
                    m.task,
                    errors
                        .first()
                        .map(|(p, e)| format!("{}: {e}", if p.is_empty() { "/" } else { p }))
                        .unwrap_or_default(),
                    store.record_hint()
                ),
            ),
            MigrateOutcome::Skipped { path, why } => (path, format!("not migrated: {why}")),
            MigrateOutcome::Conflict { from, to } => (
                from,
                format!("a different cassette is already at {}", shown(to)),
            ),
            MigrateOutcome::Migrated { .. } => continue,
        };
        shown_n += 1;
        if shown_n <= GITHUB_ANNOTATIONS {
            out.line(&format!(
                "::warning file={},title={}::{}",
                gh_property(&exact(path)),
                gh_property("ulcas migrate"),
                gh_data(&message)
            ))?;
        } else {
            out.line(&format!("  {}: {message}", shown(path)))?;
        }
    }
    let (migrated, written, needs, skipped, conflicts) = counts(m);
    out.line(&format!(
        "ulcas migrate {} v{}: {migrated} carried over ({written} written), {needs} need recording, {skipped} skipped, {conflicts} in conflict",
        m.task, m.version
    ))
}
