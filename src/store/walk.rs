//! Walking a store folder by folder, in path order, holding one folder at a time: what keeps
//! `verify` and `prune` within a fixed memory on a store of any size.
//!
//! The names of a version folder are kept compact (a `<32 hex>.json` name as a 16-byte number,
//! any other name as text) and turned into [`CassetteFile`]s a batch at a time. Nothing is
//! followed: a symbolic link, a pipe or an unreadable folder is reported as an entry, exactly as
//! [`super::scan`] reports it.
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = tempfile::tempdir()?;
//! std::fs::create_dir_all(dir.path().join("quiz/v2"))?;
//! std::fs::write(dir.path().join("quiz/v2/0123456789abcdef0123456789abcdef.json"), "{}")?;
//! // How many files sit at cassette positions, per task and version.
//! let census = ulcas::store::walk::census(dir.path())?;
//! assert_eq!(census["quiz"][&2], 1);
//! # Ok(())
//! # }
//! ```

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fs::FileType;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{CassetteFile, NOT_REGULAR, StoreEntry, classify, is_temp_name};
use crate::error::{Error, Result, io_message};

/// How many cassettes each task has at each version: `task → version → count`.
pub type Census = BTreeMap<String, BTreeMap<i64, usize>>;

/// What a walk meets, in path order.
#[derive(Debug)]
pub enum Walked {
    /// The regular `.json` files of one `<task>/v<N>` folder.
    Folder(Folder),
    /// Anything else: a file that is not a cassette, a link, a pipe, an unreadable folder.
    Entry(StoreEntry),
}

/// The cassette files of one version folder, held compactly.
#[derive(Debug)]
pub struct Folder {
    /// The task.
    pub task: Arc<str>,
    /// The version.
    pub version: i64,
    /// `<root>/<task>/v<N>`.
    pub dir: PathBuf,
    hex: Vec<u128>,
    other: Vec<String>,
    /// How many files (also when the names are not kept: a census).
    count: usize,
}

impl Folder {
    /// How many files.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether it holds no file.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The files in path order, as [`CassetteFile`]s made one at a time.
    pub fn files(&self) -> impl Iterator<Item = CassetteFile> + '_ {
        let mut hex = self.hex.iter().map(|h| format!("{h:032x}.json")).peekable();
        let mut other = self.other.iter().peekable();
        std::iter::from_fn(move || {
            let name = match (hex.peek(), other.peek()) {
                (Some(h), Some(o)) if o.as_str() < h.as_str() => other.next()?.clone(),
                (Some(_), _) => hex.next()?,
                (None, Some(_)) => other.next()?.clone(),
                (None, None) => return None,
            };
            Some(CassetteFile {
                path: self.dir.join(name),
                task: self.task.clone(),
                version: self.version,
            })
        })
    }
}

/// A `<32 lowercase hex>.json` name as its number.
fn hex_name(name: &str) -> Option<u128> {
    let stem = name.strip_suffix(".json")?;
    (stem.len() == 32 && stem.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
        .then(|| u128::from_str_radix(stem, 16).ok())
        .flatten()
}

/// The entries of `dir`, sorted by name when `sorted`.
fn list(dir: &Path, sorted: bool) -> std::io::Result<Vec<(OsString, FileType)>> {
    let mut entries = Vec::new();
    for e in std::fs::read_dir(dir)? {
        let e = e?;
        entries.push((e.file_name(), e.file_type()?));
    }
    if sorted {
        entries.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    }
    Ok(entries)
}

/// Walks the store at `root` (which must be a folder), calling `visit` for each folder of
/// cassettes and each other entry, in path order; stops at the first error `visit` returns.
pub fn walk(
    root: &Path,
    visit: &mut dyn FnMut(Walked) -> std::io::Result<()>,
) -> Result<std::io::Result<()>> {
    let entries = list(root, true).map_err(|e| Error::io(root, &e))?;
    Ok(Walker {
        root,
        visit,
        names: true,
    }
    .top(entries))
}

struct Walker<'a> {
    root: &'a Path,
    visit: &'a mut dyn FnMut(Walked) -> std::io::Result<()>,
    /// Keep the names of files and report other entries (else only count, for a census).
    names: bool,
}

impl Walker<'_> {
    fn top(&mut self, entries: Vec<(OsString, FileType)>) -> std::io::Result<()> {
        for (name, kind) in entries {
            // The store's lock is part of the store: never a stray file.
            if name == crate::layout::LOCK_FILE && kind.is_file() {
                continue;
            }
            let path = self.root.join(&name);
            if kind.is_dir() {
                self.task(&path, name.to_str())?;
            } else if self.names {
                self.entry(&path, kind)?;
            }
        }
        Ok(())
    }

    fn task(&mut self, dir: &Path, name: Option<&str>) -> std::io::Result<()> {
        let entries = match list(dir, self.names) {
            Ok(e) => e,
            Err(e) => return self.unreadable(dir, &e),
        };
        let task: Option<Arc<str>> = name
            .filter(|n| crate::request::validate_task(n).is_ok())
            .map(Arc::from);
        for (name, kind) in entries {
            let path = dir.join(&name);
            let version = name.to_str().and_then(crate::layout::parse_version_folder);
            match (kind.is_dir(), &task, version) {
                (true, Some(task), Some(version)) => self.version(&path, task, version)?,
                _ if !self.names => {}
                (true, ..) => self.anything(&path)?,
                (false, ..) => self.entry(&path, kind)?,
            }
        }
        Ok(())
    }

    fn version(&mut self, dir: &Path, task: &Arc<str>, version: i64) -> std::io::Result<()> {
        let entries = match list(dir, self.names) {
            Ok(e) => e,
            Err(e) => return self.unreadable(dir, &e),
        };
        let mut folder = Folder {
            task: task.clone(),
            version,
            dir: dir.to_path_buf(),
            hex: Vec::new(),
            other: Vec::new(),
            count: 0,
        };
        for (name, kind) in entries {
            let text = name
                .to_str()
                .filter(|n| n.ends_with(".json") && !is_temp_name(n));
            match (kind.is_file(), text) {
                (true, Some(_)) if !self.names => folder.count += 1,
                (true, Some(n)) => {
                    folder.count += 1;
                    match hex_name(n) {
                        Some(h) => folder.hex.push(h),
                        None => folder.other.push(n.to_owned()),
                    }
                }
                _ if !self.names => {}
                _ if kind.is_dir() => self.anything(&dir.join(&name))?,
                _ => self.entry(&dir.join(&name), kind)?,
            }
        }
        folder.hex.shrink_to_fit();
        if folder.is_empty() {
            return Ok(());
        }
        (self.visit)(Walked::Folder(folder))
    }

    /// Everything under a folder that is no cassette position: each file as an entry.
    fn anything(&mut self, dir: &Path) -> std::io::Result<()> {
        let walker = walkdir::WalkDir::new(dir)
            .follow_links(false)
            .sort_by_file_name()
            .min_depth(1);
        for item in walker {
            match item {
                Ok(e) if e.file_type().is_dir() => {}
                Ok(e) => self.entry(e.path(), e.file_type())?,
                Err(err) => {
                    let path = err.path().unwrap_or(dir).to_path_buf();
                    let error = err
                        .io_error()
                        .map(io_message)
                        .unwrap_or_else(|| err.to_string());
                    (self.visit)(Walked::Entry(StoreEntry::Unreadable { path, error }))?;
                }
            }
        }
        Ok(())
    }

    fn entry(&mut self, path: &Path, kind: FileType) -> std::io::Result<()> {
        let entry = if !kind.is_file() && !kind.is_symlink() {
            StoreEntry::Other {
                path: path.to_path_buf(),
                why: NOT_REGULAR.into(),
                kind: super::OtherKind::NotRegular,
            }
        } else {
            classify(self.root, path, kind.is_symlink())
        };
        (self.visit)(Walked::Entry(entry))
    }

    fn unreadable(&mut self, dir: &Path, e: &std::io::Error) -> std::io::Result<()> {
        if !self.names {
            return Ok(());
        }
        (self.visit)(Walked::Entry(StoreEntry::Unreadable {
            path: dir.to_path_buf(),
            error: io_message(e),
        }))
    }
}

/// How many cassettes each task and version of the store at `root` has: the same walk, counting
/// the files of each version folder without keeping, sorting or classifying anything else.
pub fn census(root: &Path) -> Result<Census> {
    let mut census = Census::new();
    let mut visit = |w: Walked| {
        if let Walked::Folder(f) = w {
            *census
                .entry(f.task.to_string())
                .or_default()
                .entry(f.version)
                .or_default() += f.len();
        }
        Ok(())
    };
    let entries = list(root, false).map_err(|e| Error::io(root, &e))?;
    let result = Walker {
        root,
        visit: &mut visit,
        names: false,
    }
    .top(entries);
    result.map_err(|e| Error::io(root, &e))?;
    Ok(census)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_in_path_order_as_scan_lists() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let files = [
            "README.md",
            "a/v1/ffffffffffffffffffffffffffffffff.json",
            "a/v1/00000000000000000000000000000001.json",
            "a/v1/Zeta.json",
            "a/v1/zeta.json",
            "a/v1/notes.txt",
            "a/v10/0123456789abcdef0123456789abcdef.json",
            "a/v2/0123456789abcdef0123456789abcdef.json",
            "a/v00002/x.json",
            "a/latest/x.json",
            "a/v1/deeper/x.json",
            "b/v3/x.json",
        ];
        for f in files {
            let p = root.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, "{}").unwrap();
        }
        let mut cassettes = Vec::new();
        let mut others = Vec::new();
        walk(root, &mut |w| {
            match w {
                Walked::Folder(f) => cassettes.extend(f.files()),
                Walked::Entry(e) => others.push(e),
            }
            Ok(())
        })
        .unwrap()
        .unwrap();
        let rel = |c: &CassetteFile| c.path.strip_prefix(root).unwrap().display().to_string();
        // In path order, as a sort of the paths gives them.
        assert_eq!(
            cassettes.iter().map(rel).collect::<Vec<_>>(),
            [
                "a/v1/00000000000000000000000000000001.json",
                "a/v1/Zeta.json",
                "a/v1/ffffffffffffffffffffffffffffffff.json",
                "a/v1/zeta.json",
                "a/v10/0123456789abcdef0123456789abcdef.json",
                "a/v2/0123456789abcdef0123456789abcdef.json",
                "b/v3/x.json",
            ]
        );
        let mut others: Vec<(String, String)> = others
            .into_iter()
            .map(|e| match e {
                StoreEntry::Other { path, why, .. } => {
                    (path.strip_prefix(root).unwrap().display().to_string(), why)
                }
                e => panic!("{e:?}"),
            })
            .collect();
        others.sort();
        let names: Vec<&str> = others.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(
            names,
            [
                "README.md",
                "a/latest/x.json",
                "a/v00002/x.json",
                "a/v1/deeper/x.json",
                "a/v1/notes.txt"
            ]
        );
        assert!(others[2].1.contains("leading zeros"), "{others:?}");
        // scan is the same walk, whole.
        assert_eq!(super::super::scan(root).unwrap().cassettes, cassettes);
        let census = census(root).unwrap();
        assert_eq!(census["a"][&1], 4);
        assert_eq!(census["a"][&10], 1);
        assert_eq!(census["b"][&3], 1);
    }
}
