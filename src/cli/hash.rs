//! `normalize` and `hash`: what the key sees of a request, and the key itself.

use ulcas::event::{Event, Verdict};
use ulcas::key::KeyMaterial;
use ulcas::settings::store_for_request;

use super::args::{HashArgs, NormalizeArgs};
use super::report::Format;
use super::{each_request, finish, Ctx, Outcome};

/// `ulcas normalize`.
pub fn normalize(args: NormalizeArgs, ctx: Ctx) -> Outcome {
    let mut reporter = ctx.reporter(args.format.format.into());
    let errors = each_request(
        &args.requests,
        &mut *reporter,
        |reporter, file, request, several| {
            let material = KeyMaterial::of(&request);
            reporter.report(&Event::Normalized {
                request: file,
                content: &material.content.text,
                map: &material.content.map,
                several,
                task: (&request.task, request.prompt_version),
            })?;
            Ok(())
        },
    )?;
    finish(&mut *reporter, Verdict::Pass, errors)
}

/// `ulcas hash`.
pub fn hash(args: HashArgs, ctx: Ctx) -> Outcome {
    let stores = super::stores::for_requests(&args.store, &[], &None)?;
    let format: Format = args.format.format.into();
    let mut reporter = ctx.reporter(format);
    let mut said = format != Format::Human || ctx.quiet;
    let errors = each_request(
        &args.requests,
        &mut *reporter,
        |reporter, file, request, several| {
            let key = ulcas::key::key_of(&request);
            let root = match store_for_request(&stores, &key) {
                Some(store) => {
                    super::stores::say_origin(store, &mut said);
                    store.root.as_path()
                }
                None => std::path::Path::new("cassettes"),
            };
            let path = key.path_under(root);
            reporter.report(&Event::Key {
                request: file,
                task: &key.task,
                prompt_version: key.prompt_version,
                hash: &key.hash,
                path: &path,
                several,
            })?;
            Ok(())
        },
    )?;
    finish(&mut *reporter, Verdict::Pass, errors)
}
