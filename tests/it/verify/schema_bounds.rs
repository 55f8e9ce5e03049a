//! A schema file is bounded on its JSON values as a cassette is: an output schema added by a
//! pull request (an `enum` of a million small objects) is a registry problem in one line, never
//! gigabytes for `verify` (the CI gate) or `serve`.

use crate::common::{sample_with_registry, ulcas_in};

/// The quiz schema of the sample's registry replaced by one of `n` small objects in an `enum`.
fn huge_schema(dir: &std::path::Path, n: usize) {
    let items: Vec<String> = (0..n).map(|i| format!("{{\"a\":{i}}}")).collect();
    let schema = format!(
        r#"{{"type": "object", "properties": {{"x": {{"enum": [{}]}}}}}}"#,
        items.join(",")
    );
    std::fs::write(dir.join("schemas/outputs/quiz.json"), schema).unwrap();
}

#[test]
fn a_schema_of_a_million_values_is_a_registry_problem_in_one_line() {
    let dir = sample_with_registry();
    huge_schema(dir.path(), 1_000_000);
    let run = ulcas_in(
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
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    let finding = run
        .stdout
        .lines()
        .find(|l| l.contains(r#""check":"registry""#))
        .unwrap_or_else(|| panic!("{}", run.stdout));
    assert!(
        finding.contains("schemas/outputs/quiz.json:1:1: more than 100000 JSON values (2000004): too many to parse for an output schema"),
        "{finding}"
    );
    // The same schema with room to spare is read.
    huge_schema(dir.path(), 1_000);
    let run = ulcas_in(
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
        !run.stdout.contains(r#""check":"registry""#),
        "{}",
        run.stdout
    );
}

/// `serve` starts on such a registry and says what is wrong with it, in little memory.
#[test]
fn serve_starts_beside_a_schema_of_a_million_values() {
    let dir = sample_with_registry();
    huge_schema(dir.path(), 1_000_000);
    let server = crate::serve::Server::start(dir.path(), &["cassettes", "--prompts", "prompts"]);
    let peak = crate::serve::upstream::peak_rss_mb(server.pid());
    let log = server.stop();
    assert!(peak < 200, "peak RSS {peak} MB");
    assert!(
        log.contains("too many to parse for an output schema"),
        "{log}"
    );
}
