//! `--format github`: workflow annotations for the first findings of each level (as many as
//! GitHub shows), then the rest grouped in plain lines, and a job summary that stays under
//! GitHub's 1 MiB limit. Memory holds the groups, never every finding.

use std::collections::BTreeMap;
use std::io;
use std::path::PathBuf;

use crate::cli::report::event::{Context, Event, Report};
use ulcas::advice::Advice;
use ulcas::lock::LockEvent;
use ulcas::migrate::{MigrateContext, MigrateEvent, MigrateOutcome};
use ulcas::prune::{PruneContext, PruneEvent};
use ulcas::sink::{Common, Context as CommonContext};
use ulcas::verify::{Finding, Severity, VerifyContext, VerifyEvent, VerifySummary};

use super::group::{FIRST, Groups, count};
use super::{Detail, Reporter};
use crate::cli::output::Out;
use crate::cli::report::{exact, shown};

/// GitHub shows at most this many annotations per level in a step.
pub const ANNOTATIONS: usize = 10;

/// Grouped plain lines after the annotations.
const GROUP_LINES: usize = 100;

/// GitHub refuses a job summary larger than 1 MiB; stay well under.
pub const SUMMARY_LIMIT: usize = 900 * 1024;

/// GitHub workflow command escaping of a message.
pub fn gh_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// GitHub workflow command escaping of a property value (file, title).
pub fn gh_property(s: &str) -> String {
    gh_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// Annotations on stdout, a job summary in `$GITHUB_STEP_SUMMARY`.
pub struct Github {
    out: Out,
    detail: Detail,
    /// Annotations written per level (errors, warnings).
    annotated: [usize; 2],
    /// Every finding, grouped (plain lines and the job summary).
    groups: Groups,
    /// `prune`/`migrate` items past the annotations: (what, folder) → (count, first path).
    rest: BTreeMap<(String, String), (usize, PathBuf)>,
    /// The current store's prune command, record hint, and migrate task.
    store: (String, String, String),
}

impl Github {
    /// A reporter on `out`.
    pub fn new(out: Out, detail: Detail) -> Self {
        Github {
            out,
            detail,
            annotated: [0, 0],
            groups: Groups::default(),
            rest: BTreeMap::new(),
            store: Default::default(),
        }
    }

    /// An annotation, unless this level already has as many as GitHub shows; `false` then.
    fn annotate(
        &mut self,
        severity: Severity,
        file: &str,
        line: Option<usize>,
        title: &str,
        message: &str,
    ) -> io::Result<bool> {
        let slot = usize::from(severity == Severity::Warning);
        if self.annotated[slot] >= ANNOTATIONS || self.detail.quiet && severity == Severity::Warning
        {
            return Ok(false);
        }
        self.annotated[slot] += 1;
        let line = line.map(|l| format!(",line={l}")).unwrap_or_default();
        self.out.line(&format!(
            "::{} file={}{line},title={}::{}",
            severity.name(),
            gh_property(file),
            gh_property(title),
            gh_data(message)
        ))?;
        Ok(true)
    }

    fn finding(&mut self, f: &Finding) -> io::Result<()> {
        self.groups.add(f);
        let title = format!("ulcas {}", f.check.name());
        let file = exact(&super::checkout_relative(&f.path));
        self.annotate(f.severity, &file, f.line, &title, &f.message)?;
        Ok(())
    }

    /// An item of prune or migrate: annotated, or counted in its group.
    fn item(&mut self, what: &str, path: &std::path::Path, message: &str) -> io::Result<()> {
        let title = format!("ulcas {what}");
        let file = exact(&super::checkout_relative(path));
        if !self.annotate(Severity::Warning, &file, None, &title, message)? {
            let folder = path.parent().map(shown).unwrap_or_default();
            let slot = self
                .rest
                .entry((what.to_owned(), folder))
                .or_insert_with(|| (0, path.to_path_buf()));
            slot.0 += 1;
        }
        Ok(())
    }

    fn rest_lines(&mut self) -> io::Result<()> {
        let total: usize = self.rest.values().map(|(n, _)| n).sum();
        if total == 0 {
            return Ok(());
        }
        self.out.line(&format!(
            "{} more (GitHub shows {ANNOTATIONS} annotations per level), by folder:",
            total
        ))?;
        for (i, ((what, folder), (n, first))) in self.rest.iter().enumerate() {
            if i == GROUP_LINES {
                self.out.line(&format!(
                    "  … and {} more folders (--format json lists every one)",
                    self.rest.len() - GROUP_LINES
                ))?;
                break;
            }
            self.out
                .line(&format!("  {what} {folder}: {n}, first {}", shown(first)))?;
        }
        Ok(())
    }

    fn verify_summary(&mut self, s: &VerifySummary) -> io::Result<()> {
        self.out.line(&format!(
            "ulcas verify: {}, {}, {}{}",
            count(s.cassettes, "cassette", "cassettes"),
            count(s.errors, "error", "errors"),
            count(s.warnings, "warning", "warnings"),
            if s.input_errors > 0 {
                ": incomplete (request dumps not read)"
            } else if s.errors == 0 && s.verdict == ulcas::outcome::Verdict::Fail {
                ": failed (warnings denied)"
            } else {
                ""
            }
        ))?;
        let annotated: usize = self.annotated.iter().sum();
        if self.groups.findings > annotated && !self.detail.quiet {
            self.out.line(&format!(
                "{} (GitHub shows {ANNOTATIONS} annotations per level), grouped:",
                count(self.groups.findings, "finding", "findings")
            ))?;
            let groups: Vec<String> = self
                .groups
                .iter()
                .map(|(k, g)| {
                    let first = g.first.first().map(|(p, ..)| shown(p)).unwrap_or_default();
                    format!(
                        "  {} {} {}: {}, first {first}: {}",
                        k.severity.name(),
                        k.check.name(),
                        if k.folder.is_empty() {
                            "(various folders)"
                        } else {
                            &k.folder
                        },
                        count(g.count, "finding", "findings"),
                        g.message
                    )
                })
                .collect();
            for line in groups.iter().take(GROUP_LINES) {
                self.out.line(line)?;
            }
            if groups.len() > GROUP_LINES {
                self.out.line(&format!(
                    "  … and {} more groups (--format json lists every finding)",
                    groups.len() - GROUP_LINES
                ))?;
            }
        }
        if let Some(path) = std::env::var_os("GITHUB_STEP_SUMMARY") {
            crate::cli::output::append_masked(
                std::path::Path::new(&path),
                &step_summary(&self.groups, s),
            );
        }
        Ok(())
    }
}

impl Github {
    /// One annotation per registry problem that keeps prune from deleting.
    fn prune_doubts(&mut self, doubts: &[ulcas::registry::RegistryProblem]) -> io::Result<()> {
        for doubt in doubts {
            self.out.line(&format!(
                "::error title=ulcas prune registry::{}",
                gh_data(&format!(
                    "nothing is deleted while the registry has problems: {doubt}"
                ))
            ))?;
        }
        Ok(())
    }

    /// One annotation per cassette that did not migrate.
    fn migrate_outcome(&mut self, o: &MigrateOutcome) -> io::Result<()> {
        let (path, message) = match o {
            MigrateOutcome::NeedsRecording { path, errors } => (
                path,
                format!(
                    "the answer fails the new schema of {} ({}): record it anew with {}",
                    self.store.2,
                    errors
                        .first()
                        .map(|(p, e)| format!("{}: {e}", if p.is_empty() { "/" } else { p }))
                        .unwrap_or_default(),
                    self.store.1
                ),
            ),
            MigrateOutcome::Skipped { path, why } => (path, format!("not migrated: {why}")),
            MigrateOutcome::Conflict { from, to } => (
                from,
                format!("a different cassette is already at {}", shown(to)),
            ),
            MigrateOutcome::Failed { from, to, why } => {
                (from, format!("could not write {}: {why}", shown(to)))
            }
            // Carried over: nothing to annotate.
            MigrateOutcome::Migrated { .. } => return Ok(()),
        };
        self.item("migrate", path, &message)
    }
}

impl Report for Github {
    fn report(&mut self, event: &Event<'_>) -> io::Result<()> {
        match event {
            Event::Context(context) => self.context(context),
            Event::Verify(VerifyEvent::Finding(f)) => self.finding(f),
            Event::Verify(VerifyEvent::Summary(s)) => self.verify_summary(s),
            Event::Prune(e) => self.prune(e),
            Event::Migrate(e) => self.migrate(e),
            Event::Lock(e) => self.lock(e),
            // A file that is not a cassette is listed by human and JSON output, not annotated.
            Event::Common(Common::Skipped { .. }) => Ok(()),
            // GitHub output is offered by verify, prune, migrate and lock alone (see `args`).
            Event::Request(_)
            | Event::Record(_)
            | Event::Lookup(_)
            | Event::Diff(_)
            | Event::Review(_)
            | Event::Backfill(_) => Ok(()),
        }
    }
}

impl Github {
    /// The store being reported (its prune and record commands head the annotations), the
    /// registry problems that keep prune from deleting, the task being migrated.
    fn context(&mut self, context: &Context<'_>) -> io::Result<()> {
        match context {
            Context::Common(CommonContext::Store(store)) => {
                self.store.0 = store.advise(Advice::Prune { orphans: false });
                self.store.1 = store.record_hint();
                Ok(())
            }
            Context::Prune(PruneContext::Plan { plan, .. }) => self.prune_doubts(&plan.doubts),
            Context::Migrate(MigrateContext::Migration { migration, .. }) => {
                self.store.2 = migration.task.clone();
                Ok(())
            }
            // An input error is on stderr (the sink writes it); a request's store, a store's
            // verdict and a review are not annotated.
            Context::Common(CommonContext::InputError(_) | CommonContext::StoreOfRequest(_))
            | Context::Verify(VerifyContext::StoreDone(_))
            | Context::Review(_) => Ok(()),
        }
    }

    /// An annotation per cassette that can go; the totals.
    fn prune(&mut self, event: &PruneEvent<'_>) -> io::Result<()> {
        match event {
            PruneEvent::Candidate(p) if p.candidate.kept.is_none() => {
                let c = p.candidate;
                let message = format!(
                    "this cassette can never be hit again ({}); `{}` removes it",
                    c.reason.name(),
                    self.store.0
                );
                self.item(&format!("prune {}", c.reason.name()), &c.path, &message)
            }
            PruneEvent::Summary(s) => {
                self.out.line(&format!(
                    "ulcas prune: {} can go, {} deleted, {} kept on purpose",
                    count(s.prunable, "cassette", "cassettes"),
                    s.deleted,
                    s.kept.values().sum::<usize>()
                ))?;
                self.rest_lines()
            }
            // Kept on purpose, a journal's stale line, what deletion did: failures are
            // `ulcas: error:` lines on stderr in every format.
            PruneEvent::Candidate(_)
            | PruneEvent::JournalMissing { .. }
            | PruneEvent::Leftover { .. }
            | PruneEvent::DeleteFailed { .. }
            | PruneEvent::Refused { .. }
            | PruneEvent::RemovedFolder { .. } => Ok(()),
        }
    }

    /// An annotation per cassette that did not migrate; the totals.
    fn migrate(&mut self, event: &MigrateEvent<'_>) -> io::Result<()> {
        match event {
            MigrateEvent::Outcome(o) => self.migrate_outcome(o),
            MigrateEvent::Summary(s) => {
                self.out.line(&format!(
                    "ulcas migrate {} v{}: {} carried over ({} written), {} need recording, {} skipped, {} in conflict, {} could not be written",
                    s.task, s.prompt_version, s.migrated, s.written, s.needs_recording, s.skipped, s.conflicts, s.failed
                ))?;
                self.rest_lines()?;
                self.rest.clear();
                Ok(())
            }
        }
    }

    /// An error annotation per version edited since it was locked; the totals.
    fn lock(&mut self, event: &LockEvent<'_>) -> io::Result<()> {
        match event {
            LockEvent::Locked(v) if v.change == ulcas::lock::LockChange::Differs => {
                let file = exact(&super::checkout_relative(&v.prompt_file));
                let message = format!(
                    "{}/v{} changed since it was locked, without a version bump: restore the text and add v{}.md, or, if the recordings were re-made with it, `ulcas lock --accept {}/v{}`",
                    v.task, v.version, v.version + 1, v.task, v.version
                );
                self.annotate(Severity::Error, &file, None, "ulcas lock", &message)
                    .map(drop)
            }
            LockEvent::Summary(s) => self.out.line(&format!(
                "ulcas lock: {} added, {} accepted, {} dropped, {} unchanged, {} differ, {} without a prompt file, {} prompts in code",
                s.added, s.accepted, s.dropped, s.unchanged, s.differs, s.no_prompt, s.in_code
            )),
            LockEvent::Locked(_) | LockEvent::NoPrompt { .. } => Ok(()),
        }
    }
}

impl Reporter for Github {
    fn finish(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// The job summary: totals, a table per check with counts and first paths, then the groups,
/// cut before [`SUMMARY_LIMIT`] bytes with a line saying what was left out.
pub fn step_summary(groups: &Groups, s: &VerifySummary) -> String {
    use super::escape::{md_code, md_text};
    let mut md = format!(
        "### ulcas verify: {}, {}, {}\n\n",
        count(s.cassettes, "cassette", "cassettes"),
        count(s.errors, "error", "errors"),
        count(s.warnings, "warning", "warnings")
    );
    if groups.is_empty() {
        return md;
    }
    // Per check: severity, count, the first paths.
    let mut per_check: BTreeMap<(Severity, &str), (usize, Vec<String>)> = BTreeMap::new();
    for (k, g) in groups.iter() {
        let slot = per_check.entry((k.severity, k.check.name())).or_default();
        slot.0 += g.count;
        for (p, ..) in &g.first {
            if slot.1.len() < FIRST {
                // Relative to the workspace, as the annotations are (not to where it ran).
                slot.1.push(md_code(&shown(&super::checkout_relative(p))));
            }
        }
    }
    md.push_str("| check | severity | findings | first files |\n|---|---|---|---|\n");
    for ((severity, check), (n, paths)) in &per_check {
        md.push_str(&format!(
            "| {check} | {} | {n} | {} |\n",
            severity.name(),
            paths.join("<br>")
        ));
    }
    md.push_str("\n| check | folder | findings | message |\n|---|---|---|---|\n");
    let mut left_out = (0, 0);
    for (k, g) in groups.iter() {
        let message: String = g.message.chars().take(400).collect();
        let row = format!(
            "| {} | {} | {} | {} |\n",
            k.check.name(),
            md_code(&if k.folder.is_empty() {
                "(various)".to_owned()
            } else {
                shown(&super::checkout_relative(std::path::Path::new(&k.folder)))
            }),
            g.count,
            md_text(&message)
        );
        if md.len() + row.len() > SUMMARY_LIMIT - 1024 || left_out.0 > 0 {
            left_out.0 += 1;
            left_out.1 += g.count;
            continue;
        }
        md.push_str(&row);
    }
    if left_out.0 > 0 {
        md.push_str(&format!(
            "\n{} ({}) left out to stay under GitHub's 1 MiB summary limit: `ulcas verify --format json` lists every finding.\n",
            count(left_out.0, "group", "groups"),
            count(left_out.1, "finding", "findings")
        ));
    }
    md
}

#[cfg(test)]
mod tests {
    use super::*;
    use ulcas::verify::{Check, Finding};

    /// A message that quotes answer text, and a file name, cannot render markup in the summary.
    #[test]
    fn the_job_summary_escapes_store_text() {
        let mut groups = Groups::default();
        groups.add(&Finding::new(
            std::path::Path::new("s/quiz/v1/x` @octocat <img src=x> `.json"),
            Check::Schema,
            "\"[l](https://e.x) ![i](https://e.x/i.png) <b>b</b> @octocat\n# h\" is not of type \"array\"",
        ));
        let md = step_summary(&groups, &VerifySummary::default());
        for raw in ["<img", "<b>", "](https://", "\n# h", "@octocat "] {
            let outside_code: String = md.split('`').step_by(2).collect();
            assert!(!outside_code.contains(raw), "{raw:?} in {md}");
        }
        assert!(md.contains("@\u{2060}octocat"), "{md}");
    }

    /// The worst case: as many groups as are kept, each with a long message and long paths.
    #[test]
    fn the_job_summary_stays_under_the_limit() {
        let mut groups = Groups::default();
        let message = "m".repeat(20_000);
        let folder = "f".repeat(3_000);
        for i in 0..2_000 {
            let path = format!("{folder}/task{i}/v1/{}.json", "a".repeat(200));
            groups.add(&Finding::new(
                std::path::Path::new(&path),
                Check::Schema,
                format!("{i} {message}"),
            ));
        }
        let mut summary = VerifySummary::default();
        summary.cassettes = 200_000;
        summary.errors = 200_000;
        let md = step_summary(&groups, &summary);
        assert!(md.len() < SUMMARY_LIMIT, "{} bytes", md.len());
        assert!(md.len() < 1024 * 1024);
        assert!(
            md.contains("left out to stay under GitHub's 1 MiB summary limit"),
            "{}",
            &md[md.len() - 300..]
        );
    }
}
