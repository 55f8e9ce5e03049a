//! The console blocks of the guide (the README and every page of `docs/`) are tests: every `$ ulcas …` line runs in a workspace laid out
//! as the README says, and what it prints (stdout and stderr, in the order written) must be what
//! the block shows, so "every output below is real" stays true.
//!
//! A block runs in a fresh workspace made from the repository's own files: the sample store
//! (`cassettes/`), `tests/fixtures/`, the real stores (`tests/data/ulams/`) and the bad inputs
//! (`tests/cmd/bad/`) and the tour's inputs (`tests/readme/checkout/`: the dumps the tour
//! looks up, a `before/` store), each at its own path, so that the tour's commands run as
//! written from the top of a clone, with `ulcas` found on the PATH. A `<!-- readme-test: SETUP -->` comment before a block
//! adds `tests/readme/SETUP/` over that (a schema change, a prompt bump, a dump folder and its
//! `ulcas.toml`); `monorepo…` setups lay the real stores out as `api/packages/<package>/`
//! instead, and `rerecord…` setups commit the workspace to a fresh git repository. In an
//! expected output, a line `…` stands for any lines and `…` in a line for any
//! text. `ULCAS_README=overwrite cargo test --test it readme` writes the real output of every
//! block that differs into the README (check the diff: an elision is written out in full).

use std::path::Path;

use crate::common::{MANIFEST, copy_tree};

/// One console block of the README.
struct Block {
    /// Its setup (`checkout` when none is named).
    setup: String,
    /// The line of its opening fence.
    line: usize,
    /// Each command line and the output the README shows for it.
    steps: Vec<(String, String)>,
}

fn blocks(readme: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut setup = None;
    let mut lines = readme.lines().enumerate().peekable();
    while let Some((n, line)) = lines.next() {
        if let Some(s) = line
            .strip_prefix("<!-- readme-test: ")
            .and_then(|s| s.strip_suffix(" -->"))
        {
            setup = Some(s.trim().to_owned());
            continue;
        }
        if line != "```console" {
            continue;
        }
        let mut block = Block {
            setup: setup.take().unwrap_or_else(|| "checkout".to_owned()),
            line: n + 1,
            steps: Vec::new(),
        };
        for (_, line) in lines.by_ref() {
            if line.starts_with("```") {
                break;
            }
            if let Some(cmd) = line.strip_prefix("$ ") {
                block.steps.push((cmd.to_owned(), String::new()));
            } else if let Some(step) = block.steps.last_mut() {
                match step.0.strip_suffix('\\') {
                    // A command continued on the next line.
                    Some(head) if step.1.is_empty() && line.starts_with("    ") => {
                        step.0 = format!("{head} {}", line.trim());
                    }
                    _ => {
                        step.1.push_str(line);
                        step.1.push('\n');
                    }
                }
            }
        }
        out.push(block);
    }
    out
}

/// The words of a command line as a POSIX shell splits them (quotes, backslashes, `#`
/// comments): enough for the README's commands.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for c in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                    word.push(c);
                }
            }
            '"' => {
                in_word = true;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => word.extend(chars.next()),
                        c => word.push(c),
                    }
                }
            }
            '\\' => {
                in_word = true;
                word.extend(chars.next());
            }
            '#' if !in_word => break,
            c if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        out.push(word);
    }
    out
}

/// A fresh workspace for `setup`.
fn workspace(setup: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(MANIFEST);
    let ws = dir.path();
    if setup.starts_with("monorepo") {
        for package in ["course-builder", "living-course"] {
            copy_tree(
                &root.join("tests/data/ulams").join(package),
                &ws.join("api/packages").join(package),
            );
        }
    } else {
        // The repository's own files at their own paths: the tour runs as written from the
        // top of a clone (its inputs are in tests/readme/checkout/).
        for part in [
            "cassettes",
            "tests/fixtures",
            "tests/data/ulams",
            "tests/cmd/bad",
            "tests/readme/checkout",
        ] {
            copy_tree(&root.join(part), &ws.join(part));
        }
    }
    if setup != "checkout" {
        let overlay = root.join("tests/readme").join(setup);
        assert!(overlay.is_dir(), "no setup {setup:?} in tests/readme/");
        copy_tree(&overlay, ws);
    }
    if setup.starts_with("rerecord") {
        // A checkout whose recordings are committed: the re-record loop reviews against it.
        for args in [
            &["init", "-q"][..],
            &["add", "-A"],
            &["commit", "-qm", "recordings"],
        ] {
            let ok = std::process::Command::new("git")
                .current_dir(ws)
                .args(args)
                .env("GIT_AUTHOR_NAME", "readme")
                .env("GIT_AUTHOR_EMAIL", "readme@example.com")
                .env("GIT_COMMITTER_NAME", "readme")
                .env("GIT_COMMITTER_EMAIL", "readme@example.com")
                .status()
                .unwrap()
                .success();
            assert!(ok, "git {args:?}");
        }
    }
    dir
}

/// Every file of a workspace outside `target/`, with its bytes.
fn untouched(ws: &Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    crate::serve::tree(ws)
        .into_iter()
        .filter(|(p, _)| !p.starts_with(ws.join("target")))
        .collect()
}

/// What `ulcas ARGS` writes on stdout and stderr, in the order it writes it.
fn run(ws: &Path, args: &[String]) -> String {
    let log = ws.join(".readme-output");
    let file = std::fs::File::create(&log).unwrap();
    // `ulcas` found on the PATH, as the README's install step puts it there.
    let bin = Path::new(env!("CARGO_BIN_EXE_ulcas")).parent().unwrap();
    let path = std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    std::process::Command::new("ulcas")
        .current_dir(ws)
        .env("PATH", path)
        .args(args)
        .env_remove("GITHUB_WORKSPACE")
        .env_remove("GITHUB_STEP_SUMMARY")
        .stdin(std::process::Stdio::null())
        .stdout(file.try_clone().unwrap())
        .stderr(file)
        .status()
        .unwrap();
    let out = std::fs::read_to_string(&log).unwrap();
    std::fs::remove_file(&log).unwrap();
    out
}

/// Whether `got` is `expected`, where a line `…` stands for any lines and `…` in a line for
/// any text.
fn matches(expected: &str, got: &str) -> bool {
    let mut pattern = String::from("(?s)\\A");
    for line in expected.lines() {
        if line.trim() == "…" {
            pattern.push_str("(?:[^\\n]*\\n)*?");
            continue;
        }
        let parts: Vec<String> = line.split('…').map(regex::escape).collect();
        pattern.push_str(&parts.join("[^\\n]*"));
        pattern.push_str("\\n");
    }
    pattern.push_str("\\z");
    regex::Regex::new(&pattern)
        .map(|re| re.is_match(got))
        .unwrap_or(false)
}

#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn every_console_block_of_the_guide_is_real() {
    let overwrite = std::env::var("ULCAS_README").is_ok_and(|v| v == "overwrite");
    let mut failures = Vec::new();
    let mut count = 0;
    for path in crate::common::guide_files() {
        let name = path.strip_prefix(MANIFEST).unwrap().display().to_string();
        let mut text = std::fs::read_to_string(&path).unwrap();
        let mut rewrites = Vec::new();
        let all = blocks(&text);
        count += all.len();
        for block in &all {
            let ws = workspace(&block.setup);
            let before = untouched(ws.path());
            for (cmd, expected) in &block.steps {
                let args = words(cmd);
                assert_eq!(args[0], "ulcas", "{name} line {}: {cmd}", block.line);
                let got = run(ws.path(), &args[1..]);
                if matches(expected, &got) {
                    continue;
                }
                if overwrite && !expected.is_empty() {
                    rewrites.push((format!("$ {cmd}\n{expected}"), format!("$ {cmd}\n{got}")));
                    continue;
                }
                failures.push(format!(
                    "{name} line {} ({}): $ {cmd}\n--- the guide shows\n{expected}--- ulcas prints\n{got}",
                    block.line, block.setup
                ));
            }
            // The tour runs in your clone: it leaves it as it found it (target/ is ignored).
            if block.setup == "checkout" && untouched(ws.path()) != before {
                failures.push(format!(
                    "{name} line {}: the block changes the clone outside target/",
                    block.line
                ));
            }
        }
        if overwrite && !rewrites.is_empty() {
            for (old, new) in rewrites {
                text = text.replacen(&old, &new, 1);
            }
            std::fs::write(&path, text).unwrap();
        }
    }
    assert!(count >= 20, "{count} console blocks");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn the_harness_reads_what_the_readme_writes() {
    assert_eq!(
        words(r#"ulcas lookup x.json --mode "a b" 'c d' e\ f    # a comment"#),
        ["ulcas", "lookup", "x.json", "--mode", "a b", "c d", "e f"]
    );
    assert!(matches("a\n…\nd\n", "a\nb\nc\nd\n"));
    assert!(matches("x … z\n", "x yy z\n"));
    assert!(!matches("a\nd\n", "a\nb\nd\n"));
    let b = blocks(
        "<!-- readme-test: loop -->\n```console\n$ ulcas a \\\n    b\nout\n$ ulcas c\n```\n",
    );
    assert_eq!(b[0].setup, "loop");
    assert_eq!(
        b[0].steps,
        [
            ("ulcas a  b".to_owned(), "out\n".to_owned()),
            ("ulcas c".to_owned(), String::new())
        ]
    );
}

/// The README is read in ten minutes: at most 500 lines, with what a newcomer needs to gate a
/// repository and run `serve` in them, and every page of the guide linked from it.
#[test]
#[ignore = "second tier (README.md, \"Test tiers\"): cargo test --test it -- --ignored project::"]
fn the_readme_is_short_and_links_the_guide() {
    let readme = std::fs::read_to_string(Path::new(MANIFEST).join("README.md")).unwrap();
    assert!(
        readme.lines().count() <= 500,
        "{} lines",
        readme.lines().count()
    );
    for section in [
        "## Install",
        "## Two commands",
        "## Use it in your repository",
        "### The CI job and the hook",
        "## Point your app at ulcas",
        "## Tour",
    ] {
        assert!(readme.contains(&format!("\n{section}\n")), "{section}");
    }
    for page in crate::common::guide_files().iter().skip(1) {
        let name = page.strip_prefix(MANIFEST).unwrap().display().to_string();
        assert!(
            readme.contains(&format!("({name})")),
            "the README links no {name}"
        );
    }
}
