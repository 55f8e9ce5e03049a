//! Reports, continued: the library's runs report what the commands print (verify's events, every\ncommand's outcome, backfill, record).

use crate::common;
use common::{MANIFEST, events, of_type, ulcas, ulcas_in};
use serde_json::Value;
use std::path::Path;

/// A Rust driver calls the same run the command does and gets the wire events.
#[test]
fn library_verify_run_reports_the_wire_events() {
    let root = Path::new(MANIFEST).join("tests/cmd/verify-damaged.in");
    let stores = ulcas::store_settings::resolve(&ulcas::store_settings::StoreFlags {
        roots: vec![root.join("store")],
        prompts: vec![root.join("prompts")],
        ..Default::default()
    })
    .unwrap();
    let mut collect = ulcas::sink::Collect::default();
    let summary = ulcas::verify::run(
        &stores,
        &Default::default(),
        &ulcas::outcome::NoProgress,
        &mut collect,
    )
    .unwrap();
    assert_eq!(summary.verdict, ulcas::outcome::Verdict::Fail);
    let events = collect.events;
    let last = events.last().unwrap();
    assert_eq!(last["type"], "summary");
    assert_eq!(last["errors"], summary.errors);
    let findings = of_type(&events, "finding");
    assert_eq!(findings.len(), summary.errors + summary.warnings);
    // Only wire events: the context events of human output are not among them.
    assert!(
        events
            .iter()
            .all(|e| ["finding", "skipped", "summary"].contains(&e["type"].as_str().unwrap()))
    );
    // The same events as `--format json` prints.
    let json = ulcas_in(
        &root,
        &[
            "verify",
            "store",
            "--prompts",
            "prompts",
            "--format",
            "json",
        ],
    );
    assert_eq!(events.len(), common::events(&json.stdout).len());
    assert_eq!(
        findings.len(),
        of_type(&common::events(&json.stdout), "finding").len()
    );
}

/// The stores of the sample store with its prompts, as the command line resolves them.
fn sample_stores() -> Vec<ulcas::store_settings::StoreSettings> {
    ulcas::store_settings::resolve(&ulcas::store_settings::StoreFlags {
        roots: vec!["cassettes".into()],
        prompts: vec!["tests/fixtures/prompts".into()],
        ..Default::default()
    })
    .unwrap()
}

/// The JSON events and the exit code of `ulcas ARGS [--cassettes cassettes --prompts …]
/// --format json` (the store flags when `stores`).
fn cli_events(args: &[&str], stores: bool) -> (Vec<Value>, i32) {
    let mut all = args.to_vec();
    if stores {
        all.extend([
            "--cassettes",
            "cassettes",
            "--prompts",
            "tests/fixtures/prompts",
        ]);
    }
    all.extend(["--format", "json"]);
    let run = ulcas(&all);
    (events(&run.stdout), run.code)
}

/// `events` with each piece of advice replaced by one word: a library run says it in the
/// library's words (`ulcas::advice::Plain`: `prune::run(delete)`), the command names itself
/// (`ulcas prune cassettes … --delete`).
fn advice_masked(events: &[Value]) -> Vec<Value> {
    let advice =
        regex::Regex::new(r#"ulcas [a-z]+[^`"\\]*|\b[a-z_]+(::[a-z_]+)+(\([^)]*\))?"#).unwrap();
    let text = serde_json::to_string(events).unwrap();
    serde_json::from_str(&advice.replace_all(&text, "ADVICE")).unwrap()
}

/// The exit code of a library run's outcome, as the command computes it.
fn code(run: &dyn ulcas::outcome::Outcome) -> i32 {
    if run.refusal().is_some() || run.input_errors() + run.failed() > 0 {
        return 2;
    }
    match run.verdict() {
        ulcas::outcome::Verdict::Pass => 0,
        ulcas::outcome::Verdict::Fail => 1,
    }
}

/// A Rust driver gets from each library run exactly the events the command prints (the advice
/// in the library's words, where the command names itself), and the verdict its exit code says:
/// the commands are argument handling, one library call and a reporter.
#[test]
fn library_runs_report_what_the_commands_print() {
    use ulcas::outcome::{Outcome, Verdict};
    use ulcas::sink::Collect;
    let stores = sample_stores();
    let dumps = [
        "tests/data/requests/outline-edited.json",
        "tests/fixtures/requests",
    ];
    let requests: Vec<std::path::PathBuf> = dumps.iter().map(Into::into).collect();

    let mut lookup = Collect::default();
    let asked = ulcas::lookup::LookupOptions {
        dumps: requests.clone(),
        replay: true,
        ..Default::default()
    };
    let summary = ulcas::lookup::run(&stores, &asked, &mut lookup).unwrap();
    assert_eq!((summary.looked_up, summary.misses), (6, 1));
    assert_eq!(summary.verdict(), Verdict::Fail);
    let cli = cli_events(&[&["lookup"], &dumps[..], &["--replay"]].concat(), true);
    assert_eq!((lookup.events, code(&summary)), cli);
    assert_eq!(of_type(&cli.0, "lookup").len(), 6);

    let mut hash = Collect::default();
    let dumps_asked = ulcas::dumps::DumpsOptions {
        dumps: requests.clone(),
    };
    let reported = ulcas::dumps::hash(&stores, &dumps_asked, &mut hash).unwrap();
    assert_eq!(reported.input_errors, 0);
    let cli = cli_events(&[&["hash"], &dumps[..]].concat(), true);
    assert_eq!((hash.events, code(&reported)), cli);
    assert_eq!(of_type(&cli.0, "key").len(), 6);

    let mut normalize = Collect::default();
    let reported = ulcas::dumps::normalize(&dumps_asked, &mut normalize).unwrap();
    assert_eq!(
        (normalize.events, code(&reported)),
        cli_events(&[&["normalize"], &dumps[..]].concat(), false)
    );

    let mut migrate = Collect::default();
    let asked = ulcas::migrate::MigrateOptions {
        task: "quiz".into(),
        // Another task's schema: one answer fails it, one is carried over (its repair is recorded).
        schema: Some("tests/fixtures/schemas/outputs/lesson.json".into()),
        ..Default::default()
    };
    let migrated = ulcas::migrate::run(&stores, &asked, &mut migrate).unwrap();
    assert_eq!(migrated.failed, 0);
    let cli = cli_events(
        &[
            "migrate",
            "quiz",
            "--schema",
            "tests/fixtures/schemas/outputs/lesson.json",
        ],
        true,
    );
    // The advice in the library's words, the command's in its own; the rest the same.
    let said = |events: &[Value]| serde_json::to_string(events).unwrap();
    assert!(said(&migrate.events).contains("\"prune\":\"prune::run(delete)\""));
    assert!(said(&cli.0).contains("\"prune\":\"ulcas prune cassettes --prompts"));
    assert_eq!(
        (advice_masked(&migrate.events), code(&migrated)),
        (advice_masked(&cli.0), cli.1)
    );
    assert_eq!(code(&migrated), 1);
    assert_eq!(of_type(&cli.0, "migrated").len(), 1, "{:?}", cli.0);
    assert_eq!(of_type(&cli.0, "needs-recording").len(), 1, "{:?}", cli.0);

    let mut review = Collect::default();
    let asked = ulcas::review::ReviewOptions {
        task: "outline".into(),
        ..Default::default()
    };
    let reviewed = ulcas::review::run(&stores, &asked, &mut review).unwrap();
    let cli = cli_events(&["review", "outline"], true);
    assert_eq!(
        (advice_masked(&review.events), code(&reviewed)),
        (advice_masked(&cli.0), cli.1)
    );
    assert_eq!(of_type(&cli.0, "pair").len(), 1);

    let mut diff = Collect::default();
    let (a, b) = (dumps[0], "tests/fixtures/requests/outline.json");
    let asked = ulcas::diff::DiffOptions {
        a: a.into(),
        b: b.into(),
        ..Default::default()
    };
    let compared = ulcas::diff::run(&asked, &mut diff).unwrap();
    assert_eq!(
        compared.verdict(),
        Verdict::Fail,
        "an edited request differs"
    );
    assert_eq!((diff.events, 1), cli_events(&["diff", a, b], false));
    let mut stores_diff = Collect::default();
    let (a, b) = ("cassettes", "tests/cmd/verify-damaged.in/store");
    let asked = ulcas::diff::DiffOptions {
        a: a.into(),
        b: b.into(),
        ..Default::default()
    };
    let compared = ulcas::diff::run(&asked, &mut stores_diff).unwrap();
    let cli = cli_events(&["diff", a, b], false);
    assert_eq!((stores_diff.events, code(&compared)), cli);
    assert!(of_type(&cli.0, "store-change").len() > 1, "{:?}", cli.0);
}

/// `backfill` writes: the command and the library each run on a copy of the same store.
#[test]
fn library_backfill_run_reports_what_the_command_prints() {
    let copy = |dir: &Path| {
        common::copy_tree(&Path::new(MANIFEST).join("cassettes"), &dir.join("store"));
        common::copy_tree(
            &Path::new(MANIFEST).join("tests/fixtures/requests"),
            &dir.join("requests"),
        );
    };
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    copy(a.path());
    copy(b.path());
    let cli = ulcas_in(
        a.path(),
        &[
            "backfill",
            "--requests",
            "requests",
            "store",
            "--format",
            "json",
        ],
    );
    let stores = ulcas::store_settings::resolve_in(
        &ulcas::store_settings::StoreFlags {
            roots: vec![b.path().join("store")],
            ..Default::default()
        },
        b.path(),
    )
    .unwrap();
    let mut collect = ulcas::sink::Collect::default();
    let summary = ulcas::backfill::run(
        &stores,
        &ulcas::backfill::BackfillOptions {
            dumps: vec![b.path().join("requests")],
        },
        &mut collect,
    )
    .unwrap();
    let library: Vec<Value> = collect
        .events
        .iter()
        .map(|e| {
            let text = e
                .to_string()
                .replace(&format!("{}/", b.path().display()), "");
            serde_json::from_str(&text).unwrap()
        })
        .collect();
    assert_eq!(library, events(&cli.stdout));
    // The sample store's cassettes carry their material already.
    assert_eq!((summary.already, summary.backfilled), (5, 0), "{summary:?}");
    assert_eq!(cli.code, code(&summary));
}

/// `record` is a library run too: the same events as `record --format json` (run on the sample
/// store, where the fixture's answer is already recorded: both see "unchanged").
#[test]
fn the_record_run_reports_what_the_command_prints() {
    let usage = r#"{"input_tokens":1180,"output_tokens":95}"#;
    let stores = ulcas::store_settings::resolve(&ulcas::store_settings::StoreFlags {
        roots: vec!["cassettes".into()],
        ..Default::default()
    })
    .unwrap();
    let asked = ulcas::record::RecordOptions {
        request: "tests/fixtures/requests/quiz.json".into(),
        response: "tests/fixtures/responses/quiz.json".into(),
        prompt_id: None,
        model: Some("claude-sonnet-5-5".into()),
        stop_reason: "end_turn".into(),
        refusal_category: None,
        usage: Some(usage.into()),
        write: ulcas::store::WriteOptions::with_request_material(),
    };
    let mut events = ulcas::sink::Collect::default();
    let recorded = ulcas::record::run(&stores, &asked, &mut events).unwrap();
    assert_eq!(recorded.status, ulcas::store::RecordStatus::Unchanged);
    let cli = ulcas(&[
        "record",
        "tests/fixtures/requests/quiz.json",
        "--response",
        "tests/fixtures/responses/quiz.json",
        "--model",
        "claude-sonnet-5-5",
        "--usage",
        usage,
        "--cassettes",
        "cassettes",
        "--format",
        "json",
    ]);
    assert_eq!(cli.code, 0, "{}", cli.stderr);
    assert_eq!(events.events, common::events(&cli.stdout));
    assert_eq!(events.events[0]["type"], "recorded");
}
