//! `migrate`: carry answers that fit a task's new output schema over to its new key.

use ulcas::migrate::{MigrateOptions, run};

use super::args::MigrateArgs;
use super::ctx::{Ctx, Exit, finish};
use super::stores;

/// `ulcas migrate`.
pub fn migrate(args: MigrateArgs, ctx: Ctx) -> Exit {
    let stores = stores::resolve_existing(&args.stores, &args.roots)?;
    let asked = MigrateOptions {
        task: args.task,
        schema: args.schema,
        write: args.write,
    };
    let mut reporter = ctx.reporter(args.format.format.into());
    let migrated = run(&stores, &asked, &mut reporter)?;
    finish(&mut *reporter, &migrated)
}
