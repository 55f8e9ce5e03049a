//! Every writer keeps the lock current, and every command that leaves it behind names the
//! last step.

use super::*;

#[test]
fn recordings_added_after_the_lock_are_unlocked() {
    let m = Monorepo::locked();
    common::bump_prompt(
        &m.path("api/packages/course-builder/resources/prompts/quiz"),
        "",
    );
    let from = m.path(&format!("{CB_STORE}/quiz/v1"));
    let to = m.path(&format!("{CB_STORE}/quiz/v2"));
    std::fs::create_dir_all(&to).unwrap();
    let first = std::fs::read_dir(&from).unwrap().next().unwrap().unwrap();
    std::fs::copy(first.path(), to.join(first.file_name())).unwrap();
    let (code, unlocked) = m.findings("unlocked");
    assert!(code < 2);
    assert_eq!(unlocked.len(), 1, "{unlocked:?}");
    assert_eq!(unlocked[0].0, format!("{CB_STORE}/quiz/v2"));
    let run = m.ulcas(&["lock"]);
    assert!(
        run.stdout
            .contains(&format!("added     {CB_STORE}/quiz/v2")),
        "{}",
        run.stdout
    );
    assert_eq!(m.findings("unlocked").1, Vec::new());
}

/// Only in a store that has a lock: `record` adds the entry of a version it writes into (never
/// changes one), and `prune --delete` drops the entries of versions it empties.
#[test]
fn writers_keep_the_lock_current() {
    let dir = common::sample_with_registry();
    let lock_path = dir.path().join("cassettes/ulcas.lock");
    let ulcas = |args: &[&str]| common::ulcas_in(dir.path(), args);
    let entries = || {
        std::fs::read_to_string(&lock_path)
            .unwrap()
            .lines()
            .filter(|l| l.starts_with('['))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert!(entries().contains(&"[\"outline/v1\"]".to_owned()));
    // prune --delete empties outline/v1: its entry goes.
    let run = ulcas(&["prune", "cassettes", "--prompts", "prompts", "--delete"]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        !entries().contains(&"[\"outline/v1\"]".to_owned()),
        "{:?}",
        entries()
    );
    assert!(entries().contains(&"[\"outline/v2\"]".to_owned()));

    // A quiz v2 prompt and a recording of it: record adds quiz/v2.
    common::bump_prompt(&dir.path().join("prompts/quiz"), "");
    let v1 = std::fs::read_to_string(dir.path().join("prompts/quiz/v1.md")).unwrap();
    let mut dump: Value = serde_json::from_slice(
        &std::fs::read(Path::new(MANIFEST).join("tests/fixtures/requests/quiz.json")).unwrap(),
    )
    .unwrap();
    dump["prompt_version"] = 2.into();
    std::fs::write(dir.path().join("quiz-v2.json"), dump.to_string()).unwrap();
    std::fs::write(dir.path().join("answer.txt"), "{\"questions\": []}").unwrap();
    let record = [
        "record",
        "quiz-v2.json",
        "--response",
        "answer.txt",
        "--cassettes",
        "cassettes",
        "--prompts",
        "prompts",
    ];
    let run = ulcas(&record);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        entries().contains(&"[\"quiz/v2\"]".to_owned()),
        "{:?}",
        entries()
    );

    // An entry is never changed by a writer: an edited v2 prompt stays an edit for verify.
    let before = std::fs::read(&lock_path).unwrap();
    std::fs::write(
        dir.path().join("prompts/quiz/v2.md"),
        v1.replace("version: 1", "version: 2") + "Edited.\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("answer.txt"), "{\"questions\": [1]}").unwrap();
    let mut forced = record.to_vec();
    forced.push("--force");
    assert_eq!(ulcas(&forced).code, 0);
    assert_eq!(std::fs::read(&lock_path).unwrap(), before);
    let run = ulcas(&[
        "verify",
        "cassettes",
        "--prompts",
        "prompts",
        "--format",
        "json",
    ]);
    assert!(
        run.stdout.contains("\"check\":\"prompt-edited\""),
        "{}",
        run.stdout
    );
}

/// `migrate --write` adds the entry of the version it writes into when the lock lacks it.
#[test]
fn migrate_adds_a_missing_entry() {
    let dir = common::sample_with_registry();
    let lock_path = dir.path().join("cassettes/ulcas.lock");
    let text = std::fs::read_to_string(&lock_path).unwrap();
    let start = text.find("[\"quiz/v1\"]").unwrap();
    let end = text[start..]
        .find("\n\n")
        .map_or(text.len(), |e| start + e + 1);
    std::fs::write(&lock_path, format!("{}{}", &text[..start], &text[end..])).unwrap();
    assert!(
        !std::fs::read_to_string(&lock_path)
            .unwrap()
            .contains("quiz/v1")
    );
    common::widen_quiz_schema(dir.path());
    let run = common::ulcas_in(
        dir.path(),
        &[
            "migrate",
            "quiz",
            "cassettes",
            "--prompts",
            "prompts",
            "--write",
        ],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let lock = std::fs::read_to_string(&lock_path).unwrap();
    assert!(lock.contains("[\"quiz/v1\"]"), "{lock}");
    let verify = common::ulcas_in(
        dir.path(),
        &[
            "verify",
            "cassettes",
            "--prompts",
            "prompts",
            "--format",
            "json",
        ],
    );
    assert!(
        !verify.stdout.contains("schema-edited"),
        "{}",
        verify.stdout
    );
}

/// A lock file over the 64 MiB any command reads is named as a lock file by `lock` as by
/// `verify` (it was called "too large for a cassette (16 MiB)").
#[test]
fn a_huge_lock_is_called_a_lock_file_by_every_command() {
    let dir = crate::common::sample_with_registry();
    let lock = dir.path().join("cassettes/ulcas.lock");
    let mut text = std::fs::read_to_string(&lock).unwrap();
    text.push_str(&format!("# {}\n", "x".repeat(70 << 20)));
    std::fs::write(&lock, text).unwrap();
    for command in ["lock", "verify"] {
        let run =
            crate::common::ulcas_in(dir.path(), &[command, "cassettes", "--prompts", "prompts"]);
        let said = format!("{}{}", run.stdout, run.stderr);
        assert!(
            said.contains("ulcas.lock: larger than 64 MiB: too large for a lock file"),
            "{command}: {said}"
        );
    }
}

/// After a schema change, the commands that leave the lock behind name the step that brings it
/// back, with the real version; a stale version's edit advises the prune that removes it.
#[test]
fn every_command_that_leaves_the_lock_behind_names_the_last_step() {
    let dir = sample_with_registry();
    let d = dir.path();
    let registry = ["--prompts", "prompts"];
    let run = |args: &[&str]| {
        let mut full = args.to_vec();
        full.extend(registry);
        ulcas_in(d, &full)
    };
    // The outline schema, shared by the stale v1 and the current v2, edited.
    let file = d.join("schemas/outputs/outline.json");
    let mut schema: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    schema["description"] = "edited".into();
    std::fs::write(&file, schema.to_string()).unwrap();
    let verify = run(&["verify", "cassettes", "--format", "json"]);
    let ev = events(&verify.stdout);
    let edited: Vec<&str> = ev
        .iter()
        .filter(|e| e["check"] == "schema-edited")
        .map(|e| e["message"].as_str().unwrap())
        .collect();
    assert_eq!(edited.len(), 2, "{}", verify.stdout);
    assert!(
        edited.iter().any(|m| m.contains("outline/v1")
            && m.contains("can never be hit again")
            && m.contains("prune cassettes --prompts prompts --delete")),
        "{edited:?}"
    );
    assert!(
        edited.iter().any(|m| m.contains("outline/v2")
            && m.contains("lock cassettes --prompts prompts --accept outline/v2")),
        "{edited:?}"
    );
    // Restored as it was.
    std::fs::copy(
        Path::new(MANIFEST).join("tests/fixtures/schemas/outputs/outline.json"),
        &file,
    )
    .unwrap();

    // The quiz schema widened: migrate, prune, then the accept they name.
    crate::common::widen_quiz_schema(d);
    let migrate = run(&["migrate", "quiz", "cassettes", "--write"]);
    assert_eq!(migrate.code, 0, "{}", migrate.stderr);
    let accept = "ulcas lock cassettes --prompts prompts --accept quiz/v1";
    assert!(migrate.stdout.contains(accept), "{}", migrate.stdout);
    let json = run(&[
        "migrate",
        "quiz",
        "cassettes",
        "--write",
        "--format",
        "json",
    ]);
    assert!(
        json.stdout.contains("\"lock_accept\":[\""),
        "{}",
        json.stdout
    );
    let prune = run(&["prune", "cassettes", "--delete"]);
    assert_eq!(prune.code, 0, "{}", prune.stderr);
    assert!(prune.stdout.contains(accept), "{}", prune.stdout);
    assert!(
        prune
            .stdout
            .contains("ulcas.lock: dropped the entry of outline/v1"),
        "{}",
        prune.stdout
    );
    assert_eq!(run(&["verify", "cassettes"]).code, 1);
    let words: Vec<&str> = accept.split(' ').skip(1).collect();
    assert_eq!(ulcas_in(d, &words).code, 0);
    let verify = run(&["verify", "cassettes", "--format", "json"]);
    assert_eq!(verify.code, 0, "{}", verify.stdout);
    assert_eq!(of_type(&events(&verify.stdout), "summary")[0]["errors"], 0);
}

/// `lock` over two stores that lock the same task names each entry's store.
#[test]
fn lock_names_the_store_of_each_entry() {
    let m = crate::stores::monorepo::Monorepo::new(true);
    let run = m.ulcas(&["lock"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    for store in [
        crate::stores::monorepo::CB_STORE,
        crate::stores::monorepo::LC_STORE,
    ] {
        assert!(
            run.stdout
                .contains(&format!("added     {store}/grounding/v1")),
            "{}",
            run.stdout
        );
    }
}

/// A lock that cannot be written when a recording needs its entry (a full disk; here a lock
/// whose mode forbids writing) leaves no cassette behind: the recording is refused whole, so
/// that the store never holds a cassette its lock does not cover while the writer says it was
/// not recorded.
#[test]
fn a_lock_that_cannot_be_written_takes_the_cassette_back() {
    use std::os::unix::fs::PermissionsExt;
    let ws = common::sample_with_registry();
    common::bump_prompt(&ws.path().join("prompts/quiz"), "\nOne more line.");
    let quiz = std::fs::read_to_string(
        std::path::Path::new(common::MANIFEST).join("tests/fixtures/requests/quiz.json"),
    )
    .unwrap();
    let quiz = quiz.replace("\"prompt_version\": 1", "\"prompt_version\": 2");
    assert!(quiz.contains("\"prompt_version\": 2"));
    std::fs::write(ws.path().join("quiz-v2.json"), &quiz).unwrap();
    std::fs::write(ws.path().join("answer.json"), "{\"questions\": []}").unwrap();
    let lock = ws.path().join("cassettes/ulcas.lock");
    let before = std::fs::read(&lock).unwrap();
    std::fs::set_permissions(&lock, std::fs::Permissions::from_mode(0o444)).unwrap();
    let args = [
        "record",
        "quiz-v2.json",
        "--cassettes",
        "cassettes",
        "--prompts",
        "prompts",
        "--response",
        "answer.json",
    ];
    let refused = common::ulcas_in(ws.path(), &args);
    assert_eq!(refused.code, 2, "{}{}", refused.stdout, refused.stderr);
    assert!(refused.stderr.contains("ulcas.lock"), "{}", refused.stderr);
    let v2 = ws.path().join("cassettes/quiz/v2");
    let left: Vec<_> = std::fs::read_dir(&v2)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "no cassette without its entry: {left:?}");
    assert_eq!(std::fs::read(&lock).unwrap(), before);
    // Writable again: recorded, with its entry.
    std::fs::set_permissions(&lock, std::fs::Permissions::from_mode(0o644)).unwrap();
    let recorded = common::ulcas_in(ws.path(), &args);
    assert_eq!(recorded.code, 0, "{}{}", recorded.stdout, recorded.stderr);
    assert!(std::fs::read_to_string(&lock).unwrap().contains("quiz"));
    let verify = common::ulcas_in(ws.path(), &["verify", "cassettes", "--prompts", "prompts"]);
    assert!(!verify.stdout.contains("unlocked"), "{}", verify.stdout);
}
