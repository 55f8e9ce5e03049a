//! `backfill`: add request material from request dumps to the cassettes they hit.

use super::args::BackfillArgs;
use super::ctx::{Ctx, Exit, finish};
use super::stores;

/// `ulcas backfill`.
pub fn backfill(args: BackfillArgs, ctx: Ctx) -> Exit {
    let stores = stores::resolve_existing(&args.stores, &args.roots)?;
    let mut reporter = ctx.reporter(args.format.format.into());
    let asked = ulcas::backfill::BackfillOptions {
        dumps: args.requests,
    };
    let summary = ulcas::backfill::run(&stores, &asked, &mut reporter)?;
    finish(&mut *reporter, &summary)
}
