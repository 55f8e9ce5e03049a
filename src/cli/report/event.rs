//! The union of every command's events, above the commands: one [`Event`] type that the
//! binary's reporters take, one per output format, serialised as JSON Lines (`--format json`).
//!
//! Each command defines its events beside its `run` and reports them to its own sink trait
//! (`verify::VerifySink`, `prune::PruneSink`, …, all extending [`ulcas::sink::Sink`]); a boxed
//! [`Reporter`] is every command's sink at once. The JSON names are each command's, derived by
//! serde. What a command says for display alone comes as [`Event::Context`], which JSON Lines
//! leaves out, so its contract (README, "Machine output") stays what it was. Every reporter
//! matches every event and every context without a catch-all: a new one is a compile error in
//! each format until that format says what it does with it.

use serde::Serialize;

use ulcas::backfill::{BackfillEvent, BackfillSink};
use ulcas::diff::{DiffEvent, DiffSink};
use ulcas::dumps::{RequestEvent, RequestSink};
use ulcas::lock::{LockEvent, LockSink};
use ulcas::lookup::{LookupEvent, LookupSink};
use ulcas::migrate::{MigrateContext, MigrateEvent, MigrateSink};
use ulcas::prune::{PruneContext, PruneEvent, PruneSink};
use ulcas::record::{RecordEvent, RecordSink};
use ulcas::review::{ReviewContext, ReviewEvent, ReviewSink};
use ulcas::sink::{Common, Context as CommonContext, Sink};
use ulcas::verify::{VerifyContext, VerifyEvent, VerifySink};

/// Receives the events of every command, in order (a reporter writes them in its format).
pub trait Report {
    /// Takes one event.
    fn report(&mut self, event: &Event<'_>) -> std::io::Result<()>;
}

/// A reporter: takes events, then finishes its output.
pub trait Reporter: Report {
    /// Writes what waits for the end (a document's close, a job summary) and flushes.
    fn finish(&mut self) -> std::io::Result<()>;
}

impl<R: Report + ?Sized> Report for &mut R {
    fn report(&mut self, event: &Event<'_>) -> std::io::Result<()> {
        (**self).report(event)
    }
}

impl<R: Report + ?Sized> Report for Box<R> {
    fn report(&mut self, event: &Event<'_>) -> std::io::Result<()> {
        (**self).report(event)
    }
}

/// Every command's event: the command's own, untouched (serialised as the command defines it).
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Event<'a> {
    /// What any command may send.
    Common(&'a Common<'a>),
    /// `hash`, `normalize`.
    Request(&'a RequestEvent<'a>),
    /// `record`.
    Record(&'a RecordEvent<'a>),
    /// `lookup`.
    Lookup(&'a LookupEvent<'a>),
    /// `verify`.
    Verify(&'a VerifyEvent<'a>),
    /// `prune`.
    Prune(&'a PruneEvent<'a>),
    /// `diff`.
    Diff(&'a DiffEvent<'a>),
    /// `review`.
    Review(&'a ReviewEvent<'a>),
    /// `lock`.
    Lock(&'a LockEvent<'a>),
    /// `backfill`.
    Backfill(&'a BackfillEvent<'a>),
    /// `migrate`.
    Migrate(&'a MigrateEvent<'a>),
    /// What a command says for display alone (never in JSON Lines).
    #[serde(skip)]
    Context(Context<'a>),
}

/// Every command's context: what human, GitHub and document output read, JSON Lines never.
#[derive(Debug)]
pub enum Context<'a> {
    /// What any command may say.
    Common(&'a CommonContext<'a>),
    /// `verify`.
    Verify(&'a VerifyContext<'a>),
    /// `prune`.
    Prune(&'a PruneContext<'a>),
    /// `review`.
    Review(&'a ReviewContext<'a>),
    /// `migrate`.
    Migrate(&'a MigrateContext<'a>),
}

impl Event<'_> {
    /// Whether this is the last event of a command (its totals), or the one answer a command
    /// gives per request (`--quiet` JSON keeps these).
    pub fn is_answer(&self) -> bool {
        match self {
            Event::Verify(VerifyEvent::Summary(_))
            | Event::Prune(PruneEvent::Summary(_))
            | Event::Diff(DiffEvent::Diff(_) | DiffEvent::Summary(_))
            | Event::Review(ReviewEvent::Summary(_) | ReviewEvent::AgainstSummary(_))
            | Event::Lock(LockEvent::Summary(_))
            | Event::Backfill(BackfillEvent::Summary(_))
            | Event::Migrate(MigrateEvent::Summary(_))
            | Event::Lookup(_)
            | Event::Request(_)
            | Event::Record(_) => true,
            Event::Verify(VerifyEvent::Finding(_))
            | Event::Prune(
                PruneEvent::JournalMissing { .. }
                | PruneEvent::Candidate(_)
                | PruneEvent::Leftover { .. }
                | PruneEvent::DeleteFailed { .. }
                | PruneEvent::Refused { .. }
                | PruneEvent::RemovedFolder { .. },
            )
            | Event::Diff(DiffEvent::StoreChange(_))
            | Event::Review(
                ReviewEvent::Pair(_) | ReviewEvent::Unpaired(_) | ReviewEvent::Rejected(_),
            )
            | Event::Lock(LockEvent::Locked(_) | LockEvent::NoPrompt { .. })
            | Event::Backfill(BackfillEvent::Outcome(_))
            | Event::Migrate(MigrateEvent::Outcome(_))
            | Event::Common(_)
            | Event::Context(_) => false,
        }
    }
}

impl Sink for Box<dyn Reporter> {
    fn common(&mut self, event: &Common<'_>) -> std::io::Result<()> {
        self.report(&Event::Common(event))
    }

    /// An input error is written on stderr here, in every format (stdout keeps its own); the
    /// reporter then sees it as context.
    fn context(&mut self, context: &CommonContext<'_>) -> std::io::Result<()> {
        if let CommonContext::InputError(e) = context {
            crate::cli::output::error_line(&crate::cli::output::said(e));
        }
        self.report(&Event::Context(Context::Common(context)))
    }
}

/// Makes every [`Report`] the sink of each command: its events wrapped in their [`Event`], its
/// context in its [`Context`].
macro_rules! sinks {
    ($($sink:ident :: $method:ident ($event:ident) => $variant:ident
        $(, $context_method:ident ($context:ident))?;)+) => {$(
        impl $sink for Box<dyn Reporter> {
            fn $method(&mut self, event: &$event<'_>) -> std::io::Result<()> {
                self.report(&Event::$variant(event))
            }
            $(
            fn $context_method(&mut self, context: &$context<'_>) -> std::io::Result<()> {
                self.report(&Event::Context(Context::$variant(context)))
            }
            )?
        }
    )+};
}

sinks! {
    RequestSink::request(RequestEvent) => Request;
    RecordSink::record(RecordEvent) => Record;
    LookupSink::lookup(LookupEvent) => Lookup;
    VerifySink::verify(VerifyEvent) => Verify, verify_context(VerifyContext);
    PruneSink::prune(PruneEvent) => Prune, prune_context(PruneContext);
    DiffSink::diff(DiffEvent) => Diff;
    ReviewSink::review(ReviewEvent) => Review, review_context(ReviewContext);
    LockSink::lock(LockEvent) => Lock;
    BackfillSink::backfill(BackfillEvent) => Backfill;
    MigrateSink::migrate(MigrateEvent) => Migrate, migrate_context(MigrateContext);
}
