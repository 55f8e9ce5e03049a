//! A release a team can pin: the version in `Cargo.toml`, the top entry of `CHANGELOG.md` and
//! every pin the guide hands out (`cargo install --tag`, the workflows' `ULCAS_VERSION`,
//! pre-commit's `rev:`) name one release, and no pin names a bare commit.

use crate::common::MANIFEST;

fn version() -> String {
    let manifest =
        std::fs::read_to_string(std::path::Path::new(MANIFEST).join("Cargo.toml")).unwrap();
    let table: toml::Table = manifest.parse().unwrap();
    table["package"]["version"].as_str().unwrap().to_owned()
}

#[test]
fn every_pin_the_changelog_and_cargo_toml_agree() {
    let version = version();
    assert_eq!(version, env!("CARGO_PKG_VERSION"));
    let tag = format!("v{version}");
    let changelog =
        std::fs::read_to_string(std::path::Path::new(MANIFEST).join("CHANGELOG.md")).unwrap();
    let top = changelog
        .lines()
        .find(|l| l.starts_with("## [") && !l.starts_with("## [Unreleased]"))
        .expect("a released entry in CHANGELOG.md");
    assert!(
        top.starts_with(&format!("## [{version}] - ")),
        "the changelog's top entry is {top:?}, Cargo.toml says {version}"
    );
    let guide = crate::common::guide();
    let pins = regex::Regex::new(
        r"(--tag\s+v[0-9][^\s`]*|ULCAS_VERSION:\s+\S+|rev:\s+\S+|--rev\s+\S+|ULCAS_REV)",
    )
    .unwrap();
    let mut found = 0;
    for pin in pins.find_iter(&guide).map(|m| m.as_str()) {
        found += 1;
        assert!(
            pin.ends_with(&tag) || pin == "--tag \"$ULCAS_VERSION\"",
            "a pin that is not the release tag {tag}: {pin:?}"
        );
    }
    // The install step, the gate, the SARIF job (twice each: the variable and its cache key do
    // not count) and the hook in the README and in docs/ci.md.
    assert!(found >= 5, "{found} pins");
    for needle in [
        format!("cargo install --locked --git https://github.com/ulcas/ulcas --tag {tag} ulcas"),
        format!("ULCAS_VERSION: {tag}"),
        format!("rev: {tag}"),
    ] {
        assert!(guide.contains(&needle), "the guide hands out no {needle:?}");
    }
}

/// The man pages carry the version: regenerated with each release (the drift test of
/// `completions` compares them; this says why when it is the version).
#[test]
fn the_man_pages_carry_the_version() {
    let page = std::fs::read_to_string(std::path::Path::new(MANIFEST).join("completions/ulcas.1"))
        .unwrap();
    assert!(
        page.contains(&format!(".TH ulcas 1  \"ulcas {}\"", version())),
        "regenerate the man pages: ULCAS_REGENERATE=1 cargo test --test it completions"
    );
}
