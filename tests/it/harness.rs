//! The test command itself: what `cargo test` says it did not run, and the tier it leaves to
//! `.ci/run` (README.md, "Test tiers").

use crate::common::MANIFEST;

/// Run alone by [`the_tests_skipped_for_want_of_a_tool_are_named_at_the_end`]: a test whose
/// tool is missing.
#[test]
#[ignore = "run by the_tests_skipped_for_want_of_a_tool_are_named_at_the_end"]
fn a_test_whose_tool_is_missing() {
    assert!(crate::common::tool("ulcas-no-such-tool", "nowhere", "this test").is_none());
}

/// `cargo test` says what it did not run (README.md, "Test tiers"): a test that lacks its tool
/// is named, with what it needs, on one line after libtest's summary, which counts it as passed.
#[test]
fn the_tests_skipped_for_want_of_a_tool_are_named_at_the_end() {
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "--ignored",
            "harness::a_test_whose_tool_is_missing",
        ])
        .env_remove("CI")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let last = stderr.lines().rfind(|l| !l.is_empty()).unwrap_or("");
    assert!(
        last.starts_with("SKIPPED 1 of the tests above (counted as passed; README.md, \"Test tiers\", says what each needs): harness::a_test_whose_tool_is_missing (this test: ulcas-no-such-tool is not installed (nowhere))"),
        "{stderr}"
    );
    let readme = std::fs::read_to_string(std::path::Path::new(MANIFEST).join("README.md")).unwrap();
    assert!(readme.contains("**Test tiers.**"), "the line points at it");
}

/// The second tier (the packages, the kits, the release, the README's commands and the CI job:
/// the tests marked ignored under `project::`) is not left behind: `.ci/run` runs it after
/// `cargo test`, with the command the README names.
#[test]
fn ci_runs_the_second_tier_after_the_first() {
    let read = |p: &str| std::fs::read_to_string(std::path::Path::new(MANIFEST).join(p)).unwrap();
    let (run, readme) = (read(".ci/run"), read("README.md"));
    let second = "cargo test --test it -- --ignored project::";
    let lines: Vec<&str> = run.lines().map(str::trim).collect();
    let first = lines.iter().position(|l| *l == "cargo test");
    let then = lines.iter().position(|l| *l == second);
    assert!(
        matches!((first, then), (Some(a), Some(b)) if a < b),
        ".ci/run runs `cargo test`, then `{second}`"
    );
    assert!(
        readme.contains(second),
        "the README names the second tier's command"
    );
    // Every test of the second tier says how it is run.
    let dir = std::path::Path::new(MANIFEST).join("tests/it/project");
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for ignored in text.lines().filter(|l| l.starts_with("#[ignore")) {
            assert!(ignored.contains(second), "{ignored}");
        }
    }
}
