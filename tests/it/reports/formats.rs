//! Reports: grouping that scales, the job summary bound, SARIF against its schema, and the
//! conventions every subcommand keeps (`-q`, `-` for stdin, `--replay` for pipes, plurals, a
//! folder of dumps that holds other JSON).

use std::path::Path;

use serde_json::Value;
use ulcas::request::Request;
use ulcas::store::{Recording, cassette_for};

use crate::common;
use common::{MANIFEST, events, of_type, ulcas, ulcas_in, ulcas_with};

/// A store with `stale` recordings of outline v1 (current v2 has one), each a different request.
pub(crate) fn store_with_stale(stale: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("store");
    let base: Value = serde_json::from_slice(
        &std::fs::read(Path::new(MANIFEST).join("tests/fixtures/requests/outline.json")).unwrap(),
    )
    .unwrap();
    for i in 0..=stale {
        let mut dump = base.clone();
        dump["prompt_version"] = if i == 0 { 2 } else { 1 }.into();
        dump["blocks"][0]["text"] = format!("request {i}").into();
        let request = Request::from_slice(dump.to_string().as_bytes()).unwrap();
        let (cassette, key) =
            cassette_for(&request, &Recording::new("{\"title\":\"x\"}", "m"), false).unwrap();
        let path = key.path_under(&root);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, cassette.render()).unwrap();
    }
    dir
}

#[test]
pub(crate) fn thousands_of_alike_findings_stay_a_few_lines() {
    let dir = store_with_stale(3_000);
    let human = ulcas_in(dir.path(), &["verify", "store"]);
    assert_eq!(human.code, 0, "{}", human.stderr);
    let lines = human.stdout.lines().count();
    assert!(lines < 15, "{lines} lines:\n{}", human.stdout);
    assert!(
        human
            .stdout
            .contains("warning stale-version store/outline/v1 (3000 findings)"),
        "{}",
        human.stdout
    );
    assert!(
        human
            .stdout
            .contains("… and 2997 more (--verbose lists every finding)"),
        "{}",
        human.stdout
    );
    assert!(
        human
            .stdout
            .contains("3001 cassettes, 0 errors, 3000 warnings"),
        "{}",
        human.stdout
    );

    let verbose = ulcas_in(dir.path(), &["verify", "store", "--verbose"]);
    assert_eq!(
        verbose.stdout.matches("stale-version").count(),
        3_001,
        "every finding, and the verdict line"
    );

    let summary = dir.path().join("summary.md");
    let github = ulcas_with(
        dir.path(),
        &["verify", "store", "--format", "github"],
        b"",
        &[("GITHUB_STEP_SUMMARY", summary.to_str().unwrap())],
    );
    assert_eq!(github.code, 0);
    assert_eq!(
        github.stdout.matches("::warning ").count(),
        10,
        "as many annotations as GitHub shows"
    );
    assert!(github.stdout.lines().count() < 20, "{}", github.stdout);
    assert!(
        github
            .stdout
            .contains("stale-version store/outline/v1: 3000 findings"),
        "{}",
        github.stdout
    );
    let md = std::fs::read_to_string(&summary).unwrap();
    assert!(md.len() < 10_000, "{} bytes", md.len());
    assert!(md.contains("| stale-version | warning | 3000 |"), "{md}");

    // JSON Lines stays one event per finding.
    let json = ulcas_in(dir.path(), &["verify", "store", "--format", "json"]);
    assert_eq!(of_type(&events(&json.stdout), "finding").len(), 3_000);
}

/// The validators of the SARIF schemas in tests/data/sarif (see its NOTICE): the complete
/// SARIF 2.1.0 schema, and the strict subset of the final OASIS schema for what ulcas writes
/// (any other member fails there).
pub(crate) fn sarif_validators() -> Vec<(&'static str, jsonschema::Validator)> {
    ["sarif-2.1.0-rtm.5.json", "sarif-2.1.0-subset.json"]
        .into_iter()
        .map(|name| {
            let file = Path::new(MANIFEST).join("tests/data/sarif").join(name);
            let schema: Value = serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap();
            (name, ulcas::schema::compile(&schema).unwrap())
        })
        .collect()
}

/// Every schema's errors about `log`.
pub(crate) fn sarif_errors(
    validators: &[(&str, jsonschema::Validator)],
    log: &Value,
) -> Vec<String> {
    validators
        .iter()
        .flat_map(|(name, v)| {
            v.iter_errors(log)
                .map(move |e| format!("{name}: {e} at {}", e.instance_path()))
        })
        .collect()
}

#[test]
pub(crate) fn sarif_validates_against_the_schema() {
    let validators = sarif_validators();
    let dir = tempfile::tempdir().unwrap();
    common::copy_tree(
        &Path::new(MANIFEST).join("tests/cmd/verify-damaged.in"),
        dir.path(),
    );
    // A name that needs percent-encoding in a URI.
    std::fs::write(dir.path().join("store/lesson/v1/a b%.json"), "{").unwrap();
    let verify = |format: &str| {
        ulcas_in(
            dir.path(),
            &[
                "verify",
                "store",
                "--prompts",
                "prompts",
                "--format",
                format,
            ],
        )
    };
    let sarif = verify("sarif");
    assert_eq!(sarif.code, 1, "{}", sarif.stderr);
    let log: Value = serde_json::from_str(&sarif.stdout).unwrap();
    let errors = sarif_errors(&validators, &log);
    assert!(errors.is_empty(), "{errors:?}\n{}", sarif.stdout);
    let json = verify("json");
    let findings = events(&json.stdout);
    let findings = of_type(&findings, "finding");
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), findings.len());
    let rules: Vec<&str> = log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    for (r, f) in results.iter().zip(&findings) {
        assert_eq!(r["ruleId"], f["check"]);
        assert!(rules.contains(&r["ruleId"].as_str().unwrap()));
        assert_eq!(r["level"], f["severity"]);
    }
    assert!(
        sarif
            .stdout
            .contains("\"uri\":\"store/lesson/v1/a%20b%25.json\""),
        "{}",
        sarif.stdout
    );
    // An absolute root is a file:// URI, still valid.
    let root = dir.path().join("store");
    let abs = ulcas_in(
        dir.path(),
        &["verify", root.to_str().unwrap(), "--format", "sarif"],
    );
    let log: Value = serde_json::from_str(&abs.stdout).unwrap();
    assert_eq!(sarif_errors(&validators, &log), Vec::<String>::new());
    assert!(abs.stdout.contains("\"uri\":\"file:///"), "{}", abs.stdout);
    // Each schema bites: a member SARIF does not know, a wrong level, a URI that is not one.
    for (name, validator) in &validators {
        for (pointer, value) in [
            ("/runs/0/results/0/level", Value::from("fatal")),
            ("/runs/0/results/0/severity", Value::from("error")),
            (
                "/runs/0/tool/driver/informationUri",
                Value::from("not a uri"),
            ),
            ("/version", Value::from("2.0.0")),
        ] {
            let mut bad = log.clone();
            let (parent, key) = pointer.rsplit_once('/').unwrap();
            bad.pointer_mut(parent).unwrap()[key] = value;
            assert!(!validator.is_valid(&bad), "{name} accepts {pointer}");
        }
    }
    // A clean store: an empty result list, still a valid log.
    let clean = ulcas(&[
        "verify",
        "cassettes",
        "--pin",
        "outline=1",
        "--format",
        "sarif",
    ]);
    let log: Value = serde_json::from_str(&clean.stdout).unwrap();
    assert_eq!(sarif_errors(&validators, &log), Vec::<String>::new());
}

/// Every subcommand with `-q`: the same exit code, and at most a verdict line per input.
#[test]
pub(crate) fn quiet_keeps_the_verdict_and_the_exit_code() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_tree(
        &Path::new(MANIFEST).join("cassettes"),
        &dir.path().join("cassettes"),
    );
    common::copy_tree(
        &Path::new(MANIFEST).join("tests/fixtures"),
        &dir.path().join("fixtures"),
    );
    let outline = "fixtures/requests/outline.json";
    let cases: Vec<(Vec<&str>, usize)> = vec![
        (vec!["verify", "cassettes"], 1),
        (vec!["prune", "cassettes"], 1),
        (vec!["lookup", outline, "--cassettes", "cassettes"], 1),
        (
            vec![
                "lookup",
                "fixtures/requests/quiz.json",
                "--cassettes",
                "fixtures",
            ],
            1,
        ),
        (vec!["hash", outline], 1),
        (vec!["diff", outline, "fixtures/requests/quiz.json"], 1),
        (vec!["diff", "cassettes", "cassettes"], 1),
        (vec!["backfill", "cassettes", "--requests", outline], 1),
        (vec!["review", "outline", "cassettes"], 1),
    ];
    for (args, max_lines) in cases {
        let loud = ulcas_in(dir.path(), &args);
        let mut quiet_args = args.clone();
        quiet_args.push("-q");
        let quiet = ulcas_in(dir.path(), &quiet_args);
        assert_eq!(
            quiet.code, loud.code,
            "{args:?}: {}{}",
            quiet.stdout, quiet.stderr
        );
        assert!(
            quiet.stdout.lines().count() <= max_lines,
            "{args:?} -q printed:\n{}",
            quiet.stdout
        );
        assert!(!quiet.stdout.is_empty(), "{args:?} -q printed nothing");
        assert!(quiet.stdout.len() <= loud.stdout.len(), "{args:?}");
    }
}

#[test]
pub(crate) fn dash_reads_a_request_dump_from_stdin() {
    let file = Path::new(MANIFEST).join("tests/fixtures/requests/outline.json");
    let dump = std::fs::read(&file).unwrap();
    let from_file = ulcas(&["hash", file.to_str().unwrap(), "--format", "json"]);
    let from_stdin = ulcas_with(
        Path::new(MANIFEST),
        &["hash", "-", "--format", "json"],
        &dump,
        &[],
    );
    assert_eq!(from_stdin.code, 0, "{}", from_stdin.stderr);
    let (a, b) = (
        &events(&from_file.stdout)[0],
        &events(&from_stdin.stdout)[0],
    );
    assert_eq!(a["hash"], b["hash"]);
    assert_eq!(b["request"], "-");
    // Every command that takes a request file: the same answer as from the file.
    let path = file.to_str().unwrap();
    for (command, code) in [
        (vec!["normalize", "-"], 0),
        (vec!["lookup", "-", "--cassettes", "cassettes"], 0),
        (vec!["verify", "cassettes", "--requests", "-"], 0),
        (vec!["prune", "cassettes", "--requests", "-"], 1),
        (vec!["backfill", "--requests", "-", "cassettes"], 0),
        (
            vec!["diff", "-", "tests/data/requests/outline-edited.json"],
            1,
        ),
        (
            vec![
                "diff",
                "cassettes/outline/v2/143f45af24e5b69eda58df8f5ec483ea.json",
                "-",
            ],
            0,
        ),
    ] {
        let run = ulcas_with(Path::new(MANIFEST), &command, &dump, &[]);
        assert_eq!(run.code, code, "{command:?}: {}", run.stderr);
        let named: Vec<&str> = command
            .iter()
            .map(|&a| if a == "-" { path } else { a })
            .collect();
        let direct = ulcas(&named);
        assert_eq!(direct.code, code, "{named:?}: {}", direct.stderr);
        assert_eq!(run.stdout, direct.stdout.replace(path, "-"), "{command:?}");
    }
    let both = ulcas_with(Path::new(MANIFEST), &["diff", "-", "-"], &dump, &[]);
    assert_eq!(both.code, 2);
    assert!(both.stderr.contains("cannot both come from standard input"));
    let bad = ulcas_with(Path::new(MANIFEST), &["hash", "-"], b"{\"task\": 1}", &[]);
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.starts_with("ulcas: error: <stdin>"),
        "{}",
        bad.stderr
    );
    let both = ulcas_with(
        Path::new(MANIFEST),
        &["record", "-", "--response", "-"],
        b"",
        &[],
    );
    assert_eq!(both.code, 2);
    assert!(
        both.stderr.contains("cannot both come from standard input"),
        "{}",
        both.stderr
    );
}

#[test]
pub(crate) fn replay_prints_only_the_answer_on_stdout() {
    let run = ulcas(&[
        "lookup",
        "tests/fixtures/requests/outline.json",
        "--cassettes",
        "cassettes",
        "--replay",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let answer: Value =
        serde_json::from_str(&run.stdout).expect("stdout is the answer alone, JSON for jq");
    assert!(answer.is_object());
    assert!(run.stderr.contains("hit"), "{}", run.stderr);
    // Several requests: one answer per line.
    let two = ulcas(&[
        "lookup",
        "tests/fixtures/requests/outline.json",
        "tests/fixtures/requests/lesson.json",
        "--cassettes",
        "cassettes",
        "--replay",
    ]);
    assert_eq!(two.stdout.lines().count(), 2, "{}", two.stdout);
}

#[test]
pub(crate) fn counts_agree_with_their_nouns() {
    let dir = store_with_stale(1);
    let run = ulcas_in(dir.path(), &["verify", "store"]);
    assert!(
        run.stdout
            .contains("2 cassettes, 0 errors, 1 warning (stale-version 1)"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("(1 finding)"), "{}", run.stdout);
    let github = ulcas_in(dir.path(), &["verify", "store", "--format", "github"]);
    assert!(
        github.stdout.contains("2 cassettes, 0 errors, 1 warning"),
        "{}",
        github.stdout
    );
    let prune = ulcas_in(dir.path(), &["prune", "store"]);
    assert!(
        prune.stdout.contains("can delete 1 of 2 cassettes"),
        "{}",
        prune.stdout
    );
    assert!(
        prune
            .stdout
            .contains("outline                       1 cassette "),
        "{}",
        prune.stdout
    );
}

#[test]
pub(crate) fn a_dump_folder_with_other_json_reports_it_and_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let dumps = dir.path().join("dumps");
    std::fs::create_dir(&dumps).unwrap();
    std::fs::copy(
        Path::new(MANIFEST).join("tests/fixtures/requests/outline.json"),
        dumps.join("a.json"),
    )
    .unwrap();
    std::fs::write(dumps.join("b.json"), "{\"name\": \"package.json\"}").unwrap();
    std::fs::copy(
        Path::new(MANIFEST).join("tests/fixtures/requests/lesson.json"),
        dumps.join("c.json"),
    )
    .unwrap();
    let store = Path::new(MANIFEST).join("cassettes");
    let folder = dumps.to_str().unwrap();
    for args in [
        vec!["hash", folder],
        vec!["normalize", folder],
        vec!["lookup", folder, "--cassettes", store.to_str().unwrap()],
        vec!["verify", store.to_str().unwrap(), "--requests", folder],
        vec!["backfill", store.to_str().unwrap(), "--requests", folder],
    ] {
        let run = ulcas_in(dir.path(), &args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert_eq!(
            run.stderr.lines().filter(|l| l.contains("b.json")).count(),
            1,
            "{args:?}: {}",
            run.stderr
        );
        assert!(run.stderr.starts_with("ulcas: error: "), "{}", run.stderr);
        assert!(
            !run.stdout.is_empty(),
            "{args:?}: the other dumps are still done"
        );
    }
    let hash = ulcas_in(dir.path(), &["hash", folder]);
    assert_eq!(hash.stdout.lines().count(), 2, "{}", hash.stdout);
    // prune deletes nothing after reading its dumps incompletely.
    let copy = dir.path().join("store");
    common::copy_tree(&store, &copy);
    let prune = ulcas_in(
        dir.path(),
        &["prune", "store", "--requests", folder, "--delete"],
    );
    assert_eq!(prune.code, 2, "{}", prune.stderr);
    assert!(prune.stderr.contains("deleted nothing"), "{}", prune.stderr);
    assert!(
        copy.join("outline/v1/83d282e33ae9469beb039daa9d29e1e2.json")
            .is_file()
    );
}

/// The pre-commit hook's entry is a command line that works.
#[test]
pub(crate) fn pre_commit_hook_entry_runs() {
    let hooks =
        std::fs::read_to_string(Path::new(MANIFEST).join(".pre-commit-hooks.yaml")).unwrap();
    let entry = hooks
        .lines()
        .find_map(|l| l.trim().strip_prefix("entry: "))
        .expect("an entry line");
    let words: Vec<&str> = entry.split_whitespace().collect();
    assert_eq!(words[0], "ulcas");
    let run = ulcas(&words[1..]);
    assert_eq!(run.code, 0, "{entry}: {}{}", run.stdout, run.stderr);
    assert_eq!(
        run.stdout.lines().count(),
        1,
        "quiet: the verdict line only\n{}",
        run.stdout
    );
}
