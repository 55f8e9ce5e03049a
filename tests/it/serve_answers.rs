//! What `ulcas serve` answers besides a hit: a miss that a parser and a person can both read,
//! and the health of the server for a container's probe.

use ulcas::request::Request;

use crate::serve::{params, post, prompt_text, workspace, Server};

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
        ulcas::store::RecordOptions::with_request_material(),
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

/// `GET /health`: 200 with the stores, prompts, cassettes and mode, whatever Host a probe
/// names.
#[test]
fn health_answers_a_probe() {
    let (ws, _) = workspace();
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let addr = server.url.strip_prefix("http://").unwrap().to_owned();
    let mut s = std::net::TcpStream::connect(&addr).unwrap();
    std::io::Write::write_all(
        &mut s,
        b"GET /health HTTP/1.1\r\nhost: 10.1.2.3:8089\r\nconnection: close\r\n\r\n",
    )
    .unwrap();
    let mut out = String::new();
    std::io::Read::read_to_string(&mut s, &mut out).unwrap();
    server.stop();
    assert!(out.starts_with("HTTP/1.1 200"), "{out}");
    let body: serde_json::Value =
        serde_json::from_str(out.split("\r\n\r\n").nth(1).unwrap()).unwrap();
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
