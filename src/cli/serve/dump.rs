//! `--dump-dir`: each request served written as a dump, as the PHP hook names and writes them.
//! The folder is opened once at start and every dump is written relative to that handle, whole
//! or not at all (a temporary file renamed into place); a folder swapped for a link while the
//! server runs is never followed. The dumps a server writes are bounded (`--max-dumps`): past
//! the bound no new dump is written, which the log says once.

use std::collections::HashMap;
use std::io::Write;
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rustix::fs::{Mode, OFlags};
use ulcas::request::Request;

/// The dump folder, opened.
pub struct Dumps {
    shown: PathBuf,
    dir: OwnedFd,
    next: AtomicU64,
    /// The most bytes of dumps this server writes.
    limit: u64,
    /// The size of each dump written, by name (an identical request rewrites its dump), and
    /// their sum.
    written: Mutex<(HashMap<String, u64>, u64)>,
    /// Whether the log was told the bound was reached.
    told: AtomicBool,
}

/// Why a dump was not written, and whether the log is to say it (the bound is said once).
pub struct NotWritten {
    pub why: String,
    pub tell: bool,
}

impl Dumps {
    /// Opens (creating) the folder `dir`; a link given there is refused.
    pub fn open(dir: &Path, limit: u64) -> ulcas::Result<Dumps> {
        if std::fs::symlink_metadata(dir).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(ulcas::Error::in_file(
                dir,
                "--dump-dir is a symbolic link: name the folder itself",
            ));
        }
        std::fs::create_dir_all(dir).map_err(|e| ulcas::Error::io(dir, &e))?;
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        let fd = rustix::fs::open(dir, flags, Mode::empty()).map_err(|e| {
            ulcas::Error::in_file(dir, format!("--dump-dir: cannot open the folder: {e}"))
        })?;
        Ok(Dumps {
            shown: dir.to_path_buf(),
            dir: fd,
            next: AtomicU64::new(0),
            limit,
            written: Mutex::new((HashMap::new(), 0)),
            told: AtomicBool::new(false),
        })
    }

    /// Writes `request` as `<task>-v<N>-<hash>.json`; the file as the user named the folder.
    pub fn write(&self, request: &Request) -> Result<PathBuf, NotWritten> {
        let key = ulcas::key::key_of(request);
        let task: String = request
            .task
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-') {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let name = format!("{task}-v{}-{}.json", request.prompt_version, key.hash);
        let shown = self.shown.join(&name);
        let dump = request.to_dump();
        let size = dump.len() as u64;
        {
            let mut written = self.written.lock().unwrap_or_else(|e| e.into_inner());
            let before = written.0.get(&name).copied().unwrap_or(0);
            if written.1 - before + size > self.limit {
                let why = format!(
                    "the dumps this server wrote reached {} MiB (--max-dumps): no new request dump is written",
                    self.limit >> 20
                );
                let tell = !self.told.swap(true, Ordering::Relaxed);
                return Err(NotWritten { why, tell });
            }
            written.1 = written.1 - before + size;
            written.0.insert(name.clone(), size);
        }
        self.write_whole(&name, dump.as_bytes())
            .map_err(|e| NotWritten {
                why: format!("{}: {e}", shown.display()),
                tell: true,
            })?;
        Ok(shown)
    }

    fn write_whole(&self, name: &str, bytes: &[u8]) -> std::io::Result<()> {
        let tmp = format!(
            ".ulcas-dump-{}-{}",
            std::process::id(),
            self.next.fetch_add(1, Ordering::Relaxed)
        );
        let flags =
            OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        let fd = rustix::fs::openat(&self.dir, &tmp, flags, Mode::from_raw_mode(0o644))?;
        let written = std::fs::File::from(fd)
            .write_all(bytes)
            .and_then(|()| Ok(rustix::fs::renameat(&self.dir, &tmp, &self.dir, name)?));
        if written.is_err() {
            let _ = rustix::fs::unlinkat(&self.dir, &tmp, rustix::fs::AtFlags::empty());
        }
        written
    }
}
