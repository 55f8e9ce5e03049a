//! Which cassettes test runs used: journals and request dumps, read into one [`LiveSet`].

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::check_root;
use crate::error::{Error, Result};

/// Which cassettes test runs used: the evidence of journals and request dumps, one kind.
#[derive(Debug, Clone, Default)]
pub struct LiveSet {
    /// Cassette paths (canonical where the file exists), each with the dump or journal that
    /// used it.
    pub paths: HashMap<PathBuf, PathBuf>,
    /// Whether anything (journal or request dump) was given at all.
    pub given: bool,
    /// Whether the user states that the evidence is a whole test run, every shard
    /// (`--complete-run`): only then is a current cassette that nothing used `unreferenced`.
    pub complete_run: bool,
    /// The store roots (canonical) the evidence touched: a journal names a cassette in it, or
    /// a dump hits one there or belongs to it (`store_for_request`).
    /// `--complete-run` speaks only of these: a store no evidence touched was not in the run.
    pub touched: std::collections::HashSet<PathBuf>,
}

impl LiveSet {
    /// Marks the cassette at `path` of the store at `root` as used by the request dump `file`
    /// (the store counts as touched by the evidence).
    pub fn mark(&mut self, root: &Path, path: PathBuf, file: &Path) {
        self.paths
            .entry(path.canonicalize().unwrap_or(path))
            .or_insert_with(|| file.to_path_buf());
        self.touched
            .insert(root.canonicalize().unwrap_or_else(|_| root.to_path_buf()));
    }

    /// Whether the evidence touched the store at `root`.
    pub fn touches(&self, root: &Path) -> bool {
        let real = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        self.touched.contains(&real)
    }

    /// The dump or journal that used the cassette at `path`, if any did.
    pub fn used_by(&self, path: &Path) -> Option<&Path> {
        let real = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        self.paths.get(&real).map(PathBuf::as_path)
    }
}

/// A journal line whose cassette no longer exists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissingJournalEntry {
    /// The journal.
    pub journal: PathBuf,
    /// 1-based line.
    pub line: usize,
    /// The path it names.
    pub path: PathBuf,
}

/// Reads journals into the live set of the given store roots; refuses an empty journal, one
/// that names a path outside every store, or one that names no existing cassette of any store.
/// Lines are cassette paths, absolute or relative to a store root; `#` starts a comment.
pub fn read_journals(
    journals: &[PathBuf],
    roots: &[PathBuf],
) -> Result<(LiveSet, Vec<MissingJournalEntry>)> {
    let canonical: Vec<PathBuf> = roots.iter().map(|r| check_root(r)).collect::<Result<_>>()?;
    let lexical: Vec<PathBuf> = roots.iter().map(|r| resolve_lexically(r)).collect();
    let mut live = LiveSet {
        given: !journals.is_empty(),
        ..Default::default()
    };
    let mut missing = Vec::new();
    for journal in journals {
        let text = crate::input::read_text(journal, crate::input::MAX_SMALL_FILE, "journal")?;
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(n, l)| (n + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .collect();
        if lines.is_empty() {
            return Err(Error::in_file(
                journal,
                "the journal is empty: a run that loaded nothing cannot tell what is unused",
            ));
        }
        let mut named = 0;
        for (n, line) in lines {
            let found = mark_line(journal, (n, line), (roots, &lexical, &canonical), &mut live)?;
            match found {
                Ok(count) => named += count,
                Err(gone) => missing.push(gone),
            }
        }
        if named == 0 {
            return Err(Error::in_file(
                journal,
                "the journal names no existing cassette of the store(s): is it from another checkout or an old run?",
            ));
        }
    }
    Ok((live, missing))
}

/// Marks the cassettes line `n` of `journal` names as live: how many, or the entry of a line
/// whose cassette is gone; an error for a line outside every store or leading out of one.
fn mark_line(
    journal: &Path,
    (n, line): (usize, &str),
    (roots, lexical, canonical): (&[PathBuf], &[PathBuf], &[PathBuf]),
    live: &mut LiveSet,
) -> Result<std::result::Result<usize, MissingJournalEntry>> {
    let meant = meanings(Path::new(line), roots, lexical, canonical);
    if meant.is_empty() {
        return Err(Error::in_file(
            journal,
            format!("line {n}: {line} is outside every store root"),
        ));
    }
    let mut named = 0;
    for (i, path) in &meant {
        let Ok(real) = path.canonicalize() else {
            continue;
        };
        if !real.starts_with(&canonical[*i]) {
            return Err(Error::in_file(
                journal,
                format!(
                    "line {n}: {line} leads outside the store {} (through a symbolic link)",
                    roots[*i].display()
                ),
            ));
        }
        named += 1;
        live.touched.insert(canonical[*i].clone());
        live.paths
            .entry(real)
            .or_insert_with(|| journal.to_path_buf());
    }
    if named == 0 {
        return Ok(Err(MissingJournalEntry {
            journal: journal.to_path_buf(),
            line: n,
            path: meant[0].1.clone(),
        }));
    }
    Ok(Ok(named))
}

/// The (store, path) pairs a journal line can mean: an absolute path belongs to the store that
/// contains it, a relative one is tried under every root and also against the current folder
/// (`cassettes/…`).
fn meanings(
    given: &Path,
    roots: &[PathBuf],
    lexical: &[PathBuf],
    canonical: &[PathBuf],
) -> Vec<(usize, PathBuf)> {
    let mut meant = Vec::new();
    for (i, root) in roots.iter().enumerate() {
        let mut forms = vec![if given.is_absolute() {
            given.to_path_buf()
        } else {
            root.join(given)
        }];
        if given.is_relative() {
            forms.push(given.to_path_buf());
        }
        for path in forms {
            let abs = resolve_lexically(&path);
            if abs.starts_with(&lexical[i]) || abs.starts_with(&canonical[i]) {
                meant.push((i, path));
            }
        }
    }
    meant
}

/// `path` made absolute against the current folder, `.` and `..` resolved without touching the
/// file system (for paths that may not exist).
fn resolve_lexically(path: &Path) -> PathBuf {
    crate::store_settings::lexical_absolute(&std::env::current_dir().unwrap_or_default(), path)
}
