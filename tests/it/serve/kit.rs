//! What the serve tests share: a server started and stopped, requests posted by hand or by the
//! official Python SDK, and the workspaces they run in.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};
use ulcas::registry::{Registry, RegistrySource};
use ulcas::request::{Block, Request};
use ulcas::wire::for_provider;

use crate::common::MANIFEST;

/// A running `ulcas serve`, stopped with SIGTERM when dropped.
pub struct Server {
    child: Child,
    pub url: String,
    /// The request log, drained as it comes (a full pipe would stop the server).
    log: Option<std::thread::JoinHandle<String>>,
}

impl Server {
    pub fn start(dir: &Path, args: &[&str]) -> Server {
        Server::start_binary(Path::new(env!("CARGO_BIN_EXE_ulcas")), dir, args)
    }

    /// [`Server::start`] with another `ulcas` binary (an installed wheel's, an npm package's).
    pub fn start_binary(binary: &Path, dir: &Path, args: &[&str]) -> Server {
        let mut child = Command::new(binary)
            .arg("serve")
            .args(args)
            .current_dir(dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = match serde_json::from_str::<Value>(&line) {
            Ok(json) => json["url"].as_str().map(str::to_owned),
            Err(_) => line
                .trim()
                .strip_prefix("ulcas serve: listening on ")
                .map(str::to_owned),
        }
        .unwrap_or_else(|| panic!("the start line: {line:?}"));
        let mut err = child.stderr.take().unwrap();
        let log = std::thread::spawn(move || {
            let mut log = String::new();
            let _ = std::io::Read::read_to_string(&mut err, &mut log);
            log
        });
        Server {
            child,
            url,
            log: Some(log),
        }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends SIGTERM.
    pub fn term(&self) {
        let pid = rustix::process::Pid::from_child(&self.child);
        let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
    }

    /// Waits for the server to end after a signal; its exit status and log.
    pub fn wait(mut self) -> (std::process::ExitStatus, String) {
        let status = self.child.wait().unwrap();
        (status, self.log.take().unwrap().join().unwrap())
    }

    /// Stops the server; its request log.
    pub fn stop(mut self) -> String {
        let pid = rustix::process::Pid::from_child(&self.child);
        let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
        let status = self.child.wait().unwrap();
        let log = self.log.take().unwrap().join().unwrap();
        assert!(
            status.success(),
            "serve ends cleanly on SIGTERM: {status:?}\n{log}"
        );
        log
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Says on the terminal, past the test harness's capture, that a test did not run (and again
/// at the end of the run).
pub fn skipped(why: &str) {
    crate::common::skipped(why);
}

/// The Python with the official SDK (`.ci/run` installs it into target/ci-tools).
pub fn python() -> Option<PathBuf> {
    python_with("anthropic")
}

/// The Python with the official SDK `module` (`anthropic`, `openai`), which `.ci/run` installs
/// into target/ci-tools (in CI, its absence fails the test rather than skipping it).
pub fn python_with(module: &str) -> Option<PathBuf> {
    let python = Path::new(MANIFEST).join("target/ci-tools/bin/python");
    let ok = Command::new(&python)
        .args(["-c", &format!("import {module}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI installs the {module} SDK"
        );
        skipped(&format!(
            "no {module} SDK in target/ci-tools (.ci/run installs it)"
        ));
        return None;
    }
    Some(python)
}

/// The prompt text the app sends for `task` v`version` of the sample registry.
pub fn prompt_text(task: &str, version: i64) -> String {
    let path = Path::new(MANIFEST).join(format!("tests/fixtures/prompts/{task}/v{version}.md"));
    ulcas::prompt_file::load(&std::fs::read(path).unwrap(), version)
        .unwrap()
        .text
}

/// The SDK's parameters for `request`, as the app's driver builds them.
pub fn params(request: &Request, system: &str) -> Value {
    let content: Vec<Value> = request
        .blocks
        .iter()
        .map(|b| match b {
            Block::Text(t) => json!({"type": "text", "text": t}),
            Block::Document { data, .. } => json!({"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": data}}),
        })
        .collect();
    let mut messages = vec![json!({"role": "user", "content": content})];
    for t in &request.turns {
        messages.push(json!({"role": t.role, "content": [{"type": "text", "text": t.text}]}));
    }
    json!({
        "model": request.model.clone().unwrap_or_else(|| "claude-sonnet-5-5".into()),
        "max_tokens": 4096,
        "system": [{"type": "text", "text": system, "cache_control": {"type": "ephemeral", "ttl": "1h"}}],
        "messages": messages,
        "output_config": {"effort": "medium", "format": {"type": "json_schema", "schema": for_provider(&request.schema.value)}},
    })
}

pub fn run_sdk(python: &Path, url: &str, requests: &Value) -> Vec<Value> {
    run_client(python, "sdk_client.py", url, requests)
}

/// `requests` through the client script `script` of tests/python: one parsed line each.
pub fn run_client(python: &Path, script: &str, url: &str, requests: &Value) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("requests.json");
    std::fs::write(&file, requests.to_string()).unwrap();
    run_script(python, script, &[url, file.to_str().unwrap()])
}

/// The script `script` of tests/python run with `args`, which must succeed: each line it
/// prints, parsed as JSON.
pub fn run_script(python: &Path, script: &str, args: &[&str]) -> Vec<Value> {
    let out = Command::new(python)
        .arg(Path::new(MANIFEST).join("tests/python").join(script))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A copy of the sample store with its registry, and one more cassette: a request with a
/// document block.
pub fn workspace() -> (tempfile::TempDir, Request) {
    let ws = tempfile::tempdir().unwrap();
    crate::common::copy_tree(
        &Path::new(MANIFEST).join("cassettes"),
        &ws.path().join("cassettes"),
    );
    crate::common::copy_tree(
        &Path::new(MANIFEST).join("tests/fixtures"),
        &ws.path().join("fixtures"),
    );
    let quiz = Request::from_file(&ws.path().join("fixtures/requests/quiz.json")).unwrap();
    let with_document = quiz
        .clone()
        .with_document("JVBERi0xLjQK", Some("application/pdf".into()));
    let mut recording = ulcas::store::Recording::new(r#"{"questions":[]}"#, "claude-sonnet-5-5");
    recording.usage = json!({"input_tokens": 900, "output_tokens": 12, "cache_write_5m_tokens": 0, "cache_write_1h_tokens": 700, "cache_read_tokens": 5});
    ulcas::store::record(
        &ws.path().join("cassettes"),
        &with_document,
        &recording,
        Default::default(),
    )
    .unwrap();
    (ws, with_document)
}

/// The real monorepo (both packages' prompts, schemas and cassettes) laid out as users do.
pub fn monorepo() -> tempfile::TempDir {
    let ws = tempfile::tempdir().unwrap();
    for package in ["course-builder", "living-course"] {
        crate::common::copy_tree(
            &Path::new(MANIFEST).join("tests/data/ulams").join(package),
            &ws.path().join("api/packages").join(package),
        );
    }
    std::fs::copy(
        Path::new(MANIFEST).join("tests/readme/monorepo/ulcas.toml"),
        ws.path().join("ulcas.toml"),
    )
    .unwrap();
    // The fixture omits the prompts' texts, so every prompt sends one text and quiz and
    // selfcheck (one schema but for a title) cannot be told apart on the wire: the app's real
    // quiz prompt has a text of its own.
    let quiz = ws
        .path()
        .join("api/packages/course-builder/resources/prompts/quiz/v1.md");
    let text = std::fs::read_to_string(&quiz).unwrap();
    std::fs::write(
        &quiz,
        text.replace("(prompt text omitted)", "You write quizzes."),
    )
    .unwrap();
    ws
}

/// `ulcas serve --mode record` in a copy of the monorepo (`ws`), forwarding to a second
/// `ulcas serve`, synthetic, in another copy; with the app's prompt text and two quiz requests
/// that differ only in their fragment ids (a fresh database's ids).
pub struct Recording {
    pub ws: tempfile::TempDir,
    /// The upstream's workspace, kept as long as the upstream runs.
    pub _upstream_ws: tempfile::TempDir,
    pub upstream: Server,
    pub recorder: Server,
    pub system: String,
    pub first: Request,
    pub again: Request,
}

pub fn recording() -> Recording {
    let (upstream_ws, ws) = (monorepo(), monorepo());
    let upstream = Server::start(upstream_ws.path(), &["--mode", "synthetic"]);
    let recorder = Server::start(
        ws.path(),
        &["--mode", "record", "--upstream", &upstream.url],
    );
    let (first, system) = quiz_request(ws.path(), "frg_abcdefghijkm");
    let (again, _) = quiz_request(ws.path(), "frg_zyxwvutsrqpn");
    Recording {
        ws,
        _upstream_ws: upstream_ws,
        upstream,
        recorder,
        system,
        first,
        again,
    }
}

impl Recording {
    /// What the SDK script calls, each request in the wire's `params`: the first streamed
    /// (forwarded and recorded), the second whole (replayed with a fresh database's ids).
    pub fn record_then_replay(&self, params: impl Fn(&Request, &str) -> Value) -> Value {
        json!([
            {"name": "record", "stream": true, "params": params(&self.first, &self.system)},
            {"name": "replay", "stream": false, "params": params(&self.again, &self.system)},
        ])
    }
}

/// A quiz request of the real registry, with the app's prompt text and full schema.
pub fn quiz_request(ws: &Path, fragment: &str) -> (Request, String) {
    let prompts = ws.join("api/packages/course-builder/resources/prompts");
    let registry = Registry::load(&RegistrySource {
        prompts: vec![prompts.clone()],
        ..Default::default()
    })
    .unwrap();
    let version = registry.current_version("quiz").unwrap();
    let schema = registry.schema("quiz", version).unwrap().clone();
    let path = prompts.join(format!("quiz/v{version}.md"));
    let system = ulcas::prompt_file::load(&std::fs::read(path).unwrap(), version)
        .unwrap()
        .text;
    let request = Request::new("quiz", version, schema)
        .with_text(format!(
            "<source_document untrusted=\"true\">\n<fragment id=\"{fragment}\" section=\"§1\">Bloom the coffee for thirty seconds.</fragment>\n</source_document>"
        ))
        .with_model("claude-sonnet-5-5");
    (request, system)
}

/// One HTTP/1.1 request on a fresh connection; the status and body of the answer.
pub fn post(url: &str, body: &[u8], headers: &[(&str, &str)]) -> (u16, String) {
    parse_answer(&exchange(url, body, headers))
}

/// One HTTP/1.1 request on a fresh connection; the answer's bytes, head and all.
pub fn exchange(url: &str, body: &[u8], headers: &[(&str, &str)]) -> Vec<u8> {
    use std::io::{Read, Write};
    // The server's address, and the path when the URL names one (else the Messages API's).
    let rest = url.strip_prefix("http://").unwrap();
    let (addr, path) = rest
        .split_once('/')
        .map_or((rest, None), |(a, p)| (a, Some(p)));
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    // Written from a thread: a server that answers before the body is whole (413) stops
    // reading it.
    let mut writer = s.try_clone().unwrap();
    let mut bytes = request_bytes(addr, body, headers);
    if let Some(path) = path {
        let line = format!("POST /{path} HTTP/1.1");
        let end = bytes.iter().position(|&b| b == b'\r').unwrap();
        bytes.splice(..end, line.into_bytes());
    }
    let sending = std::thread::spawn(move || {
        let _ = writer.write_all(&bytes);
    });
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let _ = s.shutdown(std::net::Shutdown::Both);
    let _ = sending.join();
    out
}

pub fn request_bytes(addr: &str, body: &[u8], headers: &[(&str, &str)]) -> Vec<u8> {
    let mut head = format!(
        "POST /v1/messages?beta=true HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\nx-api-key: sk-ant-api03-secret-never-logged\r\nconnection: close\r\ncontent-length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    [head.as_bytes(), body].concat()
}

pub fn parse_answer(out: &[u8]) -> (u16, String) {
    let text = String::from_utf8_lossy(out);
    let status = text.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_owned();
    (status, body)
}

/// Every file under `dir` with its bytes, in order.
pub fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<(PathBuf, Vec<u8>)> = walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| (e.path().to_path_buf(), std::fs::read(e.path()).unwrap()))
        .collect();
    files.sort();
    files
}
