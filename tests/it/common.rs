//! Running the `ulcas` binary from the integration tests.

// Each test module uses a part of this one.
#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

/// The crate root (where the sample store and fixtures are).
pub const MANIFEST: &str = env!("CARGO_MANIFEST_DIR");

/// The path of `p` under `tests/fixtures`, as an argument to give the binary.
pub fn fixture_path(p: &str) -> String {
    Path::new(MANIFEST)
        .join("tests/fixtures")
        .join(p)
        .to_str()
        .unwrap()
        .to_owned()
}

/// How one run of `ulcas` ended and what it printed.
pub struct Run {
    /// The exit code (-1 when killed by a signal).
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// Runs `ulcas ARGS` in `dir`.
pub fn ulcas_in(dir: &Path, args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_ulcas"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// Runs `ulcas ARGS` in the crate root.
pub fn ulcas(args: &[&str]) -> Run {
    ulcas_in(Path::new(MANIFEST), args)
}

/// Copies the tree `from` to `to` (folders and files).
pub fn copy_tree(from: &Path, to: &Path) {
    for e in walkdir::WalkDir::new(from)
        .into_iter()
        .filter_map(Result::ok)
    {
        let target = to.join(e.path().strip_prefix(from).unwrap());
        if e.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}

/// A copy of the sample store (`cassettes/`) with the fixtures' prompts (`prompts/`) and
/// schemas (`schemas/`) beside it, as a user's checkout has them.
pub fn sample_with_registry() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(MANIFEST);
    copy_tree(&root.join("cassettes"), &dir.path().join("cassettes"));
    copy_tree(
        &root.join("tests/fixtures/prompts"),
        &dir.path().join("prompts"),
    );
    copy_tree(
        &root.join("tests/fixtures/schemas"),
        &dir.path().join("schemas"),
    );
    dir
}

/// A schema change in `sample_with_registry`'s copy at `dir`: an optional `explanation` in
/// quiz's questions (every recorded answer still fits). Returns the new schema.
pub fn widen_quiz_schema(dir: &Path) -> serde_json::Value {
    let file = dir.join("schemas/outputs/quiz.json");
    let mut schema: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    schema["properties"]["questions"]["items"]["properties"]["explanation"] =
        serde_json::json!({"type": "string"});
    std::fs::write(&file, serde_json::to_string_pretty(&schema).unwrap()).unwrap();
    schema
}

/// A prompt bump: `<task_prompts>/v2.md`, the v1 prompt with `version: 2` and `extra` text
/// appended to its body.
pub fn bump_prompt(task_prompts: &Path, extra: &str) {
    let v1 = std::fs::read_to_string(task_prompts.join("v1.md")).unwrap();
    std::fs::write(
        task_prompts.join("v2.md"),
        v1.replace("version: 1", "version: 2") + extra,
    )
    .unwrap();
}

/// The JSON Lines events of a run's stdout.
pub fn events(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The events of `kind` (`"type"`) among `events`.
pub fn of_type<'a>(events: &'a [serde_json::Value], kind: &str) -> Vec<&'a serde_json::Value> {
    events.iter().filter(|e| e["type"] == kind).collect()
}

/// Whether `php` is installed. Without it a test says plainly that `what` was skipped; in CI
/// (`CI` set) a missing `php` is a failure.
pub fn php_available(what: &str) -> bool {
    tool("php", "apt-get install php-cli", what).is_some()
}

/// Whether headless `chromium` is installed (the same rules as [`php_available`]).
pub fn chromium_available(what: &str) -> bool {
    tool("chromium", "apt-get install chromium", what).is_some()
}

/// Whether the shell `name` (fish, zsh) is installed; see [`tool`].
pub fn shell_available(name: &str, what: &str) -> bool {
    tool(name, &format!("apt-get install {name}"), what).is_some()
}

/// The program `name`: from the CI's Python environment (`.ci/run` installs zizmor and
/// pre-commit into `target/ci-tools`), else the PATH, when `name --version` runs. Without it a
/// test says plainly that `what` was skipped (`install` says how to get it); in CI (`CI` set) a
/// missing tool is a failure, since `.ci/run` installs it.
pub fn tool(name: &str, install: &str, what: &str) -> Option<std::path::PathBuf> {
    let local = Path::new(MANIFEST).join("target/ci-tools/bin").join(name);
    let found = [local, std::path::PathBuf::from(name)]
        .into_iter()
        .find(|t| {
            Command::new(t)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        });
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{name} is not installed: CI must install it (.ci/run does) to run {what}"
        );
        skipped(&format!("{what}: {name} is not installed ({install})"));
    }
    found
}

/// The tests that did not run for want of a tool, with why: said when it happens and again, all
/// of them in one line, when the test binary ends (after libtest's summary, which counts them
/// as passed).
static SKIPPED: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// Notes that the running test did not run (`why`: what it needs); named at the end of the run.
pub fn skipped(why: &str) {
    use std::io::Write;
    static AT_EXIT: std::sync::Once = std::sync::Once::new();
    AT_EXIT.call_once(|| {
        unsafe extern "C" {
            fn atexit(f: extern "C" fn()) -> std::os::raw::c_int;
        }
        // SAFETY: registers a plain function with the C library, which calls it once at exit.
        unsafe { atexit(say_skipped) };
    });
    let test = std::thread::current().name().unwrap_or("a test").to_owned();
    // Straight to stderr, past the test harness's capture, so that it shows.
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {why}");
    let mut all = SKIPPED.lock().unwrap_or_else(|e| e.into_inner());
    all.push(format!("{test} ({why})"));
}

extern "C" fn say_skipped() {
    use std::io::Write;
    let all = SKIPPED.lock().unwrap_or_else(|e| e.into_inner());
    if !all.is_empty() {
        let _ = writeln!(
            std::io::stderr(),
            "\nSKIPPED {} of the tests above (counted as passed; README.md, \"Test tiers\", says what each needs): {}",
            all.len(),
            all.join("; ")
        );
    }
}

/// Runs a command line an output printed (`ulcas …`) in `shell` (`sh`, `bash`, `fish`, …) in
/// `dir`, as a user pastes it, with this build's binary for `ulcas`.
pub fn paste_in(shell: &str, dir: &Path, command: &str) -> std::process::Output {
    Command::new(shell)
        .current_dir(dir)
        .arg("-c")
        .arg(command.replacen("ulcas", env!("CARGO_BIN_EXE_ulcas"), 1))
        .output()
        .unwrap()
}

/// Opens the HTML page `page` in headless Chromium inside a driver page whose `script` runs
/// once it has loaded (`d` is the page's document; the script sets the text of the driver's
/// `#out`), and returns that text, as a person would read it.
pub fn drive_page(page: &str, script: &str) -> String {
    let pages = tempfile::tempdir().unwrap();
    std::fs::write(pages.path().join("review.html"), page).unwrap();
    std::fs::write(
        pages.path().join("drive.html"),
        format!(
            r#"<!doctype html><html><body><pre id="out">pending</pre>
<iframe id="f" src="review.html"></iframe>
<script>
document.getElementById('f').addEventListener('load', function(){{
  var d = this.contentDocument;
  var out = document.getElementById('out');
  {script}
}});
</script></body></html>"#
        ),
    )
    .unwrap();
    let out = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--allow-file-access-from-files",
            "--virtual-time-budget=5000",
            "--dump-dom",
        ])
        .arg(format!(
            "file://{}",
            pages.path().join("drive.html").display()
        ))
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&out.stdout);
    let start = dom.find("<pre id=\"out\">").expect("the driver page") + "<pre id=\"out\">".len();
    dom[start..][..dom[start..].find("</pre>").unwrap()]
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// Runs `ulcas ARGS` in `dir` with `stdin` on standard input and `env` set.
pub fn ulcas_with(dir: &Path, args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Run {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ulcas"))
        .current_dir(dir)
        .args(args)
        .envs(env.iter().copied())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// Base64 (standard alphabet, padded) for the PHP helpers' input.
pub fn base64_encode(bytes: &[u8]) -> String {
    const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(T[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The inverse of [`base64_encode`] (padding ignored).
pub fn base64_decode(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::new();
    let mut buf = 0u32;
    let mut bits = 0;
    for c in text.bytes().filter(|&c| c != b'=') {
        let v = ALPHABET.iter().position(|&a| a == c).expect("base64") as u32;
        buf = (buf << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buf >> bits) as u8);
        }
    }
    out
}

/// The files of the guide: the README, then every page of `docs/`, in name order.
pub fn guide_files() -> Vec<std::path::PathBuf> {
    let root = std::path::Path::new(MANIFEST);
    let mut pages: Vec<std::path::PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    std::iter::once(root.join("README.md"))
        .chain(pages)
        .collect()
}

/// The whole guide as one text (the README and `docs/`, each file whole).
pub fn guide() -> String {
    guide_files()
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

/// What a process printed: its standard output, then its standard error.
pub fn printed(out: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Copies the files git tracks in this repository (and the untracked ones it does not ignore),
/// those `keep` accepts by their relative path, into `to`: a clone as it would be committed.
pub fn copy_tracked(to: &Path, keep: impl Fn(&str) -> bool) {
    let files = Command::new("git")
        .current_dir(MANIFEST)
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .output()
        .unwrap();
    for rel in files.stdout.split(|&b| b == 0).filter(|r| !r.is_empty()) {
        let rel = std::str::from_utf8(rel).unwrap();
        let from = Path::new(MANIFEST).join(rel);
        if !from.is_file() || !keep(rel) {
            continue;
        }
        let target = to.join(rel);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::copy(&from, &target).unwrap();
    }
}

/// `git args` in this repository: its standard output, or `None` when it fails.
pub fn git(args: &[&str]) -> Option<String> {
    Command::new("git")
        .current_dir(MANIFEST)
        .args(args)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
}

/// Whether this repository is a git clone with its whole history (the pinned commits and the
/// releases are looked up in it).
pub fn full_clone() -> bool {
    git(&["rev-parse", "--is-shallow-repository"]).is_some_and(|o| o.trim() == "false")
}
