//! `prune`: report what can go (grouped by reason, with counts and bytes per task) and, with
//! `--delete`, delete it.

use ulcas::prune::{Allowed, PruneOptions};

use super::args::PruneArgs;
use super::ctx::{Ctx, Exit, finish};
use super::output::error_line;
use super::report::shown;
use super::stores;

/// `ulcas prune`.
pub fn prune(args: PruneArgs, ctx: Ctx) -> Exit {
    let stores = stores::resolve_existing(&args.stores, &args.roots)?;
    let request = PruneOptions {
        journals: args.journals,
        dumps: args.requests,
        allowed: Allowed {
            orphans: args.orphans,
            include_last_recordings: args.include_last_recordings,
        },
        delete: args.delete,
        complete_run: args.complete_run,
    };
    let mut reporter = ctx.reporter(args.format.format.into());
    let summary = ulcas::prune::run(&stores, &request, &ctx.progress(), &mut reporter)?;
    let answer = finish(&mut *reporter, &summary);
    // In every format, after the report: why nothing was deleted, or what could not be.
    if let Some(why) = summary.refusal() {
        error_line(&format!("deleted nothing: {why}"));
    } else {
        for failed in &summary.failed {
            error_line(&format!(
                "{}: not deleted: {}",
                shown(&failed.path),
                failed.why
            ));
        }
    }
    answer
}
