//! `lookup`: a hit with what it holds, or a miss with every diagnosis, most useful first.

use ulcas::event::{Event, LookupEvent};
use ulcas::lookup::{lookup as find, registry_probes, schema_probe_from_file};
use ulcas::settings::store_for_request;

use super::args::{LookupArgs, Mode};
use super::output::Out;
use super::report::{human::Human, Format, Reporter};
use super::{each_request, finish, Ctx, Outcome};

/// `ulcas lookup`.
pub fn lookup(args: LookupArgs, ctx: Ctx) -> Outcome {
    let stores = super::stores::for_requests(&args.store, &args.prompts, &args.schemas)?;
    let file_probes = args
        .schema_files
        .iter()
        .map(|f| schema_probe_from_file(f))
        .collect::<Result<Vec<_>, _>>()?;
    // A mistyped root would read as "nothing recorded"; synthetic mode needs no store.
    if args.mode == Mode::Cassette {
        if let Some(missing) = stores.iter().find(|s| !s.root.is_dir()) {
            return Err(ulcas::Error::in_file(
                &missing.root,
                "no such store folder (give --cassettes ROOT)",
            )
            .into());
        }
    }
    let format: Format = args.format.format.into();
    // With --replay, human output goes to stderr: stdout carries the answers alone.
    let replay_raw = args.replay && format == Format::Human;
    let mut reporter: Box<dyn Reporter> = if replay_raw {
        Box::new(Human::new(Out::stderr(ctx.color), ctx.detail()))
    } else {
        ctx.reporter(format)
    };
    let mut answers = Out::stdout(false);
    let mut said = format != Format::Human || ctx.quiet;
    let mut misses = 0;
    let done = each_request(
        &args.requests,
        &mut *reporter,
        |reporter, file, request, _| {
            let store = store_for_request(&stores, &ulcas::key::key_of(&request))
                .ok_or_else(|| ulcas::Error::msg("no store to look in"))?;
            super::stores::say_origin(store, &mut said);
            let mut probes =
                registry_probes(&store.registry, &request.task, request.prompt_version);
            probes.extend(file_probes.iter().cloned());
            let result = find(store, &request, Some(file), &probes)?;
            let text = match (&result.hit, args.mode) {
                (Some(_), _) if args.replay => result.replayed(),
                (None, Mode::Synthetic) => Some(ulcas::synth::answer(&request)?),
                _ => None,
            };
            misses += usize::from(result.hit.is_none() && text.is_none());
            let event = LookupEvent::new(file, &result, text.as_deref(), args.replay);
            reporter.report(&Event::Lookup(event))?;
            if let (true, Some(text)) = (replay_raw, &text) {
                answers.raw(text)?;
            }
            Ok(())
        },
    );
    answers.flush()?;
    let errors = done?;
    finish(
        &mut *reporter,
        ulcas::event::Verdict::of(misses == 0),
        errors,
    )
}
