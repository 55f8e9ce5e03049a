//! A closed pipe keeps the exit code: `ulcas verify | head -1` fails as verify fails.

use crate::common::MANIFEST;
use crate::stores::monorepo::*;
use std::path::Path;
use std::process::Command;
use std::process::Stdio;

/// Runs `ulcas ARGS` in `dir` with stdout and/or stderr a pipe whose reader has gone.
fn with_closed(dir: &Path, args: &[&str], stdout: bool, stderr: bool) -> i32 {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ulcas"))
        .current_dir(dir)
        .args(args)
        .stdout(if stdout {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stderr(if stderr {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .spawn()
        .unwrap();
    // Close the read ends at once: every write of the child hits a broken pipe.
    drop(child.stdout.take());
    drop(child.stderr.take());
    child.wait().unwrap().code().unwrap_or(-1)
}

#[test]
fn closed_pipes_keep_the_exit_code() {
    let m = Monorepo::new(true);
    m.write(
        &format!("{CB_STORE}/outline/v1/b5e21dce3800f2488e3d918d26f760c1.json"),
        "{",
    );
    assert_eq!(m.ulcas(&["verify"]).code, 1);
    assert_eq!(with_closed(m.dir.path(), &["verify"], true, false), 1);
    assert_eq!(with_closed(m.dir.path(), &["verify"], true, true), 1);
    assert_eq!(
        with_closed(m.dir.path(), &["verify", "--format", "json"], true, false),
        1
    );
    let vectors = Path::new(MANIFEST).join("tests/data/vectors/requests");
    let v = vectors.to_string_lossy();
    assert_eq!(
        with_closed(m.dir.path(), &["hash", "missing.json", &v], false, true),
        2
    );
    assert_eq!(
        with_closed(m.dir.path(), &["hash", "missing.json", &v], true, true),
        2
    );
    assert_eq!(with_closed(m.dir.path(), &["hash", &v], true, false), 0);
}
