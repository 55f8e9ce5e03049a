//! The one write path into a store: every command that changes a store (`record`, `backfill`,
//! `migrate --write`, `prune --delete`, …) goes through a [`StoreDir`].
//!
//! What it guarantees, by construction rather than by checks at each call site:
//!
//! - **Never outside the store.** The root is resolved once and opened as a directory handle;
//!   task and version folders are opened from it with `openat(O_NOFOLLOW | O_DIRECTORY)`, files
//!   with `O_NOFOLLOW`. A folder or file that is a symbolic link (pointing inside the store or
//!   out of it) is refused with an error naming it; nothing is written through it.
//! - **Only regular files.** A file is opened non-blocking and checked with `fstat` before a
//!   byte is read, and never read past [`MAX_CASSETTE`].
//! - **No lost update.** Every change happens under an exclusive `flock(2)` on the store root
//!   folder itself (no lock file to mistake for a cassette or to report as stray), which every
//!   `ulcas` writer takes. A replace also checks, at the moment of the swap, that the file is
//!   still the one that was read (device, inode, size, change time): a writer that does not
//!   take the lock (the app's recorder) is not overwritten either.
//! - **No clobbering, no resurrection.** A new file is linked into place (`linkat`), which never
//!   replaces an existing one; a replace never creates a file or a folder that is gone (a
//!   concurrent `prune` removed it).
//! - **Metadata kept.** A replaced file keeps its owner, group and mode (and, on request, its
//!   times); a file with several hard links or without write permission is refused, saying so.

use std::io::{Read, Write};
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};

use rustix::fs::{AtFlags, FileType, Mode, OFlags};
use rustix::io::Errno;

use crate::error::{Error, Result};
use crate::key::CassetteKey;

/// The most any cassette may hold: the limit of every other input too.
pub const MAX_CASSETTE: u64 = 16 << 20;

/// A file's place in a store: `<task>/<version folder>/<name>`, each one path component.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    /// The task folder.
    pub task: String,
    /// The version folder (`v3`).
    pub version: String,
    /// The file name.
    pub name: String,
}

impl Slot {
    /// The slot of a key: `<task>/v<N>/<hash>.json`.
    pub fn of_key(key: &CassetteKey) -> Slot {
        Slot {
            task: key.task.clone(),
            version: crate::layout::version_folder(key.prompt_version),
            name: format!("{}.json", key.hash),
        }
    }

    /// The slot of `path`, which must be `<root>/<task>/<version>/<name>` (compared as given,
    /// without touching the disk); the error names `path`.
    pub fn under(root: &Path, path: &Path) -> Result<Slot> {
        let wrong = |why: &str| Error::in_file(path, why);
        let relative = path
            .strip_prefix(root)
            .map_err(|_| wrong("not under the store root (never written)"))?;
        let parts: Vec<&str> = relative
            .iter()
            .map(|p| p.to_str())
            .collect::<Option<_>>()
            .ok_or_else(|| wrong("its path is not valid UTF-8 (never written)"))?;
        match parts.as_slice() {
            [task, version, name] if ![*task, *version, *name].iter().any(|p| is_dot(p)) => {
                Ok(Slot {
                    task: (*task).to_owned(),
                    version: (*version).to_owned(),
                    name: (*name).to_owned(),
                })
            }
            _ => Err(wrong("not at <task>/v<N>/<name> (never written)")),
        }
    }

    fn path_under(&self, root: &Path) -> PathBuf {
        root.join(&self.task).join(&self.version).join(&self.name)
    }
}

fn is_dot(part: &str) -> bool {
    part == "." || part == ".."
}

/// A file read through the store's handles: its bytes and what identifies it.
#[derive(Debug, Clone)]
pub struct FileRead {
    /// The whole content.
    pub bytes: Vec<u8>,
    /// Its metadata when it was read.
    pub identity: Identity,
}

impl FileRead {
    /// Whether the file was last modified `age` ago or more.
    pub fn is_older_than(&self, age: std::time::Duration) -> bool {
        let (secs, nanos) = self.identity.mtime;
        let modified = std::time::UNIX_EPOCH
            + std::time::Duration::new(secs.max(0) as u64, nanos.clamp(0, 999_999_999) as u32);
        modified.elapsed().is_ok_and(|a| a >= age)
    }
}

/// What tells one file (and one state of it) from another, and what a replace keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Identity {
    dev: u64,
    ino: u64,
    size: i64,
    ctime: (i64, i64),
    mtime: (i64, i64),
    atime: (i64, i64),
    mode: u32,
    uid: u32,
    gid: u32,
    nlink: u64,
}

impl Identity {
    // The `stat` field types differ between platforms: the casts are not the same everywhere.
    #[allow(clippy::unnecessary_cast)]
    fn of(stat: &rustix::fs::Stat) -> Identity {
        Identity {
            dev: stat.st_dev as u64,
            ino: stat.st_ino as u64,
            size: stat.st_size as i64,
            ctime: (stat.st_ctime as i64, stat.st_ctime_nsec as i64),
            mtime: (stat.st_mtime as i64, stat.st_mtime_nsec as i64),
            atime: (stat.st_atime as i64, stat.st_atime_nsec as i64),
            mode: stat.st_mode as u32,
            uid: stat.st_uid,
            gid: stat.st_gid,
            nlink: stat.st_nlink as u64,
        }
    }

    /// The same file, unchanged since: same inode, size and change time.
    fn same_state(&self, other: &Identity) -> bool {
        (self.dev, self.ino, self.size, self.ctime, self.mtime)
            == (other.dev, other.ino, other.size, other.ctime, other.mtime)
    }
}

/// How a replace treats the file's times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Times {
    /// The new content gets the current time (a new answer).
    Now,
    /// The file keeps its access and modification times (a change that adds, not alters).
    Keep,
}

/// A store root opened as a directory handle: the one way into a store for a writer.
#[derive(Debug)]
pub struct StoreDir {
    shown: PathBuf,
    fd: OwnedFd,
}

impl StoreDir {
    /// Opens the store root `root` (a folder; a link given as the root itself is followed once,
    /// it is the store the user names). Below it nothing is followed.
    pub fn open(root: &Path) -> Result<StoreDir> {
        let fd = rustix::fs::open(root, dir_flags() & !OFlags::NOFOLLOW, Mode::empty()).map_err(
            |e| match e {
                Errno::NOTDIR => Error::in_file(root, "not a folder (a store root is a folder)"),
                e => Error::in_file(root, format!("cannot open the store root: {}", errno(e))),
            },
        )?;
        Ok(StoreDir {
            shown: root.to_path_buf(),
            fd,
        })
    }

    /// [`StoreDir::open`], creating the root folder first when it does not exist (the first
    /// recording of a new store).
    pub fn create(root: &Path) -> Result<StoreDir> {
        if std::fs::symlink_metadata(root).is_err() {
            std::fs::create_dir_all(root).map_err(|e| Error::io(root, &e))?;
        }
        StoreDir::open(root)
    }

    /// The root as the user gave it.
    pub fn root(&self) -> &Path {
        &self.shown
    }

    /// Where `slot` is, as the user sees it.
    pub fn path_of(&self, slot: &Slot) -> PathBuf {
        slot.path_under(&self.shown)
    }

    /// Takes the store's write lock: an exclusive `flock` on the root folder, held until the
    /// guard drops. Waits while another `ulcas` process writes. Never nest two locks of one
    /// store in one thread.
    pub fn write_guard(&self) -> Result<WriteGuard<'_>> {
        let fd = rustix::fs::openat(&self.fd, ".", dir_flags(), Mode::empty())
            .map_err(|e| self.error_at(None, format!("cannot lock the store: {}", errno(e))))?;
        loop {
            match rustix::fs::flock(&fd, rustix::fs::FlockOperation::LockExclusive) {
                Ok(()) => break,
                Err(Errno::INTR) => continue,
                // A file system without flock (some network mounts): the check at the swap
                // still guards every replace.
                Err(Errno::NOLCK | Errno::OPNOTSUPP) => break,
                Err(e) => {
                    return Err(self.error_at(None, format!("cannot lock the store: {}", errno(e))));
                }
            }
        }
        Ok(WriteGuard {
            dir: self,
            _held: fd,
        })
    }

    /// Reads the file at `slot` without following a link and without blocking: `None` when it
    /// (or its folder) does not exist.
    pub fn read(&self, slot: &Slot) -> Result<Option<FileRead>> {
        let Some(folder) = self.folder(slot, false)? else {
            return Ok(None);
        };
        read_in(&folder, &slot.name, &self.path_of(slot), CASSETTE)
    }

    /// Reads the file `name` at the store root (its `ulcas.lock`), as [`StoreDir::read`] reads.
    pub fn read_root(&self, name: &str) -> Result<Option<FileRead>> {
        let limit = (crate::input::MAX_SMALL_FILE, "lock file");
        read_in(&self.fd, name, &self.shown.join(name), limit)
    }

    /// The version folder of `slot`, opened without following links; created (with its task
    /// folder) when `create`, else `None` when missing.
    fn folder(&self, slot: &Slot, create: bool) -> Result<Option<OwnedFd>> {
        let task = match self.subfolder(&self.fd, &slot.task, create, slot, Level::Task)? {
            Some(t) => t,
            None => return Ok(None),
        };
        self.subfolder(&task, &slot.version, create, slot, Level::Version)
    }

    fn subfolder(
        &self,
        parent: &OwnedFd,
        name: &str,
        create: bool,
        slot: &Slot,
        level: Level,
    ) -> Result<Option<OwnedFd>> {
        if name.is_empty() || name.contains('/') || is_dot(name) {
            return Err(self.error_at(Some(slot), "not a folder name (never written)"));
        }
        loop {
            match rustix::fs::openat(parent, name, dir_flags(), Mode::empty()) {
                Ok(fd) => return Ok(Some(fd)),
                Err(Errno::NOENT) if create => {
                    match rustix::fs::mkdirat(parent, name, Mode::from_raw_mode(0o777)) {
                        Ok(()) | Err(Errno::EXIST) => continue,
                        Err(e) => return Err(self.folder_error(slot, level, errno(e))),
                    }
                }
                Err(Errno::NOENT) => return Ok(None),
                Err(Errno::LOOP | Errno::NOTDIR) => {
                    let is_link = rustix::fs::statat(parent, name, AtFlags::SYMLINK_NOFOLLOW)
                        .is_ok_and(|s| FileType::from_raw_mode(s.st_mode) == FileType::Symlink);
                    return Err(if is_link {
                        self.link_error(slot, level)
                    } else {
                        self.folder_error(slot, level, "not a folder".into())
                    });
                }
                Err(e) => return Err(self.folder_error(slot, level, errno(e))),
            }
        }
    }

    fn shown_at(&self, slot: &Slot, level: Level) -> PathBuf {
        match level {
            Level::Task => self.shown.join(&slot.task),
            Level::Version => self.shown.join(&slot.task).join(&slot.version),
        }
    }

    fn link_error(&self, slot: &Slot, level: Level) -> Error {
        Error::in_file(
            self.shown_at(slot, level),
            "a folder that is a symbolic link: ulcas never writes through a link (inside the store or out of it); replace it with a real folder",
        )
        .of_kind(crate::ErrorKind::Refused)
    }

    fn folder_error(&self, slot: &Slot, level: Level, why: String) -> Error {
        Error::in_file(self.shown_at(slot, level), why)
    }

    fn error_at(&self, slot: Option<&Slot>, why: impl Into<String>) -> Error {
        match slot {
            Some(s) => Error::in_file(self.path_of(s), why),
            None => Error::in_file(&self.shown, why),
        }
    }
}

/// Reads `name` in the folder `folder` (shown as `shown`): never through a link, never a pipe,
/// never more than [`MAX_CASSETTE`]; `None` when it does not exist.
/// Reads the file `name` in `folder` (shown as `shown`), a regular file of at most `limit.0`
/// bytes (a `limit.1`, in the error that says it is larger).
fn read_in(
    folder: &OwnedFd,
    name: &str,
    shown: &Path,
    limit: (u64, &str),
) -> Result<Option<FileRead>> {
    let at = |why: String| Error::in_file(shown, why);
    let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC;
    let file = match rustix::fs::openat(folder, name, flags, Mode::empty()) {
        Ok(f) => f,
        Err(Errno::NOENT) => return Ok(None),
        Err(Errno::LOOP) => return Err(at(FILE_LINK.into())),
        Err(e) => return Err(at(errno(e))),
    };
    let stat = rustix::fs::fstat(&file).map_err(|e| at(errno(e)))?;
    if FileType::from_raw_mode(stat.st_mode) != FileType::RegularFile {
        return Err(at("not a regular file (never read or written)".into()));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(stat.st_size).unwrap_or(0).min(1 << 20));
    std::fs::File::from(file)
        .take(limit.0 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| at(crate::error::io_message(&e)))?;
    if bytes.len() as u64 > limit.0 {
        return Err(at(too_large(limit)));
    }
    Ok(Some(FileRead {
        bytes,
        identity: Identity::of(&stat),
    }))
}

/// Why a file that is a symbolic link is never read or written through.
const FILE_LINK: &str = "a symbolic link: ulcas never writes through a link (inside the store or out of it); replace it with a real file";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Level {
    Task,
    Version,
}

/// The store's write lock, held: the only way to change a store.
#[derive(Debug)]
pub struct WriteGuard<'a> {
    dir: &'a StoreDir,
    _held: OwnedFd,
}

/// What a create found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Created {
    /// The file is new.
    New,
    /// A file was already there: nothing written.
    Exists,
}

impl WriteGuard<'_> {
    /// The store this lock is of.
    pub fn store(&self) -> &StoreDir {
        self.dir
    }

    /// Creates the file at `slot` with `bytes` (and its folders when missing), atomically and
    /// without clobbering: [`Created::Exists`] when a file is already there.
    pub fn create(&self, slot: &Slot, bytes: &[u8]) -> Result<Created> {
        let dir = self.dir;
        let folder = dir
            .folder(slot, true)?
            .ok_or_else(|| dir.error_at(Some(slot), "its folder could not be created"))?;
        create_in(&folder, &slot.name, &dir.path_of(slot), bytes)
    }

    /// Replaces the file at `slot`, which must still be the one `read` came from, with `bytes`;
    /// it keeps its owner, group and mode (and its times with [`Times::Keep`]). Refuses a file
    /// that is gone, changed, has other hard links or may not be written, saying which.
    pub fn replace(&self, slot: &Slot, read: &FileRead, bytes: &[u8], times: Times) -> Result<()> {
        let dir = self.dir;
        let shown = dir.path_of(slot);
        // Never re-created: a folder or file that went away stays away.
        let folder = dir.folder(slot, false)?.ok_or_else(|| gone(&shown))?;
        replace_in(&folder, &slot.name, &shown, read, bytes, times)
    }

    /// Puts a symbolic link to `target` at `slot` (what `git checkout` writes for a link),
    /// atomically: a link made under a temporary name, then renamed over whatever regular file
    /// or link stands there, only if that is still what stood there a moment before. Nothing is
    /// ever written through the link.
    pub fn put_link(&self, slot: &Slot, target: &[u8]) -> Result<()> {
        use std::os::unix::ffi::OsStrExt;
        let dir = self.dir;
        let shown = dir.path_of(slot);
        let at = |why: String| Error::in_file(&shown, why);
        let folder = dir
            .folder(slot, true)?
            .ok_or_else(|| dir.error_at(Some(slot), "its folder could not be created"))?;
        let stat_now =
            || match rustix::fs::statat(&folder, slot.name.as_str(), AtFlags::SYMLINK_NOFOLLOW) {
                Ok(s) => Ok(Some(s)),
                Err(Errno::NOENT) => Ok(None),
                Err(e) => Err(at(errno(e))),
            };
        let before = stat_now()?;
        if let Some(s) = &before {
            let kind = FileType::from_raw_mode(s.st_mode);
            match kind {
                FileType::RegularFile => refuse_unwritable(&shown, &Identity::of(s))?,
                FileType::Symlink => {}
                _ => return Err(at("not a regular file or link (never replaced)".into())),
            }
        }
        let name = temp_name();
        let target = std::ffi::OsStr::from_bytes(target);
        rustix::fs::symlinkat(target, &folder, name.as_str()).map_err(|e| at(errno(e)))?;
        let same = match (&before, stat_now()?) {
            (None, None) => true,
            (Some(a), Some(b)) => Identity::of(a).same_state(&Identity::of(&b)),
            _ => false,
        };
        if !same {
            let _ = rustix::fs::unlinkat(&folder, name.as_str(), AtFlags::empty());
            return Err(at(
                "changed by another writer since it was read: left as that writer left it".into(),
            ));
        }
        rustix::fs::renameat(&folder, name.as_str(), &folder, slot.name.as_str()).map_err(|e| {
            let _ = rustix::fs::unlinkat(&folder, name.as_str(), AtFlags::empty());
            at(errno(e))
        })
    }

    /// Writes the file `name` at the store root (its `ulcas.lock`) through the same path: created
    /// without clobbering when `read` is `None`, else replaced only if it is still that file.
    pub fn write_root(&self, name: &str, read: Option<&FileRead>, bytes: &[u8]) -> Result<()> {
        let dir = self.dir;
        let shown = dir.shown.join(name);
        match read {
            Some(read) => replace_in(&dir.fd, name, &shown, read, bytes, Times::Now),
            None => match create_in(&dir.fd, name, &shown, bytes)? {
                Created::New => Ok(()),
                Created::Exists => Err(Error::in_file(
                    &shown,
                    "created by another process at the same moment: run again",
                )),
            },
        }
    }

    /// Removes the file at `slot` when it is a regular file that `accept` (given its content)
    /// agrees to delete; otherwise an error naming the file, with the reason. Never follows a
    /// link.
    pub fn remove(&self, slot: &Slot, accept: impl FnOnce(&FileRead) -> Result<()>) -> Result<()> {
        let shown = self.dir.path_of(slot);
        self.remove_or_why(slot, accept)
            .map_err(|why| Error::in_file(&shown, why))
    }

    fn remove_or_why(
        &self,
        slot: &Slot,
        accept: impl FnOnce(&FileRead) -> Result<()>,
    ) -> std::result::Result<(), String> {
        let dir = self.dir;
        let read = dir
            .read(slot)
            .map_err(|e| e.message)?
            .ok_or("already gone")?;
        accept(&read).map_err(|e| e.message)?;
        let folder = dir
            .folder(slot, false)
            .map_err(|e| e.message)?
            .ok_or("already gone")?;
        let now = rustix::fs::statat(&folder, slot.name.as_str(), AtFlags::SYMLINK_NOFOLLOW)
            .map_err(errno)?;
        if !Identity::of(&now).same_state(&read.identity) {
            return Err("changed by another writer since it was read (never deleted)".into());
        }
        rustix::fs::unlinkat(&folder, slot.name.as_str(), AtFlags::empty()).map_err(errno)
    }

    /// Removes the empty folder `name` (inside `task` when given); false when it is not empty,
    /// not a folder, or gone.
    pub fn remove_empty_dir(&self, task: Option<&str>, name: &str) -> bool {
        if is_dot(name) || task.is_some_and(is_dot) {
            return false;
        }
        match task {
            Some(task) => rustix::fs::openat(&self.dir.fd, task, dir_flags(), Mode::empty())
                .and_then(|t| rustix::fs::unlinkat(&t, name, AtFlags::REMOVEDIR))
                .is_ok(),
            None => rustix::fs::unlinkat(&self.dir.fd, name, AtFlags::REMOVEDIR).is_ok(),
        }
    }
}

/// Creates `name` in `folder` (shown as `shown`) with `bytes`, atomically and without
/// clobbering: a temporary file linked into place.
fn create_in(folder: &OwnedFd, name: &str, shown: &Path, bytes: &[u8]) -> Result<Created> {
    let tmp = Temp::write(shown, folder, bytes, Mode::from_raw_mode(0o666))?;
    // A hard link never replaces an existing file: the no-clobber rename.
    let linked = rustix::fs::linkat(folder, tmp.name.as_str(), folder, name, AtFlags::empty());
    drop(tmp);
    match linked {
        Ok(()) => Ok(Created::New),
        Err(Errno::EXIST) => Ok(Created::Exists),
        Err(e) => Err(Error::in_file(shown, errno(e))),
    }
}

/// Replaces `name` in `folder` (shown as `shown`), which must still be the file `read` came
/// from, with `bytes`, keeping its owner, group and mode (and times with [`Times::Keep`]).
fn replace_in(
    folder: &OwnedFd,
    name: &str,
    shown: &Path,
    read: &FileRead,
    bytes: &[u8],
    times: Times,
) -> Result<()> {
    let at = |why: String| Error::in_file(shown, why);
    let was = read.identity;
    refuse_unwritable(shown, &was)?;
    let tmp = Temp::write(shown, folder, bytes, Mode::from_raw_mode(0o600))?;
    let file = tmp.file.as_ref().ok_or_else(|| gone(shown))?;
    let keep = |r: rustix::io::Result<()>, what: &str| {
        r.map_err(|e| {
            at(format!(
                "cannot keep its {what}: {}; left as it was",
                errno(e)
            ))
        })
    };
    let mine = rustix::fs::fstat(file).map_err(|e| at(errno(e)))?;
    if (mine.st_uid, mine.st_gid) != (was.uid, was.gid) {
        let owner = rustix::fs::fchown(
            file,
            Some(rustix::fs::Uid::from_raw(was.uid)),
            Some(rustix::fs::Gid::from_raw(was.gid)),
        );
        keep(owner, "owner")?;
    }
    keep(
        rustix::fs::fchmod(file, Mode::from_raw_mode(was.mode & 0o7777)),
        "mode",
    )?;
    if times == Times::Keep {
        let ts = |(s, n): (i64, i64)| rustix::fs::Timespec {
            tv_sec: s as _,
            tv_nsec: n as _,
        };
        let stamps = rustix::fs::Timestamps {
            last_access: ts(was.atime),
            last_modification: ts(was.mtime),
        };
        keep(rustix::fs::futimens(file, &stamps), "modification time")?;
    }
    // The check at the moment of the swap: the file is still the one that was read.
    let now = match rustix::fs::statat(folder, name, AtFlags::SYMLINK_NOFOLLOW) {
        Ok(s) => Identity::of(&s),
        Err(Errno::NOENT) => return Err(gone(shown)),
        Err(e) => return Err(at(errno(e))),
    };
    if !now.same_state(&was) {
        return Err(at(
            "changed by another writer since it was read: left as that writer left it".into(),
        )
        .of_kind(crate::ErrorKind::Refused));
    }
    rustix::fs::renameat(folder, tmp.name.as_str(), folder, name).map_err(|e| at(errno(e)))?;
    tmp.disarm();
    Ok(())
}

/// A file that may not be rewritten in place of the old one: several names, or no write
/// permission for this user.
fn refuse_unwritable(shown: &Path, was: &Identity) -> Result<()> {
    if was.nlink > 1 {
        return Err(Error::in_file(
            shown,
            format!(
                "has {} hard links: rewriting it would leave the other names with the old content; left as it was",
                was.nlink
            ),
        ));
    }
    let euid = rustix::process::geteuid().as_raw();
    let bit = if euid == 0 || euid == was.uid {
        0o200
    } else if rustix::process::getegid().as_raw() == was.gid {
        0o020
    } else {
        0o002
    };
    // Root may write anything: a file without any write bit is read-only on purpose.
    let writable = if euid == 0 {
        was.mode & 0o222 != 0
    } else {
        was.mode & bit != 0
    };
    if !writable {
        return Err(Error::in_file(
            shown,
            format!(
                "its mode ({:04o}) does not allow writing: left as it was (make it writable to change it)",
                was.mode & 0o7777
            ),
        ));
    }
    Ok(())
}

fn gone(shown: &Path) -> Error {
    Error::in_file(
        shown,
        "removed by another process since it was read: not re-created",
    )
    .of_kind(crate::ErrorKind::Refused)
}

/// A temporary file in a version folder, removed on drop unless renamed into place.
struct Temp<'a> {
    folder: &'a OwnedFd,
    name: String,
    file: Option<OwnedFd>,
    armed: bool,
}

impl<'a> Temp<'a> {
    fn write(shown: &Path, folder: &'a OwnedFd, bytes: &[u8], mode: Mode) -> Result<Temp<'a>> {
        let flags =
            OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        loop {
            let name = temp_name();
            let fd = match rustix::fs::openat(folder, name.as_str(), flags, mode) {
                Ok(fd) => fd,
                Err(Errno::EXIST) => continue,
                Err(e) => {
                    return Err(Error::in_file(
                        shown,
                        format!("cannot write beside it: {}", errno(e)),
                    ));
                }
            };
            // Held while the file is open: a reader tells a write in progress from a leftover
            // of an interrupted one (`temp_in_use`). Where the file system has no flock, every
            // leftover reads as interrupted, as before.
            let _ = rustix::fs::flock(&fd, rustix::fs::FlockOperation::LockExclusive);
            let mut temp = Temp {
                folder,
                name,
                file: None,
                armed: true,
            };
            let mut file = std::fs::File::from(fd);
            file.write_all(bytes)
                .and_then(|()| file.sync_all())
                .map_err(|e| {
                    Error::in_file(
                        shown,
                        format!(
                            "cannot write: {}; left as it was",
                            crate::error::io_message(&e)
                        ),
                    )
                })?;
            temp.file = Some(file.into());
            return Ok(temp);
        }
    }

    fn disarm(mut self) {
        self.armed = false;
    }
}

impl Drop for Temp<'_> {
    fn drop(&mut self) {
        if self.armed {
            let _ = rustix::fs::unlinkat(self.folder, self.name.as_str(), AtFlags::empty());
        }
    }
}

/// Whether the temporary file at `path` is held by a live writer (its lock is taken): opened
/// without following a link or blocking, never read.
pub(crate) fn temp_in_use(path: &Path) -> bool {
    let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC;
    let Ok(fd) = rustix::fs::open(path, flags, Mode::empty()) else {
        return false;
    };
    if !rustix::fs::fstat(&fd)
        .is_ok_and(|s| FileType::from_raw_mode(s.st_mode) == FileType::RegularFile)
    {
        return false;
    }
    matches!(
        rustix::fs::flock(&fd, rustix::fs::FlockOperation::NonBlockingLockShared),
        Err(Errno::WOULDBLOCK)
    )
}

/// A new temporary name beside the files of a folder (the walk reports such names as ulcas's
/// own, never as cassettes).
fn temp_name() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    format!(
        "{}{}-{nanos}-{}{}",
        super::TEMP_PREFIX,
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed),
        super::TEMP_SUFFIX
    )
}

/// Opening a folder: a folder only, never through a symbolic link.
pub(crate) fn dir_flags() -> OFlags {
    OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC
}

fn errno(e: Errno) -> String {
    crate::error::io_message(&std::io::Error::from(e))
}

fn too_large((limit, what): (u64, &str)) -> String {
    format!(
        "larger than {} MiB: too large for a {what} (never read whole)",
        limit >> 20
    )
}

/// What a cassette may hold at most, as the store's write path reads it.
const CASSETTE: (u64, &str) = (MAX_CASSETTE, "cassette");

#[cfg(test)]
mod tests {
    use super::*;

    fn slot(t: &str, v: &str, n: &str) -> Slot {
        Slot {
            task: t.into(),
            version: v.into(),
            name: n.into(),
        }
    }

    #[test]
    fn creates_without_clobbering_and_replaces_only_what_was_read() {
        let dir = tempfile::tempdir().unwrap();
        let store = StoreDir::open(dir.path()).unwrap();
        let s = slot("t", "v1", "a.json");
        let lock = store.write_guard().unwrap();
        assert_eq!(lock.create(&s, b"one").unwrap(), Created::New);
        assert_eq!(lock.create(&s, b"two").unwrap(), Created::Exists);
        let read = store.read(&s).unwrap().unwrap();
        assert_eq!(read.bytes, b"one");
        // Another writer changes the file: the replace is refused.
        std::fs::write(dir.path().join("t/v1/a.json"), b"other").unwrap();
        let err = lock.replace(&s, &read, b"three", Times::Now).unwrap_err();
        assert!(err.message.contains("changed by another writer"), "{err}");
        assert_eq!(
            std::fs::read(dir.path().join("t/v1/a.json")).unwrap(),
            b"other"
        );
        let read = store.read(&s).unwrap().unwrap();
        lock.replace(&s, &read, b"three", Times::Now).unwrap();
        assert_eq!(
            std::fs::read(dir.path().join("t/v1/a.json")).unwrap(),
            b"three"
        );
        // A removed file is not re-created by a replace.
        std::fs::remove_file(dir.path().join("t/v1/a.json")).unwrap();
        let err = lock.replace(&s, &read, b"four", Times::Now).unwrap_err();
        assert!(err.message.contains("not re-created"), "{err}");
        assert!(!dir.path().join("t/v1/a.json").exists());
        let left: Vec<_> = std::fs::read_dir(dir.path().join("t/v1"))
            .unwrap()
            .collect();
        assert!(left.is_empty(), "no temporary file is left behind");
    }

    #[test]
    fn never_writes_through_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(outside.path().join("v1")).unwrap();
        std::fs::write(outside.path().join("v1/a.json"), b"x").unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("t")).unwrap();
        let store = StoreDir::open(dir.path()).unwrap();
        let lock = store.write_guard().unwrap();
        let err = lock.create(&slot("t", "v1", "b.json"), b"y").unwrap_err();
        assert!(err.message.contains("symbolic link"), "{err}");
        assert_eq!(err.file.as_deref(), Some(dir.path().join("t").as_path()));
        assert!(store.read(&slot("t", "v1", "a.json")).is_err());
        assert!(!outside.path().join("v1/b.json").exists());
        // A file link is refused too.
        std::fs::create_dir_all(dir.path().join("u/v1")).unwrap();
        std::os::unix::fs::symlink(
            outside.path().join("v1/a.json"),
            dir.path().join("u/v1/a.json"),
        )
        .unwrap();
        let err = store.read(&slot("u", "v1", "a.json")).unwrap_err();
        assert!(err.message.contains("symbolic link"), "{err}");
        assert!(lock.remove(&slot("u", "v1", "a.json"), |_| Ok(())).is_err());
        assert!(outside.path().join("v1/a.json").exists());
    }

    #[test]
    fn keeps_metadata_and_refuses_what_it_cannot_keep() {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let dir = tempfile::tempdir().unwrap();
        let store = StoreDir::open(dir.path()).unwrap();
        let lock = store.write_guard().unwrap();
        let s = slot("t", "v1", "a.json");
        lock.create(&s, b"one").unwrap();
        let path = dir.path().join("t/v1/a.json");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        let old = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000);
        std::fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(old)
            .unwrap();
        let read = store.read(&s).unwrap().unwrap();
        lock.replace(&s, &read, b"two", Times::Keep).unwrap();
        let meta = std::fs::metadata(&path).unwrap();
        assert_eq!(meta.mode() & 0o7777, 0o640);
        assert_eq!(meta.modified().unwrap(), old);
        // Hard links: refused.
        std::fs::hard_link(&path, dir.path().join("other-name")).unwrap();
        let read = store.read(&s).unwrap().unwrap();
        let err = lock.replace(&s, &read, b"three", Times::Keep).unwrap_err();
        assert!(err.message.contains("2 hard links"), "{err}");
        std::fs::remove_file(dir.path().join("other-name")).unwrap();
        // Read-only: refused.
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
        let read = store.read(&s).unwrap().unwrap();
        let err = lock.replace(&s, &read, b"three", Times::Keep).unwrap_err();
        assert!(err.message.contains("0444"), "{err}");
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
    }

    #[test]
    fn reads_no_pipe() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("t/v1")).unwrap();
        let fifo = dir.path().join("t/v1/a.json");
        if !std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success())
        {
            return;
        }
        let store = StoreDir::open(dir.path()).unwrap();
        let err = store.read(&slot("t", "v1", "a.json")).unwrap_err();
        assert!(err.message.contains("not a regular file"), "{err}");
    }

    #[test]
    fn slots_are_three_plain_components() {
        let root = Path::new("/s");
        assert!(Slot::under(root, Path::new("/s/t/v1/a.json")).is_ok());
        assert!(Slot::under(root, Path::new("/s/t/../a.json")).is_err());
        assert!(Slot::under(root, Path::new("/x/t/v1/a.json")).is_err());
        assert!(Slot::under(root, Path::new("/s/t/v1/a/b.json")).is_err());
    }
}
