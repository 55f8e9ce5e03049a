//! Removing what a plan decided, through the store's one write path: each file checked again at
//! the moment it goes, emptied folders after, and the lock entries of emptied versions.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::{LEFTOVER_AGE, NotDeleted};
use crate::cassette::Cassette;
use crate::error::Result;
use crate::store::{FileRead, Slot, StoreDir, WriteGuard, is_temp_name};

/// Whether the file at `path` was last written [`LEFTOVER_AGE`] ago or more.
pub(super) fn is_old(path: &Path) -> bool {
    std::fs::symlink_metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age >= LEFTOVER_AGE)
}

/// Removes one file of the plan through the store's write path; its task and version folders.
pub(super) fn remove(
    lock: &WriteGuard<'_>,
    root: &Path,
    path: &Path,
    what: Removal,
) -> std::result::Result<(String, String), String> {
    let slot = Slot::under(root, path).map_err(|e| e.message)?;
    lock.remove(&slot, |read| {
        what.accepts(&slot.name, read).map_err(crate::Error::msg)
    })
    .map_err(|e| e.message)?;
    Ok((slot.task, slot.version))
}

/// What deleting a plan did.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Deletion {
    /// How many files were removed.
    pub deleted: usize,
    /// Folders removed because they became empty.
    pub removed_folders: Vec<PathBuf>,
    /// Files that could not be removed, with why.
    pub failed: Vec<NotDeleted>,
    /// Leftover temporary files removed.
    pub removed_leftovers: Vec<PathBuf>,
    /// `TASK/vN` whose `ulcas.lock` entry went with its last recordings.
    pub lock_dropped: Vec<String>,
}

/// What a removal must find at the path.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Removal {
    /// A regular file that parses as a cassette.
    Cassette,
    /// A temporary file of an interrupted write, old enough.
    Leftover,
}

impl Removal {
    /// Whether the file read at the moment of removal is what the plan took it for.
    pub(super) fn accepts(self, name: &str, read: &FileRead) -> std::result::Result<(), String> {
        match self {
            Removal::Cassette => Cassette::from_slice(&read.bytes)
                .map(|_| ())
                .map_err(|e| format!("no longer parses as a cassette ({e})")),
            Removal::Leftover if is_temp_name(name) && read.is_older_than(LEFTOVER_AGE) => Ok(()),
            Removal::Leftover => Err("not an old temporary file of ulcas".into()),
        }
    }
}

/// After the walk: removes the old leftovers, the folders that deletions emptied (version
/// folders first, then their task folders, never the root) and the lock entries of emptied
/// versions.
pub(super) fn finish(
    dir: &StoreDir,
    root: &Path,
    leftovers: &[PathBuf],
    mut deletion: Deletion,
    mut touched: BTreeSet<(String, String)>,
) -> Result<Deletion> {
    let lock = dir.write_guard()?;
    for path in leftovers {
        if let Ok(folders) = remove(&lock, root, path, Removal::Leftover) {
            deletion.removed_leftovers.push(path.clone());
            touched.insert(folders);
        }
    }
    // Removing a folder that is not empty (or is no folder) fails, which is what keeps
    // everything else.
    let mut tasks = BTreeSet::new();
    for (task, version) in touched {
        if lock.remove_empty_dir(Some(&task), &version) {
            deletion
                .removed_folders
                .push(root.join(&task).join(&version));
        }
        tasks.insert(task);
    }
    for task in tasks {
        if lock.remove_empty_dir(None, &task) {
            deletion.removed_folders.push(root.join(&task));
        }
    }
    deletion.lock_dropped = drop_lock_entries(&lock, root, &deletion.removed_folders)?;
    Ok(deletion)
}

/// The lock (where the store has one) keeps no entry of a version this run emptied; the
/// `TASK/vN` entries dropped. An entry whose version has a folder again once it is dropped is
/// put back: a writer the write lock does not hold back (the app's own recorder, which never
/// takes it; any writer on a file system without `flock`) may have made the version again
/// after this run removed it, and a record then found the entry still there. A record asks for its entry after its cassette is written and this run looks for
/// the folder after the entry is dropped, so one of the two always sees the other.
fn drop_lock_entries(
    lock: &WriteGuard<'_>,
    root: &Path,
    removed: &[PathBuf],
) -> Result<Vec<String>> {
    let emptied: Vec<(String, i64)> = removed
        .iter()
        .filter_map(|f| Slot::under(root, &f.join("x")).ok())
        .filter_map(|s| Some((s.task, crate::layout::parse_version_folder(&s.version)?)))
        .collect();
    if emptied.is_empty() {
        return Ok(Vec::new());
    }
    let mut dropped = Vec::new();
    crate::lock::update(lock, |l| {
        dropped.clear();
        l.entries.retain(|k, e| {
            let gone = emptied.contains(k);
            if gone {
                dropped.push((k.clone(), e.clone()));
            }
            !gone
        });
        !dropped.is_empty()
    })?;
    let (back, gone): (Vec<_>, Vec<_>) = dropped.into_iter().partition(|((task, version), _)| {
        std::fs::symlink_metadata(crate::layout::version_dir(root, task, *version))
            .is_ok_and(|m| m.is_dir())
    });
    if !back.is_empty() {
        crate::lock::update(lock, |l| {
            for (key, entry) in &back {
                l.entries
                    .entry(key.clone())
                    .or_insert_with(|| entry.clone());
            }
            true
        })?;
    }
    Ok(gone
        .into_iter()
        .map(|((task, version), _)| format!("{task}/v{version}"))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The interleaving a working write lock rules out, and which the order alone must still
    /// survive: a record makes the version again (and finds its entry) between this run's
    /// removal of the version and the drop of its entry.
    #[test]
    fn an_entry_whose_version_came_back_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let mut lock = crate::lock::Lock::default();
        for (task, version) in [("outline", 1), ("quiz", 1)] {
            let entry = crate::lock::Entry {
                prompt: format!("sha256:{:0>64}", task.len()),
                schema: None,
            };
            lock.entries.insert((task.into(), version), entry);
        }
        std::fs::write(root.join("ulcas.lock"), lock.render()).unwrap();
        // outline/v1 was removed by this run and made again by a record; quiz/v1 stays gone.
        let again = root.join("outline/v1");
        std::fs::create_dir_all(&again).unwrap();
        std::fs::write(again.join("0123456789abcdef0123456789abcdef.json"), "{}").unwrap();
        let store = StoreDir::open(root).unwrap();
        let guard = store.write_guard().unwrap();
        let removed = [again.clone(), root.join("quiz/v1")];
        let dropped = drop_lock_entries(&guard, root, &removed).unwrap();
        assert_eq!(dropped, ["quiz/v1"]);
        let now = crate::lock::Lock::read(root).unwrap().unwrap();
        let kept: Vec<_> = now.entries.keys().cloned().collect();
        assert_eq!(kept, [("outline".to_owned(), 1)]);
        assert_eq!(
            now.entries[&("outline".to_owned(), 1)],
            lock.entries[&("outline".to_owned(), 1)]
        );
    }
}
