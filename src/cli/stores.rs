//! Which stores a command works on: the roots given, else those of `ulcas.toml`, else
//! `./cassettes`; each with its prompt registry.

use std::path::PathBuf;

use ulcas::config::{self, StoreConfig};
use ulcas::registry::{parse_pins, Registry, RegistrySource};
use ulcas::Error;

use super::args::StoreArgs;

/// A store to work on, with its registry loaded.
pub struct StoreJob {
    /// The store root.
    pub root: PathBuf,
    /// Its registry (empty when none was given).
    pub registry: Registry,
}

/// Resolves the stores of `args` once, before any work.
pub fn resolve(args: &StoreArgs) -> Result<Vec<StoreJob>, Error> {
    let pins = parse_pins(&args.pins)?;
    let cli_registry = RegistrySource {
        prompts: args.prompts.clone(),
        schemas: args.schemas.clone(),
        pins: pins.clone(),
    };
    let configs: Vec<StoreConfig> = if !args.roots.is_empty() {
        args.roots
            .iter()
            .map(|root| StoreConfig {
                root: root.clone(),
                registry: cli_registry.clone(),
            })
            .collect()
    } else {
        let file = match &args.config {
            Some(f) => Some(f.clone()),
            // Shown relative to the current folder, as the user would write the paths.
            None => std::env::current_dir().ok().and_then(|d| {
                let found = config::find(&d)?;
                Some(found.strip_prefix(&d).map(PathBuf::from).unwrap_or(found))
            }),
        };
        match file {
            Some(file) => config::load(&file)?
                .into_iter()
                .map(|mut s| {
                    // Flags add to what the config says.
                    s.registry.prompts.extend(args.prompts.iter().cloned());
                    if args.schemas.is_some() {
                        s.registry.schemas = args.schemas.clone();
                    }
                    s.registry.pins.extend(pins.clone());
                    s
                })
                .collect(),
            None => vec![StoreConfig {
                root: PathBuf::from("cassettes"),
                registry: cli_registry,
            }],
        }
    };
    configs
        .into_iter()
        .map(|c| {
            Ok(StoreJob {
                registry: Registry::load(&c.registry)?,
                root: c.root,
            })
        })
        .collect()
}
