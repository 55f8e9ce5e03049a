//! The driver facade (`ulcas::driver`) and the request serialiser, against the reference
//! vectors: every vector request's dump written by `Request::to_dump` reads back to the same
//! request and key, and `Driver` replays what the reference recorded.

use std::path::Path;

use ulcas::driver::{Driver, DriverError, MissReason};
use ulcas::request::Request;
use ulcas::store::Recording;

fn vector_requests() -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/vectors");
    let mut files = Vec::new();
    for sub in ["requests", "requests-b"] {
        for e in std::fs::read_dir(dir.join(sub)).unwrap() {
            files.push(e.unwrap().path());
        }
    }
    files.sort();
    assert!(files.len() > 100, "the vectors are there: {}", files.len());
    files
}

#[test]
fn a_dump_written_by_to_dump_reads_back_to_the_same_request_and_key() {
    for file in vector_requests() {
        let request = Request::from_file(&file).unwrap();
        let dump = request.to_dump();
        assert!(
            dump.ends_with('\n') && !dump.trim_end().contains('\n'),
            "one line"
        );
        let back = Request::from_slice(dump.as_bytes())
            .unwrap_or_else(|e| panic!("{}: {e}\n{dump}", file.display()));
        assert_eq!(
            ulcas::key::key_of(&back),
            ulcas::key::key_of(&request),
            "{}",
            file.display()
        );
        assert_eq!(back.blocks, request.blocks, "{}", file.display());
        assert_eq!(back.turns, request.turns, "{}", file.display());
        assert_eq!((back.model, back.system), (request.model, request.system));
    }
}

#[test]
fn the_builder_makes_the_request_a_dump_describes() {
    let schema = ulcas::schema::Schema::parse(r#"{"type":"object"}"#).unwrap();
    let built = Request::new("quiz", 2, schema)
        .with_text("<fragment id=\"frg_abcdefghijkm\">Grind</fragment>")
        .with_document("QUJD", Some("application/pdf".into()))
        .with_turn("assistant", "{}")
        .with_turn("user", "errors")
        .with_model("m")
        .with_system("You write quizzes.");
    let dump =
        br#"{"task": "quiz", "prompt_version": 2, "model": "m", "system": "You write quizzes.",
        "schema": {"type": "object"},
        "blocks": [{"type": "text", "text": "<fragment id=\"frg_abcdefghijkm\">Grind</fragment>"},
                   {"type": "document", "data": "QUJD", "media_type": "application/pdf"}],
        "turns": [{"role": "assistant", "text": "{}"}, {"role": "user", "text": "errors"}]}"#;
    assert_eq!(built, Request::from_slice(dump).unwrap());
}

#[test]
fn the_driver_replays_the_sample_store_and_misses_with_the_reference_line() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("cassettes");
    let driver = Driver::open(&root).unwrap();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/requests");
    let quiz = Request::from_file(&fixtures.join("quiz.json")).unwrap();
    let replay = driver.replay(&quiz).unwrap();
    assert!(replay.text.contains("frg_p3e2z8iq9y7j"), "{}", replay.text);
    assert_eq!(replay.stop_reason, "end_turn");
    let edited =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/requests/outline-edited.json");
    let edited = Request::from_file(&edited).unwrap();
    let Err(DriverError::Miss(miss)) = driver.replay(&edited) else {
        panic!("an edited request misses")
    };
    assert_eq!(
        miss.line(),
        format!(
            "No cassette for task \"outline\" (prompt v{}) at {}",
            edited.prompt_version,
            miss.path.display()
        )
    );
    assert!(matches!(miss.reason, MissReason::NoCassette { recorded } if recorded > 0));
    // The same request, explained as `ulcas lookup` does.
    let lookup = driver.explain(&edited, &[]).unwrap();
    assert!(!lookup.diagnoses.is_empty());
}

#[test]
fn a_recording_made_through_the_driver_is_the_reference_recorders_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let driver = Driver::open(dir.path()).unwrap();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/requests");
    let quiz = Request::from_file(&fixtures.join("quiz.json")).unwrap();
    let stored = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("cassettes")
            .join(ulcas::key::key_of(&quiz).path_under(Path::new(""))),
    )
    .unwrap();
    let cassette = ulcas::cassette::Cassette::from_slice(&stored).unwrap();
    let replayed = cassette.replay(&ulcas::key::KeyMaterial::of(&quiz).content.map);
    let mut recording = Recording::new(replayed, cassette.model.clone());
    recording.usage = cassette.usage.clone();
    let recorded = driver.record(&quiz, &recording).unwrap();
    let written = std::fs::read(&recorded.path).unwrap();
    let reference = ulcas::store::cassette_for(&quiz, &recording, false)
        .unwrap()
        .0;
    assert_eq!(
        written,
        reference.render().into_bytes(),
        "the reference recorder format"
    );
}

/// The README's run of `examples/driver.rs` is real: the example (built by `cargo test`) prints
/// what the block shows.
#[test]
fn the_example_driver_prints_what_the_readme_shows() {
    let readme = crate::common::guide();
    let start = readme
        .find("$ cargo run --example driver --no-default-features -- ")
        .expect("the guide runs the example");
    let block = &readme[start..readme[start..].find("```").unwrap() + start];
    let mut lines = block.lines();
    let command = lines.next().unwrap();
    let expected: String = lines.map(|l| format!("{l}\n")).collect();
    let args: Vec<&str> = command.split(" -- ").nth(1).unwrap().split(' ').collect();
    // target/<profile>/deps/it-… → target/<profile>/examples/driver
    let exe = std::env::current_exe().unwrap();
    let example = exe
        .parent()
        .unwrap()
        .parent()
        .unwrap()
        .join("examples/driver");
    if !example.exists() {
        eprintln!(
            "skipped: {} is not built (cargo test builds it)",
            example.display()
        );
        return;
    }
    let out = std::process::Command::new(example)
        .args(&args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "a miss exits 1");
    let printed = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
    assert_eq!(printed, expected);
}

/// What the driver reads is what lies in the store: a version or task folder linked inside the
/// store is followed (the PHP driver follows it, `verify` checks it), one linked out of it is
/// refused naming the file, and a FIFO at a cassette's place is refused at once (never a hang).
#[test]
fn the_driver_reads_nothing_out_of_the_store_and_no_fifo() {
    for cached in [false, true] {
        reads_nothing_out_of_the_store(cached);
    }
}

/// The same with the cache of parsed cassettes (`Driver::with_cache`, serve's): the file of a
/// cached cassette moved out of the store with its folder and linked back is refused too.
fn reads_nothing_out_of_the_store(cached: bool) {
    let ws = tempfile::tempdir().unwrap();
    let store = ws.path().join("store");
    crate::common::copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("cassettes"),
        &store,
    );
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/requests");
    let quiz = Request::from_file(&fixtures.join("quiz.json")).unwrap();
    let driver = Driver::open(&store).unwrap();
    let driver = if cached { driver.with_cache() } else { driver };
    let expected = driver.replay(&quiz).unwrap();
    // Linked inside the store: followed.
    std::fs::rename(store.join("quiz/v1"), store.join("quiz/real-v1")).unwrap();
    std::os::unix::fs::symlink("real-v1", store.join("quiz/v1")).unwrap();
    assert_eq!(driver.replay(&quiz).unwrap().text, expected.text);
    // Linked out of it: refused, naming the file.
    let outside = tempfile::tempdir().unwrap();
    std::fs::remove_file(store.join("quiz/v1")).unwrap();
    std::fs::rename(store.join("quiz/real-v1"), outside.path().join("v1")).unwrap();
    std::os::unix::fs::symlink(outside.path().join("v1"), store.join("quiz/v1")).unwrap();
    match driver.replay(&quiz) {
        Err(DriverError::CorruptCassette { path, error }) => {
            assert!(path.starts_with(&store), "{}", path.display());
            assert!(
                error.to_string().contains("leads out of the store"),
                "{error}"
            );
        }
        other => panic!("{other:?}"),
    }
    // A FIFO where the cassette should be.
    let outline = Request::from_file(&fixtures.join("outline.json")).unwrap();
    let (_, path) = driver.key(&outline);
    std::fs::remove_file(&path).unwrap();
    rustix::fs::mknodat(
        rustix::fs::CWD,
        &path,
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o644),
        0,
    )
    .unwrap();
    let e = driver.replay(&outline).unwrap_err().to_string();
    assert!(e.contains("not a regular file"), "{e}");
}

/// The cache of parsed cassettes (serve's) never answers from a file that changed: one
/// rewritten in place with the same size at once (the same stamp when the clock has not
/// ticked), one replaced by a rename, one removed, one touched through a second name.
#[test]
fn a_cached_cassette_changed_on_disk_is_served_as_it_is_now() {
    let ws = tempfile::tempdir().unwrap();
    let store = ws.path().join("store");
    crate::common::copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("cassettes"),
        &store,
    );
    let quiz = Request::from_file(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/requests/quiz.json"),
    )
    .unwrap();
    let driver = Driver::open(&store).unwrap().with_cache();
    let (_, path) = driver.key(&quiz);
    let original = std::fs::read_to_string(&path).unwrap();
    let first = driver.replay(&quiz).unwrap().text;
    assert!(first.contains("\"questions\""));
    // The answer's first "question" letter changed, the size kept: written in place.
    let edit = |text: &str, n: usize| {
        let at = text.find("question").unwrap();
        let mut bytes = text.as_bytes().to_vec();
        bytes[at] = b"QRSTU"[n];
        String::from_utf8(bytes).unwrap()
    };
    for n in 0..3 {
        let changed = edit(&original, n);
        std::fs::write(&path, &changed).unwrap();
        let now = driver.replay(&quiz).unwrap().text;
        let letter = char::from(b"QRSTU"[n]);
        assert!(
            now.contains(&format!("{letter}uestions")),
            "a rewrite in place, {n}"
        );
        let again = driver.replay(&quiz).unwrap().text;
        assert_eq!(now, again, "served twice from the cache");
    }
    // Replaced by a rename: the new file's answer.
    let next = path.with_extension("tmp");
    std::fs::write(&next, edit(&original, 3)).unwrap();
    std::fs::rename(&next, &path).unwrap();
    assert!(driver.replay(&quiz).unwrap().text.contains("Tuestion"));
    // Written through a second name outside the folder (a hard link).
    let other = ws.path().join("second-name.json");
    std::fs::hard_link(&path, &other).unwrap();
    std::fs::write(&other, edit(&original, 4)).unwrap();
    assert!(driver.replay(&quiz).unwrap().text.contains("Uuestion"));
    // Removed: a miss.
    std::fs::remove_file(&path).unwrap();
    assert!(matches!(driver.replay(&quiz), Err(DriverError::Miss(_))));
    std::fs::write(&path, &original).unwrap();
    assert_eq!(driver.replay(&quiz).unwrap().text, first);
}

/// One record path: the driver's (and the store's) refuse an answer that names a placeholder the
/// request does not have, as `ulcas record` does, with the same words; nothing is written.
#[test]
fn the_driver_refuses_an_answer_with_unknown_placeholders() {
    let store = tempfile::tempdir().unwrap();
    let driver = Driver::open(store.path()).unwrap();
    let request = Request::from_slice(
        br#"{"task": "quiz", "prompt_version": 1, "schema": {"type": "object"},
            "blocks": [{"type": "text", "text": "<fragment id=\"frg_abcdefghijkm\">"}]}"#,
    )
    .unwrap();
    let answer = Recording::new(r#"{"cites": ["frg_abcdefghijkm", "{{frg_2}}"]}"#, "m");
    let e = driver.record(&request, &answer).unwrap_err().to_string();
    assert!(
        e.contains(
            "the answer uses {{frg_2}} that the request does not have (it has one placeholder)"
        ),
        "{e}"
    );
    assert!(!driver.key(&request).1.exists());
    let e = ulcas::store::record(store.path(), &request, &answer, Default::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("{{frg_2}}"), "{e}");
    assert_eq!(std::fs::read_dir(store.path()).unwrap().count(), 0);
}
