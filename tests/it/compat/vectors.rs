//! The reference vectors: for every request dump, the hash, path, normalised content, map,
//! canonical schema, stored and replayed answer and the exact cassette bytes the reference PHP
//! driver produced. Set `ULCAS_VECTORS=DIR` to run the same checks on another vector set.

use std::path::{Path, PathBuf};

use serde_json::Value;
use ulcas::cassette::{Cassette, usage_from};
use ulcas::key::KeyMaterial;
use ulcas::normalise::{replay, to_placeholders};
use ulcas::request::Request;
use ulcas::store::{Recording, cassette_for};

fn vectors_dir() -> PathBuf {
    std::env::var_os("ULCAS_VECTORS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/vectors"))
}

fn lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn reference_recording(response: &str) -> Recording {
    let usage: Value = serde_json::json!({"input_tokens": 5, "output_tokens": 6});
    Recording {
        usage: usage_from(usage.as_object()),
        ..Recording::new(response, "model-x")
    }
}

/// Checks one request against its expected line; returns a description of every mismatch.
fn check(dir: &Path, expected: &Value) -> Vec<String> {
    let file = expected["file"].as_str().unwrap();
    let bytes = std::fs::read(dir.join(file)).unwrap();
    let raw: Value = serde_json::from_slice(&bytes).unwrap();
    let request = Request::from_slice(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
    let material = KeyMaterial::of(&request);
    let key = material.key();
    let mut errors = Vec::new();
    let mut expect = |what: &str, got: String, want: &str| {
        if got != want {
            errors.push(format!("{file}: {what}:\n  got  {got:?}\n  want {want:?}"));
        }
    };
    expect("hash", key.hash.clone(), expected["hash"].as_str().unwrap());
    expect(
        "streamed hash",
        ulcas::key::key_of(&request).hash,
        expected["hash"].as_str().unwrap(),
    );
    let path = Path::new("cassettes").join(key.relative_path());
    expect(
        "path",
        path.to_string_lossy().into_owned(),
        expected["path"].as_str().unwrap(),
    );
    expect(
        "content",
        material.content.text.clone(),
        expected["content"].as_str().unwrap(),
    );
    expect(
        "schema_json",
        material.schema_json.clone(),
        expected["schema_json"].as_str().unwrap(),
    );
    let map: Vec<(String, String)> = material
        .content
        .map
        .iter()
        .map(|(p, id)| (p.to_string(), id.to_owned()))
        .collect();
    let want_map: Vec<(String, String)> = expected["map"]
        .as_object()
        .map(|m| {
            m.iter()
                .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_owned()))
                .collect()
        })
        .unwrap_or_default();
    expect("map", format!("{map:?}"), &format!("{want_map:?}"));
    if let Some(response) = raw.get("response_text").and_then(Value::as_str) {
        let stored = to_placeholders(response, &material.content.map);
        expect(
            "normalised_response",
            stored.clone(),
            expected["normalised_response"].as_str().unwrap(),
        );
        expect(
            "replayed_response",
            replay(&stored, &material.content.map),
            expected["replayed_response"].as_str().unwrap(),
        );
        let (cassette, _) = cassette_for(&request, &reference_recording(response), false).unwrap();
        let bytes = cassette.render();
        expect(
            "cassette",
            bytes.clone(),
            expected["cassette"].as_str().unwrap(),
        );
        match Cassette::from_slice(bytes.as_bytes()) {
            Ok(back) => expect("cassette round trip", back.render(), &bytes),
            Err(e) => errors.push(format!("{file}: cassette does not parse back: {e}")),
        }
    }
    errors
}

fn run_set(expected_file: &str, requests_dir: &str) -> usize {
    let dir = vectors_dir();
    let expected = lines(&dir.join(expected_file));
    assert!(!expected.is_empty(), "no vectors in {expected_file}");
    let errors: Vec<String> = expected
        .iter()
        .flat_map(|e| check(&dir.join(requests_dir), e))
        .collect();
    assert!(
        errors.is_empty(),
        "{} mismatches:\n{}",
        errors.len(),
        errors.join("\n")
    );
    expected.len()
}

#[test]
fn reference_vectors_match() {
    assert!(
        run_set("expected.jsonl", "requests") >= 300 || std::env::var_os("ULCAS_VECTORS").is_some()
    );
}

#[test]
fn fresh_id_vectors_match() {
    run_set("expected-b.jsonl", "requests-b");
}

/// A cassette recorded for `a` replays for `b` (the same request against a fresh database) with
/// `b`'s ids, wherever the reference gives the pair the same key.
#[test]
fn recordings_replay_against_fresh_ids() {
    let dir = vectors_dir();
    let by_file = |set: &str| -> std::collections::HashMap<String, Value> {
        lines(&dir.join(set))
            .into_iter()
            .map(|v| (v["file"].as_str().unwrap().to_owned(), v))
            .collect()
    };
    let (ea, eb) = (by_file("expected.jsonl"), by_file("expected-b.jsonl"));
    let mut checked = 0;
    for pair in lines(&dir.join("pairs.jsonl")) {
        let (a, b) = (pair["a"].as_str().unwrap(), pair["b"].as_str().unwrap());
        if ea[a]["hash"] != eb[b]["hash"] {
            continue;
        }
        let load = |sub: &str, f: &str| -> (Request, Value) {
            let bytes = std::fs::read(dir.join(sub).join(f)).unwrap();
            (
                Request::from_slice(&bytes).unwrap(),
                serde_json::from_slice(&bytes).unwrap(),
            )
        };
        let (ra, raw_a) = load("requests", a);
        let (rb, _) = load("requests-b", b);
        let response = raw_a["response_text"].as_str().unwrap();
        let (cassette, key_a) = cassette_for(&ra, &reference_recording(response), true).unwrap();
        let mb = KeyMaterial::of(&rb);
        assert_eq!(mb.key(), key_a, "{b} must hit {a}'s cassette");
        assert_eq!(
            cassette.text,
            ea[a]["normalised_response"].as_str().unwrap()
        );
        // The expected replay, from the reference's own data: each placeholder of the stored
        // answer becomes the id b's map gives it.
        let mut want = ea[a]["normalised_response"].as_str().unwrap().to_owned();
        for (placeholder, id) in eb[b]["map"].as_object().into_iter().flatten() {
            want = want.replace(&format!("{{{{{placeholder}}}}}"), id.as_str().unwrap());
        }
        assert_eq!(cassette.replay(&mb.content.map), want, "{a} → {b}");
        checked += 1;
    }
    assert!(checked > 0);
}
