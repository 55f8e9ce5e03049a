//! `--format human`: readable text, one reporter for every command. Each command's events and
//! context are written by its own file here (`verify.rs`, `prune.rs`, …); this one dispatches,
//! without a catch-all, and holds what a command gathers across events.

mod backfill;
mod diff;
mod lock;
mod lookup;
mod migrate;
mod prune;
mod record;
pub mod render;
mod requests;
pub mod review;
mod verify;

use std::collections::BTreeSet;
use std::io;
use std::path::PathBuf;

use crate::cli::report::event::{Context, Event, Report};
use ulcas::migrate::MigrateContext;
use ulcas::prune::PruneContext;
use ulcas::review::ReviewContext;
use ulcas::sink::{Common, Context as CommonContext};
use ulcas::store_settings::SettingsOrigin;
use ulcas::verify::VerifyContext;

use super::{Detail, Reporter};
use crate::cli::output::{Out, note};
use crate::cli::report::shown;
use diff::DiffState;
use prune::PruneState;
use verify::VerifyState;

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

impl Report for Human {
    fn report(&mut self, event: &Event<'_>) -> io::Result<()> {
        let detail = self.detail;
        let out = &mut self.out;
        match event {
            Event::Common(Common::Skipped { path, why }) => {
                self.skipped.push((path.to_path_buf(), why.to_string()));
                Ok(())
            }
            Event::Context(context) => self.context(context),
            Event::Verify(e) => self.verify(e),
            Event::Prune(e) => self.prune(e),
            Event::Diff(e) => self.diff(e),
            Event::Request(e) => requests::event(out, e),
            Event::Record(e) => record::event(out, e, detail.quiet),
            Event::Lookup(l) => lookup::lookup(out, l, detail.quiet),
            Event::Backfill(e) => backfill::event(out, e, detail.quiet),
            Event::Migrate(e) => migrate::event(out, e),
            Event::Review(e) => review::event(out, e, detail.quiet),
            Event::Lock(e) => lock::event(out, self.store.as_deref(), e, detail),
        }
    }
}

impl Human {
    /// What a command says for display alone: the store a report is about, and each command's
    /// whole results (a store's verdict, a plan, a review, a migration).
    fn context(&mut self, context: &Context<'_>) -> io::Result<()> {
        let (detail, quiet) = (self.detail, self.detail.quiet);
        match context {
            // Written on stderr by the sink, in every format.
            Context::Common(CommonContext::InputError(_)) => Ok(()),
            Context::Common(CommonContext::Store(store)) => {
                self.store = Some(store.root.clone());
                store_settings(&mut self.out, store, quiet)
            }
            Context::Common(CommonContext::StoreOfRequest(store)) => {
                note_store_once(&mut self.noted, store, quiet);
                Ok(())
            }
            Context::Verify(VerifyContext::StoreDone(v)) => self.verify_done(v),
            Context::Prune(PruneContext::Plan {
                store,
                plan,
                deletion,
                delete_asked,
            }) => self.prune_plan(store, plan, *deletion, *delete_asked),
            Context::Review(ReviewContext::Review {
                store,
                review,
                summary,
            }) => review::review(&mut self.out, store, review, summary, detail),
            Context::Review(ReviewContext::Against {
                rerecording,
                summary,
                ..
            }) => review::against(&mut self.out, rerecording, summary, detail),
            Context::Migrate(MigrateContext::Migration {
                store,
                migration,
                write,
            }) => migrate::migration(&mut self.out, store, migration, *write, detail),
        }
    }
}

/// A store's settings, dimmed, before its report.
fn store_settings(
    out: &mut Out,
    store: &ulcas::store_settings::StoreSettings,
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
    store: &ulcas::store_settings::StoreSettings,
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
