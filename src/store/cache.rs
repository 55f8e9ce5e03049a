//! Parsed cassettes kept between replays (`ulcas serve` replays the same few thousand times a
//! second): an entry is used only while the opened file is the very file it was parsed from
//! (device, inode, size, modification and change times, asked of the opened handle), so a
//! cassette changed, replaced or re-linked on disk is read again, never answered stale. Where
//! the kernel reports changes ([`super::fresh`]), an entry checked since the last change is
//! used without opening the file at all.

use std::collections::HashMap;
use std::ffi::OsString;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::{read_opened, refuse_outside};
use crate::cassette::Cassette;
use crate::error::Result;
use crate::key::CassetteKey;

/// The identity of a file's content as the system reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    dev: u64,
    ino: u64,
    size: u64,
    mtime: (i64, i64),
    ctime: (i64, i64),
}

impl Stamp {
    /// The stamp of an opened file's metadata.
    pub fn of(meta: &std::fs::Metadata) -> Stamp {
        Stamp {
            dev: meta.dev(),
            ino: meta.ino(),
            size: meta.size(),
            mtime: (meta.mtime(), meta.mtime_nsec()),
            ctime: (meta.ctime(), meta.ctime_nsec()),
        }
    }
}

/// The bytes of cassette files the cache holds at most (then it starts again).
const MAX_BYTES: u64 = 64 << 20;

/// A cassette larger than this is parsed each time (it would crowd the rest out).
const MAX_ENTRY: u64 = 1 << 20;

/// A cached cassette: the stamp of the file it was parsed from, and the generation of the
/// kernel's news in which that file was last checked (`None`: check it each time).
#[derive(Debug)]
struct Entry {
    stamp: Stamp,
    checked_in: Option<u64>,
    cassette: Arc<Cassette>,
}

/// Cassettes by path relative to the store's folder (its bytes: a `Path` hashes component by
/// component).
type Entries = HashMap<OsString, Entry, crate::normalise::FnvBuild>;

/// Parsed cassettes by path, each with the stamp of the file it was parsed from; with the
/// handle of the store's folder, beneath which cassettes are opened.
#[derive(Debug, Default)]
pub struct CassetteCache {
    entries: Mutex<(Entries, u64)>,
    root: Option<std::os::fd::OwnedFd>,
    fresh: Option<super::fresh::Freshness>,
}

impl CassetteCache {
    /// An empty cache.
    pub fn new() -> CassetteCache {
        CassetteCache::default()
    }

    /// An empty cache of the store whose folder is `real_root`: cassettes are opened beneath
    /// a handle on it, and its changes are watched where the system allows.
    pub fn beneath(real_root: &Path) -> CassetteCache {
        use rustix::fs::{Mode, OFlags};
        let flags = OFlags::PATH | OFlags::DIRECTORY | OFlags::CLOEXEC;
        let root = rustix::fs::open(real_root, flags, Mode::empty()).ok();
        let fresh = root.as_ref().and_then(super::fresh::Freshness::of);
        CassetteCache {
            entries: Mutex::default(),
            root,
            fresh,
        }
    }

    /// The handle of the store's folder.
    pub fn root(&self) -> Option<&std::os::fd::OwnedFd> {
        self.root.as_ref()
    }

    /// The cassette at `path` when nothing changed since it was last checked.
    pub(crate) fn get_unchanged(&self, path: &Path) -> Option<Arc<Cassette>> {
        let generation = self.generation()?;
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        match entries.0.get(path.as_os_str()) {
            Some(e) if e.checked_in == Some(generation) => Some(e.cassette.clone()),
            _ => None,
        }
    }

    /// The current generation of the kernel's news (the files it names forgotten), when the
    /// store is watched.
    fn generation(&self) -> Option<u64> {
        Some(self.fresh.as_ref()?.generation(|p| self.forget(p)))
    }

    /// Watches the way to the cassette at `path` before it is checked: the generation the
    /// check holds in.
    pub(crate) fn watch(&self, path: &Path) -> Option<u64> {
        self.fresh.as_ref()?.watch_path(path, |p| self.forget(p))
    }

    /// Forgets the cassette at `path`.
    fn forget(&self, path: &Path) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(old) = entries.0.remove(path.as_os_str()) {
            entries.1 -= old.stamp.size;
        }
    }

    /// The cassette parsed from `path` when it had `stamp` (then checked anew in `checked_in`).
    pub fn get(&self, path: &Path, stamp: Stamp, checked_in: Option<u64>) -> Option<Arc<Cassette>> {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        match entries.0.get_mut(path.as_os_str()) {
            Some(e) if e.stamp == stamp => {
                e.checked_in = checked_in;
                Some(e.cassette.clone())
            }
            _ => None,
        }
    }

    /// Keeps `cassette`, parsed from `path` with `stamp` in the generation `checked_in`.
    pub fn put(
        &self,
        path: PathBuf,
        stamp: Stamp,
        checked_in: Option<u64>,
        cassette: Arc<Cassette>,
    ) {
        if stamp.size > MAX_ENTRY {
            return;
        }
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.1 + stamp.size > MAX_BYTES {
            *entries = (Entries::default(), 0);
        }
        entries.1 += stamp.size;
        let entry = Entry {
            stamp,
            checked_in,
            cassette,
        };
        if let Some(old) = entries.0.insert(path.into_os_string(), entry) {
            entries.1 -= old.stamp.size;
        }
    }
}

/// [`super::load_within`] through `cache`: a cassette whose file is the one parsed before (the same
/// [`Stamp`] on the opened handle) is not read again, and one checked since the last change
/// the kernel reported is not even opened.
pub fn load_within_cached(
    root: &Path,
    real_root: &Path,
    key: &CassetteKey,
    cache: &CassetteCache,
) -> Result<Option<(PathBuf, std::sync::Arc<Cassette>)>> {
    let relative = key.relative_path();
    let path = root.join(&relative);
    if let Some(cassette) = cache.get_unchanged(&relative) {
        return Ok(Some((path, cassette)));
    }
    // Watched before it is opened: a change from now on is news to the next replay.
    let checked_in = cache.watch(&relative);
    // Where the file lies is asked each time: the same file reached through a folder moved
    // out of the store and linked back is no longer the store's. The kernel answers it in the
    // open itself when it can (openat2 beneath the store's folder); else it is asked after.
    let (file, meta) = match cache.root().map(|fd| open_beneath(fd, &relative)) {
        Some(Ok(Some(opened))) => opened,
        Some(Ok(None)) => return Ok(None),
        Some(Err(())) | None => {
            let (file, meta) = match crate::input::open_store_file_meta(&path, "cassette") {
                Ok(opened) => opened,
                Err(e) if e.io_kind() == Some(std::io::ErrorKind::NotFound) => return Ok(None),
                Err(e) => return Err(e),
            };
            refuse_outside(&file, &path, real_root)?;
            // Opened the slower way: checked on each replay.
            return cached(file, meta, (relative, path), None, cache);
        }
    };
    cached(file, meta, (relative, path), checked_in, cache)
}

/// The cassette in the opened `file`: the cached one when it is the file it was parsed from.
fn cached(
    file: std::fs::File,
    meta: std::fs::Metadata,
    (relative, path): (PathBuf, PathBuf),
    checked_in: Option<u64>,
    cache: &CassetteCache,
) -> Result<Option<(PathBuf, std::sync::Arc<Cassette>)>> {
    let stamp = Stamp::of(&meta);
    if let Some(cassette) = cache.get(&relative, stamp, checked_in) {
        return Ok(Some((path, cassette)));
    }
    let cassette = std::sync::Arc::new(read_opened(file, meta.len(), &path)?);
    cache.put(relative, stamp, checked_in, cassette.clone());
    Ok(Some((path, cassette)))
}

/// The regular file at `relative` beneath the folder `root_fd`, opened as
/// `input::open_store_file` opens it, by a kernel that refuses any way out of the
/// folder: `Ok(None)` when there is none, `Err(())` for everything else (a link on the way
/// out, a link at the file's own name, a FIFO, a kernel without openat2), which the caller
/// opens the slower way to say why.
#[allow(clippy::result_unit_err)]
pub fn open_beneath(
    root_fd: &std::os::fd::OwnedFd,
    relative: &Path,
) -> std::result::Result<Option<(std::fs::File, std::fs::Metadata)>, ()> {
    use rustix::fs::{Mode, OFlags, ResolveFlags};
    let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC;
    let resolve = ResolveFlags::BENEATH | ResolveFlags::NO_MAGICLINKS;
    match rustix::fs::openat2(root_fd, relative, flags, Mode::empty(), resolve) {
        Ok(fd) => {
            let file = std::fs::File::from(fd);
            match file.metadata() {
                Ok(meta) if meta.is_file() => Ok(Some((file, meta))),
                _ => Err(()),
            }
        }
        Err(rustix::io::Errno::NOENT) => Ok(None),
        Err(_) => Err(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With a cache and without the kernel's news (no handle on the store's folder, as where
    /// openat2 or inotify are missing), each replay opens and checks the file: a rewrite is
    /// read again, a removal is a miss; with the news, a file changed in place is forgotten.
    #[test]
    fn a_cassette_changed_on_disk_is_read_again_with_or_without_the_kernels_news() {
        for watched in [false, true] {
            let store = tempfile::tempdir().unwrap();
            let root = store.path().canonicalize().unwrap();
            let cache = if watched {
                CassetteCache::beneath(&root)
            } else {
                CassetteCache::new()
            };
            assert_eq!(cache.fresh.is_some(), watched);
            let request = crate::request::Request::from_slice(
                br#"{"task": "quiz", "prompt_version": 1, "schema": {"type": "object"},
                    "blocks": [{"type": "text", "text": "x"}]}"#,
            )
            .unwrap();
            let recording = crate::store::Recording::new("one", "m");
            let recorded =
                crate::store::record(&root, &request, &recording, Default::default()).unwrap();
            let load = || load_within_cached(&root, &root, &recorded.key, &cache).unwrap();
            assert_eq!(load().unwrap().1.text, "one");
            let file = std::fs::read_to_string(&recorded.path).unwrap();
            std::fs::write(&recorded.path, file.replace("\"one\"", "\"two\"")).unwrap();
            assert_eq!(load().unwrap().1.text, "two", "watched: {watched}");
            std::fs::remove_file(&recorded.path).unwrap();
            assert!(load().is_none());
        }
    }
}
