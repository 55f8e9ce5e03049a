//! A new team's path, as each kit page writes it (issue 67): the kit installed the way the page
//! says, from a CI checkout with no clone of this repository (pip from a git URL's subfolder,
//! composer from a package of git, npm from the package the release publishes), then the page's
//! example run to a green replay; and the release a page names has every route and header the
//! kit it installs uses.

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;

use regex::Regex;

use crate::common::MANIFEST;
use crate::project::kits::{doc_files, marked_blocks, passes, project_of, vitest_kit};

const DOC_SUMMARY: &str = "ulcas: 2 hits, 0 misses, 0 synthetic, 1 fault (journal: ";
const PAGES: [&str; 3] = ["kit-pytest.md", "kit-vitest.md", "kit-phpunit.md"];

use crate::common::git;

fn page(name: &str) -> String {
    std::fs::read_to_string(Path::new(MANIFEST).join("docs").join(name)).unwrap()
}

fn first(re: &str, text: &str) -> Option<String> {
    Regex::new(re)
        .unwrap()
        .captures(text)
        .map(|c| c[1].to_owned())
}

/// The binary release a page installs (`pip install ulcas==X`, `npm … ulcas@X`).
fn binary_release(text: &str) -> String {
    first(r"pip install ulcas==([0-9][0-9A-Za-z.-]*[0-9])", text)
        .or_else(|| {
            first(
                r"npm install --save-dev ulcas@([0-9][0-9A-Za-z.-]*[0-9])",
                text,
            )
        })
        .expect("the page names the binary's release")
}

/// The commit "Release X" (tags do not travel; the release is its commit).
fn release_commit(version: &str) -> Option<String> {
    let found = git(&["log", "--format=%H", &format!("--grep=^Release {version}$")])?;
    found.lines().next().map(str::to_owned)
}

/// The commit whose kit a page installs: the one it pins (pip, composer), else the release of
/// the npm package it names.
fn kit_commit(text: &str) -> String {
    let pinned = first(
        r"github\.com/ulcas/ulcas@([0-9a-f]{40})#subdirectory=kits/",
        text,
    )
    .or_else(|| first(r#""reference": "([0-9a-f]{40})""#, text));
    pinned.unwrap_or_else(|| {
        let version = first(r"@ulcas/test-kit@([0-9][0-9A-Za-z.-]*[0-9])", text)
            .expect("the page installs the kit from a commit or the npm registry");
        release_commit(&version)
            .unwrap_or_else(|| panic!("the page installs @ulcas/test-kit@{version}, which no commit \"Release {version}\" is"))
    })
}

/// The routes (`/_ulcas/…`) and headers (`x-ulcas-…`) named in the files under `folder` at
/// `commit`.
fn wire_words(commit: &str, folder: &str) -> BTreeSet<String> {
    let words = Regex::new(r"/_ulcas/[a-z][a-z_-]*|x-ulcas-[a-z][a-z-]*").unwrap();
    let listed = git(&["ls-tree", "-r", "--name-only", commit, "--", folder]).unwrap_or_default();
    let mut found = BTreeSet::new();
    for file in listed.lines() {
        let text = git(&["show", &format!("{commit}:{file}")]).unwrap_or_default();
        found.extend(words.find_iter(&text).map(|m| m.as_str().to_owned()));
    }
    found
}

/// Each kit page names a binary release that has every route and header of the kit it
/// installs: a kit newer than its binary fails with opaque errors (a 404, "cannot read the
/// journal"), as the kits of `main` did with release 0.3.0.
#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn each_kit_pages_release_has_every_route_and_header_its_kit_uses() {
    if !crate::common::full_clone() {
        return crate::serve::kit::skipped("the kits' releases: not a full git clone");
    }
    for (name, kit) in PAGES
        .iter()
        .zip(["kits/python", "kits/typescript", "kits/php"])
    {
        let text = page(name);
        let version = binary_release(&text);
        let release = release_commit(&version).unwrap_or_else(|| {
            panic!("{name} names release {version}, which no commit \"Release {version}\" in the history is")
        });
        let kit_at = kit_commit(&text);
        let uses = wire_words(&kit_at, &format!("{kit}/src"));
        assert!(
            !uses.is_empty(),
            "{name}: the kit at {kit_at} has no {kit}/src (not a kit's commit?)"
        );
        let has = wire_words(&release, "src");
        let missing: Vec<&String> = uses.difference(&has).collect();
        assert!(
            missing.is_empty(),
            "{name} installs ulcas {version}, which lacks what its kit (at {kit_at}) uses: {missing:?}"
        );
    }
}

/// This repository as a remote a CI job clones: a bare clone served over plain HTTP on
/// 127.0.0.1 (git's "dumb" protocol: files), as `https://github.com/ulcas/ulcas` serves it.
struct Remote {
    _dir: tempfile::TempDir,
    bare: PathBuf,
    url: String,
}

fn remote() -> Remote {
    let dir = tempfile::tempdir().unwrap();
    let bare = dir.path().join("ulcas.git");
    let clone = Command::new("git")
        .args(["clone", "-q", "--bare", MANIFEST])
        .arg(&bare)
        .status()
        .unwrap();
    assert!(clone.success());
    let info = Command::new("git")
        .current_dir(&bare)
        .args(["update-server-info"])
        .status()
        .unwrap();
    assert!(info.success());
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/ulcas.git", listener.local_addr().unwrap());
    let root = dir.path().to_path_buf();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            let mut head = [0u8; 4096];
            let n = stream.read(&mut head).unwrap_or(0);
            let line = String::from_utf8_lossy(&head[..n]).into_owned();
            let path = line.split_whitespace().nth(1).unwrap_or("/").to_owned();
            let path = path.split('?').next().unwrap_or("").trim_start_matches('/');
            let file = root.join(path);
            let _ = match std::fs::read(&file).ok().filter(|_| !path.contains("..")) {
                Some(body) => stream
                    .write_all(
                        format!(
                            "HTTP/1.1 200 OK\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                            body.len()
                        )
                        .as_bytes(),
                    )
                    .and_then(|()| stream.write_all(&body)),
                None => stream.write_all(
                    b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n",
                ),
            };
        }
    });
    Remote {
        _dir: dir,
        bare,
        url,
    }
}

/// The page's install line for pip, with the repository's address made this remote's.
fn pip_line(text: &str, remote: &Remote) -> String {
    let requirement = first(
        r#""(pytest-ulcas @ git\+https://github\.com/ulcas/ulcas@[^"]+)""#,
        text,
    )
    .expect("docs/kit-pytest.md installs the kit from a git URL");
    requirement.replace("https://github.com/ulcas/ulcas", &remote.url)
}

/// The pytest page: `pip install` of its kit's requirement (the plugin found by its entry
/// point, as pip installs it), then `pytest`; then its path from an empty folder.
fn pytest_page(remote: &Remote) {
    let Some(python) = crate::serve::kit::python_with("pytest") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    // Into a folder of its own (the SDKs and pytest are the environment's already).
    let site = dir.path().join("site");
    let mut pip = Command::new(&python);
    pip.args([
        "-m",
        "pip",
        "install",
        "-q",
        "--disable-pip-version-check",
        "--no-deps",
        "--target",
    ])
    .arg(&site)
    .arg(pip_line(&page("kit-pytest.md"), remote));
    passes(pip, "docs/kit-pytest.md's pip install");
    let project = dir.path().join("project");
    project_of(&project, "kit-pytest.md");
    let mut cmd = Command::new(&python);
    cmd.current_dir(&project)
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .env("PYTHONPATH", &site)
        .env_remove("PYTEST_PLUGINS")
        .env_remove("PYTEST_DISABLE_PLUGIN_AUTOLOAD");
    let said = passes(cmd, "docs/kit-pytest.md's start");
    assert!(
        said.contains("2 passed") && said.contains(DOC_SUMMARY),
        "{said}"
    );
    let verify = crate::common::ulcas_in(
        &project,
        &["verify", "--requests", ".ulcas/journal/requests"],
    );
    assert_eq!(verify.code, 0, "{}{}", verify.stdout, verify.stderr);
    let empty = dir.path().join("empty");
    empty_folder("kit-pytest.md", &empty, &|| {
        let mut cmd = Command::new(&python);
        cmd.args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
            .env("PYTHONPATH", &site)
            .env_remove("PYTEST_PLUGINS")
            .env_remove("PYTEST_DISABLE_PLUGIN_AUTOLOAD");
        cmd
    });
}

/// A page's path from an empty folder (its section "An app with its prompts in code"): the
/// files it shows written into `dir` (which holds the kit's install already, if any), then each
/// line of its run block, the test command made by `runner` (the record run against a stand-in
/// for the real API: a synthetic `ulcas serve`); the recording, then a green offline replay.
fn empty_folder(page_name: &str, dir: &Path, runner: &dyn Fn() -> Command) {
    std::fs::create_dir_all(dir).unwrap();
    let text = page(page_name);
    for (name, body) in marked_blocks(&text, "<!-- empty-folder-file: ") {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, body).unwrap();
    }
    let (_, run) = marked_blocks(&text, "<!-- empty-folder-run")
        .pop()
        .expect("a run block");
    let upstream_dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(upstream_dir.path().join("empty")).unwrap();
    let upstream =
        crate::serve::Server::start(upstream_dir.path(), &["empty", "--mode", "synthetic"]);
    let mut ran = Vec::new();
    for line in run.lines() {
        let line = line.split("   #").next().unwrap_or("").trim();
        if line == "mkdir cassettes" {
            std::fs::create_dir(dir.join("cassettes")).unwrap();
            continue;
        }
        let mut cmd = runner();
        cmd.current_dir(dir)
            .env("ULCAS_BINARY", env!("CARGO_BIN_EXE_ulcas"))
            .env_remove("ULCAS_MODE")
            .env_remove("ULCAS_JOURNAL")
            .env_remove("ULCAS_STORES");
        let record = "ULCAS_MODE=record ULCAS_UPSTREAM=https://api.anthropic.com ";
        if line.starts_with(record) {
            cmd.env("ULCAS_MODE", "record")
                .env("ULCAS_UPSTREAM", &upstream.url);
        }
        let out = cmd.output().unwrap();
        let said = crate::common::printed(&out);
        assert!(
            out.status.success(),
            "{page_name}: `{line}` failed:\n{said}"
        );
        ran.push(said);
    }
    upstream.stop();
    assert_eq!(
        ran.len(),
        2,
        "{page_name}: a record run, then an offline one"
    );
    let recorded: Vec<PathBuf> = walkdir::WalkDir::new(dir.join("cassettes"))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .collect();
    assert_eq!(recorded.len(), 1, "{page_name}: {recorded:?}\n{}", ran[0]);
    assert!(
        recorded[0].starts_with(dir.join("cassettes/you-are-a-kind-baking-tutor/v1")),
        "{recorded:?}"
    );
    assert!(
        ran[1].contains("ulcas: 1 hit, 0 misses"),
        "{page_name}: {}",
        ran[1]
    );
}

/// The vitest page: the kit as npm packs it at the release the page names, installed into the
/// project from that package (the registry's copy of it), then `vitest run`.
fn vitest_page() {
    let Some(kit) = vitest_kit() else { return };
    let text = page("kit-vitest.md");
    let commit = kit_commit(&text);
    std::fs::create_dir_all(kit.join(".tmp")).unwrap();
    let dir = tempfile::tempdir_in(kit.join(".tmp")).unwrap();
    let source = dir.path().join("source");
    std::fs::create_dir_all(&source).unwrap();
    let archive = Command::new("git")
        .current_dir(MANIFEST)
        .args(["archive", "--format=tar", &commit, "kits/typescript"])
        .output()
        .unwrap();
    assert!(
        archive.status.success(),
        "docs/kit-vitest.md installs the kit of commit {commit}, which has no kits/typescript"
    );
    let mut untar = Command::new("tar")
        .current_dir(&source)
        .arg("-x")
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    untar
        .stdin
        .take()
        .unwrap()
        .write_all(&archive.stdout)
        .unwrap();
    assert!(untar.wait().unwrap().success());
    let mut pack = Command::new("npm");
    pack.current_dir(source.join("kits/typescript"))
        .args(["pack", "--silent", "--pack-destination"])
        .arg(dir.path());
    let packed = passes(pack, "npm pack of the kit");
    let tarball = dir.path().join(packed.lines().last().unwrap_or("").trim());
    let project = dir.path().join("project");
    project_of(&project, "kit-vitest.md");
    npm_install(&project, &tarball);
    let mut cmd = Command::new("node");
    cmd.current_dir(&project)
        .arg(kit.join("node_modules/vitest/vitest.mjs"))
        .arg("run")
        .env("NO_COLOR", "1");
    let said = passes(cmd, "docs/kit-vitest.md's start");
    assert!(
        said.contains("2 passed") && said.contains(DOC_SUMMARY),
        "{said}"
    );
    let empty = dir.path().join("empty");
    npm_install(&empty, &tarball);
    let vitest = kit.join("node_modules/vitest/vitest.mjs");
    empty_folder("kit-vitest.md", &empty, &|| {
        let mut cmd = Command::new("node");
        cmd.arg(&vitest).arg("run").env("NO_COLOR", "1");
        cmd
    });
}

/// The kit's package `tarball` installed into the project `dir` (made when missing) as npm
/// installs it from the registry: a dev dependency of its `package.json`.
fn npm_install(dir: &Path, tarball: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("package.json"), "{\"private\": true}\n").unwrap();
    let mut install = Command::new("npm");
    install
        .current_dir(dir)
        .args([
            "install",
            "--save-dev",
            "--offline",
            "--no-audit",
            "--no-fund",
            "--silent",
        ])
        .arg(tarball);
    passes(install, "npm install of the kit's package");
}

/// `composer install` in `dir` (its `composer.json`), with a composer home of its own.
fn composer_install(composer: &Path, dir: &Path, home: &Path) {
    let mut install = Command::new(composer);
    install
        .current_dir(dir)
        .args(["install", "--no-interaction", "--no-progress", "--quiet"])
        .env("COMPOSER_HOME", home)
        .env("COMPOSER_ALLOW_SUPERUSER", "1");
    passes(install, "composer install");
}

/// The PHPUnit page: its `composer.json` as written (the repository's address made this
/// remote's), `composer install`, then `phpunit`.
fn phpunit_page(remote: &Remote) {
    let Some(phpunit) =
        crate::common::tool("phpunit", "apt-get install phpunit", "the PHPUnit kit page")
    else {
        return;
    };
    let Some(composer) = crate::common::tool(
        "composer",
        "apt-get install composer",
        "the PHPUnit kit page's install",
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("project");
    project_of(&project, "kit-phpunit.md");
    let written = std::fs::read_to_string(project.join("composer.json")).unwrap();
    let mut manifest: serde_json::Value = serde_json::from_str(&written.replace(
        "https://github.com/ulcas/ulcas.git",
        &format!("file://{}", remote.bare.display()),
    ))
    .unwrap();
    // The SDK the team's project has (composer would install it from Packagist).
    let boot = std::env::var_os("ULCAS_PHP_SDK_BOOT")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(MANIFEST).join("tests/php/sdk-boot.php"));
    manifest["autoload"] = serde_json::json!({"files": [boot]});
    std::fs::write(project.join("composer.json"), manifest.to_string()).unwrap();
    let home = dir.path().join("composer-home");
    composer_install(&composer, &project, &home);
    let mut cmd = Command::new(&phpunit);
    cmd.current_dir(&project);
    let said = passes(cmd, "docs/kit-phpunit.md's start");
    assert!(
        said.contains("OK (2 tests") && said.contains(DOC_SUMMARY),
        "{said}"
    );
    // From an empty folder: the kit installed as above (composer.json, phpunit.xml).
    let empty = dir.path().join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    for file in ["composer.json", "phpunit.xml"] {
        std::fs::copy(project.join(file), empty.join(file)).unwrap();
    }
    composer_install(&composer, &empty, &home);
    empty_folder("kit-phpunit.md", &empty, &|| Command::new(&phpunit));
}

/// Each kit page's start, run as written: the kit installed as the page says (from this
/// repository as a remote, or from the package npm publishes), the page's files, a green run.
#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn each_kit_pages_start_runs_as_written_from_its_install_line() {
    if !crate::common::full_clone() {
        return crate::serve::kit::skipped("the kit pages' installs: not a full git clone");
    }
    assert!(!doc_files("kit-pytest.md").is_empty());
    let remote = remote();
    pytest_page(&remote);
    vitest_page();
    phpunit_page(&remote);
}
