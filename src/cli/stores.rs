//! The store flags of the command line, handed to the library's store resolution.

use std::path::PathBuf;

use ulcas::settings::{self, SettingsOrigin, Store, StoreFlags};
use ulcas::Error;

use super::args::{StoreArgs, StoreChoice};
use super::output::note;

/// The stores of `args`, with their settings and registries.
pub fn resolve(args: &StoreArgs) -> Result<Vec<Store>, Error> {
    settings::resolve(&flags(args))
}

/// The flags of `args` as the library takes them.
pub fn flags(args: &StoreArgs) -> StoreFlags {
    StoreFlags {
        roots: args.roots.clone(),
        prompts: args.prompts.clone(),
        schemas: args.schemas.clone(),
        pins: args.pins.clone(),
        config: args.config.clone(),
    }
}

/// The candidate stores of a command that sends each request to one store (`hash`, `lookup`,
/// `record`); pick one per request with [`settings::store_for_request`].
pub fn for_requests(
    choice: &StoreChoice,
    prompts: &[PathBuf],
    schemas: &Option<PathBuf>,
) -> Result<Vec<Store>, Error> {
    settings::resolve(&StoreFlags {
        roots: choice.cassettes.iter().cloned().collect(),
        prompts: prompts.to_vec(),
        schemas: schemas.clone(),
        pins: Vec::new(),
        config: choice.config.clone(),
    })
}

/// Says once on stderr which config's settings a store got (human output only).
pub fn say_origin(store: &Store, said: &mut bool) {
    if let (SettingsOrigin::Config(_), Some(settings), false) =
        (&store.origin, store.describe(), *said)
    {
        note(&format!("store {}: {settings}", store.root.display()));
        *said = true;
    }
}
