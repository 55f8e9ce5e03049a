//! `normalize` and `hash`: what the key sees of a request, and the key itself.

use super::args::{HashArgs, NormalizeArgs};
use super::{finish, stores, Ctx, Exit};

/// `ulcas normalize`.
pub fn normalize(args: NormalizeArgs, ctx: Ctx) -> Exit {
    let mut reporter = ctx.reporter(args.format.format.into());
    let asked = ulcas::inspect::InspectRequest {
        requests: args.requests,
    };
    let reported = ulcas::inspect::normalize(&asked, &mut reporter)?;
    finish(&mut *reporter, &reported)
}

/// `ulcas hash`.
pub fn hash(args: HashArgs, ctx: Ctx) -> Exit {
    let stores = stores::resolve(&args.stores, &[])?;
    let mut reporter = ctx.reporter(args.format.format.into());
    let asked = ulcas::inspect::InspectRequest {
        requests: args.requests,
    };
    let reported = ulcas::inspect::hash(&stores, &asked, &mut reporter)?;
    finish(&mut *reporter, &reported)
}
