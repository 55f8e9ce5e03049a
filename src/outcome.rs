//! How every command ends: the [`Verdict`] it answers with, the [`Outcome`] that maps to an exit
//! code, and the [`Progress`] of a long run. What a command reports on the way lives in
//! [`crate::sink`].
//!
//! ```
//! use ulcas::outcome::Verdict;
//!
//! assert_eq!(Verdict::of(true).and(Verdict::of(false)), Verdict::Fail);
//! assert_eq!(Verdict::Pass.and(Verdict::Pass), Verdict::Pass);
//! ```

use serde::Serialize;

/// A command's answer to its question, as its exit code says it (`0` or `1`; `2` is an error).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    #[default]
    /// Nothing wrong: exit 0.
    Pass,
    /// A miss, errors found, differences, work left: exit 1.
    Fail,
}

impl Verdict {
    /// `Pass` when `ok`.
    pub fn of(ok: bool) -> Verdict {
        if ok { Verdict::Pass } else { Verdict::Fail }
    }

    /// `Fail` when either is.
    pub fn and(self, other: Verdict) -> Verdict {
        Verdict::of(self == Verdict::Pass && other == Verdict::Pass)
    }
}

/// The end of every library run, whatever the command: its verdict, how many inputs could not
/// be used (the command exits 2 on any) and why it refused to change anything (exit 2).
pub trait Outcome {
    /// The answer: exit 0 or 1.
    fn verdict(&self) -> Verdict;
    /// Inputs (request dumps, files) that could not be used; each was reported as
    /// `Context::InputError`.
    fn input_errors(&self) -> usize {
        0
    }
    /// Files the run could not write or delete (the command exits 2 on any).
    fn failed(&self) -> usize {
        0
    }
    /// Why the run changed nothing it was asked to change, if it refused.
    fn refusal(&self) -> Option<String> {
        None
    }
}

/// How far a long run is (a progress bar in the binary); every method does nothing by default.
pub trait Progress: Sync {
    /// A stage of `total` steps starts.
    fn start(&self, _what: &str, _total: u64) {}
    /// One step is done (called from worker threads).
    fn step(&self) {}
    /// The stage is done.
    fn finish(&self) {}
}

/// The end of a run that only reports (`hash`, `normalize`): it passes unless an input could not
/// be used.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Reported {
    /// Inputs that could not be used.
    pub input_errors: usize,
}

impl Outcome for Reported {
    fn verdict(&self) -> Verdict {
        Verdict::Pass
    }

    fn input_errors(&self) -> usize {
        self.input_errors
    }
}

/// A [`Progress`] that calls a function with the number of steps done so far (from any thread).
pub struct Steps<'a> {
    call: &'a (dyn Fn(u64) + Sync),
    done: std::sync::atomic::AtomicU64,
}

impl<'a> Steps<'a> {
    /// Calls `call` after each step with the steps done.
    pub fn new(call: &'a (dyn Fn(u64) + Sync)) -> Self {
        Steps {
            call,
            done: std::sync::atomic::AtomicU64::new(0),
        }
    }
}

impl Progress for Steps<'_> {
    fn step(&self) {
        let done = self.done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        (self.call)(done);
    }
}

/// No progress shown.
pub struct NoProgress;

impl Progress for NoProgress {}

#[cfg(test)]
mod tests {
    use super::{Outcome, Verdict};

    #[test]
    fn verdict_and() {
        assert_eq!(Verdict::Pass.and(Verdict::Fail), Verdict::Fail);
        assert_eq!(Verdict::Pass.and(Verdict::Pass), Verdict::Pass);
        assert_eq!(Verdict::of(false), Verdict::Fail);
    }

    use crate::backfill::BackfillSummary;
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
