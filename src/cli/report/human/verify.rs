//! `verify` in human text: findings grouped (a count, the first paths, the message with its
//! fix), or with `--verbose` every finding on its own line as it is found; then the verdict.

use std::io;
use std::path::PathBuf;

use ulcas::verify::{Finding, Severity, StoreVerdict, VerifyEvent, VerifySummary};

use crate::cli::output::{Out, Tone};
use crate::cli::report::Detail;
use crate::cli::report::group::{FIRST, Group, GroupKey, Groups, count};
use crate::cli::report::shown;

/// What `verify` gathers while a store is checked.
#[derive(Default)]
pub(super) struct VerifyState {
    /// Findings of the current store, grouped.
    groups: Groups,
    /// Whether the run already said how to start checking prompt edits (`ulcas lock`).
    lock_hint: bool,
}

impl super::Human {
    /// The events of `verify`: findings are grouped (listed as found with `--verbose`), and
    /// written with the skipped files when the store is done.
    pub(super) fn verify(&mut self, event: &VerifyEvent<'_>) -> io::Result<()> {
        match event {
            VerifyEvent::Finding(f) if self.detail.verbose && !self.detail.quiet => {
                finding_line(&mut self.out, f)
            }
            VerifyEvent::Finding(f) => {
                self.gathered.of::<VerifyState>().groups.add(f);
                Ok(())
            }
            VerifyEvent::Summary(s) => total(&mut self.out, s),
        }
    }

    /// One store is done: its groups, its skipped files, its verdict.
    pub(super) fn verify_done(&mut self, v: &StoreVerdict) -> io::Result<()> {
        let out = &mut self.out;
        let state = self.gathered.of::<VerifyState>();
        store_done(out, &state.groups, &self.skipped, v, self.detail)?;
        state.groups.clear();
        self.skipped.clear();
        // Once a run: without a lock, an edited prompt goes unseen.
        let hint = match (v.registry, v.locked) {
            (true, false) => Some(
                "  prompt edits go unseen without ulcas.lock (the key does not cover the prompt text): lock, run with the same stores, starts checking them",
            ),
            (false, true) => Some(
                "  ulcas.lock is not checked without the prompt registry it was written from (--prompts DIR, or `prompts` in ulcas.toml)",
            ),
            _ => None,
        };
        if let Some(line) = hint.filter(|_| !state.lock_hint && !self.detail.quiet) {
            state.lock_hint = true;
            out.line(&out.paint(Tone::Dim, line))?;
        }
        Ok(())
    }
}

/// Groups shown per store; the rest are summed up per check.
const SHOWN_GROUPS: usize = 40;

/// The `error`/`warning` label, painted.
fn label(out: &Out, severity: Severity) -> String {
    match severity {
        Severity::Error => out.paint(Tone::Bad, "error  "),
        Severity::Warning => out.paint(Tone::Warn, "warning"),
    }
}

/// One finding on one line (`--verbose`).
pub fn finding_line(out: &mut Out, f: &Finding) -> io::Result<()> {
    let check = out.paint(Tone::Accent, f.check.name());
    let at = f.line.map(|l| format!(":{l}")).unwrap_or_default();
    let line = format!(
        "{} {check} {}{at}: {}",
        label(out, f.severity),
        out.paint(Tone::Strong, &shown(&f.path)),
        f.message
    );
    out.line(&line)
}

/// The groups of one store, its skipped files and its verdict line.
pub fn store_done(
    out: &mut Out,
    groups: &Groups,
    skipped: &[(PathBuf, String)],
    v: &StoreVerdict,
    detail: Detail,
) -> io::Result<()> {
    // Quiet: the error findings still show (what a pre-commit hook must say), warnings only as
    // the verdict line's counts.
    groups_block(out, groups, detail.quiet)?;
    if !detail.quiet && !skipped.is_empty() {
        let head = format!("not cassettes ({}), left alone:", skipped.len());
        out.line(&out.paint(Tone::Dim, &head))?;
        for (path, why) in skipped.iter().take(20) {
            let line = format!("  {}: {why}", shown(path));
            out.line(&out.paint(Tone::Dim, &line))?;
        }
        if skipped.len() > 20 {
            let more = format!("  … and {} more", skipped.len() - 20);
            out.line(&out.paint(Tone::Dim, &more))?;
        }
    }
    verdict_line(out, v, detail.quiet)
}

fn groups_block(out: &mut Out, groups: &Groups, errors_only: bool) -> io::Result<()> {
    let mut folded: std::collections::BTreeMap<(Severity, &str), (usize, usize)> =
        Default::default();
    let shown_groups = groups
        .iter()
        .filter(|(key, _)| !errors_only || key.severity == Severity::Error);
    let mut any = false;
    for (i, (key, group)) in shown_groups.enumerate() {
        any = true;
        if i >= SHOWN_GROUPS {
            let slot = folded.entry((key.severity, key.check.name())).or_default();
            slot.0 += 1;
            slot.1 += group.count;
            continue;
        }
        group_lines(out, key, group)?;
    }
    for ((severity, check), (n_groups, n)) in folded {
        let line = format!(
            "{} {} … {} more in {} (--verbose lists every finding)",
            label(out, severity),
            out.paint(Tone::Accent, check),
            count(n, "finding", "findings"),
            count(n_groups, "folder", "folders")
        );
        out.line(&line)?;
    }
    if any {
        out.line("")?;
    }
    Ok(())
}

/// One group: its head (severity, check, folder, count), its message when every finding says
/// the same, its first paths.
fn group_lines(out: &mut Out, key: &GroupKey, group: &Group) -> io::Result<()> {
    let folder = if key.folder.is_empty() {
        "(various folders)".to_owned()
    } else {
        shown(std::path::Path::new(&key.folder))
    };
    let head = format!(
        "{} {} {} ({})",
        label(out, key.severity),
        out.paint(Tone::Accent, key.check.name()),
        out.paint(Tone::Strong, &folder),
        count(group.count, "finding", "findings")
    );
    out.line(&head)?;
    if group.same_message {
        out.line(&format!("  {}", group.message))?;
    }
    for (path, line, message) in &group.first {
        let at = line.map(|l| format!(":{l}")).unwrap_or_default();
        let name = path
            .file_name()
            .filter(|_| !key.folder.is_empty())
            .map_or_else(|| shown(path), |n| shown(std::path::Path::new(n)));
        if group.same_message {
            out.line(&out.paint(Tone::Dim, &format!("    {name}{at}")))?;
        } else {
            out.line(&format!(
                "    {}: {message}",
                out.paint(Tone::Dim, &format!("{name}{at}"))
            ))?;
        }
    }
    if group.count > FIRST {
        let more = format!(
            "    … and {} more (--verbose lists every finding)",
            group.count - FIRST
        );
        out.line(&out.paint(Tone::Dim, &more))?;
    }
    Ok(())
}

/// `ok: ROOT — 12 cassettes, 0 errors, 1 warning (stale-version 1)`.
fn verdict_line(out: &mut Out, v: &StoreVerdict, quiet: bool) -> io::Result<()> {
    let verdict = if v.unread_requests > 0 {
        out.paint(Tone::Bad, "INCOMPLETE")
    } else if v.errors > 0 {
        out.paint(Tone::Bad, "FAILED")
    } else if v.verdict() == ulcas::outcome::Verdict::Fail {
        out.paint(Tone::Bad, "FAILED (warnings denied)")
    } else if v.warnings > 0 {
        out.paint(Tone::Warn, "ok with warnings")
    } else {
        out.paint(Tone::Good, "ok")
    };
    let mut line = format!(
        "{verdict}: {} — {}, {}, {}",
        shown(&v.root),
        count(v.cassettes, "cassette", "cassettes"),
        count(v.errors, "error", "errors"),
        count(v.warnings, "warning", "warnings"),
    );
    if !v.checks.is_empty() {
        let parts: Vec<String> = v.checks.iter().map(|(c, n)| format!("{c} {n}")).collect();
        line.push_str(&format!(" ({})", parts.join(", ")));
    }
    if v.skipped > 0 {
        line.push_str(&format!(
            ", {} skipped",
            count(v.skipped, "other file", "other files")
        ));
    }
    if v.unread_requests > 0 {
        line.push_str(&format!(
            "; {} not read (see the errors above): the run is not checked whole",
            count(v.unread_requests, "request dump", "request dumps")
        ));
    }
    out.line(&line)?;
    if quiet {
        return Ok(());
    }
    verdict_notes(out, v)
}

/// What a verdict does not count: answers whose repair is recorded, tasks without a schema.
fn verdict_notes(out: &mut Out, v: &StoreVerdict) -> io::Result<()> {
    if v.repaired > 0 {
        let note = if v.repaired == 1 {
            "  1 answer fails validation, but its repair turn is recorded (fine)".to_owned()
        } else {
            format!(
                "  {} answers fail validation, but their repair turns are recorded (fine)",
                v.repaired
            )
        };
        out.line(&out.paint(Tone::Dim, &note))?;
    }
    if !v.unvalidated_tasks.is_empty() {
        let tasks: Vec<&str> = v.unvalidated_tasks.iter().map(String::as_str).collect();
        let note = if v.registry {
            format!(
                "  not validated, no known schema: {} (the prompts read name no schema file for it, as for a schema built in code; cassettes recorded with request material are validated against their stored schema)",
                tasks.join(", ")
            )
        } else {
            format!(
                "  not validated, no known schema: {} (pass --prompts, or record with request material)",
                tasks.join(", ")
            )
        };
        out.line(&out.paint(Tone::Dim, &note))?;
    }
    Ok(())
}

/// The total over several stores (one store's verdict line says it all).
pub fn total(out: &mut Out, s: &VerifySummary) -> io::Result<()> {
    if s.stores.len() < 2 {
        return Ok(());
    }
    let failed = s.verdict == ulcas::outcome::Verdict::Fail;
    let line = format!(
        "{}: {} in {}, {}, {}",
        match (s.input_errors > 0, s.errors > 0, failed) {
            (true, ..) => "INCOMPLETE",
            (false, true, _) => "FAILED",
            (false, false, true) => "FAILED (warnings denied)",
            (false, false, false) => "total",
        },
        count(s.cassettes, "cassette", "cassettes"),
        count(s.stores.len(), "store", "stores"),
        count(s.errors, "error", "errors"),
        count(s.warnings, "warning", "warnings"),
    );
    let tone = if failed { Tone::Bad } else { Tone::Strong };
    out.line(&out.paint(tone, &line))
}
