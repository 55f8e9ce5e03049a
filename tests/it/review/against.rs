//! `review --against REF`: a re-recording at the same prompt version reviewed against git, and
//! `--reject` / `--interactive` keeping only the answers accepted. Every scenario runs on a
//! temporary git repository holding a copy of a store; a reject is checked against what
//! `git checkout REF -- PATH` writes in a twin copy.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::common::{MANIFEST, copy_tree, events, of_type, ulcas_in};

pub(crate) fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .current_dir(dir)
        .args(args)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@t")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@t")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A git repository at `dir` with the sample store at `store` (relative), its prompts and
/// schemas, committed; JSON files checked out with CRLF line endings (a filter that
/// `git checkout` applies and a reject must apply too).
pub(crate) fn repo_with_sample(dir: &Path, store: &str) {
    git(dir, &["init", "-q", "-b", "main"]);
    copy_tree(&Path::new(MANIFEST).join("cassettes"), &dir.join(store));
    copy_tree(
        &Path::new(MANIFEST).join("tests/fixtures/prompts"),
        &dir.join("prompts"),
    );
    copy_tree(
        &Path::new(MANIFEST).join("tests/fixtures/schemas"),
        &dir.join("schemas"),
    );
    std::fs::write(dir.join(".gitattributes"), "*.json text eol=crlf\n").unwrap();
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-qm", "recordings"]);
    // Check the files out again so that the work tree has what a checkout writes (CRLF).
    git(dir, &["rm", "-rq", "--cached", "."]);
    git(dir, &["reset", "-q", "--hard"]);
}

/// Re-records `path` as the app's recorder would: the answer edited, another model, LF endings.
pub(crate) fn rerecord(path: &Path, from: &str, to: &str) {
    let mut c: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    let text = c["text"].as_str().unwrap().replace(from, to);
    assert_ne!(
        text,
        c["text"].as_str().unwrap(),
        "{from:?} in {}",
        path.display()
    );
    c["text"] = Value::String(text);
    c["model"] = Value::String("claude-opus-5".into());
    c["usage"]["output_tokens"] = Value::from(c["usage"]["output_tokens"].as_u64().unwrap() + 7);
    std::fs::write(path, serde_json::to_string_pretty(&c).unwrap()).unwrap();
}

/// Every file under `dir` but `.git`, by path.
pub(crate) fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_entry(|e| e.file_name() != ".git")
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            (
                e.path().strip_prefix(dir).unwrap().to_path_buf(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

pub(crate) const QUIZ_A: &str = "cassettes/quiz/v1/aafcd8047a635258d26a9d3d43c8c0e6.json";
pub(crate) const QUIZ_B: &str = "cassettes/quiz/v1/f2fa978d2e64f1557412cd86eebe0ea7.json";
pub(crate) const LESSON: &str = "cassettes/lesson/v1/bbcdf195cf3ae6d0486debac02f1d6f5.json";
pub(crate) const OUTLINE: &str = "cassettes/outline/v2/143f45af24e5b69eda58df8f5ec483ea.json";
pub(crate) const ADDED: &str = "cassettes/quiz/v1/00000000000000000000000000000add.json";

/// The sample store re-recorded: two quiz answers and the lesson changed, the outline v2
/// cassette removed, a quiz cassette added.
pub(crate) fn rerecorded(dir: &Path) {
    repo_with_sample(dir, "cassettes");
    rerecord(&dir.join(QUIZ_A), "autolyse", "AUTOLYSE");
    rerecord(&dir.join(QUIZ_B), "autolyse", "AUTOLYSE");
    rerecord(&dir.join(LESSON), "living culture", "living colony");
    std::fs::remove_file(dir.join(OUTLINE)).unwrap();
    std::fs::copy(dir.join(QUIZ_B), dir.join(ADDED)).unwrap();
}

#[test]
pub(crate) fn a_rerecording_lists_what_changed_was_added_and_removed() {
    let dir = tempfile::tempdir().unwrap();
    rerecorded(dir.path());
    let run = ulcas_in(
        dir.path(),
        &[
            "review",
            "--against",
            "--prompts",
            "prompts",
            "--format",
            "json",
        ],
    );
    assert_eq!(run.code, 1, "differences: exit 1\n{}", run.stderr);
    let ev = events(&run.stdout);
    let pairs = of_type(&ev, "pair");
    assert_eq!(pairs.len(), 3, "{ev:?}");
    let quiz = pairs.iter().find(|p| p["to"] == QUIZ_A).unwrap();
    assert_eq!(quiz["from"], format!("HEAD:{QUIZ_A}"));
    assert_eq!(quiz["changed"], true);
    assert_eq!(quiz["model"]["to"], "claude-opus-5");
    assert_eq!(quiz["changes"][0]["pointer"], "/questions/0/prompt");
    assert_eq!(
        quiz["usage"]["to"]["output_tokens"].as_u64().unwrap(),
        quiz["usage"]["from"]["output_tokens"].as_u64().unwrap() + 7
    );
    assert!(quiz["schema_ok"]["from"].is_boolean(), "{quiz}");
    let unpaired = of_type(&ev, "unpaired");
    assert_eq!(unpaired.len(), 2, "{unpaired:?}");
    assert!(unpaired.iter().any(|u| u["side"] == "from"
        && u["why"] == "removed"
        && u["path"] == format!("HEAD:{OUTLINE}")));
    assert!(
        unpaired
            .iter()
            .any(|u| u["side"] == "to" && u["why"] == "added" && u["path"] == ADDED)
    );
    let summary = of_type(&ev, "summary")[0];
    assert_eq!(
        (
            &summary["pairs"],
            &summary["identical"],
            &summary["changed"],
            &summary["added"],
            &summary["removed"],
            &summary["model_changed"]
        ),
        (
            &Value::from(5),
            &Value::from(2),
            &Value::from(3),
            &Value::from(1),
            &Value::from(1),
            &Value::from(3)
        ),
        "{summary}"
    );
    assert_eq!(
        summary["tokens"]["to"]["output_total"].as_u64().unwrap(),
        summary["tokens"]["from"]["output_total"].as_u64().unwrap() + 21
    );

    // --task limits the tasks.
    let run = ulcas_in(
        dir.path(),
        &[
            "review",
            "--against",
            "HEAD",
            "--task",
            "lesson",
            "--format",
            "json",
        ],
    );
    let ev = events(&run.stdout);
    assert_eq!(of_type(&ev, "pair").len(), 1);
    assert!(of_type(&ev, "unpaired").is_empty());

    // Human output says the same.
    let run = ulcas_in(dir.path(), &["review", "--against"]);
    assert!(
        run.stdout.contains("cassettes against HEAD ("),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("5 pairs (identical 2, changed 3), added 1, removed 1"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("model claude-sonnet-5-5 → claude-opus-5"),
        "{}",
        run.stdout
    );
}

#[test]
pub(crate) fn a_reject_writes_exactly_what_git_checkout_writes() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    rerecorded(a.path());
    copy_tree(a.path(), b.path());
    let before = files(a.path());
    let run = ulcas_in(
        a.path(),
        &[
            "review",
            "--against",
            "HEAD",
            "--reject",
            QUIZ_A,
            &format!("HEAD:{OUTLINE}"),
            ADDED,
            "--format",
            "json",
        ],
    );
    assert_eq!(
        run.code, 1,
        "the lesson and one quiz answer are kept: exit 1\n{}",
        run.stderr
    );
    let rejected = of_type(&events(&run.stdout), "rejected")
        .iter()
        .map(|r| {
            (
                r["path"].as_str().unwrap().to_owned(),
                r["action"].as_str().unwrap().to_owned(),
            )
        })
        .collect::<Vec<_>>();
    assert_eq!(
        rejected,
        [
            (OUTLINE.to_owned(), "restored".to_owned()),
            (ADDED.to_owned(), "removed".to_owned()),
            (QUIZ_A.to_owned(), "restored".to_owned()),
        ]
    );
    // The twin: git's own restore.
    git(b.path(), &["checkout", "HEAD", "--", QUIZ_A, OUTLINE]);
    std::fs::remove_file(b.path().join(ADDED)).unwrap();
    let (got, want) = (files(a.path()), files(b.path()));
    assert_eq!(
        got.keys().collect::<Vec<_>>(),
        want.keys().collect::<Vec<_>>()
    );
    for (path, bytes) in &want {
        assert!(
            got[path] == *bytes,
            "{} differs from what git checkout writes",
            path.display()
        );
    }
    assert!(
        got[Path::new(QUIZ_A)].windows(2).any(|w| w == b"\r\n"),
        "the CRLF filter applied"
    );
    assert_ne!(before, got);
    // Nothing else changed: the two kept re-recordings are what they were.
    assert_eq!(got[Path::new(QUIZ_B)], before[Path::new(QUIZ_B)]);
    assert_eq!(got[Path::new(LESSON)], before[Path::new(LESSON)]);
    // And the review now lists only what was kept.
    let run = ulcas_in(a.path(), &["review", "--against", "--format", "json"]);
    let ev = events(&run.stdout);
    let listed: Vec<&str> = of_type(&ev, "pair")
        .iter()
        .map(|p| p["to"].as_str().unwrap())
        .collect();
    assert_eq!(listed, [LESSON, QUIZ_B]);
    assert!(of_type(&ev, "unpaired").is_empty(), "{ev:?}");
}

#[test]
pub(crate) fn a_path_that_is_not_listed_is_refused_and_nothing_changes() {
    let dir = tempfile::tempdir().unwrap();
    rerecorded(dir.path());
    let before = files(dir.path());
    // An unchanged cassette, a path outside the store, a missing one: each refused.
    for wrong in [
        "cassettes/metadata/v1/c7686c4020907bac7bee427af5a73c55.json",
        "prompts/quiz/v1.md",
        "cassettes/quiz/v1/nope.json",
        "../outside.json",
    ] {
        let run = ulcas_in(
            dir.path(),
            &["review", "--against", "--reject", QUIZ_A, wrong],
        );
        assert_eq!(run.code, 2, "{wrong}: {}", run.stderr);
        assert!(
            run.stderr
                .contains("not among the cassettes that differ from HEAD"),
            "{}",
            run.stderr
        );
        assert!(
            run.stderr.contains(wrong.trim_start_matches("../")),
            "{}",
            run.stderr
        );
        assert_eq!(files(dir.path()), before, "{wrong}: nothing changed");
    }
    // Without --against, the flags of a re-recording review are refused by the parser.
    let run = ulcas_in(dir.path(), &["review", "quiz", "--reject", QUIZ_A]);
    assert_eq!(run.code, 2);
    assert_eq!(files(dir.path()), before);
}

#[test]
pub(crate) fn answers_and_the_lock_never_disagree() {
    let dir = tempfile::tempdir().unwrap();
    rerecorded(dir.path());
    let d = dir.path();
    // The lock at REF: written before the re-recording and committed.
    git(d, &["stash", "-q", "--include-untracked"]);
    let lock = ulcas_in(d, &["lock", "cassettes", "--prompts", "prompts"]);
    assert_eq!(lock.code, 0, "{}", lock.stderr);
    git(d, &["add", "-A"]);
    git(d, &["commit", "-qm", "lock", "--allow-empty"]);
    git(d, &["stash", "pop", "-q"]);
    let at_ref = std::fs::read_to_string(d.join("cassettes/ulcas.lock")).unwrap();
    // The prompt of quiz v1 was edited and the re-recording accepted into the lock.
    let prompt = d.join("prompts/quiz/v1.md");
    let text = std::fs::read_to_string(&prompt).unwrap();
    std::fs::write(&prompt, format!("{text}\nAlways answer in French.\n")).unwrap();
    let accepted = ulcas_in(
        d,
        &[
            "lock",
            "cassettes",
            "--prompts",
            "prompts",
            "--accept",
            "quiz/v1",
        ],
    );
    assert_eq!(accepted.code, 0, "{}", accepted.stderr);
    let now = std::fs::read_to_string(d.join("cassettes/ulcas.lock")).unwrap();
    assert_ne!(now, at_ref);
    let run = ulcas_in(d, &["review", "--against", "--format", "json"]);
    let summary = of_type(&events(&run.stdout), "summary")[0].clone();
    // The lock run also dropped outline v2, whose only cassette the re-recording removed.
    assert_eq!(
        summary["lock_changed"],
        serde_json::json!(["outline/v2", "quiz/v1"])
    );

    // Some of quiz v1's answers: refused, naming the version; nothing changed.
    let before = files(d);
    let run = ulcas_in(d, &["review", "--against", "--reject", QUIZ_A]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("quiz/v1"), "{}", run.stderr);
    assert_eq!(files(d), before);

    // All of them (the two re-recorded answers and the added one): the entry goes back too;
    // and the removed outline cassette with its entry.
    let run = ulcas_in(
        d,
        &["review", "--against", "--reject", QUIZ_A, QUIZ_B, ADDED],
    );
    assert_eq!(run.code, 1, "the lesson is kept\n{}", run.stderr);
    let lock_now = std::fs::read_to_string(d.join("cassettes/ulcas.lock")).unwrap();
    assert_ne!(lock_now, at_ref, "outline v2 is still dropped");
    let run = ulcas_in(d, &["review", "--against", "--reject", OUTLINE]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(
        std::fs::read_to_string(d.join("cassettes/ulcas.lock")).unwrap(),
        at_ref
    );
    let again = ulcas_in(d, &["review", "--against", "--format", "json"]);
    let summary = of_type(&events(&again.stdout), "summary")[0].clone();
    assert_eq!(summary["lock_changed"], serde_json::json!([]), "{summary}");
}
