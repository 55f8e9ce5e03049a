//! The union of every command's events, above the commands: one [`Event`] type that the
//! binary's reporters take, one per output format, serialised as JSON Lines (`--format json`).
//!
//! Each command defines its events beside its `run` and reports them to its own sink trait
//! (`verify::VerifySink`, `prune::PruneSink`, …, all extending [`crate::outcome::Sink`]); any
//! [`Report`] is every command's sink at once. The JSON names are each command's, derived by
//! serde; a few events carry context for human and GitHub output only ([`Event::is_context`]),
//! which JSON Lines leaves out, so its contract (README, "Machine output") stays what it was.
//!
//! [`Collect`] gathers what `--format json` would print:
//!
//! ```
//! use ulcas::event::Collect;
//! use ulcas::outcome::{Outcome, Verdict};
//! use ulcas::settings::{resolve, StoreFlags};
//! # fn main() -> ulcas::Result<()> {
//! let stores = resolve(&StoreFlags { roots: vec!["cassettes".into()], ..Default::default() })?;
//! let mut events = Collect::default();
//! let asked = ulcas::lookup::LookupRequest {
//!     requests: vec!["tests/fixtures/requests/outline.json".into()],
//!     ..Default::default()
//! };
//! let summary = ulcas::lookup::run(&stores, &asked, &mut events)?;
//! assert_eq!(summary.verdict(), Verdict::Pass);
//! assert_eq!(events.0[0]["type"], "lookup");
//! assert_eq!(events.0[0]["status"], "hit");
//! # Ok(())
//! # }
//! ```

use serde::Serialize;

use crate::backfill::{BackfillEvent, BackfillSink};
use crate::diff::{DiffEvent, DiffSink};
use crate::dumps::{RequestEvent, RequestSink};
use crate::lock::{LockEvent, LockSink};
use crate::lookup::{LookupEvent, LookupSink};
use crate::migrate::{MigrateEvent, MigrateSink};
use crate::outcome::{Common, Sink};
use crate::prune::{PruneEvent, PruneSink};
use crate::record::{RecordEvent, RecordSink};
use crate::review::{ReviewEvent, ReviewSink};
use crate::verify::{VerifyEvent, VerifySink};

/// Receives the events of every command, in order (a reporter writes them in its format).
pub trait Report {
    /// Takes one event.
    fn report(&mut self, event: &Event<'_>) -> std::io::Result<()>;
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

impl<R: Report + ?Sized> Sink for R {
    fn common(&mut self, event: &Common<'_>) -> std::io::Result<()> {
        self.report(&Event::Common(event))
    }
}

/// Makes every [`Report`] the sink of each command: its events wrapped in their [`Event`].
macro_rules! sinks {
    ($($sink:ident :: $method:ident ($event:ident) => $variant:ident),+ $(,)?) => {$(
        impl<R: Report + ?Sized> $sink for R {
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

/// Collects events as their JSON values (tests, and drivers that want the wire form).
#[derive(Debug, Default)]
pub struct Collect(pub Vec<serde_json::Value>);

impl Report for Collect {
    fn report(&mut self, event: &Event<'_>) -> std::io::Result<()> {
        if !event.is_context() {
            self.0
                .push(serde_json::to_value(event).map_err(std::io::Error::other)?);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::backfill::BackfillSummary;
    use crate::outcome::{Outcome, Verdict};
    use crate::prune::PruneSummary;
    use crate::verify::VerifySummary;

    #[test]
    fn verdicts() {
        let mut v = VerifySummary {
            deny_warnings: true,
            ..Default::default()
        };
        assert_eq!(v.verdict(), Verdict::Pass);
        v.warnings = 1;
        assert_eq!(v.verdict(), Verdict::Fail, "--deny warnings");
        v.deny_warnings = false;
        assert_eq!(v.verdict(), Verdict::Pass, "warnings pass by default");
        v.errors = 1;
        assert_eq!(v.verdict(), Verdict::Fail);
        let mut s = crate::verify::StoreVerdict {
            warnings: 1,
            deny_warnings: true,
            ..Default::default()
        };
        assert_eq!(
            s.verdict(),
            Verdict::Fail,
            "a store's verdict is denied too"
        );
        s.deny_warnings = false;
        assert_eq!(s.verdict(), Verdict::Pass);

        let mut p = PruneSummary::default();
        assert_eq!(p.verdict(), Verdict::Pass, "nothing to prune");
        p.prunable = 3;
        assert_eq!(p.verdict(), Verdict::Fail, "cassettes can go");
        p.delete = true;
        assert_eq!(p.verdict(), Verdict::Pass, "and were deleted");

        let mut b = BackfillSummary {
            backfilled: 2,
            ..Default::default()
        };
        assert_eq!(b.verdict(), Verdict::Pass);
        b.unmatched = 1;
        assert_eq!(b.verdict(), Verdict::Fail);
        b.unmatched = 0;
        b.conflicts = 1;
        assert_eq!(b.verdict(), Verdict::Fail);

        let mut l = crate::lookup::LookupSummary {
            looked_up: 2,
            ..Default::default()
        };
        assert_eq!(l.verdict(), Verdict::Pass, "every request answered");
        l.misses = 1;
        assert_eq!(l.verdict(), Verdict::Fail, "a miss");
        assert_eq!(l.input_errors(), 0);

        let mut lock = crate::lock::LockSummary::default();
        assert_eq!(lock.verdict(), Verdict::Pass);
        lock.differs = 1;
        assert_eq!(lock.verdict(), Verdict::Fail, "an entry kept that differs");

        let migrated = crate::migrate::MigrateRun {
            verdict: Verdict::Pass,
            failed: 1,
        };
        assert_eq!(
            (migrated.verdict(), migrated.failed()),
            (Verdict::Pass, 1),
            "a write that failed is its own count (exit 2)"
        );

        let reported = crate::outcome::Reported { input_errors: 2 };
        assert_eq!(
            (reported.verdict(), reported.input_errors()),
            (Verdict::Pass, 2)
        );

        let mut b = BackfillSummary {
            failed: 1,
            ..Default::default()
        };
        assert_eq!((b.verdict(), b.failed()), (Verdict::Pass, 1));
        b.input_errors = 3;
        assert_eq!(b.input_errors(), 3);

        let mut p = PruneSummary {
            refused: true,
            input_errors: 1,
            ..Default::default()
        };
        assert!(Outcome::refusal(&p).is_some(), "a refusal is the outcome's");
        p.failed.push(crate::prune::NotDeleted {
            path: "a.json".into(),
            why: "permission denied".into(),
        });
        assert_eq!(p.failed(), 1);
    }

    #[test]
    fn prune_refusals_say_why() {
        let mut p = PruneSummary::default();
        assert_eq!(p.refusal(), None, "nothing refused");
        let problem = |path: &str, message: &str| crate::registry::RegistryProblem {
            path: path.into(),
            message: message.into(),
        };
        p.registry_problems = vec![problem("quiz/v2.md", "no such schema")];
        assert_eq!(
            p.refusal(),
            None,
            "problems without --delete refuse nothing"
        );
        p.refused = true;
        assert_eq!(
            p.refusal().unwrap(),
            "the registry that decides staleness has 1 problem (first: quiz/v2.md: no such schema); fix it and run again"
        );
        p.registry_problems
            .push(problem("lesson/v3.md", "bad front matter"));
        assert!(p.refusal().unwrap().contains("2 problems"));
        let unreadable = PruneSummary {
            refused: true,
            input_errors: 2,
            ..Default::default()
        };
        assert_eq!(
            unreadable.refusal().unwrap(),
            "2 request dumps could not be read (above); fix or remove them and run again"
        );
    }
}
