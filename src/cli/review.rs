//! `review`: what a prompt bump changed, answer by answer, in the format asked for.

use ulcas::event::{Event, PairEvent, ReviewSummaryEvent, Summary};
use ulcas::review::review as compute;
use ulcas::Error;

use super::args::{ReviewArgs, ReviewFormat};
use super::report::Detail;
use super::{finish, stores, Ctx, Outcome};

/// `ulcas review`.
pub fn review(args: ReviewArgs, ctx: Ctx) -> Outcome {
    let jobs = stores::resolve(&args.stores)?;
    let store = match (args.stores.roots.is_empty(), jobs.as_slice()) {
        (false, [one]) => one,
        (false, _) => return Err(Error::msg("review takes one store root").into()),
        (true, _) => jobs
            .iter()
            .find(|s| s.root.join(&args.task).is_dir())
            .ok_or_else(|| {
                Error::msg(format!("no store has recordings of task {:?}", args.task))
            })?,
    };
    let r = compute(store, &args.task, args.from, args.to)?;
    let summary = r.summary();
    let detail = Detail {
        stat: args.stat,
        // Markdown and HTML are documents: never coloured.
        color: ctx.color && args.format == ReviewFormat::Human,
        ..ctx.detail()
    };
    let mut reporter = super::report::reporter(args.format.into(), detail);
    reporter.report(&Event::Review {
        store,
        review: &r,
        summary: &summary,
    })?;
    for pair in &r.pairs {
        reporter.report(&Event::Pair(PairEvent {
            task: &r.task,
            pair,
        }))?;
    }
    for unpaired in &r.unpaired {
        reporter.report(&Event::Unpaired(unpaired))?;
    }
    let event = ReviewSummaryEvent {
        task: &r.task,
        from_version: r.from_version,
        to_version: r.to_version,
        summary: &summary,
        retire: store.command("prune", &["--delete"]),
    };
    reporter.report(&Event::Summary(Summary::Review(&event)))?;
    finish(&mut *reporter, r.verdict(), 0)
}
