//! A cassette store on disk: `<root>/<task>/v<N>/<hash>.json`, and the driver's three
//! operations on it: find the cassette of a request, replay it, record a new one.
//!
//! Walking a store never follows a symbolic link and never fails as a whole because of one
//! entry: unreadable folders and files that are not cassettes come back as entries to report.
//!
//! ```
//! use ulcas::key::KeyMaterial;
//! use ulcas::request::Request;
//! use ulcas::store::{self, Recording, WriteOptions};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = tempfile::tempdir()?;
//! let request = Request::from_slice(br#"{"task": "outline", "prompt_version": 1,
//!     "schema": {"type": "object"}, "blocks": [{"type": "text", "text": "Grind"}]}"#)?;
//! store::record(dir.path(), &request, &Recording::new("{}", "m"), WriteOptions::default())?;
//! // Loaded by its key, as the driver loads it.
//! let key = KeyMaterial::of(&request).key();
//! let loaded = store::load(dir.path(), &key)?.expect("recorded");
//! assert_eq!(loaded.cassette.text, "{}");
//! assert_eq!(store::census(dir.path())?["outline"][&1], 1);
//! # Ok(())
//! # }
//! ```

use std::path::{Path, PathBuf};

use crate::cassette::Cassette;
use crate::error::{Error, Result};
use crate::key::CassetteKey;
use crate::request::validate_task;

mod cache;
mod fresh;
pub(crate) mod handle;
mod record;
pub mod walk;

pub(crate) use cache::load_within_cached;
pub use cache::{CassetteCache, Stamp};

pub use crate::layout::version_dir;
#[cfg(feature = "tools")]
pub(crate) use handle::FileRead;
pub use handle::MAX_CASSETTE;
#[cfg(feature = "tools")]
pub(crate) use handle::{Created, Slot, StoreDir, Times, WriteGuard};
pub use record::{
    RecordStatus, Recorded, Recording, WriteOptions, cassette_for, record, record_keyed_then,
    record_then,
};
pub use walk::{Census, Folder, Walked, census, walk};

/// A file at a cassette position in a store: `<task>/v<N>/<name>.json`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct CassetteFile {
    /// The full path (the store root joined with `<task>/v<N>/<name>.json`).
    pub path: PathBuf,
    /// The task folder's name.
    pub task: std::sync::Arc<str>,
    /// The number of the `v<N>` folder.
    pub version: i64,
}

impl CassetteFile {
    /// `<task>/v<N>/<name>.json`: the last three components of the path.
    pub fn relative(&self) -> &Path {
        let mut ancestors = self.path.ancestors();
        let base = ancestors.nth(3).unwrap_or(Path::new(""));
        self.path.strip_prefix(base).unwrap_or(&self.path)
    }

    /// The file name without `.json` (the hash, for a well-placed cassette).
    pub fn stem(&self) -> &str {
        self.path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
    }
}

/// One entry found under a store root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreEntry {
    /// A file at a cassette position (not yet read).
    Cassette(CassetteFile),
    /// A file that is not at a cassette position (`README.md`, `.gitkeep`, a symlink, …).
    Other {
        /// The file.
        path: PathBuf,
        /// Why it is not a cassette (the text reports give).
        why: String,
        /// What kind of entry it is: what commands decide on, never the text.
        kind: OtherKind,
    },
    /// A folder or file that could not be read.
    Unreadable {
        /// The entry.
        path: PathBuf,
        /// The error.
        error: String,
    },
}

/// What kind of non-cassette entry a store holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OtherKind {
    /// A symbolic link (never followed by a writer; `verify` resolves it as the driver would).
    Symlink,
    /// A pipe, socket or device: never read.
    NotRegular,
    /// The temporary file of an interrupted `ulcas` write (no live writer holds it).
    InterruptedWrite,
    /// The temporary file of a write in progress: its writer holds it (never touched).
    WriteInProgress,
    /// Any other file not at a cassette position (`README.md`, a bad version folder, …).
    Misplaced,
}

/// A listed store: its cassette files and everything else, each sorted by path.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoreListing {
    /// Files at cassette positions.
    pub cassettes: Vec<CassetteFile>,
    /// Other files and unreadable entries ([`StoreEntry::Other`], [`StoreEntry::Unreadable`]).
    pub others: Vec<StoreEntry>,
}

/// Refuses a store root that does not exist or is not a folder.
pub fn check_folder(root: &Path) -> Result<()> {
    let meta = std::fs::metadata(root).map_err(|e| Error::io(root, &e))?;
    if !meta.is_dir() {
        return Err(Error::in_file(
            root,
            "not a folder (a store root is a folder of <task>/v<N>/<hash>.json files)",
        ));
    }
    Ok(())
}

/// Lists a store: every file under `root`, sorted by path, symlinks not followed (the whole
/// listing in memory: [`walk()`] is the same walk, one folder at a time).
pub fn scan(root: &Path) -> Result<StoreListing> {
    check_folder(root)?;
    let mut listing = StoreListing::default();
    walk(root, &mut |item| {
        match item {
            Walked::Folder(folder) => listing.cassettes.extend(folder.files()),
            Walked::Entry(StoreEntry::Cassette(c)) => listing.cassettes.push(c),
            Walked::Entry(other) => listing.others.push(other),
        }
        Ok(())
    })?
    .map_err(|e| Error::io(root, &e))?;
    listing.cassettes.shrink_to_fit();
    Ok(listing)
}

/// Decides whether a file under `root` sits at a cassette position.
pub fn classify(root: &Path, path: &Path, is_symlink: bool) -> StoreEntry {
    let entry = |kind, why: &str| StoreEntry::Other {
        path: path.to_path_buf(),
        why: why.to_owned(),
        kind,
    };
    let other = |why: &str| entry(OtherKind::Misplaced, why);
    if is_symlink {
        return entry(OtherKind::Symlink, SYMLINK);
    }
    if path
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(is_temp_name)
    {
        // Only a temporary file no live writer holds is an interrupted write.
        if handle::temp_in_use(path) {
            return entry(OtherKind::WriteInProgress, WRITE_IN_PROGRESS);
        }
        return entry(OtherKind::InterruptedWrite, INTERRUPTED_WRITE);
    }
    let Ok(relative) = path.strip_prefix(root) else {
        return other("outside the store root");
    };
    let parts: Vec<&str> = match relative
        .iter()
        .map(|p| p.to_str())
        .collect::<Option<Vec<_>>>()
    {
        Some(p) => p,
        None => return other(NOT_UTF8),
    };
    let [task, version_dir, name] = parts.as_slice() else {
        return other("not at <task>/v<N>/<hash>.json");
    };
    if !name.ends_with(".json") {
        return other("not a .json file");
    }
    let Some(version) = crate::layout::parse_version_folder(version_dir) else {
        return match crate::layout::not_a_version(version_dir) {
            Some(why) => other(&why),
            None => other("not in a v<N> folder"),
        };
    };
    if validate_task(task).is_err() {
        return other("its task folder name is not a safe task name");
    }
    StoreEntry::Cassette(CassetteFile {
        path: path.to_path_buf(),
        task: (*task).into(),
        version,
    })
}

/// The prefix of the temporary files `ulcas` writes next to a cassette.
pub const TEMP_PREFIX: &str = ".ulcas-";

/// The suffix of those temporary files.
pub const TEMP_SUFFIX: &str = ".tmp";

/// Why a symbolic link in a store is not walked (prune never follows one; verify resolves it).
pub const SYMLINK: &str = "a symbolic link (never followed)";

/// Why a pipe, socket or device in a store is never read.
pub const NOT_REGULAR: &str = "not a regular file";

/// Why a file whose path is not UTF-8 is not a cassette (a cassette's task and hash are text).
pub const NOT_UTF8: &str =
    "its path is not valid UTF-8 (a cassette path is text: <task>/v<N>/<hash>.json)";

/// Why a leftover temporary file is not a cassette.
pub const INTERRUPTED_WRITE: &str =
    "the temporary file of an interrupted ulcas write (safe to delete)";

/// Why the temporary file of a write in progress is not a cassette.
pub const WRITE_IN_PROGRESS: &str =
    "the temporary file of a write in progress (another ulcas process holds it; left alone)";

/// Whether `name` is a temporary file that `ulcas` writes (left behind by an interrupted run).
pub(crate) fn is_temp_name(name: &str) -> bool {
    name.starts_with(TEMP_PREFIX) && name.ends_with(TEMP_SUFFIX)
}

/// A cassette read from a store.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadedCassette {
    /// Where it was read.
    pub path: PathBuf,
    /// What it holds.
    pub cassette: Cassette,
}

/// The bytes of the cassette file at `path`: a regular file (a link is followed, as the driver
/// does), opened without blocking, at most [`MAX_CASSETTE`] bytes.
pub fn read_cassette_bytes(path: &Path) -> Result<Vec<u8>> {
    crate::input::read_store_file(path, MAX_CASSETTE, "cassette")
}

/// Reads and parses the cassette at `path`.
pub fn read_cassette(path: &Path) -> Result<Cassette> {
    let bytes = read_cassette_bytes(path)?;
    Cassette::from_slice(&bytes).map_err(|e| e.with_file(path))
}

/// The cassette for `key` in the store at `root`, if there is one.
pub fn load(root: &Path, key: &CassetteKey) -> Result<Option<LoadedCassette>> {
    let real_root = root.canonicalize().map_err(|e| Error::io(root, &e))?;
    load_within(root, &real_root, key)
}

/// [`load`] for a store whose root resolves to `real_root` (resolved once by the caller).
///
/// The file is opened once, without blocking and never through a link at its own name (a pipe
/// or a device is refused on the opened handle). Links on the way (a task or version folder)
/// are followed, as the driver follows them and `verify` checks them, unless what was opened
/// lies outside the store: that is never read, and the error names it.
pub fn load_within(
    root: &Path,
    real_root: &Path,
    key: &CassetteKey,
) -> Result<Option<LoadedCassette>> {
    let path = key.path_under(root);
    let (file, size) = match crate::input::open_store_file(&path, "cassette") {
        Ok(opened) => opened,
        Err(e) if e.io_kind() == Some(std::io::ErrorKind::NotFound) => return Ok(None),
        Err(e) => return Err(e),
    };
    refuse_outside(&file, &path, real_root)?;
    let cassette = read_opened(file, size, &path)?;
    Ok(Some(LoadedCassette { path, cassette }))
}

/// The cassette in the opened `file` of `size` bytes at `path`.
fn read_opened(file: std::fs::File, size: u64, path: &Path) -> Result<Cassette> {
    let bytes = crate::input::read_sized(file, size, MAX_CASSETTE, "cassette")
        .map_err(|e| e.with_file(path))?;
    Cassette::from_slice(&bytes).map_err(|e| e.with_file(path))
}

/// Refuses the opened `file` (at `path`) when it lies outside `real_root`.
fn refuse_outside(file: &std::fs::File, path: &Path, real_root: &Path) -> Result<()> {
    match real_path(file, path).filter(|r| !r.starts_with(real_root)) {
        None => Ok(()),
        Some(real) => Err(Error::in_file(
            path,
            format!(
                "a symbolic link on the way leads out of the store (to {}): never read; replace it with the file or folder itself",
                real.display()
            ),
        )
        .of_kind(crate::ErrorKind::Refused)),
    }
}

/// Where the opened `file` really is: asked of the handle itself where the system can say
/// (so that nothing swapped in after the open changes the answer), else of `path`.
fn real_path(file: &std::fs::File, path: &Path) -> Option<PathBuf> {
    use std::os::fd::AsRawFd;
    std::fs::read_link(format!("/proc/self/fd/{}", file.as_raw_fd()))
        .or_else(|_| path.canonicalize())
        .ok()
}

/// The `v<N>` folders of a task folder, ascending (none when it does not exist).
pub fn versions_in(task_dir: &Path) -> Vec<i64> {
    let mut versions: Vec<i64> = std::fs::read_dir(task_dir)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|e| crate::layout::parse_version_folder(e.file_name().to_str()?))
        .collect();
    versions.sort_unstable();
    versions
}

/// The `v<N>` folders of a task folder that hold at least one `.json` file, ascending: the
/// versions with recordings (an empty `v0/` left behind is none).
pub fn recorded_versions(task_dir: &Path) -> Vec<i64> {
    versions_in(task_dir)
        .into_iter()
        .filter(|&v| has_json_file(&crate::layout::version_in(task_dir, v)))
        .collect()
}

/// Whether `dir` holds a regular `*.json` file (the first found answers: a version folder of
/// 10,000 cassettes is not listed whole to say it is not empty).
fn has_json_file(dir: &Path) -> bool {
    std::fs::read_dir(dir)
        .is_ok_and(|entries| entries.filter_map(|e| e.ok()).any(|e| is_json_file(&e)))
}

/// Whether a folder's entry is a regular `*.json` file (a link, a folder or a FIFO so named is
/// none): what a version folder's listing counts as a cassette file.
pub(crate) fn is_json_file(entry: &std::fs::DirEntry) -> bool {
    entry.file_type().is_ok_and(|t| t.is_file())
        && Path::new(&entry.file_name())
            .extension()
            .is_some_and(|x| x == "json")
}

/// The regular `*.json` files of a version folder, sorted (none when it does not exist).
pub fn json_files_in(dir: &Path) -> Result<Vec<PathBuf>> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Error::io(dir, &e)),
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .filter(is_json_file)
        .map(|e| e.path())
        .collect();
    // One folder: by name (a path compares component by component, the folder's each time).
    files.sort_unstable_by(|a, b| a.file_name().cmp(&b.file_name()));
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::Request;

    /// A temporary file its writer still holds is a write in progress, never an interrupted
    /// write that prune may remove or verify call safe to delete; released, it is a leftover.
    #[test]
    fn a_live_writers_temporary_file_is_no_leftover() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("quiz/v1");
        std::fs::create_dir_all(&folder).unwrap();
        let temp = folder.join(format!("{TEMP_PREFIX}1-2-3{TEMP_SUFFIX}"));
        let writer = std::fs::File::create(&temp).unwrap();
        rustix::fs::flock(&writer, rustix::fs::FlockOperation::LockExclusive).unwrap();
        let kind = |entry: StoreEntry| match entry {
            StoreEntry::Other { kind, .. } => kind,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            kind(classify(dir.path(), &temp, false)),
            OtherKind::WriteInProgress
        );
        drop(writer);
        assert_eq!(
            kind(classify(dir.path(), &temp, false)),
            OtherKind::InterruptedWrite
        );
    }

    #[test]
    fn recorded_versions_are_the_folders_with_a_cassette_file() {
        let dir = tempfile::tempdir().unwrap();
        let task = dir.path().join("quiz");
        for (folder, file) in [
            ("v1", Some("0a.json")),
            ("v2", None),
            ("v3", Some("notes.txt")),
            ("v5", Some("z.json")),
        ] {
            std::fs::create_dir_all(task.join(folder)).unwrap();
            if let Some(file) = file {
                std::fs::write(task.join(folder).join(file), "{}").unwrap();
            }
        }
        // A folder named like a cassette is none.
        std::fs::create_dir_all(task.join("v4").join("x.json")).unwrap();
        assert_eq!(recorded_versions(&task), vec![1, 5]);
        std::fs::write(task.join("v5").join("a.json"), "{}").unwrap();
        let files = json_files_in(&task.join("v5")).unwrap();
        assert_eq!(files, vec![task.join("v5/a.json"), task.join("v5/z.json")]);
    }

    #[test]
    fn classifies_store_files() {
        let root = Path::new("/s");
        let kind = |p: &str| match classify(root, &root.join(p), false) {
            StoreEntry::Cassette(c) => format!(
                "cassette {} v{} {} {}",
                c.task,
                c.version,
                c.stem(),
                c.relative().display()
            ),
            StoreEntry::Other { why, .. } => why,
            StoreEntry::Unreadable { .. } => unreachable!(),
        };
        assert_eq!(
            kind("outline/v2/abc.json"),
            "cassette outline v2 abc outline/v2/abc.json"
        );
        assert_eq!(kind("README.md"), "not at <task>/v<N>/<hash>.json");
        assert_eq!(kind("outline/v2/.gitkeep"), "not a .json file");
        assert_eq!(kind("outline/latest/abc.json"), "not in a v<N> folder");
        assert_eq!(kind("outline/v/abc.json"), "not in a v<N> folder");
    }

    #[cfg(unix)]
    #[test]
    fn a_pipe_at_a_cassette_path_is_not_read() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("t/v1")).unwrap();
        let fifo = dir
            .path()
            .join("t/v1/0123456789abcdef0123456789abcdef.json");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            return; // no mkfifo here: nothing to check
        }
        let listing = scan(dir.path()).unwrap();
        assert!(listing.cassettes.is_empty());
        assert!(
            matches!(&listing.others[0], StoreEntry::Other { why, .. } if why == "not a regular file")
        );
    }

    #[test]
    fn record_is_atomic_and_careful() {
        let dir = tempfile::tempdir().unwrap();
        let request = Request::from_slice(
            br#"{"task":"t","prompt_version":1,"schema":{},"blocks":[{"type":"text","text":"frg_abcdefghijkl"}]}"#,
        )
        .unwrap();
        let rec = Recording::new(r#"{"c":["frg_abcdefghijkl"]}"#, "m");
        let first = record(dir.path(), &request, &rec, WriteOptions::default()).unwrap();
        assert_eq!(first.status, RecordStatus::Created);
        let stored = read_cassette(&first.path).unwrap();
        assert_eq!(stored.text, r#"{"c":["{{frg_1}}"]}"#);
        let again = record(dir.path(), &request, &rec, WriteOptions::default()).unwrap();
        assert_eq!(again.status, RecordStatus::Unchanged);
        let other = Recording::new("{}", "m");
        assert!(record(dir.path(), &request, &other, WriteOptions::default()).is_err());
        let forced = record(
            dir.path(),
            &request,
            &other,
            WriteOptions {
                force: true,
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(forced.status, RecordStatus::Replaced);
        let files: Vec<_> = std::fs::read_dir(first.path.parent().unwrap())
            .unwrap()
            .collect();
        assert_eq!(files.len(), 1, "no temporary file is left behind");
    }
}

crate::machine_json::named!(RecordStatus);
