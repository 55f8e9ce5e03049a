//! Safe by design: every attack of issue 21 as a test. Writers never go through a link or
//! outside the store, never lose a concurrent change, keep a file's metadata; nothing a reviewer
//! reads can be broken out of; no output prints a secret; a FIFO never hangs a command;
//! versions are parsed one way.

use crate::common;

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{MANIFEST, events, of_type};
use serde_json::json;
use ulcas::request::Request;
use ulcas::store::{Recording, WriteOptions, record};

pub fn fixture(p: &str) -> PathBuf {
    Path::new(MANIFEST).join("tests/fixtures").join(p)
}

/// Records the fixture `name` into `root` without request material (as the app's recorder).
pub fn record_bare(root: &Path, name: &str) -> PathBuf {
    let request = Request::from_file(&fixture(&format!("requests/{name}.json"))).unwrap();
    let answer = std::fs::read_to_string(fixture(&format!("responses/{name}.json"))).unwrap();
    let options = WriteOptions {
        with_request_material: false,
        force: false,
    };
    record(root, &request, &Recording::new(answer, "m"), options)
        .unwrap()
        .path
}

/// Every file under `dir` with its bytes.
pub fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<_> = walkdir::WalkDir::new(dir)
        .follow_links(false)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| (e.path().to_path_buf(), std::fs::read(e.path()).unwrap()))
        .collect();
    files.sort();
    files
}

pub fn run(dir: &Path, args: &[&str]) -> common::Run {
    common::ulcas_in(dir, args)
}

/// A store `s` whose quiz folder (task or version level) is a link to a folder outside it.
pub fn linked_store(level: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("s");
    let quiz = record_bare(&store, "quiz");
    assert!(quiz.starts_with(store.join("quiz/v1")));
    let outside = dir.path().join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    let (moved, link) = match level {
        "task" => (store.join("quiz"), store.join("quiz")),
        _ => (store.join("quiz/v1"), store.join("quiz/v1")),
    };
    let target = outside.join("moved");
    std::fs::rename(&moved, &target).unwrap();
    std::os::unix::fs::symlink(&target, &link).unwrap();
    (dir, outside)
}

#[test]
fn writers_never_write_through_a_linked_folder() {
    for level in ["task", "version"] {
        let (dir, outside) = linked_store(level);
        let before = tree(&outside);
        let quiz = fixture("requests/quiz.json");
        let quiz = quiz.to_str().unwrap();

        let backfill = run(dir.path(), &["backfill", "s", "--requests", quiz]);
        assert_eq!(
            backfill.code, 2,
            "{level}: {}{}",
            backfill.stdout, backfill.stderr
        );
        assert!(
            backfill.stdout.contains("symbolic link") && !backfill.stdout.contains("backfilled "),
            "{level}: {}",
            backfill.stdout
        );

        std::fs::write(dir.path().join("answer.txt"), "{\"questions\":[]}").unwrap();
        let rec = run(
            dir.path(),
            &[
                "record",
                quiz,
                "--response",
                "answer.txt",
                "--cassettes",
                "s",
                "--force",
            ],
        );
        assert_eq!(rec.code, 2, "{level}: {}", rec.stderr);
        assert!(
            rec.stderr.contains("never writes through a link"),
            "{}",
            rec.stderr
        );
        let lesson = fixture("requests/lesson.json");
        // A task next to the link is written as usual.
        let rec = run(
            dir.path(),
            &[
                "record",
                lesson.to_str().unwrap(),
                "--response",
                "answer.txt",
                "--cassettes",
                "s",
            ],
        );
        assert_eq!(rec.code, 0, "{}", rec.stderr);
        assert_eq!(tree(&outside), before, "{level}: nothing outside changed");
    }
}

#[test]
fn migrate_never_writes_through_a_link_nor_reads_a_pipe_or_dev_zero() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(MANIFEST);
    common::copy_tree(&root.join("cassettes"), &dir.path().join("cassettes"));
    let other_schema = fixture("schemas/outputs/lesson.json");
    let args = [
        "migrate",
        "quiz",
        "cassettes",
        "--schema",
        other_schema.to_str().unwrap(),
        "--format",
        "json",
    ];
    let plan = run(dir.path(), &args);
    let ev = events(&plan.stdout);
    let to: Vec<String> = of_type(&ev, "migrated")
        .iter()
        .map(|e| e["to"].as_str().unwrap().to_owned())
        .collect();
    assert!(!to.is_empty(), "{}", plan.stdout);
    let target = dir.path().join(&to[0]);

    // A FIFO at the new key's path: never opened for a blocking read.
    assert!(
        Command::new("mkfifo")
            .arg(&target)
            .status()
            .unwrap()
            .success()
    );
    let run_ = timed(dir.path(), &args, Duration::from_secs(20));
    assert_eq!(run_.code, 2, "{}{}", run_.stdout, run_.stderr);
    assert!(
        run_.stdout.contains("not a regular file"),
        "{}",
        run_.stdout
    );
    std::fs::remove_file(&target).unwrap();

    // A link to /dev/zero: refused at once, never read.
    std::os::unix::fs::symlink("/dev/zero", &target).unwrap();
    let run_ = timed(dir.path(), &args, Duration::from_secs(20));
    assert_eq!(run_.code, 2, "{}", run_.stdout);
    assert!(run_.stdout.contains("symbolic link"), "{}", run_.stdout);
    std::fs::remove_file(&target).unwrap();

    // A version folder that is a link out of the store: --write creates nothing out there.
    let outside = dir.path().join("outside");
    std::fs::rename(dir.path().join("cassettes/quiz/v1"), &outside).unwrap();
    std::os::unix::fs::symlink(&outside, dir.path().join("cassettes/quiz/v1")).unwrap();
    let before = tree(&outside);
    let mut write = args.to_vec();
    write.push("--write");
    let run_ = run(dir.path(), &write);
    assert_eq!(run_.code, 2, "{}{}", run_.stdout, run_.stderr);
    assert_eq!(tree(&outside), before);
}

/// Runs ulcas, killing it (and failing) if it takes longer than `limit`.
pub fn timed(dir: &Path, args: &[&str], limit: Duration) -> common::Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ulcas"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if start.elapsed() > limit {
            child.kill().unwrap();
            panic!("ulcas {args:?} hung (killed after {limit:?})");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    common::Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

#[test]
fn a_fifo_named_on_the_command_line_is_a_one_line_error() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    common::copy_tree(
        &Path::new(MANIFEST).join("cassettes"),
        &dir.path().join("cassettes"),
    );
    let quiz = fixture("requests/quiz.json");
    let quiz = quiz.to_str().unwrap();
    let cases: [&[&str]; 8] = [
        &["hash", "fifo"],
        &["normalize", "fifo"],
        &["lookup", "fifo"],
        &[
            "record",
            quiz,
            "--response",
            "fifo",
            "--cassettes",
            "cassettes",
        ],
        &["verify", "cassettes", "--config", "fifo"],
        &["prune", "cassettes", "--journal", "fifo"],
        &["diff", "fifo", quiz],
        &["backfill", "cassettes", "--requests", "fifo"],
    ];
    for args in cases {
        let r = timed(dir.path(), args, Duration::from_secs(20));
        assert_eq!(r.code, 2, "{args:?}: {}{}", r.stdout, r.stderr);
        let lines: Vec<&str> = r.stderr.lines().filter(|l| l.contains("error")).collect();
        assert_eq!(lines.len(), 1, "{args:?}: {}", r.stderr);
        assert!(
            lines[0].contains("fifo") && lines[0].contains("not a regular file"),
            "{args:?}: {}",
            r.stderr
        );
    }
}

#[test]
fn backfill_keeps_metadata_and_refuses_what_it_cannot_keep() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("s");
    let path = record_bare(&store, "quiz");
    let quiz = fixture("requests/quiz.json");
    let quiz = quiz.to_str().unwrap();
    let backfill = || {
        run(
            dir.path(),
            &["backfill", "s", "--requests", quiz, "--format", "json"],
        )
    };

    // CRLF lines, mode 0640, an old mtime and (as root) another owner are all kept.
    let crlf = std::fs::read_to_string(&path)
        .unwrap()
        .replace('\n', "\r\n");
    std::fs::write(&path, &crlf).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    let old = std::time::UNIX_EPOCH + Duration::from_secs(1_500_000_000);
    std::fs::File::options()
        .write(true)
        .open(&path)
        .unwrap()
        .set_modified(old)
        .unwrap();
    let root = rustix_euid_is_root();
    if root {
        std::os::unix::fs::chown(&path, Some(4242), Some(4343)).unwrap();
    }
    let r = backfill();
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert_eq!(of_type(&events(&r.stdout), "backfilled").len(), 1);
    let after = std::fs::read_to_string(&path).unwrap();
    assert!(after.contains("\"request\""));
    assert_eq!(
        after.matches('\n').count(),
        after.matches("\r\n").count(),
        "CRLF kept"
    );
    let meta = std::fs::metadata(&path).unwrap();
    assert_eq!(meta.mode() & 0o7777, 0o640);
    assert_eq!(meta.modified().unwrap(), old);
    if root {
        assert_eq!((meta.uid(), meta.gid()), (4242, 4343));
    }

    // A second name (hard link) and a read-only file are refused with their cause, exit 2.
    let fresh = dir.path().join("t");
    let path = record_bare(&fresh, "quiz");
    let bytes = std::fs::read(&path).unwrap();
    std::fs::hard_link(&path, dir.path().join("second-name.json")).unwrap();
    let r = run(dir.path(), &["backfill", "t", "--requests", quiz]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("2 hard links"), "{}", r.stdout);
    assert!(r.stdout.contains("could not be written"), "{}", r.stdout);
    assert!(!r.stdout.contains("other material"), "{}", r.stdout);
    assert_eq!(
        std::fs::read(dir.path().join("second-name.json")).unwrap(),
        bytes
    );
    std::fs::remove_file(dir.path().join("second-name.json")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let r = run(dir.path(), &["backfill", "t", "--requests", quiz]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout.contains("mode (0444) does not allow writing"),
        "{}",
        r.stdout
    );
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
}

pub fn rustix_euid_is_root() -> bool {
    std::fs::metadata("/proc/self")
        .map(|m| m.uid() == 0)
        .unwrap_or(false)
}

/// Starts `ulcas ARGS` in `dir` (stdout dropped, stderr kept): one side of a race.
pub fn spawn_in(dir: &Path, args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_ulcas"))
        .current_dir(dir)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Trials of backfill beside `record --force` of a new answer: record's answer is never lost.
#[test]
fn backfill_beside_record_never_loses_the_recorded_answer() {
    let dir = tempfile::tempdir().unwrap();
    let quiz = fixture("requests/quiz.json");
    let quiz = quiz.to_str().unwrap();
    let store = dir.path().join("s");
    let path = record_bare(&store, "quiz");
    let bare = std::fs::read(&path).unwrap();
    let mut losses = 0;
    for trial in 0..60 {
        std::fs::write(&path, &bare).unwrap();
        let answer = format!("{{\"questions\":[],\"trial\":{trial}}}");
        std::fs::write(dir.path().join("answer.txt"), &answer).unwrap();
        let spawn = |args: &[&str]| spawn_in(dir.path(), args);
        let b = spawn(&["backfill", "s", "--requests", quiz]);
        let r = spawn(&[
            "record",
            quiz,
            "--response",
            "answer.txt",
            "--cassettes",
            "s",
            "--force",
        ]);
        let r = r.wait_with_output().unwrap();
        let b = b.wait_with_output().unwrap();
        assert!(
            b.status.code().unwrap() <= 1,
            "{}",
            String::from_utf8_lossy(&b.stderr)
        );
        assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
        let stored = ulcas::store::read_cassette(&path).unwrap();
        if !stored.text.contains(&format!("\"trial\":{trial}")) {
            losses += 1;
        }
    }
    assert_eq!(losses, 0, "record exited 0 and its answer was gone");
}

/// Trials of backfill beside `prune --delete`: a deleted cassette never comes back, and no
/// folder prune removed is re-created.
#[test]
fn backfill_beside_prune_never_brings_a_cassette_back() {
    let dir = tempfile::tempdir().unwrap();
    let dumps = dir.path().join("dumps");
    std::fs::create_dir_all(&dumps).unwrap();
    let dump = |version: i64, i: usize| {
        json!({"task": "card", "prompt_version": version, "schema": {"type": "object"},
               "blocks": [{"type": "text", "text": format!("input {i}")}]})
    };
    for i in 0..30 {
        std::fs::write(dumps.join(format!("{i}.json")), dump(1, i).to_string()).unwrap();
    }
    for trial in 0..12 {
        let store = dir.path().join(format!("s{trial}"));
        let options = WriteOptions {
            with_request_material: false,
            force: false,
        };
        for i in 0..30 {
            for v in [1, 2] {
                let request = Request::from_slice(dump(v, i).to_string().as_bytes()).unwrap();
                record(&store, &request, &Recording::new("{}", "m"), options).unwrap();
            }
        }
        let name = format!("s{trial}");
        let spawn = |args: &[&str]| spawn_in(dir.path(), args);
        let b = spawn(&["backfill", &name, "--requests", "dumps"]);
        let p = spawn(&["prune", &name, "--delete"]);
        let p = p.wait_with_output().unwrap();
        let b = b.wait_with_output().unwrap();
        assert_eq!(
            p.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&p.stderr)
        );
        assert!(
            b.status.code().unwrap() <= 1,
            "{}",
            String::from_utf8_lossy(&b.stderr)
        );
        assert!(
            !store.join("card/v1").exists(),
            "trial {trial}: {:?}",
            std::fs::read_dir(store.join("card/v1")).map(|d| d.count())
        );
        assert_eq!(
            std::fs::read_dir(store.join("card/v2")).unwrap().count(),
            30
        );
    }
}

#[test]
fn versions_are_parsed_one_way_in_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("s");
    let path = record_bare(&store, "quiz");
    let name = path.file_name().unwrap().to_owned();
    for folder in ["v00001", "v18446744073709551617"] {
        std::fs::create_dir_all(store.join("quiz").join(folder)).unwrap();
        std::fs::copy(&path, store.join("quiz").join(folder).join(&name)).unwrap();
    }
    use std::os::unix::ffi::OsStrExt;
    let bad = std::ffi::OsStr::from_bytes(b"\xff\xfe.json");
    std::fs::copy(&path, store.join("quiz/v1").join(bad)).unwrap();
    for cmd in ["verify", "prune"] {
        let r = run(dir.path(), &[cmd, "s", "--format", "json"]);
        let ev = events(&r.stdout);
        let skipped: Vec<String> = of_type(&ev, "skipped")
            .iter()
            .map(|e| e["why"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(skipped.len(), 3, "{cmd}: {}", r.stdout);
        assert!(
            skipped
                .iter()
                .any(|w| w.contains("v00001") && w.contains("leading zeros"))
        );
        assert!(
            skipped
                .iter()
                .any(|w| w.contains("v18446744073709551617") && w.contains("too large"))
        );
        assert!(skipped.iter().any(|w| w.contains("not valid UTF-8")));
        assert!(
            ev.iter().all(|e| e["check"] != "location"),
            "{cmd}: never a location error: {}",
            r.stdout
        );
    }
}

#[test]
fn review_starts_from_the_newest_older_version_with_recordings() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("s");
    for v in [1, 2] {
        let request = Request::from_slice(
            json!({"task": "card", "prompt_version": v, "schema": {"type": "object"},
                   "blocks": [{"type": "text", "text": "input"}]})
            .to_string()
            .as_bytes(),
        )
        .unwrap();
        record(
            &store,
            &request,
            &Recording::new("{}", "m"),
            WriteOptions::with_request_material(),
        )
        .unwrap();
    }
    std::fs::create_dir_all(store.join("card/v0")).unwrap();
    std::fs::create_dir_all(store.join("card/v3")).unwrap();
    let r = run(
        dir.path(),
        &["review", "card", "s", "--to", "2", "--format", "json"],
    );
    let ev = events(&r.stdout);
    let summary = of_type(&ev, "summary")[0];
    assert_eq!(summary["pairs"], 1, "{}", r.stdout);
    assert_eq!(summary["from_version"], 1, "{}", r.stdout);
}

// ---- What reviewers read ----
