//! `prune`: report what can go (grouped by reason, with counts and bytes per task) and, with
//! `--delete`, delete it.

use serde_json::json;
use ulcas::prune::{
    check_root, delete, live_from_requests, plan_scanned, read_journals, Deletion, LiveSet,
    PrunePlan,
};
use ulcas::request::Request;
use ulcas::store::scan;

use super::args::PruneArgs;
use super::output::{gh_data, gh_property, note, progress_bar, Format, Out, Tone};
use super::verify::GITHUB_ANNOTATIONS;
use super::{request_files, shown, stores, Answer, Failure, Outcome};

/// Files listed per reason in human output; JSON lists every one.
const LISTED_PER_REASON: usize = 20;

/// `ulcas prune`.
pub fn prune(args: PruneArgs, color: bool) -> Outcome {
    let jobs = stores::resolve(&args.stores)?;
    let roots: Vec<_> = jobs.iter().map(|j| j.root.clone()).collect();
    for root in &roots {
        check_root(root)?;
    }
    let (mut live, missing) = if args.journals.is_empty() {
        (LiveSet::default(), Vec::new())
    } else {
        read_journals(&args.journals, &roots)?
    };
    if !args.requests.is_empty() {
        let requests = request_files(&args.requests)?
            .iter()
            .map(|f| Request::from_file(f))
            .collect::<Result<Vec<_>, _>>()?;
        live.paths.extend(live_from_requests(&requests, &roots));
        live.given = true;
    }
    let mut out = Out::stdout(args.format.format, color);
    for m in &missing {
        match out.format {
            Format::Json => out.event(&json!({
                "type": "journal-missing", "journal": shown(&m.journal), "line": m.line, "path": shown(&m.path),
            }))?,
            _ => note(&format!("{}:{}: {} no longer exists", shown(&m.journal), m.line, shown(&m.path))),
        }
    }
    let mut plans = Vec::new();
    for job in &jobs {
        let listing = scan(&job.root)?;
        let bar = progress_bar(listing.cassettes.len() as u64, args.quiet, "planning");
        plans.push(plan_scanned(
            &job.root,
            &job.registry,
            &live,
            listing,
            &|_| bar.inc(1),
        ));
        bar.finish_and_clear();
    }
    let deletions: Vec<Option<Deletion>> = if args.delete {
        plans
            .iter()
            .map(|p| delete(p).map(Some))
            .collect::<Result<_, _>>()?
    } else {
        plans.iter().map(|_| None).collect()
    };
    match out.format {
        Format::Human => human(&mut out, &plans, &deletions)?,
        Format::Json => json_lines(&mut out, &plans, &deletions)?,
        Format::Github => github(&mut out, &plans, &deletions)?,
    }
    out.flush()?;
    let failed: usize = deletions.iter().flatten().map(|d| d.failed.len()).sum();
    if failed > 0 {
        for (path, why) in deletions.iter().flatten().flat_map(|d| &d.failed) {
            eprintln!("ulcas: error: {}: not deleted: {why}", shown(path));
        }
        return Err(Failure::Reported);
    }
    let prunable: usize = plans.iter().map(|p| p.candidates.len()).sum();
    Ok(if prunable > 0 && !args.delete {
        Answer::No
    } else {
        Answer::Yes
    })
}

/// The command line that was run, with `--delete` added.
fn delete_command() -> String {
    let mut words: Vec<String> = vec!["ulcas".into()];
    for arg in std::env::args().skip(1) {
        let safe = !arg.is_empty()
            && arg
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_./=:@,+%".contains(c));
        words.push(if safe {
            arg
        } else {
            format!("'{}'", arg.replace('\'', r"'\''"))
        });
    }
    words.push("--delete".into());
    words.join(" ")
}

/// `12.3 KiB`.
pub fn human_bytes(n: u64) -> String {
    const UNITS: [&str; 4] = ["B", "KiB", "MiB", "GiB"];
    let mut v = n as f64;
    let mut unit = 0;
    while v >= 1024.0 && unit < UNITS.len() - 1 {
        v /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{n} B")
    } else {
        format!("{v:.1} {}", UNITS[unit])
    }
}

fn human(
    out: &mut Out,
    plans: &[PrunePlan],
    deletions: &[Option<Deletion>],
) -> std::io::Result<()> {
    let mut any = false;
    for (plan, deletion) in plans.iter().zip(deletions) {
        let bytes: u64 = plan.candidates.iter().map(|c| c.bytes).sum();
        if plan.candidates.is_empty() {
            let line = format!(
                "{}: nothing to prune in {} cassettes",
                shown(&plan.root),
                plan.cassettes
            );
            let line = out.paint(Tone::Good, &line);
            out.line(&line)?;
        } else {
            any = true;
            let verb = if deletion.is_some() {
                "deleted"
            } else {
                "can delete"
            };
            let head = format!(
                "{}: {verb} {} of {} cassettes ({})",
                shown(&plan.root),
                plan.candidates.len(),
                plan.cassettes,
                human_bytes(bytes)
            );
            let head = out.paint(Tone::Strong, &head);
            out.line(&head)?;
            for ((reason, task), (n, b)) in plan.totals() {
                let r = out.paint(Tone::Accent, &format!("{:<15}", reason.name()));
                out.line(&format!(
                    "  {r} {task:<24} {n:>6} cassette{} {:>10}",
                    if n == 1 { " " } else { "s" },
                    human_bytes(b)
                ))?;
            }
            let mut current = None;
            let mut listed = 0;
            for c in &plan.candidates {
                if current != Some(c.reason) {
                    current = Some(c.reason);
                    listed = 0;
                }
                listed += 1;
                let total = plan
                    .candidates
                    .iter()
                    .filter(|x| x.reason == c.reason)
                    .count();
                if listed <= LISTED_PER_REASON {
                    let line = out.paint(
                        Tone::Dim,
                        &format!("    {} ({})", shown(&c.path), c.reason.name()),
                    );
                    out.line(&line)?;
                } else if listed == LISTED_PER_REASON + 1 {
                    let more = format!(
                        "    … and {} more {} (--format json lists every one)",
                        total - LISTED_PER_REASON,
                        c.reason.name()
                    );
                    let more = out.paint(Tone::Dim, &more);
                    out.line(&more)?;
                }
            }
        }
        if let Some(d) = deletion {
            for folder in &d.removed_folders {
                let line = out.paint(
                    Tone::Dim,
                    &format!("  removed empty folder {}", shown(folder)),
                );
                out.line(&line)?;
            }
        }
        if plan.kept_unreferenced > 0 {
            let line = format!(
                "  kept {} current cassette{} that no request dump references: give journals of a full test run (for every store) to prune those",
                plan.kept_unreferenced,
                if plan.kept_unreferenced == 1 { "" } else { "s" }
            );
            out.line(&out.paint(Tone::Dim, &line))?;
        }
        if !plan.skipped.is_empty() {
            let line = match plan.skipped.len() {
                1 => "  left alone 1 file that is not a cassette".to_owned(),
                n => format!("  left alone {n} files that are not cassettes"),
            };
            out.line(&out.paint(Tone::Dim, &line))?;
        }
    }
    if any && deletions.iter().all(Option::is_none) {
        out.line(&format!("\nto delete them: {}", delete_command()))?;
    }
    Ok(())
}

fn json_lines(
    out: &mut Out,
    plans: &[PrunePlan],
    deletions: &[Option<Deletion>],
) -> std::io::Result<()> {
    let mut summary = (0, 0, 0u64, 0);
    let mut reasons: std::collections::BTreeMap<&str, usize> = Default::default();
    for (plan, deletion) in plans.iter().zip(deletions) {
        for c in &plan.candidates {
            let deleted = deletion
                .as_ref()
                .is_some_and(|d| d.deleted.contains(&c.path));
            out.event(&json!({
                "type": "prune", "path": shown(&c.path), "reason": c.reason.name(), "deleted": deleted,
                "task": c.task, "prompt_version": c.version, "bytes": c.bytes,
            }))?;
            summary.1 += usize::from(deleted);
            summary.2 += c.bytes;
            *reasons.entry(c.reason.name()).or_default() += 1;
        }
        for (path, why) in &plan.skipped {
            out.event(&json!({"type": "skipped", "path": shown(path), "why": why}))?;
        }
        if let Some(d) = deletion {
            for folder in &d.removed_folders {
                out.event(&json!({"type": "removed-folder", "path": shown(folder)}))?;
            }
        }
        summary.0 += plan.cassettes;
        summary.3 += plan.candidates.len();
    }
    out.event(&json!({
        "type": "summary",
        "stores": plans.iter().map(|p| shown(&p.root)).collect::<Vec<_>>(),
        "cassettes": summary.0,
        "prunable": summary.3,
        "deleted": summary.1,
        "bytes": summary.2,
        "reasons": reasons,
        "kept_unreferenced": plans.iter().map(|p| p.kept_unreferenced).sum::<usize>(),
    }))
}

fn github(
    out: &mut Out,
    plans: &[PrunePlan],
    deletions: &[Option<Deletion>],
) -> std::io::Result<()> {
    let all: Vec<_> = plans.iter().flat_map(|p| &p.candidates).collect();
    for c in all.iter().take(GITHUB_ANNOTATIONS) {
        out.line(&format!(
            "::warning file={},title={}::{}",
            gh_property(&shown(&c.path)),
            gh_property(&format!("ulcas prune {}", c.reason.name())),
            gh_data(&format!(
                "this cassette can never be hit again ({}); `ulcas prune --delete` removes it",
                c.reason.name()
            ))
        ))?;
    }
    let deleted: usize = deletions.iter().flatten().map(|d| d.deleted.len()).sum();
    out.line(&format!(
        "ulcas prune: {} cassettes can go, {deleted} deleted",
        all.len()
    ))?;
    if all.len() > GITHUB_ANNOTATIONS {
        out.line(&format!(
            "{} more (GitHub shows {GITHUB_ANNOTATIONS} annotations per level):",
            all.len() - GITHUB_ANNOTATIONS
        ))?;
        for c in &all[GITHUB_ANNOTATIONS..] {
            out.line(&format!("  {} {}", c.reason.name(), shown(&c.path)))?;
        }
    }
    Ok(())
}
