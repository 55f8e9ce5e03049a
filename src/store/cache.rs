//! Parsed cassettes kept between replays (`ulcas serve` replays the same few thousand times a
//! second): an entry is used only while the file is the very file it was parsed from (device,
//! inode, size, modification and change times), so a cassette changed, replaced or re-linked
//! on disk is read again, never answered stale. Where the kernel reports changes
//! ([`super::fresh`]), an entry checked since the last change is not opened again, but its
//! stamp is still asked of the file system on every use (a write through a shared mapping, or
//! on a network file system, raises no news). The store's folder is the one its path names now:
//! asked on every use, and opened again when it is another folder (removed and restored, or
//! replaced by a copy).

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
    /// The stamp of a file's status as the system call gives it.
    fn of_stat(st: &rustix::fs::Stat) -> Stamp {
        Stamp {
            dev: st.st_dev,
            ino: st.st_ino,
            size: st.st_size as u64,
            mtime: (st.st_mtime, st.st_mtime_nsec as i64),
            ctime: (st.st_ctime, st.st_ctime_nsec as i64),
        }
    }

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

/// A cached cassette: the stamp of the file it was parsed from, the opening of the store's
/// folder it was read beneath, and the generation of the kernel's news in which that file was
/// last checked (`None`: open it each time).
#[derive(Debug)]
struct Entry {
    stamp: Stamp,
    opening: u64,
    checked_in: Option<u64>,
    cassette: Arc<Cassette>,
}

/// The store's folder as opened: its handle, which folder it is, and the kernel's news of it.
#[derive(Debug, Default)]
pub struct Opened {
    fd: Option<std::os::fd::OwnedFd>,
    /// Device and inode of the folder the handle holds.
    id: Option<(u64, u64)>,
    fresh: Option<super::fresh::Freshness>,
    /// Which opening of the folder this is (entries of another are never used).
    opening: u64,
}

impl Opened {
    /// The handle of the store's folder.
    pub fn fd(&self) -> Option<&std::os::fd::OwnedFd> {
        self.fd.as_ref()
    }

    /// Opens the folder `real_root` beneath which cassettes are read, and watches it where
    /// the system allows.
    fn of(real_root: &Path, opening: u64) -> Opened {
        use rustix::fs::{Mode, OFlags};
        let flags = OFlags::PATH | OFlags::DIRECTORY | OFlags::CLOEXEC;
        let fd = rustix::fs::open(real_root, flags, Mode::empty()).ok();
        let id = fd
            .as_ref()
            .and_then(|fd| rustix::fs::fstat(fd).ok())
            .map(|st| (st.st_dev, st.st_ino));
        let fresh = fd.as_ref().and_then(super::fresh::Freshness::of);
        Opened {
            fd,
            id,
            fresh,
            opening,
        }
    }
}

/// Cassettes by path relative to the store's folder (its bytes: a `Path` hashes component by
/// component).
type Entries = HashMap<OsString, Entry, crate::hashers::FnvBuild>;

/// Parsed cassettes by path, each with the stamp of the file it was parsed from; with the
/// handle of the store's folder, beneath which cassettes are opened.
#[derive(Debug, Default)]
pub struct CassetteCache {
    entries: Mutex<(Entries, u64)>,
    /// The store's folder by its path, when cassettes are read beneath a handle on it.
    real_root: Option<PathBuf>,
    opened: std::sync::RwLock<Arc<Opened>>,
}

impl CassetteCache {
    /// An empty cache.
    pub fn new() -> CassetteCache {
        CassetteCache::default()
    }

    /// An empty cache of the store whose folder is `real_root`: cassettes are opened beneath
    /// a handle on it, and its changes are watched where the system allows.
    pub(crate) fn beneath(real_root: &Path) -> CassetteCache {
        CassetteCache {
            entries: Mutex::default(),
            real_root: Some(real_root.to_path_buf()),
            opened: std::sync::RwLock::new(Arc::new(Opened::of(real_root, 1))),
        }
    }

    /// The store's folder as opened: the folder its path names now. A folder removed and
    /// restored, or replaced by a copy, is another folder: opened again, and the cassettes read
    /// beneath the one before are forgotten. A path that names no folder now has no handle
    /// (cassettes are then looked for by path, and found missing).
    pub fn opened(&self) -> Arc<Opened> {
        let current = self
            .opened
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        let Some(real_root) = &self.real_root else {
            return current;
        };
        let now = rustix::fs::stat(real_root)
            .ok()
            .map(|st| (st.st_dev, st.st_ino));
        if now.is_some() && now == current.id {
            return current;
        }
        let mut opened = self.opened.write().unwrap_or_else(|e| e.into_inner());
        if opened.id == now && now.is_some() {
            return opened.clone();
        }
        let again = Arc::new(match now {
            Some(_) => Opened::of(real_root, opened.opening + 1),
            None => Opened {
                opening: opened.opening + 1,
                ..Opened::default()
            },
        });
        *opened = again.clone();
        *self.entries.lock().unwrap_or_else(|e| e.into_inner()) = (Entries::default(), 0);
        again
    }

    /// The cassette at `relative` when nothing changed since it was last checked: no news of
    /// the store's folder as opened (a folder moved, removed or replaced is news of it), and the
    /// file `relative` names beneath it (asked without opening it) still has its stamp, so a
    /// change the kernel did not report (a write through a shared mapping) is seen all the same.
    pub(crate) fn get_unchanged(&self, relative: &Path) -> Option<Arc<Cassette>> {
        let opened = self
            .opened
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        let generation = self.generation(&opened)?;
        let (stamp, cassette) = {
            let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
            match entries.0.get(relative.as_os_str()) {
                Some(e) if e.checked_in == Some(generation) && e.opening == opened.opening => {
                    (e.stamp, e.cassette.clone())
                }
                _ => return None,
            }
        };
        // Beneath the folder as opened: with no news of it, it is still the folder the path
        // names (a folder moved, removed or replaced is news), and one name less to walk.
        let flags = rustix::fs::AtFlags::SYMLINK_NOFOLLOW;
        let st = rustix::fs::statat(opened.fd.as_ref()?, relative, flags).ok()?;
        (Stamp::of_stat(&st) == stamp).then_some(cassette)
    }

    /// The current generation of the kernel's news (the files it names forgotten), when the
    /// store is watched.
    fn generation(&self, opened: &Opened) -> Option<u64> {
        Some(opened.fresh.as_ref()?.generation(|p| self.forget(p)))
    }

    /// Watches the way to the cassette at `path` before it is checked: the generation the
    /// check holds in.
    pub(crate) fn watch(&self, opened: &Opened, path: &Path) -> Option<u64> {
        opened.fresh.as_ref()?.watch_path(path, |p| self.forget(p))
    }

    /// Forgets the cassette at `path`.
    fn forget(&self, path: &Path) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(old) = entries.0.remove(path.as_os_str()) {
            entries.1 -= old.stamp.size;
        }
    }

    /// The cassette parsed from `path` beneath the `opening` of the store's folder when it had
    /// `stamp` (then checked anew in `checked_in`).
    pub fn get(
        &self,
        path: &Path,
        (stamp, opening): (Stamp, u64),
        checked_in: Option<u64>,
    ) -> Option<Arc<Cassette>> {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        match entries.0.get_mut(path.as_os_str()) {
            Some(e) if e.stamp == stamp && e.opening == opening => {
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
        (stamp, opening): (Stamp, u64),
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
            opening,
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
pub(crate) fn load_within_cached(
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
    // The store's folder the path names now (opened again when it is another).
    let opened = cache.opened();
    // Watched before it is opened: a change from now on is news to the next replay.
    let checked_in = cache.watch(&opened, &relative);
    // Where the file lies is asked each time: the same file reached through a folder moved
    // out of the store and linked back is no longer the store's. The kernel answers it in the
    // open itself when it can (openat2 beneath the store's folder); else it is asked after.
    let (file, meta) = match opened.fd().map(|fd| open_beneath(fd, &relative)) {
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
            return cached(file, meta, (relative, path), (None, opened.opening), cache);
        }
    };
    cached(
        file,
        meta,
        (relative, path),
        (checked_in, opened.opening),
        cache,
    )
}

/// The cassette in the opened `file`: the cached one when it is the file it was parsed from.
fn cached(
    file: std::fs::File,
    meta: std::fs::Metadata,
    (relative, path): (PathBuf, PathBuf),
    (checked_in, opening): (Option<u64>, u64),
    cache: &CassetteCache,
) -> Result<Option<(PathBuf, std::sync::Arc<Cassette>)>> {
    let stamp = Stamp::of(&meta);
    if let Some(cassette) = cache.get(&relative, (stamp, opening), checked_in) {
        return Ok(Some((path, cassette)));
    }
    let cassette = std::sync::Arc::new(read_opened(file, meta.len(), &path)?);
    cache.put(relative, (stamp, opening), checked_in, cassette.clone());
    Ok(Some((path, cassette)))
}

/// The regular file at `relative` beneath the folder `root_fd`, opened as
/// `input::open_store_file` opens it, by a kernel that refuses any way out of the
/// folder: `Ok(None)` when there is none, `Err(())` for everything else (a link on the way
/// out, a link at the file's own name, a FIFO, a kernel without openat2), which the caller
/// opens the slower way to say why.
#[allow(clippy::result_unit_err)]
pub(crate) fn open_beneath(
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
            assert_eq!(cache.opened().fresh.is_some(), watched);
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
