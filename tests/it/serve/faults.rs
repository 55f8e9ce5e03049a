//! Faults on cue, against the official SDKs: each fault in each wire's shape, targeted by the
//! real key (a task, a task's version, a cassette's hash), armed by `--fault`, at run time by
//! `POST /_ulcas/faults`, or for one request by `x-ulcas-fault`; deterministic, logged, and
//! never recorded.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use ulcas::request::Request;

use crate::serve::openai::chat_params;
use crate::serve::{Server, params, post, prompt_text, workspace};

fn python() -> Option<PathBuf> {
    crate::serve::python_with("anthropic, openai")
}

fn run(python: &Path, url: &str, calls: &Value) -> Vec<Value> {
    crate::serve::run_client(python, "shapes_client.py", url, calls)
}

/// The sample's quiz and outline requests (outline v2, the current) with their prompt texts.
fn requests(ws: &Path) -> (Request, Request, String) {
    let fixtures = ws.join("fixtures/requests");
    let quiz = Request::from_file(&fixtures.join("quiz.json")).unwrap();
    let outline = Request::from_file(&fixtures.join("outline.json")).unwrap();
    (quiz, outline, prompt_text("quiz", 1))
}

/// Arms faults at run time; the answer's status.
fn arm(url: &str, target: &str, faults: &[&str]) -> u16 {
    let body = json!({"target": target, "faults": faults}).to_string();
    post(&format!("{url}/_ulcas/faults"), body.as_bytes(), &[]).0
}

/// `quiz@v1:overloaded,ok`: the SDK with its retries on gets the answer after one retry; with
/// none, the SDK's 529 error (OverloadedError); the log names each fault.
#[test]
fn an_overload_then_ok_is_one_retry() {
    let Some(python) = python() else { return };
    let (ws, _) = workspace();
    let (quiz, _, system) = requests(ws.path());
    let server = Server::start(
        ws.path(),
        &[
            "cassettes",
            "--prompts",
            "fixtures/prompts",
            "--fault",
            "quiz@v1:overloaded,ok",
        ],
    );
    let body = params(&quiz, &system);
    let got = run(
        &python,
        &server.url,
        &json!([
            {"name": "retried", "api": "messages", "params": body, "max_retries": 2},
        ]),
    );
    assert!(
        got[0]["id"].as_str().unwrap().starts_with("cassette:"),
        "{}",
        got[0]
    );
    assert_eq!(arm(&server.url, "quiz@v1", &["overloaded"]), 200);
    let got = run(
        &python,
        &server.url,
        &json!([
            {"name": "no-retries", "api": "messages", "params": body},
            {"name": "after", "api": "messages", "params": body},
        ]),
    );
    assert_eq!(
        (got[0]["error"].as_str(), got[0]["status"].as_u64()),
        (Some("OverloadedError"), Some(529)),
        "{}",
        got[0]
    );
    assert_eq!(got[0]["body"]["error"]["type"], "overloaded_error");
    assert!(
        got[1]["id"].as_str().unwrap().starts_with("cassette:"),
        "used up: {}",
        got[1]
    );
    let log = server.stop();
    let key = ulcas::key::key_of(&quiz).hash;
    assert_eq!(
        log.matches(&format!("fault     overloaded (quiz v1 {key})"))
            .count(),
        2,
        "{log}"
    );
    // `ok` is the normal answer: its request is one line, its hit's, never a fault line too
    // (two requests hit: the one `ok` answered and the one after the run-time overload).
    assert_eq!(log.matches("fault     ok").count(), 0, "{log}");
    assert_eq!(
        log.lines().filter(|l| l.starts_with("hit ")).count(),
        2,
        "{log}"
    );
}

/// `rate-limit:retry-after=1` is honoured (the retry waits about a second); on Chat
/// Completions a 429 is the OpenAI SDK's RateLimitError with OpenAI's error body and headers.
#[test]
fn a_rate_limit_says_when_to_retry() {
    let Some(python) = python() else { return };
    let (ws, _) = workspace();
    let (quiz, _, system) = requests(ws.path());
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    assert_eq!(arm(&server.url, "*", &["rate-limit:retry-after=1"]), 200);
    let got = run(
        &python,
        &server.url,
        &json!([
            {"name": "waited", "api": "messages", "params": params(&quiz, &system), "max_retries": 1},
            {"name": "openai", "api": "chat", "params": chat_params(&quiz, &system),
             "headers": {"x-ulcas-fault": "rate-limit"}},
        ]),
    );
    assert!(
        got[0]["id"].as_str().unwrap().starts_with("cassette:"),
        "{}",
        got[0]
    );
    let waited = got[0]["elapsed"].as_f64().unwrap();
    assert!((0.9..5.0).contains(&waited), "waited {waited} s");
    assert_eq!(
        (got[1]["error"].as_str(), got[1]["status"].as_u64()),
        (Some("RateLimitError"), Some(429)),
        "{}",
        got[1]
    );
    assert_eq!(got[1]["body"]["type"], "rate_limit_error", "{}", got[1]);
    assert_eq!(got[1]["body"]["code"], "rate_limit_exceeded", "{}", got[1]);
    let raw = crate::serve::exchange(
        &format!("{}/v1/chat/completions", server.url),
        chat_params(&quiz, &system).to_string().as_bytes(),
        &[("x-ulcas-fault", "rate-limit:retry-after=7")],
    );
    let raw = String::from_utf8_lossy(&raw).to_ascii_lowercase();
    for header in [
        "retry-after: 7",
        "x-request-id: req_ulcas_",
        "x-ratelimit-remaining-requests: 0",
    ] {
        assert!(raw.contains(header), "{header}: {raw}");
    }
    server.stop();
}

/// `cut:N` makes the streaming SDK raise (never return a part as the whole), `stream-error:N`
/// raises the overloaded error, on both wires; `latency:800` delays the answer and the next
/// call is fast; `server-error:502` is the SDK's 502.
#[test]
fn streams_cut_or_ended_by_an_error_raise() {
    let Some(python) = python() else { return };
    let (ws, _) = workspace();
    let (quiz, _, system) = requests(ws.path());
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let m = params(&quiz, &system);
    let c = chat_params(&quiz, &system);
    let r = json!({"model": "m", "instructions": system,
        "input": [{"role": "user", "content": quiz.blocks.iter().map(|b| match b {
            ulcas::request::Block::Text(t) => json!({"type": "input_text", "text": t}),
            ulcas::request::Block::Document { .. } => unreachable!("the quiz has text only"),
        }).collect::<Vec<_>>()}],
        "text": {"format": {"type": "json_schema", "name": "quiz",
            "schema": ulcas::wire::for_provider(&quiz.schema.value)}}});
    let fault = |f: &str| json!({"x-ulcas-fault": f});
    let got = run(
        &python,
        &server.url,
        &json!([
            {"name": "cut", "api": "messages", "method": "stream", "params": m, "headers": fault("cut:3")},
            {"name": "stream-error", "api": "messages", "method": "stream", "params": m, "headers": fault("stream-error:3")},
            {"name": "chat-cut", "api": "chat", "method": "stream", "params": c, "headers": fault("cut:2")},
            {"name": "chat-stream-error", "api": "chat", "method": "stream", "params": c, "headers": fault("stream-error:2")},
            {"name": "slow", "api": "messages", "params": m, "headers": fault("latency:800")},
            {"name": "fast", "api": "messages", "params": m},
            {"name": "bad-gateway", "api": "messages", "params": m, "headers": fault("server-error:502")},
            {"name": "responses-cut", "api": "responses", "method": "stream", "params": r, "headers": fault("cut:3")},
            {"name": "responses-stream-error", "api": "responses", "method": "stream", "params": r, "headers": fault("stream-error:3")},
            {"name": "responses-overloaded", "api": "responses", "params": r, "headers": fault("overloaded")},
            {"name": "responses-rate-limit", "api": "responses", "params": r, "headers": fault("rate-limit")},
            {"name": "responses-ok", "api": "responses", "params": r},
        ]),
    );
    for call in &got[..4] {
        assert!(call["error"].is_string(), "raised: {call}");
        assert!(call["id"].is_null(), "no part taken for the whole: {call}");
    }
    assert_eq!(
        got[1]["body"]["error"]["type"], "overloaded_error",
        "{}",
        got[1]
    );
    assert!(
        got[3]["body"].to_string().contains("overloaded"),
        "{}",
        got[3]
    );
    let (slow, fast) = (
        got[4]["elapsed"].as_f64().unwrap(),
        got[5]["elapsed"].as_f64().unwrap(),
    );
    assert!(slow >= 0.8 && fast < 0.5, "slow {slow} s, fast {fast} s");
    assert!(
        got[4]["id"].as_str().unwrap().starts_with("cassette:"),
        "{}",
        got[4]
    );
    assert_eq!(got[6]["status"], 502, "{}", got[6]);
    // The Responses API: the same faults in its shape.
    for call in &got[7..9] {
        assert!(
            call["error"].is_string() && call["id"].is_null(),
            "raised: {call}"
        );
    }
    assert!(
        got[8]["body"].to_string().contains("overloaded"),
        "{}",
        got[8]
    );
    assert_eq!(
        (got[9]["error"].as_str(), got[9]["status"].as_u64()),
        (Some("InternalServerError"), Some(503)),
        "{}",
        got[9]
    );
    assert_eq!(
        (got[10]["error"].as_str(), got[10]["status"].as_u64()),
        (Some("RateLimitError"), Some(429)),
        "{}",
        got[10]
    );
    assert!(
        got[11]["id"].as_str().unwrap().starts_with("cassette:"),
        "{}",
        got[11]
    );
    server.stop();
}

/// A target faults only what it names: a task, a task's version, a cassette's hash; `DELETE`
/// disarms; `--no-fault-routes` serves no route; a bad header or arming is a 400.
#[test]
fn targets_fault_only_what_they_name() {
    let (ws, _) = workspace();
    let (quiz, outline, system) = requests(ws.path());
    let hash = ulcas::key::key_of(&quiz).hash;
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let quiz_body = params(&quiz, &system).to_string();
    let outline_body = params(&outline, &prompt_text("outline", 2)).to_string();
    for target in ["quiz", "quiz@v1", hash.as_str()] {
        assert_eq!(arm(&server.url, target, &["server-error"]), 200);
        assert_eq!(
            post(&server.url, outline_body.as_bytes(), &[]).0,
            200,
            "{target}: outline untouched"
        );
        assert_eq!(
            post(&server.url, quiz_body.as_bytes(), &[]).0,
            500,
            "{target}"
        );
        assert_eq!(
            post(&server.url, quiz_body.as_bytes(), &[]).0,
            200,
            "{target}: used up"
        );
    }
    assert_eq!(arm(&server.url, "quiz@v2", &["server-error"]), 200);
    assert_eq!(
        post(&server.url, quiz_body.as_bytes(), &[]).0,
        200,
        "v2 is another version"
    );
    let (status, listed) = delete(&server.url);
    assert_eq!(status, 200, "{listed}");
    assert!(listed.contains(r#""armed":[]"#), "{listed}");
    // Deterministic: three requests, three faults in order.
    assert_eq!(
        arm(&server.url, "*", &["overloaded", "server-error:503", "ok"]),
        200
    );
    let statuses: Vec<u16> = (0..4)
        .map(|_| post(&server.url, quiz_body.as_bytes(), &[]).0)
        .collect();
    assert_eq!(statuses, [529, 503, 200, 200]);
    let (status, answer) = post(
        &server.url,
        quiz_body.as_bytes(),
        &[("x-ulcas-fault", "boom")],
    );
    assert_eq!(status, 400, "{answer}");
    assert!(answer.contains("x-ulcas-fault"), "{answer}");
    assert_eq!(arm(&server.url, "../x", &["ok"]), 400);
    server.stop();
    let server = Server::start(
        ws.path(),
        &[
            "cassettes",
            "--prompts",
            "fixtures/prompts",
            "--no-fault-routes",
        ],
    );
    assert_eq!(arm(&server.url, "*", &["overloaded"]), 404);
    server.stop();
}

/// `DELETE /_ulcas/faults`: status and body.
fn delete(url: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let addr = url.strip_prefix("http://").unwrap();
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(
        s,
        "DELETE /_ulcas/faults HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).unwrap();
    crate::serve::parse_answer(&out)
}

/// In record mode a faulted request never writes a cassette: an error fault is answered before
/// anything is forwarded, and a stream a fault cuts is relayed, not recorded.
#[test]
fn a_faulted_request_is_never_recorded() {
    let Some(python) = python() else { return };
    let r = crate::serve::recording();
    let store =
        r.ws.path()
            .join("api/packages/course-builder/tests/cassettes");
    let path = ulcas::key::key_of(&r.first).path_under(&store);
    let body = params(&r.first, &r.system);
    let got = run(
        &python,
        &r.recorder.url,
        &json!([
            {"name": "overloaded", "api": "messages", "params": body, "headers": {"x-ulcas-fault": "overloaded"}},
            {"name": "cut", "api": "messages", "method": "stream", "params": body, "headers": {"x-ulcas-fault": "stream-error:2"}},
        ]),
    );
    assert_eq!(got[0]["status"], 529, "{}", got[0]);
    assert!(got[1]["error"].is_string(), "{}", got[1]);
    let log = r.recorder.stop();
    assert!(!path.exists(), "{log}");
    assert!(
        log.contains("a fault was injected (stream-error:2)"),
        "{log}"
    );
}

/// The app's driver on the official PHP SDK (its retries on, as the app sets them) rides out an
/// overload: `overloaded,overloaded,ok` is answered on its third try; the log counts two faults.
#[test]
fn the_php_sdk_retries_an_overload() {
    if !crate::common::php_available("the_php_sdk_retries_an_overload") {
        return;
    }
    let boot = std::env::var_os("ULCAS_PHP_SDK_BOOT").unwrap_or_else(|| {
        Path::new(crate::common::MANIFEST)
            .join("tests/php/sdk-boot.php")
            .into()
    });
    if std::env::var_os("ULCAS_PHP_SDK_BOOT").is_none()
        && !Path::new("/usr/share/php/GuzzleHttp/autoload.php").is_file()
    {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI installs php-guzzlehttp-guzzle"
        );
        crate::serve::skipped("no php-guzzlehttp-guzzle (apt-get install php-guzzlehttp-guzzle)");
        return;
    }
    let (ws, _) = workspace();
    let server = Server::start(
        ws.path(),
        &[
            "cassettes",
            "--prompts",
            "fixtures/prompts",
            "--fault",
            "quiz@v1:overloaded,overloaded,ok",
        ],
    );
    let out = std::process::Command::new("php")
        .arg(Path::new(crate::common::MANIFEST).join("tests/php/app-driver.php"))
        .arg(&server.url)
        .arg(Path::new(crate::common::MANIFEST).join("tests/fixtures/wire/quiz.json"))
        .env("ULCAS_PHP_SDK_BOOT", &boot)
        .output()
        .unwrap();
    let said =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    let log = server.stop();
    assert!(
        said.starts_with("OK cassette:f2fa978d2e64f1557412cd86eebe0ea7 "),
        "{said}\n{log}"
    );
    assert_eq!(log.matches("fault     overloaded").count(), 2, "{log}");
}

/// docs/serve.md's pytest recipe, run by pytest as written, its fixtures a server on the sample
/// store and the quiz request's body.
#[test]
fn the_docs_pytest_recipe_runs_as_written() {
    let Some(python) = crate::serve::python_with("anthropic, pytest") else {
        return;
    };
    let docs =
        std::fs::read_to_string(Path::new(crate::common::MANIFEST).join("docs/serve.md")).unwrap();
    let marker =
        "A pytest one, for code that calls the API through the official SDK:\n\n```python\n";
    let start = docs.find(marker).unwrap() + marker.len();
    let recipe = &docs[start..start + docs[start..].find("```").unwrap()];
    let (ws, _) = workspace();
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("test_recipe.py"), recipe).unwrap();
    let wire = Path::new(crate::common::MANIFEST).join("tests/fixtures/wire/quiz.json");
    std::fs::write(
        dir.path().join("conftest.py"),
        format!(
            "import json, pytest\n\n@pytest.fixture\ndef ulcas_url():\n    return {:?}\n\n@pytest.fixture\ndef quiz_body():\n    return json.load(open({:?}))\n",
            server.url,
            wire.display().to_string()
        ),
    )
    .unwrap();
    let out = std::process::Command::new(&python)
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let log = server.stop();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("2 passed"), "{said}");
    assert!(
        log.contains("fault     cut:3") && log.contains("fault     rate-limit:retry-after=1"),
        "{log}"
    );
}

/// Faults are taken in the order requests arrived, not the order their bodies were read and
/// keyed: a request that arrived first and is still sending its body takes the armed fault, and
/// a later one that was quicker gets its normal answer.
#[test]
fn faults_are_taken_in_arrival_order() {
    use std::io::{Read, Write};
    let (ws, _) = workspace();
    let (quiz, _, system) = requests(ws.path());
    let hit = params(&quiz, &system).to_string();
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    assert_eq!(arm(&server.url, "*", &["overloaded"]), 200);
    let addr = server.url.strip_prefix("http://").unwrap().to_owned();
    let whole = crate::serve::request_bytes(&addr, hit.as_bytes(), &[]);
    // The first arrives, and half of its body.
    let mut first = std::net::TcpStream::connect(&addr).unwrap();
    first
        .write_all(&whole[..whole.len() - hit.len() / 2])
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    // A second arrives whole; its answer waits for the first to take its fault.
    let url = server.url.clone();
    let body = hit.clone();
    let second = std::thread::spawn(move || post(&url, body.as_bytes(), &[]));
    std::thread::sleep(std::time::Duration::from_millis(300));
    first
        .write_all(&whole[whole.len() - hit.len() / 2..])
        .unwrap();
    let mut got = Vec::new();
    first.read_to_end(&mut got).unwrap();
    let got = String::from_utf8_lossy(&got);
    assert!(
        got.starts_with("HTTP/1.1 529"),
        "the first to arrive: {got}"
    );
    let (status, text) = second.join().unwrap();
    assert_eq!(status, 200, "the second: {text}");
    server.stop();
}
