//! Ids of any app (issue 67): the UUIDs an app makes, and the ids a store names in
//! `ulcas.toml` (`id_patterns`), become placeholders in the key of a prompt in code, so a
//! recording replays against a fresh database's ids; `record` warns of an id-like token that
//! a key takes as it is. The reference key of a registry's prompts is unchanged (the vectors).

use std::io::Write;
use std::net::TcpStream;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::common::{events, of_type, ulcas_in};
use crate::serve::Server;
use crate::serve::post;
use crate::serve::upstream::upstream;

const UUID_1: &str = "550e8400-e29b-41d4-a716-446655440000";
const UUID_2: &str = "0190A6F4-7C2E-7A51-9B1E-3F5D2C8E4A10";

/// The stand-in API: one answer that cites the first run's user and order.
fn answers_with_the_first_ids(_: &str, s: &mut TcpStream) {
    let text = format!("Order ord_111111 of {UUID_1} ships today.");
    let body = json!({
        "id": "msg_standin", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
        "content": [{"type": "text", "text": text}], "stop_reason": "end_turn",
        "stop_sequence": null, "usage": {"input_tokens": 10, "output_tokens": 5},
    })
    .to_string();
    let _ = write!(
        s,
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
}

fn workspace(patterns: &str) -> tempfile::TempDir {
    let ws = tempfile::tempdir().unwrap();
    std::fs::create_dir(ws.path().join("cassettes")).unwrap();
    let config = format!("[[store]]\nroot = \"cassettes\"\nid_patterns = [{patterns}]\n");
    std::fs::write(ws.path().join("ulcas.toml"), config).unwrap();
    ws
}

fn ask(url: &str, order: &str, user: &str) -> (u16, String) {
    let body = json!({
        "model": "claude-sonnet-4-5", "max_tokens": 100,
        "system": "You answer questions about orders.",
        "messages": [{"role": "user", "content": format!("Where is order {order} of user {user}?")}],
    });
    post(
        &format!("{url}/v1/messages"),
        body.to_string().as_bytes(),
        &[],
    )
}

fn cassettes(root: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(root)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .collect()
}

#[test]
fn uuids_and_a_stores_own_ids_replay_against_fresh_ones() {
    let ws = workspace(r"'\bord_[0-9]{6}\b'");
    let up = upstream(answers_with_the_first_ids);
    let recorder = Server::start(ws.path(), &["--mode", "record", "--upstream", &up.url]);
    let (status, text) = ask(&recorder.url, "ord_111111", UUID_1);
    let log = recorder.stop();
    assert_eq!(status, 200, "{text}\n{log}");
    assert!(!log.contains("warning"), "every id is numbered: {log}");
    let recorded = cassettes(&ws.path().join("cassettes"));
    assert_eq!(recorded.len(), 1, "{recorded:?}");
    let cassette: Value = serde_json::from_slice(&std::fs::read(&recorded[0]).unwrap()).unwrap();
    assert_eq!(
        cassette["text"], "Order {{id_1}} of {{id_2}} ships today.",
        "the answer's ids are placeholders"
    );
    assert_eq!(
        cassette["request"]["content"], "Where is order {{id_1}} of user {{id_2}}?",
        "{cassette}"
    );

    // A fresh database: another order, a UUID v7 in capitals; the same cassette, its ids.
    let server = Server::start(ws.path(), &[]);
    let (status, text) = ask(&server.url, "ord_222222", UUID_2);
    let log = server.stop();
    assert_eq!(status, 200, "{text}\n{log}");
    let answer: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        answer["content"][0]["text"],
        format!("Order ord_222222 of {UUID_2} ships today.")
    );
    let verify = ulcas_in(ws.path(), &["verify"]);
    assert_eq!(verify.code, 0, "{}{}", verify.stdout, verify.stderr);

    // Without the store's pattern, the order id is keyed as it is: another key, a miss.
    std::fs::write(
        ws.path().join("ulcas.toml"),
        "[[store]]\nroot = \"cassettes\"\n",
    )
    .unwrap();
    let server = Server::start(ws.path(), &[]);
    let (status, text) = ask(&server.url, "ord_222222", UUID_2);
    server.stop();
    assert_eq!(status, 404, "{text}");
}

#[test]
fn record_warns_of_an_id_it_keys_as_it_is() {
    let ws = workspace("");
    let up = upstream(answers_with_the_first_ids);
    let recorder = Server::start(ws.path(), &["--mode", "record", "--upstream", &up.url]);
    let (status, text) = ask(&recorder.url, "ord_111111", UUID_1);
    let log = recorder.stop();
    assert_eq!(status, 200, "{text}\n{log}");
    let warning = log
        .lines()
        .find(|l| l.contains("ord_111111"))
        .unwrap_or_else(|| panic!("a warning naming the order id: {log}"));
    assert!(warning.contains("id_patterns"), "{warning}");
    assert!(!warning.contains(UUID_1), "a UUID is numbered: {warning}");

    // `ulcas record` of a registry's request: the reference key takes a UUID as it is.
    let dump = ulcas::request::Request::new("quiz", 1, ulcas::schema::Schema::empty())
        .with_text(format!("Quiz for {UUID_1}"))
        .to_dump();
    std::fs::write(ws.path().join("request.json"), dump).unwrap();
    std::fs::write(ws.path().join("answer.txt"), "ok").unwrap();
    let args = ["record", "request.json", "--response", "answer.txt"];
    let run = ulcas_in(ws.path(), &args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .contains(&format!("warning: the key takes {UUID_1} as it is")),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("ULIDs only"), "{}", run.stderr);
    let mut args = args.to_vec();
    args.extend(["--format", "json", "--force"]);
    let json = ulcas_in(ws.path(), &args);
    let recorded = events(&json.stdout);
    assert_eq!(
        of_type(&recorded, "recorded")[0]["keyed_verbatim"],
        json!([UUID_1]),
        "{}",
        json.stdout
    );
}

#[test]
fn a_bad_id_pattern_is_one_line_naming_the_config() {
    for (pattern, why) in [
        ("'('", "is not a regular expression"),
        ("'x*'", "matches an empty text"),
        (r"'id_\d+'", "matches the placeholder"),
    ] {
        let ws = workspace(pattern);
        let run = ulcas_in(ws.path(), &["verify"]);
        assert_eq!(run.code, 2, "{pattern}: {}", run.stderr);
        let first = run.stderr.lines().next().unwrap_or_default();
        assert!(first.contains("ulcas.toml"), "{first}");
        assert!(first.contains(why), "{pattern}: {}", run.stderr);
    }
}
