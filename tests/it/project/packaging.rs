//! Installing without Rust, tried here as a user would on this machine's platform: the wheel
//! (maturin) in a fresh virtual environment, the npm packages (`npm pack`) in a fresh folder,
//! and the Action's install script against a local release server (docs/releasing.md).

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::common::MANIFEST;
use crate::serve::kit::{Server, params, post, prompt_text, workspace};

fn cargo_version() -> String {
    let manifest = std::fs::read_to_string(Path::new(MANIFEST).join("Cargo.toml")).unwrap();
    let table: toml::Table = manifest.parse().unwrap();
    table["package"]["version"].as_str().unwrap().to_owned()
}

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    let text = crate::common::printed(&out);
    assert!(out.status.success(), "{cmd:?} failed:\n{text}");
    text
}

/// A served binary answers a hit of the sample store.
fn serves_a_hit(binary: &Path) {
    let (ws, _) = workspace();
    let quiz =
        ulcas::request::Request::from_file(&ws.path().join("fixtures/requests/quiz.json")).unwrap();
    let server = Server::start_binary(
        binary,
        ws.path(),
        &["cassettes", "--prompts", "fixtures/prompts"],
    );
    let body = params(&quiz, &prompt_text("quiz", 1)).to_string();
    let (status, text) = post(&server.url, body.as_bytes(), &[]);
    assert_eq!(status, 200, "{text}");
    assert!(text.contains("\"type\":\"message\""), "{text}");
    server.stop();
}

/// The wheel, built by maturin from `packaging/pypi` and installed into a fresh virtual
/// environment: `ulcas` and `python -m ulcas` run the binary, which serves.
#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn the_wheel_installs_into_a_fresh_environment_and_serves() {
    let Some(maturin) = crate::common::tool(
        "maturin",
        "pip install maturin",
        "the_wheel_installs_into_a_fresh_environment_and_serves",
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let wheels = dir.path().join("wheels");
    // The debug profile (a release build is the release workflow's), in a target folder of its
    // own: maturin's build relinks the binary, and the other tests run target/debug/ulcas
    // meanwhile.
    run(Command::new(&maturin)
        .current_dir(Path::new(MANIFEST).join("packaging/pypi"))
        .args(["build", "--profile", "dev", "--locked", "--out"])
        .arg(&wheels)
        .env(
            "CARGO_TARGET_DIR",
            Path::new(MANIFEST).join("target/wheel-build"),
        ));
    let wheel: PathBuf = std::fs::read_dir(&wheels)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .expect("a wheel");
    let name = wheel.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with("ulcas-"), "{name}");
    let venv = dir.path().join("venv");
    run(Command::new("python3").arg("-m").arg("venv").arg(&venv));
    run(Command::new(venv.join("bin/pip"))
        .args([
            "install",
            "--no-index",
            "--disable-pip-version-check",
            "--quiet",
        ])
        .arg(&wheel));
    let binary = venv.join("bin/ulcas");
    let version = run(Command::new(&binary).arg("--version"));
    assert_eq!(version.trim(), format!("ulcas {}", cargo_version()));
    let by_module = run(Command::new(venv.join("bin/python")).args(["-m", "ulcas", "--version"]));
    assert_eq!(by_module, version);
    let found = run(Command::new(venv.join("bin/python"))
        .args(["-c", "import ulcas; print(ulcas.find_ulcas_bin())"]));
    assert_eq!(Path::new(found.trim()), binary);
    serves_a_hit(&binary);
}

/// The npm launcher and this platform's package, made with `npm pack` and installed offline
/// into a fresh folder (the other platforms' packages are optional: npm skips them).
#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn the_npm_packages_install_into_a_fresh_folder_and_run() {
    let platform = match (std::env::consts::OS, std::env::consts::ARCH) {
        ("linux", "x86_64") => "linux-x64",
        ("linux", "aarch64") => "linux-arm64",
        _ => return crate::serve::kit::skipped("npm packages: not a Linux machine"),
    };
    let Some(npm) = crate::common::tool(
        "npm",
        "apt-get install npm",
        "the_npm_packages_install_into_a_fresh_folder_and_run",
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (src, tgz, app) = (
        dir.path().join("src"),
        dir.path().join("tgz"),
        dir.path().join("app"),
    );
    for d in [&tgz, &app] {
        std::fs::create_dir_all(d).unwrap();
    }
    run(Command::new("node")
        .arg(Path::new(MANIFEST).join("packaging/npm/platform.mjs"))
        .arg("--binary")
        .arg(env!("CARGO_BIN_EXE_ulcas"))
        .args(["--platform", platform, "--out"])
        .arg(&src));
    let cache = dir.path().join("npm-cache");
    let npm_in = |cwd: &Path| {
        let mut c = Command::new(&npm);
        c.current_dir(cwd)
            .env("npm_config_cache", &cache)
            .env("npm_config_update_notifier", "false");
        c
    };
    run(npm_in(&src.join(platform))
        .args(["pack", "--silent", "--pack-destination"])
        .arg(&tgz));
    run(npm_in(&Path::new(MANIFEST).join("packaging/npm/ulcas"))
        .args(["pack", "--silent", "--pack-destination"])
        .arg(&tgz));
    let version = cargo_version();
    let launcher = tgz.join(format!("ulcas-{version}.tgz"));
    let binary = tgz.join(format!("ulcas-{platform}-{version}.tgz"));
    assert!(
        launcher.is_file() && binary.is_file(),
        "{:?}",
        tgz.read_dir().unwrap().collect::<Vec<_>>()
    );
    std::fs::write(
        app.join("package.json"),
        "{\"name\": \"app\", \"private\": true}\n",
    )
    .unwrap();
    run(npm_in(&app)
        .args([
            "install",
            "--offline",
            "--no-audit",
            "--no-fund",
            "--save-dev",
        ])
        .arg(&binary)
        .arg(&launcher));
    let said = run(npm_in(&app).args(["exec", "--offline", "--", "ulcas", "--version"]));
    assert_eq!(said.trim(), format!("ulcas {version}"));
    let path = run(Command::new("node")
        .current_dir(&app)
        .args(["-e", "process.stdout.write(require('ulcas').binaryPath())"]));
    assert!(
        path.ends_with(&format!("node_modules/@ulcas/{platform}/bin/ulcas")),
        "{path}"
    );
    // The launcher passes the exit code through.
    let bad = npm_in(&app)
        .args([
            "exec",
            "--offline",
            "--",
            "ulcas",
            "verify",
            "no-such-store",
        ])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2), "{bad:?}");
}

/// A release server on 127.0.0.1 for the Action's install script: files from `root`, each GET
/// counted.
struct Releases {
    url: String,
    gets: Arc<AtomicUsize>,
}

fn serve_releases(root: PathBuf) -> Releases {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let gets = Arc::new(AtomicUsize::new(0));
    let counted = gets.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut first = String::new();
            if reader.read_line(&mut first).is_err() {
                continue;
            }
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                    break;
                }
            }
            counted.fetch_add(1, Ordering::SeqCst);
            let path = first.split_whitespace().nth(1).unwrap_or("/").to_owned();
            let file = root.join(path.trim_start_matches('/'));
            let reply = match std::fs::read(&file) {
                Ok(body) if !path.contains("..") => {
                    let mut r = format!(
                        "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                        body.len()
                    )
                    .into_bytes();
                    r.extend(body);
                    r
                }
                _ => b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                    .to_vec(),
            };
            let _ = stream.write_all(&reply);
        }
    });
    Releases { url, gets }
}

/// Runs the Action's install script as the Action does; its exit, output and GITHUB_OUTPUT.
fn install(releases: &Releases, version: &str, home: &Path) -> (bool, String, String) {
    let arch = match std::env::consts::ARCH {
        "aarch64" => "ARM64",
        _ => "X64",
    };
    let (path_file, output_file) = (home.join("github-path"), home.join("github-output"));
    let _ = std::fs::remove_file(&output_file);
    let out = Command::new("bash")
        .arg(Path::new(MANIFEST).join("packaging/action/install.sh"))
        .env("ULCAS_VERSION", version)
        .env("ULCAS_DOWNLOAD_URL", &releases.url)
        .env("ULCAS_CACHE_DIR", home.join("cache"))
        .env("RUNNER_OS", "Linux")
        .env("RUNNER_ARCH", arch)
        .env("GITHUB_PATH", &path_file)
        .env("GITHUB_OUTPUT", &output_file)
        .output()
        .unwrap();
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
        std::fs::read_to_string(&output_file).unwrap_or_default(),
    )
}

/// Packs this build as release `version` of this machine's target into `root/v<version>/`.
fn pack_release(root: &Path, version: &str) -> PathBuf {
    let target = match std::env::consts::ARCH {
        "aarch64" => "aarch64-unknown-linux-musl",
        _ => "x86_64-unknown-linux-musl",
    };
    let out = root.join(format!("v{version}"));
    std::fs::create_dir_all(&out).unwrap();
    let archive = run(Command::new("bash")
        .arg(Path::new(MANIFEST).join("packaging/archive.sh"))
        .arg(target)
        .arg(env!("CARGO_BIN_EXE_ulcas"))
        .arg(&out)
        .env("ARCHIVE_VERSION", version));
    PathBuf::from(archive.trim())
}

#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn the_action_installs_a_checked_archive_and_takes_it_from_its_cache_next_time() {
    if std::env::consts::OS != "linux" {
        return crate::serve::kit::skipped("the Action's install script: not a Linux machine");
    }
    let releases_dir = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let archive = pack_release(releases_dir.path(), "9.9.9");
    let listing = run(Command::new("tar").arg("-tzf").arg(&archive));
    for member in [
        "/ulcas",
        "/README.md",
        "/LICENSE",
        "/CHANGELOG.md",
        "/completions/ulcas.1",
    ] {
        assert!(
            listing.contains("ulcas-9.9.9-") && listing.contains(member),
            "{listing}"
        );
    }
    let releases = serve_releases(releases_dir.path().to_path_buf());

    // First run: the archive and its sha256 fetched, checked, unpacked into the cache.
    let (ok, said, outputs) = install(&releases, "v9.9.9", home.path());
    assert!(ok, "{said}");
    assert_eq!(releases.gets.load(Ordering::SeqCst), 2, "{said}");
    assert!(outputs.contains("cache-hit=false"), "{outputs}");
    let folder = outputs
        .lines()
        .find_map(|l| l.strip_prefix("path="))
        .expect("the path output")
        .to_owned();
    let on_path = std::fs::read_to_string(home.path().join("github-path")).unwrap();
    assert_eq!(on_path.trim(), folder);
    let version = run(Command::new(Path::new(&folder).join("ulcas")).arg("--version"));
    assert!(version.starts_with("ulcas "), "{version}");

    // Second run: from the cache, checked against the release's sha256 (one small request).
    let (ok, said, outputs) = install(&releases, "9.9.9", home.path());
    assert!(ok, "{said}");
    assert!(outputs.contains("cache-hit=true"), "{outputs}");
    assert_eq!(releases.gets.load(Ordering::SeqCst), 3, "{said}");

    // A cache whose binary was swapped (a poisoned restore): refused, never run.
    let cached = Path::new(&folder).join("ulcas");
    let real = std::fs::read(&cached).unwrap();
    std::fs::write(&cached, b"#!/bin/sh\necho ulcas 9.9.9\n").unwrap();
    let (ok, said, _) = install(&releases, "9.9.9", home.path());
    assert!(!ok, "{said}");
    assert!(said.contains("is not the binary"), "{said}");
    std::fs::write(&cached, real).unwrap();
    let (ok, said, _) = install(&releases, "9.9.9", home.path());
    assert!(ok, "{said}");

    // An archive that is not the one its sha256 names: refused, nothing installed.
    let tampered = pack_release(releases_dir.path(), "9.9.8");
    let mut bytes = std::fs::read(&tampered).unwrap();
    bytes.extend_from_slice(b"\0");
    std::fs::write(&tampered, bytes).unwrap();
    let (ok, said, _) = install(&releases, "9.9.8", home.path());
    assert!(!ok, "{said}");
    assert!(
        said.contains("sha256") && said.contains("not installed"),
        "{said}"
    );
    assert!(!home.path().join("cache/9.9.8").exists(), "{said}");

    // A version with no release, and a development version: each a clear error.
    let (ok, said, _) = install(&releases, "9.9.7", home.path());
    assert!(!ok && said.contains("could not download"), "{said}");
    let (ok, said, _) = install(&releases, "0.4.0-dev", home.path());
    assert!(!ok && said.contains("development version"), "{said}");
}
