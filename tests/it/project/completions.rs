//! The checked-in completion scripts and man page are generated from the CLI; this fails when
//! they drift from it. Regenerate with `ULCAS_REGENERATE=1 cargo test --test it completions`.

use std::path::Path;

use crate::common;

fn generated(args: &[&str]) -> Vec<u8> {
    let run = common::ulcas(args);
    assert_eq!(run.code, 0, "ulcas {args:?} failed: {}", run.stderr);
    run.stdout.into_bytes()
}

fn check(file: &str, args: &[&str]) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("completions")
        .join(file);
    let fresh = generated(args);
    if std::env::var_os("ULCAS_REGENERATE").is_some() {
        std::fs::write(&path, &fresh).unwrap();
        return;
    }
    let stored = std::fs::read(&path).unwrap_or_default();
    assert!(
        stored == fresh,
        "completions/{file} is out of date: run `ULCAS_REGENERATE=1 cargo test --test it completions`"
    );
}

#[test]
fn bash() {
    check("ulcas.bash", &["completions", "bash"]);
}

#[test]
fn zsh() {
    check("_ulcas", &["completions", "zsh"]);
}

#[test]
fn fish() {
    check("ulcas.fish", &["completions", "fish"]);
}

#[test]
fn powershell() {
    check("_ulcas.ps1", &["completions", "powershell"]);
}

#[test]
fn elvish() {
    check("ulcas.elv", &["completions", "elvish"]);
}

#[test]
fn man_page() {
    check("ulcas.1", &["manpage"]);
}

/// One page per subcommand (`ulcas-verify.1`, …), as `man ulcas-verify` finds them.
#[test]
fn man_pages_per_subcommand() {
    for command in [
        "normalize",
        "hash",
        "record",
        "verify",
        "lookup",
        "diff",
        "prune",
        "backfill",
        "migrate",
        "review",
        "lock",
        "serve",
        "completions",
        "manpage",
    ] {
        check(&format!("ulcas-{command}.1"), &["manpage", command]);
    }
}

/// Every subcommand has its page (a new one cannot be forgotten here).
#[test]
fn every_subcommand_has_a_page() {
    let help = common::ulcas(&["--help"]).stdout;
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 12, "{help}");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("completions");
    for command in commands {
        assert!(
            dir.join(format!("ulcas-{command}.1")).is_file(),
            "completions/ulcas-{command}.1 is missing: add it to man_pages_per_subcommand"
        );
    }
}

/// The install lines of `docs/completions.md` work on a fresh home (no folder exists yet), as
/// written, from the top of a clone.
#[test]
fn the_install_lines_work_on_a_fresh_home() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/completions.md")).unwrap();
    let start = page.find("```sh\n").unwrap() + 6;
    let script = &page[start..start + page[start..].find("```").unwrap()];
    let home = tempfile::tempdir().unwrap();
    let out = std::process::Command::new("bash")
        .args(["-euo", "pipefail", "-c", script])
        .current_dir(root)
        .env("HOME", home.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for file in [
        ".local/share/bash-completion/completions/ulcas",
        ".zfunc/_ulcas",
        ".config/fish/completions/ulcas.fish",
        ".local/share/man/man1/ulcas.1",
        ".local/share/man/man1/ulcas-verify.1",
    ] {
        assert!(home.path().join(file).is_file(), "{file}");
    }
}
