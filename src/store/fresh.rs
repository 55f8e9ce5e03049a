//! Which cached cassettes are certainly the files they were parsed from, without asking the
//! file system for each replay: the kernel (inotify) reports every change to the store's folder,
//! to the folders on a cached cassette's path and to the cassette itself, and a replay takes
//! that news with one non-blocking read. Anything changed before the read is seen; a cassette
//! served after it is the one on disk at that moment.
//!
//! Any change ends the current *generation*: a cassette parsed or checked (its
//! [`super::Stamp`] on the opened file) in an earlier generation is opened and checked again
//! before it is served, and a file the news names is forgotten (read again even when its stamp
//! is unchanged: a rewrite of the same size within the clock's tick). Watches are placed before
//! a cassette is opened and checked, so a change between the two is news too. Where watches
//! cannot be placed (no inotify, no `/proc`, too many watches), cassettes are checked on every
//! replay.

use std::collections::HashMap;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// The most watches one cache places (each user's watches are shared by every program they
/// run: an editor or a file indexer needs its own).
const MAX_WATCHES: usize = 8192;

/// The kernel's news of a store folder, and the current generation.
#[derive(Debug)]
pub struct Freshness {
    inotify: OwnedFd,
    /// Twice the generation, plus one while news is being taken: a replay that finds it even
    /// before and after seeing no news waiting knows that no news was taken meanwhile and not
    /// yet counted, without taking the lock.
    counted: AtomicU64,
    /// `/proc/self/fd/<n>` of the store folder's handle: watched paths are resolved from the
    /// folder the store was opened as, whatever its name now leads to.
    root: String,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    generation: u64,
    /// The watches in place: what each watches, relative to the store's folder.
    watches: HashMap<i32, Vec<PathBuf>>,
}

impl Freshness {
    /// News of the folder `root_fd` (opened on the store's root), when the system gives it.
    pub fn of(root_fd: &OwnedFd) -> Option<Freshness> {
        use rustix::fs::inotify;
        let flags = inotify::CreateFlags::NONBLOCK | inotify::CreateFlags::CLOEXEC;
        let fd = inotify::init(flags).ok()?;
        let freshness = Freshness {
            inotify: fd,
            counted: AtomicU64::new(0),
            root: format!("/proc/self/fd/{}", root_fd.as_raw_fd()),
            state: Mutex::new(State::default()),
        };
        freshness.watch(Path::new(""), true)?;
        Some(freshness)
    }

    /// The current generation, once the kernel's news is taken: any change since the last
    /// look starts a new one, and `forget` is given each path (relative to the store's
    /// folder) the news names, before anyone can read the new generation.
    pub fn generation(&self, mut forget: impl FnMut(&Path)) -> u64 {
        use rustix::fs::inotify::ReadFlags;
        let before = self.counted.load(Ordering::Acquire);
        if before % 2 == 0
            && rustix::io::ioctl_fionread(&self.inotify).is_ok_and(|n| n == 0)
            && self.counted.load(Ordering::Acquire) == before
        {
            return before / 2;
        }
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        // Taking news from here on.
        self.counted
            .store(state.generation * 2 + 1, Ordering::Release);
        let mut buf = [std::mem::MaybeUninit::<u8>::uninit(); 4096];
        let mut reader = rustix::fs::inotify::Reader::new(&self.inotify, &mut buf);
        let mut news = false;
        while let Ok(event) = reader.next() {
            news = true;
            let name = event
                .file_name()
                .map(|n| std::ffi::OsStr::from_bytes(n.to_bytes()));
            for watched in state.watches.get(&event.wd()).into_iter().flatten() {
                match name {
                    Some(name) => forget(&watched.join(name)),
                    None => forget(watched),
                }
            }
            if event.events().contains(ReadFlags::IGNORED) {
                state.watches.remove(&event.wd());
            }
        }
        if news {
            state.generation += 1;
        }
        self.counted.store(state.generation * 2, Ordering::Release);
        state.generation
    }

    /// Watches every folder on the way to the cassette at `relative` (beneath the store's
    /// folder) and the cassette itself; then the generation in which a check of the file
    /// made from now on holds, or `None` when the watches could not all be placed.
    pub fn watch_path(&self, relative: &Path, forget: impl FnMut(&Path)) -> Option<u64> {
        let mut walked = std::path::PathBuf::new();
        let parts: Vec<Component> = relative.components().collect();
        for (i, part) in parts.iter().enumerate() {
            let Component::Normal(name) = part else {
                return None;
            };
            walked.push(name);
            self.watch(&walked, i + 1 < parts.len())?;
        }
        Some(self.generation(forget))
    }

    /// Places a watch on `relative` (a folder, or the cassette file: not followed when it is a
    /// link).
    fn watch(&self, relative: &Path, folder: bool) -> Option<()> {
        use rustix::fs::inotify::{WatchFlags, add_watch};
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if state.watches.len() >= MAX_WATCHES {
            return None;
        }
        let changes = WatchFlags::MODIFY
            | WatchFlags::ATTRIB
            | WatchFlags::CLOSE_WRITE
            | WatchFlags::DELETE_SELF
            | WatchFlags::MOVE_SELF;
        let flags = if folder {
            changes
                | WatchFlags::CREATE
                | WatchFlags::DELETE
                | WatchFlags::MOVED_FROM
                | WatchFlags::MOVED_TO
                | WatchFlags::ONLYDIR
        } else {
            changes | WatchFlags::DONT_FOLLOW
        };
        let path = Path::new(&self.root).join(relative);
        let wd = add_watch(&self.inotify, &path, flags).ok()?;
        let paths = state.watches.entry(wd).or_default();
        if !paths.iter().any(|p| p == relative) {
            paths.push(relative.to_owned());
        }
        Some(())
    }
}
