//! `review`: what a prompt bump changed, answer by answer, in the format asked for.

use ulcas::review::{run, ReviewRequest};

use super::args::{ReviewArgs, ReviewFormat};
use super::report::Detail;
use super::{finish, stores, Ctx, Outcome};

/// `ulcas review`.
pub fn review(args: ReviewArgs, ctx: Ctx) -> Outcome {
    let stores = stores::resolve(&args.stores, &args.roots)?;
    let asked = ReviewRequest {
        task: args.task,
        from: args.from,
        to: args.to,
    };
    let detail = Detail {
        stat: args.stat,
        // Markdown and HTML are documents: never coloured.
        color: ctx.color && args.format == ReviewFormat::Human,
        ..ctx.detail()
    };
    let mut reporter = super::report::reporter(args.format.into(), detail);
    let reviewed = run(&stores, &asked, &mut reporter)?;
    finish(&mut *reporter, &reviewed)
}
