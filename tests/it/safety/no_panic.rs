//! No command panics on bad input: every nasty file ends in exit 0, 1 or 2 with a one-line
//! error, never a panic.

use crate::common;

use std::path::Path;

fn nasty_inputs() -> Vec<(&'static str, Vec<u8>)> {
    let deep = "[".repeat(10_000) + &"]".repeat(10_000);
    let deep_schema = format!(
        r#"{{"task":"t","prompt_version":1,"schema":{}}}"#,
        "{\"a\":".repeat(600) + "1" + &"}".repeat(600)
    );
    let pseudo_random: Vec<u8> = (0u32..2000)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    vec![
        ("empty", Vec::new()),
        ("bytes", pseudo_random),
        ("null", b"null".to_vec()),
        ("deep", deep.into_bytes()),
        ("deep-schema", deep_schema.into_bytes()),
        ("huge-number", br#"{"task":"t","prompt_version":1,"schema":{"x":1e999}}"#.to_vec()),
        ("huge-version", br#"{"task":"t","prompt_version":99999999999999999999,"schema":{}}"#.to_vec()),
        ("wrong-types", br#"{"task":["t"],"prompt_version":{},"schema":7,"blocks":"x","turns":[1]}"#.to_vec()),
        ("cassette-wrong", br#"{"task":1,"prompt_version":-1,"hash":null,"text":{"a":1},"usage":[],"request":"x"}"#.to_vec()),
        ("surrogate", br#"{"task":"t","prompt_version":1,"schema":{},"blocks":[{"type":"text","text":"\ud800"}]}"#.to_vec()),
        ("bad-schema", br##"{"task":"t","prompt_version":1,"schema":{"type":"object","required":["a"],"properties":{"a":{"$ref":"#/nowhere"}}}}"##.to_vec()),
    ]
}

fn run(dir: &Path, args: &[&str]) {
    let common::Run { code, stderr, .. } = common::ulcas_in(dir, args);
    assert!(
        (0..=2).contains(&code),
        "ulcas {args:?} exited {code}: {stderr}"
    );
    assert!(
        !stderr.contains("panicked"),
        "ulcas {args:?} panicked: {stderr}"
    );
}

#[test]
fn no_command_panics_on_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("store");
    for (name, bytes) in nasty_inputs() {
        let file = format!("{name}.json");
        std::fs::write(dir.path().join(&file), &bytes).unwrap();
        let at = store.join(name).join("v1");
        std::fs::create_dir_all(&at).unwrap();
        std::fs::write(at.join("0123456789abcdef0123456789abcdef.json"), &bytes).unwrap();
        for args in [
            vec!["hash", file.as_str()],
            vec!["normalize", file.as_str()],
            vec!["lookup", "--cassettes", "store", file.as_str()],
            vec![
                "lookup",
                "--mode",
                "synthetic",
                "--cassettes",
                "store",
                file.as_str(),
            ],
            vec!["diff", file.as_str(), file.as_str()],
            vec![
                "record",
                file.as_str(),
                "--response",
                file.as_str(),
                "--cassettes",
                "out",
            ],
        ] {
            run(dir.path(), &args);
        }
    }
    run(dir.path(), &["verify", "store"]);
    run(dir.path(), &["verify", "store", "--format", "github"]);
    run(dir.path(), &["prune", "store", "--delete"]);
    run(dir.path(), &["diff", "store", "store"]);
}
