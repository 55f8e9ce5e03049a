//! `review --against` on a terminal and at its edges: interactive mode, errors outside git, paths\nwith spaces, the Markdown limit, the HTML page's command, a real monorepo, a model-only change.

use crate::common::{MANIFEST, copy_tree, events, of_type, ulcas_in};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

use crate::review::against::*;

/// Runs `ulcas ARGS` in `dir` on a pseudo-terminal (util-linux `script`), typing `keys`.
fn on_terminal(dir: &Path, args: &str, keys: &str) -> (i32, String) {
    use std::io::Write;
    let command = format!("{} {args}", env!("CARGO_BIN_EXE_ulcas"));
    let mut child = Command::new("script")
        .current_dir(dir)
        .args(["-qec", &command, "/dev/null"])
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("util-linux `script` runs a command on a pseudo-terminal");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(keys.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n"),
    )
}

#[test]
fn interactive_mode_walks_the_pairs_on_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    rerecorded(dir.path());
    let d = dir.path();
    let before = files(d);
    // By path: the lesson, the outline (removed), the added quiz cassette, quiz A, quiz B.
    // Reject the lesson, accept the removal, skip the added one, reject quiz A, then quit:
    // nothing changes.
    let (code, out) = on_terminal(d, "review --against --interactive", "rasrq");
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("[1/5] cassettes/lesson/v1/"), "{out}");
    assert!(
        out.contains("accept this re-recording? [a]ccept, [r]eject, [s]kip, [q]uit"),
        "{out}"
    );
    assert!(
        out.contains(
            "quit: nothing changed (1 accepted, 2 marked to reject, 1 skipped, 1 not seen)"
        ),
        "{out}"
    );
    assert!(
        out.contains(&format!("--reject {LESSON} --reject {QUIZ_A}")),
        "the command for what was marked: {out}"
    );
    assert_eq!(files(d), before, "nothing changes on quit");
    // The terminal is given back as it was (canonical, echoing, signals on).
    let (_, out) = on_terminal(d, "review --against --interactive; stty -a", "q");
    let words: Vec<&str> = out.split_whitespace().collect();
    assert!(
        ["icanon", "echo", "isig"].iter().all(|w| words.contains(w)),
        "{out}"
    );

    // To the end: the rejected ones are restored, the rest kept.
    let (code, out) = on_terminal(d, "review --against --interactive", "rasrxa");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("a, r, s or q"),
        "an unknown answer asks again: {out}"
    );
    assert!(out.contains("2 accepted, 2 rejected, 1 skipped"), "{out}");
    assert!(
        out.contains(&format!("rejected: restored {LESSON}")),
        "{out}"
    );
    let after = files(d);
    assert_ne!(after[Path::new(LESSON)], before[Path::new(LESSON)]);
    assert_ne!(after[Path::new(QUIZ_A)], before[Path::new(QUIZ_A)]);
    assert_eq!(
        after[Path::new(QUIZ_B)],
        before[Path::new(QUIZ_B)],
        "accepted: kept"
    );
    assert_eq!(
        after[Path::new(ADDED)],
        before[Path::new(ADDED)],
        "skipped: kept"
    );
    assert!(
        !after.contains_key(Path::new(OUTLINE)),
        "the removal was accepted"
    );

    // Without a terminal: refused, naming the flags that work without one.
    let run = ulcas_in(d, &["review", "--against", "--interactive"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--reject PATH"), "{}", run.stderr);
}

#[test]
fn errors_outside_git_with_an_unknown_revision_and_a_store_outside_the_repository() {
    let outside = tempfile::tempdir().unwrap();
    copy_tree(
        &Path::new(MANIFEST).join("cassettes"),
        &outside.path().join("cassettes"),
    );
    let run = ulcas_in(outside.path(), &["review", "--against"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("not in a git work tree"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);

    let dir = tempfile::tempdir().unwrap();
    rerecorded(dir.path());
    let run = ulcas_in(dir.path(), &["review", "--against", "v9.9"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("--against \"v9.9\": no such commit"),
        "{}",
        run.stderr
    );
    // A folder where a revision was meant: said so.
    let run = ulcas_in(dir.path(), &["review", "--against", "cassettes"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("write `--against HEAD cassettes`"),
        "{}",
        run.stderr
    );
    // A store root in another directory than the repository.
    let run = ulcas_in(
        dir.path(),
        &[
            "review",
            "--against",
            "HEAD",
            &outside.path().join("cassettes").display().to_string(),
        ],
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("not in a git work tree"),
        "{}",
        run.stderr
    );
    // A link out of the repository is outside it.
    std::os::unix::fs::symlink(outside.path().join("cassettes"), dir.path().join("linked"))
        .unwrap();
    let run = ulcas_in(dir.path(), &["review", "--against", "HEAD", "linked"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
}

#[test]
fn a_store_path_with_spaces_and_non_ascii() {
    let dir = tempfile::tempdir().unwrap();
    let store = "my stores/café ü/cassettes";
    repo_with_sample(dir.path(), store);
    let quiz = format!("{store}/quiz/v1/aafcd8047a635258d26a9d3d43c8c0e6.json");
    let removed = format!("{store}/outline/v2/143f45af24e5b69eda58df8f5ec483ea.json");
    rerecord(&dir.path().join(&quiz), "autolyse", "AUTOLYSE");
    std::fs::remove_file(dir.path().join(&removed)).unwrap();
    let run = ulcas_in(
        dir.path(),
        &["review", "--against", "HEAD", store, "--format", "json"],
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    let ev = events(&run.stdout);
    assert_eq!(of_type(&ev, "pair")[0]["to"], quiz.as_str());
    let run = ulcas_in(
        dir.path(),
        &[
            "review",
            "--against",
            "HEAD",
            store,
            "--reject",
            &quiz,
            &removed,
        ],
    );
    assert_eq!(run.code, 0, "everything rejected: exit 0\n{}", run.stderr);
    assert_eq!(
        git(dir.path(), &["status", "--porcelain"]),
        "",
        "the work tree is REF again"
    );
}

#[test]
fn the_markdown_comment_stays_under_the_limit_with_2000_pairs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    git(d, &["init", "-q"]);
    let template: Value =
        serde_json::from_slice(&std::fs::read(Path::new(MANIFEST).join(QUIZ_A)).unwrap()).unwrap();
    let folder = d.join("cassettes/quiz/v1");
    std::fs::create_dir_all(&folder).unwrap();
    let write = |i: usize, answer: &str| {
        let mut c = template.clone();
        c["text"] = Value::String(format!("{{\"answer\":\"{answer} {i}\"}}"));
        std::fs::write(
            folder.join(format!("{i:032x}.json")),
            serde_json::to_string_pretty(&c).unwrap(),
        )
        .unwrap();
    };
    for i in 0..2000 {
        write(i, "the first recording of this input");
    }
    git(d, &["add", "-A"]);
    git(d, &["commit", "-qm", "recordings"]);
    for i in 0..2000 {
        write(i, "the re-recording of this input, which is different");
    }
    let run = ulcas_in(d, &["review", "--against", "--format", "markdown"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stdout.chars().count() < 65_536,
        "{} characters",
        run.stdout.chars().count()
    );
    assert!(
        run.stdout
            .contains("**2000 pairs**: 0 identical, 2000 changed"),
        "{}",
        &run.stdout[..400]
    );
    assert!(
        run.stdout.contains("more changed pairs are not shown"),
        "the cut is said"
    );
    assert!(run.stdout.contains("--reject PATH…"), "how to reject");
}

/// The HTML page decides too: a script in headless Chromium marks pairs on the page, reads the
/// command the page shows, runs it, and the store holds what was chosen.
#[test]
fn the_html_page_makes_the_reject_command() {
    if !crate::common::chromium_available("the_html_page_makes_the_reject_command") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rerecorded(d);
    let spaced = "cassettes/quiz/v1/with a space 'quoted'.json";
    std::fs::copy(d.join(QUIZ_B), d.join(spaced)).unwrap();
    let page = ulcas_in(d, &["review", "--against", "--format", "html"]);
    assert_eq!(page.code, 1, "{}", page.stderr);
    // Mark the lesson (first) and the cassette with a space (last) as rejected.
    let command = crate::common::drive_page(
        &page.stdout,
        "var fs = d.querySelectorAll('fieldset.choice');
  fs[0].querySelector('input[value=reject]').click();
  fs[fs.length - 1].querySelector('input[value=reject]').click();
  out.textContent = d.getElementById('command').textContent;",
    );
    assert!(
        command.starts_with("ulcas review --against HEAD cassettes --reject "),
        "{command}"
    );
    assert!(command.contains(LESSON), "{command}");
    assert!(
        command.contains(r#"--reject 'cassettes/quiz/v1/with a space '"'"'quoted'"'"'.json'"#),
        "{command}"
    );
    // Run it as a shell would.
    let run = crate::common::paste_in("sh", d, &command);
    assert_eq!(
        run.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(!d.join(spaced).exists(), "the added cassette is removed");
    let lesson = std::fs::read(d.join(LESSON)).unwrap();
    git(d, &["checkout", "HEAD", "--", LESSON]);
    assert_eq!(
        std::fs::read(d.join(LESSON)).unwrap(),
        lesson,
        "the lesson is REF's"
    );
}

/// The real monorepo stores: a re-recording in one package is reviewed and rejected there.
#[test]
fn the_real_stores_of_a_monorepo() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    git(d, &["init", "-q"]);
    for package in ["course-builder", "living-course"] {
        copy_tree(
            &Path::new(MANIFEST).join("tests/data/ulams").join(package),
            &d.join("api/packages").join(package),
        );
    }
    std::fs::copy(
        Path::new(MANIFEST).join("tests/readme/monorepo/ulcas.toml"),
        d.join("ulcas.toml"),
    )
    .unwrap();
    git(d, &["add", "-A"]);
    git(d, &["commit", "-qm", "stores"]);
    let store = d.join("api/packages/course-builder/tests/cassettes/quiz/v1");
    let first = std::fs::read_dir(&store)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let mut c: Value = serde_json::from_slice(&std::fs::read(&first).unwrap()).unwrap();
    c["text"] = Value::String(c["text"].as_str().unwrap().replacen('"', "\" ", 1));
    std::fs::write(&first, serde_json::to_string_pretty(&c).unwrap()).unwrap();
    let run = ulcas_in(d, &["review", "--against", "--format", "json"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let ev = events(&run.stdout);
    let summaries = of_type(&ev, "summary");
    assert_eq!(summaries.len(), 2, "one per store of ulcas.toml");
    let pair = of_type(&ev, "pair")[0];
    let path = pair["to"].as_str().unwrap().to_owned();
    assert!(
        path.starts_with("api/packages/course-builder/tests/cassettes/quiz/v1/"),
        "{path}"
    );
    assert_eq!(
        pair["schema_ok"]["from"], true,
        "checked against the package's registry"
    );
    let run = ulcas_in(d, &["review", "--against", "--reject", &path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(git(d, &["status", "--porcelain"]), "");
}

/// A re-recording that changed only the model is no identical pair: counted apart, shown with
/// "model changed" in every document, and listed on the HTML page's changed pairs (issue 33).
#[test]
fn a_model_only_change_is_not_identical() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    repo_with_sample(d, "cassettes");
    let path = d.join(QUIZ_A);
    let mut c: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    c["model"] = Value::String("claude-opus-5".into());
    std::fs::write(&path, serde_json::to_string_pretty(&c).unwrap()).unwrap();
    let json = ulcas_in(d, &["review", "--against", "--format", "json"]);
    let ev = events(&json.stdout);
    let summary = of_type(&ev, "summary")[0];
    assert_eq!(
        (
            &summary["changed"],
            &summary["metadata_changed"],
            &summary["identical"]
        ),
        (&Value::from(0), &Value::from(1), &Value::from(5)),
        "{summary}"
    );
    // Without a registry, the schema its request material carries decides (issue 33: it said
    // "unknown → unknown").
    let pair = of_type(&ev, "pair")[0];
    assert_eq!(
        pair["schema_ok"],
        serde_json::json!({"from": true, "to": true}),
        "{pair}"
    );
    let human = ulcas_in(d, &["review", "--against"]);
    assert!(!human.stdout.contains("schema unknown"), "{}", human.stdout);
    assert!(
        human
            .stdout
            .contains("(identical 5, changed 0, only model or stop reason 1)")
            && human.stdout.contains("model changed"),
        "{}",
        human.stdout
    );
    let html = ulcas_in(d, &["review", "--against", "--format", "html"]);
    assert!(
        html.stdout.contains("<section class=\"pair changed\">")
            && html
                .stdout
                .contains("<span class=\"badge\">model changed</span>"),
        "{}",
        html.stdout
    );
}
