//! The store flags of the command line, handed to the library's store resolution.

use std::path::PathBuf;

use ulcas::settings::{self, StoreFlags, StoreSettings};
use ulcas::Error;

use super::args::StoreArgs;

/// The stores of `args` and the positional `roots` (the same as `--cassettes ROOT`), with
/// their settings and registries.
pub fn resolve(args: &StoreArgs, roots: &[PathBuf]) -> Result<Vec<StoreSettings>, Error> {
    let stores = settings::resolve(&StoreFlags {
        roots: roots.iter().chain(&args.cassettes).cloned().collect(),
        prompts: args.prompts.clone(),
        schemas: args.schemas.clone(),
        pins: args.pins.clone(),
        config: args.config.clone(),
    })?;
    // Their advice names the binary's commands and flags.
    let phrasebook = super::phrases::phrasebook();
    Ok(stores
        .into_iter()
        .map(|s| s.with_phrasebook(phrasebook.clone()))
        .collect())
}

/// [`resolve`] for a command that reads the stores (verify, prune, lock, review, migrate,
/// backfill): a store that `ulcas.toml` names but whose folder does not exist yet (a new
/// package, before its first recording) is left out with a note on stderr, so that it neither
/// fails the run nor hides the other stores' results. A root named on the command line must
/// exist, as must at least one store.
pub fn resolve_existing(args: &StoreArgs, roots: &[PathBuf]) -> Result<Vec<StoreSettings>, Error> {
    let stores = resolve(args, roots)?;
    let (absent, present): (Vec<StoreSettings>, Vec<StoreSettings>) =
        stores.into_iter().partition(|s| {
            !s.named
                && matches!(s.origin, settings::SettingsOrigin::Config(_))
                && std::fs::symlink_metadata(&s.root).is_err()
        });
    if present.is_empty() {
        return Ok(absent);
    }
    for store in &absent {
        super::output::note(&format!(
            "store {}: named in ulcas.toml, but its folder does not exist yet (no recordings): nothing to check there",
            store.root.display()
        ));
    }
    Ok(present)
}
