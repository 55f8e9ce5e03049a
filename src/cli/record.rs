//! `record`: write a cassette for a request and an answer, exactly as the reference recorder.

use serde_json::Value;
use ulcas::cassette::usage_from;
use ulcas::event::{Event, Verdict};
use ulcas::input::{read_capped, read_limited, MAX_DOCUMENT};
use ulcas::request::Request;
use ulcas::settings::store_for_request;
use ulcas::store::{record as record_cassette, RecordOptions, Recording};
use ulcas::Error;

use super::args::RecordArgs;
use super::{finish, Ctx, Outcome};

/// `ulcas record`.
pub fn record(args: RecordArgs, ctx: Ctx) -> Outcome {
    if args.request.as_os_str() == "-" && args.response.as_os_str() == "-" {
        return Err(Error::msg(
            "the request and the response cannot both come from standard input",
        )
        .into());
    }
    let mut request = Request::from_file(&args.request)?;
    if let Some(id) = &args.prompt_id {
        request.prompt_id = Some(id.clone());
    }
    let text = read_response(&args.response)?;
    let usage = match &args.usage {
        None => usage_from(None),
        Some(raw) => {
            let v: Value = serde_json::from_str(raw)
                .map_err(|e| Error::msg(format!("--usage: invalid JSON: {e}")))?;
            let obj = v
                .as_object()
                .ok_or_else(|| Error::msg("--usage must be a JSON object of counters"))?;
            if let Some((k, _)) = obj.iter().find(|(_, v)| v.as_u64().is_none()) {
                return Err(
                    Error::msg(format!("--usage: `{k}` must be a non-negative integer")).into(),
                );
            }
            usage_from(Some(obj))
        }
    };
    let recording = Recording {
        text,
        model: args.model.clone(),
        stop_reason: args.stop_reason.clone(),
        refusal_category: args.refusal_category.clone(),
        usage,
    };
    let options = RecordOptions {
        with_request_material: !args.no_request_material,
        force: args.force,
    };
    let stores = super::stores::resolve(&args.stores, &[])?;
    let store = store_for_request(&stores, &ulcas::key::key_of(&request))
        .ok_or_else(|| Error::msg("no store to record into"))?;
    let mut reporter = ctx.reporter(args.format.format.into());
    reporter.report(&Event::StoreOfRequest(store))?;
    let recorded = record_cassette(&store.root, &request, &recording, options)?;
    reporter.report(&Event::Recorded {
        path: &recorded.path,
        hash: &recorded.key.hash,
        status: recorded.status,
    })?;
    finish(&mut *reporter, Verdict::Pass, 0)
}

/// The raw answer, byte for byte: a file or `-` for standard input.
fn read_response(path: &std::path::Path) -> Result<String, Error> {
    let bytes = if path.as_os_str() == "-" {
        read_capped(std::io::stdin().lock(), MAX_DOCUMENT, "response")
            .map_err(|e| e.with_file("<stdin>"))?
    } else {
        read_limited(path, MAX_DOCUMENT, "response")?
    };
    String::from_utf8(bytes).map_err(|e| {
        Error::in_file(
            path,
            format!(
                "the response is not UTF-8 (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}
