//! From a wire request to the request the PHP driver keys, and its answer: the prompt index
//! (built once), the full schema by provider form, then replay, synthetic answer or miss.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Mutex;

use serde_json::Value;

use super::{WireRequest, for_provider};

mod answer;
#[cfg(feature = "tools")]
mod explain;
mod groups;
mod in_code;
mod nearest;
mod prompt;
mod rendered;
mod schemas;
mod seen;
mod unresolved;

use crate::driver::{Driver, DriverError, Miss};
use crate::key::KeyPrefix;
use crate::registry::Registry;
use crate::request::Request;
use crate::schema::Schema;
pub use answer::{Ask, Decision, NotRecorded, Outcome};
#[cfg(feature = "tools")]
pub use explain::Explained;
pub use nearest::Nearest;
use nearest::{prompt_text, words};
pub use rendered::RenderedHit;
pub use unresolved::Unresolved;

/// How the resolver answers a request without a cassette.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Mode {
    /// A miss is a miss (the app's tests).
    Cassette,
    /// A miss gets the synthetic answer (feature `synthetic`).
    Synthetic,
    /// A miss is forwarded to the real API and recorded (the server does the forwarding).
    Record,
}

/// What the request's headers say instead of the prompt registry (`x-ulcas-task`,
/// `x-ulcas-prompt-version`), for apps without one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Overrides {
    /// The task.
    pub task: Option<String>,
    /// The prompt version.
    pub prompt_version: Option<i64>,
}

/// A wire request resolved to the driver's request, in a store.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Resolved {
    /// The store (index into the resolver's stores) whose cassette answers it.
    pub store: usize,
    /// The request as the PHP driver keys it.
    pub request: Request,
}

/// What a request with no cassette gets ([`Resolver::settle`]).
#[derive(Debug, Clone)]
#[non_exhaustive]
#[allow(clippy::large_enum_variant)] // one per request, moved once
pub enum Served {
    /// No cassette: the synthetic answer.
    #[cfg(feature = "synthetic")]
    Synthetic {
        /// The answer.
        synthetic: crate::driver::Synthetic,
        /// The request as keyed.
        resolved: Resolved,
    },
    /// No cassette (in cassette or record mode).
    Miss {
        /// The miss, with the reference line.
        miss: Box<Miss>,
        /// The request as keyed.
        resolved: Resolved,
    },
    /// The synthetic answer cannot be made (the schema admits none).
    Failed(DriverError),
}

/// One prompt version of a store's registry, by its text.
#[derive(Debug, Clone)]
struct Indexed {
    store: usize,
    task: String,
    version: i64,
    /// The provider form of the registry's schema of this version, made once.
    provider: Option<std::sync::Arc<Value>>,
    /// The key prefix of the registry's schema of this version, hashed once.
    prefix: Option<std::sync::Arc<KeyPrefix>>,
    /// A prompt in the app's code ([`crate::in_code`]): no registry holds its text, which is
    /// part of its key; its schema is the one the request carries.
    in_code: bool,
}

/// `task vN` of each version, once each, in order.
fn version_names<'a>(versions: impl Iterator<Item = (&'a String, i64)>) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for (task, version) in versions {
        let name = format!("{task} v{version}");
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// The most versions whose recorded schemas are kept.
const MAX_CACHED: usize = 1024;

/// A version of a task in a store: (store, task, version).
type Version = (usize, String, i64);

/// Full schemas with their provider forms.
type Known = std::sync::Arc<Vec<(Schema, Value)>>;

/// The stores a resolver serves, and the index of their prompts.
#[derive(Debug)]
pub struct Resolver {
    stores: Vec<(Driver, Registry)>,
    /// Prompt text hash → every (store, task, version) whose prompt file has that text.
    by_prompt: HashMap<String, Vec<Indexed>, crate::hashers::FnvBuild>,
    /// The hashes of the system texts seen lately (hashing a prompt of a few kilobytes for
    /// every request costs more than finding it again).
    hashes: crate::wire::memo::Memo<std::sync::Arc<str>>,
    /// Every prompt's words, for the nearest prompt of an unknown text.
    texts: Vec<(Indexed, PathBuf, Vec<String>)>,
    /// The provider forms of the schemas recorded in a version's request material, read on
    /// first use.
    recorded: Mutex<HashMap<Version, (crate::store::Stamp, Known)>>,
    /// The exported schemas of each (store, task) with their provider forms, made once.
    exported: HashMap<(usize, String), Forms>,
    /// The stores' settings, when opened with them ([`Resolver::of_settings`]).
    #[cfg(feature = "tools")]
    settings: Vec<crate::store_settings::StoreSettings>,
    /// The answers rendered lately, by cassette, ids, wire and stream.
    rendered: rendered::Answers,
    /// What the bodies answered lately were keyed as, by their bytes.
    seen: seen::Seen,
    /// Whether the system texts seen lately that no registry holds are prompts in code.
    in_code_texts: crate::wire::memo::Memo<bool>,
    /// The schemas prompts in code carried, as keyed.
    sent_schemas: in_code::SentSchemas,
    /// The key prefixes of prompts in code.
    in_code_prefixes: in_code::Prefixes,
    /// The ids a prompt in code's derived name leaves out: UUIDs and every store's own
    /// patterns (a fresh id of any store never renames a prompt).
    naming_ids: crate::id_patterns::IdPatterns,
}

/// Exported schemas with their provider forms.
type Forms = Vec<(Schema, Value)>;

/// The provider forms of the schemas each task of `registry` exports (store `store`).
fn exported_forms(store: usize, registry: &Registry) -> Vec<((usize, String), Forms)> {
    let mut out = Vec::new();
    for (task, _) in registry.tasks() {
        let forms: Forms = registry
            .exported(task)
            .iter()
            .map(|(_, s)| (s.clone(), for_provider(&s.value)))
            .collect();
        if !forms.is_empty() {
            out.push(((store, task.to_owned()), forms));
        }
    }
    out
}

impl Indexed {
    /// `task` v`version` of the registry of store `store`: what every request of this version
    /// with the registry's schema shares.
    fn of(store: usize, registry: &Registry, task: &str, version: i64) -> Indexed {
        let own = registry.schema(task, version);
        Indexed {
            store,
            task: task.to_owned(),
            version,
            provider: own.map(|s| std::sync::Arc::new(for_provider(&s.value))),
            prefix: own.map(|s| {
                let prefix = KeyPrefix::new(task, version, s.canonical_json());
                std::sync::Arc::new(prefix)
            }),
            in_code: false,
        }
    }
}

impl Resolver {
    /// Opens the stores (root and registry each) and indexes their prompts by text.
    pub fn new(stores: Vec<(PathBuf, Registry)>) -> Result<Resolver, DriverError> {
        let mut opened = Vec::new();
        let mut by_prompt: HashMap<String, Vec<Indexed>, crate::hashers::FnvBuild> =
            HashMap::default();
        let mut texts = Vec::new();
        let mut exported = HashMap::new();
        for (i, (root, registry)) in stores.into_iter().enumerate() {
            let driver = Driver::open(root)?.with_cache();
            for (task, versions) in registry.tasks() {
                for version in versions {
                    let Some(prompt) = registry.prompt(task, version) else {
                        continue;
                    };
                    let entry = Indexed::of(i, &registry, task, version);
                    if let Some(hash) = &prompt.text_hash {
                        by_prompt
                            .entry(hash.clone())
                            .or_default()
                            .push(entry.clone());
                    }
                    if let Some(text) = prompt_text(&prompt.path, version) {
                        texts.push((entry, prompt.path.clone(), words(&text)));
                    }
                }
            }
            exported.extend(exported_forms(i, &registry));
            opened.push((driver, registry));
        }
        // Two versions may send the same text (a bump for a schema change): the app sends the
        // current version, so it is tried first, then the others from the newest.
        for found in by_prompt.values_mut() {
            found.sort_by_key(|c| {
                let registry = &opened[c.store].1;
                let current = registry.current_version(&c.task) == Some(c.version);
                (c.store, !current, std::cmp::Reverse(c.version))
            });
        }
        let naming_ids = naming_ids(&opened);
        Ok(Resolver {
            stores: opened,
            by_prompt,
            hashes: crate::wire::memo::Memo::new(),
            texts,
            recorded: Mutex::new(HashMap::new()),
            exported,
            #[cfg(feature = "tools")]
            settings: Vec::new(),
            rendered: rendered::Answers::default(),
            seen: seen::Seen::default(),
            in_code_texts: crate::wire::memo::Memo::new(),
            sent_schemas: in_code::SentSchemas::default(),
            in_code_prefixes: in_code::Prefixes::default(),
            naming_ids,
        })
    }

    /// `wire` as the request of candidate `c` with `schema`.
    fn resolved(&self, c: &Indexed, wire: &WireRequest, schema: Schema) -> Resolved {
        let mut request = request_of(wire, &c.task, c.version, schema);
        request.prompt_in_code = c.in_code;
        if c.in_code {
            request.id_patterns = self.stores[c.store].1.id_patterns().clone();
        }
        // The prompt file's `id`, as the app's recorder writes it into a cassette.
        request.prompt_id = self.stores[c.store]
            .1
            .prompt(&c.task, c.version)
            .and_then(|p| p.id.clone());
        Resolved {
            store: c.store,
            request,
        }
    }

    /// Records `recording` as the answer of `resolved` into its store, through the store's
    /// one write path (which refuses an answer naming placeholders the request does not have).
    /// With feature `tools` the version's lock entry is added where the store has a lock, with
    /// the store's settings, exactly as `ulcas record` and `ulcas serve --mode record` write it.
    pub fn record(
        &self,
        resolved: &Resolved,
        recording: &crate::store::Recording,
        options: crate::store::WriteOptions,
    ) -> crate::Result<crate::store::Recorded> {
        #[cfg(feature = "tools")]
        {
            let store = self
                .settings_of(resolved.store)
                .ok_or_else(|| crate::Error::msg("no store to record into"))?;
            crate::record::record_into(&store, &resolved.request, recording, options)
        }
        #[cfg(not(feature = "tools"))]
        {
            let (driver, _) = self
                .stores
                .get(resolved.store)
                .ok_or_else(|| crate::Error::msg("no store to record into"))?;
            crate::store::record(driver.root(), &resolved.request, recording, options)
        }
    }

    /// [`Resolver::record`] of a request [`Resolver::answer`] found not recorded: written at
    /// the key it was decided by, not hashed again.
    pub fn record_keyed(
        &self,
        not: &NotRecorded,
        recording: &crate::store::Recording,
        options: crate::store::WriteOptions,
    ) -> crate::Result<crate::store::Recorded> {
        let keyed = (&not.resolved.request, &not.key);
        #[cfg(feature = "tools")]
        {
            let store = self
                .settings_of(not.resolved.store)
                .ok_or_else(|| crate::Error::msg("no store to record into"))?;
            crate::record::record_into_keyed(&store, keyed, recording, options)
        }
        #[cfg(not(feature = "tools"))]
        {
            let (driver, _) = self
                .stores
                .get(not.resolved.store)
                .ok_or_else(|| crate::Error::msg("no store to record into"))?;
            crate::store::record_keyed_then(driver.root(), keyed, recording, options, |_, _| Ok(()))
        }
    }

    /// Whether store `i` holds the prompt of `task` v`version` in its own prompts folder (the
    /// first its settings name), not in another package's it also reads.
    pub(crate) fn owns(&self, i: usize, task: &str, version: i64) -> bool {
        self.stores[i].1.owns(task, version)
    }

    /// How many prompt versions the stores' registries hold (a version read by two stores
    /// counted once per store).
    pub fn prompts(&self) -> usize {
        self.by_prompt.values().map(Vec::len).sum()
    }

    /// How many stores it serves.
    pub fn stores(&self) -> usize {
        self.stores.len()
    }

    /// The driver of store `i`.
    pub fn driver(&self, i: usize) -> &Driver {
        &self.stores[i].0
    }
}

/// The driver's request of a wire request, for `task` at `version` with `schema`.
fn request_of(wire: &WireRequest, task: &str, version: i64, schema: Schema) -> Request {
    let mut request = Request::new(task, version, schema)
        .with_model(wire.model.clone())
        .with_system(wire.system.clone());
    request.blocks = wire.blocks.clone();
    request.turns = wire.turns.clone();
    request
}

/// The ids a prompt in code's derived name leaves out: UUIDs and the patterns of every store
/// (UUIDs alone when together they are more than one store may name).
fn naming_ids(stores: &[(Driver, Registry)]) -> crate::id_patterns::IdPatterns {
    let mut all: Vec<String> = Vec::new();
    for (_, registry) in stores {
        for p in registry.id_patterns().custom() {
            if !all.contains(p) {
                all.push(p.clone());
            }
        }
    }
    crate::id_patterns::IdPatterns::with_custom(&all).unwrap_or_default()
}
