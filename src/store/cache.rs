//! Parsed cassettes kept between replays (`ulcas serve` replays the same few thousand times a
//! second): an entry is used only while the opened file is the very file it was parsed from
//! (device, inode, size, modification and change times, asked of the opened handle), so a
//! cassette changed, replaced or re-linked on disk is read again, never answered stale.

use std::collections::HashMap;
use std::ffi::OsString;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::cassette::Cassette;

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

/// Cassettes by path (its bytes: a `Path` hashes component by component).
type Entries = HashMap<OsString, (Stamp, Arc<Cassette>), crate::normalise::FnvBuild>;

/// Parsed cassettes by path, each with the stamp of the file it was parsed from.
#[derive(Debug, Default)]
pub struct CassetteCache {
    entries: Mutex<(Entries, u64)>,
}

impl CassetteCache {
    /// An empty cache.
    pub fn new() -> CassetteCache {
        CassetteCache::default()
    }

    /// The cassette parsed from `path` when it had `stamp`.
    pub fn get(&self, path: &Path, stamp: Stamp) -> Option<Arc<Cassette>> {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        match entries.0.get(path.as_os_str()) {
            Some((seen, cassette)) if *seen == stamp => Some(cassette.clone()),
            _ => None,
        }
    }

    /// Keeps `cassette`, parsed from `path` with `stamp`.
    pub fn put(&self, path: PathBuf, stamp: Stamp, cassette: Arc<Cassette>) {
        if stamp.size > MAX_ENTRY {
            return;
        }
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.1 + stamp.size > MAX_BYTES {
            *entries = (Entries::default(), 0);
        }
        entries.1 += stamp.size;
        if let Some((old, _)) = entries.0.insert(path.into_os_string(), (stamp, cassette)) {
            entries.1 -= old.size;
        }
    }
}
