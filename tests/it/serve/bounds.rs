//! What `serve` holds is bounded on every path: an upstream answer in all (a stream that pings
//! for ever), and the request dumps it writes.

use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::serve::upstream::{SSE_HEAD, recorder, upstream};
use crate::serve::{Server, post};

/// A stream that pings every 200 ms and never ends holds nothing past --upstream-total: the
/// client's stream ends with the API's error event, nothing is recorded, and the log says why.
#[test]
fn an_upstream_that_pings_for_ever_is_cut_at_its_total() {
    fn pings(_: &str, s: &mut TcpStream) {
        let _ = s.write_all(SSE_HEAD.as_bytes());
        let start = "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"m\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"m\",\"content\":[],\"stop_reason\":null,\"usage\":{\"input_tokens\":1,\"output_tokens\":1}}}\n\n";
        let _ = s.write_all(start.as_bytes());
        for _ in 0..100 {
            std::thread::sleep(Duration::from_millis(200));
            if s.write_all(b"event: ping\ndata: {\"type\":\"ping\"}\n\n")
                .is_err()
            {
                return;
            }
        }
    }
    let up = upstream(pings);
    let (_ws, server, body, path) =
        recorder(&up, &["--upstream-timeout", "3", "--upstream-total", "1"]);
    let started = Instant::now();
    let (status, text) = post(&server.url, body.as_bytes(), &[]);
    let took = started.elapsed();
    let log = server.stop();
    assert_eq!(status, 200, "relayed as it came: {text}");
    assert!(text.contains("event: error"), "{text}");
    assert!(took < Duration::from_secs(4), "{took:?}");
    assert!(!path.exists(), "{log}");
    assert!(
        log.contains("(--upstream-total): cut, not recorded"),
        "{log}"
    );
}

/// `--dump-dir` writes at most --max-dumps MiB: past it no new dump is written, the log says
/// so once, and every request is still answered.
#[test]
fn request_dumps_stop_at_their_bound() {
    let (ws, _) = crate::serve::workspace();
    let server = Server::start(
        ws.path(),
        &[
            "cassettes",
            "--prompts",
            "fixtures/prompts",
            "--mode",
            "synthetic",
            "--dump-dir",
            "dumps",
            "--max-dumps",
            "1",
        ],
    );
    let quiz =
        ulcas::request::Request::from_file(&ws.path().join("fixtures/requests/quiz.json")).unwrap();
    let system = crate::serve::prompt_text("quiz", 1);
    for i in 0..8 {
        // Each request a distinct dump of about 300 KB.
        let request = quiz
            .clone()
            .with_text(format!("{i} {}", "bread ".repeat(50_000)));
        let body = crate::serve::params(&request, &system).to_string();
        let (status, answer) = post(&server.url, body.as_bytes(), &[]);
        assert_eq!(status, 200, "{answer}");
    }
    let log = server.stop();
    let written: u64 = std::fs::read_dir(ws.path().join("dumps"))
        .unwrap()
        .map(|e| e.unwrap().metadata().unwrap().len())
        .sum();
    assert!(written <= 1 << 20, "{written} bytes of dumps");
    assert!(written > 0);
    assert_eq!(log.matches("(--max-dumps)").count(), 1, "said once: {log}");
}

/// Two connections that declare 32 MiB bodies and send nothing hold none of the body budget:
/// another request is answered at once (it waited 10 s, then got a 429).
#[test]
fn a_declared_body_holds_no_budget_until_it_arrives() {
    let (ws, _) = crate::serve::workspace();
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let addr = server.url.strip_prefix("http://").unwrap().to_owned();
    let idle: Vec<TcpStream> = (0..2)
        .map(|_| {
            let mut s = TcpStream::connect(&addr).unwrap();
            let head = format!(
                "POST /v1/messages HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{{",
                32 << 20
            );
            s.write_all(head.as_bytes()).unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let quiz =
        ulcas::request::Request::from_file(&ws.path().join("fixtures/requests/quiz.json")).unwrap();
    let body = crate::serve::params(&quiz, &crate::serve::prompt_text("quiz", 1)).to_string();
    let started = Instant::now();
    let (status, answer) = post(&server.url, body.as_bytes(), &[]);
    assert_eq!(status, 200, "{answer}");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    drop(idle);
    server.stop();
}

/// A body of a hundred thousand tiny messages on Chat Completions or the Responses API is
/// refused naming the bound, before its tree grows (a million once took 0.7 GiB and its miss
/// seconds to explain); a long real conversation is far below it.
#[test]
fn a_body_of_countless_messages_is_refused_on_every_wire() {
    let (ws, _) = crate::serve::workspace();
    let server = crate::serve::Server::start(ws.path(), &["cassettes"]);
    let turn = r#"{"role": "assistant", "content": "x"},"#.repeat(60_000);
    let chat = format!(
        r#"{{"model": "m", "messages": [{{"role": "system", "content": "s"}}, {turn}{{"role": "user", "content": "u"}}]}}"#
    );
    let responses = format!(
        r#"{{"model": "m", "instructions": "s", "input": [{turn}{{"role": "user", "content": "u"}}]}}"#
    );
    for (path, body) in [("/v1/chat/completions", chat), ("/v1/responses", responses)] {
        let (status, text) =
            crate::serve::post(&format!("{}{path}", server.url), body.as_bytes(), &[]);
        assert_eq!(status, 400, "{path}: {text}");
        assert!(text.contains("more than 100000"), "{path}: {text}");
    }
    server.stop();
}
