//! The one prompt reader (`ulcas::prompt_file`) against the app's `PromptRegistry` under real
//! PHP 8.2: 186 prompt files of every kind (front-matter variants, every `\R`, whitespace of
//! every kind after the closer, versions PHP casts, files the app cannot load, bytes that are
//! not UTF-8). `tests/data/prompts/vectors.jsonl` holds PHP's answers (made by
//! `tests/php/prompt_cases.py | php tests/php/prompt_registry.php`); with PHP installed the
//! test also runs PHP again and compares.

use std::path::Path;

use crate::common::MANIFEST;
use proptest::prelude::*;

#[path = "../../support/prompt_reference.rs"]
mod reference;

fn b64(text: &str) -> Vec<u8> {
    crate::common::base64_decode(text)
}

#[test]
fn every_prompt_file_reads_as_the_apps_registry_reads_it() {
    let vectors =
        std::fs::read_to_string(Path::new(MANIFEST).join("tests/data/prompts/vectors.jsonl"))
            .unwrap();
    let mut checked = 0;
    for line in vectors.lines() {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let content = b64(case["content"].as_str().unwrap());
        let version = case["version"].as_i64().unwrap();
        let ours = ulcas::prompt_file::load(&content, version);
        let shown = String::from_utf8_lossy(&content);
        if case["loads"] == true {
            let theirs = b64(case["text"].as_str().unwrap());
            match (&ours, std::str::from_utf8(&theirs)) {
                (Ok(loaded), Ok(text)) => assert_eq!(loaded.text, text, "{shown:?}"),
                // A prompt the app loads but whose text is not UTF-8: refused, saying so.
                (Err(e), Err(_)) => assert!(e.to_string().contains("not UTF-8"), "{shown:?}: {e}"),
                (ours, _) => panic!("{shown:?} v{version}: PHP loads it, ulcas says {ours:?}"),
            }
        } else {
            assert!(
                ours.is_err(),
                "{shown:?} v{version}: PHP refuses it, ulcas loads {ours:?}"
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 186);
}

/// With PHP installed, the checked-in answers are PHP's own (a drift test of the vectors).
#[test]
fn the_checked_in_answers_are_phps() {
    if !crate::common::php_available("the_checked_in_answers_are_phps") {
        return;
    }
    let dir = Path::new(MANIFEST).join("tests");
    let vectors = std::fs::read_to_string(dir.join("data/prompts/vectors.jsonl")).unwrap();
    let input: String = vectors
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            let o = v.as_object_mut().unwrap();
            o.remove("loads");
            o.remove("text");
            format!("{v}\n")
        })
        .collect();
    let mut child = std::process::Command::new("php")
        .arg(dir.join("php/prompt_registry.php"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), vectors);
}

/// Prompt files made of the pieces that decide how the app reads one (openers, closers, every
/// `\R`, whitespace of every kind, versions PHP casts, a 0x85 inside `ą`, bytes that are not
/// UTF-8): `ulcas::prompt_file` agrees with a second reading of the app's PHP
/// (`tests/support/prompt_reference.rs`, also the fuzz target's oracle).
fn piece() -> impl Strategy<Value = Vec<u8>> {
    prop::sample::select(vec![
        &b"---"[..],
        b"----",
        b"\n",
        b"\r\n",
        b"\r",
        b"\x0b",
        b"\x0c",
        b"\x85",
        b" ",
        b"\t",
        b"\0",
        "\u{a0}".as_bytes(),
        "\u{3000}".as_bytes(),
        "\u{85}".as_bytes(),
        "ą".as_bytes(),
        b"version: ",
        b"version:",
        b"Version: ",
        b"version : ",
        b" version: ",
        b"id: x/y",
        b"1",
        b"2",
        b"01",
        b"1.0",
        b"1e0",
        b"+1",
        b"1 # c",
        b"'1'",
        b"\"1\"",
        b"abc",
        b"# end",
        b"Body.",
        b"\xff",
    ])
    .prop_map(<[u8]>::to_vec)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn the_reader_agrees_with_a_second_reading_of_the_apps_php(
        pieces in prop::collection::vec(piece(), 0..24),
        version in 0i64..3,
    ) {
        let content: Vec<u8> = pieces.concat();
        let ours = ulcas::prompt_file::load(&content, version);
        let theirs = reference::load(&content, version);
        match (&ours, &theirs) {
            (Ok(loaded), Some(text)) => prop_assert_eq!(loaded.text.as_bytes(), &text[..]),
            (Err(e), Some(text)) => prop_assert!(
                std::str::from_utf8(text).is_err() && e.to_string().contains("not UTF-8"),
                "{:?}: {}", String::from_utf8_lossy(&content), e
            ),
            (Err(_), None) => {}
            (Ok(l), None) => prop_assert!(false, "the app refuses {:?}, ulcas loads {:?}",
                String::from_utf8_lossy(&content), l),
        }
    }
}

/// The reference reads the 186 PHP vectors as PHP does (the oracle is checked too).
#[test]
fn the_second_reading_agrees_with_php() {
    let vectors =
        std::fs::read_to_string(Path::new(MANIFEST).join("tests/data/prompts/vectors.jsonl"))
            .unwrap();
    for line in vectors.lines() {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let content = b64(case["content"].as_str().unwrap());
        let theirs = reference::load(&content, case["version"].as_i64().unwrap());
        let php = (case["loads"] == true).then(|| b64(case["text"].as_str().unwrap()));
        assert_eq!(theirs, php, "{:?}", String::from_utf8_lossy(&content));
    }
}

/// With PHP installed, the length at which PHP's `preg_match` gives up on a front matter is
/// the one ulcas refuses at (the checked-in boundary is `prompt_file::MAX_FRONT_MATTER`).
#[test]
fn php_gives_up_on_the_front_matter_ulcas_refuses() {
    if !crate::common::php_available("php_gives_up_on_the_front_matter_ulcas_refuses") {
        return;
    }
    let max = ulcas::prompt_file::MAX_FRONT_MATTER;
    let input: String = [max - 1, max, max + 1, max + 2, 2 << 20]
        .iter()
        .flat_map(|&len| {
            ["\n", "\r\n", "\r"].map(|nl| {
                let meta = format!("version: 1{nl}");
                let content = format!(
                    "---{nl}{meta}{}{nl}---{nl}Hi",
                    "é".repeat((len - meta.len()) / 2) + &"x".repeat((len - meta.len()) % 2)
                );
                let b64 = crate::common::base64_encode(content.as_bytes());
                format!("{{\"content\":\"{b64}\",\"version\":1}}\n")
            })
        })
        .collect();
    let mut child = std::process::Command::new("php")
        .arg(Path::new(MANIFEST).join("tests/php/prompt_registry.php"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        stdin.write_all(input.as_bytes()).unwrap();
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let mut seen = 0;
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let content = b64(case["content"].as_str().unwrap());
        let php = case["loads"] == true;
        let ours = ulcas::prompt_file::load(&content, 1);
        assert_eq!(ours.is_ok(), php, "{} bytes: {ours:?}", content.len());
        seen += 1;
    }
    assert_eq!(seen, 15);
}
