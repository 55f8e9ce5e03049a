//! `serve --mode record` against a hostile or broken upstream (a stand-in on loopback that answers
//! as scripted): only a whole message is recorded, a shutdown finishes the recordings in flight,
//! the answer and the upstream's time are bounded, and identical misses share a failure.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::Command;

use serde_json::json;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ulcas::wire::{Answer, Shape, Usage};

use crate::serve::{Server, monorepo, params, post, python, quiz_request, run_sdk};

/// What the stand-in does with one request: its head (lower-cased) and the connection.
pub(crate) type Script = fn(&str, &mut TcpStream);

/// A stand-in upstream on loopback; the heads of the requests it got.
pub(crate) struct Upstream {
    pub(crate) url: String,
    pub(crate) heads: Arc<Mutex<Vec<String>>>,
}

pub(crate) fn upstream(script: Script) -> Upstream {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let heads = Arc::new(Mutex::new(Vec::new()));
    let seen = heads.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().take(64) {
            let Ok(mut stream) = stream else { return };
            let seen = seen.clone();
            std::thread::spawn(move || {
                let head = read_request(&mut stream);
                seen.lock().unwrap().push(head.clone());
                script(&head, &mut stream);
            });
        }
    });
    Upstream { url, heads }
}

/// Reads one request (head and `content-length` body); its head, lower-cased.
pub(crate) fn read_request(stream: &mut TcpStream) -> String {
    let mut bytes = Vec::new();
    let mut buf = [0u8; 65536];
    let head_end = loop {
        let n = stream.read(&mut buf).unwrap_or(0);
        if n == 0 {
            return String::new();
        }
        bytes.extend_from_slice(&buf[..n]);
        if let Some(i) = bytes.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
    };
    let head = String::from_utf8_lossy(&bytes[..head_end]).to_ascii_lowercase();
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .map_or(0, |v| v.trim().parse().unwrap());
    while bytes.len() < head_end + length {
        let n = stream.read(&mut buf).unwrap_or(0);
        if n == 0 {
            break;
        }
        bytes.extend_from_slice(&buf[..n]);
    }
    head
}

/// A whole answer of the stand-in.
pub(crate) fn answer() -> Answer {
    Answer {
        id: "msg_standin".into(),
        model: "claude-sonnet-5-5".into(),
        text: r#"{"questions":[]}"#.into(),
        stop_reason: "end_turn".into(),
        refusal_category: None,
        usage: Usage {
            input: 10,
            output: 5,
            ..Usage::default()
        },
    }
}

pub(crate) const SSE_HEAD: &str =
    "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n";

/// The events of the whole answer, in 4-byte text deltas.
pub(crate) fn events() -> Vec<String> {
    answer().events(4, &Shape::streamed())
}

/// A monorepo served in record mode against `upstream`, with `extra` flags; the quiz request's
/// body (a miss) and where its cassette would be.
pub(crate) fn recorder(
    upstream: &Upstream,
    extra: &[&str],
) -> (tempfile::TempDir, Server, String, PathBuf) {
    let ws = monorepo();
    let mut args = vec!["--mode", "record", "--upstream", &upstream.url];
    args.extend_from_slice(extra);
    let server = Server::start(ws.path(), &args);
    let (request, system) = quiz_request(ws.path(), "frg_abcdefghijkm");
    let body = params(&request, &system).to_string();
    let store = ws
        .path()
        .join("api/packages/course-builder/tests/cassettes");
    let path = ulcas::key::key_of(&request).path_under(&store);
    (ws, server, body, path)
}

/// A stream cut at an event boundary: everything up to the first text delta (`{"qu`), then the
/// connection closed.
fn cut(_: &str, s: &mut TcpStream) {
    let all = events();
    let _ = s.write_all(SSE_HEAD.as_bytes());
    for e in &all[..4] {
        let _ = s.write_all(e.as_bytes());
    }
}

/// The official SDK raises on a stream the upstream cut (it returned the part it got, `{"qu`,
/// as the whole answer when the stream just stopped).
#[test]
fn the_sdk_raises_on_a_stream_the_upstream_cut() {
    let Some(python) = python() else { return };
    let up = upstream(cut);
    let (_ws, server, body, path) = recorder(&up, &[]);
    let params: serde_json::Value = serde_json::from_str(&body).unwrap();
    let requests = json!([{"name": "cut", "stream": true, "params": params}]);
    let got = run_sdk(&python, &server.url, &requests);
    let log = server.stop();
    assert!(got[0].get("text").is_none(), "no answer: {got:?}");
    let error = &got[0]["error"]["error"];
    assert_eq!(error["type"], "api_error", "{got:?}");
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("cut, not recorded"),
        "{got:?}"
    );
    assert!(!path.exists(), "{log}");
}

/// On Chat Completions too: a chunk stream the upstream cut before `[DONE]` ends with the
/// error chunk, which the official OpenAI SDK raises (it ended the loop with the part it had).
#[test]
fn the_openai_sdk_raises_on_a_stream_the_upstream_cut() {
    let Some(python) = crate::serve::python_with("openai") else {
        return;
    };
    fn cut_chat(_: &str, s: &mut TcpStream) {
        let _ = s.write_all(SSE_HEAD.as_bytes());
        let chunk = json!({"id": "chatcmpl-standin", "object": "chat.completion.chunk",
            "created": 1, "model": "standin", "choices": [{"index": 0,
            "delta": {"role": "assistant", "content": "{\"qu"}, "finish_reason": null}]});
        let _ = s.write_all(format!("data: {chunk}\n\n").as_bytes());
    }
    let up = upstream(cut_chat);
    let (ws, server, _, path) = recorder(&up, &[]);
    let (request, system) = quiz_request(ws.path(), "frg_abcdefghijkm");
    let params = crate::serve::openai::chat_params(&request, &system);
    let requests = json!([{"name": "cut", "stream": true, "params": params}]);
    let got = crate::serve::run_client(&python, "openai_client.py", &server.url, &requests);
    let log = server.stop();
    assert_eq!(got[0]["error"], "APIError", "{got:?}");
    let message = got[0]["body"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("cut, not recorded"), "{got:?}");
    assert!(!path.exists(), "{log}");
}

/// A stream cut at an event boundary (no `message_stop`), a `200 {}`, and a stream that ends
/// with `message_stop`: only the last is recorded; the log says why the others were not.
#[test]
fn only_a_whole_message_is_recorded() {
    fn empty(_: &str, s: &mut TcpStream) {
        let _ = s.write_all(
            b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}",
        );
    }
    for (script, says, cut_off) in [
        (cut as Script, "ended before its last event", true),
        (empty, "no message", false),
    ] {
        let up = upstream(script);
        let (_ws, server, body, path) = recorder(&up, &[]);
        let (status, text) = post(&server.url, body.as_bytes(), &[]);
        assert_eq!(status, 200, "relayed as it came");
        let log = server.stop();
        assert!(!path.exists(), "a cut answer is never recorded: {log}");
        assert!(log.contains(says) && log.contains("not recorded"), "{log}");
        // A cut stream ends with the API's error event, which the SDKs raise: the client
        // never takes the part it got for the whole answer.
        let told = text.contains("event: error\ndata: {\"type\":\"error\"");
        assert_eq!(told, cut_off, "{text}");
    }
    fn whole(_: &str, s: &mut TcpStream) {
        let _ = s.write_all(SSE_HEAD.as_bytes());
        let _ = s.write_all(events().concat().as_bytes());
    }
    let up = upstream(whole);
    let (_ws, server, body, path) = recorder(&up, &[]);
    assert_eq!(post(&server.url, body.as_bytes(), &[]).0, 200);
    let log = server.stop();
    assert!(path.exists(), "{log}");
}

/// The SDKs ask for gzip: the upstream is asked for the identity encoding, so what is relayed
/// and recorded is the answer itself (a stand-in that gzips when asked would otherwise win).
#[test]
fn the_upstream_is_asked_for_the_identity_encoding() {
    fn gzip_if_asked(head: &str, s: &mut TcpStream) {
        let body = answer().message(&Shape::whole()).to_string();
        let gzip = head
            .lines()
            .any(|l| l.starts_with("accept-encoding:") && l.contains("gzip"));
        let encoding = if gzip {
            "content-encoding: gzip\r\n"
        } else {
            ""
        };
        let _ = write!(
            s,
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n{encoding}content-length: {}\r\n\r\n{body}",
            body.len()
        );
    }
    let up = upstream(gzip_if_asked);
    let (_ws, server, body, path) = recorder(&up, &[]);
    let (status, text) = post(
        &server.url,
        body.as_bytes(),
        &[("accept-encoding", "gzip, deflate")],
    );
    assert_eq!(status, 200);
    assert!(text.contains("msg_standin"), "the answer itself: {text}");
    let log = server.stop();
    assert!(path.exists(), "recorded: {log}");
    let heads = up.heads.lock().unwrap();
    assert!(
        heads[0].contains("accept-encoding: identity"),
        "{}",
        heads[0]
    );
}

/// SIGTERM a second into an answer streaming over two seconds: the client gets it whole, the
/// server exits 0 and the cassette is written, whether the client stayed or left.
#[test]
fn a_shutdown_finishes_the_recordings_in_flight() {
    fn slow(_: &str, s: &mut TcpStream) {
        let _ = s.write_all(SSE_HEAD.as_bytes());
        let all = events();
        let pause = Duration::from_millis(2000 / all.len() as u64);
        for e in all {
            let _ = s.write_all(e.as_bytes());
            std::thread::sleep(pause);
        }
    }
    for client_leaves in [false, true] {
        let up = upstream(slow);
        let (_ws, server, body, path) = recorder(&up, &[]);
        let addr = server.url.strip_prefix("http://").unwrap().to_owned();
        let mut client = TcpStream::connect(&addr).unwrap();
        client
            .write_all(&crate::serve::request_bytes(&addr, body.as_bytes(), &[]))
            .unwrap();
        std::thread::sleep(Duration::from_millis(1000));
        server.term();
        if client_leaves {
            drop(client);
        } else {
            let mut got = Vec::new();
            client.read_to_end(&mut got).unwrap();
            let got = String::from_utf8_lossy(&got);
            assert!(got.contains("message_stop"), "the whole answer: {got}");
        }
        let (status, log) = server.wait();
        assert!(status.success(), "{status:?} {log}");
        assert!(
            path.exists(),
            "recorded (client left: {client_leaves}): {log}"
        );
        assert!(log.contains("recorded "), "{log}");
    }
}

/// An endless answer: past --max-answer the relay ends with an error event, nothing is
/// recorded, and the server's memory stays bounded.
#[test]
fn an_endless_answer_is_cut_at_the_limit() {
    fn endless(_: &str, s: &mut TcpStream) {
        let all = events();
        let _ = s.write_all(SSE_HEAD.as_bytes());
        for e in &all[..3] {
            let _ = s.write_all(e.as_bytes());
        }
        let delta = format!(
            "event: content_block_delta\ndata: {{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{{\"type\":\"text_delta\",\"text\":\"{}\"}}}}\n\n",
            "x".repeat(60_000)
        );
        // At most about 300 MB, until the relay stops reading.
        for _ in 0..5_000 {
            if s.write_all(delta.as_bytes()).is_err() {
                return;
            }
        }
    }
    let up = upstream(endless);
    let (_ws, server, body, path) = recorder(&up, &["--max-answer", "4"]);
    let (status, text) = post(&server.url, body.as_bytes(), &[]);
    assert_eq!(status, 200);
    assert!(
        text.contains("event: error") && text.contains("--max-answer"),
        "{}",
        &text[text.len().saturating_sub(300)..]
    );
    let peak = peak_rss_mb(server.pid());
    let log = server.stop();
    assert!(!path.exists(), "{log}");
    assert!(peak < 200, "peak RSS {peak} MB");
}

/// The server's peak resident memory, in MB.
pub fn peak_rss_mb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .unwrap()
        / 1024
}

/// An upstream that accepts and never answers: the client gets an error after
/// --upstream-timeout, and identical misses waiting behind it get that error at once.
#[test]
fn a_hung_upstream_fails_in_time_for_everyone() {
    fn hang(_: &str, _: &mut TcpStream) {
        std::thread::sleep(Duration::from_secs(20));
    }
    let up = upstream(hang);
    let (_ws, server, body, path) = recorder(&up, &["--upstream-timeout", "1"]);
    let started = Instant::now();
    let answers: Vec<(u16, String)> = std::thread::scope(|s| {
        let calls: Vec<_> = (0..3)
            .map(|_| s.spawn(|| post(&server.url, body.as_bytes(), &[])))
            .collect();
        calls.into_iter().map(|c| c.join().unwrap()).collect()
    });
    let took = started.elapsed();
    let log = server.stop();
    assert!(answers.iter().all(|(s, _)| *s == 502), "{answers:?}");
    assert_eq!(up.heads.lock().unwrap().len(), 1, "forwarded once");
    assert!(
        answers
            .iter()
            .filter(|(_, t)| t.contains("identical request being recorded failed"))
            .count()
            == 2,
        "{answers:?}"
    );
    assert!(took < Duration::from_secs(8), "{took:?}");
    assert!(!path.exists(), "{log}");
}

/// `--mode record` against a local upstream (a second `ulcas serve`, synthetic): the miss is
/// forwarded, streamed back and recorded in the reference format with request material; the
/// same request with a fresh database's ids then replays it.
#[test]
fn record_mode_records_through_the_server_then_replays_with_fresh_ids() {
    let Some(python) = python() else { return };
    let r = crate::serve::recording();
    let requests = r.record_then_replay(params);
    let got = run_sdk(&python, &r.recorder.url, &requests);
    // Four identical misses at once: one is forwarded and recorded, the others replay it.
    let (third, _) = quiz_request(r.ws.path(), "frg_mnpqrstvwxyz");
    let third = third.with_text("Another request: its own key.");
    let body = params(&third, &r.system).to_string();
    let answers: Vec<(u16, String)> = std::thread::scope(|s| {
        let calls: Vec<_> = (0..4)
            .map(|_| s.spawn(|| post(&r.recorder.url, body.as_bytes(), &[])))
            .collect();
        calls.into_iter().map(|c| c.join().unwrap()).collect()
    });
    let log = r.recorder.stop();
    r.upstream.stop();
    assert!(
        answers.iter().all(|(status, _)| *status == 200),
        "{answers:?}"
    );
    let ids: Vec<bool> = answers
        .iter()
        .map(|(_, b)| b.contains("\"id\":\"synthetic\""))
        .collect();
    assert_eq!(
        ids.iter().filter(|&&fresh| fresh).count(),
        1,
        "one forwarded, three replayed: {answers:?}"
    );
    assert_eq!(
        got[0]["id"], "synthetic",
        "the upstream's answer, streamed back: {}",
        got[0]
    );
    let recorded_text = got[0]["text"].as_str().unwrap();
    assert!(
        recorded_text.contains("frg_abcdefghijkm"),
        "cites the request: {recorded_text}"
    );
    assert_eq!(
        log.lines().filter(|l| l.starts_with("recorded ")).count(),
        2,
        "the first request and one of the four identical ones: {log}"
    );
    // The cassette: the reference bytes with request material, at the PHP driver's path.
    let store =
        r.ws.path()
            .join("api/packages/course-builder/tests/cassettes");
    let key = ulcas::key::key_of(&r.first);
    let bytes = std::fs::read(key.path_under(&store)).unwrap();
    let mut recording = ulcas::store::Recording::new(recorded_text, "claude-sonnet-5-5");
    recording.usage = ulcas::wire::Usage {
        input: got[0]["usage"]["input_tokens"].as_u64().unwrap(),
        output: got[0]["usage"]["output_tokens"].as_u64().unwrap(),
        ..Default::default()
    }
    .to_cassette();
    // With the prompt file's id, as the app's recorder writes it.
    let mut first = r.first;
    first.prompt_id = Some("course-builder/quiz".into());
    let reference = ulcas::store::cassette_for(&first, &recording, true)
        .unwrap()
        .0;
    assert_eq!(String::from_utf8(bytes).unwrap(), reference.render());
    // Replayed for the fresh ids.
    assert_eq!(got[1]["id"], format!("cassette:{}", key.hash), "{}", got[1]);
    assert_eq!(
        got[1]["text"],
        recorded_text.replace("frg_abcdefghijkm", "frg_zyxwvutsrqpn")
    );
    // The store still verifies, the new cassette included.
    let verify = Command::new(env!("CARGO_BIN_EXE_ulcas"))
        .args(["verify", "--format", "json"])
        .current_dir(r.ws.path())
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&verify.stdout);
    assert!(
        !out.contains(&key.hash),
        "no finding on the recorded cassette: {out}"
    );
}

/// One owner rule for every command: with living-course listed first (it reads course-builder's
/// prompts too), a quiz request that no store has recorded belongs to course-builder, whose own
/// prompts folder holds the quiz prompt: `ulcas hash` names its path there, `ulcas record`
/// writes there, and `serve --mode record` records there.
#[test]
fn record_and_serve_record_put_a_request_into_the_same_store() {
    let Some(python) = python() else { return };
    let (upstream_ws, ws) = (monorepo(), monorepo());
    std::fs::write(
        ws.path().join("ulcas.toml"),
        "[[store]]\nroot = \"api/packages/living-course/tests/cassettes\"\nprompts = [\"api/packages/living-course/resources/prompts\", \"api/packages/course-builder/resources/prompts\"]\n\n\
         [[store]]\nroot = \"api/packages/course-builder/tests/cassettes\"\nprompts = [\"api/packages/course-builder/resources/prompts\"]\n",
    )
    .unwrap();
    let own = "api/packages/course-builder/tests/cassettes";
    let (first, system) = quiz_request(ws.path(), "frg_abcdefghijkm");
    let first = first.with_text("Recorded by ulcas record.");
    let dump = ws.path().join("dump.json");
    std::fs::write(&dump, first.to_dump()).unwrap();
    let key = ulcas::key::key_of(&first);
    let hash = crate::common::ulcas_in(ws.path(), &["hash", "dump.json"]);
    assert!(
        hash.stdout
            .contains(&format!("{own}/{}", key.relative_path().display())),
        "{}{}",
        hash.stdout,
        hash.stderr
    );
    std::fs::write(ws.path().join("answer.json"), r#"{"questions": []}"#).unwrap();
    let recorded = crate::common::ulcas_in(
        ws.path(),
        &[
            "record",
            "dump.json",
            "--response",
            "answer.json",
            "--model",
            "m",
        ],
    );
    assert_eq!(recorded.code, 0, "{}", recorded.stderr);
    assert!(
        key.path_under(&ws.path().join(own)).is_file(),
        "{}",
        recorded.stderr
    );
    // The server records a miss into the same store.
    let upstream = Server::start(upstream_ws.path(), &["--mode", "synthetic"]);
    let recorder = Server::start(
        ws.path(),
        &["--mode", "record", "--upstream", &upstream.url],
    );
    let second = first.clone().with_text("Recorded by serve --mode record.");
    let requests = json!([{"name": "record", "stream": false, "params": params(&second, &system)}]);
    let got = run_sdk(&python, &recorder.url, &requests);
    recorder.stop();
    upstream.stop();
    assert_eq!(got[0]["id"], "synthetic", "{}", got[0]);
    let served = ulcas::key::key_of(&second);
    assert!(
        served.path_under(&ws.path().join(own)).is_file(),
        "{:?}",
        got
    );
    let other = ws.path().join("api/packages/living-course/tests/cassettes");
    assert!(!key.path_under(&other).exists() && !served.path_under(&other).exists());
}
