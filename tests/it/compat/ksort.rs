//! PHP's `ksort` order of key sets that PHP orders non-transitively (numbers, numeric strings in
//! every form, overflowing integers, other strings): the canonical schema must order members as
//! PHP 8.2 does. `tests/data/ksort/vectors.jsonl` holds PHP's answers (made with
//! `tests/php/ksort.php`); with `php` installed, fresh key sets are also compared live.

use crate::common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use common::MANIFEST;
use serde_json::{Map, Value};
use ulcas::schema::Schema;

/// The key order of the canonical schema of `{"k0": 0, "k1": 1, …}`.
fn ulcas_order(object_json: &str) -> Vec<String> {
    let schema = Schema::parse(object_json).unwrap();
    match serde_json::from_str::<Value>(schema.canonical_json()).unwrap() {
        Value::Object(m) => m.keys().cloned().collect(),
        // Keys that sort to 0..n-1 make a list again.
        Value::Array(a) => (0..a.len()).map(|i| i.to_string()).collect(),
        other => panic!("not an array: {other}"),
    }
}

fn object_of(keys: &[String]) -> String {
    let m: Map<String, Value> = keys
        .iter()
        .enumerate()
        .map(|(i, k)| (k.clone(), Value::from(i)))
        .collect();
    Value::Object(m).to_string()
}

/// (input keys, PHP's sorted keys) pairs that ulcas orders differently.
fn disagreements(lines: &str) -> (usize, Vec<String>) {
    let mut total = 0;
    let mut wrong = Vec::new();
    for line in lines.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).unwrap();
        let keys: Vec<String> = serde_json::from_value(v["keys"].clone()).unwrap();
        let php: Vec<String> = serde_json::from_value(v["sorted"].clone()).unwrap();
        total += 1;
        let ours = ulcas_order(&object_of(&keys));
        if ours != php {
            wrong.push(format!("{keys:?}: php {php:?}, ulcas {ours:?}"));
        }
    }
    (total, wrong)
}

#[test]
fn the_checked_in_php_vectors() {
    let text = std::fs::read_to_string(Path::new(MANIFEST).join("tests/data/ksort/vectors.jsonl"))
        .unwrap();
    let (total, wrong) = disagreements(&text);
    assert_eq!(total, 1500);
    assert!(
        wrong.is_empty(),
        "{} of {total} differ, e.g. {}",
        wrong.len(),
        wrong[0]
    );
}

const POOL: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "5",
    "9",
    "10",
    "11",
    "20",
    "100",
    "-1",
    "-3",
    "01",
    "00",
    " 5",
    "5 ",
    "+5",
    "-0",
    "1e1",
    "1E1",
    "1e0",
    "1.5",
    ".5",
    "5.",
    "0.0",
    "1e400",
    "-1e400",
    "99999999999999999999",
    "99999999999999999998",
    "-99999999999999999999",
    "9223372036854775807",
    "9223372036854775808",
    "9223372036854775809",
    "-9223372036854775808",
    "-9223372036854775809",
    "123456789012345678901.5",
    "0x1A",
    "1a",
    "10a",
    "a",
    "A",
    "b",
    "",
    "abc",
    "é",
    " ",
    "1 0",
    "Z",
    "_",
    "-",
    "1e",
    "e1",
    "0b1",
    "\t7",
    "7\n",
    "2e-1",
    "-.5",
    "1e+1",
    "18446744073709551616",
    "-18446744073709551616",
];

/// Key sets from a fixed-seed generator (xorshift), sizes around PHP's 16-element switch-over.
fn generated(seed: u64, count: usize) -> Vec<Vec<String>> {
    let mut state = seed;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let sizes = [2, 3, 4, 5, 6, 7, 8, 12, 15, 16, 17, 18, 24, 33, 48];
    (0..count)
        .map(|_| {
            let size = sizes[(next() % sizes.len() as u64) as usize];
            let mut pool: Vec<&str> = POOL.to_vec();
            let mut keys = Vec::new();
            while keys.len() < size && !pool.is_empty() {
                let i = (next() % pool.len() as u64) as usize;
                keys.push(pool.swap_remove(i).to_owned());
            }
            keys
        })
        .collect()
}

#[test]
fn live_against_php() {
    if !common::php_available("the live ksort comparison") {
        return;
    }
    let input: String = generated(0x5eed_1234_abcd, 3000)
        .iter()
        .map(|keys| object_of(keys) + "\n")
        .collect();
    let mut child = Command::new("php")
        .arg(Path::new(MANIFEST).join("tests/php/ksort.php"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(out.status.success());
    let (total, wrong) = disagreements(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(total, 3000);
    assert!(
        wrong.is_empty(),
        "{} of {total} differ, e.g. {}",
        wrong.len(),
        wrong[0]
    );
}

/// Dumps at the edges of what PHP decodes and keys: ulcas accepts exactly those.
fn edge_dumps() -> Vec<Vec<u8>> {
    let nested = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
    let object = |n: usize| format!("{}{{}}{}", "{\"a\":".repeat(n - 1), "}".repeat(n - 1));
    let dump = |schema: &str, extra: &str| {
        format!(r#"{{"task":"t","prompt_version":1,"schema":{schema}{extra}}}"#).into_bytes()
    };
    let mut out = vec![
        dump(&object(510), ""),
        dump(&object(511), ""),
        dump("{}", &format!(r#","meta":{}"#, nested(200))),
        dump("{}", &format!(r#","meta":{}"#, nested(510))),
        dump("{}", &format!(r#","meta":{}"#, nested(511))),
        dump(r#"{"default": -1e400, "default": 1.5}"#, ""),
        dump(r#"{"default": 1.5, "default": -1e400}"#, ""),
        dump(r#"{"a": 1e400}"#, ""),
        dump("{}", r#","meta":{"x":1e400}"#),
        dump("{}", r#","meta":"\ud800""#),
        dump(r#"{"a":"\udc00"}"#, ""),
        dump(r#"{"a":"\ud83d\ude00"}"#, ""),
        dump(r#"{"a":"\u0000"}"#, ""),
        dump("{}", r#","meta":"a\/b""#),
        dump(r#"{"99999999999999999999":0,"99999999999999999998":1}"#, ""),
    ];
    let mut bom = b"\xef\xbb\xbf".to_vec();
    bom.extend(dump("{}", ""));
    out.push(bom);
    out.push(
        [
            &br#"{"task":"t","prompt_version":1,"schema":{},"meta":""#[..],
            b"\xff\"}",
        ]
        .concat(),
    );
    out
}

#[test]
fn ulcas_keys_exactly_the_dumps_php_keys() {
    if !common::php_available("the live comparison of accepted dumps") {
        return;
    }
    use crate::common::base64_encode as encode;
    let dumps = edge_dumps();
    let input: String = dumps.iter().map(|d| encode(d) + "\n").collect();
    let mut child = Command::new("php")
        .arg(Path::new(MANIFEST).join("tests/php/accepts.php"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let php: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(php.len(), dumps.len());
    for (dump, verdict) in dumps.iter().zip(&php) {
        let ours = ulcas::request::Request::from_slice(dump).map(|r| ulcas::key::key_of(&r));
        let shown = String::from_utf8_lossy(&dump[..dump.len().min(120)]).into_owned();
        assert_eq!(
            ours.is_ok(),
            verdict == "ok",
            "{shown}…: php says {verdict}, ulcas {ours:?}"
        );
    }
}
