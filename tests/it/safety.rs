//! Safe by design: every attack of issue 21 as a test. Writers never go through a link or
//! outside the store, never lose a concurrent change, keep a file's metadata; nothing a reviewer
//! reads can be broken out of; no output prints a secret; a FIFO never hangs a command;
//! versions are parsed one way.

use crate::common;

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{events, of_type, MANIFEST};
use serde_json::{json, Value};
use ulcas::request::Request;
use ulcas::store::{record, RecordOptions, Recording};

fn fixture(p: &str) -> PathBuf {
    Path::new(MANIFEST).join("tests/fixtures").join(p)
}

/// Records the fixture `name` into `root` without request material (as the app's recorder).
fn record_bare(root: &Path, name: &str) -> PathBuf {
    let request = Request::from_file(&fixture(&format!("requests/{name}.json"))).unwrap();
    let answer = std::fs::read_to_string(fixture(&format!("responses/{name}.json"))).unwrap();
    let options = RecordOptions {
        with_request_material: false,
        force: false,
    };
    record(root, &request, &Recording::new(answer, "m"), options)
        .unwrap()
        .path
}

/// Every file under `dir` with its bytes.
fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
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

fn run(dir: &Path, args: &[&str]) -> common::Run {
    common::ulcas_in(dir, args)
}

/// A store `s` whose quiz folder (task or version level) is a link to a folder outside it.
fn linked_store(level: &str) -> (tempfile::TempDir, PathBuf) {
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
    assert!(Command::new("mkfifo")
        .arg(&target)
        .status()
        .unwrap()
        .success());
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
fn timed(dir: &Path, args: &[&str], limit: Duration) -> common::Run {
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
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
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

fn rustix_euid_is_root() -> bool {
    std::fs::metadata("/proc/self")
        .map(|m| m.uid() == 0)
        .unwrap_or(false)
}

/// Starts `ulcas ARGS` in `dir` (stdout dropped, stderr kept): one side of a race.
fn spawn_in(dir: &Path, args: &[&str]) -> std::process::Child {
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
        let options = RecordOptions {
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
        assert!(skipped
            .iter()
            .any(|w| w.contains("v00001") && w.contains("leading zeros")));
        assert!(skipped
            .iter()
            .any(|w| w.contains("v18446744073709551617") && w.contains("too large")));
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
            RecordOptions::with_request_material(),
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

/// The payloads of the issue: a key that breaks out of a code span into a heading, a mention
/// and an unclosed comment; terminal escapes; HTML and links in values.
const KEY: &str = "a` @octocat\n\n# Injected heading\n\n<!--";
const VALUE: &str = "[link](https://evil.example) ![img](https://evil.example/x.png) <b>bold</b> @octocat \u{1b}]0;title\u{7}\u{1b}[2J\r\u{9b}31m";

/// What a Markdown document renders that no store text may produce: headings other than the
/// document's own, links, images, raw HTML, mentions and autolinks in text, control bytes.
fn markdown_breakouts(md: &str, own_headings: usize) -> Vec<String> {
    use pulldown_cmark::{Event, Options, Parser, Tag};
    let mut found = Vec::new();
    let mut headings = 0;
    for c in md.chars() {
        if c.is_control() && c != '\n' && c != '\t' {
            found.push(format!("control byte {:?}", c));
        }
    }
    for event in Parser::new_ext(md, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Heading { .. }) => headings += 1,
            Event::Start(Tag::Link { dest_url, .. }) => found.push(format!("link {dest_url}")),
            Event::Start(Tag::Image { dest_url, .. }) => found.push(format!("image {dest_url}")),
            Event::Html(h) | Event::InlineHtml(h) => {
                // The document's own tags; whatever is left must hold no markup.
                let mut rest = h.to_string();
                for tag in [
                    "<details>",
                    "</details>",
                    "<summary>",
                    "</summary>",
                    "<code>",
                    "</code>",
                    "<br>",
                ] {
                    rest = rest.replace(tag, "");
                }
                if rest.contains('<') || rest.contains('>') {
                    found.push(format!("html {h:?}"));
                }
            }
            Event::Text(t) => {
                if t.contains("@octocat") {
                    found.push(format!("mention in {t:?}"));
                }
                if t.contains("https://") || t.contains("www.") {
                    found.push(format!("autolink in {t:?}"));
                }
            }
            _ => {}
        }
    }
    if headings > own_headings {
        found.push(format!("{headings} headings"));
    }
    found
}

fn hostile_review_store() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("s");
    for (v, answer) in [
        (1, json!({"title": "plain"})),
        (2, json!({"title": VALUE, KEY: VALUE})),
    ] {
        let request = Request::from_slice(
            json!({"task": "card", "prompt_version": v, "schema": {"type": "object"},
                   "blocks": [{"type": "text", "text": "input"}]})
            .to_string()
            .as_bytes(),
        )
        .unwrap();
        let rec = Recording::new(answer.to_string(), "m");
        record(
            &store,
            &request,
            &rec,
            RecordOptions::with_request_material(),
        )
        .unwrap();
    }
    dir
}

#[test]
fn a_hostile_key_cannot_break_out_of_review_output() {
    let dir = hostile_review_store();
    let md = run(dir.path(), &["review", "card", "s", "--format", "markdown"]);
    assert!(md.code < 2, "{}", md.stderr);
    assert_eq!(
        markdown_breakouts(&md.stdout, 1),
        Vec::<String>::new(),
        "{}",
        md.stdout
    );
    assert!(
        md.stdout.contains("To retire v1"),
        "the end of the comment is not hidden"
    );

    let html = run(dir.path(), &["review", "card", "s", "--format", "html"]);
    for raw in ["<b>bold", "<!--\n", "\u{1b}", "\u{7}", "\r", "\u{9b}"] {
        assert!(!html.stdout.contains(raw), "{raw:?} raw in the HTML page");
    }
    let human = run(dir.path(), &["review", "card", "s", "--color", "always"]);
    for raw in ["\u{1b}]", "\u{1b}[2J", "\u{7}", "\r", "\u{9b}"] {
        assert!(!human.stdout.contains(raw), "{raw:?} raw on the terminal");
    }
}

#[test]
fn a_hostile_file_name_cannot_break_out_of_the_job_summary() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("s/quiz/v1");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(
        folder.join("x` @octocat <img src=x> `.json"),
        format!("{{\"text\": {}}}", json!(VALUE)),
    )
    .unwrap();
    let summary = dir.path().join("summary.md");
    let out = Command::new(env!("CARGO_BIN_EXE_ulcas"))
        .current_dir(dir.path())
        .args(["verify", "s", "--format", "github"])
        .env("GITHUB_STEP_SUMMARY", &summary)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let md = std::fs::read_to_string(&summary).unwrap();
    assert!(md.contains("octocat"), "{md}");
    assert_eq!(markdown_breakouts(&md, 1), Vec::<String>::new(), "{md}");
}

mod escaping {
    use super::markdown_breakouts;
    use proptest::prelude::*;

    fn hostile() -> impl Strategy<Value = String> {
        let pieces = prop::sample::select(vec![
            "`",
            "``",
            "```",
            "\n",
            "\n\n",
            "# ",
            "@octocat",
            "<!--",
            "-->",
            "<xmp>",
            "</details>",
            "[x](https://e.x)",
            "![i](https://e.x/i.png)",
            "https://e.x",
            "www.e.x",
            "|",
            "\\",
            "*",
            "_",
            "\u{1b}[2J",
            "\u{7}",
            "\r",
            "\u{9b}",
            "\u{202e}",
            "&lt;",
            "&",
            "a",
            " ",
        ]);
        prop::collection::vec(pieces, 0..12).prop_map(|v| v.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// No text taken from a store, as a key, a value, a file name or a message, renders a
        /// heading, a mention, a link, an image, raw HTML or a control byte in the Markdown of
        /// a review, nor raw HTML in its page.
        #[test]
        fn no_store_text_breaks_out(key in hostile(), value in hostile()) {
            let dir = tempfile::tempdir().unwrap();
            let store = dir.path().join("s");
            for (v, answer) in [(1, serde_json::json!({"k": "v"})), (2, serde_json::json!({key.clone(): value.clone(), "k": value.clone()}))] {
                let request = ulcas::request::Request::from_slice(
                    serde_json::json!({"task": "card", "prompt_version": v, "schema": {"type": "object"},
                        "blocks": [{"type": "text", "text": "input"}]}).to_string().as_bytes(),
                ).unwrap();
                let rec = ulcas::store::Recording::new(answer.to_string(), "m");
                ulcas::store::record(&store, &request, &rec, Default::default()).unwrap();
            }
            let md = super::run(dir.path(), &["review", "card", "s", "--format", "markdown"]);
            prop_assert_eq!(markdown_breakouts(&md.stdout, 1), Vec::<String>::new(), "{}", md.stdout);
            let html = super::run(dir.path(), &["review", "card", "s", "--format", "html"]);
            // The page's own markup has none of these; store text must not bring them in.
            for raw in ["<xmp", "<!--", "</details", "\u{1b}", "\u{7}", "\r", "\u{9b}", "\u{202e}"] {
                prop_assert!(!html.stdout.contains(raw), "{:?} raw in the page", raw);
            }
        }
    }
}

// ---- Secrets ----

/// One token of every kind the `secret` check knows.
pub(crate) const TOKENS: &[&str] = &[
    "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123",
    "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789AB",
    "AKIAIOSFODNN7EXAMPLE",
    "ghp_abcdefghijklmnopqrstuvwxyz0123456789AB",
    "github_pat_abcdefghijklmnopqrstuvwxyz0123456789ABCDEF",
    "glpat-abcdefghijklmnopqrstu",
    "AIzaSyAbcdefghijklmnopqrstuvwxyz0123456",
    "xoxb-0123456789-abcdefghij",
    "sk_live_abcdefghijklmnop0123",
    "hf_abcdefghijklmnopqrstuvwxyz0123456",
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijklmnop",
    "Bearer abcdefghijklmnopqrstuvwxyz012345",
    "https://admin:hunter2hunter2@db.example.com",
];

#[test]
fn no_output_prints_a_secret_whole() {
    let dir = common::sample_with_registry();
    // Each token is the quiz's `questions` (an array in the schema): the value also fails the
    // schema, whose finding quotes it; and it is a key of the answer, which review quotes.
    let folder = dir.path().join("cassettes/quiz/v1");
    // The repair turn's cassette: its answer is no repaired one, so its schema errors stand.
    let file = folder.join("aafcd8047a635258d26a9d3d43c8c0e6.json");
    let mut cassette: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let mut answer = serde_json::Map::new();
    for (i, t) in TOKENS.iter().enumerate() {
        answer.insert((*t).to_owned(), json!(t));
        if i == 0 {
            answer.insert("questions".into(), json!(TOKENS.join(" ")));
        }
    }
    cassette["text"] = json!(Value::Object(answer).to_string());
    std::fs::write(&file, serde_json::to_string_pretty(&cassette).unwrap()).unwrap();
    let rel = file
        .strip_prefix(dir.path())
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    let summary = dir.path().join("summary.md");
    let mut outputs = Vec::new();
    for format in ["human", "json", "github", "sarif"] {
        let out = Command::new(env!("CARGO_BIN_EXE_ulcas"))
            .current_dir(dir.path())
            .args([
                "verify",
                "cassettes",
                "--prompts",
                "prompts",
                "--format",
                format,
                "-v",
            ])
            .env("GITHUB_STEP_SUMMARY", &summary)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        if format == "json" {
            let ev = events(&stdout);
            assert!(ev.iter().any(|e| e["check"] == "schema"), "{stdout}");
            assert!(ev.iter().any(|e| e["check"] == "secret"), "{stdout}");
        }
        outputs.push((format!("verify {format}"), stdout));
        outputs.push((
            format!("verify {format} stderr"),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        ));
    }
    outputs.push((
        "job summary".into(),
        std::fs::read_to_string(&summary).unwrap(),
    ));
    let quiz = fixture("requests/quiz-repair.json");
    for args in [
        vec!["lookup", quiz.to_str().unwrap(), "--replay"],
        vec![
            "lookup",
            quiz.to_str().unwrap(),
            "--format",
            "json",
            "--replay",
        ],
        vec!["diff", &rel, &rel],
        vec!["review", "quiz", "cassettes", "--from", "1", "--to", "1"],
    ] {
        let r = run(dir.path(), &args);
        outputs.push((args.join(" "), format!("{}{}", r.stdout, r.stderr)));
    }
    for (what, text) in &outputs {
        for t in TOKENS {
            assert!(!text.contains(t), "{what} prints {t}:\n{text}");
        }
    }
}

#[test]
fn an_oversized_cassette_is_a_finding_and_never_read() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("s");
    let path = record_bare(&store, "quiz");
    // A sparse file just over the limit: instant to make, and ulcas must not read it.
    let file = std::fs::File::options().write(true).open(&path).unwrap();
    file.set_len(ulcas::store::MAX_CASSETTE + 1).unwrap();
    let start = Instant::now();
    let r = timed(
        dir.path(),
        &["verify", "s", "--format", "json"],
        Duration::from_secs(60),
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    let ev = events(&r.stdout);
    let big: Vec<_> = ev.iter().filter(|e| e["check"] == "too-large").collect();
    assert_eq!(big.len(), 1, "{}", r.stdout);
    assert!(start.elapsed() < Duration::from_secs(30));
    for args in [
        vec![
            "lookup".to_owned(),
            fixture("requests/quiz.json").to_str().unwrap().to_owned(),
            "--cassettes".into(),
            "s".into(),
        ],
        vec![
            "backfill".into(),
            "s".into(),
            "--requests".into(),
            fixture("requests/quiz.json").to_str().unwrap().to_owned(),
        ],
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = timed(dir.path(), &args, Duration::from_secs(60));
        assert_eq!(r.code, 2, "{args:?}: {}{}", r.stdout, r.stderr);
        assert!(
            format!("{}{}", r.stdout, r.stderr).contains("larger than 16 MiB"),
            "{args:?}: {}{}",
            r.stdout,
            r.stderr
        );
    }
}
