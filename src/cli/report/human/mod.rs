//! `--format human`: readable text, one reporter for every command. Each family of events has
//! its file here; this one dispatches and holds what a family gathers across events.

mod diff;
mod lock;
mod lookup;
mod migrate;
mod prune;
pub mod render;
mod requests;
pub mod review;
mod verify;

use std::collections::BTreeSet;
use std::io;
use std::path::PathBuf;

use crate::cli::report::event::{Event, Report};
use ulcas::backfill::BackfillEvent;
use ulcas::diff::DiffEvent;
use ulcas::migrate::MigrateEvent;
use ulcas::prune::PruneEvent;
use ulcas::review::ReviewEvent;
use ulcas::settings::SettingsOrigin;
use ulcas::sink::Common;
use ulcas::verify::VerifyEvent;

use super::group::{count, Groups};
use super::{input_error, Detail, Reporter};
use crate::cli::output::{note, Out, Tone};
use crate::cli::report::shown;

/// Human output on stdout (notes on stderr).
pub struct Human {
    out: Out,
    detail: Detail,
    /// Files of the current store that are not cassettes (verify and prune list them).
    skipped: Vec<(PathBuf, String)>,
    /// The stores whose settings were noted (once each).
    noted: BTreeSet<PathBuf>,
    /// What the command being reported gathers (a run reports one command).
    gathered: Gathered,
    /// The root of the store being reported (its lines name it: a run may have several).
    store: Option<PathBuf>,
}

/// One command's state, made at its first event that needs it.
#[derive(Default)]
enum Gathered {
    #[default]
    Nothing,
    Verify(VerifyState),
    Prune(PruneState),
    Diff(DiffState),
}

impl Gathered {
    /// The state `S`, made now unless it is what is gathered.
    fn of<S: State>(&mut self) -> &mut S {
        if S::within(self).is_none() {
            *self = S::default().gathered();
        }
        S::within(self).expect("the state was just made")
    }
}

/// A command's state within [`Gathered`].
trait State: Default {
    fn within(gathered: &mut Gathered) -> Option<&mut Self>;
    fn gathered(self) -> Gathered;
}

/// `State` for each state, held in the given variant of [`Gathered`].
macro_rules! state_of {
    ($($state:ident in $variant:ident),*) => {$(
        impl State for $state {
            fn within(gathered: &mut Gathered) -> Option<&mut Self> {
                match gathered {
                    Gathered::$variant(s) => Some(s),
                    _ => None,
                }
            }
            fn gathered(self) -> Gathered {
                Gathered::$variant(self)
            }
        }
    )*};
}

state_of!(VerifyState in Verify, PruneState in Prune, DiffState in Diff);

/// What `verify` gathers while a store is checked.
#[derive(Default)]
struct VerifyState {
    /// Findings of the current store, grouped.
    groups: Groups,
    /// Whether the run already said how to start checking prompt edits (`ulcas lock`).
    lock_hint: bool,
}

/// What `prune` gathers until its plan.
#[derive(Default)]
struct PruneState {
    /// Whether `--delete` was given, and whether any store can lose cassettes.
    delete: (bool, bool),
    /// With `--verbose`: every candidate that can go in the current store, as reported.
    paths: Vec<(PathBuf, ulcas::prune::StaleReason)>,
}

/// What a `diff` of two stores gathers until its summary.
#[derive(Default)]
struct DiffState {
    /// Per task: added, removed, changed.
    store_changes: std::collections::BTreeMap<String, [usize; 3]>,
    /// The first changed cassette (the example its hint names).
    first_change: Option<PathBuf>,
}

impl Human {
    /// A reporter on `out`.
    pub fn new(out: Out, detail: Detail) -> Self {
        Human {
            out,
            detail,
            skipped: Vec::new(),
            noted: Default::default(),
            gathered: Gathered::Nothing,
            store: None,
        }
    }
}

impl Human {
    /// The events of `verify`: findings are grouped (listed as found with `--verbose`),
    /// skipped files gathered, and both written when the store is done.
    fn verify(&mut self, event: &VerifyEvent<'_>) -> io::Result<()> {
        let out = &mut self.out;
        match event {
            VerifyEvent::Finding(f) if self.detail.verbose && !self.detail.quiet => {
                verify::finding_line(out, f)
            }
            VerifyEvent::Finding(f) => {
                self.gathered.of::<VerifyState>().groups.add(f);
                Ok(())
            }
            VerifyEvent::VerifyDone(v) => {
                let state = self.gathered.of::<VerifyState>();
                verify::store_done(out, &state.groups, &self.skipped, v, self.detail)?;
                state.groups.clear();
                self.skipped.clear();
                // Once a run: without a lock, an edited prompt goes unseen.
                let hint = match (v.registry, v.locked) {
                    (true, false) => Some("  prompt edits go unseen without ulcas.lock (the key does not cover the prompt text): lock, run with the same stores, starts checking them"),
                    (false, true) => Some("  ulcas.lock is not checked without the prompt registry it was written from (--prompts DIR, or `prompts` in ulcas.toml)"),
                    _ => None,
                };
                if let Some(line) = hint.filter(|_| !state.lock_hint && !self.detail.quiet) {
                    state.lock_hint = true;
                    out.line(&out.paint(Tone::Dim, line))?;
                }
                Ok(())
            }
            VerifyEvent::Summary(s) => verify::total(out, s),
            _ => Ok(()),
        }
    }

    /// The events every command may send.
    fn common(&mut self, event: &Common<'_>) -> io::Result<()> {
        let quiet = self.detail.quiet;
        match event {
            Common::Skipped { path, why } => {
                self.skipped.push((path.to_path_buf(), why.to_string()));
                Ok(())
            }
            Common::Store(store) => {
                self.store = Some(store.root.clone());
                store_settings(&mut self.out, store, quiet)
            }
            Common::StoreOfRequest(store) => {
                note_store_once(&mut self.noted, store, quiet);
                Ok(())
            }
            // Written on stderr by `input_error`, in every format; an event of a newer library
            // this reporter does not know is left out.
            _ => Ok(()),
        }
    }

    /// The events of `prune`: gathered per store, written with its plan.
    fn prune(&mut self, event: &PruneEvent<'_>) -> io::Result<()> {
        let quiet = self.detail.quiet;
        let out = &mut self.out;
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
            PruneEvent::Plan {
                store,
                plan,
                deletion,
                delete_asked,
            } => {
                self.skipped.clear();
                let state = self.gathered.of::<PruneState>();
                state.delete.0 = *delete_asked;
                state.delete.1 |= plan.deletable() > 0;
                let every = std::mem::take(&mut state.paths);
                let every = self.detail.verbose.then_some(every.as_slice());
                prune::plan(out, store, plan, (*deletion, *delete_asked), quiet, every)
            }
            PruneEvent::Summary(s) => {
                prune::delete_hint(out, s, self.gathered.of::<PruneState>().delete, quiet)
            }
            _ => Ok(()),
        }
    }

    /// The events of `diff`.
    fn diff(&mut self, event: &DiffEvent<'_>) -> io::Result<()> {
        let out = &mut self.out;
        match event {
            DiffEvent::StoreChange(c) => {
                let state = self.gathered.of::<DiffState>();
                if c.status == ulcas::diff::ChangeStatus::Changed && state.first_change.is_none() {
                    state.first_change = Some(c.path.clone());
                }
                diff::store_change(out, c, &mut state.store_changes, self.detail)
            }
            DiffEvent::Diff(d) => diff::diff(out, d, self.detail.quiet),
            DiffEvent::Summary(s) => {
                let state = self.gathered.of::<DiffState>();
                let example = state.first_change.as_deref().filter(|_| !self.detail.stat);
                diff::stores_total(out, s, &state.store_changes, example)
            }
            _ => Ok(()),
        }
    }
}

impl Report for Human {
    fn report(&mut self, event: &Event<'_>) -> io::Result<()> {
        if input_error(event) {
            return Ok(());
        }
        let quiet = self.detail.quiet;
        let out = &mut self.out;
        match event {
            Event::Common(e) => self.common(e),
            Event::Verify(e) => self.verify(e),
            Event::Prune(e) => self.prune(e),
            Event::Diff(e) => self.diff(e),
            Event::Request(e) => requests::event(out, e),
            Event::Record(e) => requests::record(out, e, quiet),
            Event::Lookup(l) => lookup::lookup(out, l, quiet),
            Event::Backfill(BackfillEvent::Outcome(_)) if quiet => Ok(()),
            Event::Backfill(BackfillEvent::Outcome(o)) => requests::backfill(out, o),
            Event::Backfill(BackfillEvent::Summary(s)) => requests::backfill_total(out, s),
            Event::Migrate(MigrateEvent::Migration {
                store,
                migration,
                write,
            }) => migrate::migration(out, store, migration, *write, self.detail),
            Event::Migrate(MigrateEvent::Summary(s)) => prune::lock_steps(
                out,
                &s.lock_accept,
                &format!(
                    "ulcas.lock still holds the old schema (after `{}` removes the old cassettes)",
                    s.prune
                ),
            ),
            Event::Migrate(MigrateEvent::Outcome(_)) => Ok(()),
            Event::Review(ReviewEvent::Review {
                store,
                review,
                summary,
            }) => review::review(out, store, review, summary, self.detail),
            Event::Review(ReviewEvent::Against {
                rerecording,
                summary,
                ..
            }) => review::against(out, rerecording, summary, self.detail),
            Event::Review(ReviewEvent::Rejected(r)) if !quiet => {
                let action = match r.action {
                    ulcas::review::against::RejectAction::Restored => "restored",
                    ulcas::review::against::RejectAction::Removed => "removed",
                };
                out.line(&format!("rejected: {action} {}", shown(&r.path)))
            }
            Event::Review(ReviewEvent::AgainstSummary(s)) if s.rejected > 0 && !quiet => {
                out.line(&format!(
                    "{}: {} rejected; `git diff` shows what is kept",
                    shown(&s.store),
                    count(s.rejected, "re-recording", "re-recordings")
                ))
            }
            Event::Review(ReviewEvent::AgainstSummary(s)) if s.differing > 0 && !quiet => {
                out.line(&format!(
                    "  to keep {}'s answer of a cassette: ulcas review --against {} --reject PATH… (or --interactive)",
                    s.against, s.against
                ))
            }
            Event::Review(
                ReviewEvent::Pair(_)
                | ReviewEvent::Unpaired(_)
                | ReviewEvent::Summary(_)
                | ReviewEvent::Rejected(_)
                | ReviewEvent::AgainstSummary(_),
            ) => Ok(()),
            Event::Lock(e) => lock::event(out, self.store.as_deref(), e, self.detail),
            _ => Ok(()),
        }
    }
}

/// A store's settings, dimmed, before its report.
fn store_settings(
    out: &mut Out,
    store: &ulcas::settings::StoreSettings,
    quiet: bool,
) -> io::Result<()> {
    // A note, like the store line of every other command: on stderr, never among the results.
    if let Some(settings) = store.describe().filter(|_| !quiet) {
        out.flush()?;
        note(&format!("store {}: {settings}", shown(&store.root)));
    }
    Ok(())
}

/// Which config's settings a request's store got, once per store, on stderr.
fn note_store_once(
    noted: &mut BTreeSet<PathBuf>,
    store: &ulcas::settings::StoreSettings,
    quiet: bool,
) {
    if let (SettingsOrigin::Config(_), Some(settings), false) =
        (&store.origin, store.describe(), quiet)
    {
        if noted.insert(store.root.clone()) {
            note(&format!("store {}: {settings}", shown(&store.root)));
        }
    }
}

impl Reporter for Human {
    fn finish(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
