//! `prune`: report what can go (grouped by reason, with counts and bytes per task) and, with
//! `--delete`, delete it.

use ulcas::prune::{PruneOptions, PruneRequest};

use super::args::PruneArgs;
use super::output::error_line;
use super::report::group::count;
use super::{shown, stores, Ctx, Failure, Outcome};

/// `ulcas prune`.
pub fn prune(args: PruneArgs, ctx: Ctx) -> Outcome {
    let jobs = stores::resolve(&args.stores, &args.roots)?;
    let request = PruneRequest {
        journals: args.journals,
        requests: args.requests,
        options: PruneOptions {
            orphans: args.orphans,
            include_last_recordings: args.include_last_recordings,
        },
        delete: args.delete,
    };
    let mut reporter = ctx.reporter(args.format.format.into());
    let summary = ulcas::prune::run(&jobs, &request, &ctx.progress(), &mut *reporter)?;
    reporter.finish()?;
    if summary.refused {
        let problems = &summary.registry_problems;
        let why = match problems.first() {
            Some(first) => format!(
                "the registry that decides staleness has {} (first: {first}); fix {} and run again",
                count(problems.len(), "problem", "problems"),
                if problems.len() == 1 { "it" } else { "them" }
            ),
            None => format!(
                "{} could not be read (above); fix or remove {} and run again",
                count(summary.input_errors, "request dump", "request dumps"),
                if summary.input_errors == 1 {
                    "it"
                } else {
                    "them"
                }
            ),
        };
        error_line(&format!("deleted nothing: {why}"));
        return Err(Failure::Reported);
    }
    if !summary.failed.is_empty() {
        for (path, why) in &summary.failed {
            error_line(&format!("{}: not deleted: {why}", shown(path)));
        }
        return Err(Failure::Reported);
    }
    if summary.input_errors > 0 {
        return Err(Failure::Reported);
    }
    Ok(summary.verdict(args.delete))
}
