//! What `serve` says: one start line on stdout (a script reads the URL from it), one line per
//! request on stderr; and the request dumps of `--dump-dir`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::json;
use ulcas::request::Request;

use crate::cli::report::shown;

/// The log's format and the dump folder.
pub struct Log {
    json: bool,
    dump_dir: Option<PathBuf>,
}

impl Log {
    /// A log in JSON Lines or human text; dumps written into `dump_dir` (created).
    pub fn new(json: bool, dump_dir: Option<PathBuf>) -> ulcas::Result<Log> {
        if let Some(dir) = &dump_dir {
            std::fs::create_dir_all(dir).map_err(|e| ulcas::Error::io(dir, &e))?;
            if std::fs::symlink_metadata(dir).is_ok_and(|m| m.file_type().is_symlink()) {
                return Err(ulcas::Error::in_file(
                    dir,
                    "--dump-dir is a symbolic link: name the folder itself",
                ));
            }
        }
        Ok(Log { json, dump_dir })
    }

    /// The start line: where the server listens.
    pub fn listening(&self, url: &str) {
        let line = if self.json {
            json!({"type": "listening", "url": url}).to_string()
        } else {
            format!("ulcas serve: listening on {url}")
        };
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }

    /// One request: its status (`hit`, `miss`, `synthetic`, `error`), the cassette path, the
    /// time taken and, for an error, why.
    pub fn request(&self, status: &str, path: Option<&Path>, took: Duration, why: Option<&str>) {
        let ms = took.as_secs_f64() * 1000.0;
        let line = if self.json {
            json!({
                "type": "request",
                "status": status,
                "path": path.map(|p| p.display().to_string()),
                "ms": (ms * 1000.0).round() / 1000.0,
                "error": why,
            })
            .to_string()
        } else {
            let mut line = format!("{status:<9} ");
            if let Some(p) = path {
                line.push_str(&shown(p));
                line.push(' ');
            }
            line.push_str(&format!("{ms:.2} ms"));
            if let Some(why) = why {
                line.push_str(": ");
                line.push_str(&ulcas::secrets::mask(why));
            }
            line
        };
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err, "{line}");
    }

    /// The end.
    pub fn stopped(&self) {
        if !self.json {
            let mut err = std::io::stderr().lock();
            let _ = writeln!(err, "ulcas serve: stopped");
        }
    }

    /// Writes `request` as a dump (`<task>-v<N>-<hash>.json`, as the PHP hook names it), whole
    /// or not at all; the file, when `--dump-dir` is given.
    pub fn dump(&self, request: &Request) -> Option<Result<PathBuf, String>> {
        let dir = self.dump_dir.as_ref()?;
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
        let file = dir.join(format!(
            "{task}-v{}-{}.json",
            request.prompt_version, key.hash
        ));
        Some(write_whole(dir, &file, request.to_dump().as_bytes()).map(|()| file))
    }
}

/// Writes `bytes` to `file` in `dir` through a temporary file renamed over it: a reader sees
/// the old file or the new one, never half of one, and a link at `file` is replaced, not
/// followed.
fn write_whole(dir: &Path, file: &Path, bytes: &[u8]) -> Result<(), String> {
    let mut tmp = tempfile::Builder::new()
        .prefix(".ulcas-dump-")
        .tempfile_in(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?;
    tmp.write_all(bytes)
        .map_err(|e| format!("{}: {e}", file.display()))?;
    tmp.persist(file)
        .map_err(|e| format!("{}: {}", file.display(), e.error))?;
    Ok(())
}
