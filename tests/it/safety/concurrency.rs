//! No lost recording under concurrency, files created as any other file would be, and what a
//! killed run leaves behind.

use crate::common;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, SystemTime};

use common::MANIFEST;

fn fixture(p: &str) -> String {
    Path::new(MANIFEST)
        .join("tests/fixtures")
        .join(p)
        .to_string_lossy()
        .into_owned()
}

/// Starts `ulcas record` of the lesson fixture with `answer` into `root`.
fn record(dir: &Path, answer: &str) -> std::process::Child {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let file = dir.join(format!("answer-{n}.txt"));
    std::fs::write(&file, answer).unwrap();
    Command::new(env!("CARGO_BIN_EXE_ulcas"))
        .current_dir(dir)
        .args([
            "record",
            &fixture("requests/lesson.json"),
            "--cassettes",
            "store",
            "--response",
        ])
        .arg(&file)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn concurrent_records_never_report_a_lost_answer() {
    for round in 0..10 {
        let dir = tempfile::tempdir().unwrap();
        let answers: Vec<String> = (0..8)
            .map(|i| format!("{{\"n\":\"{}\"}}", "x".repeat(i + 1)))
            .collect();
        let children: Vec<_> = answers.iter().map(|a| record(dir.path(), a)).collect();
        let results: Vec<_> = children
            .into_iter()
            .map(|c| c.wait_with_output().unwrap())
            .collect();
        let winners: Vec<usize> = results
            .iter()
            .enumerate()
            .filter(|(_, o)| o.status.success())
            .map(|(i, _)| i)
            .collect();
        assert_eq!(
            winners.len(),
            1,
            "round {round}: {} processes said they recorded",
            winners.len()
        );
        for (i, o) in results
            .iter()
            .enumerate()
            .filter(|(i, _)| !winners.contains(i))
        {
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(
                err.contains("a different cassette is already recorded"),
                "round {round}, {i}: {err}"
            );
        }
        let files: Vec<_> = walkdir::WalkDir::new(dir.path().join("store"))
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .collect();
        assert_eq!(files.len(), 1, "round {round}: temporary files left behind");
        let stored = std::fs::read_to_string(files[0].path()).unwrap();
        let winner = &answers[winners[0]];
        assert!(
            stored.contains(&winner.replace('"', "\\\"")),
            "round {round}: the winner's answer is not on disk"
        );
    }
}

#[test]
fn concurrent_records_of_the_same_answer_all_succeed() {
    let dir = tempfile::tempdir().unwrap();
    let children: Vec<_> = (0..8).map(|_| record(dir.path(), "{\"same\":1}")).collect();
    let outputs: Vec<_> = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    assert!(outputs.iter().all(|o| o.status.success()));
}

#[test]
fn a_recorded_cassette_has_the_mode_of_any_new_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = record(dir.path(), "{\"a\":1}").wait_with_output().unwrap();
    assert!(out.status.success());
    let path = String::from_utf8(out.stdout).unwrap().trim().to_owned();
    let mode = std::fs::metadata(dir.path().join(&path))
        .unwrap()
        .permissions()
        .mode()
        & 0o777;
    let plain = dir.path().join("plain");
    std::fs::write(&plain, "x").unwrap();
    let want = std::fs::metadata(&plain).unwrap().permissions().mode() & 0o777;
    assert_eq!(
        format!("{mode:o}"),
        format!("{want:o}"),
        "not the umask's mode"
    );
}

#[test]
fn backfill_keeps_the_mode_of_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let run = common::ulcas_in(
        dir.path(),
        &[
            "record",
            &fixture("requests/lesson.json"),
            "--response",
            &fixture("responses/lesson.json"),
            "--cassettes",
            "store",
            "--no-request-material",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let path = dir.path().join(run.stdout.trim());
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    let run = common::ulcas_in(
        dir.path(),
        &[
            "backfill",
            "--requests",
            &fixture("requests/lesson.json"),
            "store",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o640
    );
}

#[test]
fn leftovers_of_a_killed_write_are_named_and_pruned_when_old() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_tree(
        &Path::new(MANIFEST).join("cassettes"),
        &dir.path().join("store"),
    );
    let old = dir.path().join("store/lesson/v1/.ulcas-123-456-0.tmp");
    let fresh = dir.path().join("store/lesson/v1/.ulcas-123-456-1.tmp");
    std::fs::write(&old, "{\"task\": \"les").unwrap();
    std::fs::write(&fresh, "{\"task\": \"les").unwrap();
    let an_hour_ago = SystemTime::now() - Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&old)
        .unwrap()
        .set_modified(an_hour_ago)
        .unwrap();

    let run = common::ulcas_in(dir.path(), &["verify", "store", "--format", "json"]);
    let skipped: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.contains("\"type\":\"skipped\""))
        .collect();
    assert_eq!(skipped.len(), 2, "{}", run.stdout);
    assert!(
        skipped
            .iter()
            .all(|l| l.contains("interrupted ulcas write (safe to delete")),
        "{skipped:?}"
    );

    let run = common::ulcas_in(dir.path(), &["prune", "store", "--format", "json"]);
    assert!(run.stdout.contains("{\"type\":\"leftover\",\"path\":\"store/lesson/v1/.ulcas-123-456-0.tmp\",\"deleted\":false}"), "{}", run.stdout);
    assert!(old.exists());
    let run = common::ulcas_in(dir.path(), &["prune", "store", "--delete"]);
    assert!(
        run.stdout
            .contains("removed 1 leftover temporary file of interrupted writes"),
        "{}",
        run.stdout
    );
    assert!(!old.exists(), "the old leftover stayed");
    assert!(
        fresh.exists(),
        "a fresh one may belong to a record still running"
    );
}

/// `prune --delete` while another thread keeps swapping a version folder for a symbolic link to
/// a folder outside the store (with files of the same names): nothing outside is ever deleted.
#[test]
fn a_symlink_swapped_in_during_prune_never_leads_outside() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("store");
    common::copy_tree(&Path::new(MANIFEST).join("cassettes"), &store);
    let outside = dir.path().join("outside");
    std::fs::create_dir(&outside).unwrap();
    let v1 = store.join("outline/v1");
    let cassette = std::fs::read_dir(&v1)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let bytes = std::fs::read(&cassette).unwrap();
    std::fs::remove_file(&cassette).unwrap();
    let names: Vec<String> = (0..20).map(|i| format!("{i:032x}.json")).collect();
    for name in &names {
        std::fs::write(outside.join(name), &bytes).unwrap();
    }
    let registry = ulcas::registry::Registry::default();
    let live = ulcas::prune::LiveSet::default();
    for round in 0..40 {
        std::fs::create_dir_all(&v1).unwrap();
        for name in &names {
            std::fs::write(v1.join(name), &bytes).unwrap();
        }
        let plan =
            ulcas::prune::plan(&store, &registry, &live, Default::default(), &|_| {}).unwrap();
        assert_eq!(plan.deletable(), 20, "round {round}");
        let stop = Arc::new(AtomicBool::new(false));
        let swapper = {
            let (stop, v1, outside) = (stop.clone(), v1.clone(), outside.clone());
            let real = v1.with_file_name("v1.real");
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    if std::fs::rename(&v1, &real).is_ok() {
                        let _ = std::os::unix::fs::symlink(&outside, &v1);
                        std::thread::yield_now();
                        let _ = std::fs::remove_file(&v1);
                        let _ = std::fs::rename(&real, &v1);
                    }
                }
            })
        };
        let store = ulcas::store_settings::StoreSettings::with_registry(&store, registry.clone());
        let _ = ulcas::prune::prune_store(
            &store,
            &live,
            Default::default(),
            true,
            &ulcas::outcome::NoProgress,
            &mut ulcas::sink::Collect::default(),
        );
        stop.store(true, Ordering::Relaxed);
        swapper.join().unwrap();
        for name in &names {
            assert!(
                outside.join(name).exists(),
                "round {round}: {name} outside the store was deleted"
            );
        }
        // Put the folder back for the next round, whatever state the swapper left.
        let real = v1.with_file_name("v1.real");
        if real.exists() {
            let _ = std::fs::remove_file(&v1);
            std::fs::rename(&real, &v1).unwrap();
        }
    }
}

/// Runs `ulcas ARGS` in `dir`, killing it after 30 s: (exit code, stderr).
fn bounded(dir: &Path, args: &[&str]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ulcas"))
        .current_dir(dir)
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(30) {
            child.kill().unwrap();
            panic!("ulcas {args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn what_is_not_a_regular_file_is_refused_not_read() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_tree(
        &Path::new(MANIFEST).join("cassettes"),
        &dir.path().join("cassettes"),
    );
    let lesson = fixture("requests/lesson.json");
    let cases: [&[&str]; 7] = [
        &["hash", "/dev/zero"],
        &["normalize", "/dev/zero"],
        &["lookup", "/dev/zero"],
        &["verify", "--config", "/dev/zero"],
        &["prune", "cassettes", "--journal", "/dev/zero"],
        &["record", &lesson, "--response", "/dev/zero"],
        &["lookup", &lesson, "--schema", "/dev/zero"],
    ];
    for args in cases {
        let (code, err) = bounded(dir.path(), args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.contains("/dev/zero: not a regular file"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn verify_checks_what_the_driver_would_load_through_links() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("store");
    common::copy_tree(&Path::new(MANIFEST).join("cassettes"), &store);
    let lesson = std::fs::read_dir(store.join("lesson/v1"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let text = std::fs::read_to_string(&lesson).unwrap();
    // A linked cassette inside the store whose target holds an API key.
    std::fs::create_dir_all(store.join("shared")).unwrap();
    let with_key = text.replacen("\"model\": \"", "\"model\": \"sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA-BBBBBBAA ", 1);
    std::fs::write(store.join("shared/target.json"), with_key).unwrap();
    std::fs::remove_file(&lesson).unwrap();
    std::os::unix::fs::symlink("../../shared/target.json", &lesson).unwrap();
    // A link that leaves the store.
    std::fs::write(dir.path().join("outside.json"), &text).unwrap();
    let outside_link = store.join("metadata/v1/0123456789abcdef0123456789abcdef.json");
    std::os::unix::fs::symlink(dir.path().join("outside.json"), &outside_link).unwrap();
    // A pipe at a cassette path.
    let fifo = store.join("quiz/v1/fedcba9876543210fedcba9876543210.json");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );

    let (code, _) = bounded(dir.path(), &["verify", "store"]);
    assert_eq!(code, 1);
    let run = common::ulcas_in(dir.path(), &["verify", "store", "--format", "json"]);
    let findings: Vec<serde_json::Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|e| e["type"] == "finding")
        .collect();
    let about = |path: &Path, check: &str| {
        let shown = path
            .strip_prefix(dir.path())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        findings
            .iter()
            .any(|f| f["path"] == shown.as_str() && f["check"] == check)
    };
    assert!(
        about(&lesson, "secret"),
        "the linked cassette was not checked: {}",
        run.stdout
    );
    assert!(about(&outside_link, "link-outside-store"), "{}", run.stdout);
    assert!(about(&fifo, "special-file"), "{}", run.stdout);
}

#[test]
fn crafted_file_names_cannot_rewrite_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("store");
    common::copy_tree(&Path::new(MANIFEST).join("cassettes"), &store);
    std::fs::write(
        store.join("lesson/v1/evil\nline\x1b[2J\x1b]0;pwned\x07.json"),
        "{",
    )
    .unwrap();
    let run = common::ulcas_in(dir.path(), &["verify", "store"]);
    assert!(
        !run.stdout.contains('\x1b') && !run.stdout.contains('\x07'),
        "{:?}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("evil\\nline\\x1b[2J\\x1b]0;pwned\\x07.json:1\n"),
        "{}",
        run.stdout
    );
    // JSON keeps the name exact (serde escapes it).
    let run = common::ulcas_in(dir.path(), &["verify", "store", "--format", "json"]);
    assert!(
        run.stdout
            .contains(r#""path":"store/lesson/v1/evil\nline\u001b[2J\u001b]0;pwned\u0007.json""#),
        "{}",
        run.stdout
    );
}

/// The attacker's recipe of the lock race, whole: ten `ulcas record`s of the stale outline v1
/// in a loop, `prune --delete --include-last-recordings` started 0 to 80 ms later (emptying that
/// version and dropping its entry), `ulcas lock` twice while the records may still run, then
/// every version with cassettes has its entry and no entry outlives its cassettes.
#[test]
fn a_loop_of_records_racing_prune_and_lock_leaves_every_version_locked() {
    let dir = crate::common::sample_with_registry();
    let d = dir.path();
    let pristine = tempfile::tempdir().unwrap();
    crate::common::copy_tree(&d.join("cassettes"), pristine.path());
    let mut request: serde_json::Value =
        serde_json::from_slice(&std::fs::read(fixture("requests/outline.json")).unwrap()).unwrap();
    request["prompt_version"] = serde_json::json!(1);
    for i in 0..10 {
        request["blocks"][0]["text"] = serde_json::json!(format!("recorded in the loop: {i}"));
        std::fs::write(d.join(format!("req{i}.json")), request.to_string()).unwrap();
    }
    std::fs::write(d.join("answer.txt"), "{\"modules\":[]}").unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_ulcas"))
            .current_dir(d)
            .args(args)
            .output()
            .unwrap()
    };
    let (mut disagreements, mut interleaved) = (Vec::new(), 0);
    for trial in 0..8u64 {
        std::fs::remove_dir_all(d.join("cassettes")).unwrap();
        crate::common::copy_tree(pristine.path(), &d.join("cassettes"));
        std::thread::scope(|scope| {
            scope.spawn(|| {
                for i in 0..10 {
                    let req = format!("req{i}.json");
                    run(&[
                        "record",
                        &req,
                        "--response",
                        "answer.txt",
                        "--cassettes",
                        "cassettes",
                        "--prompts",
                        "prompts",
                        "--force",
                    ]);
                }
            });
            std::thread::sleep(Duration::from_millis(trial * 11 % 81));
            let store = ["cassettes", "--prompts", "prompts"];
            run(&[
                &["prune", "--delete", "--include-last-recordings"][..],
                &store,
            ]
            .concat());
            run(&[&["lock"][..], &store].concat());
            run(&[&["lock"][..], &store].concat());
        });
        let root = d.join("cassettes");
        // Records on both sides of the prune: some of the ten outlived it, some did not.
        let census = ulcas::store::census(&root).unwrap();
        let outline_v1 = census.get("outline").and_then(|v| v.get(&1)).copied();
        if outline_v1.is_some_and(|n| (1..10).contains(&n)) {
            interleaved += 1;
        }
        disagreements.extend(super::lock_disagreements(&root, trial));
        let verify = run(&[
            "verify",
            "cassettes",
            "--prompts",
            "prompts",
            "--format",
            "json",
        ]);
        let out = String::from_utf8_lossy(&verify.stdout);
        if out.contains("\"unlocked\"") {
            disagreements.push(format!("trial {trial}: verify says unlocked: {out}"));
        }
    }
    assert!(disagreements.is_empty(), "{disagreements:#?}");
    assert!(interleaved > 0, "no trial ran the prune amid the records");
}
