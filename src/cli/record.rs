//! `record`: write a cassette for a request and an answer, exactly as the reference recorder.

use ulcas::cassette::{usage_from, usage_from_json};
use ulcas::event::{Event, Verdict};
use ulcas::request::Request;
use ulcas::settings::store_for_request;
use ulcas::store::{record as record_cassette, RecordOptions, Recording};
use ulcas::Error;

use super::args::RecordArgs;
use super::{finish, stores, Ctx, Outcome};

/// `ulcas record`.
pub fn record(args: RecordArgs, ctx: Ctx) -> Outcome {
    if args.request.as_os_str() == "-" && args.response.as_os_str() == "-" {
        return Err(Error::msg(
            "the request and the response cannot both come from standard input",
        )
        .into());
    }
    let mut request = Request::from_file(&args.request)?;
    if let Some(id) = args.prompt_id {
        request.prompt_id = Some(id);
    }
    let recording = Recording {
        text: ulcas::input::read_answer(&args.response)?,
        model: args.model,
        stop_reason: args.stop_reason,
        refusal_category: args.refusal_category,
        usage: match &args.usage {
            Some(raw) => usage_from_json(raw)?,
            None => usage_from(None),
        },
    };
    let options = RecordOptions {
        with_request_material: !args.no_request_material,
        force: args.force,
    };
    let stores = stores::resolve(&args.stores, &[])?;
    let store = store_for_request(&stores, &ulcas::key::key_of(&request))
        .ok_or_else(|| Error::msg("no store to record into"))?;
    let mut reporter = ctx.reporter(args.format.format.into());
    reporter.report(&Event::StoreOfRequest(store))?;
    let recorded = record_cassette(&store.root, &request, &recording, options)?;
    ulcas::lock::note_recorded(store, &recorded.key.task, recorded.key.prompt_version)?;
    reporter.report(&Event::Recorded {
        path: &recorded.path,
        hash: &recorded.key.hash,
        status: recorded.status,
    })?;
    finish(&mut *reporter, Verdict::Pass, 0)
}
