//! A gate that checks nothing must not pass in silence: a store folder that `ulcas.toml` names
//! but that does not exist (a mistyped `root`), or a folder that holds no cassettes (a folder
//! above the store), is a `no-cassettes` warning, naming the nearest folder that does hold
//! cassettes when there is one.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};

use super::findings::{Check, Finding};

/// How deep below a folder the nearest store is looked for.
const DEPTH: usize = 6;
/// How many folders that look visits at most (a home folder given by mistake stays quick).
const VISITS: usize = 20_000;
/// Folders never looked in: tools' caches and dependencies, where no store of the project is.
const NEVER: &[&str] = &["node_modules", "vendor", "target", "__pycache__"];

/// The finding of a store that `ulcas.toml` names whose folder does not exist: its nearest
/// existing ancestor (up to `top`, the config's folder) is searched for a folder of cassettes.
pub(super) fn missing_store(root: &Path, top: Option<&Path>) -> Finding {
    let mut from = root.parent();
    let mut guess = None;
    // Three folders up at most: a typo is near where it was meant.
    for _ in 0..3 {
        let Some(dir) = from else { break };
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if dir.is_dir() {
            guess = nearest_store(dir, root);
            if guess.is_some() || top.is_some_and(|t| same_folder(t, dir)) {
                break;
            }
        }
        from = dir.parent().filter(|p| !p.as_os_str().is_empty());
    }
    Finding::new(
        root,
        Check::NoCassettes,
        format!(
            "the store folder {} does not exist, so nothing is checked there{}",
            root.display(),
            did_you_mean(
                guess.as_deref(),
                "fix the store's `root` in ulcas.toml; a store not recorded yet can be left as it is"
            )
        ),
    )
}

/// The finding of a store folder that holds no cassettes (`skipped` other files): a folder
/// below it that holds cassettes is named.
pub(super) fn empty_store(root: &Path, skipped: usize) -> Finding {
    let guess = nearest_store(root, root);
    let others = match skipped {
        0 => String::new(),
        1 => " (1 other file skipped)".to_owned(),
        n => format!(" ({n} other files skipped)"),
    };
    Finding::new(
        root,
        Check::NoCassettes,
        format!(
            "{} holds no cassettes{others}, so nothing is checked{}",
            root.display(),
            did_you_mean(
                guess.as_deref(),
                "a store holds <task>/v<N>/<hash>.json; record into it, or name the folder that holds the cassettes"
            )
        ),
    )
}

fn did_you_mean(guess: Option<&Path>, otherwise: &str) -> String {
    match guess {
        Some(g) => format!(": did you mean {}? It holds cassettes", g.display()),
        None => format!(": {otherwise}"),
    }
}

fn same_folder(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The nearest folder under `from` (breadth first, by name within a depth; `from` itself
/// included, `not` excluded) that holds a cassette at `<task>/v<N>/<hash>.json`.
fn nearest_store(from: &Path, not: &Path) -> Option<PathBuf> {
    let mut queue = VecDeque::from([(from.to_path_buf(), 0)]);
    let mut visits = 0;
    while let Some((dir, depth)) = queue.pop_front() {
        visits += 1;
        if visits > VISITS {
            return None;
        }
        if dir != not && holds_cassettes(&dir) {
            return Some(dir);
        }
        if depth < DEPTH {
            queue.extend(subfolders(&dir).into_iter().map(|d| (d, depth + 1)));
        }
    }
    None
}

/// The folders in `dir` (never through a link), by name, hidden ones and [`NEVER`] left out.
fn subfolders(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            !name.starts_with('.') && !NEVER.contains(&name.as_ref())
        })
        .map(|e| e.path())
        .collect();
    out.sort();
    out
}

/// Whether `dir` has a `<task>/v<N>/<32 hex>.json` file (a few entries looked at per level).
fn holds_cassettes(dir: &Path) -> bool {
    subfolders(dir).iter().take(256).any(|task| {
        subfolders(task)
            .iter()
            .filter(|v| {
                v.file_name()
                    .and_then(|n| n.to_str())
                    .and_then(crate::layout::parse_version_folder)
                    .is_some()
            })
            .take(64)
            .any(|version| {
                std::fs::read_dir(version).is_ok_and(|files| {
                    files.filter_map(Result::ok).take(256).any(|f| {
                        let name = f.file_name();
                        let name = name.to_string_lossy();
                        name.strip_suffix(".json").is_some_and(crate::key::is_hash)
                    })
                })
            })
    })
}
