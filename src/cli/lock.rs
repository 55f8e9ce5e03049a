//! `lock`: write each store's `ulcas.lock` from its registry.

use super::args::LockArgs;
use super::ctx::{Ctx, Exit, finish};
use super::stores;

/// `ulcas lock`.
pub fn lock(args: LockArgs, ctx: Ctx) -> Exit {
    let stores = stores::resolve_existing(&args.stores, &args.roots)?;
    let accept = args
        .accept
        .iter()
        .map(|a| ulcas::lock::parse_accept(a))
        .collect::<ulcas::Result<Vec<_>>>()?;
    let mut reporter = ctx.reporter(args.format.format.into());
    let summary = ulcas::lock::run(&stores, &ulcas::lock::LockOptions { accept }, &mut reporter)?;
    finish(&mut *reporter, &summary)
}
