//! What the commands' reports advise, typed ([`Advice`]), and who puts it in words
//! ([`Phrasebook`]).
//!
//! A finding of `verify`, a diagnosis of `lookup` or a miss that an endpoint explains says what
//! to do next: prune the stale cassettes, carry the answers over, accept a re-recording, give
//! the prompt folders. The library says *what*; the phrasebook of the store's settings
//! ([`crate::store_settings::StoreSettings::with_phrasebook`]) says it in its front end's words. The
//! library's own words ([`Plain`]) name library items, so a Rust caller is never told to pass a
//! flag; the `ulcas` binary brings its phrasebook, which names its commands and flags.
//!
//! ```
//! use ulcas::advice::{Advice, Phrasebook, Plain};
//!
//! let advice = Advice::Migrate { task: "quiz", write: true };
//! assert_eq!(Plain.phrase(&advice, None), "migrate::run(\"quiz\", write)");
//! ```

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::path::{Path, PathBuf};

/// What a report advises, typed; a [`Phrasebook`] puts it in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Advice<'a> {
    /// Delete what prune finds can go (`orphans`: the cassettes of orphan tasks too).
    Prune {
        /// The cassettes of tasks without a prompt too.
        orphans: bool,
    },
    /// Delete what prune finds can go, the last recordings of a task whose current version has
    /// none yet included (prune keeps those by default).
    PruneLast,
    /// Carry the answers of `task` over to its current schema's key (`write`: for real, else
    /// plan only).
    Migrate {
        /// The task.
        task: &'a str,
        /// Write the carried-over cassettes.
        write: bool,
    },
    /// Write the store's `ulcas.lock`; `accept`: the version (`task`, `version`) whose
    /// recordings were re-made with the current text.
    Lock {
        /// The version to accept, when one is.
        accept: Option<(&'a str, i64)>,
    },
    /// Look the request of the dump `dump` up in the store.
    Lookup {
        /// The request dump.
        dump: &'a Path,
    },
    /// Record the request of the dump `dump` into the store, the answer on standard input.
    Record {
        /// The request dump.
        dump: &'a Path,
    },
    /// Where adding request material to recorded cassettes (backfill) is explained.
    Backfill,
    /// What records a cassette with its request material.
    Recorder,
    /// List the cassettes that differ from the git revision `reference`.
    ReviewAgainst {
        /// The revision.
        reference: &'a str,
    },
    /// Where a store's prompt folders are given, in the words of the sentence's [`PromptsAt`].
    Prompts(PromptsAt),
}

/// Which sentence names where the prompt folders are given ([`Advice::Prompts`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum PromptsAt {
    /// No registry was read: where to give one.
    Registry,
    /// A task's prompt lives elsewhere: where this store's folders are set.
    ThisStore,
    /// The folders read are not the app's: what to point at them.
    App,
}

/// How a store was chosen: its root and the settings given beside it, which a command acting on
/// the same store with the same settings repeats. Only what was given is here (a store whose
/// settings come from `ulcas.toml` lists its config file only when it was named, and the
/// settings given over it).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Selector {
    /// The store root, as shown to the user.
    pub root: PathBuf,
    /// The config file, when one was named.
    pub config: Option<PathBuf>,
    /// Prompt folders given.
    pub prompts: Vec<PathBuf>,
    /// A schema folder given.
    pub schemas: Option<PathBuf>,
    /// Pins given (`task → version`).
    pub pins: BTreeMap<String, i64>,
}

/// Puts [`Advice`] in a front end's words.
pub trait Phrasebook: Send + Sync + Debug {
    /// `advice` as it reads inside a sentence. `store`: the store it acts on (with the
    /// settings that chose it), or `None` for advice about no store in particular.
    fn phrase(&self, advice: &Advice<'_>, store: Option<&Selector>) -> String;
}

/// The library's own words: each piece of advice names the library item that does it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Plain;

impl Phrasebook for Plain {
    fn phrase(&self, advice: &Advice<'_>, _store: Option<&Selector>) -> String {
        match *advice {
            Advice::Prune { orphans: false } => "prune::run(delete)".into(),
            Advice::Prune { orphans: true } => "prune::run(delete, orphans)".into(),
            Advice::PruneLast => "prune::run(delete, include_last_recordings)".into(),
            Advice::Migrate { task, write } => {
                format!(
                    "migrate::run({task:?}{})",
                    if write { ", write" } else { "" }
                )
            }
            Advice::Lock { accept: None } => "lock::run".into(),
            Advice::Lock {
                accept: Some((task, version)),
            } => format!("lock::run(accept {task}/v{version})"),
            Advice::Lookup { dump } => format!("lookup::run({})", dump.display()),
            Advice::Record { dump } => format!("record::run({}, answer)", dump.display()),
            Advice::Backfill => "backfill::run".into(),
            Advice::Recorder => "record::run".into(),
            Advice::ReviewAgainst { reference } => {
                format!("review::run_against({reference:?})")
            }
            Advice::Prompts(PromptsAt::Registry) => {
                "RegistrySource::prompts, or `prompts` in ulcas.toml".into()
            }
            Advice::Prompts(PromptsAt::ThisStore) => {
                "this store's RegistrySource::prompts, or its `prompts` in ulcas.toml".into()
            }
            Advice::Prompts(PromptsAt::App) => {
                "RegistrySource::prompts (or `prompts` in ulcas.toml)".into()
            }
        }
    }
}
