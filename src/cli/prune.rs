//! `prune`: report what can go (grouped by reason, with counts and bytes per task) and, with
//! `--delete`, delete it.

use ulcas::prune::{PruneOptions, PruneRequest};

use super::args::PruneArgs;
use super::output::error_line;
use super::{shown, stores, Ctx, Failure, Outcome};

/// `ulcas prune`.
pub fn prune(args: PruneArgs, ctx: Ctx) -> Outcome {
    let stores = stores::resolve(&args.stores, &args.roots)?;
    let request = PruneRequest {
        journals: args.journals,
        requests: args.requests,
        options: PruneOptions {
            orphans: args.orphans,
            include_last_recordings: args.include_last_recordings,
        },
        delete: args.delete,
        complete_run: args.complete_run,
    };
    let mut reporter = ctx.reporter(args.format.format.into());
    let summary = ulcas::prune::run(&stores, &request, &ctx.progress(), &mut *reporter)?;
    reporter.finish()?;
    if let Some(why) = summary.refusal() {
        error_line(&format!("deleted nothing: {why}"));
        return Err(Failure::Reported);
    }
    for (path, why) in &summary.failed {
        error_line(&format!("{}: not deleted: {why}", shown(path)));
    }
    if !summary.failed.is_empty() || summary.input_errors > 0 {
        return Err(Failure::Reported);
    }
    Ok(summary.verdict(args.delete))
}
