//! What `ulcas serve` answers besides a hit: a miss that a parser and a person can both read,
//! and the health of the server for a container's probe.

use ulcas::request::Request;

use std::path::Path;

use serde_json::{Value, json};

use crate::common::MANIFEST;

use crate::serve::{Server, params, post, prompt_text, python, run_sdk, workspace};

/// A miss's message: the reference line alone on its first line, then why and the words that
/// differ from the nearest recording (as `ulcas lookup` shows them), each said once, then what
/// to run, naming `--dump-dir` and record mode.
#[test]
fn a_miss_says_the_reference_line_then_why() {
    let (ws, _) = workspace();
    let fixtures = ws.path().join("fixtures/requests");
    let quiz = Request::from_file(&fixtures.join("quiz.json")).unwrap();
    // A recording with request material, then a request one word off it.
    let recorded = quiz
        .clone()
        .with_text("The kettle is resting on the scale.");
    let mut recording = ulcas::store::Recording::new(r#"{"questions":[]}"#, "claude-sonnet-5-5");
    recording.usage = serde_json::json!({"input_tokens": 1, "output_tokens": 1});
    ulcas::store::record(
        &ws.path().join("cassettes"),
        &recorded,
        &recording,
        ulcas::store::WriteOptions::with_request_material(),
    )
    .unwrap();
    let asked = quiz.with_text("The kettle is sitting on the scale.");
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let (status, body) = post(
        &server.url,
        params(&asked, &prompt_text("quiz", 1))
            .to_string()
            .as_bytes(),
        &[],
    );
    server.stop();
    assert_eq!(status, 404, "{body}");
    let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
    let message = answer["error"]["message"].as_str().unwrap();
    let lines: Vec<&str> = message.lines().collect();
    let key = ulcas::key::key_of(&asked);
    assert_eq!(
        lines[0],
        format!(
            "No cassette for task \"quiz\" (prompt v1) at {}",
            key.path_under(std::path::Path::new("cassettes")).display()
        ),
        "{message}"
    );
    assert!(message.contains("[-resting-]{+sitting+}"), "{message}");
    assert!(
        message.contains("--dump-dir") && message.contains("--mode record --upstream"),
        "{message}"
    );
    let mut seen = std::collections::HashSet::new();
    assert!(
        lines.iter().all(|l| seen.insert(*l)),
        "a line said twice: {message}"
    );
}

/// `GET /health`: 200 with the stores, prompts, cassettes (counted in the background) and
/// mode, to a probe naming the server's address or an IP literal at its port (a pod's); a
/// name it is not reached at (DNS rebinding), a web page's Origin and two Host headers are
/// refused, as on every route.
#[test]
fn health_answers_a_probe() {
    let (ws, _) = workspace();
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let addr = server.url.strip_prefix("http://").unwrap().to_owned();
    let port = addr.rsplit_once(':').unwrap().1.to_owned();
    let probe = |head: String| {
        let mut s = std::net::TcpStream::connect(&addr).unwrap();
        std::io::Write::write_all(&mut s, head.as_bytes()).unwrap();
        let mut out = String::new();
        std::io::Read::read_to_string(&mut s, &mut out).unwrap();
        out
    };
    let head = |extra: &str| {
        format!("GET /health HTTP/1.1\r\nhost: 10.1.2.3:{port}\r\n{extra}connection: close\r\n\r\n")
    };
    // The first count may still be under way: a probe never waits for it.
    let mut body = serde_json::Value::Null;
    for _ in 0..50 {
        let out = probe(head(""));
        assert!(out.starts_with("HTTP/1.1 200"), "{out}");
        body = serde_json::from_str(out.split("\r\n\r\n").nth(1).unwrap()).unwrap();
        if !body["cassettes"].is_null() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(40));
    }
    for refused in [
        format!(
            "GET /health HTTP/1.1\r\nhost: rebind.evil.example:{port}\r\nconnection: close\r\n\r\n"
        ),
        head("origin: https://evil.example\r\n"),
        head(&format!("host: evil.example:{port}\r\n")),
        format!("GET /health HTTP/1.1\r\nhost: 0.0.0.0:{port}\r\nconnection: close\r\n\r\n"),
    ] {
        let out = probe(refused.clone());
        assert!(out.starts_with("HTTP/1.1 403"), "{refused}: {out}");
    }
    server.stop();
    let cassettes = walkdir::WalkDir::new(ws.path().join("cassettes"))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .count();
    assert_eq!(body["status"], "ok");
    assert_eq!(body["mode"], "cassette");
    assert_eq!(body["stores"], 1);
    assert_eq!(body["cassettes"], cassettes as u64, "{body}");
    assert!(body["prompts"].as_u64().unwrap() >= 4, "{body}");
}

/// `--token`: every request but `GET /health` carries it (as the OpenAI SDK's key, the
/// Anthropic SDK's `x-api-key`, or `x-ulcas-token`), else a 401 in the API's shape; a server
/// listening beyond loopback without one warns at start.
#[test]
fn a_token_guards_every_route_but_health() {
    let (ws, _) = workspace();
    let quiz =
        ulcas::request::Request::from_file(&ws.path().join("fixtures/requests/quiz.json")).unwrap();
    let body = crate::serve::params(&quiz, &crate::serve::prompt_text("quiz", 1)).to_string();
    let server = Server::start(
        ws.path(),
        &[
            "cassettes",
            "--prompts",
            "fixtures/prompts",
            "--token",
            "t0ken",
        ],
    );
    let (status, answer) = post(&server.url, body.as_bytes(), &[]);
    assert_eq!(status, 401, "{answer}");
    assert!(answer.contains("authentication_error"), "{answer}");
    for (name, value) in [
        ("x-ulcas-token", "t0ken"),
        ("authorization", "Bearer t0ken"),
    ] {
        let (status, answer) = post(&server.url, body.as_bytes(), &[(name, value)]);
        assert_eq!(status, 200, "{name}: {answer}");
    }
    // The harness's x-api-key is another key: refused.
    let (status, _) = post(&server.url, body.as_bytes(), &[("x-ulcas-token", "wrong")]);
    assert_eq!(status, 401);
    let log = server.stop();
    assert!(!log.contains("t0ken"), "{log}");
    let exposed = Server::start(
        ws.path(),
        &["cassettes", "--listen", "0.0.0.0:0", "--expose"],
    );
    let log = exposed.stop();
    assert!(log.contains("without a token"), "{log}");
}

/// Synthetic mode answers a schema with conditional subschemas, and a schema that admits no
/// answer is a 422 that says why (not a 5xx the SDKs retry, not "bad request"): the SDK with
/// its retries on sends it once.
#[test]
fn synthetic_answers_satisfy_conditionals_or_say_why_not() {
    let Some(python) = python() else { return };
    let (ws, _) = workspace();
    let fixtures = ws.path().join("fixtures");
    let schemas = [
        (
            "note",
            json!({"type": "object", "required": ["kind", "note"], "additionalProperties": false,
            "properties": {"kind": {"enum": ["short", "long"]}, "note": {"type": "string", "minLength": 1}},
            "if": {"properties": {"kind": {"const": "short"}}},
            "then": {"properties": {"note": {"maxLength": 5}}}}),
        ),
        (
            "never",
            json!({"type": "object", "required": ["n"], "additionalProperties": false,
            "properties": {"n": {"type": "integer"}},
            "if": true, "then": {"properties": {"n": {"minimum": 5, "maximum": 4}}}}),
        ),
    ];
    let mut requests = Vec::new();
    for (task, schema) in &schemas {
        std::fs::write(
            fixtures.join(format!("schemas/outputs/{task}.json")),
            serde_json::to_string_pretty(schema).unwrap(),
        )
        .unwrap();
        let prompts = fixtures.join("prompts").join(task);
        std::fs::create_dir_all(&prompts).unwrap();
        let system = format!("You write {task}s.");
        std::fs::write(
            prompts.join("v1.md"),
            format!("---\nid: bakery/{task}\nversion: 1\ntask: {task}\nschema: outputs/{task}.json\n---\n{system}\n"),
        )
        .unwrap();
        let dump = json!({"task": task, "prompt_version": 1, "schema": schema,
            "blocks": [{"type": "text", "text": "<fragment id=\"frg_abcdefghijkm\">Grind finer for espresso.</fragment>"}]});
        let request = Request::from_slice(dump.to_string().as_bytes()).unwrap();
        for stream in [false, true] {
            requests.push(json!({"name": task, "stream": stream, "max_retries": 2,
                                 "params": params(&request, &system)}));
        }
    }
    let server = Server::start(
        ws.path(),
        &[
            "cassettes",
            "--prompts",
            "fixtures/prompts",
            "--mode",
            "synthetic",
        ],
    );
    let got = run_sdk(&python, &server.url, &Value::Array(requests));
    let log = server.stop();
    let validator = ulcas::schema::compile(&schemas[0].1).unwrap();
    for answer in &got[..2] {
        let text: Value = serde_json::from_str(answer["text"].as_str().unwrap()).unwrap();
        assert!(validator.is_valid(&text), "{answer}");
    }
    for refused in &got[2..] {
        assert_eq!(refused["status"], 422, "{refused}");
        let message = refused["error"]["error"]["message"].as_str().unwrap();
        assert!(
            message.starts_with(
                "no synthetic answer: cannot satisfy the schema at #/then/properties/n"
            ) && !message.contains("bad request"),
            "{message}"
        );
    }
    // One request each: four in the log, whatever the SDK's retries.
    let words: Vec<&str> = log
        .lines()
        .filter(|l| l.ends_with(" ms") || l.contains(" ms: "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(words, ["synthetic", "synthetic", "error", "error"], "{log}");
}

/// `-q`, `-v`, `--color` and `--format json` do for serve what its help says: no line for a
/// hit, each miss's explanation, coloured status words, JSON objects on stderr after the start
/// line on stdout.
#[test]
fn the_log_flags_do_what_serve_help_says() {
    let (ws, _) = workspace();
    let fixtures = ws.path().join("fixtures/requests");
    let quiz = Request::from_file(&fixtures.join("quiz.json")).unwrap();
    let system = prompt_text("quiz", 1);
    let hit = params(&quiz, &system).to_string();
    let miss = params(&quiz.clone().with_text("Not recorded."), &system).to_string();
    let run = |flags: &[&str]| {
        let mut args = vec!["cassettes", "--prompts", "fixtures/prompts"];
        args.extend_from_slice(flags);
        let server = Server::start(ws.path(), &args);
        assert_eq!(post(&server.url, hit.as_bytes(), &[]).0, 200);
        assert_eq!(post(&server.url, miss.as_bytes(), &[]).0, 404);
        server.stop()
    };
    let plain = run(&[]);
    assert!(plain.lines().any(|l| l.starts_with("hit ")), "{plain}");
    assert!(
        !plain.contains("--dump-dir") && !plain.contains('\u{1b}'),
        "{plain}"
    );
    let quiet = run(&["-q"]);
    assert!(!quiet.lines().any(|l| l.starts_with("hit ")), "{quiet}");
    assert!(quiet.lines().any(|l| l.starts_with("miss ")), "{quiet}");
    let verbose = run(&["-v"]);
    assert!(
        verbose
            .lines()
            .any(|l| l.starts_with("  ") && l.contains("--dump-dir")),
        "{verbose}"
    );
    let colour = run(&["--color", "always"]);
    assert!(colour.contains("\u{1b}[32mhit"), "{colour}");
    let json = run(&["--format", "json", "-v"]);
    for line in json.lines() {
        let event: Value = serde_json::from_str(line).unwrap_or_else(|_| panic!("{json}"));
        assert!(event["type"].is_string(), "{line}");
    }
    assert!(json.contains("\"status\":\"miss\""), "{json}");
    let help = crate::common::ulcas_in(ws.path(), &["serve", "--help"]);
    for said in [
        "Prompts and schemas are watched",
        "x-ulcas-not-recorded",
        "serve: no log line for a request answered",
        "serve logs each miss's whole explanation",
        "serve colours its log on stderr",
        "JSON Lines: the start line's object on stdout, an object per request or note on stderr",
    ] {
        let flat = help.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains(said), "{said}: {}", help.stdout);
    }
}

/// The README's serve examples (a shell block with curl, a Python block with the SDK), run as
/// written from the top of a clone (on a free port instead of 8089): both hit the sample
/// store's quiz cassette.
#[test]
fn the_readme_requests_hit_the_sample_store() {
    let readme = std::fs::read_to_string(Path::new(MANIFEST).join("README.md")).unwrap();
    let block = |kind: &str| {
        let fence = if matches!(kind, "openai" | "responses") {
            "python"
        } else {
            kind
        };
        let marker = format!("<!-- serve-example: {kind} -->\n```{fence}\n");
        let start = readme.find(&marker).map(|i| i + marker.len()).unwrap();
        readme[start..start + readme[start..].find("```").unwrap()].to_owned()
    };
    let ws = tempfile::tempdir().unwrap();
    for part in ["cassettes", "tests/fixtures"] {
        crate::common::copy_tree(&Path::new(MANIFEST).join(part), &ws.path().join(part));
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let on_port = |text: String| text.replace("127.0.0.1:8089", &format!("127.0.0.1:{port}"));
    let bin = Path::new(env!("CARGO_BIN_EXE_ulcas")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // The shell block starts the server in the background; the Python block runs while it
    // serves, then the server is stopped.
    let python = crate::serve::python();
    let script = format!(
        "{}\necho\n{}\nkill %1\nwait\n",
        on_port(block("sh")),
        python
            .as_ref()
            .map(|p| {
                let python = |kind| format!("{} - <<'PY'\n{}PY", p.display(), on_port(block(kind)));
                format!(
                    "{}\n{}\n{}",
                    python("python"),
                    python("openai"),
                    python("responses")
                )
            })
            .unwrap_or_default()
    );
    let out = std::process::Command::new("bash")
        .args(["-c", &script])
        .current_dir(ws.path())
        .env("PATH", path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let hit = "cassette:f2fa978d2e64f1557412cd86eebe0ea7";
    assert!(
        stdout.contains(&format!("\n{{\"id\":\"{hit}\",\"type\":\"message\"")),
        "{stdout}{stderr}"
    );
    assert!(
        stderr.contains("hit       cassettes/quiz/v1/f2fa978d2e64f1557412cd86eebe0ea7.json"),
        "{stderr}"
    );
    if python.is_some() {
        assert!(
            stdout.contains(&format!(
                "\n{hit} {{\"questions\": [{{\"prompt\": \"What is autol\n"
            )),
            "{stdout}{stderr}"
        );
        assert!(
            stdout.contains(&format!("\n{hit} stop\n")),
            "{stdout}{stderr}"
        );
        assert!(
            stdout.contains(&format!("\n{hit} completed\n")),
            "{stdout}{stderr}"
        );
    }
}

/// The app's side, on the official PHP SDK (its files copied under `tests/php/sdk/`, Debian's
/// guzzle as its HTTP client; `ULCAS_PHP_SDK_BOOT` may name another bootstrap): a hit replays
/// the cassette; a miss is one request (the SDK's retries on), raised as the driver's
/// `DriverException` with `missingCassette=false`, ulcas's message in it with the reference
/// miss line first.
#[test]
fn the_php_sdk_sees_a_hit_and_a_miss_as_the_app_does() {
    let boot = std::env::var_os("ULCAS_PHP_SDK_BOOT")
        .unwrap_or_else(|| Path::new(MANIFEST).join("tests/php/sdk-boot.php").into());
    let guzzle = Path::new("/usr/share/php/GuzzleHttp/autoload.php").is_file();
    if !crate::common::php_available("the_php_sdk_sees_a_hit_and_a_miss_as_the_app_does") {
        return;
    }
    if std::env::var_os("ULCAS_PHP_SDK_BOOT").is_none() && !guzzle {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI installs php-guzzlehttp-guzzle"
        );
        crate::serve::skipped("no php-guzzlehttp-guzzle (apt-get install php-guzzlehttp-guzzle)");
        return;
    }
    let (ws, _) = workspace();
    let body = Path::new(MANIFEST).join("tests/fixtures/wire/quiz.json");
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let run = |extra: &[&str]| {
        let out = std::process::Command::new("php")
            .arg(Path::new(MANIFEST).join("tests/php/app-driver.php"))
            .arg(&server.url)
            .arg(&body)
            .args(extra)
            .env("ULCAS_PHP_SDK_BOOT", &boot)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
    };
    let hit = run(&[]);
    let miss = run(&["miss"]);
    let log = server.stop();
    assert!(
        hit.starts_with(
            "OK cassette:f2fa978d2e64f1557412cd86eebe0ea7 claude-sonnet-5-5 end_turn {\"questions\""
        ),
        "{hit}"
    );
    assert!(
        miss.starts_with("DriverException(missingCassette=false): Provider error 404: ")
            && miss
                .contains(r#"No cassette for task \"quiz\" (prompt v1) at cassettes\/quiz\/v1\/"#),
        "{miss}"
    );
    let lines: Vec<&str> = log.lines().filter(|l| l.contains(" ms")).collect();
    assert_eq!(lines.len(), 2, "one request each: {log}");
}
