//! `verify`: check stores, report findings as they are found in the chosen format.

use super::args::{DenyLevel, VerifyArgs};
use super::ctx::{Ctx, Exit, finish};
use super::stores;

/// `ulcas verify`.
pub fn verify(args: VerifyArgs, ctx: Ctx) -> Exit {
    // A store of ulcas.toml whose folder does not exist is verified too: a `no-cassettes`
    // warning in every format (a mistyped root must not pass the gate in silence).
    let jobs = stores::resolve_for_verify(&args.stores, &args.roots)?;
    let mut reporter = ctx.reporter(args.format.into());
    let asked = ulcas::verify::VerifyOptions {
        dumps: args.requests,
        deny_warnings: args.deny == Some(DenyLevel::Warnings),
    };
    let summary = ulcas::verify::run(&jobs, &asked, &ctx.progress(), &mut reporter)?;
    finish(&mut *reporter, &summary)
}
