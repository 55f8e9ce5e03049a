//! Which stores a command works on, and with which settings: the roots given (each with the
//! settings `ulcas.toml` has for it, when it names that root), else every store of
//! `ulcas.toml`, else `./cassettes`. Flags override the config. Every subcommand that takes a
//! store chooses it here, from the same flags ([`StoreFlags`]), so they all agree: the
//! store of a request (`store_for_request`) and the stores of a task (`with_task`) too.
//!
//! Each store also knows how it was chosen ([`Selector`]) and whose words its advice takes
//! ([`StoreSettings::advise`]): the `ulcas` binary's phrasebook turns the selector into the words
//! that select the store again, so a hint that names a command gives one that runs as written.
//!
//! ```
//! use ulcas::store_settings::StoreSettings;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = tempfile::tempdir()?;
//! // A store named by its root, without a registry: settings said on nothing.
//! let store = StoreSettings::new(&dir.path().join("cassettes"), Default::default())?;
//! assert!(!store.registry.present);
//! assert_eq!(store.describe(), None);
//! # Ok(())
//! # }
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::advice::{Advice, Phrasebook, Plain, Selector};

use crate::config::{self, StoreConfig};
use crate::error::Result;
use crate::key::CassetteKey;
use crate::registry::{Registry, RegistrySource, parse_pins};

/// The store options of a command line, as given.
#[derive(Debug, Clone, Default)]
pub struct StoreFlags {
    /// Store roots named on the command line.
    pub roots: Vec<PathBuf>,
    /// `--prompts DIR` (replaces the config's prompts when given).
    pub prompts: Vec<PathBuf>,
    /// `--schemas DIR` (replaces the config's).
    pub schemas: Option<PathBuf>,
    /// `--pin TASK=N`, raw (each overrides the config's pin of that task).
    pub pins: Vec<String>,
    /// `--config FILE`: read it instead of looking for `ulcas.toml`.
    pub config: Option<PathBuf>,
}

/// Where a store's settings came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingsOrigin {
    /// The command line alone.
    Flags,
    /// A `[[store]]` of this config file (flags may override parts of it).
    Config(PathBuf),
}

/// One store with its settings and its registry, loaded.
#[derive(Debug, Clone)]
pub struct StoreSettings {
    /// The store root, as shown to the user.
    pub root: PathBuf,
    /// Where its prompts and schemas are read from.
    pub source: RegistrySource,
    /// The registry, loaded from `source`.
    pub registry: Registry,
    /// Where the settings came from.
    pub origin: SettingsOrigin,
    /// The command that records this store's cassettes anew, when the config names one.
    pub record_command: Option<String>,
    /// Whether the root was named (on the command line, or by a caller that built the store),
    /// rather than found in `ulcas.toml` or taken by default.
    pub named: bool,
    /// How the store was chosen: what selects it again with these settings.
    selector: Selector,
    /// Whose words its advice takes ([`Plain`] unless [`StoreSettings::with_phrasebook`]).
    phrasebook: Arc<dyn Phrasebook>,
}

impl StoreSettings {
    /// The config file that names this store, when the store is one of `ulcas.toml`'s (not
    /// named on the command line) and its folder does not exist (a package not recorded yet,
    /// or a mistyped `root`).
    pub fn absent_from_config(&self) -> Option<&Path> {
        match &self.origin {
            SettingsOrigin::Config(config)
                if !self.named
                    && std::fs::symlink_metadata(&self.root)
                        .is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) =>
            {
                Some(config.as_path())
            }
            _ => None,
        }
    }

    /// A store with flags' settings only: `root` and `source` as given.
    pub fn new(root: &Path, source: RegistrySource) -> Result<StoreSettings> {
        let selector = selector(root, &source, None);
        Ok(StoreSettings {
            registry: Registry::load(&source)?,
            root: root.to_path_buf(),
            source,
            origin: SettingsOrigin::Flags,
            record_command: None,
            named: true,
            selector,
            phrasebook: Arc::new(Plain),
        })
    }

    /// A store whose registry is already loaded; commands name its root and prompt folders.
    pub fn with_registry(root: &Path, registry: Registry) -> StoreSettings {
        let source = RegistrySource {
            prompts: registry.folders.clone(),
            prompts_in_code: registry.in_code_names(),
            id_patterns: registry.id_patterns().custom().to_vec(),
            ..Default::default()
        };
        StoreSettings {
            selector: selector(root, &source, None),
            phrasebook: Arc::new(Plain),
            root: root.to_path_buf(),
            source,
            registry,
            origin: SettingsOrigin::Flags,
            record_command: None,
            named: true,
        }
    }

    /// The same store with advice in the words of `phrasebook` (the `ulcas` binary gives its
    /// own, which names its commands and flags).
    pub fn with_phrasebook(mut self, phrasebook: Arc<dyn Phrasebook>) -> StoreSettings {
        self.phrasebook = phrasebook;
        self
    }

    /// How the store was chosen: its root and the settings given beside it.
    pub fn selector(&self) -> &Selector {
        &self.selector
    }

    /// `advice` about this store, in the words of its phrasebook.
    pub fn advise(&self, advice: Advice<'_>) -> String {
        self.phrasebook.phrase(&advice, Some(&self.selector))
    }

    /// `advice` about no store in particular, in the words of this store's phrasebook.
    pub(crate) fn advise_any(&self, advice: Advice<'_>) -> String {
        self.phrasebook.phrase(&advice, None)
    }

    /// How to record this store's cassettes anew: the configured command, else where `ulcas
    /// record` is explained.
    pub fn record_hint(&self) -> String {
        self.record_hint_for(None)
    }

    /// How to record the request of the dump `request_file` anew: the configured command, else
    /// recording that dump with the answer on standard input ([`Advice::Record`]).
    pub(crate) fn record_hint_for(&self, request_file: Option<&Path>) -> String {
        match (&self.record_command, request_file) {
            (Some(command), _) => format!("`{command}`"),
            (None, Some(dump)) => format!(
                "your app's record command (set `record = \"…\"` in ulcas.toml to name it here), or with the answer on standard input: `{}`",
                self.advise(Advice::Record { dump })
            ),
            (None, None) => {
                "your app's record command (set `record = \"…\"` in ulcas.toml to name it here)"
                    .to_owned()
            }
        }
    }

    /// Which settings apply (`settings from ulcas.toml; prompts: a, b`), for human output; `None`
    /// for a store without config or prompts (nothing worth a line).
    pub fn describe(&self) -> Option<String> {
        let mut parts = Vec::new();
        if let SettingsOrigin::Config(file) = &self.origin {
            parts.push(format!("settings from {}", file.display()));
        }
        let list = |paths: &[PathBuf]| {
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        if !self.source.prompts.is_empty() {
            parts.push(format!("prompts: {}", list(&self.source.prompts)));
        } else if !parts.is_empty() {
            parts.push("no prompts (current = the highest version recorded)".to_owned());
        }
        if let Some(s) = &self.source.schemas {
            parts.push(format!("schemas: {}", s.display()));
        }
        if !self.source.pins.is_empty() {
            let pins: Vec<String> = self
                .source
                .pins
                .iter()
                .map(|(t, n)| format!("{t}={n}"))
                .collect();
            parts.push(format!("pins: {}", pins.join(", ")));
        }
        (!parts.is_empty()).then(|| parts.join("; "))
    }
}

/// Resolves the stores of `flags` from the current folder, loading each registry once.
pub fn resolve(flags: &StoreFlags) -> Result<Vec<StoreSettings>> {
    let cwd = std::env::current_dir().unwrap_or_default();
    resolve_in(flags, &cwd)
}

/// [`resolve`] as if run from `cwd`.
pub fn resolve_in(flags: &StoreFlags, cwd: &Path) -> Result<Vec<StoreSettings>> {
    let pins = parse_pins(&flags.pins)?;
    let config = find_config(flags, cwd)?;
    let settings: Vec<(PathBuf, Option<(PathBuf, StoreConfig)>)> = if !flags.roots.is_empty() {
        flags
            .roots
            .iter()
            .map(|root| {
                let named = config.as_ref().and_then(|(file, stores)| {
                    let wanted = identity(cwd, root);
                    stores
                        .iter()
                        .find(|s| identity(cwd, &s.root) == wanted)
                        .map(|s| (file.clone(), s.clone()))
                });
                (root.clone(), named)
            })
            .collect()
    } else {
        match &config {
            Some((file, stores)) => stores
                .iter()
                .map(|s| (s.root.clone(), Some((file.clone(), s.clone()))))
                .collect(),
            None => vec![(PathBuf::from("cassettes"), None)],
        }
    };
    settings
        .into_iter()
        .map(|(root, named)| build_store(flags, &pins, cwd, root, named))
        .collect()
}

/// The config that applies: `--config FILE`, else the `ulcas.toml` found from `cwd` or from a
/// root given (its paths shown relative to `cwd`, as the user would write them).
fn find_config(flags: &StoreFlags, cwd: &Path) -> Result<Option<(PathBuf, Vec<StoreConfig>)>> {
    if let Some(file) = &flags.config {
        return Ok(Some((file.clone(), config::load(file)?)));
    }
    let mut starts = vec![cwd.to_path_buf()];
    starts.extend(flags.roots.iter().map(|r| absolute(cwd, r)));
    let Some(found) = starts.iter().find_map(|d| config::find(d)) else {
        return Ok(None);
    };
    let shown = |p: &Path| relative_to(cwd, p);
    let mut stores = config::load(&found)?;
    for s in &mut stores {
        s.root = shown(&s.root);
        s.registry.prompts = s.registry.prompts.iter().map(|p| shown(p)).collect();
        s.registry.schemas = s.registry.schemas.as_deref().map(shown);
        s.registry.code_schemas = s.registry.code_schemas.iter().map(|p| shown(p)).collect();
    }
    Ok(Some((shown(&found), stores)))
}

/// `path` (absolute) as written from `cwd`: `.` for `cwd` itself, `sub/dir` below it,
/// `../other` beside it (within the same top folder), else as it is. Any folder of the
/// repository works as the current one: inside a store, in a package, at the top.
pub(crate) fn relative_to(cwd: &Path, path: &Path) -> PathBuf {
    if let Ok(below) = path.strip_prefix(cwd) {
        return if below.as_os_str().is_empty() {
            PathBuf::from(".")
        } else {
            below.to_path_buf()
        };
    }
    let (here, there): (Vec<_>, Vec<_>) = (cwd.components().collect(), path.components().collect());
    let common = here.iter().zip(&there).take_while(|(a, b)| a == b).count();
    // Sharing only `/` (or one top folder such as `/tmp`) is no shared tree: shown absolute.
    if common <= 2 || !path.is_absolute() {
        return path.to_path_buf();
    }
    let mut out = PathBuf::new();
    for _ in common..here.len() {
        out.push("..");
    }
    for part in &there[common..] {
        out.push(part);
    }
    out
}

/// The store at `root` with the settings the config has for it (`named`), flags overriding.
fn build_store(
    flags: &StoreFlags,
    pins: &BTreeMap<String, i64>,
    cwd: &Path,
    root: PathBuf,
    named: Option<(PathBuf, StoreConfig)>,
) -> Result<StoreSettings> {
    let (mut source, record, origin) = match named {
        Some((file, s)) => (s.registry, s.record, SettingsOrigin::Config(file)),
        None => (RegistrySource::default(), None, SettingsOrigin::Flags),
    };
    if !flags.prompts.is_empty() {
        source.prompts = flags.prompts.clone();
    }
    if flags.schemas.is_some() {
        source.schemas = flags.schemas.clone();
    }
    source.pins.extend(pins.clone());
    let selector = match &origin {
        SettingsOrigin::Config(file) => {
            let overrides = RegistrySource {
                prompts: flags.prompts.clone(),
                schemas: flags.schemas.clone(),
                pins: pins.clone(),
                code_schemas: Vec::new(),
                prompts_in_code: Default::default(),
                id_patterns: Vec::new(),
            };
            selector(&root, &overrides, flags.config.is_some().then_some(file))
        }
        SettingsOrigin::Flags => selector(&root, &source, None),
    };
    Ok(StoreSettings {
        registry: Registry::load(&read_from(cwd, &source))?,
        root,
        source,
        origin,
        record_command: record,
        named: !flags.roots.is_empty(),
        selector,
        phrasebook: Arc::new(Plain),
    })
}

/// `source` with relative paths read against `cwd` (as given when `cwd` is the current folder,
/// so that the registry's paths print as the user wrote them).
fn read_from(cwd: &Path, source: &RegistrySource) -> RegistrySource {
    if std::env::current_dir().is_ok_and(|d| d == cwd) {
        return source.clone();
    }
    RegistrySource {
        prompts: source.prompts.iter().map(|p| absolute(cwd, p)).collect(),
        schemas: source.schemas.as_deref().map(|s| absolute(cwd, s)),
        pins: source.pins.clone(),
        code_schemas: source
            .code_schemas
            .iter()
            .map(|p| absolute(cwd, p))
            .collect(),
        prompts_in_code: source.prompts_in_code.clone(),
        id_patterns: source.id_patterns.clone(),
    }
}

/// The stores a request dump speaks for, by index: every store whose root holds its cassette
/// (the app of any package may send it, so each copy is used), else the one store that would
/// record it (`store_for_request`). `verify --requests` checks a dump in each of them, and
/// `prune --requests` keeps its cassette in each: one rule for every command.
pub fn stores_of_request(stores: &[StoreSettings], key: &CassetteKey) -> Vec<usize> {
    let holding: Vec<usize> = (0..stores.len())
        .filter(|&i| key.path_under(&stores[i].root).is_file())
        .collect();
    if !holding.is_empty() {
        return holding;
    }
    owner_index(stores, key).into_iter().collect()
}

fn owner_index(stores: &[StoreSettings], key: &CassetteKey) -> Option<usize> {
    let registries = stores.iter().map(|s| &s.registry);
    crate::registry::owner(registries, &key.task, key.prompt_version)
        .or_else(|| (0..stores.len()).find(|&i| stores[i].root.join(&key.task).is_dir()))
        .or_else(|| (!stores.is_empty()).then_some(0))
}

/// The store of `stores` that the request keyed `key` belongs to: the first that has its
/// cassette, else its owner ([`crate::registry::owner`]: the first whose own prompts folder
/// holds the prompt version, else the first whose registry has the task), else the first with
/// recordings of the task, else the first. (A task's prompt may be read by several stores: living-course's
/// `grounding` answers course-builder's prompt.)
pub(crate) fn store_for_request<'a>(
    stores: &'a [StoreSettings],
    key: &CassetteKey,
) -> Option<&'a StoreSettings> {
    stores_of_request(stores, key).first().map(|&i| &stores[i])
}

/// Every store root of `stores` is a folder; else an error naming the first that is not (a
/// mistyped root would otherwise read as "nothing recorded").
pub fn require_folders(stores: &[StoreSettings]) -> Result<()> {
    match stores.iter().find(|s| !s.root.is_dir()) {
        Some(missing) => Err(crate::Error::in_file(&missing.root, "no such store folder")
            .with_hint(crate::error::Hint::GiveRoot)),
        None => Ok(()),
    }
}

/// The stores a command about one task works on: every named store, else every store with
/// recordings of the task (an error when there is none).
pub(crate) fn with_task<'a>(
    stores: &'a [StoreSettings],
    task: &str,
) -> Result<Vec<&'a StoreSettings>> {
    crate::request::validate_task(task)?;
    let chosen: Vec<&StoreSettings> = if stores.iter().any(|s| s.named) {
        // A root the user names must exist, as for every command.
        for s in stores.iter().filter(|s| s.named) {
            crate::store::check_folder(&s.root)?;
        }
        stores.iter().filter(|s| s.named).collect()
    } else {
        stores
            .iter()
            .filter(|s| s.root.join(task).is_dir())
            .collect()
    };
    if chosen.is_empty() {
        return Err(crate::Error::msg(format!(
            "no store has recordings of task {task:?}{}",
            did_you_mean(stores, task)
        )));
    }
    Ok(chosen)
}

/// ` (did you mean "quiz"?)` when a task that `stores` record or register is a short edit away
/// from the mistyped `task`; empty otherwise.
pub(crate) fn did_you_mean(stores: &[StoreSettings], task: &str) -> String {
    let mut known: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
    for store in stores {
        known.extend(store.registry.tasks().map(|(t, _)| t.to_owned()));
        if let Ok(entries) = std::fs::read_dir(&store.root) {
            known.extend(
                entries
                    .filter_map(|e| e.ok())
                    .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
                    .filter_map(|e| e.file_name().into_string().ok()),
            );
        }
    }
    let best = known
        .iter()
        .map(|k| (edit_distance(task, k), k))
        .filter(|(d, k)| *d > 0 && *d <= 2.max(k.len() / 4))
        .min();
    best.map(|(_, k)| format!(" (did you mean {k:?}?)"))
        .unwrap_or_default()
}

/// Levenshtein distance of two short names.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (prev + usize::from(ca != *cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            prev = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

fn selector(root: &Path, source: &RegistrySource, config: Option<&PathBuf>) -> Selector {
    Selector {
        root: root.to_path_buf(),
        config: config.cloned(),
        prompts: source.prompts.clone(),
        schemas: source.schemas.clone(),
        pins: source.pins.clone(),
    }
}

/// `path` made absolute against `cwd`.
fn absolute(cwd: &Path, path: &Path) -> PathBuf {
    if path.is_absolute() {
        path.to_path_buf()
    } else {
        cwd.join(path)
    }
}

/// What two spellings of a store root are compared by: the canonical path when it exists,
/// else [`lexical_absolute`].
fn identity(cwd: &Path, path: &Path) -> PathBuf {
    let abs = absolute(cwd, path);
    abs.canonicalize()
        .unwrap_or_else(|_| lexical_absolute(cwd, path))
}

/// `path` made absolute against `cwd` with `.` and `..` resolved, without touching the file
/// system (`a/./b/../c` → `<cwd>/a/c`; for paths that may not exist).
pub fn lexical_absolute(cwd: &Path, path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in absolute(cwd, path).components() {
        match c {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_shown_from_any_folder() {
        let cwd = Path::new("/repo/api/packages/cb/tests/cassettes");
        assert_eq!(relative_to(cwd, cwd), Path::new("."));
        assert_eq!(relative_to(cwd, &cwd.join("quiz")), Path::new("quiz"));
        assert_eq!(
            relative_to(cwd, Path::new("/repo/api/packages/lc/tests/cassettes")),
            Path::new("../../../lc/tests/cassettes")
        );
        assert_eq!(
            relative_to(cwd, Path::new("/other/x")),
            Path::new("/other/x")
        );
    }

    fn workspace() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for p in ["a/cassettes", "a/prompts/x", "b/cassettes", "b/prompts/y"] {
            std::fs::create_dir_all(dir.path().join(p)).unwrap();
        }
        std::fs::write(
            dir.path().join("a/prompts/x/v1.md"),
            "---\nschema: none\n---\n",
        )
        .unwrap();
        std::fs::write(
            dir.path().join("b/prompts/y/v1.md"),
            "---\nschema: none\n---\n",
        )
        .unwrap();
        std::fs::write(
            dir.path().join("ulcas.toml"),
            "record = \"make record\"\n[[store]]\nroot = \"a/cassettes\"\nprompts = [\"a/prompts\"]\npins = { x = 1 }\n[[store]]\nroot = \"b/cassettes\"\nprompts = [\"b/prompts\"]\n",
        )
        .unwrap();
        dir
    }

    #[test]
    fn an_explicit_root_the_config_names_gets_its_settings() {
        let dir = workspace();
        let flags = StoreFlags {
            roots: vec![PathBuf::from("./b/../b/cassettes")],
            ..Default::default()
        };
        let stores = resolve_in(&flags, dir.path()).unwrap();
        assert_eq!(stores.len(), 1);
        assert_eq!(stores[0].source.prompts, vec![PathBuf::from("b/prompts")]);
        assert_eq!(
            stores[0].origin,
            SettingsOrigin::Config(PathBuf::from("ulcas.toml"))
        );
        assert_eq!(stores[0].record_command.as_deref(), Some("make record"));
        // Chosen by its root alone: the config that names it is found again.
        assert_eq!(
            stores[0].selector(),
            &Selector {
                root: PathBuf::from("./b/../b/cassettes"),
                ..Default::default()
            }
        );
    }

    #[test]
    fn flags_override_the_config_and_select_the_store_again() {
        let dir = workspace();
        let flags = StoreFlags {
            roots: vec![PathBuf::from("a/cassettes")],
            prompts: vec![PathBuf::from("b/prompts")],
            pins: vec!["x=3".into()],
            ..Default::default()
        };
        let stores = resolve_in(&flags, dir.path()).unwrap();
        assert_eq!(stores[0].source.prompts, vec![PathBuf::from("b/prompts")]);
        assert_eq!(stores[0].source.pins["x"], 3);
        let mut selector = Selector {
            root: PathBuf::from("a/cassettes"),
            prompts: vec![PathBuf::from("b/prompts")],
            ..Default::default()
        };
        selector.pins.insert("x".into(), 3);
        assert_eq!(stores[0].selector(), &selector);
    }

    #[test]
    fn a_root_the_config_does_not_name_takes_flags_only() {
        let dir = workspace();
        std::fs::create_dir_all(dir.path().join("c d")).unwrap();
        let flags = StoreFlags {
            roots: vec![PathBuf::from("c d")],
            ..Default::default()
        };
        let stores = resolve_in(&flags, dir.path()).unwrap();
        assert_eq!(stores[0].origin, SettingsOrigin::Flags);
        assert!(!stores[0].registry.present);
        assert_eq!(stores[0].selector().root, PathBuf::from("c d"));
        assert_eq!(
            stores[0].advise(Advice::Prune { orphans: false }),
            "prune::run(delete)",
            "the library's own words unless a phrasebook is given"
        );
    }

    #[test]
    fn no_root_means_every_store_of_the_config() {
        let dir = workspace();
        let stores = resolve_in(&StoreFlags::default(), dir.path()).unwrap();
        let roots: Vec<_> = stores.iter().map(|s| s.root.clone()).collect();
        assert_eq!(
            roots,
            vec![PathBuf::from("a/cassettes"), PathBuf::from("b/cassettes")]
        );
        let key = |task: &str| CassetteKey {
            task: task.into(),
            prompt_version: 1,
            hash: "0".repeat(32),
        };
        assert_eq!(
            store_for_request(&stores, &key("y")).unwrap().root,
            roots[1]
        );
        assert_eq!(
            store_for_request(&stores, &key("zz")).unwrap().root,
            roots[0]
        );
    }

    #[test]
    fn quoting() {}
}
