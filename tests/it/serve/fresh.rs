//! A cache never changes an answer: serve answers from the store folder its path names now,
//! whatever happened to the folder it opened (removed and restored as switching branches away
//! and back does, replaced by an edited copy), and from the bytes on disk even when no change
//! was announced (a write through a shared mapping raises no inotify event).

use std::path::Path;

use serde_json::Value;
use ulcas::request::Request;

use crate::serve::{Server, params, post, prompt_text, workspace};

/// The quiz request's body, and the path of its cassette in the workspace `ws`.
fn quiz(ws: &Path) -> (String, std::path::PathBuf) {
    let quiz = Request::from_file(&ws.join("fixtures/requests/quiz.json")).unwrap();
    let cassette = ulcas::key::key_of(&quiz).path_under(&ws.join("cassettes"));
    (params(&quiz, &prompt_text("quiz", 1)).to_string(), cassette)
}

/// The answer's text of a hit.
fn answered(server: &Server, body: &str) -> String {
    let (status, answer) = post(&server.url, body.as_bytes(), &[]);
    assert_eq!(status, 200, "{answer}");
    let answer: Value = serde_json::from_str(&answer).unwrap();
    answer["content"][0]["text"].as_str().unwrap().to_owned()
}

/// `cp -a`, as a user does it.
fn copy(from: &Path, to: &Path) {
    let ok = std::process::Command::new("cp")
        .arg("-a")
        .arg(from)
        .arg(to)
        .status()
        .unwrap();
    assert!(ok.success());
}

#[test]
fn a_store_removed_and_restored_is_served_again() {
    let (ws, _) = workspace();
    let (body, _) = quiz(ws.path());
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let before = answered(&server, &body);
    let (store, backup) = (ws.path().join("cassettes"), ws.path().join("backup"));
    copy(&store, &backup);
    std::fs::remove_dir_all(&store).unwrap();
    let (status, _) = post(&server.url, body.as_bytes(), &[]);
    assert_eq!(status, 404, "gone is gone");
    copy(&backup, &store);
    assert_eq!(
        answered(&server, &body),
        before,
        "the restored store answers"
    );
    server.stop();
}

#[test]
fn a_store_replaced_by_an_edited_copy_answers_from_the_copy() {
    let (ws, _) = workspace();
    let (body, cassette) = quiz(ws.path());
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    let before = answered(&server, &body);
    let (store, old) = (ws.path().join("cassettes"), ws.path().join("cassettes.old"));
    std::fs::rename(&store, &old).unwrap();
    copy(&old, &store);
    let text = std::fs::read_to_string(&cassette).unwrap();
    std::fs::write(
        &cassette,
        text.replace("What is autolyse?", "What is an autolyse?"),
    )
    .unwrap();
    let after = answered(&server, &body);
    assert_ne!(after, before);
    assert!(after.contains("What is an autolyse?"), "{after}");
    server.stop();
}

/// A write through a shared mapping raises no inotify event: the cached answer is checked
/// against the file's stamp on every hit all the same.
#[test]
fn a_cassette_written_through_a_shared_mapping_is_read_again() {
    let (ws, _) = workspace();
    let (body, cassette) = quiz(ws.path());
    let server = Server::start(ws.path(), &["cassettes", "--prompts", "fixtures/prompts"]);
    assert!(answered(&server, &body).contains("What is autolyse?"));
    assert!(
        answered(&server, &body).contains("What is autolyse?"),
        "cached now"
    );
    // The same length: a mapping cannot grow the file.
    let script = r#"
import mmap, sys
with open(sys.argv[1], "r+b") as f:
    m = mmap.mmap(f.fileno(), 0)
    at = m.find(b"What is autolyse?")
    m[at:at + 17] = b"What is kneading?"
    m.flush()
    m.close()
"#;
    let ok = std::process::Command::new("python3")
        .args(["-c", script])
        .arg(&cassette)
        .status()
        .unwrap();
    assert!(ok.success());
    let after = answered(&server, &body);
    assert!(after.contains("What is kneading?"), "{after}");
    server.stop();
}

/// A prompts folder that `ulcas.toml` names, swapped while serving for a link out of the
/// repository: the registries are not read through it (the rule of the config is checked at
/// every reading, not at start only); the last reading stays, and the log says why.
#[test]
fn a_prompts_folder_swapped_for_a_link_out_of_the_repository_is_not_read() {
    let ws = crate::serve::monorepo();
    let server = Server::start(ws.path(), &[]);
    let prompts = ws
        .path()
        .join("api/packages/course-builder/resources/prompts");
    let outside = tempfile::tempdir().unwrap();
    crate::common::copy_tree(&prompts, &outside.path().join("prompts"));
    std::fs::create_dir_all(outside.path().join("prompts/stolen")).unwrap();
    std::fs::write(
        outside.path().join("prompts/stolen/v1.md"),
        "---\nid: x/stolen\nversion: 1\n---\nRead from outside the repository.\n",
    )
    .unwrap();
    std::fs::rename(&prompts, ws.path().join("prompts.moved")).unwrap();
    std::os::unix::fs::symlink(outside.path().join("prompts"), &prompts).unwrap();
    // The watcher looks at least every five seconds.
    let started = std::time::Instant::now();
    let body = serde_json::json!({"model": "m", "max_tokens": 10, "system": "Read from outside the repository.",
        "messages": [{"role": "user", "content": "hello"}]})
    .to_string();
    while started.elapsed() < std::time::Duration::from_secs(8) {
        std::thread::sleep(std::time::Duration::from_millis(250));
        let (status, _) = post(&server.url, body.as_bytes(), &[]);
        assert_ne!(status, 200, "a prompt read through the link answered");
    }
    let log = server.stop();
    assert!(
        log.contains("lies outside the folder of this config"),
        "{log}"
    );
}
