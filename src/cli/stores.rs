//! The store flags of the command line, handed to the library's store resolution.

use std::path::PathBuf;

use ulcas::Error;
use ulcas::store_settings::{self, StoreFlags, StoreSettings};

use super::args::StoreArgs;

/// The stores of `args` and the positional `roots` (the same as `--cassettes ROOT`), with
/// their settings and registries.
pub fn resolve(args: &StoreArgs, roots: &[PathBuf]) -> Result<Vec<StoreSettings>, Error> {
    let stores = store_settings::resolve(&StoreFlags {
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

/// [`resolve`] for `verify`: every store, those of `ulcas.toml` whose folder does not exist
/// included (verify warns of each); the default store must exist.
pub fn resolve_for_verify(
    args: &StoreArgs,
    roots: &[PathBuf],
) -> Result<Vec<StoreSettings>, Error> {
    let stores = resolve(args, roots)?;
    default_must_exist(&stores)?;
    Ok(stores)
}

/// When no store was named and no `ulcas.toml` found, the store is `./cassettes`: a clear
/// error when it is not there, saying what was looked for.
fn default_must_exist(stores: &[StoreSettings]) -> Result<(), Error> {
    if let [only] = stores {
        if !only.named
            && only.origin == store_settings::SettingsOrigin::Flags
            && std::fs::symlink_metadata(&only.root).is_err()
        {
            let cwd = std::env::current_dir().unwrap_or_default();
            return Err(Error::msg(format!(
                "no store named, no ulcas.toml in {} or a folder above it, and no `{}` folder here: name the store (`ulcas COMMAND PATH` or --cassettes PATH) or write an ulcas.toml (see `ulcas verify --help`)",
                cwd.display(),
                only.root.display()
            )));
        }
    }
    Ok(())
}

/// [`resolve`] for a command that reads the stores (verify, prune, lock, review, migrate,
/// backfill): a store that `ulcas.toml` names but whose folder does not exist yet (a new
/// package, before its first recording) is left out with a note on stderr, so that it neither
/// fails the run nor hides the other stores' results. A root named on the command line must
/// exist, as must at least one store.
pub fn resolve_existing(args: &StoreArgs, roots: &[PathBuf]) -> Result<Vec<StoreSettings>, Error> {
    let stores = resolve(args, roots)?;
    default_must_exist(&stores)?;
    let (absent, present): (Vec<StoreSettings>, Vec<StoreSettings>) = stores
        .into_iter()
        .partition(|s| s.absent_from_config().is_some());
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
