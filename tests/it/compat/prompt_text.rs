//! Exactly the prompt text the app sends (issue 32), end to end: every edit of the sent text
//! is seen by `verify` and `lookup` through the lock, an edit the app does not send is not, a
//! file the app refuses is one registry problem (no false schema finding), a run that exits 2
//! never says "ok", and `lookup` says when the lock could not be checked.

use std::path::Path;

use crate::common::{MANIFEST, events, of_type, sample_with_registry, ulcas_in};

const HEAD: &str = "---\nid: bakery/quiz\nversion: 1\ntask: quiz\nschema: outputs/quiz.json\nchangelog: First version.\n---";

/// The quiz prompt written as `text`, then what `verify` (prompt-edited?) and `lookup` of the
/// quiz request (lock-differs?) say against the lock written for the original file.
fn seen(dir: &Path, text: &str) -> (bool, bool) {
    std::fs::write(dir.join("prompts/quiz/v1.md"), text).unwrap();
    let verify = ulcas_in(
        dir,
        &[
            "verify",
            "cassettes",
            "--prompts",
            "prompts",
            "--format",
            "json",
        ],
    );
    assert!(verify.code < 2, "{text:?}: {}", verify.stderr);
    let edited = events(&verify.stdout)
        .iter()
        .any(|e| e["check"] == "prompt-edited");
    let quiz = Path::new(MANIFEST).join("tests/fixtures/requests/quiz.json");
    let lookup = ulcas_in(
        dir,
        &[
            "lookup",
            quiz.to_str().unwrap(),
            "--prompts",
            "prompts",
            "--format",
            "json",
        ],
    );
    assert_eq!(lookup.code, 0, "{text:?}: {}", lookup.stderr);
    let differs = lookup.stdout.contains("\"kind\":\"lock-differs\"");
    (edited, differs)
}

#[test]
fn every_edit_of_the_sent_text_is_seen_and_no_other() {
    let dir = sample_with_registry();
    let d = dir.path();
    let original = format!("{HEAD}\nYou are an instructional designer. (sample prompt)\n");
    std::fs::write(d.join("prompts/quiz/v1.md"), &original).unwrap();
    assert_eq!(
        ulcas_in(d, &["lock", "cassettes", "--prompts", "prompts"]).code,
        0
    );
    assert_eq!(seen(d, &original), (false, false));
    let body = "You are an instructional designer. (sample prompt)";
    // What the app sends changes: each is seen by both.
    for edited in [
        format!("{HEAD}\u{a0}\n{body}\n"),
        format!("{HEAD}  \u{3000}{body}\n"),
        format!("{HEAD} # end\n{body}\n"),
        format!("{HEAD}-\n{body}\n"),
        format!("{HEAD}\n{body}\u{a0}\n"),
        format!("{HEAD}\n{body}\n\u{c}"),
        format!("{HEAD}\n{body}\r\nMore.\n"),
        format!("{HEAD}\n{}\n", body.replace("designer.", "designer. ")),
    ] {
        assert_eq!(seen(d, &edited), (true, true), "{edited:?}");
    }
    // What the app sends stays the same: neither sees an edit.
    for same in [
        format!("{HEAD}\n\n  {body}  \n\n"),
        format!("{HEAD}\r\n{body}\r\n"),
        format!("{}\n{body}\n", HEAD.replace("First version.", "Reworded.")),
        format!("{}\n{body}\n", HEAD.replace("version: 1", "version: 1.0")),
        format!("{HEAD}\n{body}\t\u{b}\0\n"),
    ] {
        assert_eq!(seen(d, &same), (false, false), "{same:?}");
    }
}

#[test]
fn a_file_the_app_refuses_is_one_registry_problem() {
    let dir = sample_with_registry();
    let d = dir.path();
    // No `version:` line: the app fails on every call of the task.
    std::fs::write(
        d.join("prompts/quiz/v1.md"),
        "---\nid: bakery/quiz\nVersion: 1\nschema: outputs/quiz.json\n---\nQuiz.\n",
    )
    .unwrap();
    let run = ulcas_in(
        d,
        &[
            "verify",
            "cassettes",
            "--prompts",
            "prompts",
            "--schemas",
            "schemas",
            "--format",
            "json",
        ],
    );
    let ev = events(&run.stdout);
    let registry: Vec<_> = ev.iter().filter(|e| e["check"] == "registry").collect();
    assert_eq!(registry.len(), 1, "{registry:?}");
    assert!(
        registry[0]["message"]
            .as_str()
            .unwrap()
            .contains("the app refuses it: \"front matter version must be 1\""),
        "{registry:?}"
    );
    assert!(!run.stdout.contains("none of the"), "{}", run.stdout);
    // `lock` refuses while the registry has that problem; `lookup` says why it did not check.
    assert_eq!(
        ulcas_in(d, &["lock", "cassettes", "--prompts", "prompts"]).code,
        2
    );
    let quiz = Path::new(MANIFEST).join("tests/fixtures/requests/quiz.json");
    let lookup = ulcas_in(
        d,
        &[
            "lookup",
            quiz.to_str().unwrap(),
            "--prompts",
            "prompts",
            "--format",
            "json",
        ],
    );
    let ev = events(&lookup.stdout);
    let unchecked: Vec<_> = ev[0]["diagnosis"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["kind"] == "lock-unchecked")
        .collect();
    assert_eq!(unchecked.len(), 1, "{}", lookup.stdout);
    assert!(
        unchecked[0]["message"]
            .as_str()
            .unwrap()
            .contains("the registry has problems"),
        "{}",
        lookup.stdout
    );
}

#[test]
fn a_run_that_exits_2_never_says_ok() {
    let dir = sample_with_registry();
    let d = dir.path();
    std::fs::create_dir_all(d.join("bad")).unwrap();
    std::fs::write(d.join("bad/dump.json"), "{not json").unwrap();
    for requests in ["nope/", "bad"] {
        let human = ulcas_in(d, &["verify", "cassettes", "--requests", requests]);
        assert_eq!(human.code, 2, "{}", human.stderr);
        assert!(
            !human.stdout.lines().any(|l| l.starts_with("ok")),
            "{requests}: {}",
            human.stdout
        );
        assert!(
            human.stdout.contains("INCOMPLETE: cassettes"),
            "{}",
            human.stdout
        );
        let json = ulcas_in(
            d,
            &[
                "verify",
                "cassettes",
                "--requests",
                requests,
                "--format",
                "json",
            ],
        );
        assert_eq!(json.code, 2);
        let ev = events(&json.stdout);
        assert_eq!(
            of_type(&ev, "summary")[0]["verdict"],
            "fail",
            "{}",
            json.stdout
        );
    }
}
