//! A hostile pull request gets nothing, continued: no secret in any output, no accept of what was\nnever recorded, no root outside the repository, no unbounded read, and never a lock that\ndisagrees with its cassettes under concurrent writers.

use crate::common::{events, of_type, ulcas_in, ulcas_with};
use crate::review::against::{git, repo_with_sample};
use std::path::Path;

use crate::safety::repository::*;

/// Every token kind the `secret` check knows, planted in file names, folder names, answer keys
/// and values, a prompt and the lock: no output of any command, in any format, prints one
/// whole, the job summary and every page included.
#[test]
fn no_output_of_any_command_prints_a_planted_secret() {
    let tokens = crate::safety::output::TOKENS;
    let dir = crate::common::sample_with_registry();
    let d = dir.path();
    git(d, &["init", "-q", "-b", "main"]);
    let quiz = d.join("cassettes/quiz/v1/aafcd8047a635258d26a9d3d43c8c0e6.json");
    let original = std::fs::read(&quiz).unwrap();
    let named: Vec<&str> = tokens
        .iter()
        .copied()
        .filter(|t| !t.contains('/'))
        .collect();
    for t in &named {
        // A file named for it (also right after a control character and a space, which JSON,
        // visible escapes and SARIF's percent-encoding turn into word characters before it),
        // and a task folder named for it.
        std::fs::write(d.join(format!("cassettes/quiz/v1/{t}.json")), &original).unwrap();
        for before in ["\u{1b}", " ", "\n"] {
            let name = format!("cassettes/quiz/v1/x{before}{t}.json");
            std::fs::write(d.join(name), &original).unwrap();
        }
        let folder = d.join(format!("cassettes/{t}/v1"));
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(
            folder.join("aafcd8047a635258d26a9d3d43c8c0e6.json"),
            &original,
        )
        .unwrap();
    }
    // A prompt that quotes them, and a lock entry of a task named for one.
    let prompt = d.join("prompts/quiz/v1.md");
    let mut text = std::fs::read_to_string(&prompt).unwrap();
    text.push_str(&tokens.join("\n"));
    std::fs::write(&prompt, text).unwrap();
    let mut lock = std::fs::read_to_string(d.join("cassettes/ulcas.lock")).unwrap();
    lock.push_str(&format!(
        "\n[\"{}/v1\"]\nprompt = \"sha256:{}\"\nschema = \"sha256:{}\"\n",
        named[0],
        "0".repeat(64),
        "0".repeat(64)
    ));
    std::fs::write(d.join("cassettes/ulcas.lock"), lock).unwrap();
    git(d, &["add", "-A"]);
    git(d, &["commit", "-qm", "planted"]);
    // Re-recorded: the answer's keys and values are the tokens.
    let mut cassette: serde_json::Value = serde_json::from_slice(&original).unwrap();
    let answer: serde_json::Map<String, serde_json::Value> = tokens
        .iter()
        .map(|t| {
            (
                (*t).to_owned(),
                serde_json::json!(format!("line\n{t}\t{t}")),
            )
        })
        .collect();
    cassette["text"] = serde_json::json!(serde_json::Value::Object(answer).to_string());
    for t in &named {
        std::fs::write(
            d.join(format!("cassettes/quiz/v1/{t}.json")),
            serde_json::to_string_pretty(&cassette).unwrap(),
        )
        .unwrap();
    }
    std::fs::write(&quiz, serde_json::to_string_pretty(&cassette).unwrap()).unwrap();
    let summary = d.join("summary.md");
    let summary_env = [("GITHUB_STEP_SUMMARY", summary.to_str().unwrap())];
    let registry = ["--prompts", "prompts"];
    let mut runs: Vec<Vec<&str>> = Vec::new();
    for format in ["human", "json", "github", "sarif"] {
        runs.push(vec!["verify", "cassettes", "-v", "--format", format]);
    }
    runs.push(vec!["verify", "cassettes", "-q"]);
    for format in ["human", "json", "github"] {
        runs.push(vec!["prune", "cassettes", "-v", "--format", format]);
        runs.push(vec!["lock", "cassettes", "--format", format]);
    }
    for format in ["human", "json", "markdown", "html"] {
        runs.push(vec![
            "review",
            "--against",
            "HEAD",
            "cassettes",
            "--format",
            format,
        ]);
    }
    runs.push(vec![
        "review",
        "quiz",
        "cassettes",
        "--from",
        "1",
        "--to",
        "1",
    ]);
    let rel = format!("cassettes/quiz/v1/{}.json", named[3]);
    runs.push(vec![
        "diff",
        &rel,
        "cassettes/quiz/v1/f2fa978d2e64f1557412cd86eebe0ea7.json",
    ]);
    let mut outputs = Vec::new();
    for args in &runs {
        let mut full = args.clone();
        full.extend(registry);
        let run = ulcas_with(d, &full, b"", &summary_env);
        assert!(run.code >= 0, "{full:?} ended by a signal");
        outputs.push((full.join(" "), format!("{}{}", run.stdout, run.stderr)));
    }
    outputs.push((
        "job summary".into(),
        std::fs::read_to_string(&summary).unwrap(),
    ));
    for (what, text) in &outputs {
        for t in tokens {
            assert!(!text.contains(t), "{what} prints {t}:\n{text}");
        }
    }
    // The outputs did see them: the verify JSON lists the planted folders.
    assert!(outputs.iter().any(|(_, o)| o.contains("ghp_ab…(42 chars)")));
}

/// `lock --accept` of a version nobody recorded, or of one without a prompt, is an error that
/// names it, and nothing is written.
#[test]
fn an_accept_of_no_recorded_version_is_an_error() {
    let dir = crate::common::sample_with_registry();
    let d = dir.path();
    let lock = std::fs::read(d.join("cassettes/ulcas.lock")).unwrap();
    for (accept, says) in [
        ("quiz/v9", "no store has recordings of quiz v9"),
        ("nosuch/v1", "no store has recordings of nosuch v1"),
    ] {
        let run = ulcas_in(
            d,
            &[
                "lock",
                "cassettes",
                "--prompts",
                "prompts",
                "--accept",
                accept,
            ],
        );
        assert_eq!(run.code, 2, "{accept}: {}{}", run.stdout, run.stderr);
        assert!(run.stderr.contains(says), "{}", run.stderr);
    }
    std::fs::remove_file(d.join("prompts/quiz/v1.md")).unwrap();
    std::fs::write(
        d.join("prompts/quiz/v2.md"),
        "---\nversion: 2\nschema: outputs/quiz.json\n---\nQuiz.\n",
    )
    .unwrap();
    let run = ulcas_in(
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
    assert_eq!(run.code, 2, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains("no prompt file for it"),
        "{}",
        run.stderr
    );
    assert_eq!(std::fs::read(d.join("cassettes/ulcas.lock")).unwrap(), lock);
}

/// A root that `ulcas.toml` names outside its own folder is refused with one line; the same
/// folder named on the command line is the user's choice.
#[test]
fn a_configured_root_outside_the_repository_is_refused() {
    let dir = crate::common::sample_with_registry();
    let d = dir.path();
    for root in ["/", "..", "/root"] {
        std::fs::write(
            d.join("ulcas.toml"),
            format!("[[store]]\nroot = {root:?}\n"),
        )
        .unwrap();
        let run = ulcas_in(d, &["verify"]);
        assert_eq!(run.code, 2, "{root}: {}{}", run.stdout, run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        assert!(
            run.stderr.contains("ulcas.toml: root")
                && run
                    .stderr
                    .contains("lies outside the folder of this config"),
            "{}",
            run.stderr
        );
    }
    std::fs::write(d.join("ulcas.toml"), "[[store]]\nroot = \"cassettes\"\n").unwrap();
    assert_eq!(ulcas_in(d, &["verify"]).code, 0);
}

/// Nothing is read or parsed without bound: a blob at REF over the cassette limit is never read
/// whole (the pair is "unreadable", and a reject of it is refused), and an answer of too many
/// JSON values is a finding, never gigabytes of parse.
#[test]
fn oversized_blobs_and_answers_are_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    repo_with_sample(d, "cassettes");
    let big = d.join("cassettes/quiz/v1/0000000000000000000000000000000b.json");
    let size = ulcas::store::MAX_CASSETTE as usize + 10;
    std::fs::write(&big, vec![b' '; size]).unwrap();
    git(d, &["add", "-A"]);
    git(d, &["commit", "-qm", "a big one"]);
    std::fs::write(&big, b"{}").unwrap();
    let run = ulcas_in(
        d,
        &[
            "review",
            "--against",
            "HEAD",
            "cassettes",
            "--format",
            "json",
        ],
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    let ev = events(&run.stdout);
    let summary = of_type(&ev, "summary")[0];
    assert_eq!(summary["unreadable"], 1, "{}", run.stdout);
    let rel = "cassettes/quiz/v1/0000000000000000000000000000000b.json";
    let run = ulcas_in(
        d,
        &["review", "--against", "HEAD", "cassettes", "--reject", rel],
    );
    assert_eq!(run.code, 2, "{}{}", run.stdout, run.stderr);
    assert!(run.stderr.contains("larger than 16 MiB"), "{}", run.stderr);
    assert_eq!(std::fs::read(&big).unwrap(), b"{}");

    // An answer of 300,000 keys (a few MB, under the file limit).
    let quiz = d.join(QUIZ_A);
    let mut cassette: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&quiz).unwrap()).unwrap();
    let answer: String = format!(
        "{{{}}}",
        (0..300_000)
            .map(|i| format!("\"k{i}\":0"))
            .collect::<Vec<_>>()
            .join(",")
    );
    cassette["text"] = serde_json::json!(answer);
    std::fs::write(&quiz, serde_json::to_string_pretty(&cassette).unwrap()).unwrap();
    std::fs::remove_file(&big).unwrap();
    let run = ulcas_in(
        d,
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
        run.stdout.contains("more than 100000 JSON values"),
        "{}{}",
        run.stdout,
        run.stderr
    );
}

/// Trials of `record` into a version that `prune --delete` is emptying, with `ulcas lock`
/// beside them: every version that has cassettes has its lock entry, and no entry outlives
/// its version's cassettes.
#[test]
fn the_lock_and_the_cassettes_never_disagree_under_concurrent_writers() {
    let dir = crate::common::sample_with_registry();
    let d = dir.path();
    let pristine = tempfile::tempdir().unwrap();
    crate::common::copy_tree(&d.join("cassettes"), pristine.path());
    // A request of the stale outline v1: recording it races prune's deletion of v1.
    let mut request: serde_json::Value = serde_json::from_slice(
        &std::fs::read(
            Path::new(crate::common::MANIFEST).join("tests/fixtures/requests/outline.json"),
        )
        .unwrap(),
    )
    .unwrap();
    request["prompt_version"] = serde_json::json!(1);
    let mut disagreements = Vec::new();
    for trial in 0..24 {
        std::fs::remove_dir_all(d.join("cassettes")).unwrap();
        crate::common::copy_tree(pristine.path(), &d.join("cassettes"));
        request["blocks"][0]["text"] = serde_json::json!(format!("trial {trial}"));
        std::fs::write(d.join("req.json"), request.to_string()).unwrap();
        std::fs::write(d.join("answer.txt"), "{\"modules\":[]}").unwrap();
        let spawn = |args: &[&str]| {
            std::process::Command::new(env!("CARGO_BIN_EXE_ulcas"))
                .current_dir(d)
                .args(args)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .unwrap()
        };
        let commands: [&[&str]; 3] = [
            &["prune", "cassettes", "--prompts", "prompts", "--delete"],
            &[
                "record",
                "req.json",
                "--response",
                "answer.txt",
                "--cassettes",
                "cassettes",
                "--prompts",
                "prompts",
            ],
            &["lock", "cassettes", "--prompts", "prompts"],
        ];
        // As wide as the race: each order of the three writers, each started a few
        // milliseconds after the one before (0 to 20 ms, varied by trial), so that the record's
        // write of the cassette and of its entry falls before, inside and after prune's removal
        // of the version and of its entry.
        let order = [
            [0, 1, 2],
            [1, 0, 2],
            [2, 0, 1],
            [0, 2, 1],
            [1, 2, 0],
            [2, 1, 0],
        ][trial % 6];
        let children: Vec<_> = order
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                if i > 0 {
                    std::thread::sleep(std::time::Duration::from_millis(
                        (trial as u64 * 7 + i as u64 * 3) % 21,
                    ));
                }
                spawn(commands[c])
            })
            .collect();
        for mut c in children {
            c.wait().unwrap();
        }
        disagreements.extend(super::lock_disagreements(&d.join("cassettes"), trial));
    }
    assert!(disagreements.is_empty(), "{disagreements:#?}");
}
