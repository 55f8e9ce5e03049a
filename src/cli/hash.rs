//! `normalize` and `hash`: what the key sees of a request, and the key itself.

use super::args::{HashArgs, NormalizeArgs};
use super::ctx::{Ctx, Exit, finish};
use super::stores;

/// `ulcas normalize`.
pub fn normalize(args: NormalizeArgs, ctx: Ctx) -> Exit {
    let mut reporter = ctx.reporter(args.format.format.into());
    let asked = ulcas::dumps::DumpsOptions {
        dumps: args.requests,
    };
    let reported = ulcas::dumps::normalize(&asked, &mut reporter)?;
    finish(&mut *reporter, &reported)
}

/// `ulcas hash`.
pub fn hash(args: HashArgs, ctx: Ctx) -> Exit {
    let stores = stores::resolve(&args.stores, &[])?;
    let mut reporter = ctx.reporter(args.format.format.into());
    let asked = ulcas::dumps::DumpsOptions {
        dumps: args.requests,
    };
    let reported = ulcas::dumps::hash(&stores, &asked, &mut reporter)?;
    finish(&mut *reporter, &reported)
}
