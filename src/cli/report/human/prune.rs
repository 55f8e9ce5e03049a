//! `prune` in human text: per store, what can go grouped by reason and task with counts and
//! bytes, the first paths per reason, what is kept on purpose and how to delete it after all.

use std::io;

use std::path::PathBuf;
use ulcas::advice::Advice;

use ulcas::prune::{Deletion, KeptReason, LISTED_PER_REASON, PruneEvent, PrunePlan};
use ulcas::store_settings::StoreSettings;

use crate::cli::output::{Out, Tone, note};
use crate::cli::report::group::count;
use crate::cli::report::review_text::review_before_retiring;
use crate::cli::report::shown;

/// What `prune` gathers until its plan.
#[derive(Default)]
pub(super) struct PruneState {
    /// Whether `--delete` was given, and whether any store can lose cassettes.
    delete: (bool, bool),
    /// With `--verbose`: every candidate that can go in the current store, as reported.
    paths: Vec<(PathBuf, ulcas::prune::StaleReason)>,
}

impl super::Human {
    /// The events of `prune`: gathered per store, written with its plan.
    pub(super) fn prune(&mut self, event: &PruneEvent<'_>) -> io::Result<()> {
        match event {
            PruneEvent::JournalMissing {
                journal,
                line,
                path,
            } => {
                note(&format!(
                    "{}:{line}: {} no longer exists",
                    shown(journal),
                    shown(path)
                ));
                Ok(())
            }
            PruneEvent::Candidate(p) if self.detail.verbose && p.candidate.kept.is_none() => {
                self.gathered
                    .of::<PruneState>()
                    .paths
                    .push((p.candidate.path.clone(), p.candidate.reason));
                Ok(())
            }
            // Failed deletions and a refusal are `ulcas: error:` lines the command writes on
            // stderr in every format, once the report is done.
            PruneEvent::Candidate(_)
            | PruneEvent::Leftover { .. }
            | PruneEvent::RemovedFolder { .. }
            | PruneEvent::DeleteFailed { .. }
            | PruneEvent::Refused { .. } => Ok(()),
            PruneEvent::Summary(s) => delete_hint(
                &mut self.out,
                s,
                self.gathered.of::<PruneState>().delete,
                self.detail.quiet,
            ),
        }
    }

    /// One store's plan, with every candidate that can go when `--verbose`.
    pub(super) fn prune_plan(
        &mut self,
        store: &StoreSettings,
        plan: &PrunePlan,
        deletion: Option<&Deletion>,
        delete_asked: bool,
    ) -> io::Result<()> {
        self.skipped.clear();
        let state = self.gathered.of::<PruneState>();
        state.delete.0 = delete_asked;
        state.delete.1 |= plan.deletable() > 0;
        let every = std::mem::take(&mut state.paths);
        let every = self.detail.verbose.then_some(every.as_slice());
        let quiet = self.detail.quiet;
        self::plan(
            &mut self.out,
            store,
            plan,
            (deletion, delete_asked),
            quiet,
            every,
        )
    }
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

/// One store's plan: what can go per reason and task, the first paths, what is kept and why.
pub fn plan(
    out: &mut Out,
    store: &StoreSettings,
    plan: &PrunePlan,
    (deletion, delete_asked): (Option<&Deletion>, bool),
    quiet: bool,
    every: Option<&[(std::path::PathBuf, ulcas::prune::StaleReason)]>,
) -> io::Result<()> {
    let deletable = plan.deletable();
    head(out, plan, deletion.is_some(), delete_asked)?;
    if quiet {
        return Ok(());
    }
    if deletable > 0 {
        for ((reason, task), &(n, b)) in &plan.totals {
            let r = out.paint(Tone::Accent, &format!("{:<15}", reason.name()));
            out.line(&format!(
                "  {r} {task:<24} {n:>6} cassette{} {:>10}",
                if n == 1 { " " } else { "s" },
                human_bytes(b)
            ))?;
        }
        match every {
            // --verbose: every path, as found.
            Some(every) => {
                for (path, reason) in every {
                    let line = format!("    {} ({})", shown(path), reason.name());
                    out.line(&out.paint(Tone::Dim, &line))?;
                }
            }
            None => listed_paths(out, plan)?,
        }
        if deletion.is_none() {
            review_first(out, plan)?;
        }
    }
    kept_lines(out, store, plan)?;
    if let Some(d) = deletion {
        for folder in &d.removed_folders {
            let line = format!("  removed empty folder {}", shown(folder));
            out.line(&out.paint(Tone::Dim, &line))?;
        }
        for version in &d.lock_dropped {
            let line =
                format!("  ulcas.lock: dropped the entry of {version} (its recordings are gone)");
            out.line(&out.paint(Tone::Dim, &line))?;
        }
    }
    notes(out, plan, deletion, delete_asked)
}

/// A store's line: nothing to prune, or how many cassettes (and bytes) go, went or would go.
fn head(out: &mut Out, plan: &PrunePlan, deleted: bool, delete_asked: bool) -> io::Result<()> {
    let deletable = plan.deletable();
    if deletable == 0 {
        let line = format!(
            "{}: nothing to prune in {}",
            shown(&plan.root),
            count(plan.cassettes, "cassette", "cassettes")
        );
        return out.line(&out.paint(Tone::Good, &line));
    }
    let verb = if deleted {
        "deleted"
    } else if delete_asked {
        "would delete (refused)"
    } else {
        "can delete"
    };
    let head = format!(
        "{}: {verb} {} of {} ({})",
        shown(&plan.root),
        deletable,
        count(plan.cassettes, "cassette", "cassettes"),
        human_bytes(plan.deletable_bytes())
    );
    out.line(&out.paint(Tone::Strong, &head))
}

/// Stale versions in a plan: the advice `review` gives, said before they go.
fn review_first(out: &mut Out, plan: &PrunePlan) -> io::Result<()> {
    let stale: Vec<&str> = plan
        .totals
        .keys()
        .filter(|(reason, _)| reason.name() == "stale-version")
        .map(|(_, task)| task.as_str())
        .collect();
    if stale.is_empty() {
        return Ok(());
    }
    let line = format!(
        "  {}",
        review_before_retiring(&stale, plan.stale_without_material)
    );
    out.line(&out.paint(Tone::Dim, &line))
}

/// Leftovers, what was kept unreferenced or left alone, and the registry's problems.
fn notes(
    out: &mut Out,
    plan: &PrunePlan,
    deletion: Option<&Deletion>,
    delete_asked: bool,
) -> io::Result<()> {
    if !plan.leftovers.is_empty() {
        let removed = deletion.as_ref().map_or(0, |d| d.removed_leftovers.len());
        let line = if deletion.is_some() {
            format!(
                "  removed {removed} leftover temporary file{} of interrupted writes",
                if removed == 1 { "" } else { "s" }
            )
        } else {
            let n = plan.leftovers.len();
            format!(
                "  {n} leftover temporary file{} of interrupted writes (10+ minutes old): --delete removes {}",
                if n == 1 { "" } else { "s" },
                if n == 1 { "it" } else { "them" }
            )
        };
        out.line(&out.paint(Tone::Dim, &line))?;
    }
    if plan.untouched && plan.kept_unreferenced > 0 {
        let line = format!(
            "  kept {} current cassette{}: no dump or journal of the run touched this store (were its tests in the run?); --complete-run speaks only of the stores its evidence touched",
            plan.kept_unreferenced,
            if plan.kept_unreferenced == 1 { "" } else { "s" }
        );
        out.line(&out.paint(Tone::Warn, &line))?;
    } else if plan.kept_unreferenced > 0 {
        let line = format!(
            "  kept {} current cassette{} that no dump or journal given references: if they are a whole test run (every shard), add --complete-run to prune those",
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
            if delete_asked {
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
    Ok(())
}

/// The paths of the deletable candidates, the first few per reason, in path order.
fn listed_paths(out: &mut Out, plan: &PrunePlan) -> io::Result<()> {
    let mut listed: Vec<(&std::path::Path, ulcas::prune::StaleReason, usize)> = plan
        .listed
        .iter()
        .flat_map(|(r, paths)| paths.iter().enumerate().map(|(i, p)| (p.as_path(), *r, i)))
        .collect();
    listed.sort();
    let per_reason = |r| -> usize {
        plan.totals
            .iter()
            .filter(|((reason, _), _)| *reason == r)
            .map(|(_, t)| t.0)
            .sum()
    };
    for (path, reason, i) in listed {
        let line = if i < LISTED_PER_REASON {
            format!("    {} ({})", shown(path), reason.name())
        } else {
            format!(
                "    … and {} more {} (--format json lists every one)",
                per_reason(reason) - LISTED_PER_REASON,
                reason.name()
            )
        };
        out.line(&out.paint(Tone::Dim, &line))?;
    }
    Ok(())
}

/// Library text made safe for a terminal line (control characters visible).
fn shown_text(text: &str) -> String {
    crate::cli::output::terminal_safe(text, false, false).into_owned()
}

/// What is kept on purpose, per reason and task, with how to delete it after all.
fn kept_lines(out: &mut Out, store: &StoreSettings, plan: &PrunePlan) -> io::Result<()> {
    for (&(reason, ref task, version), &n) in &plan.kept {
        let s = if n == 1 { "" } else { "s" };
        let line = match reason {
            KeptReason::LastRecordings => format!(
                "  kept {n} cassette{s} of {task} v{version}: {}; record it with {}. To delete them anyway: {}",
                shown_text(&ulcas::staleness::last_recordings_text(
                    task,
                    version,
                    ulcas::staleness::current_version(&store.registry, task, None)
                )),
                store.record_hint(),
                crate::cli::phrases::command(
                    store.selector(),
                    "prune",
                    &[],
                    &["--include-last-recordings", "--delete"]
                )
            ),
            KeptReason::Used => format!(
                "  kept {n} cassette{s} of {task} v{version} that could go: the test run given (dumps or journals) used {}, and evidence of use wins. Re-record {} at the current version to retire {}",
                if n == 1 { "it" } else { "them" },
                if n == 1 { "its input" } else { "their inputs" },
                if n == 1 { "it" } else { "them" },
            ),
            KeptReason::OrphansOptIn => format!(
                "  kept {n} orphan-task cassette{s} of {task} v{version}: {}; if the task is gone: {}",
                shown_text(&ulcas::staleness::orphan_text(store, task)),
                store.advise(Advice::Prune { orphans: true })
            ),
            _ => format!("  kept {n} cassette{s} of {task} v{version} ({reason})"),
        };
        out.line(&out.paint(Tone::Warn, &line))?;
    }
    Ok(())
}

/// After the summary of a run without `--delete` that found what can go: the command that
/// deletes it. `(delete_asked, any)`: whether `--delete` was given, whether any store can lose
/// cassettes.
pub fn delete_hint(
    out: &mut Out,
    s: &ulcas::prune::PruneSummary,
    (delete_asked, any): (bool, bool),
    quiet: bool,
) -> io::Result<()> {
    if any && !delete_asked && !s.refused && s.registry_problems.is_empty() && !quiet {
        out.line(&format!(
            "\nto delete them: {}",
            crate::cli::report::rerun_with("--delete")
        ))?;
    }
    lock_steps(
        out,
        &s.lock_accept,
        "the recordings left have another prompt or schema than ulcas.lock holds (verify fails on it)",
    )
}

/// The `lock --accept` steps that bring a store's lock in line, after a migrate or prune.
pub fn lock_steps(out: &mut Out, accept: &[String], why: &str) -> io::Result<()> {
    if accept.is_empty() {
        return Ok(());
    }
    out.line(&format!("\nlast step to a green verify: {why}:"))?;
    for command in accept {
        out.line(&format!("  {command}"))?;
    }
    Ok(())
}
