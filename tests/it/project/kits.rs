//! The test kits (`kits/`: PHPUnit, pytest, vitest), each run by its own framework on the same
//! fixture project (`kits/fixture/`: a store, its prompts, the bodies the tests send), and the
//! three journals compared: the same hits, the same misses (issue 58).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::json;
use ulcas::request::Request;

use crate::common::MANIFEST;
use crate::serve::kit::{params, prompt_text};

pub(crate) fn fixture() -> PathBuf {
    Path::new(MANIFEST).join("kits/fixture")
}

/// The fixture project's files, as generated from the sample store: `ULCAS_REGENERATE=1`
/// writes them, else a difference fails (the kits' tests read them as checked in).
fn generated() -> Vec<(PathBuf, Vec<u8>)> {
    let root = Path::new(MANIFEST);
    let mut files = Vec::new();
    let quiz = Request::from_file(&root.join("tests/fixtures/requests/quiz.json")).unwrap();
    let hit = params(&quiz, &prompt_text("quiz", 1));
    let mut miss = hit.clone();
    let text = miss["messages"][0]["content"][0]["text"]
        .as_str()
        .unwrap()
        .to_owned();
    miss["messages"][0]["content"][0]["text"] =
        json!(format!("{text} (a change the cassette never saw)"));
    let chat = crate::serve::openai::chat_params(&quiz, &prompt_text("quiz", 1));
    for (name, body) in [
        ("hit.json", &hit),
        ("miss.json", &miss),
        ("chat-hit.json", &chat),
    ] {
        files.push((
            PathBuf::from("bodies").join(name),
            format!("{}\n", serde_json::to_string_pretty(body).unwrap()).into_bytes(),
        ));
    }
    // The store: the quiz cassette of the sample store, its prompt and schema.
    for rel in walk(&root.join("cassettes/quiz")) {
        files.push((
            PathBuf::from("cassettes/quiz").join(&rel),
            std::fs::read(root.join("cassettes/quiz").join(&rel)).unwrap(),
        ));
    }
    files.push((
        PathBuf::from("prompts/quiz/v1.md"),
        std::fs::read(root.join("tests/fixtures/prompts/quiz/v1.md")).unwrap(),
    ));
    files.push((
        PathBuf::from("schemas/outputs/quiz.json"),
        std::fs::read(root.join("tests/fixtures/schemas/outputs/quiz.json")).unwrap(),
    ));
    files.push((
        PathBuf::from("ulcas.toml"),
        b"# The kits' fixture project: one store, its prompts and schemas.\n[[store]]\nroot = \"cassettes\"\nprompts = [\"prompts\"]\nschemas = \"schemas\"\n".to_vec(),
    ));
    files
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.path().strip_prefix(dir).unwrap().to_path_buf())
        .collect();
    out.sort();
    out
}

#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn the_fixture_project_is_the_sample_stores() {
    let regenerate = std::env::var_os("ULCAS_REGENERATE").is_some();
    for (rel, bytes) in generated() {
        let path = fixture().join(&rel);
        if regenerate {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &bytes).unwrap();
            continue;
        }
        assert_eq!(
            std::fs::read(&path).unwrap_or_default(),
            bytes,
            "kits/fixture/{} is out of date: ULCAS_REGENERATE=1 cargo test --test it kits",
            rel.display()
        );
    }
}

/// The vitest kit with its packages installed from its lock file (once, whichever test asks
/// first); `None` without npm (an error in CI).
pub(crate) fn vitest_kit() -> Option<PathBuf> {
    static INSTALL: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let npm = crate::common::tool("npm", "apt-get install npm", "the vitest kit")?;
    let kit = Path::new(MANIFEST).join("kits/typescript");
    let _once = INSTALL.lock().unwrap_or_else(|e| e.into_inner());
    if !kit.join("node_modules/vitest/package.json").is_file() {
        let mut install = Command::new(&npm);
        install
            .current_dir(&kit)
            .args(["ci", "--no-audit", "--no-fund", "--silent"]);
        passes(install, "npm ci in kits/typescript");
    }
    Some(kit)
}

/// Runs `cmd` (a kit's test command), with this build's `ulcas`; its output, asserted to pass.
pub(crate) fn passes(mut cmd: Command, what: &str) -> String {
    let out = cmd
        .env("ULCAS_BINARY", env!("CARGO_BIN_EXE_ulcas"))
        .env_remove("ULCAS_MODE")
        .env_remove("ULCAS_JOURNAL")
        .env_remove("ULCAS_STORES")
        .output()
        .unwrap();
    let text = crate::common::printed(&out);
    assert!(out.status.success(), "{what} failed:\n{text}");
    text
}

/// Each kit's own tests under its real framework (pytest with the official anthropic and
/// openai SDKs, vitest with @anthropic-ai/sdk and openai, PHPUnit 9.6 with the app's driver on
/// the official PHP SDK), then their journals compared: on the same store, the same requests
/// (a hit, a miss, a fault then the hit) got the same answers, the same cassettes.
#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn the_three_kits_pass_under_their_frameworks_and_behave_alike() {
    let compare = tempfile::tempdir().unwrap();
    let mut ran = Vec::new();
    if let Some(python) = crate::serve::kit::python_with("pytest") {
        let mut cmd = Command::new(python);
        cmd.current_dir(Path::new(MANIFEST).join("kits/python"))
            .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"])
            .env("ULCAS_KIT_COMPARE_DIR", compare.path());
        let said = passes(cmd, "the pytest kit's tests");
        assert!(said.contains(" passed"), "{said}");
        ran.push("pytest");
    }
    if let Some(kit) = vitest_kit() {
        let mut cmd = Command::new("node");
        cmd.current_dir(&kit)
            .args(["node_modules/vitest/vitest.mjs", "run"])
            .env("NO_COLOR", "1")
            .env("ULCAS_KIT_COMPARE_DIR", compare.path());
        let said = passes(cmd, "the vitest kit's tests");
        assert!(said.contains("passed"), "{said}");
        ran.push("vitest");
    }
    if let Some(phpunit) =
        crate::common::tool("phpunit", "apt-get install phpunit", "the PHPUnit kit")
    {
        let mut cmd = Command::new(phpunit);
        cmd.current_dir(Path::new(MANIFEST).join("kits/php"))
            .args(["-c", "phpunit.xml.dist"])
            .env("ULCAS_KIT_COMPARE_DIR", compare.path());
        if let Some(boot) = std::env::var_os("ULCAS_PHP_SDK_BOOT") {
            cmd.env("ULCAS_PHP_SDK_BOOT", boot);
        }
        let said = passes(cmd, "the PHPUnit kit's tests");
        assert!(said.contains("OK ("), "{said}");
        ran.push("phpunit");
    }
    if ran.len() < 3 {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI runs the three kits: {ran:?}"
        );
        return;
    }
    // The same requests in each kit: the hit, the miss, the fault then the hit.
    let journals: Vec<(&str, Vec<(String, Answers)>)> = ran
        .iter()
        .map(|kit| {
            let text = std::fs::read_to_string(compare.path().join(format!("{kit}.json")))
                .unwrap_or_else(|e| panic!("{kit} wrote no journal: {e}"));
            let journal: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(journal["kit"], *kit);
            let mut by_test: std::collections::BTreeMap<String, Answers> = Default::default();
            for r in journal["requests"].as_array().unwrap() {
                let test = plain_name(r["test"].as_str().unwrap_or(""));
                if ["hit", "miss", "a fault on cue"].contains(&test.as_str()) {
                    by_test.entry(test).or_default().push((
                        r["status"].as_str().unwrap().to_owned(),
                        r["path"].as_str().map(str::to_owned),
                    ));
                }
            }
            (*kit, by_test.into_iter().collect())
        })
        .collect();
    let first = &journals[0];
    assert_eq!(first.1.len(), 3, "{first:?}");
    for other in &journals[1..] {
        assert_eq!(other.1, first.1, "{} and {} differ", other.0, first.0);
    }
}

/// What a test's requests got: (status, cassette) each.
type Answers = Vec<(String, Option<String>)>;

/// A test's name without its file or class, as words: `AppTest::testAFaultOnCue`,
/// `test_app.py::test_a_fault_on_cue` and `app.test.mjs > a fault on cue` are all
/// `a fault on cue`.
fn plain_name(test: &str) -> String {
    let last = test.rsplit(['>', ':']).next().unwrap_or(test).trim();
    let last = last.strip_prefix("test").unwrap_or(last);
    let mut words = String::new();
    for c in last.chars() {
        if c.is_uppercase() && !words.is_empty() {
            words.push(' ');
        }
        words.push(if c == '_' {
            ' '
        } else {
            c.to_ascii_lowercase()
        });
    }
    words.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The files of a kit's page (`<!-- kit-file: NAME -->` before a fenced block), as written.
pub(crate) fn doc_files(page: &str) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(Path::new(MANIFEST).join("docs").join(page)).unwrap();
    let files = marked_blocks(&text, "<!-- kit-file: ");
    assert!(!files.is_empty(), "{page} has no kit-file block");
    files
}

/// The blocks of `text` after a comment line starting `marker`: (the name the comment gives,
/// the block's lines).
pub(crate) fn marked_blocks(text: &str, marker: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let Some(rest) = line.strip_prefix(marker) else {
            continue;
        };
        let name = rest.trim_end_matches("-->").trim().to_owned();
        let fence = lines.next().unwrap_or("");
        assert!(fence.starts_with("```"), "{marker}{name}: no block follows");
        let body: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        found.push((name, body.join("\n") + "\n"));
    }
    found
}

/// A copy of the fixture project in `dir` with a page's files.
pub(crate) fn project_of(dir: &Path, page: &str) {
    crate::common::copy_tree(&fixture(), dir);
    for (name, body) in doc_files(page) {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, body).unwrap();
    }
}

/// The journal route the kits read: each request under its test (by header or by path), a
/// miss with its whole explanation; guarded like every route (a web page's origin is refused).
#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn the_journal_names_each_requests_test_and_is_guarded() {
    let (ws, _) = crate::serve::kit::workspace();
    let quiz = Request::from_file(&ws.path().join("fixtures/requests/quiz.json")).unwrap();
    let server = crate::serve::kit::Server::start(
        ws.path(),
        &["cassettes", "--prompts", "fixtures/prompts"],
    );
    let body = params(&quiz, &prompt_text("quiz", 1));
    let hit = body.to_string();
    let mut changed = body.clone();
    changed["messages"][0]["content"][0]["text"] = json!("changed");
    let miss = changed.to_string();
    let post = crate::serve::kit::post;
    let (status, _) = post(&server.url, hit.as_bytes(), &[("x-ulcas-test", "t one")]);
    assert_eq!(status, 200);
    let prefixed = format!("{}/_ulcas/test/t%2Ftwo/v1/messages", server.url);
    let (status, _) = post(&prefixed, miss.as_bytes(), &[]);
    assert_eq!(status, 404);
    let get = |path: &str, headers: &[(&str, &str)]| -> (u16, String) {
        let addr = server.url.strip_prefix("http://").unwrap();
        let mut s = std::net::TcpStream::connect(addr).unwrap();
        let mut head = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
        for (k, v) in headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        head.push_str("\r\n");
        std::io::Write::write_all(&mut s, head.as_bytes()).unwrap();
        let mut out = Vec::new();
        std::io::Read::read_to_end(&mut s, &mut out).unwrap();
        crate::serve::kit::parse_answer(&out)
    };
    let (status, body) = get("/_ulcas/journal?test=t%2Ftwo", &[]);
    assert_eq!(status, 200, "{body}");
    let journal: serde_json::Value = serde_json::from_str(&body).unwrap();
    let requests = journal["requests"].as_array().unwrap();
    assert_eq!(requests.len(), 1, "{body}");
    assert_eq!(requests[0]["status"], "miss");
    let why = requests[0]["why"].as_str().unwrap();
    assert!(
        why.starts_with("No cassette for task \"quiz\"") && why.contains("nearest"),
        "{why}"
    );
    let (_, all) = get("/_ulcas/journal", &[]);
    let all: serde_json::Value = serde_json::from_str(&all).unwrap();
    assert_eq!(all["counts"], json!({"hit": 1, "miss": 1}));
    assert_eq!(all["requests"][0]["test"], "t one");
    let (status, _) = get("/_ulcas/journal", &[("Origin", "https://evil.example")]);
    assert_eq!(status, 403);
    let log = server.stop();
    assert!(log.contains("[t one]") && log.contains("[t/two]"), "{log}");
}
