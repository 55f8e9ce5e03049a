//! `record`: write a cassette for a request and an answer, exactly as the reference recorder.

use ulcas::record::RecordOptions;
use ulcas::store::WriteOptions;

use super::args::RecordArgs;
use super::ctx::{Ctx, Exit, finish};
use super::stores;

/// `ulcas record`.
pub fn record(args: RecordArgs, ctx: Ctx) -> Exit {
    let stores = stores::resolve(&args.stores, &[])?;
    let asked = RecordOptions {
        request: args.request,
        response: args.response,
        prompt_id: args.prompt_id,
        model: args.model,
        stop_reason: args.stop_reason,
        refusal_category: args.refusal_category,
        usage: args.usage,
        write: WriteOptions {
            with_request_material: !args.no_request_material,
            force: args.force,
        },
    };
    let mut reporter = ctx.reporter(args.format.format.into());
    let recorded = ulcas::record::run(&stores, &asked, &mut reporter)?;
    finish(&mut *reporter, &recorded)
}
