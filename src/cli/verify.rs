//! `verify`: check stores, report findings as they are found in the chosen format.

use super::args::{DenyLevel, VerifyArgs};
use super::{finish, stores, Ctx, Outcome};

/// `ulcas verify`.
pub fn verify(args: VerifyArgs, ctx: Ctx) -> Outcome {
    let jobs = stores::resolve(&args.stores, &args.roots)?;
    let mut reporter = ctx.reporter(args.format.into());
    let summary = ulcas::verify::run(&jobs, &args.requests, &ctx.progress(), &mut *reporter)?;
    let verdict = summary.verdict(args.deny == Some(DenyLevel::Warnings));
    finish(&mut *reporter, verdict, summary.input_errors)
}
