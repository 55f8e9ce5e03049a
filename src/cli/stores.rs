//! The store flags of the command line, handed to the library's store resolution.

use std::path::PathBuf;

use ulcas::settings::{self, Store, StoreFlags};
use ulcas::Error;

use super::args::StoreArgs;

/// The stores of `args` and the positional `roots` (the same as `--cassettes ROOT`), with
/// their settings and registries.
pub fn resolve(args: &StoreArgs, roots: &[PathBuf]) -> Result<Vec<Store>, Error> {
    settings::resolve(&StoreFlags {
        roots: roots.iter().chain(&args.cassettes).cloned().collect(),
        prompts: args.prompts.clone(),
        schemas: args.schemas.clone(),
        pins: args.pins.clone(),
        config: args.config.clone(),
    })
}
