//! `ulcas serve` as an attacker meets it: a web page in the developer's browser, hostile bodies
//! and headers, slow clients, a hostile store; every one refused or bounded, on real sockets.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use ulcas::request::Request;

use crate::serve::prompts::health;
use crate::serve::upstream::peak_rss_mb;
use crate::serve::{Server, params, post, prompt_text, tree, workspace};

/// One request written as given (head lines without the request line), on a fresh connection;
/// the answer's status, headers and body.
fn raw(addr: &str, method: &str, head: &[String], body: &[u8]) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    let mut text = format!("{method} /v1/messages HTTP/1.1\r\n");
    for line in head {
        text.push_str(line);
        text.push_str("\r\n");
    }
    text.push_str(&format!(
        "content-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    ));
    s.write_all(text.as_bytes()).unwrap();
    s.write_all(body).unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let out = String::from_utf8_lossy(&out).into_owned();
    let status = out.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, out)
}

/// The sample store served with a dump folder; a hit's body.
pub(crate) fn served(extra: &[&str]) -> (tempfile::TempDir, Server, String) {
    let (ws, _) = workspace();
    let quiz = Request::from_file(&ws.path().join("fixtures/requests/quiz.json")).unwrap();
    let hit = params(&quiz, &prompt_text("quiz", 1)).to_string();
    let mut args = vec![
        "cassettes",
        "--prompts",
        "fixtures/prompts",
        "--dump-dir",
        "dumps",
    ];
    args.extend_from_slice(extra);
    let server = Server::start(ws.path(), &args);
    (ws, server, hit)
}

pub(crate) fn addr(server: &Server) -> String {
    server.url.strip_prefix("http://").unwrap().to_owned()
}

/// A web page's requests (another Origin, a form or text/plain body, a preflight, a rebinding
/// Host) are refused before any work: no dump is written, nothing is answered from the store.
#[test]
fn no_web_page_drives_it() {
    let (ws, server, hit) = served(&["--allow-origin", "http://localhost:3000"]);
    let a = addr(&server);
    let host = format!("host: {a}");
    let json = "content-type: application/json".to_owned();
    let cases = [
        (
            "POST",
            vec![
                host.clone(),
                json.clone(),
                "origin: https://evil.example".into(),
            ],
            403,
            "Origin",
        ),
        (
            "POST",
            vec![
                host.clone(),
                "content-type: text/plain".into(),
                "origin: https://evil.example".into(),
            ],
            403,
            "Origin",
        ),
        (
            "POST",
            vec![host.clone(), "content-type: text/plain".into()],
            415,
            "application/json",
        ),
        (
            "POST",
            vec![
                host.clone(),
                "content-type: application/x-www-form-urlencoded".into(),
            ],
            415,
            "application/json",
        ),
        (
            "OPTIONS",
            vec![
                host.clone(),
                "origin: https://evil.example".into(),
                "access-control-request-method: POST".into(),
            ],
            403,
            "Origin",
        ),
        (
            "POST",
            vec![
                format!(
                    "host: rebind.evil.example:{}",
                    a.rsplit(':').next().unwrap()
                ),
                json.clone(),
            ],
            403,
            "DNS rebinding",
        ),
        ("POST", vec![json.clone()], 403, "Host"),
    ];
    for (method, head, status, says) in cases {
        let (got, out) = raw(&a, method, &head, hit.as_bytes());
        assert_eq!(got, status, "{head:?}: {out}");
        assert!(out.contains(says), "{out}");
        assert!(
            !out.to_ascii_lowercase()
                .contains("access-control-allow-origin"),
            "{out}"
        );
    }
    assert!(
        tree(&ws.path().join("dumps")).is_empty(),
        "no work was done"
    );
    // The SDKs send no Origin; an allowed one gets its preflight and CORS headers.
    assert_eq!(
        raw(&a, "POST", &[host.clone(), json.clone()], hit.as_bytes()).0,
        200
    );
    let allowed = "origin: http://localhost:3000".to_owned();
    let (got, out) = raw(&a, "OPTIONS", &[host.clone(), allowed.clone()], b"");
    assert_eq!(got, 204, "{out}");
    let (got, out) = raw(&a, "POST", &[host, json, allowed], hit.as_bytes());
    assert_eq!(got, 200);
    assert!(
        out.contains("access-control-allow-origin: http://localhost:3000"),
        "{out}"
    );
    server.stop();
}

/// Four bodies of 32 MiB at once on every wire (`{"x":[0,0,…]}`, the shape that costs most as a
/// JSON tree, beside the members a wire reads or inside one)
/// stay under 512 MB of resident memory, and each is answered.
#[test]
fn large_bodies_cost_a_small_multiple_of_their_size() {
    let (_ws, server, _) = served(&[]);
    // Each wire's body, its ignored member holding 16 million small values: at the top level,
    // and inside a member the wire reads.
    let bodies: [(&str, &[u8], &[u8]); 5] = [
        (
            "v1/messages",
            br#"{"model": "m", "messages": [{"role": "user", "content": "x"}], "x": ["#,
            b"0]}",
        ),
        (
            "v1/chat/completions",
            br#"{"model": "m", "messages": [{"role": "user", "content": "x"}], "x": ["#,
            b"0]}",
        ),
        (
            "v1/chat/completions",
            br#"{"model": "m", "messages": [{"role": "user", "content": "x", "x": ["#,
            b"0]}]}",
        ),
        (
            "v1/responses",
            br#"{"model": "m", "input": "x", "x": ["#,
            b"0]}",
        ),
        (
            "v1/responses",
            br#"{"model": "m", "input": [{"role": "user", "content": "x", "x": ["#,
            b"0]}]}",
        ),
    ];
    for (path, start, end) in bodies {
        let mut body = Vec::with_capacity(32 << 20);
        body.extend_from_slice(start);
        while body.len() < (32 << 20) - 16 {
            body.extend_from_slice(b"0,");
        }
        body.extend_from_slice(end);
        let url = format!("{}/{path}", server.url);
        let answers: Vec<u16> = std::thread::scope(|s| {
            let calls: Vec<_> = (0..4)
                .map(|_| s.spawn(|| post(&url, &body, &[]).0))
                .collect();
            calls.into_iter().map(|c| c.join().unwrap()).collect()
        });
        assert!(
            answers.iter().all(|s| *s == 404 || *s == 429),
            "{path}: {answers:?}"
        );
    }
    let peak = peak_rss_mb(server.pid());
    server.stop();
    assert!(peak < 512, "peak RSS {peak} MB");
}

/// Slow clients: 600 connections that never finish their headers and one that trickles a body
/// are closed after --read-timeout while others are served; SIGTERM then ends the server within
/// --grace whatever they do.
#[test]
fn slow_clients_are_cut_and_a_shutdown_ends_in_time() {
    let (_ws, server, hit) = served(&[
        "--read-timeout",
        "2",
        "--grace",
        "2",
        "--max-connections",
        "1000",
    ]);
    let a = addr(&server);
    let mut stalled: Vec<TcpStream> = (0..600)
        .map(|_| {
            let mut s = TcpStream::connect(&a).unwrap();
            s.write_all(b"POST /v1/messages HTTP/1.1\r\nhost: ")
                .unwrap();
            s
        })
        .collect();
    let whole = crate::serve::request_bytes(&a, hit.as_bytes(), &[]);
    let mut trickle = TcpStream::connect(&a).unwrap();
    trickle.write_all(&whole[..whole.len() / 2]).unwrap();
    assert_eq!(
        post(&server.url, hit.as_bytes(), &[]).0,
        200,
        "served meanwhile"
    );
    // Every stalled connection is closed by the server (its --read-timeout passes): read to
    // its end, which comes when the server closes it (ten seconds is only how long a broken
    // server is waited for, not what is judged).
    for s in &mut stalled[..20] {
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let mut buf = Vec::new();
        let closed = s.read_to_end(&mut buf).is_ok();
        assert!(closed, "a stalled connection is closed");
    }
    // A body that goes on trickling, and a shutdown.
    let mut trickle = TcpStream::connect(&a).unwrap();
    trickle.write_all(&whole[..whole.len() - 10]).unwrap();
    let trickling = std::thread::spawn(move || {
        for b in 0..8 {
            if trickle.write_all(&[b' ' + b]).is_err() {
                return;
            }
            std::thread::sleep(Duration::from_millis(900));
        }
    });
    std::thread::sleep(Duration::from_millis(300));
    let started = Instant::now();
    server.term();
    let (status, log) = server.wait();
    assert!(status.success(), "{log}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    let _ = trickling.join();
}

/// Header values obey the layout's rules: a 64 KiB task or a version that is no version is a
/// 400, never a new cache entry.
#[test]
fn header_values_obey_the_layout() {
    let (_ws, server, hit) = served(&[]);
    let long = "t".repeat(64 << 10);
    for (name, value, says) in [
        ("x-ulcas-task", long.as_str(), "longer than a folder name"),
        ("x-ulcas-prompt-version", "01", "not an integer"),
        ("x-ulcas-prompt-version", "-1", "not an integer"),
        ("x-ulcas-task", "..", "unsafe task name"),
    ] {
        let (status, text) = post(
            &server.url,
            hit.as_bytes(),
            &[(name, value), ("x-ulcas-prompt-version", "1")],
        );
        assert_eq!(status, 400, "{name}: {text}");
        assert!(text.contains(says), "{text}");
    }
    let (status, text) = post(
        &server.url,
        br#"{"model": "m", "messages": [{"role": "user", "content": "a"}], "messages": [{"role": "user", "content": "b"}]}"#,
        &[],
    );
    assert_eq!(
        (status, text.contains("duplicate member \\\"messages\\\"")),
        (400, true),
        "{text}"
    );
    server.stop();
}

/// A hostile store: a prompt folder whose name holds terminal escapes and a token, a task folder
/// linked out of the store. The log shows neither raw escapes nor the token, no body holds the
/// token, and nothing is read through the link.
#[test]
fn a_hostile_store_reaches_no_terminal_and_no_outside() {
    let (ws, _) = workspace();
    let token = format!("ghp_{}", "A1b2C3d4E5".repeat(4).get(..36).unwrap());
    let hostile = format!("q\u{1b}]0;pwned\u{7}\u{202e}{token}");
    let prompts = ws.path().join("fixtures/prompts");
    std::fs::create_dir_all(prompts.join(&hostile)).unwrap();
    std::fs::write(
        prompts.join(&hostile).join("v1.md"),
        "---\nversion: 1\nschema: quiz.json\n---\nYou write quizzes about coffee for beginners and experts alike.\n",
    )
    .unwrap();
    // The quiz task folder, moved out of the store and linked back.
    let outside = tempfile::tempdir().unwrap();
    std::fs::rename(
        ws.path().join("cassettes/quiz"),
        outside.path().join("quiz"),
    )
    .unwrap();
    std::os::unix::fs::symlink(
        outside.path().join("quiz"),
        ws.path().join("cassettes/quiz"),
    )
    .unwrap();
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let near = r#"{"model": "m", "system": "You write quizzes about coffee for beginners.", "messages": [{"role": "user", "content": "a"}]}"#;
    let (status, body) = post(&server.url, near.as_bytes(), &[]);
    assert_eq!(status, 404, "{body}");
    assert!(!body.contains(&token), "{body}");
    let quiz = Request::from_file(&ws.path().join("fixtures/requests/quiz.json")).unwrap();
    let hit = params(&quiz, &prompt_text("quiz", 1)).to_string();
    let (status, body) = post(&server.url, hit.as_bytes(), &[]);
    assert_eq!(status, 422, "{body}");
    assert!(
        body.contains("leads out of the store") && body.contains("cassettes/quiz"),
        "{body}"
    );
    let log = server.stop();
    for raw in ['\u{1b}', '\u{7}', '\u{202e}'] {
        assert!(!log.contains(raw), "raw {raw:?} in the log: {log:?}");
    }
    assert!(!log.contains(&token), "{log}");
    assert!(log.contains("\\x1b]0;pwned\\x07\\u{202e}"), "{log}");
    // The JSON log: the same line, escaped as JSON escapes and still JSON.
    let server = Server::start(
        ws.path(),
        &[
            "cassettes",
            "--prompts",
            "fixtures/prompts",
            "--format",
            "json",
        ],
    );
    assert_eq!(post(&server.url, near.as_bytes(), &[]).0, 404);
    let log = server.stop();
    assert!(!log.contains(&token), "{log}");
    let line = log
        .lines()
        .find(|l| l.contains("pwned") && l.contains(r#""type":"request""#))
        .expect("the nearest prompt is logged");
    // Every line, the registry's warnings among them, is JSON with the raw bytes escaped.
    for line in log.lines() {
        assert!(
            !line.chars().any(|c| c.is_control() || c == '\u{202e}'),
            "{line:?}"
        );
    }
    assert!(
        !line.chars().any(|c| c.is_control() || c == '\u{202e}'),
        "{line:?}"
    );
    let parsed: serde_json::Value = serde_json::from_str(line).unwrap();
    assert!(
        parsed["error"]
            .as_str()
            .unwrap()
            .contains("\u{1b}]0;pwned\u{7}\u{202e}")
    );
}

/// The dump folder swapped for a link while serving: dumps go on into the folder opened at
/// start, never through the link.
#[test]
fn a_dump_folder_swapped_for_a_link_is_not_followed() {
    let (ws, server, hit) = served(&[]);
    assert_eq!(post(&server.url, hit.as_bytes(), &[]).0, 200);
    let elsewhere = tempfile::tempdir().unwrap();
    std::fs::rename(ws.path().join("dumps"), ws.path().join("dumps.orig")).unwrap();
    std::os::unix::fs::symlink(elsewhere.path(), ws.path().join("dumps")).unwrap();
    let repair = Request::from_file(&ws.path().join("fixtures/requests/quiz-repair.json")).unwrap();
    let other = params(&repair, &prompt_text("quiz", 1)).to_string();
    assert_eq!(post(&server.url, other.as_bytes(), &[]).0, 200);
    server.stop();
    assert!(
        tree(elsewhere.path()).is_empty(),
        "nothing written through the link"
    );
    assert_eq!(
        tree(&ws.path().join("dumps.orig")).len(),
        2,
        "both dumps in the folder opened at start"
    );
}

/// Two tasks whose prompts send the same text with schemas that differ only in what the
/// provider form drops (a `title`): the server warns at start, refuses such a request naming
/// both and the headers that decide, and serves it once `x-ulcas-task` names the task.
#[test]
fn two_prompts_with_one_text_are_never_guessed() {
    let (ws, _) = workspace();
    let prompts = ws.path().join("fixtures/prompts");
    std::fs::create_dir_all(prompts.join("drill")).unwrap();
    let quiz = std::fs::read_to_string(prompts.join("quiz/v1.md")).unwrap();
    std::fs::write(
        prompts.join("drill/v1.md"),
        quiz.replace("task: quiz", "task: drill")
            .replace("bakery/quiz", "bakery/drill")
            .replace("outputs/quiz.json", "outputs/drill.json"),
    )
    .unwrap();
    let schemas = ws.path().join("fixtures/schemas/outputs");
    let mut schema: serde_json::Value =
        serde_json::from_slice(&std::fs::read(schemas.join("quiz.json")).unwrap()).unwrap();
    schema["title"] = serde_json::json!("A drill, not a quiz");
    std::fs::write(schemas.join("drill.json"), schema.to_string()).unwrap();
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let request = Request::from_file(&ws.path().join("fixtures/requests/quiz.json")).unwrap();
    let body = params(&request, &prompt_text("quiz", 1)).to_string();
    let (status, text) = post(&server.url, body.as_bytes(), &[]);
    assert_eq!(status, 400, "{text}");
    assert!(
        text.contains("drill v1, quiz v1") || text.contains("quiz v1, drill v1"),
        "{text}"
    );
    assert!(text.contains("x-ulcas-task"), "{text}");
    let named = [("x-ulcas-task", "quiz"), ("x-ulcas-prompt-version", "1")];
    let (status, text) = post(&server.url, body.as_bytes(), &named);
    assert_eq!(status, 200, "the quiz cassette: {text}");
    let named = [("x-ulcas-task", "drill"), ("x-ulcas-prompt-version", "1")];
    let (status, text) = post(&server.url, body.as_bytes(), &named);
    assert_eq!(status, 404, "drill has no cassette: {text}");
    assert!(text.contains(r#"No cassette for task \"drill\""#), "{text}");
    // Two more prompts with one text added while serving: the registries are read again, the
    // new pair is warned of, the first pair not a second time.
    let read = health(&server.url)["prompts"].as_u64().unwrap();
    for task in ["summary", "digest"] {
        std::fs::create_dir_all(prompts.join(task)).unwrap();
        std::fs::write(
            prompts.join(task).join("v1.md"),
            format!("---\nid: bakery/{task}\nversion: 1\ntask: {task}\n---\nYou summarise.\n"),
        )
        .unwrap();
    }
    let started = Instant::now();
    while health(&server.url)["prompts"].as_u64().unwrap() < read + 2 {
        assert!(started.elapsed() < Duration::from_secs(5), "not read again");
        std::thread::sleep(Duration::from_millis(20));
    }
    let log = server.stop();
    assert!(log.contains("prompts changed"), "{log}");
    let warning = "the wire cannot tell apart drill v1, quiz v1: the same system text and the same output schema";
    assert_eq!(log.matches(warning).count(), 1, "{log}");
    let warning = "the wire cannot tell apart digest v1, summary v1: the same system text";
    assert_eq!(log.matches(warning).count(), 1, "{log}");
}

/// A body that arrives in pieces (its first bytes with the headers, the rest later, one byte
/// at a time at the end) is answered as a whole one is: the same hit.
#[test]
fn a_body_in_pieces_is_the_same_body() {
    let (_ws, server, hit) = served(&[]);
    let mut s = TcpStream::connect(addr(&server)).unwrap();
    let head = format!(
        "POST /v1/messages HTTP/1.1\r\nhost: {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        addr(&server),
        hit.len()
    );
    let body = hit.as_bytes();
    let (start, rest) = body.split_at(body.len() / 2);
    let (middle, end) = rest.split_at(rest.len() - 3);
    s.write_all(&[head.as_bytes(), start].concat()).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(50));
    s.write_all(middle).unwrap();
    for byte in end {
        std::thread::sleep(std::time::Duration::from_millis(20));
        s.write_all(&[*byte]).unwrap();
    }
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let out = String::from_utf8_lossy(&out);
    let (status, whole) = post(&server.url, body, &[]);
    server.stop();
    assert!(out.starts_with("HTTP/1.1 200"), "{out}");
    assert_eq!(status, 200, "{whole}");
    let pieced = out.split("\r\n\r\n").nth(1).unwrap();
    assert_eq!(
        pieced, whole,
        "the same answer, whether the body came whole or in pieces"
    );
}

/// The time each serving thread (`ulcas-serve-N`) of process `pid` has run so far (ns), by name.
fn serving_threads(pid: u32) -> std::collections::BTreeMap<String, u64> {
    let mut threads = std::collections::BTreeMap::new();
    for task in std::fs::read_dir(format!("/proc/{pid}/task")).unwrap() {
        let task = task.unwrap().path();
        let name = std::fs::read_to_string(task.join("comm")).unwrap_or_default();
        if name.starts_with("ulcas-serve-") {
            let ran = std::fs::read_to_string(task.join("schedstat")).unwrap();
            let ran = ran.split_whitespace().next().unwrap().parse().unwrap();
            threads.insert(name.trim_end().to_owned(), ran);
        }
    }
    threads
}

/// Connections are served by every serving thread in turn (one a core), and a thread that has
/// answered looks for the next request a moment, then sleeps: an idle server spends nothing.
#[test]
fn every_serving_thread_answers_then_sleeps() {
    let (ws, _) = workspace();
    let quiz = Request::from_file(&ws.path().join("fixtures/requests/quiz.json")).unwrap();
    let hit = params(&quiz, &prompt_text("quiz", 1)).to_string();
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    // A thread names itself once it runs.
    let started = Instant::now();
    let mut before = serving_threads(server.pid());
    while before.len() < cores && started.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
        before = serving_threads(server.pid());
    }
    assert_eq!(before.len(), cores, "{before:?}");
    for _ in 0..cores {
        assert_eq!(post(&server.url, hit.as_bytes(), &[]).0, 200);
    }
    std::thread::sleep(Duration::from_millis(100));
    let answered = serving_threads(server.pid());
    for (name, ran) in &answered {
        assert!(
            *ran > before[name],
            "{name} served no connection: {answered:?}"
        );
    }
    std::thread::sleep(Duration::from_secs(1));
    let idle = serving_threads(server.pid());
    let spent: u64 = idle.iter().map(|(name, ran)| ran - answered[name]).sum();
    assert!(
        spent < 20_000_000,
        "the serving threads ran {} ms in an idle second",
        spent / 1_000_000
    );
    server.stop();
}
