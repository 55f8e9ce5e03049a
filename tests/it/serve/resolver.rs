//! The endpoint used in-process, as a Rust app would: the same miss words as `ulcas serve`, and
//! recordings written as `ulcas record` writes them (the version's lock entry included).

use std::path::Path;

use ulcas::registry::RegistrySource;
use ulcas::request::Request;
use ulcas::store_settings::StoreSettings;
use ulcas::wire::{Ask, Mode, Outcome, Overrides, RenderedHit, Resolver, Served, WireRequest};

use crate::common;
use crate::serve::{Server, params, post, prompt_text, workspace};

fn resolver(store: &Path, prompts: &Path) -> Resolver {
    let source = RegistrySource {
        prompts: vec![prompts.to_path_buf()],
        ..Default::default()
    };
    Resolver::of_settings(vec![StoreSettings::new(store, source).unwrap()]).unwrap()
}

/// The headers that name quiz v1 (the sample prompts share one text).
fn quiz_v1_headers() -> Overrides {
    Overrides {
        task: Some("quiz".into()),
        prompt_version: Some(1),
    }
}

/// The endpoint on the workspace's store and prompts, and `request` as the app sends it.
fn quiz_v1(ws: &tempfile::TempDir, request: &Request) -> (Resolver, WireRequest) {
    let resolver = resolver(
        &ws.path().join("cassettes"),
        &ws.path().join("fixtures/prompts"),
    );
    let body = params(request, &prompt_text("quiz", 1)).to_string();
    (resolver, WireRequest::parse(body.as_bytes()).unwrap())
}

/// What `wire` gets from `resolver` when it has no cassette (in cassette mode).
fn served_in_process(resolver: &Resolver, wire: &WireRequest, overrides: &Overrides) -> Served {
    let ask = Ask::new(overrides.clone());
    let api = ulcas::wire::WIRES[0];
    match resolver
        .answer_wire(api, std::sync::Arc::new(wire.clone()), &ask)
        .outcome
    {
        Outcome::NotRecorded(not) => resolver.settle(*not, Mode::Cassette),
        other => panic!("recorded: {other:?}"),
    }
}

/// The hit `wire` gets from `resolver`, as `api` renders it.
fn hit_of(
    resolver: &Resolver,
    api: &dyn ulcas::wire::Wire,
    wire: &WireRequest,
    overrides: &Overrides,
) -> RenderedHit {
    let ask = Ask::new(overrides.clone());
    match resolver
        .answer_wire(api, std::sync::Arc::new(wire.clone()), &ask)
        .outcome
    {
        Outcome::Hit(hit, _) => hit,
        other => panic!("no hit: {other:?}"),
    }
}

/// The hit of a body posted to `api`, as the server answers it.
fn hit_of_body(
    resolver: &Resolver,
    api: &dyn ulcas::wire::Wire,
    body: &[u8],
    overrides: &Overrides,
) -> RenderedHit {
    match resolver
        .answer(api, body, &Ask::new(overrides.clone()))
        .outcome
    {
        Outcome::Hit(hit, _) => hit,
        other => panic!("no hit: {other:?}"),
    }
}

/// The driver's replay of `wire` as keyed: what a rendered hit renders.
fn replay_of(
    resolver: &Resolver,
    api: &dyn ulcas::wire::Wire,
    wire: &WireRequest,
    overrides: &Overrides,
) -> ulcas::driver::Replay {
    let ask = Ask::new(overrides.clone()).with_requests();
    let decision = resolver.answer_wire(api, std::sync::Arc::new(wire.clone()), &ask);
    let Outcome::Hit(_, Some(resolved)) = decision.outcome else {
        panic!("a hit with its request: {:?}", decision.outcome)
    };
    resolver
        .driver(resolved.store)
        .replay(&resolved.request)
        .unwrap()
}

/// A quiz answer for "The kettle is resting on the scale." recorded with `options`, then the
/// request "The kettle is sitting on the scale." sent to `ulcas serve` and explained
/// in-process: the lines of the served miss, and the in-process explanation.
fn a_miss_served_and_explained(
    ws: &tempfile::TempDir,
    options: ulcas::store::WriteOptions,
) -> (Vec<String>, ulcas::wire::Explained) {
    let quiz = Request::from_file(&ws.path().join("fixtures/requests/quiz.json")).unwrap();
    let mut recording = ulcas::store::Recording::new(r#"{"questions":[]}"#, "claude-sonnet-5-5");
    recording.usage = serde_json::json!({"input_tokens": 1, "output_tokens": 1});
    let recorded = quiz
        .clone()
        .with_text("The kettle is resting on the scale.");
    let cassettes = ws.path().join("cassettes");
    ulcas::store::record(&cassettes, &recorded, &recording, options).unwrap();
    let asked = quiz.with_text("The kettle is sitting on the scale.");
    let body = params(&asked, &prompt_text("quiz", 1)).to_string();

    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let (status, answer) = post(&server.url, body.as_bytes(), &[]);
    server.stop();
    assert_eq!(status, 404, "{answer}");
    let answer: serde_json::Value = serde_json::from_str(&answer).unwrap();
    let served = answer["error"]["message"].as_str().unwrap();

    let resolver = resolver(&cassettes, &ws.path().join("fixtures/prompts"));
    let wire = WireRequest::parse(body.as_bytes()).unwrap();
    let Served::Miss { miss, resolved } =
        served_in_process(&resolver, &wire, &Overrides::default())
    else {
        panic!("a miss")
    };
    let explained = resolver.explain(&miss, &resolved, None);
    (served.lines().map(str::to_owned).collect(), explained)
}

/// In-process, a miss is explained with the words `ulcas serve` answers (the lines before
/// the server's own advice): the reason, and the words that differ from the nearest recording.
#[test]
fn a_miss_is_explained_in_process_as_serve_explains_it() {
    let (ws, _) = workspace();
    let options = ulcas::store::WriteOptions::with_request_material();
    let (served, explained) = a_miss_served_and_explained(&ws, options);
    assert!(
        explained
            .line
            .starts_with("No cassette for task \"quiz\" (prompt v1) at ")
    );
    assert!(
        explained
            .reasons
            .iter()
            .any(|r| r.contains("[-resting-]{+sitting+}")),
        "{explained}"
    );
    // The server ran in the workspace with a relative root; in-process, the root is absolute.
    let root = format!("{}/", ws.path().display());
    let reasons: Vec<String> = explained
        .reasons
        .iter()
        .map(|r| r.replace(&root, ""))
        .collect();
    assert_eq!(
        served[1..=reasons.len()],
        reasons[..],
        "the served miss: {served:#?}"
    );
    let text = explained.to_string();
    assert!(
        !text.contains("--dump-dir") && !text.contains("--mode record"),
        "the server's own advice is the server's: {explained}"
    );
}

/// What a miss advises is in the words of whoever explains it: the server names its commands,
/// an app in-process reads the library's words and is never told to pass a flag.
#[test]
fn in_process_advice_is_in_the_librarys_words() {
    let (ws, _) = workspace();
    // The task's only recording has no request material: nothing to compare, so the advice is
    // to add it.
    std::fs::remove_dir_all(ws.path().join("cassettes/quiz")).unwrap();
    let options = ulcas::store::WriteOptions::default();
    let (served, explained) = a_miss_served_and_explained(&ws, options);
    let served = served.join("\n");
    assert!(
        served.contains("add their material with backfill (see `ulcas backfill --help`)"),
        "{served}"
    );
    let text = explained.to_string();
    assert!(
        text.contains("add their material with backfill (see `backfill::run`)"),
        "{text}"
    );
    assert!(!text.contains("--") && !text.contains("`ulcas "), "{text}");
}

/// `Resolver::record` writes through the store's one write path with the version's lock entry,
/// as `ulcas record` does, and refuses an answer naming placeholders the request lacks.
#[test]
fn an_in_process_recording_keeps_the_lock_current() {
    let dir = common::sample_with_registry();
    let lock_path = dir.path().join("cassettes/ulcas.lock");
    assert!(lock_path.exists(), "the sample store has a lock");
    common::bump_prompt(&dir.path().join("prompts/quiz"), "");
    let resolver = resolver(&dir.path().join("cassettes"), &dir.path().join("prompts"));
    let quiz =
        Request::from_file(&Path::new(common::MANIFEST).join("tests/fixtures/requests/quiz.json"))
            .unwrap();
    let body = params(&quiz, &prompt_text("quiz", 1)).to_string();
    let wire = WireRequest::parse(body.as_bytes()).unwrap();
    let overrides = Overrides {
        task: Some("quiz".into()),
        prompt_version: Some(2),
    };
    let Served::Miss { resolved, .. } = served_in_process(&resolver, &wire, &overrides) else {
        panic!("quiz v2 has no recording yet")
    };
    let unknown = ulcas::store::Recording::new(r#"{"questions":["{{frg_99}}"]}"#, "m");
    let refused = resolver
        .record(&resolved, &unknown, ulcas::store::WriteOptions::default())
        .unwrap_err();
    assert!(refused.to_string().contains("{{frg_99}}"), "{refused}");
    let recording = ulcas::store::Recording::new(r#"{"questions":[]}"#, "m");
    let recorded = resolver
        .record(&resolved, &recording, ulcas::store::WriteOptions::default())
        .unwrap();
    assert!(
        recorded
            .path
            .starts_with(dir.path().join("cassettes/quiz/v2"))
    );
    let lock = std::fs::read_to_string(&lock_path).unwrap();
    assert!(lock.lines().any(|l| l == "[\"quiz/v2\"]"), "{lock}");
    hit_of(&resolver, ulcas::wire::WIRES[0], &wire, &overrides);
}

/// The library names no flag: an error carries a typed hint, and the binary phrases it with
/// the flag that acts on it, in the words it always used.
#[test]
fn library_errors_carry_hints_that_the_binary_phrases_as_flags() {
    let dir = common::sample_with_registry();
    let store = dir.path().join("cassettes");
    let driver = ulcas::driver::Driver::open(&store).unwrap();
    let quiz =
        Request::from_file(&Path::new(common::MANIFEST).join("tests/fixtures/requests/quiz.json"))
            .unwrap();
    let other = ulcas::store::Recording::new(r#"{"questions":["another answer"]}"#, "m");
    let ulcas::driver::DriverError::Refused(refused) = driver.record(&quiz, &other).unwrap_err()
    else {
        panic!("a conflict is a refusal")
    };
    assert_eq!(refused.hint, Some(ulcas::Hint::Replace));
    assert!(!refused.to_string().contains("--"), "{refused}");
    let usage = ulcas::cassette::usage_from_json("[1]").unwrap_err();
    assert_eq!(
        (usage.named(), usage.message.as_str()),
        (
            &[(0, ulcas::Named::Usage)][..],
            "`usage` must be a JSON object of counters"
        )
    );
    let pin = ulcas::registry::parse_pins(&["quiz".into()]).unwrap_err();
    assert_eq!(pin.named(), [(0, ulcas::Named::Pin)]);
    assert!(pin.message.starts_with("`pin` \"quiz\": "), "{pin}");

    // The binary's words, each with its flag.
    let ulcas = |args: &[&str]| common::ulcas_in(dir.path(), args);
    std::fs::write(
        dir.path().join("quiz.json"),
        std::fs::read(Path::new(common::MANIFEST).join("tests/fixtures/requests/quiz.json"))
            .unwrap(),
    )
    .unwrap();
    std::fs::write(dir.path().join("answer.txt"), "{\"questions\": [\"x\"]}").unwrap();
    let record = "record quiz.json --response answer.txt --cassettes cassettes";
    // Each run's stderr: the whole line, or (after a path) how it ends.
    let said = [
        (
            record.to_owned(),
            "a different cassette is already recorded here (use --force to replace it)",
        ),
        (
            format!("{record} --usage [1]"),
            "ulcas: error: --usage must be a JSON object of counters",
        ),
        (
            format!("{record} --usage {{\"a\":-1}}"),
            "ulcas: error: --usage: `a` must be a non-negative integer",
        ),
        (
            "verify cassettes --pin quiz".into(),
            "ulcas: error: --pin \"quiz\": expected TASK=N with N a whole number",
        ),
        (
            "lookup quiz.json --cassettes nowhere".into(),
            "ulcas: error: nowhere: no such store folder (give --cassettes ROOT)",
        ),
        (
            "lock cassettes".into(),
            "ulcas: error: cassettes: ulcas lock needs the prompt registry the recordings answer (--prompts DIR, or `prompts` in ulcas.toml)",
        ),
        (
            "review quiz --cassettes cassettes --to 1".into(),
            "nothing to review (give --from N)",
        ),
        (
            "lock cassettes --prompts prompts --accept quiz".into(),
            "ulcas: error: --accept \"quiz\": expected TASK/vN (quiz/v1)",
        ),
        // Options named mid-sentence (ulcas::Named), each written as its flag.
        (
            "lock cassettes --prompts prompts --accept quiz/v9".into(),
            "ulcas: error: --accept quiz/v9: no store has recordings of quiz v9 (a typo? lock without --accept lists the recorded versions): nothing was written",
        ),
        (
            "review quiz --cassettes cassettes --prompts prompts --from 1 --to 1".into(),
            "ulcas: error: --from and --to are both v1",
        ),
        (
            "prune cassettes --complete-run".into(),
            "ulcas: error: --complete-run says the evidence given is a whole test run: give it with --journal or --requests",
        ),
        (
            "review --against cassettes cassettes".into(),
            "ulcas: error: --against \"cassettes\": that is a folder, not a git revision; for its re-recording against HEAD write `--against HEAD cassettes` (the revision comes first)",
        ),
        (
            "migrate quiz --cassettes cassettes".into(),
            "ulcas: error: no known output schema for \"quiz\" v1 (its prompt names none, or no --prompts): give the new schema with --schema FILE",
        ),
        (
            "review --against HEAD --task nope cassettes".into(),
            "ulcas: error: --task nope: no store has recordings of task \"nope\"",
        ),
    ];
    for (args, words) in said {
        let run = ulcas(&args.split(' ').collect::<Vec<_>>());
        assert!(
            run.stderr.ends_with(&format!("{words}\n")) && run.stderr.lines().count() == 1,
            "ulcas {args}: {}",
            run.stderr
        );
        assert_eq!(run.code, 2, "ulcas {args}");
    }
}

/// A hit rendered in-process is its wire's rendering of the replay, for each wire, whole or
/// streamed. The same request again gets the same bytes (kept, not rendered anew); the same
/// request with another database's ids gets its own ids; a cassette changed on disk is
/// rendered anew, never answered from what was kept.
#[test]
fn a_rendered_hit_is_its_replay_rendered_and_follows_the_file() {
    let (ws, quiz) = workspace();
    let store = ws.path().join("cassettes");
    let record = |text: &str| {
        let options = ulcas::store::WriteOptions {
            force: true,
            ..Default::default()
        };
        let recording = ulcas::store::Recording::new(text, "claude-sonnet-5-5");
        ulcas::store::record(&store, &quiz, &recording, options).unwrap();
    };
    record(r#"{"cites":["{{frg_1}}","{{frg_2}}"]}"#);
    let resolver = resolver(&store, &ws.path().join("fixtures/prompts"));
    let overrides = quiz_v1_headers();
    let body = params(&quiz, &prompt_text("quiz", 1)).to_string();
    // A fresh database: every fragment id another, in the same order.
    let ids: Vec<String> = ulcas::normalise::normalise(&quiz.content())
        .map
        .iter()
        .map(|(_, id)| id.to_owned())
        .filter(|id| id.starts_with("frg_"))
        .collect();
    let fresh = ids.iter().fold(body.clone(), |b, id| {
        b.replace(
            id,
            &format!("frg_{}", id[4..].chars().rev().collect::<String>()),
        )
    });
    let rendered = |body: &str, api: &dyn ulcas::wire::Wire, stream: bool| {
        let mut wire = WireRequest::parse(body.as_bytes()).unwrap();
        wire.stream = stream;
        let hit = hit_of(&resolver, api, &wire, &overrides);
        let replay = replay_of(&resolver, api, &wire, &overrides);
        let expected = api.render(&ulcas::wire::Answer::of_replay(replay), &wire.shape());
        // OpenAI's `created` is the second of rendering: the one compared apart.
        let created = regex::Regex::new(r#""created":(\d+)"#).unwrap();
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs();
        for c in created.captures_iter(&hit.body) {
            let second: u64 = c[1].parse().unwrap();
            assert!(
                now - second <= 1,
                "a kept answer is stamped now: {second} at {now}"
            );
        }
        assert_eq!(
            created.replace_all(&hit.body, "\"created\":_"),
            created.replace_all(&expected.body, "\"created\":_"),
            "{} stream {stream}",
            api.name()
        );
        assert_eq!(hit.content_type, expected.content_type);
        hit.body
    };
    for api in ulcas::wire::WIRES {
        for stream in [false, true] {
            let first = rendered(&body, api, stream);
            assert!(first.contains(&ids[0]), "{first}");
            // Kept within a second: of three answers in a row, two in a row are the same bytes.
            let again = rendered(&body, api, stream);
            let third = rendered(&body, api, stream);
            assert!(
                std::sync::Arc::ptr_eq(&first, &again) || std::sync::Arc::ptr_eq(&again, &third),
                "kept"
            );
            let other = rendered(&fresh, api, stream);
            assert!(
                !other.contains(&ids[0]) && !other.contains(&ids[1]),
                "{other}"
            );
        }
    }
    // A kept answer is the second's: OpenAI's, stamped with the time, is stamped anew.
    let openai = ulcas::wire::WIRES[1];
    let earlier = rendered(&body, openai, false);
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let later = rendered(&body, openai, false);
    assert_ne!(earlier, later, "a later second's stamp");
    let kept = format!("{resolver:?}");
    assert!(
        kept.contains("Answers { count: 1 }"),
        "the earlier seconds' answers of the cassette are let go: {kept:.300}"
    );
    let before = rendered(&body, ulcas::wire::WIRES[0], false);
    record(r#"{"cites":["{{frg_2}}"],"changed":true}"#);
    let after = rendered(&body, ulcas::wire::WIRES[0], false);
    assert!(
        after.contains("changed") && !before.contains("changed"),
        "{after}"
    );
}

/// A cassette too large for the driver's cache is read for each request: its answer is
/// rendered each time (and nothing of it is kept), the same bytes every time.
#[test]
fn a_large_cassettes_answer_is_not_kept() {
    let (ws, quiz) = workspace();
    let store = ws.path().join("cassettes");
    let large = quiz.with_text("The kettle rests on the scale. ".repeat(48 << 10));
    let recording = ulcas::store::Recording::new(r#"{"questions":[]}"#, "claude-sonnet-5-5");
    let options = ulcas::store::WriteOptions::with_request_material();
    let recorded = ulcas::store::record(&store, &large, &recording, options).unwrap();
    assert!(std::fs::metadata(&recorded.path).unwrap().len() > 1 << 20);
    let (resolver, wire) = quiz_v1(&ws, &large);
    let overrides = quiz_v1_headers();
    let api = ulcas::wire::WIRES[0];
    let first = hit_of(&resolver, api, &wire, &overrides);
    let again = hit_of(&resolver, api, &wire, &overrides);
    assert_eq!(first.body, again.body);
    assert!(
        !std::sync::Arc::ptr_eq(&first.body, &again.body),
        "rendered anew"
    );
    let kept = format!("{resolver:?}");
    assert!(
        kept.contains("Answers { count: 0 }"),
        "nothing kept: {kept:.300}"
    );
}

/// The answer of a request with a great many ids is not kept (a client cannot make the server
/// hold its ids request after request), and is answered as any other.
#[test]
fn the_answer_of_a_request_of_many_ids_is_not_kept() {
    let (ws, quiz) = workspace();
    let store = ws.path().join("cassettes");
    let ids: String = (0..20_000)
        .map(|i| format!("<fragment id=\"frg_{i:0>12}\">x</fragment>\n"))
        .collect();
    let many = quiz.with_text(ids);
    let recording = ulcas::store::Recording::new(r#"{"cites":["{{frg_7}}"]}"#, "m");
    ulcas::store::record(&store, &many, &recording, Default::default()).unwrap();
    let (resolver, wire) = quiz_v1(&ws, &many);
    let overrides = quiz_v1_headers();
    let hit = hit_of(&resolver, ulcas::wire::WIRES[0], &wire, &overrides);
    // The quiz request has six ids before these: `{{frg_7}}` is the first of them.
    assert!(
        hit.body.contains("frg_000000000000"),
        "{}",
        &hit.body[..200]
    );
    let kept = format!("{resolver:?}");
    assert!(
        kept.contains("Answers { count: 0 }"),
        "nothing kept: {kept:.300}"
    );
}

/// A body seen before byte for byte is answered exactly as when it was first read: from the
/// cassette the first store that could answer holds now (recorded since, edited, removed),
/// streamed or not, with what the slower path says of a body it cannot read.
#[test]
fn a_body_seen_before_is_answered_as_when_first_read() {
    let (ws, quiz) = workspace();
    let first = ws.path().join("first");
    let second = ws.path().join("cassettes");
    std::fs::create_dir_all(&first).unwrap();
    let source = || RegistrySource {
        prompts: vec![ws.path().join("fixtures/prompts")],
        ..Default::default()
    };
    let resolver = Resolver::of_settings(vec![
        StoreSettings::new(&first, source()).unwrap(),
        StoreSettings::new(&second, source()).unwrap(),
    ])
    .unwrap();
    let overrides = quiz_v1_headers();
    let record = |store: &Path, text: &str| {
        let options = ulcas::store::WriteOptions {
            force: true,
            ..Default::default()
        };
        let recording = ulcas::store::Recording::new(text, "claude-sonnet-5-5");
        ulcas::store::record(store, &quiz, &recording, options)
            .unwrap()
            .path
    };
    let answer =
        |body: &[u8], api: &dyn ulcas::wire::Wire| hit_of_body(&resolver, api, body, &overrides);
    let created = regex::Regex::new(r#""created":\d+"#).unwrap();
    // The Messages API (the only wire that carries the quiz request's document).
    let api = ulcas::wire::WIRES[0];
    {
        for stream in [false, true] {
            let mut params = params(&quiz, &prompt_text("quiz", 1));
            params["stream"] = serde_json::json!(stream);
            let body = params.to_string();
            // The slower path's answer to the same body, the reference.
            let reference = |api: &dyn ulcas::wire::Wire| {
                let wire = api.parse(body.as_bytes()).unwrap();
                let hit = hit_of(&resolver, api, &wire, &overrides);
                created.replace_all(&hit.body, "").into_owned()
            };
            let same = |hit: &ulcas::wire::RenderedHit| {
                assert_eq!(
                    created.replace_all(&hit.body, ""),
                    reference(api),
                    "{} stream {stream}",
                    api.name()
                );
                assert_eq!(hit.is_stream(), stream);
            };
            // Only the second store answers: what the first store records later answers then.
            let hit = answer(body.as_bytes(), api);
            assert!(hit.path.starts_with(&second), "{}", hit.path.display());
            same(&hit);
            let path = record(&first, r#"{"questions":[],"from":"first"}"#);
            for _ in 0..3 {
                let hit = answer(body.as_bytes(), api);
                assert_eq!(hit.path, path);
                assert!(hit.body.contains("first"), "{}", hit.body);
                same(&hit);
            }
            // Edited: the new answer; removed: the second store's again.
            record(&first, r#"{"questions":[],"from":"edited"}"#);
            let hit = answer(body.as_bytes(), api);
            assert!(hit.body.contains("edited"), "{}", hit.body);
            same(&hit);
            std::fs::remove_file(&path).unwrap();
            let hit = answer(body.as_bytes(), api);
            assert!(hit.path.starts_with(&second), "{}", hit.path.display());
            same(&hit);
        }
    }
    let kept = format!("{resolver:?}");
    let seen = kept.find("seen: ").map(|i| &kept[i..]);
    assert!(
        seen.is_some_and(|s| s.starts_with("seen: Seen { count: 2 }")),
        "both bodies kept: {seen:?}"
    );
    // A body that cannot be read says why, as the slower path does.
    let broken = resolver.answer(ulcas::wire::WIRES[0], b"{\"model\":", &Ask::new(overrides));
    let why = ulcas::wire::WIRES[0].parse(b"{\"model\":").unwrap_err();
    let Outcome::Unreadable(broken) = broken.outcome else {
        panic!("unreadable: {:?}", broken.outcome)
    };
    assert_eq!(broken.to_string(), why.to_string());
}
