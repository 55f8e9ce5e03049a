//! The union of every command's events, above the commands: one [`Event`] type that the
//! binary's reporters take, one per output format, serialised as JSON Lines (`--format json`).
//!
//! Each command defines its events beside its `run` and reports them to its own sink trait
//! (`verify::VerifySink`, `prune::PruneSink`, …, all extending [`ulcas::sink::Sink`]); a boxed
//! [`Reporter`] is every command's sink at once. The JSON names are each command's, derived by
//! serde; a few events carry context for human and GitHub output only ([`Event::is_context`]),
//! which JSON Lines leaves out, so its contract (README, "Machine output") stays what it was.

use serde::Serialize;

use ulcas::backfill::{BackfillEvent, BackfillSink};
use ulcas::diff::{DiffEvent, DiffSink};
use ulcas::dumps::{RequestEvent, RequestSink};
use ulcas::lock::{LockEvent, LockSink};
use ulcas::lookup::{LookupEvent, LookupSink};
use ulcas::migrate::{MigrateEvent, MigrateSink};
use ulcas::sink::{CommandEvent, Common, Sink};

use ulcas::prune::{PruneEvent, PruneSink};
use ulcas::record::{RecordEvent, RecordSink};
use ulcas::review::{ReviewEvent, ReviewSink};
use ulcas::verify::{VerifyEvent, VerifySink};

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
}

impl Event<'_> {
    /// Whether this event is context for human and GitHub output only (not in JSON Lines).
    pub fn is_context(&self) -> bool {
        match self {
            Event::Common(e) => e.is_context(),
            Event::Verify(e) => e.is_context(),
            Event::Prune(e) => e.is_context(),
            Event::Review(e) => e.is_context(),
            Event::Migrate(e) => e.is_context(),
            Event::Request(_)
            | Event::Record(_)
            | Event::Lookup(_)
            | Event::Diff(_)
            | Event::Lock(_)
            | Event::Backfill(_) => false,
        }
    }

    /// Whether this is the last event of a command (its totals), or the one answer a command
    /// gives per request (`--quiet` JSON keeps these).
    pub fn is_answer(&self) -> bool {
        matches!(
            self,
            Event::Verify(VerifyEvent::Summary(_))
                | Event::Prune(PruneEvent::Summary(_))
                | Event::Diff(DiffEvent::Diff(_) | DiffEvent::Summary(_))
                | Event::Review(ReviewEvent::Summary(_) | ReviewEvent::AgainstSummary(_))
                | Event::Lock(LockEvent::Summary(_))
                | Event::Backfill(BackfillEvent::Summary(_))
                | Event::Migrate(MigrateEvent::Summary(_))
                | Event::Lookup(_)
                | Event::Request(_)
                | Event::Record(_)
        )
    }
}

impl Sink for Box<dyn Reporter> {
    fn common(&mut self, event: &Common<'_>) -> std::io::Result<()> {
        self.report(&Event::Common(event))
    }
}

/// Makes every [`Report`] the sink of each command: its events wrapped in their [`Event`].
macro_rules! sinks {
    ($($sink:ident :: $method:ident ($event:ident) => $variant:ident),+ $(,)?) => {$(
        impl $sink for Box<dyn Reporter> {
            fn $method(&mut self, event: &$event<'_>) -> std::io::Result<()> {
                self.report(&Event::$variant(event))
            }
        }
    )+};
}

sinks! {
    RequestSink::request(RequestEvent) => Request,
    RecordSink::record(RecordEvent) => Record,
    LookupSink::lookup(LookupEvent) => Lookup,
    VerifySink::verify(VerifyEvent) => Verify,
    PruneSink::prune(PruneEvent) => Prune,
    DiffSink::diff(DiffEvent) => Diff,
    ReviewSink::review(ReviewEvent) => Review,
    LockSink::lock(LockEvent) => Lock,
    BackfillSink::backfill(BackfillEvent) => Backfill,
    MigrateSink::migrate(MigrateEvent) => Migrate,
}
