//! `backfill`: add request material from request dumps to the cassettes they hit.

use ulcas::backfill::{backfill_request, BackfillSummary};
use ulcas::event::{Event, Summary};

use super::args::BackfillArgs;
use super::{each_request, finish, stores, Ctx, Outcome};

/// `ulcas backfill`.
pub fn backfill(args: BackfillArgs, ctx: Ctx) -> Outcome {
    let jobs = stores::resolve(&args.stores)?;
    for job in &jobs {
        if !job.root.is_dir() {
            return Err(ulcas::Error::in_file(&job.root, "no such store folder").into());
        }
    }
    let mut reporter = ctx.reporter(args.format.format.into());
    let mut summary = BackfillSummary::default();
    let errors = each_request(
        &args.requests,
        &mut *reporter,
        |reporter, file, request, _| {
            for outcome in backfill_request(&jobs, file, &request) {
                summary.add(&outcome);
                reporter.report(&Event::Backfill(&outcome))?;
            }
            Ok(())
        },
    )?;
    reporter.report(&Event::Summary(Summary::Backfill(&summary)))?;
    finish(&mut *reporter, summary.verdict(), errors)
}
