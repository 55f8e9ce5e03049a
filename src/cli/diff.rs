//! `diff`: two requests, a request and a cassette, two cassettes or two stores.

use super::args::DiffArgs;
use super::ctx::{Ctx, Exit, finish};
use super::report::Detail;

/// `ulcas diff`.
pub fn diff(args: DiffArgs, ctx: Ctx) -> Exit {
    let detail = Detail {
        stat: args.stat,
        ..ctx.detail()
    };
    let mut reporter = super::report::reporter(args.format.format.into(), detail);
    let asked = ulcas::diff::DiffOptions {
        a: args.a,
        b: args.b,
        phrasebook: Some(super::phrases::phrasebook()),
    };
    let compared = ulcas::diff::run(&asked, &mut reporter)?;
    finish(&mut *reporter, &compared)
}
