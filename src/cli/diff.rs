//! `diff`: two requests, a request and a cassette, two cassettes or two stores.

use ulcas::diff::{diff as compare, DiffKind, Side};
use ulcas::event::{DiffEvent, Event, Summary};

use super::args::DiffArgs;
use super::report::Detail;
use super::{finish, Ctx, Outcome};

/// `ulcas diff`.
pub fn diff(args: DiffArgs, ctx: Ctx) -> Outcome {
    let a = Side::read(&args.a)?;
    let b = Side::read(&args.b)?;
    let report = compare(&a, &b)?;
    let detail = Detail {
        stat: args.stat,
        ..ctx.detail()
    };
    let mut reporter = super::report::reporter(args.format.format.into(), detail);
    if report.kind == DiffKind::Stores {
        for change in &report.store_changes {
            reporter.report(&Event::StoreChange(change))?;
        }
        let summary = report.stores_summary(&args.a, &args.b);
        reporter.report(&Event::Summary(Summary::DiffStores(&summary)))?;
    } else {
        reporter.report(&Event::Diff(DiffEvent {
            report: &report,
            a: &args.a,
            b: &args.b,
        }))?;
    }
    finish(&mut *reporter, report.verdict(), 0)
}
