//! The git access of `review --against`: the `git` binary, a few plumbing commands per store,
//! REF's blobs read in one batch (`git cat-file --batch`), and what `git checkout REF -- PATH`
//! would write (`git cat-file --filters`: smudge filters and line endings applied).
//!
//! Why the binary and not a library: only git itself applies the repository's filters,
//! `.gitattributes` and configuration exactly as a checkout does, and it is on every machine
//! that has the repository; linking a git implementation would add minutes to a cold build.

use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::error::{Error, Result};

/// A git work tree, and where a store root sits in it.
#[derive(Debug, Clone)]
pub struct Repo {
    /// The top of the work tree (canonical).
    pub top: PathBuf,
    /// Its git folder, passed to every git command so that git never looks for one itself.
    pub git_dir: PathBuf,
}

/// A file of a commit's tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeEntry {
    /// Its blob id.
    pub id: String,
    /// Whether it is a symbolic link (its blob holds the link's target).
    pub link: bool,
}

/// How a path differs between a commit and the work tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// In both, with other contents.
    Modified,
    /// Only in the work tree (new, staged or not).
    Added,
    /// Only in the commit.
    Deleted,
}

impl Repo {
    /// The work tree that holds the store folder `store`, found from the store's parent folder
    /// (never from inside the store, where a pull request could plant a repository of its own);
    /// an error naming `store` when it is in none, or when git would find a repository inside
    /// it ([`refuse_planted_repository`]).
    pub fn discover(store: &Path) -> Result<Repo> {
        let store = store.canonicalize().map_err(|e| Error::io(store, &e))?;
        refuse_planted_repository(&store)?;
        let from = store.parent().unwrap_or(&store);
        let mut c = hardened();
        c.current_dir(from)
            .args(["rev-parse", "--show-toplevel", "--absolute-git-dir"]);
        let out = output(&mut c).map_err(|e| {
            Error::in_file(&store, format!("not in a git work tree ({})", e.message))
        })?;
        let text = trim_newline(out);
        let mut lines = text.split(|&b| b == b'\n');
        let (Some(top), Some(git_dir)) = (lines.next(), lines.next()) else {
            return Err(Error::in_file(
                &store,
                "not in a git work tree (a bare repository has no work tree to review)",
            ));
        };
        let top = PathBuf::from(OsStr::from_bytes(top));
        let top = top.canonicalize().map_err(|e| Error::io(&top, &e))?;
        let git_dir = PathBuf::from(OsStr::from_bytes(git_dir));
        Ok(Repo { top, git_dir })
    }

    /// `dir` relative to the top of the work tree; an error when it lies outside it.
    pub fn relative(&self, dir: &Path) -> Result<PathBuf> {
        let full = dir.canonicalize().map_err(|e| Error::io(dir, &e))?;
        full.strip_prefix(&self.top)
            .map(Path::to_path_buf)
            .map_err(|_| {
                Error::in_file(
                    dir,
                    format!(
                        "outside the git work tree at {} (a link out of it?)",
                        self.top.display()
                    ),
                )
            })
    }

    /// The commit `reference` names; an error naming it when it names none.
    pub fn commit(&self, reference: &str) -> Result<String> {
        if reference.starts_with('-') {
            return Err(Error::of_option(
                crate::error::Named::Against,
                format_args!(" {reference:?}: not a git revision"),
            ));
        }
        let spec = format!("{reference}^{{commit}}");
        let out = self
            .git(&[
                "rev-parse",
                "--verify",
                "--quiet",
                "--end-of-options",
                &spec,
            ])
            .map_err(|_| {
                Error::of_option(
                    crate::error::Named::Against,
                    format_args!(
                        " {reference:?}: no such commit in the git repository at {}",
                        self.top.display()
                    ),
                )
            })?;
        String::from_utf8(trim_newline(out)).map_err(|_| Error::msg("git rev-parse: not UTF-8"))
    }

    /// The files under `prefix` at `commit`: path (relative to the top) → blob id.
    pub fn tree(&self, commit: &str, prefix: &Path) -> Result<BTreeMap<PathBuf, TreeEntry>> {
        let out = self.git_os(&[
            OsStr::new("ls-tree"),
            OsStr::new("-r"),
            OsStr::new("-z"),
            OsStr::new("--full-tree"),
            OsStr::new(commit),
            OsStr::new("--"),
            &pathspec(prefix),
        ])?;
        let mut files = BTreeMap::new();
        for record in out.split(|&b| b == 0).filter(|r| !r.is_empty()) {
            // "<mode> <type> <id>\t<path>"
            let Some(tab) = record.iter().position(|&b| b == b'\t') else {
                continue;
            };
            let head = String::from_utf8_lossy(&record[..tab]);
            let mut words = head.split(' ');
            let (mode, kind, id) = (words.next(), words.next(), words.next());
            if let (Some("blob"), Some(id)) = (kind, id) {
                let path = PathBuf::from(OsStr::from_bytes(&record[tab + 1..]));
                let link = mode == Some("120000");
                files.insert(
                    path,
                    TreeEntry {
                        id: id.to_owned(),
                        link,
                    },
                );
            }
        }
        Ok(files)
    }

    /// What differs under `prefix` between `commit` and the work tree, by path (relative to the
    /// top); files git does not track count as added unless ignored.
    pub fn changes(&self, commit: &str, prefix: &Path) -> Result<BTreeMap<PathBuf, Status>> {
        let spec = pathspec(prefix);
        let out = self.git_os(&[
            OsStr::new("diff"),
            OsStr::new("--no-ext-diff"),
            OsStr::new("--no-renames"),
            OsStr::new("--name-status"),
            OsStr::new("-z"),
            OsStr::new(commit),
            OsStr::new("--"),
            &spec,
        ])?;
        let mut changes = BTreeMap::new();
        let mut fields = out.split(|&b| b == 0).filter(|r| !r.is_empty());
        while let (Some(status), Some(path)) = (fields.next(), fields.next()) {
            let status = match status.first() {
                Some(b'A') => Status::Added,
                Some(b'D') => Status::Deleted,
                _ => Status::Modified,
            };
            changes.insert(PathBuf::from(OsStr::from_bytes(path)), status);
        }
        let untracked = self.git_os(&[
            OsStr::new("ls-files"),
            OsStr::new("--others"),
            OsStr::new("--exclude-standard"),
            OsStr::new("--full-name"),
            OsStr::new("-z"),
            OsStr::new("--"),
            &spec,
        ])?;
        for path in untracked.split(|&b| b == 0).filter(|r| !r.is_empty()) {
            changes.insert(PathBuf::from(OsStr::from_bytes(path)), Status::Added);
        }
        Ok(changes)
    }

    /// The contents of the blobs `ids`, in order, read by one `git cat-file --batch`; `None` for
    /// a blob larger than `limit` bytes, which is skipped unread (never held in memory).
    pub fn blobs(&self, ids: &[&str], limit: u64) -> Result<Vec<Option<Vec<u8>>>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut child = self
            .command()
            .args(["cat-file", "--batch"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Error::msg(format!("running git: {e}")))?;
        let mut stdin = child
            .stdin
            .take()
            .ok_or_else(|| Error::msg("git: no stdin"))?;
        let input: Vec<u8> = ids
            .iter()
            .flat_map(|id| format!("{id}\n").into_bytes())
            .collect();
        // Written from a thread: git answers while it reads, and both pipes have a limit.
        let writer = std::thread::spawn(move || stdin.write_all(&input));
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| Error::msg("git: no stdout"))?;
        let mut reader = BufReader::with_capacity(1 << 16, stdout);
        let mut out = Vec::with_capacity(ids.len());
        let mut header = Vec::new();
        let failed = |e: std::io::Error| Error::msg(format!("git cat-file: {e}"));
        for id in ids {
            header.clear();
            reader.read_until(b'\n', &mut header).map_err(failed)?;
            // "<id> blob <size>\n", or "<id> missing\n".
            let text = String::from_utf8_lossy(&header);
            let size = text
                .trim_end()
                .rsplit(' ')
                .next()
                .and_then(|s| s.parse::<u64>().ok())
                .filter(|_| text.contains(" blob "))
                .ok_or_else(|| Error::msg(format!("git cat-file: no blob {id}")))?;
            if size > limit {
                // Skipped in pieces, the newline after it included.
                std::io::copy(&mut (&mut reader).take(size + 1), &mut std::io::sink())
                    .map_err(failed)?;
                out.push(None);
                continue;
            }
            let mut blob = vec![0; usize::try_from(size).unwrap_or(0) + 1];
            reader.read_exact(&mut blob).map_err(failed)?;
            blob.pop();
            out.push(Some(blob));
        }
        drop(reader);
        let _ = writer.join();
        let _ = child.wait();
        Ok(out)
    }

    /// What `git checkout <commit> -- <path>` writes for `path` (relative to the top): the blob
    /// with the work tree's smudge filters and line-ending conversion applied, at most `limit`
    /// bytes (an error past that: the rest is never read).
    pub fn checkout_bytes(&self, commit: &str, path: &Path, limit: u64) -> Result<Vec<u8>> {
        self.object_capped("--filters", commit, path, limit)
    }

    /// The target stored at `commit` for the symbolic link `path` (relative to the top), at
    /// most `PATH_MAX` bytes (what a checkout could make a link to).
    pub fn link_target(&self, commit: &str, path: &Path) -> Result<Vec<u8>> {
        self.object_capped("blob", commit, path, 4096)
    }

    /// `git cat-file <how> <commit>:<path>`, read up to `limit` bytes: past that, the command
    /// is ended and the read refused.
    fn object_capped(&self, how: &str, commit: &str, path: &Path, limit: u64) -> Result<Vec<u8>> {
        let mut spec = OsString::from(format!("{commit}:"));
        spec.push(path.as_os_str());
        let mut child = self
            .command()
            .args([OsStr::new("cat-file"), OsStr::new(how), &spec])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| Error::msg(format!("running git: {e} (is git installed?)")))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| Error::msg("git: no stdout"))?;
        let read = crate::input::read_capped(stdout, limit, "cassette");
        if read.is_err() {
            let _ = child.kill();
        }
        let done = child
            .wait_with_output()
            .map_err(|e| Error::msg(format!("git: {e}")))?;
        let bytes = read?;
        if !done.status.success() {
            return Err(git_failure(&done.stderr));
        }
        Ok(bytes)
    }

    fn command(&self) -> Command {
        let mut c = hardened();
        let mut git_dir = OsString::from("--git-dir=");
        git_dir.push(&self.git_dir);
        let mut work_tree = OsString::from("--work-tree=");
        work_tree.push(&self.top);
        c.current_dir(&self.top).arg(git_dir).arg(work_tree);
        c
    }

    fn git(&self, args: &[&str]) -> Result<Vec<u8>> {
        let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
        self.git_os(&args)
    }

    fn git_os(&self, args: &[&OsStr]) -> Result<Vec<u8>> {
        output(self.command().args(args))
    }
}

/// `prefix` as a literal pathspec (no globbing; the top itself when empty).
fn pathspec(prefix: &Path) -> OsString {
    let mut spec = OsString::from(":(literal)");
    if prefix.as_os_str().is_empty() {
        spec.push(".");
    } else {
        spec.push(prefix.as_os_str());
    }
    spec
}

/// The configuration every git command runs with: what a repository's own configuration could
/// make git run is turned off (no file system monitor, no hooks, no external diff, no pager, no
/// credential prompt, no lazy fetch), a bare repository is used only when named, and no `GIT_*`
/// variable of the caller's environment points git elsewhere. The filters and attributes that
/// `git checkout` applies stay as they are: restoring a file must write what a checkout writes.
fn hardened() -> Command {
    let mut c = Command::new("git");
    for (name, _) in std::env::vars_os() {
        if name.as_bytes().starts_with(b"GIT_") {
            c.env_remove(name);
        }
    }
    c.env("GIT_OPTIONAL_LOCKS", "0")
        .env("GIT_TERMINAL_PROMPT", "0")
        .env("GIT_NO_LAZY_FETCH", "1")
        .env("GIT_PAGER", "cat")
        .env("PAGER", "cat")
        .env("LC_ALL", "C")
        .arg("--no-pager");
    for setting in HARDENING {
        c.arg("-c").arg(setting);
    }
    c
}

/// The `-c` settings of [`hardened`]. Command-line settings are "protected configuration": a
/// repository's own files cannot undo them.
const HARDENING: &[&str] = &[
    "safe.bareRepository=explicit",
    "core.fsmonitor=false",
    "core.hooksPath=/dev/null",
    "diff.external=",
    "core.pager=cat",
    "core.quotePath=false",
    "protocol.allow=never",
];

/// Refuses a store folder in which git would find a repository of its own: a `.git` entry, or
/// a `HEAD` file (with `objects`, `refs` and `config` beside it, the files of a bare
/// repository), anywhere in it. Such files are no cassettes, and a git command run inside
/// them would take them for the project's repository.
fn refuse_planted_repository(store: &Path) -> Result<()> {
    for entry in walkdir::WalkDir::new(store).follow_links(false) {
        let Ok(entry) = entry else { continue };
        let name = entry.file_name().as_bytes();
        let planted =
            name.eq_ignore_ascii_case(b".git") || (name == b"HEAD" && !entry.file_type().is_dir());
        if planted {
            return Err(Error::in_file(
                entry.path(),
                "a git repository's file inside the store: ulcas never runs git on a store that holds a repository of its own (remove it)",
            )
            .of_kind(crate::ErrorKind::Refused));
        }
    }
    Ok(())
}

fn output(command: &mut Command) -> Result<Vec<u8>> {
    let out = command
        .stdin(Stdio::null())
        .output()
        .map_err(|e| Error::msg(format!("running git: {e} (is git installed?)")))?;
    if !out.status.success() {
        return Err(git_failure(&out.stderr));
    }
    Ok(out.stdout)
}

/// A failed git command's first line, as an error.
fn git_failure(stderr: &[u8]) -> Error {
    let err = String::from_utf8_lossy(stderr);
    let first = err
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("failed");
    Error::msg(format!("git: {}", first.trim_start_matches("fatal: ")))
}

fn trim_newline(mut bytes: Vec<u8>) -> Vec<u8> {
    while bytes.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
        bytes.pop();
    }
    bytes
}
