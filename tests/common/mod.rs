//! Running the `ulcas` binary from the integration tests.

// Each test crate uses a part of this module.
#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

/// The crate root (where the sample store and fixtures are).
pub const MANIFEST: &str = env!("CARGO_MANIFEST_DIR");

/// How one run of `ulcas` ended and what it printed.
pub struct Run {
    /// The exit code (-1 when killed by a signal).
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// Runs `ulcas ARGS` in `dir`.
pub fn ulcas_in(dir: &Path, args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_ulcas"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// Runs `ulcas ARGS` in the crate root.
pub fn ulcas(args: &[&str]) -> Run {
    ulcas_in(Path::new(MANIFEST), args)
}

/// Copies the tree `from` to `to` (folders and files).
pub fn copy_tree(from: &Path, to: &Path) {
    for e in walkdir::WalkDir::new(from)
        .into_iter()
        .filter_map(Result::ok)
    {
        let target = to.join(e.path().strip_prefix(from).unwrap());
        if e.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}
