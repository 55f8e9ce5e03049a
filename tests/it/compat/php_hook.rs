//! The PHP hook of the README ("Wiring ulcas into your driver"), run by real PHP against
//! stand-ins of the app's request classes: every dump it writes must give, with `ulcas hash`,
//! the cassette path the compatibility vectors say. Without `php` the test says it was skipped;
//! in CI (`CI` set) a missing `php` fails it.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::MANIFEST;
use serde_json::Value;

fn vectors() -> PathBuf {
    Path::new(MANIFEST).join("tests/data/vectors")
}

/// Vector file stem → expected cassette path, from both expectation files.
fn expected() -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for file in ["expected.jsonl", "expected-b.jsonl"] {
        let text = std::fs::read_to_string(vectors().join(file)).unwrap();
        for line in text.lines() {
            let v: Value = serde_json::from_str(line).unwrap();
            let stem = v["file"]
                .as_str()
                .unwrap()
                .trim_end_matches(".json")
                .to_owned();
            out.insert(stem, v["path"].as_str().unwrap().to_owned());
        }
    }
    out
}

/// Runs the harness in `mode` over every vector dump; returns the dump folder.
fn dump_all(mode: &str) -> tempfile::TempDir {
    let out = tempfile::tempdir().unwrap();
    let mut inputs: Vec<PathBuf> = Vec::new();
    for dir in ["requests", "requests-b"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(vectors().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        inputs.extend(files);
    }
    let status = Command::new("php")
        .arg(Path::new(MANIFEST).join("tests/php/dump-vectors.php"))
        .arg(mode)
        .args(&inputs)
        .env("ULCAS_DUMP_DIR", out.path())
        .status()
        .unwrap();
    assert!(status.success(), "the PHP harness failed");
    out
}

/// `ulcas hash` of every dump in `dir`: vector stem → path.
fn hashed(dir: &Path) -> BTreeMap<String, String> {
    let run = common::ulcas(&["hash", &dir.to_string_lossy(), "--format", "json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let known = expected();
    run.stdout
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            let file = Path::new(v["request"].as_str().unwrap());
            let name = file.file_stem().unwrap().to_string_lossy().into_owned();
            // The hook names files `<task>-v<N>-<stem>`: find the vector it came from.
            let stem = known
                .keys()
                .filter(|k| name == **k || name.ends_with(&format!("-{k}")))
                .max_by_key(|k| k.len())
                .unwrap_or_else(|| panic!("no vector for {name}"))
                .clone();
            (stem, v["path"].as_str().unwrap().to_owned())
        })
        .collect()
}

#[test]
fn the_hook_dumps_what_the_driver_keys() {
    if !common::php_available("the PHP hook test") {
        return;
    }
    let dir = dump_all("hook");
    let got = hashed(dir.path());
    let want = expected();
    assert_eq!(got.len(), 600);
    let wrong: Vec<_> = got.iter().filter(|(k, p)| want[*k] != **p).collect();
    assert!(wrong.is_empty(), "dumps keyed differently: {wrong:?}");
}

#[test]
fn default_json_encode_flags_lose_only_negative_zero() {
    if !common::php_available("the PHP hook test") {
        return;
    }
    let dir = dump_all("plain");
    let got = hashed(dir.path());
    let want = expected();
    let wrong: Vec<&String> = got
        .iter()
        .filter(|(k, p)| want[*k] != **p)
        .map(|(k, _)| k)
        .collect();
    // PHP writes -0.0 as `-0` without JSON_PRESERVE_ZERO_FRACTION and reads that back as the
    // integer 0: the key changes. Nothing else does (escaped `/`, `\u` escapes, `10.0` as `10`,
    // `{}` as `[]`).
    assert!(
        !wrong.is_empty(),
        "the vectors have negative zeros: expected a difference"
    );
    for stem in wrong {
        let dir = if stem.ends_with("-b") {
            "requests-b"
        } else {
            "requests"
        };
        let text =
            std::fs::read_to_string(vectors().join(dir).join(format!("{stem}.json"))).unwrap();
        assert!(
            text.contains("-0.0"),
            "{stem} differs without a negative zero"
        );
    }
}

#[test]
fn the_miss_hint_names_the_lookup_command() {
    if !common::php_available("the PHP hook test") {
        return;
    }
    let hook = Path::new(MANIFEST).join("tests/php/UlcasDump.php");
    let out = Command::new("php")
        .arg("-r")
        .arg(format!(
            "require '{}'; echo UlcasDump::missHint('dumps/outline-v3-ab.json'), '|', UlcasDump::missHint(null);",
            hook.display()
        ))
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "; request dumped to dumps/outline-v3-ab.json: run `ulcas lookup dumps/outline-v3-ab.json` to see why|"
    );
}

#[test]
fn the_readme_shows_the_hook_as_tested() {
    let hook =
        std::fs::read_to_string(Path::new(MANIFEST).join("tests/php/UlcasDump.php")).unwrap();
    let guide = crate::common::guide();
    assert!(
        guide.contains(&format!("```php\n{hook}```")),
        "the guide (docs/driver.md) must show tests/php/UlcasDump.php verbatim in a ```php block"
    );
}
