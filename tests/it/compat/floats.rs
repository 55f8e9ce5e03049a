//! Doubles as PHP's `json_encode` writes them (`serialize_precision = -1`): the shortest digits
//! that round-trip, ties between two such digit strings broken as zend_dtoa's mode 0 breaks
//! them, in PHP's layout. A schema holding such a number keys as the PHP driver keys it.
//! `tests/data/floats/vectors.jsonl` holds PHP 8.2's answers (made with `tests/php/floats.php`);
//! with `php` installed, fresh doubles are also compared live.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::common::{self, MANIFEST};

fn ulcas(number_text: &str) -> String {
    let f: f64 = number_text.parse().unwrap();
    let mut out = String::new();
    ulcas::php::write_float(&mut out, f);
    out
}

/// The inputs whose PHP answer differs from ulcas's, of `lines` ({"in", "php"} each).
fn disagreements(lines: &str) -> (usize, Vec<String>) {
    let mut total = 0;
    let mut wrong = Vec::new();
    for line in lines.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).unwrap();
        let (input, php) = (v["in"].as_str().unwrap(), v["php"].as_str().unwrap());
        total += 1;
        let ours = ulcas(input);
        if ours != php {
            wrong.push(format!("{input}: php {php}, ulcas {ours}"));
        }
    }
    (total, wrong)
}

/// Deterministic doubles of every kind: 16–17 significant digits (where ties between two
/// shortest strings live), random bit patterns, whole numbers, tiny and huge exponents.
fn doubles(seed: u64, n: usize) -> Vec<String> {
    let mut state = seed;
    let mut next = move || {
        // xorshift64*
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    (0..n)
        .map(|i| {
            let f = match i % 4 {
                0 => {
                    let digits = 1_000_000_000_000_000 + next() % 9_000_000_000_000_000;
                    let exp = (next() % 40) as i32 - 20;
                    format!("{digits}e{exp}").parse::<f64>().unwrap()
                }
                1 => f64::from_bits(next()),
                2 => (next() % 1_000_000_000_000_000_000) as f64,
                _ => {
                    let mantissa = (next() % 1_000_000) as f64 / 1000.0 + 1.0;
                    mantissa * 10f64.powi((next() % 600) as i32 - 300)
                }
            };
            if f.is_finite() {
                format!("{f:.16e}")
            } else {
                "1.5".into()
            }
        })
        .collect()
}

#[test]
fn the_checked_in_php_vectors() {
    let text = std::fs::read_to_string(Path::new(MANIFEST).join("tests/data/floats/vectors.jsonl"))
        .unwrap();
    let (total, wrong) = disagreements(&text);
    assert_eq!(total, 4000);
    assert!(
        wrong.is_empty(),
        "{} of {total} differ, e.g. {}",
        wrong.len(),
        wrong[0]
    );
}

/// The number the issue reported, in a schema: its key is PHP's.
#[test]
fn a_schema_with_a_tied_double_keys_as_php_does() {
    assert_eq!(ulcas("26363981746409.312"), "26363981746409.312");
    let schema =
        ulcas::schema::Schema::parse(r#"{"type": "number", "maximum": 26363981746409.312}"#)
            .unwrap();
    assert_eq!(
        schema.canonical_json(),
        r#"{"maximum":26363981746409.312,"type":"number"}"#
    );
}

fn run_php(inputs: &[String]) -> String {
    let mut child = Command::new("php")
        .arg(Path::new(MANIFEST).join("tests/php/floats.php"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let text = inputs.join("\n");
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()).unwrap());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn live_against_php() {
    if !common::php_available("the live float comparison") {
        return;
    }
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    let (total, wrong) = disagreements(&run_php(&doubles(seed, 20_000)));
    assert_eq!(total, 20_000);
    assert!(
        wrong.is_empty(),
        "seed {seed}: {} of {total} differ, e.g. {}",
        wrong.len(),
        wrong[0]
    );
}

/// Writes the checked-in vectors anew (`cargo test -- --ignored make_float_vectors`).
#[test]
#[ignore]
fn make_float_vectors() {
    let out = run_php(&doubles(0x5eed_f10a7, 4000));
    std::fs::write(
        Path::new(MANIFEST).join("tests/data/floats/vectors.jsonl"),
        out,
    )
    .unwrap();
}
