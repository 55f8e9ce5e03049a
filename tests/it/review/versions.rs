//! `ulcas review`: the pairs of a prompt bump, on a generated store with known changes and on
//! the sample store, in every format.

use crate::common;
use crate::common::events;
use crate::stores::monorepo::*;
use serde_json::Value;
use serde_json::json;
use std::path::Path;
use ulcas::request::Request;
use ulcas::store::Recording;
use ulcas::store::WriteOptions;
use ulcas::store::record;

const V1: &str =
    r#"{"type":"object","properties":{"title":{"type":"string"}},"required":["title"]}"#;
const V2: &str = r#"{"type":"object","properties":{"title":{"type":"string"},"extra":{"type":"string"}},"required":["title","extra"]}"#;

/// Records `answer` for input `name` at `version` (schema of that version) into `root`.
fn put(
    root: &Path,
    name: &str,
    version: i64,
    answer: &str,
    tokens: (u64, u64),
    material: bool,
) -> String {
    let schema = if version == 1 { V1 } else { V2 };
    let dump = json!({
        "task": "card", "prompt_version": version,
        "schema": serde_json::from_str::<Value>(schema).unwrap(),
        "blocks": [{"type": "text", "text": format!("input {name} <fragment id=\"frg_abcdefghijkm\">x</fragment>")}],
    });
    let request = Request::from_slice(dump.to_string().as_bytes()).unwrap();
    let mut recording = Recording::new(answer, "m");
    recording.usage = json!({"input_tokens": tokens.0, "output_tokens": tokens.1});
    let options = WriteOptions {
        with_request_material: material,
        force: false,
    };
    let recorded = record(root, &request, &recording, options).unwrap();
    recorded
        .path
        .strip_prefix(root.parent().unwrap())
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

#[test]
fn known_changes_are_paired_and_counted() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("store");
    let a1 = put(&root, "a", 1, r#"{"title":"Same"}"#, (100, 10), true);
    let a2 = put(&root, "a", 2, r#"{"title":"Same"}"#, (120, 10), true);
    let b1 = put(
        &root,
        "b",
        1,
        r#"{"title":"Old","cite":"frg_abcdefghijkm"}"#,
        (100, 20),
        true,
    );
    let b2 = put(
        &root,
        "b",
        2,
        "```json\n{\"title\":\"New\",\"cite\":\"frg_abcdefghijkm\",\"extra\":\"x\"}\n```",
        (120, 30),
        true,
    );
    let c1 = put(&root, "c", 1, r#"{"title":"Gone"}"#, (1, 1), true);
    let e2 = put(
        &root,
        "e",
        2,
        r#"{"title":"Fresh","extra":"y"}"#,
        (1, 1),
        true,
    );
    let f1 = put(&root, "f", 1, r#"{"title":"Bare"}"#, (1, 1), false);

    let run = common::ulcas_in(dir.path(), &["review", "card", "store", "--format", "json"]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    let ev = events(&run.stdout);
    let pairs: Vec<&Value> = ev.iter().filter(|e| e["type"] == "pair").collect();
    assert_eq!(pairs.len(), 2);
    let a = pairs.iter().find(|p| p["from"] == a1.as_str()).unwrap();
    assert_eq!(a["to"], a2.as_str());
    assert_eq!(a["changed"], false);
    assert_eq!(a["changes"], json!([]));
    assert_eq!(
        a["schema_ok"],
        json!({"from": true, "to": false}),
        "v2 requires extra"
    );
    let b = pairs.iter().find(|p| p["from"] == b1.as_str()).unwrap();
    assert_eq!(b["to"], b2.as_str());
    assert_eq!(
        b["changes"],
        json!([
            {"pointer": "/title", "op": "changed", "from": "Old", "to": "New"},
            {"pointer": "/extra", "op": "added", "to": "x"},
        ]),
        "placeholders compare as placeholders, one fence stripped"
    );
    assert_eq!(b["usage"]["to"]["output_tokens"], 30);
    let unpaired: Vec<(String, String, String)> = ev
        .iter()
        .filter(|e| e["type"] == "unpaired")
        .map(|e| {
            (
                e["side"].as_str().unwrap().to_owned(),
                e["path"].as_str().unwrap().to_owned(),
                e["why"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let mut want = vec![
        ("from".to_owned(), c1, "not-rerecorded".to_owned()),
        ("from".to_owned(), f1, "no-material".to_owned()),
        ("to".to_owned(), e2, "new-input".to_owned()),
    ];
    want.sort();
    let mut got = unpaired.clone();
    got.sort();
    assert_eq!(got, want);
    let s = ev.last().unwrap();
    assert_eq!(s["type"], "summary");
    assert_eq!(
        (
            s["pairs"].as_u64(),
            s["identical"].as_u64(),
            s["changed"].as_u64()
        ),
        (Some(2), Some(1), Some(1))
    );
    assert_eq!(s["unpaired_from"], 1);
    assert_eq!(s["unpaired_to"], 1);
    assert_eq!(s["without_material"], 1);
    assert_eq!(s["schema_failures"], json!({"from": 0, "to": 1}));
    assert_eq!(s["tokens"]["from"]["input_total"], 200);
    assert_eq!(s["tokens"]["to"]["input_total"], 240);
    assert_eq!(s["tokens"]["to"]["output_mean"], 20.0);
    assert_eq!(
        s["top_pointers"],
        json!([{"pointer": "/extra", "pairs": 1}, {"pointer": "/title", "pairs": 1}])
    );
    assert_eq!(s["retire"], "ulcas prune store --delete");

    // Human: a block per pair, the unpaired with what to do, the summary; --stat only that.
    let run = common::ulcas_in(dir.path(), &["review", "card", "store"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout.contains("~ /title: \"Old\" → \"New\""),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("not re-recorded yet: record it with"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("input tokens: total 200 → 240 (+20.0%)"),
        "{}",
        run.stdout
    );
    let stat = common::ulcas_in(dir.path(), &["review", "card", "store", "--stat"]);
    assert!(!stat.stdout.contains("~ /title"));
    assert!(
        stat.stdout.contains("2 pairs (identical 1, changed 1)"),
        "{}",
        stat.stdout
    );

    // Exit 0 once every v1 input has a v2 recording (a bare one cannot be paired: still 1).
    put(
        &root,
        "c",
        2,
        r#"{"title":"Gone","extra":"z"}"#,
        (1, 1),
        true,
    );
    std::fs::remove_file(dir.path().join(f_path(&ev))).unwrap();
    assert_eq!(
        common::ulcas_in(dir.path(), &["review", "card", "store"]).code,
        0
    );

    // Versions that are not there: exit 2.
    let run = common::ulcas_in(dir.path(), &["review", "card", "store", "--from", "7"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("no v7 recordings"), "{}", run.stderr);
    assert_eq!(
        common::ulcas_in(dir.path(), &["review", "nope", "store"]).code,
        2
    );
}

fn f_path(ev: &[Value]) -> String {
    ev.iter().find(|e| e["why"] == "no-material").unwrap()["path"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[test]
fn a_long_review_fits_a_pull_request_comment() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("store");
    let long = "word ".repeat(60);
    for i in 0..400 {
        let name = format!("n{i}");
        put(
            &root,
            &name,
            1,
            &json!({"title": format!("{long} old {i}")}).to_string(),
            (10, 10),
            true,
        );
        put(
            &root,
            &name,
            2,
            &json!({"title": format!("{long} new {i}"), "extra": "e"}).to_string(),
            (10, 12),
            true,
        );
    }
    let run = common::ulcas_in(
        dir.path(),
        &["review", "card", "store", "--format", "markdown"],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.chars().count() <= 65_536,
        "{} characters",
        run.stdout.chars().count()
    );
    assert!(
        run.stdout.contains("more changed pairs are not shown"),
        "nothing said about the cut"
    );
    assert!(
        run.stdout
            .contains("**400 pairs**: 0 identical, 400 changed")
    );
    assert!(run.stdout.contains("<details>"));
}

#[test]
fn the_sample_store_in_every_format() {
    let human = common::ulcas(&["review", "outline", "cassettes"]);
    assert_eq!(human.code, 0, "{}", human.stderr);
    assert!(human.stdout.contains("cassettes/outline/v1/83d282e33ae9469beb039daa9d29e1e2.json → cassettes/outline/v2/143f45af24e5b69eda58df8f5ec483ea.json"));
    assert!(
        human.stdout.contains("+ /modules/1/lessons/1:"),
        "{}",
        human.stdout
    );
    assert!(
        human
            .stdout
            .contains("to retire v1: ulcas prune cassettes --delete")
    );

    let json = common::ulcas(&["review", "outline", "cassettes", "--format", "json"]);
    let ev = events(&json.stdout);
    assert_eq!(ev.len(), 2);
    assert_eq!(ev[0]["changes"].as_array().unwrap().len(), 6);

    let md = common::ulcas(&["review", "outline", "cassettes", "--format", "markdown"]);
    assert!(md.stdout.starts_with("### ulcas review: `outline` v1 → v2"));
    assert!(
        md.stdout
            .contains("| `/title` | changed | `\"Sourdough basics\"` | `\"Sourdough at home\"` |"),
        "{}",
        md.stdout
    );

    let html = common::ulcas(&["review", "outline", "cassettes", "--format", "html"]);
    assert_eq!(html.code, 0);
    let page = &html.stdout;
    assert!(page.starts_with("<!doctype html>"));
    for external in ["http://", "https://", " src=", "<link", "@import"] {
        assert!(
            !page.contains(external),
            "the page loads something from outside: {external}"
        );
    }
    assert!(page.contains("id=\"only-changed\""));
    assert!(
        page.contains(
            "<span class=\"l chg\">  &quot;title&quot;: &quot;Sourdough basics&quot;,</span>"
        ),
        "the change is not marked"
    );
    assert!(
        page.contains("<span class=\"l add\">"),
        "the added lesson is not marked"
    );
}

/// One retire decision, the same in every format: the version prune would remove, with what
/// must be done first; none when the old side is not older than the current version.
#[test]
fn the_retire_advice_is_the_same_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("store");
    put(&root, "a", 1, r#"{"title":"A"}"#, (1, 1), true);
    put(&root, "a", 2, r#"{"title":"A2","extra":"x"}"#, (1, 1), true);
    put(&root, "c", 1, r#"{"title":"Gone"}"#, (1, 1), true);
    put(&root, "f", 1, r#"{"title":"Bare"}"#, (1, 1), false);
    let run = |args: &[&str]| {
        let mut all = vec!["review", "card", "store"];
        all.extend(args);
        common::ulcas_in(dir.path(), &all).stdout
    };
    let sentence = "record the 1 input not re-recorded first; the 1 v1 recording without request material: a recording pairs once ";
    let rest = "gives it request material from the dumps of a test run made before the prompt bump";
    let human = run(&[]);
    assert!(
        human.contains(&format!("{sentence}ulcas backfill --requests DUMPS {rest}")),
        "{human}"
    );
    let md = run(&["--format", "markdown"]);
    assert!(
        md.contains(&format!(
            "R{}`ulcas backfill --requests DUMPS` {rest}",
            &sentence[1..]
        )),
        "{md}"
    );
    assert!(md.contains("`ulcas prune store --delete`"), "{md}");
    // The list of inputs to record holds only those: not the one without material.
    let listed = md.split("Not re-recorded yet").nth(1).unwrap_or_default();
    assert!(
        listed.contains("/v1/") && listed.matches("- ").count() == 1,
        "{md}"
    );
    let html = run(&["--format", "html"]);
    assert!(html.contains(&format!("R{}", &sentence[1..])), "{html}");
    let json = run(&["--format", "json"]);
    let summary = events(&json).pop().unwrap();
    assert_eq!(summary["retire_version"], 1);
    assert_eq!(summary["record_first"], 1);
    assert_eq!(summary["backfill_first"], 1);
    assert_eq!(summary["retire"], "ulcas prune store --delete");

    // Backwards: v2 is the current version, prune never retires it.
    for format in ["human", "markdown", "html", "json"] {
        let out = run(&["--from", "2", "--to", "1", "--format", format]);
        assert!(!out.contains("retire v2"), "{format}: {out}");
        assert!(
            !out.contains("ulcas prune store --delete"),
            "{format}: {out}"
        );
    }
    let json = run(&["--from", "2", "--to", "1", "--format", "json"]);
    assert_eq!(events(&json).pop().unwrap()["retire_version"], Value::Null);
}

/// After a prompt bump, a v1 recording without request material: `review` and `prune` give
/// the one advice a team can follow (dumps of a run from before the bump, then backfill; the
/// dumps of a run after it are v2 and cannot give it), and neither sends it to backfill
/// from a run that cannot help.
#[test]
fn review_and_prune_give_one_advice_for_recordings_without_material() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("store");
    put(&root, "a", 1, r#"{"title":"A"}"#, (1, 1), false);
    put(&root, "a", 2, r#"{"title":"A2","extra":"x"}"#, (1, 1), true);
    let advice = "from the dumps of a test run made before the prompt bump";
    let review = common::ulcas_in(dir.path(), &["review", "card", "store"]);
    let prune = common::ulcas_in(dir.path(), &["prune", "store"]);
    for (what, out) in [("review", &review.stdout), ("prune", &prune.stdout)] {
        let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains(advice), "{what}: {out}");
        assert!(!flat.contains("backfill them first"), "{what}: {out}");
    }
    assert!(
        prune.stdout.contains("`ulcas review card`"),
        "{}",
        prune.stdout
    );
}

/// After a plain bump whose recordings have their request material, `prune` says only to
/// review first: nothing of backfill or a worktree, which such a store does not need (issue 67).
#[test]
fn prune_after_a_plain_bump_with_material_says_only_to_review_first() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("store");
    put(&root, "a", 1, r#"{"title":"A"}"#, (1, 1), true);
    put(&root, "a", 2, r#"{"title":"A2"}"#, (1, 1), true);
    let prune = common::ulcas_in(dir.path(), &["prune", "store"]);
    assert!(
        prune
            .stdout
            .contains("`ulcas review card` compares its answers with the current version's\n"),
        "{}",
        prune.stdout
    );
    assert!(!prune.stdout.contains("backfill"), "{}", prune.stdout);
    assert!(!prune.stdout.contains("worktree"), "{}", prune.stdout);
}

/// `review TASK`'s retire advice does what it says (issue 57): the last recordings of a task
/// whose current version has none are kept by a plain prune, so the advice to retire them now
/// carries `--include-last-recordings`, and run as written it removes them.
#[test]
fn the_retire_advice_removes_what_it_says() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    crate::common::copy_tree(
        &std::path::Path::new(crate::common::MANIFEST).join("tests/fixtures"),
        &d.join("fixtures"),
    );
    let dump = std::fs::read_to_string(d.join("fixtures/requests/outline.json"))
        .unwrap()
        .replace("\"prompt_version\": 2", "\"prompt_version\": 1");
    std::fs::write(d.join("v1.json"), dump).unwrap();
    std::fs::write(d.join("answer.json"), "{\"modules\": []}").unwrap();
    let store = [
        "--cassettes",
        "store",
        "--prompts",
        "fixtures/prompts",
        "--schemas",
        "fixtures/schemas",
    ];
    let recorded = crate::common::ulcas_in(
        d,
        &[
            &[
                "record",
                "v1.json",
                "--response",
                "answer.json",
                "--no-request-material",
            ][..],
            &store,
        ]
        .concat(),
    );
    assert_eq!(recorded.code, 0, "{}", recorded.stderr);
    let review = crate::common::ulcas_in(d, &[&["review", "outline"][..], &store].concat());
    let advice = review
        .stdout
        .split('`')
        .chain(review.stdout.split(": "))
        .find_map(|part| part.trim().strip_prefix("ulcas prune ").map(str::to_owned))
        .unwrap_or_else(|| panic!("no retire advice: {}", review.stdout));
    assert!(
        advice.contains("--include-last-recordings --delete"),
        "{advice}"
    );
    let args: Vec<&str> = advice.split_whitespace().collect();
    let pruned = crate::common::ulcas_in(d, &[&["prune"][..], &args].concat());
    assert_eq!(pruned.code, 0, "{}{}", pruned.stdout, pruned.stderr);
    assert!(!d.join("store/outline/v1").exists(), "{}", pruned.stdout);
}

/// `review --against --format html` over both stores (the README's `ulcas.toml`): one
/// document with unique ids, and a reject ticked in the second store makes a command that
/// restores that file in that store (issue 33).
#[test]
fn one_review_page_for_both_stores() {
    if !common::chromium_available("one_review_page_for_both_stores") {
        return;
    }
    let m = Monorepo::new(true);
    let git = |args: &[&str]| crate::review::against::git(m.dir.path(), args);
    git(&["init", "-q", "-b", "main"]);
    git(&["add", "-A"]);
    git(&["commit", "-qm", "stores"]);
    let first = |store: &str| {
        walkdir::WalkDir::new(m.path(store))
            .sort_by_file_name()
            .into_iter()
            .filter_map(Result::ok)
            .find(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "json"))
            .unwrap()
            .into_path()
    };
    let (a, b) = (first(CB_STORE), first(LC_STORE));
    for file in [&a, &b] {
        let mut c: Value = serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap();
        c["model"] = "claude-opus-5".into();
        c["text"] = c["text"].as_str().unwrap().replacen('a', "A", 1).into();
        std::fs::write(file, serde_json::to_string_pretty(&c).unwrap()).unwrap();
    }
    let page = m.ulcas(&["review", "--against", "--format", "html"]);
    assert_eq!(page.code, 1, "{}", page.stderr);
    assert_eq!(
        page.stdout.matches("<!doctype html>").count(),
        1,
        "one document"
    );
    // Long paths wrap after a slash, not inside a name.
    assert!(
        page.stdout.contains("tests/<wbr>cassettes/<wbr>"),
        "paths wrap at slashes"
    );
    for id in [
        "id=\"command\"",
        "id=\"count\"",
        "id=\"copy\"",
        "id=\"only-changed\"",
    ] {
        assert_eq!(page.stdout.matches(id).count(), 1, "{id} once");
    }
    // Reject the last listed cassette: the living-course one.
    let command = common::drive_page(
        &page.stdout,
        "var fs = d.querySelectorAll('fieldset.choice');
  fs[fs.length - 1].querySelector('input[value=reject]').click();
  out.textContent = d.getElementById('command').textContent;",
    );
    assert!(
        command.starts_with(&format!(
            "ulcas review --against HEAD {CB_STORE} {LC_STORE} --reject "
        )),
        "{command}"
    );
    let run = common::paste_in("sh", m.dir.path(), &command);
    assert_eq!(
        run.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let rel = |p: &Path| {
        p.strip_prefix(m.dir.path())
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned()
    };
    assert!(
        git(&["status", "--porcelain", "--", &rel(&b)]).is_empty(),
        "restored in its store"
    );
    assert!(
        !git(&["status", "--porcelain", "--", &rel(&a)]).is_empty(),
        "the other kept"
    );
}
