//! The test kits (`kits/`: PHPUnit, pytest, vitest), each run by its own framework on the same
//! fixture project (`kits/fixture/`: a store, its prompts, the bodies the tests send), and the
//! three journals compared: the same hits, the same misses (issue 58).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::json;
use ulcas::request::Request;

use crate::common::MANIFEST;
use crate::serve_kit::{params, prompt_text};

fn fixture() -> PathBuf {
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
    let chat = crate::serve_openai::chat_params(&quiz, &prompt_text("quiz", 1));
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

/// Runs `cmd` (a kit's test command), with this build's `ulcas`; its output, asserted to pass.
fn passes(mut cmd: Command, what: &str) -> String {
    let out = cmd
        .env("ULCAS_BINARY", env!("CARGO_BIN_EXE_ulcas"))
        .env_remove("ULCAS_MODE")
        .env_remove("ULCAS_JOURNAL")
        .env_remove("ULCAS_STORES")
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{what} failed:\n{text}");
    text
}

/// The pytest kit's own tests, under pytest, with the official anthropic and openai SDKs.
#[test]
fn the_pytest_kit_passes_under_pytest() {
    let Some(python) = crate::serve_kit::python_with("pytest") else {
        return;
    };
    let mut cmd = Command::new(python);
    cmd.current_dir(Path::new(MANIFEST).join("kits/python"))
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"]);
    let said = passes(cmd, "the pytest kit's tests");
    assert!(said.contains(" passed"), "{said}");
}

/// The vitest kit's own tests, under vitest, with the official @anthropic-ai/sdk and openai
/// packages (installed from the lock file when missing).
#[test]
fn the_vitest_kit_passes_under_vitest() {
    let Some(npm) = crate::common::tool(
        "npm",
        "apt-get install npm",
        "the_vitest_kit_passes_under_vitest",
    ) else {
        return;
    };
    let kit = Path::new(MANIFEST).join("kits/typescript");
    if !kit.join("node_modules/vitest/package.json").is_file() {
        let mut install = Command::new(&npm);
        install
            .current_dir(&kit)
            .args(["ci", "--no-audit", "--no-fund", "--silent"]);
        passes(install, "npm ci in kits/typescript");
    }
    let mut cmd = Command::new("node");
    cmd.current_dir(&kit)
        .args(["node_modules/vitest/vitest.mjs", "run"])
        .env("NO_COLOR", "1");
    let said = passes(cmd, "the vitest kit's tests");
    assert!(said.contains("passed"), "{said}");
}
