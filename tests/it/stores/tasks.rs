//! Tasks and versions the registry does or does not know: a mistyped task gets a suggestion, a
//! bump written into the old prompt file is said once with the file to add.

use crate::common::events;
use crate::common::of_type;
use crate::common::sample_with_registry;
use crate::common::ulcas_in;
use crate::stores::monorepo::*;

/// A mistyped task name gets a suggestion, and a mistyped `--task` is an error, never an
/// empty review that passes.
#[test]
fn a_mistyped_task_gets_a_suggestion() {
    let dir = sample_with_registry();
    let d = dir.path();
    crate::review::against::git(d, &["init", "-q", "-b", "main"]);
    crate::review::against::git(d, &["add", "-A"]);
    crate::review::against::git(d, &["commit", "-qm", "s"]);
    for args in [
        &["review", "quizz", "cassettes"][..],
        &["migrate", "quizz"],
        &[
            "review",
            "--against",
            "HEAD",
            "cassettes",
            "--task",
            "quizz",
        ],
    ] {
        let run = ulcas_in(d, args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stdout);
        assert!(
            run.stderr.contains("(did you mean \"quiz\"?)"),
            "{args:?}: {}",
            run.stderr
        );
    }
}

/// The current version of a task the registry does not know: `migrate` takes the highest
/// recorded one, `review` asks for `--to`, and a task neither knows nor recorded is unknown.
#[test]
fn a_task_the_registry_does_not_know() {
    let m = Monorepo::new(false);
    let own_prompts = "api/packages/living-course/resources/prompts";
    let schema = "api/packages/course-builder/resources/schemas/outputs/grounding.json";
    let run = m.ulcas(&[
        "migrate",
        "grounding",
        LC_STORE,
        "--prompts",
        own_prompts,
        "--schema",
        schema,
        "--format",
        "json",
    ]);
    let all = events(&run.stdout);
    let summary = of_type(&all, "summary");
    assert_eq!(summary.len(), 1, "{}", run.stderr);
    assert_eq!(summary[0]["prompt_version"], 1);
    let run = m.ulcas(&["migrate", "grounding", LC_STORE, "--prompts", own_prompts]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("no known output schema for \"grounding\" v1"),
        "{}",
        run.stderr
    );
    let run = m.ulcas(&["migrate", "nosuch", LC_STORE, "--prompts", own_prompts]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("unknown task \"nosuch\""),
        "{}",
        run.stderr
    );
    let run = m.ulcas(&["migrate", "nosuch", LC_STORE]);
    assert!(
        run.stderr.contains("no recordings of task \"nosuch\""),
        "{}",
        run.stderr
    );
    let run = m.ulcas(&["review", "grounding", LC_STORE, "--prompts", own_prompts]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("has no prompt in the prompt folders read: give --to N"),
        "{}",
        run.stderr
    );
}

/// A prompt bumped inside its old file (`version: 2` in `v1.md`) is said once, with the file
/// to add, and its task is not called a schema built in code.
#[test]
fn a_bump_written_into_the_old_file_is_said_once_with_the_file_to_add() {
    let m = Monorepo::new(true);
    let file = "api/packages/course-builder/resources/prompts/metadata/v1.md";
    let text = std::fs::read_to_string(m.path(file)).unwrap();
    m.write(file, &text.replacen("version: 1", "version: 2", 1));
    let run = m.ulcas(&["verify"]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    assert_eq!(
        run.stdout.matches("add v2.md beside v1.md").count(),
        1,
        "{}",
        run.stdout
    );
    assert!(
        !run.stdout.contains("no known schema: metadata"),
        "{}",
        run.stdout
    );
}
