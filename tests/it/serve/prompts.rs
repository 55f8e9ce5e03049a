//! Every prompt of the app answered right, or refused with the reason: prompts and schemas
//! picked up while serving, ties for the nearest prompt said as ties, and prompts whose schema
//! the app builds in code (exported schemas, and record mode relaying what it cannot key).

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use ulcas::request::Request;
use ulcas::schema::Schema;

use crate::serve::{Server, monorepo, params, post, prompt_text, workspace};

/// The error message of an answer's body.
fn message(body: &str) -> String {
    let answer: Value = serde_json::from_str(body).unwrap_or_else(|_| panic!("{body}"));
    answer["error"]["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// What `GET /health` says.
pub fn health(url: &str) -> Value {
    use std::io::{Read, Write};
    let addr = url.strip_prefix("http://").unwrap();
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    let head = format!("GET /health HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\n\r\n");
    s.write_all(head.as_bytes()).unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    serde_json::from_str(out.split("\r\n\r\n").nth(1).unwrap()).unwrap()
}

/// The `/proc` folder of the thread `name` of process `pid`: a thread names itself once it
/// runs, which may be after the start line was read (waited for, up to five seconds).
fn thread_of(pid: u32, name: &str) -> std::path::PathBuf {
    let started = Instant::now();
    loop {
        let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).unwrap();
        for task in tasks.filter_map(Result::ok) {
            let comm = std::fs::read_to_string(task.path().join("comm")).unwrap_or_default();
            if comm.trim_end() == name {
                return task.path();
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "no thread {name} in process {pid}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// How many times the thread `name` of process `pid` has gone to sleep so far.
fn sleeps_of(pid: u32, name: &str) -> u64 {
    let status = std::fs::read_to_string(thread_of(pid, name).join("status")).unwrap();
    let line = status
        .lines()
        .find_map(|l| l.strip_prefix("voluntary_ctxt_switches:"))
        .unwrap();
    line.trim().parse().unwrap()
}

/// The watcher sleeps on the kernel's news of the prompt folders: an idle server does not wake
/// every quarter second to look, and a prompt added while nobody asks is picked up all the same,
/// well before the watcher would look anyway (every five seconds).
#[test]
fn an_idle_server_sleeps_until_a_prompt_changes() {
    let (ws, _) = workspace();
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let prompts = health(&server.url)["prompts"].as_u64().unwrap();
    let before = sleeps_of(server.pid(), "ulcas-watch");
    std::thread::sleep(Duration::from_millis(1500));
    let idle = sleeps_of(server.pid(), "ulcas-watch") - before;
    assert!(idle <= 2, "the watcher woke {idle} times in 1.5 s");

    let quiz = ws.path().join("fixtures/prompts/quiz");
    let v1 = std::fs::read_to_string(quiz.join("v1.md")).unwrap();
    std::fs::write(quiz.join("v2.md"), v1.replace("version: 1", "version: 2")).unwrap();
    let started = Instant::now();
    while health(&server.url)["prompts"].as_u64().unwrap() == prompts {
        assert!(started.elapsed() < Duration::from_secs(3), "not picked up");
        std::thread::sleep(Duration::from_millis(20));
    }
    let log = server.stop();
    assert!(
        log.contains("prompts changed: the registries read again"),
        "{log}"
    );
}

/// Posts `body` until `done` holds of the answer (at most two seconds); the last answer.
fn until(url: &str, body: &str, done: impl Fn(u16, &str) -> bool) -> (u16, String, Duration) {
    let started = Instant::now();
    loop {
        let (status, answer) = post(url, body.as_bytes(), &[]);
        if done(status, &answer) || started.elapsed() > Duration::from_secs(2) {
            return (status, answer, started.elapsed());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A prompt added, a prompt's text edited and a schema edited while serving are each picked up
/// within a second, without a restart, and the log says the registries were read again.
#[test]
fn prompts_and_schemas_are_picked_up_while_serving() {
    let (ws, _) = workspace();
    let fixtures = ws.path().join("fixtures");
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let quiz = Request::from_file(&fixtures.join("requests/quiz.json")).unwrap();
    let old_text = prompt_text("quiz", 1);
    let body = |request: &Request, system: &str| params(request, system).to_string();
    assert_eq!(
        post(&server.url, body(&quiz, &old_text).as_bytes(), &[]).0,
        200
    );

    // A new task: the first request names it.
    let schema = json!({"type": "object", "required": ["summary"], "additionalProperties": false,
                        "properties": {"summary": {"type": "string"}}});
    std::fs::write(
        fixtures.join("schemas/outputs/summary.json"),
        schema.to_string(),
    )
    .unwrap();
    std::fs::create_dir_all(fixtures.join("prompts/summary")).unwrap();
    std::fs::write(
        fixtures.join("prompts/summary/v1.md"),
        "---\nid: bakery/summary\nversion: 1\ntask: summary\nschema: outputs/summary.json\n---\nYou summarise.\n",
    )
    .unwrap();
    let mut summary = Request::new("summary", 1, Schema::parse(&schema.to_string()).unwrap());
    summary.blocks = quiz.blocks.clone();
    let (status, answer, _) = until(&server.url, &body(&summary, "You summarise."), |_, a| {
        message(a).starts_with("No cassette for task \"summary\"")
    });
    assert!(
        message(&answer).starts_with("No cassette for task \"summary\" (prompt v1) at "),
        "{status} {answer}"
    );

    // The quiz prompt's text edited in place: the new text is the quiz, the old one no longer
    // (it is still the text of the other sample prompts, whose schemas are not the quiz's).
    let prompt = fixtures.join("prompts/quiz/v1.md");
    let edited = std::fs::read_to_string(&prompt)
        .unwrap()
        .replace("(sample prompt)", "(edited while serving)");
    std::fs::write(&prompt, edited).unwrap();
    let new_text = old_text.replace("(sample prompt)", "(edited while serving)");
    // The old text still names the quiz until the watcher reads the registries again.
    let (status, answer, took) = until(&server.url, &body(&quiz, &old_text), |s, _| s == 404);
    let said = message(&answer);
    assert!(
        said.contains("the output schema is unknown") && !said.contains("quiz v1"),
        "{status} {answer}"
    );
    assert!(took < Duration::from_secs(1), "picked up in {took:?}");
    let (status, answer, _) = until(&server.url, &body(&quiz, &new_text), |s, _| s == 200);
    assert_eq!(
        status, 200,
        "the edited text replays the quiz cassette: {answer}"
    );

    // The quiz schema edited (a new optional property): the request with its provider form is
    // the quiz at once (a miss: another key), not an unknown schema.
    let schema_file = fixtures.join("schemas/outputs/quiz.json");
    let mut quiz_schema: Value =
        serde_json::from_slice(&std::fs::read(&schema_file).unwrap()).unwrap();
    quiz_schema["properties"]["note"] = json!({"type": "string"});
    std::fs::write(&schema_file, quiz_schema.to_string()).unwrap();
    let mut reshaped = quiz.clone();
    reshaped.schema = Schema::parse(&quiz_schema.to_string()).unwrap();
    let (status, answer, _) = until(&server.url, &body(&reshaped, &new_text), |_, a| {
        message(a).starts_with("No cassette for task \"quiz\"")
    });
    assert!(
        message(&answer).starts_with("No cassette for task \"quiz\" (prompt v1) at "),
        "{status} {answer}"
    );
    let log = server.stop();
    assert!(
        log.contains("prompts changed: the registries read again"),
        "{log}"
    );
}

/// An unknown text as near to several prompts as to one: the message says they are tied, and
/// names them, instead of picking one.
#[test]
fn ties_for_the_nearest_prompt_are_said_as_ties() {
    let ws = monorepo();
    let server = Server::start(ws.path(), &[]);
    let (quiz, _) = crate::serve::quiz_request(ws.path(), "frg_abcdefghijkm");
    // Every prompt of the fixture but quiz sends "(prompt text omitted)".
    let body = params(&quiz, "(prompt text omitted, or so)").to_string();
    let (status, answer) = post(&server.url, body.as_bytes(), &[]);
    server.stop();
    assert_eq!(status, 404, "{answer}");
    let message = message(&answer);
    assert!(
        message.contains("15 prompts are tied for the nearest, each with 60% of its words")
            && message.contains("critic_pedagogy v1 in api/packages/course-builder/resources/prompts/critic_pedagogy/v1.md"),
        "{message}"
    );
    assert!(!message.contains("the nearest is"), "{message}");
}

/// The patch prompt of the real app: `schema: built per element type (Pipeline\PatchSchemas)`.
fn patch_workspace() -> (tempfile::TempDir, Request, String) {
    let ws = monorepo();
    let prompt = ws
        .path()
        .join("api/packages/course-builder/resources/prompts/patch/v1.md");
    let text = std::fs::read_to_string(&prompt).unwrap();
    std::fs::write(
        &prompt,
        text.replace("(prompt text omitted)", "You patch elements."),
    )
    .unwrap();
    let schema = json!({"type": "object", "required": ["html"], "additionalProperties": false,
                        "properties": {"html": {"type": "string", "minLength": 1}}});
    let request = Request::new("patch", 1, Schema::parse(&schema.to_string()).unwrap())
        .with_text("<element type=\"paragraph\">Bloom the coffee.</element>")
        .with_model("claude-sonnet-5-5");
    (ws, request, "You patch elements.".to_owned())
}

/// A prompt whose schema the app builds in code: the miss names that cause and the routes;
/// the dump-hook route (a recording without material, then `ulcas backfill` with the app's
/// dump) makes it replay; with the app's exported schema named by `code_schemas` in ulcas.toml
/// it is keyed as the PHP driver keys it.
#[test]
fn a_schema_built_in_code_is_named_as_the_cause_then_served_from_its_export() {
    let (ws, request, system) = patch_workspace();
    let body = params(&request, &system).to_string();
    let server = Server::start(ws.path(), &[]);
    let (status, answer) = post(&server.url, body.as_bytes(), &[]);
    server.stop();
    assert_backfill_route(ws.path(), &request, &body);
    assert_eq!(status, 404, "{answer}");
    let said = message(&answer);
    assert!(
        said.contains("the output schema of patch v1 is built in code (its prompt file says `schema: built per element type (Pipeline\\PatchSchemas)`)")
            && said.contains("code_schemas")
            && said.contains("ulcas backfill"),
        "{said}"
    );
    assert!(
        !said.contains("the schema changed since the prompt file"),
        "{said}"
    );

    // The app's export: one file per element type.
    let export = ws
        .path()
        .join("api/packages/course-builder/tests/code-schemas/patch");
    std::fs::create_dir_all(&export).unwrap();
    std::fs::write(
        export.join("paragraph.json"),
        request.schema.value.to_string(),
    )
    .unwrap();
    std::fs::write(
        export.join("image.json"),
        r#"{"type": "object", "required": ["alt"], "properties": {"alt": {"type": "string"}}}"#,
    )
    .unwrap();
    let config = ws.path().join("ulcas.toml");
    let text = std::fs::read_to_string(&config).unwrap().replacen(
        "prompts = [\"api/packages/course-builder/resources/prompts\"]",
        "prompts = [\"api/packages/course-builder/resources/prompts\"]\ncode_schemas = [\"api/packages/course-builder/tests/code-schemas\"]",
        1,
    );
    std::fs::write(&config, text).unwrap();
    let server = Server::start(ws.path(), &[]);
    let (status, answer) = post(&server.url, body.as_bytes(), &[]);
    server.stop();
    let key = ulcas::key::key_of(&request);
    let store = Path::new("api/packages/course-builder/tests/cassettes");
    assert_eq!(status, 404, "{answer}");
    assert_eq!(
        message(&answer).lines().next().unwrap(),
        format!(
            "No cassette for task \"patch\" (prompt v1) at {}",
            key.path_under(store).display()
        )
    );
}

/// The dump-hook route in a copy of `ws`: the app's recorder writes the cassette without
/// material, the PHP dump hook writes the request, `ulcas backfill` joins them, and serve
/// replays the request.
fn assert_backfill_route(ws: &Path, request: &Request, body: &str) {
    let copy = tempfile::tempdir().unwrap();
    crate::common::copy_tree(ws, copy.path());
    let store = copy
        .path()
        .join("api/packages/course-builder/tests/cassettes");
    let mut recording =
        ulcas::store::Recording::new(r#"{"html":"<p>Bloom.</p>"}"#, "claude-sonnet-5-5");
    recording.usage = json!({"input_tokens": 1, "output_tokens": 1});
    ulcas::store::record(&store, request, &recording, Default::default()).unwrap();
    let dumps = copy.path().join("dumps");
    std::fs::create_dir_all(&dumps).unwrap();
    std::fs::write(dumps.join("patch.json"), request.to_dump()).unwrap();
    let server = Server::start(copy.path(), &[]);
    let (before, _) = post(&server.url, body.as_bytes(), &[]);
    server.stop();
    assert_eq!(before, 404, "no material yet: the schema is unknown");
    let backfill = crate::common::ulcas_in(
        copy.path(),
        &[
            "backfill",
            "--requests",
            "dumps",
            "api/packages/course-builder/tests/cassettes",
        ],
    );
    assert_eq!(backfill.code, 0, "{}{}", backfill.stdout, backfill.stderr);
    let server = Server::start(copy.path(), &[]);
    let (after, answer) = post(&server.url, body.as_bytes(), &[]);
    server.stop();
    assert_eq!(after, 200, "{answer}");
    assert!(answer.contains("Bloom."), "{answer}");
}

/// In record mode, a request whose schema is built in code and unknown is still forwarded and
/// relayed, and the log and the `x-ulcas-not-recorded` header say why it was not recorded.
#[test]
fn record_mode_relays_what_it_cannot_key_and_says_why() {
    let (upstream_ws, request, system) = patch_workspace();
    // The upstream (a synthetic ulcas) knows the schema through an export.
    let export = upstream_ws.path().join("code-schemas/patch");
    std::fs::create_dir_all(&export).unwrap();
    std::fs::write(
        export.join("paragraph.json"),
        request.schema.value.to_string(),
    )
    .unwrap();
    let config = upstream_ws.path().join("ulcas.toml");
    let text = std::fs::read_to_string(&config).unwrap().replacen(
        "prompts = [\"api/packages/course-builder/resources/prompts\"]",
        "prompts = [\"api/packages/course-builder/resources/prompts\"]\ncode_schemas = [\"code-schemas\"]",
        1,
    );
    std::fs::write(&config, text).unwrap();
    let upstream = Server::start(upstream_ws.path(), &["--mode", "synthetic"]);
    let (ws, _, _) = patch_workspace();
    let before = crate::serve::tree(ws.path());
    let recorder = Server::start(
        ws.path(),
        &["--mode", "record", "--upstream", &upstream.url],
    );
    let body = params(&request, &system).to_string();
    let raw = crate::serve::exchange(&recorder.url, body.as_bytes(), &[]);
    let log = recorder.stop();
    upstream.stop();
    let (status, answer) = crate::serve::parse_answer(&raw);
    assert_eq!(status, 200, "relayed: {answer}");
    let head = String::from_utf8_lossy(&raw)
        .split("\r\n\r\n")
        .next()
        .unwrap()
        .to_ascii_lowercase();
    let header = head
        .lines()
        .find_map(|l| l.strip_prefix("x-ulcas-not-recorded: "))
        .unwrap_or_else(|| panic!("no x-ulcas-not-recorded header: {head}"));
    assert!(header.contains("patch v1 is built in code"), "{header}");
    assert!(
        log.lines().any(|l| l.starts_with("relayed ")
            && l.contains("not recorded: the output schema of patch v1 is built in code")),
        "{log}"
    );
    assert_eq!(crate::serve::tree(ws.path()), before, "nothing written");
}

/// A recording with request material written while serving (by `ulcas record`, or another
/// server) makes its schema known at once: the recorded schemas of a version are read again
/// when its folder changes.
#[test]
fn a_schema_recorded_while_serving_is_known_at_once() {
    let (ws, _) = workspace();
    let quiz = Request::from_file(&ws.path().join("fixtures/requests/quiz.json")).unwrap();
    let mut schema: Value = quiz.schema.value.clone();
    schema["properties"]["extra"] = json!({"type": "string"});
    let mut reshaped = quiz.clone();
    reshaped.schema = Schema::parse(&schema.to_string()).unwrap();
    let body = params(&reshaped, &prompt_text("quiz", 1)).to_string();
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let (before, answer) = post(&server.url, body.as_bytes(), &[]);
    assert!(
        message(&answer).contains("the output schema is unknown"),
        "{before} {answer}"
    );
    let mut recording = ulcas::store::Recording::new(r#"{"questions":[]}"#, "claude-sonnet-5-5");
    recording.usage = json!({"input_tokens": 1, "output_tokens": 1});
    ulcas::store::record(
        &ws.path().join("cassettes"),
        &reshaped,
        &recording,
        ulcas::store::WriteOptions::with_request_material(),
    )
    .unwrap();
    let (after, answer) = post(&server.url, body.as_bytes(), &[]);
    server.stop();
    assert_eq!(after, 200, "{answer}");
}

/// The time on a CPU the thread `name` of process `pid` has had so far.
fn cpu_of(pid: u32, name: &str) -> Duration {
    let stat = std::fs::read_to_string(thread_of(pid, name).join("schedstat")).unwrap();
    let ns: u64 = stat.split_whitespace().next().unwrap().parse().unwrap();
    Duration::from_nanos(ns)
}

/// A file written fifty times a second beside `prompts/` (a log in the folder that holds it)
/// wakes the watcher but never makes it walk the registry's 2,000 prompt files: news of the
/// holding folder counts only when it names the registry's folder.
#[test]
fn news_beside_the_prompts_folder_costs_no_walk() {
    let (ws, _) = workspace();
    let prompts = ws.path().join("fixtures/prompts");
    for i in 0..2000 {
        let dir = prompts.join(format!("task{i}"));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("v1.md"),
            format!("---\nid: t/{i}\nversion: 1\n---\nPrompt number {i}.\n"),
        )
        .unwrap();
    }
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    std::thread::sleep(Duration::from_millis(300));
    let before = cpu_of(server.pid(), "ulcas-watch");
    let log = ws.path().join("fixtures/app.log");
    for i in 0..100 {
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log)
            .unwrap();
        std::io::Write::write_all(&mut f, format!("line {i}\n").as_bytes()).unwrap();
        std::thread::sleep(Duration::from_millis(20));
    }
    let spent = cpu_of(server.pid(), "ulcas-watch") - before;
    server.stop();
    assert!(
        spent < Duration::from_millis(100),
        "the watcher spent {spent:?} on 100 writes beside prompts/"
    );
}
