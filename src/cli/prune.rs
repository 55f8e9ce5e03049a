//! `prune`: report what can go (grouped by reason, with counts and bytes per task) and, with
//! `--delete`, delete it.

use serde_json::json;
use ulcas::prune::{
    check_root, delete, live_from_requests, plan_scanned, read_journals, Deletion, KeptReason,
    LiveSet, PruneOptions, PrunePlan,
};
use ulcas::request::Request;
use ulcas::settings::Store;
use ulcas::store::scan;

use super::args::PruneArgs;
use super::output::{error_line, gh_data, gh_property, note, progress_bar, Format, Out, Tone};
use super::verify::GITHUB_ANNOTATIONS;
use super::{exact, request_files, shown, stores, Answer, Failure, Outcome};

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
    let options = PruneOptions {
        orphans: args.orphans,
        include_last_recordings: args.include_last_recordings,
    };
    let mut out = Out::stdout(args.format.format, color);
    for m in &missing {
        match out.format {
            Format::Json => out.event(&json!({
                "type": "journal-missing", "journal": exact(&m.journal), "line": m.line, "path": exact(&m.path),
            }))?,
            _ => note(&format!("{}:{}: {} no longer exists", shown(&m.journal), m.line, shown(&m.path))),
        }
    }
    let mut plans = Vec::new();
    for job in &jobs {
        let listing = scan(&job.root)?;
        let bar = progress_bar(listing.cassettes.len() as u64, args.quiet, "planning");
        plans.push(plan_scanned(job, &live, options, listing, &|_| bar.inc(1)));
        bar.finish_and_clear();
    }
    // Nothing is deleted anywhere while any registry deciding staleness has problems.
    let refused = args.delete && plans.iter().any(|p| !p.doubts.is_empty());
    let deletions: Vec<Option<Deletion>> = if args.delete && !refused {
        plans
            .iter()
            .map(|p| delete(p).map(Some))
            .collect::<Result<_, _>>()?
    } else {
        plans.iter().map(|_| None).collect()
    };
    let view = Run {
        stores: &jobs,
        plans: &plans,
        deletions: &deletions,
        delete_asked: args.delete,
    };
    match out.format {
        Format::Human => human(&mut out, &view)?,
        Format::Json => json_lines(&mut out, &view)?,
        Format::Github => github(&mut out, &view)?,
    }
    out.flush()?;
    if refused {
        let doubts: Vec<&String> = plans.iter().flat_map(|p| &p.doubts).collect();
        error_line(&format!(
            "deleted nothing: the registry that decides staleness has {} (first: {}); fix {} and run again",
            count(doubts.len(), "problem", "problems"),
            doubts[0],
            if doubts.len() == 1 { "it" } else { "them" }
        ));
        return Err(Failure::Reported);
    }
    let failed: usize = deletions.iter().flatten().map(|d| d.failed.len()).sum();
    if failed > 0 {
        for (path, why) in deletions.iter().flatten().flat_map(|d| &d.failed) {
            error_line(&format!("{}: not deleted: {why}", shown(path)));
        }
        return Err(Failure::Reported);
    }
    let prunable: usize = plans.iter().map(|p| p.deletable().count()).sum();
    Ok(if prunable > 0 && !args.delete {
        Answer::No
    } else {
        Answer::Yes
    })
}

/// `1 problem`, `2 problems`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What one run planned and did, for the printers.
struct Run<'a> {
    stores: &'a [Store],
    plans: &'a [PrunePlan],
    deletions: &'a [Option<Deletion>],
    delete_asked: bool,
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

fn human(out: &mut Out, run: &Run<'_>) -> std::io::Result<()> {
    let mut any = false;
    for ((store, plan), deletion) in run.stores.iter().zip(run.plans).zip(run.deletions) {
        if let Some(settings) = store.describe() {
            let line = format!("{}: {settings}", shown(&plan.root));
            out.line(&out.paint(Tone::Dim, &line))?;
        }
        let deletable: Vec<_> = plan.deletable().collect();
        let bytes: u64 = deletable.iter().map(|c| c.bytes).sum();
        if deletable.is_empty() {
            let line = format!(
                "{}: nothing to prune in {} cassettes",
                shown(&plan.root),
                plan.cassettes
            );
            out.line(&out.paint(Tone::Good, &line))?;
        } else {
            any = true;
            let verb = if deletion.is_some() {
                "deleted"
            } else if run.delete_asked {
                "would delete (refused)"
            } else {
                "can delete"
            };
            let head = format!(
                "{}: {verb} {} of {} cassettes ({})",
                shown(&plan.root),
                deletable.len(),
                plan.cassettes,
                human_bytes(bytes)
            );
            out.line(&out.paint(Tone::Strong, &head))?;
            for ((reason, task), (n, b)) in plan.totals() {
                let r = out.paint(Tone::Accent, &format!("{:<15}", reason.name()));
                out.line(&format!(
                    "  {r} {task:<24} {n:>6} cassette{} {:>10}",
                    if n == 1 { " " } else { "s" },
                    human_bytes(b)
                ))?;
            }
            listed_paths(out, &deletable)?;
        }
        kept_lines(out, store, plan)?;
        if let Some(d) = deletion {
            for folder in &d.removed_folders {
                let line = format!("  removed empty folder {}", shown(folder));
                out.line(&out.paint(Tone::Dim, &line))?;
            }
        }
        if !plan.leftovers.is_empty() {
            let removed = deletion.as_ref().map_or(0, |d| d.removed_leftovers.len());
            let line = if deletion.is_some() {
                format!(
                    "  removed {removed} leftover temporary file{} of interrupted writes",
                    if removed == 1 { "" } else { "s" }
                )
            } else {
                let n = plan.leftovers.len();
                format!("  {n} leftover temporary file{} of interrupted writes (10+ minutes old): --delete removes {}", if n == 1 { "" } else { "s" }, if n == 1 { "it" } else { "them" })
            };
            out.line(&out.paint(Tone::Dim, &line))?;
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
        if !plan.doubts.is_empty() {
            let head = format!(
                "  {} delete nothing while its registry has problems:",
                if run.delete_asked {
                    "refused:"
                } else {
                    "--delete would"
                }
            );
            out.line(&out.paint(Tone::Bad, &head))?;
            for doubt in &plan.doubts {
                out.line(&format!("    {doubt}"))?;
            }
        }
    }
    let doubts = run.plans.iter().any(|p| !p.doubts.is_empty());
    if any && !run.delete_asked && !doubts {
        out.line(&format!(
            "\nto delete them: {}",
            super::rerun_with("--delete")
        ))?;
    }
    Ok(())
}

/// The paths of the deletable candidates, the first few per reason.
fn listed_paths(out: &mut Out, deletable: &[&ulcas::prune::PruneCandidate]) -> std::io::Result<()> {
    let mut per_reason: std::collections::BTreeMap<_, usize> = Default::default();
    for c in deletable {
        *per_reason.entry(c.reason).or_default() += 1;
    }
    let mut listed: std::collections::BTreeMap<_, usize> = Default::default();
    for c in deletable {
        let n = listed.entry(c.reason).or_default();
        *n += 1;
        if *n <= LISTED_PER_REASON {
            let line = format!("    {} ({})", shown(&c.path), c.reason.name());
            out.line(&out.paint(Tone::Dim, &line))?;
        } else if *n == LISTED_PER_REASON + 1 {
            let more = format!(
                "    … and {} more {} (--format json lists every one)",
                per_reason[&c.reason] - LISTED_PER_REASON,
                c.reason.name()
            );
            out.line(&out.paint(Tone::Dim, &more))?;
        }
    }
    Ok(())
}

/// What is kept on purpose, per reason and task, with how to delete it after all.
fn kept_lines(out: &mut Out, store: &Store, plan: &PrunePlan) -> std::io::Result<()> {
    let mut kept: std::collections::BTreeMap<(KeptReason, &str, i64), usize> = Default::default();
    for c in &plan.candidates {
        if let Some(k) = c.kept {
            *kept.entry((k, &c.task, c.version)).or_default() += 1;
        }
    }
    for ((reason, task, version), n) in kept {
        let s = if n == 1 { "" } else { "s" };
        let line = match reason {
            KeptReason::LastRecordings => format!(
                "  kept {n} cassette{s} of {task} v{version}: the task's last recordings (its current version has none yet; record it with {}). To delete them anyway: {}",
                store.record_hint(),
                store.command("prune", &["--include-last-recordings", "--delete"])
            ),
            KeptReason::OrphansOptIn => {
                let folders: Vec<String> =
                    store.registry.folders.iter().map(|f| shown(f)).collect();
                format!(
                    "  kept {n} orphan-task cassette{s} of {task} v{version}: no prompt for {task:?} in the prompt folders read ({}). If its prompt lives in another package, add that prompts folder (--prompts, or this store's `prompts` in ulcas.toml); if the task is gone: {}",
                    folders.join(", "),
                    store.command("prune", &["--orphans", "--delete"])
                )
            }
        };
        out.line(&out.paint(Tone::Warn, &line))?;
    }
    Ok(())
}

fn json_lines(out: &mut Out, run: &Run<'_>) -> std::io::Result<()> {
    let (mut cassettes, mut prunable, mut deleted_total, mut bytes_total) = (0, 0, 0, 0u64);
    let mut reasons: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut kept: std::collections::BTreeMap<&str, usize> = Default::default();
    for (plan, deletion) in run.plans.iter().zip(run.deletions) {
        for c in &plan.candidates {
            let deleted = deletion
                .as_ref()
                .is_some_and(|d| d.deleted.contains(&c.path));
            let mut event = json!({
                "type": "prune", "path": exact(&c.path), "reason": c.reason.name(), "deleted": deleted,
                "task": c.task, "prompt_version": c.version, "bytes": c.bytes,
            });
            if let Some(k) = c.kept {
                event["kept"] = json!(k.name());
                *kept.entry(k.name()).or_default() += 1;
            } else {
                prunable += 1;
                bytes_total += c.bytes;
                *reasons.entry(c.reason.name()).or_default() += 1;
            }
            deleted_total += usize::from(deleted);
            out.event(&event)?;
        }
        for (path, why) in &plan.skipped {
            out.event(&json!({"type": "skipped", "path": exact(path), "why": why}))?;
        }
        for path in &plan.leftovers {
            let deleted = deletion
                .as_ref()
                .is_some_and(|d| d.removed_leftovers.contains(path));
            out.event(&json!({"type": "leftover", "path": exact(path), "deleted": deleted}))?;
        }
        if let Some(d) = deletion {
            for folder in &d.removed_folders {
                out.event(&json!({"type": "removed-folder", "path": exact(folder)}))?;
            }
        }
        cassettes += plan.cassettes;
    }
    let problems: Vec<&String> = run.plans.iter().flat_map(|p| &p.doubts).collect();
    out.event(&json!({
        "type": "summary",
        "stores": run.plans.iter().map(|p| exact(&p.root)).collect::<Vec<_>>(),
        "cassettes": cassettes,
        "prunable": prunable,
        "deleted": deleted_total,
        "bytes": bytes_total,
        "reasons": reasons,
        "kept": kept,
        "kept_unreferenced": run.plans.iter().map(|p| p.kept_unreferenced).sum::<usize>(),
        "registry_problems": problems,
        "refused": run.delete_asked && !problems.is_empty(),
    }))
}

fn github(out: &mut Out, run: &Run<'_>) -> std::io::Result<()> {
    let all: Vec<_> = run.plans.iter().flat_map(|p| p.deletable()).collect();
    let command = |c: &ulcas::prune::PruneCandidate| {
        run.stores
            .iter()
            .find(|s| c.path.starts_with(&s.root))
            .map(|s| s.command("prune", &["--delete"]))
            .unwrap_or_else(|| "ulcas prune --delete".to_owned())
    };
    for c in all.iter().take(GITHUB_ANNOTATIONS) {
        out.line(&format!(
            "::warning file={},title={}::{}",
            gh_property(&exact(&c.path)),
            gh_property(&format!("ulcas prune {}", c.reason.name())),
            gh_data(&format!(
                "this cassette can never be hit again ({}); `{}` removes it",
                c.reason.name(),
                command(c)
            ))
        ))?;
    }
    let deleted: usize = run
        .deletions
        .iter()
        .flatten()
        .map(|d| d.deleted.len())
        .sum();
    let kept: usize = run
        .plans
        .iter()
        .map(|p| p.candidates.len() - p.deletable().count())
        .sum();
    out.line(&format!(
        "ulcas prune: {} cassettes can go, {deleted} deleted, {kept} kept on purpose",
        all.len()
    ))?;
    for plan in run.plans {
        for doubt in &plan.doubts {
            out.line(&format!(
                "::error title=ulcas prune registry::{}",
                gh_data(&format!(
                    "nothing is deleted while the registry has problems: {doubt}"
                ))
            ))?;
        }
    }
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
