//! The prompt registry: which prompt versions exist for each task, which one is current, and
//! the output schema each version names.
//!
//! A registry folder holds `<task>/v<N>.md` files that open with a `---` front matter of
//! `key: value` lines (`id`, `version`, `task`, `schema`, `changelog`). The current version of a
//! task is its highest `v<N>` unless pinned. `schema:` is a path relative to the schemas folder
//! (default: `schemas` beside the prompts folder, e.g. `resources/schemas/`), or relative to a
//! folder above the prompts folder (the package root: `resources/schemas/outputs/update.json`);
//! anything else (a sentence saying the schema is built in code) leaves the schema unknown.
//!
//! ```
//! use ulcas::registry::{Registry, RegistrySource};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = tempfile::tempdir()?;
//! let prompts = dir.path().join("prompts");
//! std::fs::create_dir_all(prompts.join("quiz"))?;
//! std::fs::write(prompts.join("quiz/v1.md"), "---\nid: quiz\nversion: 1\n---\nOld.\n")?;
//! std::fs::write(prompts.join("quiz/v2.md"), "---\nid: quiz\nversion: 2\n---\nNew.\n")?;
//! let registry = Registry::load(&RegistrySource { prompts: vec![prompts], ..Default::default() })?;
//! assert_eq!(registry.current_version("quiz"), Some(2));
//! # Ok(())
//! # }
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::schema::Schema;

/// Where a prompt version's output schema comes from.
#[derive(Debug, Clone)]
pub enum SchemaSource {
    /// A schema file that was read.
    File {
        /// The file.
        path: PathBuf,
        /// Its schema.
        schema: Box<Schema>,
    },
    /// The front matter names no schema at all: a plain prompt, whose requests carry none and
    /// are keyed with the empty schema ([`Schema::empty`]).
    Plain,
    /// The front matter does not name a file (the schema is built in code): unknown here.
    Unknown {
        /// What the front matter says.
        said: String,
    },
    /// The prompt names a schema file that cannot be used (missing, unreadable, not JSON), or
    /// its front matter cannot be read: the version is known, its schema is not (a registry
    /// problem says why).
    Broken {
        /// What is wrong.
        error: String,
    },
}

/// One prompt file (`<task>/v<N>.md`).
#[derive(Debug, Clone)]
pub struct PromptVersion {
    /// The prompt file.
    pub path: PathBuf,
    /// The front matter's `id`.
    pub id: Option<String>,
    /// Where the output schema comes from.
    pub schema: SchemaSource,
    /// `sha256:<hex>` of the prompt text as the app sends it: the body after the front matter,
    /// trimmed as PHP's `trim()` trims (`None` when the file could not be read).
    pub text_hash: Option<String>,
}

/// A problem with a registry file: reported, and the rest of the registry still used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegistryProblem {
    /// The file.
    pub path: PathBuf,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for RegistryProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

/// In JSON, a problem is its line of text (`"quiz/v2.md: no such schema"`).
impl serde::Serialize for RegistryProblem {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Where to read a registry from.
#[derive(Debug, Clone, Default)]
pub struct RegistrySource {
    /// Prompt folders (merged).
    pub prompts: Vec<PathBuf>,
    /// The schemas folder for every prompt folder (else each one's sibling `schemas`).
    pub schemas: Option<PathBuf>,
    /// `task → version` pins.
    pub pins: BTreeMap<String, i64>,
    /// Folders of the full schemas an app builds in code and exports: `<task>/<name>.json`,
    /// any number per task, matched to a request by their provider form.
    pub code_schemas: Vec<PathBuf>,
    /// Names of the prompts the app writes in code: task → the start of its system text
    /// (`prompts_in_code` in `ulcas.toml`; see [`crate::in_code`]).
    pub prompts_in_code: BTreeMap<String, String>,
    /// The store's own id patterns (`id_patterns` in `ulcas.toml`), numbered in the key of a
    /// prompt in code beside UUIDs ([`crate::id_patterns`]).
    pub id_patterns: Vec<String>,
}

/// The state of every file a registry is read from (its name and [`crate::store::Stamp`]):
/// when it changes, the registry reads differently (a prompt added, edited or removed, a
/// schema edited).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fingerprint(Vec<(PathBuf, crate::store::Stamp)>);

/// The most entries one folder contributes to a fingerprint.
const MAX_FINGERPRINTED: usize = 20_000;

impl RegistrySource {
    /// The [`Fingerprint`] of the prompt folders, the schemas folders (the one named, else
    /// each prompt folder's sibling `schemas`) and the exported schemas' folders.
    pub fn fingerprint(&self) -> Fingerprint {
        let mut seen = Vec::new();
        let mut walk = |dir: &Path, depth: usize| {
            let walker = walkdir::WalkDir::new(dir)
                .max_depth(depth)
                .sort_by_file_name();
            for entry in walker
                .into_iter()
                .filter_map(|e| e.ok())
                .take(MAX_FINGERPRINTED)
            {
                if let Ok(meta) = std::fs::metadata(entry.path()) {
                    let stamp = crate::store::Stamp::of(&meta);
                    seen.push((entry.path().to_path_buf(), stamp));
                }
            }
        };
        for (dir, depth) in self.folders() {
            walk(&dir, depth);
        }
        Fingerprint(seen)
    }

    /// The folders the registry is read from, each with how deep its files lie (a prompt folder's
    /// `<task>/v<N>.md` at depth 2): the prompt folders, the schemas folders (the one named, else
    /// each prompt folder's sibling `schemas`) and the exported schemas' folders. What
    /// [`RegistrySource::fingerprint`] looks at, and what a watcher of the registry watches.
    pub fn folders(&self) -> Vec<(PathBuf, usize)> {
        let mut folders = Vec::new();
        for dir in &self.prompts {
            folders.push((dir.clone(), 2));
            if self.schemas.is_none() {
                folders.push((dir.parent().unwrap_or(Path::new(".")).join("schemas"), 8));
            }
        }
        if let Some(schemas) = &self.schemas {
            folders.push((schemas.clone(), 8));
        }
        folders.extend(self.code_schemas.iter().map(|dir| (dir.clone(), 2)));
        folders
    }
}

/// The prompt versions of every task, merged from one or more prompt folders.
#[derive(Debug, Clone, Default)]
pub struct Registry {
    tasks: BTreeMap<String, BTreeMap<i64, PromptVersion>>,
    /// Task folders that hold files but no `v<N>.md` prompt: the task is not an orphan.
    task_folders: BTreeMap<String, PathBuf>,
    pins: BTreeMap<String, i64>,
    /// Whether any prompt folder was given (without one, "current" comes from the store).
    pub present: bool,
    /// The prompt folders that were read, in order.
    pub folders: Vec<PathBuf>,
    /// Files that could not be used.
    pub problems: Vec<RegistryProblem>,
    /// The exported schemas of each task ([`RegistrySource::code_schemas`]), by file.
    exported: BTreeMap<String, Vec<(PathBuf, Schema)>>,
    /// The names of the prompts in code ([`RegistrySource::prompts_in_code`]).
    in_code: crate::in_code::InCodeNames,
    /// The ids a prompt in code's key numbers ([`RegistrySource::id_patterns`]).
    ids: crate::id_patterns::IdPatterns,
}

impl Registry {
    /// Reads every prompt folder of `source`; a folder that does not exist is an error, a bad
    /// file inside one is a [`RegistryProblem`], and so is a folder that yields no prompt or a
    /// schemas folder that yields no schema (a mistyped path must not read as "no prompt").
    pub fn load(source: &RegistrySource) -> Result<Registry> {
        let mut registry = Registry {
            pins: source.pins.clone(),
            present: !source.prompts.is_empty(),
            folders: source.prompts.clone(),
            ..Default::default()
        };
        if let Some(schemas) = source.schemas.as_deref().filter(|s| !s.is_dir()) {
            registry.problem(
                schemas,
                "the schemas folder does not exist: no prompt's schema can be read".into(),
            );
        }
        match crate::in_code::InCodeNames::new(&source.prompts_in_code) {
            Ok(names) => registry.in_code = names,
            Err(why) => registry.problem(Path::new("ulcas.toml"), why),
        }
        match crate::id_patterns::IdPatterns::with_custom(&source.id_patterns) {
            Ok(ids) => registry.ids = ids,
            Err(why) => registry.problem(Path::new("ulcas.toml"), why),
        }
        let mut named_in_schemas_folder = (0, 0);
        for dir in &source.prompts {
            if !dir.is_dir() {
                return Err(Error::in_file(
                    dir,
                    "not a prompts folder (expected <task>/v<N>.md files)",
                ));
            }
            let schemas = source
                .schemas
                .clone()
                .unwrap_or_else(|| dir.parent().unwrap_or(Path::new(".")).join("schemas"));
            let before = registry.prompt_count();
            let counts = registry.load_dir(dir, &schemas);
            named_in_schemas_folder.0 += counts.0;
            named_in_schemas_folder.1 += counts.1;
            if registry.prompt_count() == before {
                registry.problem(
                    dir,
                    "no prompt files (<task>/v<N>.md) in this prompts folder".into(),
                );
            }
        }
        let tasks = &registry.tasks;
        registry
            .task_folders
            .retain(|task, _| !tasks.contains_key(task));
        for (task, folder) in registry.task_folders.clone() {
            registry.problem(
                &folder,
                format!("holds files but no prompt (v<N>.md): task {task:?} has no known version"),
            );
        }
        for folder in &source.code_schemas {
            registry.load_exported(folder);
        }
        if let Some(schemas) = source.schemas.as_deref().filter(|s| s.is_dir()) {
            let (named, resolved) = named_in_schemas_folder;
            if named > 0 && resolved == 0 {
                registry.problem(
                    schemas,
                    format!("none of the {named} schema files the prompts name is in this schemas folder"),
                );
            }
        }
        Ok(registry)
    }

    fn prompt_count(&self) -> usize {
        self.tasks.values().map(BTreeMap::len).sum()
    }

    /// Reads one prompts folder; returns how many prompts name a schema file and how many of
    /// those resolved in the schemas folder.
    fn load_dir(&mut self, dir: &Path, schemas: &Path) -> (usize, usize) {
        let mut counts = (0, 0);
        for entry in self.task_files(dir) {
            let path = entry.path();
            let Some(task) = path
                .parent()
                .and_then(|p| p.file_name())
                .and_then(|n| n.to_str())
                .map(str::to_owned)
            else {
                continue;
            };
            let Some(version) = prompt_version_of(path) else {
                let folder = path.parent().unwrap_or(dir).to_path_buf();
                self.task_folders.entry(task).or_insert(folder);
                continue;
            };
            // A file the app refuses is a problem without a schema; one whose schema cannot
            // be read keeps its text (the lock still sees it) and counts as naming a schema.
            let prompt = match read_prompt(path, version, dir, schemas) {
                Ok(prompt) => {
                    match &prompt.schema {
                        SchemaSource::File { path, .. } => {
                            counts.0 += 1;
                            counts.1 += usize::from(path.starts_with(schemas));
                        }
                        SchemaSource::Broken { error } => {
                            counts.0 += 1;
                            self.problem(path, error.clone());
                        }
                        SchemaSource::Unknown { .. } | SchemaSource::Plain => {}
                    }
                    prompt
                }
                Err(error) => {
                    self.problem(path, error.clone());
                    PromptVersion {
                        path: path.to_path_buf(),
                        id: None,
                        schema: SchemaSource::Broken { error },
                        text_hash: None,
                    }
                }
            };
            self.tasks.entry(task).or_default().insert(version, prompt);
        }
        counts
    }

    /// Reads a folder of exported schemas (`<task>/<name>.json`); a file that is not a schema
    /// is a problem, and so is a folder that holds none.
    fn load_exported(&mut self, folder: &Path) {
        if !folder.is_dir() {
            let why = "the code_schemas folder does not exist: no schema built in code is known";
            return self.problem(folder, why.into());
        }
        let mut found = 0;
        for entry in self.task_files(folder) {
            let path = entry.path();
            let task = path
                .parent()
                .and_then(|p| p.file_name())
                .and_then(|n| n.to_str());
            let (Some(task), true) = (task, path.extension().is_some_and(|e| e == "json")) else {
                continue;
            };
            let read = crate::input::read_text(path, crate::input::MAX_SMALL_FILE, "schema file")
                .map_err(|e| e.message)
                .and_then(|text| {
                    Schema::parse(&text)
                        .map_err(|e| format!("{}:{}: {}", e.line, e.column, e.message))
                });
            match read {
                Ok(schema) => {
                    found += 1;
                    let task = task.to_owned();
                    self.exported
                        .entry(task)
                        .or_default()
                        .push((path.to_path_buf(), schema));
                }
                Err(why) => self.problem(path, format!("not an exported schema: {why}")),
            }
        }
        if found == 0 {
            let why = "no schema files (<task>/<name>.json) in this code_schemas folder";
            self.problem(folder, why.into());
        }
    }

    /// The task that `prompts_in_code` names for a prompt in code whose system text is
    /// `system`, if any.
    pub fn task_in_code(&self, system: &str) -> Option<&str> {
        self.in_code.task_of(system)
    }

    /// The ids the key of a prompt in code numbers: UUIDs and the store's `id_patterns`.
    pub fn id_patterns(&self) -> &crate::id_patterns::IdPatterns {
        &self.ids
    }

    /// `prompts_in_code` as given (task → start).
    pub fn in_code_names(&self) -> BTreeMap<String, String> {
        self.in_code.as_map()
    }

    /// Whether `task` is named by `prompts_in_code`.
    pub fn names_in_code(&self, task: &str) -> bool {
        self.in_code.tasks().any(|t| t == task)
    }

    /// The schemas of `task` that the app builds in code and exported
    /// ([`RegistrySource::code_schemas`]), with their files.
    pub fn exported(&self, task: &str) -> &[(PathBuf, Schema)] {
        self.exported.get(task).map_or(&[], Vec::as_slice)
    }

    fn problem(&mut self, path: &Path, message: String) {
        self.problems.push(RegistryProblem {
            path: path.to_path_buf(),
            message,
        });
    }

    /// The entries two levels down `dir` (`<task>/<file>`), sorted. A task folder that cannot
    /// be read would make its task look orphaned: it is a problem (prune deletes nothing while
    /// the registry has one), never a skip.
    fn task_files(&mut self, dir: &Path) -> Vec<walkdir::DirEntry> {
        let mut entries = Vec::new();
        let walker = walkdir::WalkDir::new(dir).min_depth(2).max_depth(2);
        for entry in walker.sort_by_file_name() {
            match entry {
                Ok(entry) => entries.push(entry),
                Err(e) => {
                    let why =
                        (e.io_error()).map_or_else(|| e.to_string(), crate::error::io_message);
                    self.problem(e.path().unwrap_or(dir), format!("cannot read: {why}"));
                }
            }
        }
        entries
    }

    /// Whether this registry holds the prompt of `task` v`version` in its own prompts folder
    /// (the first it reads), not in another package's folder it also reads.
    pub(crate) fn owns(&self, task: &str, version: i64) -> bool {
        match (self.prompt(task, version), self.folders.first()) {
            (Some(prompt), Some(own)) => prompt.path.starts_with(own),
            _ => false,
        }
    }

    /// Whether any prompt folder has a file for `task` (a prompt, even a broken one, or any
    /// other file in its folder): only a task without one is an orphan.
    pub(crate) fn has_task(&self, task: &str) -> bool {
        self.tasks.contains_key(task) || self.task_folders.contains_key(task)
    }

    /// The pinned version of `task`, if it is pinned.
    pub fn pin(&self, task: &str) -> Option<i64> {
        self.pins.get(task).copied()
    }

    /// The current version of `task`: its pin, else its highest prompt version.
    pub fn current_version(&self, task: &str) -> Option<i64> {
        self.pins
            .get(task)
            .copied()
            .or_else(|| self.tasks.get(task)?.keys().next_back().copied())
    }

    /// The prompt file of `task` at `version`.
    pub fn prompt(&self, task: &str, version: i64) -> Option<&PromptVersion> {
        self.tasks.get(task)?.get(&version)
    }

    /// The schema of `task` at `version`, when the registry knows it.
    pub fn schema(&self, task: &str, version: i64) -> Option<&Schema> {
        match &self.prompt(task, version)?.schema {
            SchemaSource::File { schema, .. } => Some(schema),
            SchemaSource::Plain => Some(empty_schema()),
            SchemaSource::Unknown { .. } | SchemaSource::Broken { .. } => None,
        }
    }

    /// Every task with its versions, in order.
    pub fn tasks(&self) -> impl Iterator<Item = (&str, Vec<i64>)> {
        self.tasks
            .iter()
            .map(|(t, v)| (t.as_str(), v.keys().copied().collect()))
    }
}

/// The empty schema, made once (every plain prompt's).
pub(crate) fn empty_schema() -> &'static Schema {
    static EMPTY: std::sync::LazyLock<Schema> = std::sync::LazyLock::new(Schema::empty);
    &EMPTY
}

/// `v12.md` → 12.
fn prompt_version_of(path: &Path) -> Option<i64> {
    crate::layout::parse_prompt_file(path.file_name()?.to_str()?)
}

/// The prompt file `path` (`v<version>.md`) as the app loads it ([`crate::prompt_file`]):
/// an error with the app's reason when the app refuses it; a schema that cannot be read is
/// [`SchemaSource::Broken`] beside a known text.
fn read_prompt(
    path: &Path,
    version: i64,
    prompts: &Path,
    schemas: &Path,
) -> std::result::Result<PromptVersion, String> {
    let content = crate::input::read_limited(path, crate::input::MAX_SMALL_FILE, "prompt file")
        .map_err(|e| e.message)?;
    let loaded = crate::prompt_file::load_text(&content, version)?;
    let said = loaded.meta.get("schema").cloned().unwrap_or_default();
    let schema = if said.trim().is_empty() {
        SchemaSource::Plain
    } else {
        resolve_schema(&said, prompts, schemas)
            .unwrap_or_else(|error| SchemaSource::Broken { error })
    };
    Ok(PromptVersion {
        path: path.to_path_buf(),
        id: loaded.meta.get("id").cloned(),
        schema,
        text_hash: Some(prompt_hash(&loaded.text)),
    })
}

/// Finds the file a `schema:` value names: under the schemas folder, else under a folder above
/// the prompts folder; a value that is not a `.json` path leaves the schema unknown.
fn resolve_schema(
    said: &str,
    prompts: &Path,
    schemas: &Path,
) -> std::result::Result<SchemaSource, String> {
    if !said.ends_with(".json") || said.contains(char::is_whitespace) {
        return Ok(SchemaSource::Unknown {
            said: said.to_owned(),
        });
    }
    let mut candidates = vec![schemas.join(said)];
    candidates.extend(prompts.ancestors().skip(1).map(|a| a.join(said)));
    let Some(path) = candidates.iter().find(|c| c.is_file()) else {
        return Err(format!(
            "schema {said:?} not found under {}",
            schemas.display()
        ));
    };
    let text = crate::input::read_text(path, crate::input::MAX_SMALL_FILE, "schema file")
        .map_err(|e| format!("{}: {}", path.display(), e.message))?;
    let schema = Schema::parse(&text)
        .map_err(|e| format!("{}:{}:{}: {}", path.display(), e.line, e.column, e.message))?;
    Ok(SchemaSource::File {
        path: path.clone(),
        schema: Box::new(schema),
    })
}

/// Parses `TASK=N` pins.
pub fn parse_pins(pins: &[String]) -> Result<BTreeMap<String, i64>> {
    let mut out = BTreeMap::new();
    for pin in pins {
        let parsed = pin
            .split_once('=')
            .and_then(|(t, n)| Some((t.trim(), n.trim().parse::<i64>().ok()?)));
        match parsed {
            Some((task, n)) if !task.is_empty() => {
                out.insert(task.to_owned(), n);
            }
            _ => {
                return Err(Error::of_option(
                    crate::error::Named::Pin,
                    format_args!(" {pin:?}: expected TASK=N with N a whole number"),
                ));
            }
        }
    }
    Ok(out)
}

/// The hash of a prompt text as the app sends it (`sha256:<hex>` of its bytes, unchanged): what
/// `ulcas.lock` records, what a request dump's `system` is compared by, and what a served
/// request's system text is looked up by.
pub(crate) fn prompt_hash(text: &str) -> String {
    crate::key::sha256_tagged(text)
}

/// The one rule for which of several stores a request of `task` v`version` belongs to when no
/// store holds its cassette (the store that records its miss, for `ulcas record`, `serve --mode
/// record` and every command alike): the first whose own prompts folder holds that prompt
/// version, else the first whose registry has the task; `None` when none has it.
pub fn owner<'a>(
    registries: impl IntoIterator<Item = &'a Registry>,
    task: &str,
    version: i64,
) -> Option<usize> {
    let registries: Vec<&Registry> = registries.into_iter().collect();
    registries
        .iter()
        .position(|r| r.owns(task, version))
        .or_else(|| registries.iter().position(|r| r.has_task(task)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_front_matter() {
        let f = crate::prompt_file::load(
            b"---\nid: a/b\nversion: 2\nschema: outputs/x.json\n---\nbody",
            2,
        )
        .unwrap();
        assert_eq!(f.meta["id"], "a/b");
        assert_eq!(f.meta["schema"], "outputs/x.json");
        assert!(crate::prompt_file::load(b"no", 2).is_err());
        assert!(crate::prompt_file::load(b"---\nid: x\n", 2).is_err());
    }

    #[test]
    fn prompt_file_names() {
        assert_eq!(prompt_version_of(Path::new("p/outline/v12.md")), Some(12));
        assert_eq!(prompt_version_of(Path::new("p/outline/v.md")), None);
        assert_eq!(prompt_version_of(Path::new("p/outline/README.md")), None);
    }

    #[test]
    fn pins() {
        assert_eq!(parse_pins(&["outline=3".into()]).unwrap()["outline"], 3);
        assert!(parse_pins(&["outline".into()]).is_err());
        assert!(parse_pins(&["=3".into()]).is_err());
    }
}
