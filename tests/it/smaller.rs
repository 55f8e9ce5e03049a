//! The smaller items of issue 22, each as a user meets it.

use crate::common;

use std::path::Path;

use common::{events, MANIFEST};
use serde_json::{json, Value};

#[test]
fn review_and_migrate_of_a_missing_root_say_so_as_every_command_does() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        ["review", "quiz", "nope"],
        ["migrate", "quiz", "nope"],
        ["verify", "nope", "-q"],
    ] {
        let run = common::ulcas_in(dir.path(), &args);
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(
            run.stderr.trim(),
            "ulcas: error: nope: no such file or directory",
            "{args:?}"
        );
    }
}

#[test]
fn a_schema_message_quotes_the_placeholder_the_file_holds() {
    let dir = common::sample_with_registry();
    let file = dir
        .path()
        .join("cassettes/quiz/v1/aafcd8047a635258d26a9d3d43c8c0e6.json");
    let mut cassette: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let answer = json!({"questions": [{"prompt": "x", "choices": ["a", "b"], "answer": 0, "citation": "{{frg_3}}"}]});
    cassette["text"] = json!(answer.to_string());
    std::fs::write(&file, serde_json::to_string_pretty(&cassette).unwrap()).unwrap();
    let run = common::ulcas_in(
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
    let schema: Vec<String> = events(&run.stdout)
        .into_iter()
        .filter(|e| e["check"] == "schema")
        .map(|e| e["message"].as_str().unwrap().to_owned())
        .collect();
    assert!(!schema.is_empty(), "{}", run.stdout);
    assert!(schema.iter().any(|m| m.contains("{{frg_3}}")), "{schema:?}");
    assert!(
        schema.iter().all(|m| !m.contains("frg_aaaaaaaaaaad")),
        "{schema:?}"
    );
}

#[test]
fn a_schema_built_in_code_is_not_blamed_on_missing_prompts() {
    let data = Path::new(MANIFEST).join("tests/data/ulams/course-builder");
    let store = data.join("tests/cassettes");
    let prompts = data.join("resources/prompts");
    let run = common::ulcas(&[
        "verify",
        store.to_str().unwrap(),
        "--prompts",
        prompts.to_str().unwrap(),
    ]);
    assert!(
        run.stdout.contains("not validated, no known schema: patch"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("pass --prompts"), "{}", run.stdout);
    let bare = common::ulcas(&["verify", store.to_str().unwrap()]);
    assert!(bare.stdout.contains("pass --prompts"), "{}", bare.stdout);
}

/// `--deny warnings` fails the run in every format, and each says so (issue 23's seam).
#[test]
fn deny_warnings_is_one_verdict_in_every_format() {
    for format in ["human", "json", "github", "sarif"] {
        let run = common::ulcas(&[
            "verify",
            "cassettes",
            "--deny",
            "warnings",
            "--format",
            format,
        ]);
        assert_eq!(run.code, 1, "{format}: {}{}", run.stdout, run.stderr);
        match format {
            "human" => assert!(
                run.stdout.contains("FAILED (warnings denied)"),
                "{}",
                run.stdout
            ),
            "json" => assert_eq!(events(&run.stdout).pop().unwrap()["verdict"], "fail"),
            "github" => assert!(
                run.stdout.contains("failed (warnings denied)"),
                "{}",
                run.stdout
            ),
            _ => {}
        }
        let run = common::ulcas(&["verify", "cassettes", "--format", format]);
        assert_eq!(run.code, 0, "{format}");
        if format == "json" {
            assert_eq!(events(&run.stdout).pop().unwrap()["verdict"], "pass");
        }
    }
}

/// `prune --verbose` lists every path that can go; without it, the first 20 per reason.
#[test]
fn prune_verbose_lists_every_path() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("s");
    for v in [1, 2] {
        for i in 0..25 {
            let dump = json!({"task": "card", "prompt_version": v, "schema": {"type": "object"},
                              "blocks": [{"type": "text", "text": format!("input {i}")}]});
            let request = ulcas::request::Request::from_slice(dump.to_string().as_bytes()).unwrap();
            ulcas::store::record(
                &store,
                &request,
                &ulcas::store::Recording::new("{}", "m"),
                Default::default(),
            )
            .unwrap();
        }
    }
    let listed = |args: &[&str]| {
        let run = common::ulcas_in(dir.path(), args);
        let paths = run
            .stdout
            .lines()
            .filter(|l| l.contains("(stale-version)"))
            .count();
        (paths, run.stdout.contains("and 5 more stale-version"))
    };
    assert_eq!(listed(&["prune", "s"]), (20, true));
    assert_eq!(listed(&["prune", "s", "--verbose"]), (25, false));
}

/// Annotations and SARIF results name files relative to the checkout (`GITHUB_WORKSPACE`), run
/// from a package subfolder or given an absolute root.
#[test]
fn annotations_are_relative_to_the_checkout() {
    let dir = tempfile::tempdir().unwrap();
    let data = Path::new(MANIFEST).join("tests/data/ulams/course-builder");
    let package = dir.path().join("api/packages/course-builder");
    common::copy_tree(&data, &package);
    let absolute_root = package.join("tests/cassettes");
    let absolute_root = absolute_root.to_str().unwrap();
    let expected = "api/packages/course-builder/tests/cassettes/";
    let prompts = package.join("resources/prompts");
    let prompts = prompts.to_str().unwrap();
    for (cwd, root) in [
        (&package, "tests/cassettes"),
        (&dir.path().to_path_buf(), absolute_root),
    ] {
        for format in ["github", "sarif"] {
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_ulcas"))
                .current_dir(cwd)
                .args(["verify", root, "--prompts", prompts, "--format", format])
                .env("GITHUB_WORKSPACE", dir.path())
                .output()
                .unwrap();
            let stdout = String::from_utf8(out.stdout).unwrap();
            let named = match format {
                "github" => stdout.contains(&format!("file={expected}")),
                _ => stdout.contains(&format!("\"uri\":\"{expected}")),
            };
            assert!(named, "{format} from {}: {stdout}", cwd.display());
        }
    }
}
