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
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::error::{Error, Result};

/// A git work tree, and where a store root sits in it.
#[derive(Debug, Clone)]
pub struct Repo {
    /// The top of the work tree (canonical).
    pub top: PathBuf,
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
    /// The work tree that holds `dir`; an error naming `dir` when it is in none.
    pub fn discover(dir: &Path) -> Result<Repo> {
        let out = git_in(dir, &["rev-parse", "--show-toplevel"])
            .map_err(|e| Error::in_file(dir, format!("not in a git work tree ({e})")))?;
        let top = PathBuf::from(OsString::from_vec(trim_newline(out)));
        let top = top.canonicalize().map_err(|e| Error::io(&top, &e))?;
        Ok(Repo { top })
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
            return Err(Error::msg(format!(
                "--against {reference:?}: not a git revision"
            )));
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
                Error::msg(format!(
                    "--against {reference:?}: no such commit in the git repository at {}",
                    self.top.display()
                ))
            })?;
        String::from_utf8(trim_newline(out)).map_err(|_| Error::msg("git rev-parse: not UTF-8"))
    }

    /// The files under `prefix` at `commit`: path (relative to the top) → blob id.
    pub fn tree(&self, commit: &str, prefix: &Path) -> Result<BTreeMap<PathBuf, String>> {
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
            let (_, kind, id) = (words.next(), words.next(), words.next());
            if let (Some("blob"), Some(id)) = (kind, id) {
                let path = PathBuf::from(OsStr::from_bytes(&record[tab + 1..]));
                files.insert(path, id.to_owned());
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

    /// The contents of the blobs `ids`, in order, read by one `git cat-file --batch`.
    pub fn blobs(&self, ids: &[&str]) -> Result<Vec<Vec<u8>>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut child = self
            .command()
            .args(["cat-file", "--batch"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
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
        for id in ids {
            header.clear();
            reader
                .read_until(b'\n', &mut header)
                .map_err(|e| Error::msg(format!("git cat-file: {e}")))?;
            // "<id> blob <size>\n", or "<id> missing\n".
            let text = String::from_utf8_lossy(&header);
            let size = text
                .trim_end()
                .rsplit(' ')
                .next()
                .and_then(|s| s.parse::<usize>().ok())
                .filter(|_| text.contains(" blob "))
                .ok_or_else(|| Error::msg(format!("git cat-file: no blob {id}")))?;
            let mut blob = vec![0; size + 1];
            reader
                .read_exact(&mut blob)
                .map_err(|e| Error::msg(format!("git cat-file: {e}")))?;
            blob.pop();
            out.push(blob);
        }
        drop(reader);
        let _ = writer.join();
        let _ = child.wait();
        Ok(out)
    }

    /// What `git checkout <commit> -- <path>` writes for `path` (relative to the top): the blob
    /// with the work tree's smudge filters and line-ending conversion applied.
    pub fn checkout_bytes(&self, commit: &str, path: &Path) -> Result<Vec<u8>> {
        let mut spec = OsString::from(format!("{commit}:"));
        spec.push(path.as_os_str());
        self.git_os(&[OsStr::new("cat-file"), OsStr::new("--filters"), &spec])
    }

    fn command(&self) -> Command {
        let mut c = Command::new("git");
        c.current_dir(&self.top)
            .env("GIT_OPTIONAL_LOCKS", "0")
            .env("GIT_PAGER", "cat")
            .env("LC_ALL", "C")
            .arg("-c")
            .arg("core.quotePath=false");
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

fn git_in(dir: &Path, args: &[&str]) -> std::result::Result<Vec<u8>, String> {
    let mut c = Command::new("git");
    c.current_dir(dir).env("LC_ALL", "C").args(args);
    output(&mut c).map_err(|e| e.message)
}

fn output(command: &mut Command) -> Result<Vec<u8>> {
    let out = command
        .stdin(Stdio::null())
        .output()
        .map_err(|e| Error::msg(format!("running git: {e} (is git installed?)")))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let first = err
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("failed");
        return Err(Error::msg(format!(
            "git: {}",
            first.trim_start_matches("fatal: ")
        )));
    }
    Ok(out.stdout)
}

fn trim_newline(mut bytes: Vec<u8>) -> Vec<u8> {
    while bytes.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
        bytes.pop();
    }
    bytes
}
