//! An edit the key cannot see is seen through the lock: a prompt or schema edited without a
//! bump fails verify, a proper bump or a front-matter change does not, lookup flags a hit that
//! answers an older text.

use super::*;

#[test]
fn a_prompt_edited_without_a_bump_fails_verify() {
    let m = Monorepo::locked();
    assert_eq!(m.findings("prompt-edited").1, Vec::new());
    let lock = std::fs::read_to_string(m.path(&format!("{CB_STORE}/ulcas.lock"))).unwrap();
    assert!(lock.contains("[\"quiz/v1\"]"), "{lock}");
    assert!(lock.contains("schema = \"built in code\""), "patch: {lock}");
    // The store's lock is part of the store, never a stray file.
    let run = m.ulcas(&["verify", "--format", "json"]);
    assert!(!run.stdout.contains("ulcas.lock"), "{}", run.stdout);

    m.edit(QUIZ_PROMPT, |t| t + "Always answer in French.\n");
    let (code, edited) = m.findings("prompt-edited");
    assert_eq!(code, 1);
    assert_eq!(edited.len(), 1, "{edited:?}");
    assert_eq!(edited[0].0, QUIZ_PROMPT);
    assert!(
        edited[0].1.contains("put the new text in v2.md"),
        "{}",
        edited[0].1
    );
    assert!(edited[0].1.contains("--accept quiz/v1"), "{}", edited[0].1);

    // `lock` never takes the edit silently: it reports it, exits 1 and keeps the entry.
    let before = std::fs::read(m.path(&format!("{CB_STORE}/ulcas.lock"))).unwrap();
    let run = m.ulcas(&["lock", "--format", "json"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let ev = events(&run.stdout);
    let differs: Vec<&Value> = of_type(&ev, "locked")
        .into_iter()
        .filter(|e| e["change"] == "differs")
        .collect();
    assert_eq!(differs.len(), 1, "{}", run.stdout);
    assert_eq!(
        (differs[0]["task"].as_str(), &differs[0]["version"]),
        (Some("quiz"), &Value::from(1))
    );
    assert_eq!(
        std::fs::read(m.path(&format!("{CB_STORE}/ulcas.lock"))).unwrap(),
        before
    );

    // --accept: the recordings were re-made with the new text.
    let run = m.ulcas(&["lock", "--accept", "quiz/v1"]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .contains(&format!("accepted  {CB_STORE}/quiz/v1")),
        "{}",
        run.stdout
    );
    assert_eq!(m.findings("prompt-edited").1, Vec::new());
}

#[test]
fn front_matter_and_surrounding_whitespace_are_no_edit() {
    let m = Monorepo::locked();
    m.edit(QUIZ_PROMPT, |t| {
        t.replace(
            "changelog: First version.",
            "changelog: Reworded the changelog.",
        )
    });
    m.edit(QUIZ_PROMPT, |t| {
        format!(
            "{}\n\n \t\n",
            t.replacen("---\n(prompt", "---\n\n\n  (prompt", 1)
        )
    });
    assert_eq!(m.findings("prompt-edited").1, Vec::new());
    // A Unicode space is not what PHP's trim() strips: that is an edit.
    m.edit(QUIZ_PROMPT, |t| t + "\u{a0}");
    assert_eq!(m.findings("prompt-edited").1.len(), 1);
}

#[test]
fn a_proper_bump_is_no_edit() {
    let m = Monorepo::locked();
    common::bump_prompt(
        &m.path("api/packages/course-builder/resources/prompts/quiz"),
        "Always answer in French.\n",
    );
    let run = m.ulcas(&["verify", "--format", "json"]);
    let ev = events(&run.stdout);
    assert!(
        ev.iter().all(|e| e["check"] != "prompt-edited"),
        "{}",
        run.stdout
    );
    assert!(
        ev.iter().any(|e| e["check"] == "unrecorded-version"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_schema_edited_on_hash_only_cassettes_fails_verify() {
    let m = Monorepo::locked();
    let schema = "api/packages/course-builder/resources/schemas/outputs/quiz.json";
    m.edit(schema, |t| {
        let mut v: Value = serde_json::from_str(&t).unwrap();
        v["properties"]["questions"]["maxItems"] = 9.into();
        serde_json::to_string_pretty(&v).unwrap()
    });
    let (code, edited) = m.findings("schema-edited");
    assert_eq!(code, 1);
    assert_eq!(edited.len(), 1, "{edited:?}");
    assert_eq!(edited[0].0, schema);
    assert!(
        edited[0].1.contains("ulcas migrate quiz"),
        "{}",
        edited[0].1
    );
}

#[test]
fn lock_refuses_without_a_registry_or_with_its_problems() {
    let m = Monorepo::locked();
    let run = m.ulcas(&["lock", CB_STORE, "--config", "/dev/null"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    let bare = m.ulcas(&["lock", "--cassettes", CB_STORE, "--prompts", "nowhere"]);
    assert_eq!(bare.code, 2, "{}", bare.stderr);
    m.edit(
        "api/packages/course-builder/resources/prompts/lesson/v1.md",
        |t| t.replacen("---", "", 1),
    );
    let run = m.ulcas(&["lock"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("not locking while the registry has problems"),
        "{}",
        run.stderr
    );
    let run = m.ulcas(&["lock", "--accept", "quiz"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("expected TASK/vN"), "{}", run.stderr);
}

#[test]
fn without_a_lock_verify_says_how_to_start_once() {
    let dir = common::sample_with_registry();
    std::fs::remove_file(dir.path().join("cassettes/ulcas.lock")).unwrap();
    let run = common::ulcas_in(dir.path(), &["verify", "cassettes", "--prompts", "prompts"]);
    assert_eq!(run.code, 0, "nothing new fails without a lock");
    assert_eq!(
        run.stdout.matches("prompt edits go unseen").count(),
        1,
        "{}",
        run.stdout
    );
}

/// `verify --requests`: a hit cassette recorded with another model, and a dump whose system
/// prompt is not the registry's text, on the sample store with dumps.
#[test]
fn a_test_runs_model_and_system_prompt_are_compared() {
    let dir = common::sample_with_registry();
    let quiz =
        std::fs::read(Path::new(MANIFEST).join("tests/fixtures/requests/quiz.json")).unwrap();
    let prompt = std::fs::read_to_string(dir.path().join("prompts/quiz/v1.md")).unwrap();
    let body = prompt.splitn(3, "---\n").nth(2).unwrap().trim().to_owned();
    std::fs::create_dir_all(dir.path().join("dumps")).unwrap();
    let write = |name: &str, model: &str, system: &str| {
        let mut dump: Value = serde_json::from_slice(&quiz).unwrap();
        dump["model"] = model.into();
        dump["system"] = system.into();
        std::fs::write(dir.path().join("dumps").join(name), dump.to_string()).unwrap();
    };
    let run = |dumps: &str| {
        let r = common::ulcas_in(
            dir.path(),
            &[
                "verify",
                "cassettes",
                "--prompts",
                "prompts",
                "--requests",
                dumps,
                "--format",
                "json",
            ],
        );
        assert!(r.code < 2, "{}", r.stderr);
        let ev = events(&r.stdout);
        let of = |check: &str| {
            ev.iter()
                .filter(|e| e["check"] == check)
                .map(|e| e["path"].as_str().unwrap().to_owned())
                .collect::<Vec<_>>()
        };
        (of("model-changed"), of("prompt-mismatch"))
    };
    // The app's text with whitespace it never sends: compared byte for byte, a mismatch.
    write("same.json", "claude-sonnet-5-5", &format!("\n{body}\n  "));
    assert_eq!(run("dumps").1.len(), 1);
    // The app's own text, exactly, and the recorded model: nothing.
    write("same.json", "claude-sonnet-5-5", &body);
    assert_eq!(run("dumps"), (vec![], vec![]));
    // Another model and another text: one warning each, naming the cassette and the prompt file.
    write("other.json", "claude-opus-9", "Always answer in French.");
    write(
        "other-again.json",
        "claude-opus-9",
        "Always answer in French.",
    );
    let (models, prompts) = run("dumps");
    assert_eq!(
        models,
        vec!["cassettes/quiz/v1/f2fa978d2e64f1557412cd86eebe0ea7.json"]
    );
    // One finding per dump that sent other bytes, each naming the prompt file it differs from.
    assert_eq!(prompts, vec!["dumps/other-again.json", "dumps/other.json"]);
    let human = common::ulcas_in(
        dir.path(),
        &[
            "verify",
            "cassettes",
            "--prompts",
            "prompts",
            "--requests",
            "dumps",
        ],
    );
    assert!(
        human.stdout.contains("prompt-mismatch dumps (2 findings)")
            && human
                .stdout
                .contains("differs, byte for byte, from prompts/quiz/v1.md"),
        "grouped in human output: {}",
        human.stdout
    );
    // A dump whose `system` or `model` is not a string is a broken dump, named.
    let mut dump: Value = serde_json::from_slice(&quiz).unwrap();
    dump["system"] = serde_json::json!([{"type": "text", "text": body}]);
    std::fs::write(dir.path().join("dumps/wire.json"), dump.to_string()).unwrap();
    let broken = common::ulcas_in(
        dir.path(),
        &[
            "verify",
            "cassettes",
            "--prompts",
            "prompts",
            "--requests",
            "dumps/wire.json",
        ],
    );
    assert_eq!(broken.code, 2, "{}", broken.stdout);
    assert!(
        broken.stderr.contains("dumps/wire.json")
            && broken.stderr.contains("`system` must be a string"),
        "{}",
        broken.stderr
    );
}

/// `lookup` says so on a hit whose version's prompt differs from the lock; the answer replays.
#[test]
fn lookup_flags_a_hit_that_answers_an_older_text() {
    let dir = common::sample_with_registry();
    let quiz = Path::new(MANIFEST).join("tests/fixtures/requests/quiz.json");
    let quiz = quiz.to_str().unwrap();
    let lookup = || {
        let run = common::ulcas_in(
            dir.path(),
            &["lookup", quiz, "--prompts", "prompts", "--format", "json"],
        );
        assert_eq!(run.code, 0, "a hit: {}", run.stderr);
        let ev = events(&run.stdout).remove(0);
        let kinds: Vec<String> = ev["diagnosis"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["kind"].as_str().unwrap().to_owned())
            .collect();
        (ev["status"].as_str().unwrap().to_owned(), kinds)
    };
    assert_eq!(lookup(), ("hit".to_owned(), vec![]));
    let prompt = dir.path().join("prompts/quiz/v1.md");
    let text = std::fs::read_to_string(&prompt).unwrap();
    std::fs::write(&prompt, text + "Always answer in French.\n").unwrap();
    assert_eq!(
        lookup(),
        ("hit".to_owned(), vec!["lock-differs".to_owned()])
    );
    let human = common::ulcas_in(dir.path(), &["lookup", quiz, "--prompts", "prompts"]);
    assert!(
        human.stdout.contains("answers an older text"),
        "{}",
        human.stdout
    );
}

/// A recorded version without a prompt file gets no entry, and is reported.
#[test]
fn a_version_without_a_prompt_file_gets_no_entry() {
    let dir = common::sample_with_registry();
    let from = dir.path().join("cassettes/quiz/v1");
    let to = dir.path().join("cassettes/quiz/v7");
    std::fs::create_dir_all(&to).unwrap();
    let first = std::fs::read_dir(&from).unwrap().next().unwrap().unwrap();
    std::fs::copy(first.path(), to.join(first.file_name())).unwrap();
    let run = common::ulcas_in(
        dir.path(),
        &[
            "lock",
            "cassettes",
            "--prompts",
            "prompts",
            "--format",
            "json",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let ev = events(&run.stdout);
    let none = of_type(&ev, "no-prompt");
    assert_eq!(none.len(), 1, "{}", run.stdout);
    assert_eq!(
        (none[0]["task"].as_str(), &none[0]["version"]),
        (Some("quiz"), &Value::from(7))
    );
    let lock = std::fs::read_to_string(dir.path().join("cassettes/ulcas.lock")).unwrap();
    assert!(!lock.contains("quiz/v7"), "{lock}");
    assert_eq!(ev.last().unwrap()["no_prompt"], 1);
}
