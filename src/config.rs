//! `ulcas.toml`: the stores of a repository with their prompts and schemas, so that a bare
//! `ulcas verify` (or `prune`) checks a whole monorepo.
//!
//! ```toml
//! [[store]]
//! root = "api/packages/course-builder/tests/cassettes"
//! prompts = ["api/packages/course-builder/resources/prompts"]
//!
//! [[store]]
//! root = "api/packages/living-course/tests/cassettes"
//! # grounding cassettes here answer course-builder's prompt
//! prompts = ["api/packages/living-course/resources/prompts",
//!            "api/packages/course-builder/resources/prompts"]
//! schemas = "api/packages/living-course/resources/schemas"   # optional
//! pins = { update = 1 }                                      # optional
//! # optional: schemas the app builds in code, exported as <task>/<name>.json
//! code_schemas = ["api/packages/living-course/tests/code-schemas"]
//! record = "php artisan living-course:eval --live --record"   # optional, per store
//! # optional: names of prompts written in code (task = the start of its system text)
//! prompts_in_code = { coach = "You are a baking tutor" }
//! # optional: ids the app makes, numbered in the key of a prompt in code beside UUIDs
//! id_patterns = ['\bord_[0-9a-z]{10}\b']
//! ```
//!
//! A top-level `record = "…"` names the command that records anew for every store without one
//! of its own; hints show it. Relative paths are relative to the folder of `ulcas.toml`.
//!
//! ```
//! use std::path::Path;
//!
//! let stores = ulcas::config::parse(
//!     "[[store]]\nroot = \"api/tests/cassettes\"\nprompts = [\"api/resources/prompts\"]\n",
//!     Path::new("ulcas.toml"),
//! )?;
//! assert_eq!(stores[0].root, Path::new("api/tests/cassettes"));
//! assert_eq!(stores[0].registry.prompts, [Path::new("api/resources/prompts")]);
//! // A mistyped member is an error naming it, never ignored.
//! assert!(ulcas::config::parse("[[store]]\nrot = \"x\"\n", Path::new("ulcas.toml")).is_err());
//! # Ok::<(), ulcas::Error>(())
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::error::{Error, Result};
use crate::registry::RegistrySource;

/// The file name looked for in the current folder and its parents.
pub const CONFIG_FILE: &str = "ulcas.toml";

/// One store and where its prompt registry is.
#[derive(Debug, Clone)]
pub struct StoreConfig {
    /// The store root.
    pub root: PathBuf,
    /// Its prompt registry (may be empty).
    pub registry: RegistrySource,
    /// The command that records this store's cassettes anew, when the config names one.
    pub record: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigFile {
    record: Option<String>,
    #[serde(default)]
    store: Vec<StoreEntry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StoreEntry {
    root: PathBuf,
    #[serde(default)]
    prompts: Vec<PathBuf>,
    schemas: Option<PathBuf>,
    #[serde(default)]
    code_schemas: Vec<PathBuf>,
    #[serde(default)]
    pins: BTreeMap<String, i64>,
    record: Option<String>,
    #[serde(default)]
    prompts_in_code: BTreeMap<String, String>,
    #[serde(default)]
    id_patterns: Vec<String>,
}

/// The nearest `ulcas.toml` in `start` or one of its parents: whatever stands under that name
/// (a folder or a pipe is then an error of [`load`], never passed over for a parent's config).
pub fn find(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .map(|d| d.join(CONFIG_FILE))
        .find(|p| p.exists())
}

/// Reads the stores of a config file; every folder it names (roots, prompts, schemas) must lie
/// inside the config file's own folder tree (`check_inside`).
pub fn load(path: &Path) -> Result<Vec<StoreConfig>> {
    let text = crate::input::read_text(path, crate::input::MAX_SMALL_FILE, "config file")?;
    let stores = parse(&text, path)?;
    let base = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let top = base.canonicalize().map_err(|e| Error::io(base, &e))?;
    for store in &stores {
        check_inside(path, &top, "root", &store.root)?;
        for prompts in &store.registry.prompts {
            check_inside(path, &top, "prompts", prompts)?;
        }
        if let Some(schemas) = &store.registry.schemas {
            check_inside(path, &top, "schemas", schemas)?;
        }
        for folder in &store.registry.code_schemas {
            check_inside(path, &top, "code_schemas", folder)?;
        }
    }
    Ok(stores)
}

/// Refuses a folder `named` by the config file `config` that lies outside the config's folder
/// tree now (checked again at every reading by a command that reads its folders more than once:
/// a folder swapped for a link out of the tree since is refused then).
pub fn check_still_inside(config: &Path, what: &str, named: &Path) -> Result<()> {
    let base = config
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let top = base.canonicalize().map_err(|e| Error::io(base, &e))?;
    check_inside(config, &top, what, named)
}

/// Refuses a folder `named` by the config file `config` (whose folder, resolved, is `top`) that
/// lies outside `top`'s tree once links are resolved (`/`, `..`, a home folder): a checked-in
/// config must not send a command over the rest of the machine. A folder given on the command
/// line is the user's own choice and is not checked.
fn check_inside(config: &Path, top: &Path, what: &str, named: &Path) -> Result<()> {
    // The deepest part that exists, resolved, then the rest lexically.
    let mut existing = named.to_path_buf();
    let mut rest = Vec::new();
    let resolved = loop {
        match existing.canonicalize() {
            Ok(p) => break Some(p),
            Err(_) => match (
                existing.file_name().map(ToOwned::to_owned),
                existing.parent(),
            ) {
                (Some(name), Some(parent)) => {
                    rest.push(name);
                    existing = parent.to_path_buf();
                }
                _ => break None,
            },
        }
    };
    let inside = resolved.is_some_and(|mut full| {
        for part in rest.iter().rev() {
            if part == ".." {
                full.pop();
            } else if part != "." {
                full.push(part);
            }
        }
        full.starts_with(top)
    });
    if inside {
        return Ok(());
    }
    Err(Error::in_file(
        config,
        format!(
            "{what} {:?} lies outside the folder of this config ({}): a configured store stays inside its repository (name a folder elsewhere on the command line instead)",
            named.display(),
            top.display()
        ),
    )
    .of_kind(crate::ErrorKind::Refused))
}

/// Parses the text of the config file at `path` (relative paths are relative to its folder).
pub fn parse(text: &str, path: &Path) -> Result<Vec<StoreConfig>> {
    let file: ConfigFile = toml::from_str(text).map_err(|e| {
        let message = e.message().to_owned();
        let position = e.span().map(|s| {
            let before = &text[..s.start.min(text.len())];
            (
                before.matches('\n').count() + 1,
                before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1,
            )
        });
        let mut e = Error::in_file(path, format!("invalid config: {message}"));
        e.position = position;
        e
    })?;
    if file.store.is_empty() {
        return Err(Error::in_file(path, "no [[store]] entries"));
    }
    for store in &file.store {
        crate::in_code::InCodeNames::new(&store.prompts_in_code)
            .map_err(|why| Error::in_file(path, why))?;
        crate::id_patterns::IdPatterns::with_custom(&store.id_patterns)
            .map_err(|why| Error::in_file(path, why))?;
    }
    let base = path.parent().unwrap_or(Path::new("."));
    // `./ulcas.toml` has parent "", which joins like ".".
    let rel = |p: &Path| {
        if p.is_absolute() || base.as_os_str().is_empty() {
            p.to_path_buf()
        } else {
            base.join(p)
        }
    };
    Ok(file
        .store
        .into_iter()
        .map(|s| StoreConfig {
            root: rel(&s.root),
            registry: RegistrySource {
                prompts: s.prompts.iter().map(|p| rel(p)).collect(),
                schemas: s.schemas.as_deref().map(rel),
                code_schemas: s.code_schemas.iter().map(|p| rel(p)).collect(),
                pins: s.pins,
                prompts_in_code: s.prompts_in_code,
                id_patterns: s.id_patterns,
            },
            record: s.record.or_else(|| file.record.clone()),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_folders_outside_its_own_tree() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(CONFIG_FILE);
        std::fs::create_dir_all(dir.path().join("in")).unwrap();
        std::os::unix::fs::symlink("/", dir.path().join("link")).unwrap();
        for (root, ok) in [
            ("in", true),
            ("not-yet/cassettes", true),
            ("in/../in", true),
            ("/", false),
            ("..", false),
            ("in/../../x", false),
            ("link", false),
            ("link/etc", false),
        ] {
            std::fs::write(&path, format!("[[store]]\nroot = {root:?}\n")).unwrap();
            let got = load(&path);
            assert_eq!(got.is_ok(), ok, "{root}: {got:?}");
            if !ok {
                let e = got.unwrap_err();
                assert!(
                    e.message.contains("lies outside the folder of this config"),
                    "{e}"
                );
            }
        }
        std::fs::write(&path, "[[store]]\nroot = \"in\"\nprompts = [\"/etc\"]\n").unwrap();
        assert!(load(&path).is_err());
    }

    #[test]
    fn loads_relative_to_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(CONFIG_FILE);
        std::fs::write(&path, "[[store]]\nroot = \"a/cassettes\"\nprompts = [\"a/prompts\"]\npins = { outline = 2 }\n").unwrap();
        let stores = load(&path).unwrap();
        assert_eq!(stores[0].root, dir.path().join("a/cassettes"));
        assert_eq!(
            stores[0].registry.prompts,
            vec![dir.path().join("a/prompts")]
        );
        assert_eq!(stores[0].registry.pins["outline"], 2);
        assert_eq!(find(&dir.path().join("a/b")), Some(path.clone()));
        std::fs::write(&path, "[[store]]\nroot = 1\n").unwrap();
        let err = load(&path).unwrap_err().to_string();
        assert!(err.contains("ulcas.toml:2:8: invalid config"), "{err}");
    }

    /// A folder under the config's name is an error that names it, not a reason to take a
    /// parent's config (or none) in silence.
    #[test]
    fn a_folder_named_like_the_config_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(CONFIG_FILE), "[[store]]\nroot = \"c\"\n").unwrap();
        let inner = dir.path().join("pkg");
        std::fs::create_dir_all(inner.join(CONFIG_FILE)).unwrap();
        let found = find(&inner).unwrap();
        assert_eq!(found, inner.join(CONFIG_FILE));
        let err = load(&found).unwrap_err().to_string();
        assert!(
            err.ends_with("not a regular file (a config file must be one)"),
            "{err}"
        );
    }
}
