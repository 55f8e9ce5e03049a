//! Safe by design, in what ulcas prints: nothing a reviewer reads can be broken out of (hostile
//! keys, file names and values in Markdown, HTML, job summaries and terminals), no output
//! prints a secret whole, and an oversized cassette is a finding, never read.

use crate::common;

use std::process::Command;
use std::time::{Duration, Instant};

use common::events;
use serde_json::{Value, json};
use ulcas::request::Request;
use ulcas::store::{Recording, WriteOptions, record};

use crate::safety::writers::{fixture, record_bare, run, timed};

/// The payloads of the issue: a key that breaks out of a code span into a heading, a mention
/// and an unclosed comment; terminal escapes; HTML and links in values.
const KEY: &str = "a` @octocat\n\n# Injected heading\n\n<!--";
const VALUE: &str = "[link](https://evil.example) ![img](https://evil.example/x.png) <b>bold</b> @octocat \u{1b}]0;title\u{7}\u{1b}[2J\r\u{9b}31m";

/// What a Markdown document renders that no store text may produce: headings other than the
/// document's own, links, images, raw HTML, mentions and autolinks in text, control bytes.
fn markdown_breakouts(md: &str, own_headings: usize) -> Vec<String> {
    use pulldown_cmark::{Event, Options, Parser, Tag};
    let mut found = Vec::new();
    let mut headings = 0;
    for c in md.chars() {
        if c.is_control() && c != '\n' && c != '\t' {
            found.push(format!("control byte {:?}", c));
        }
    }
    for event in Parser::new_ext(md, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Heading { .. }) => headings += 1,
            Event::Start(Tag::Link { dest_url, .. }) => found.push(format!("link {dest_url}")),
            Event::Start(Tag::Image { dest_url, .. }) => found.push(format!("image {dest_url}")),
            Event::Html(h) | Event::InlineHtml(h) => {
                // The document's own tags; whatever is left must hold no markup.
                let mut rest = h.to_string();
                for tag in [
                    "<details>",
                    "</details>",
                    "<summary>",
                    "</summary>",
                    "<code>",
                    "</code>",
                    "<br>",
                ] {
                    rest = rest.replace(tag, "");
                }
                if rest.contains('<') || rest.contains('>') {
                    found.push(format!("html {h:?}"));
                }
            }
            Event::Text(t) => {
                if t.contains("@octocat") {
                    found.push(format!("mention in {t:?}"));
                }
                if t.contains("https://") || t.contains("www.") {
                    found.push(format!("autolink in {t:?}"));
                }
            }
            _ => {}
        }
    }
    if headings > own_headings {
        found.push(format!("{headings} headings"));
    }
    found
}

fn hostile_review_store() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("s");
    for (v, answer) in [
        (1, json!({"title": "plain"})),
        (2, json!({"title": VALUE, KEY: VALUE})),
    ] {
        let request = Request::from_slice(
            json!({"task": "card", "prompt_version": v, "schema": {"type": "object"},
                   "blocks": [{"type": "text", "text": "input"}]})
            .to_string()
            .as_bytes(),
        )
        .unwrap();
        let rec = Recording::new(answer.to_string(), "m");
        record(
            &store,
            &request,
            &rec,
            WriteOptions::with_request_material(),
        )
        .unwrap();
    }
    dir
}

#[test]
fn a_hostile_key_cannot_break_out_of_review_output() {
    let dir = hostile_review_store();
    let md = run(dir.path(), &["review", "card", "s", "--format", "markdown"]);
    assert!(md.code < 2, "{}", md.stderr);
    assert_eq!(
        markdown_breakouts(&md.stdout, 1),
        Vec::<String>::new(),
        "{}",
        md.stdout
    );
    assert!(
        md.stdout.contains("To retire v1"),
        "the end of the comment is not hidden"
    );

    let html = run(dir.path(), &["review", "card", "s", "--format", "html"]);
    for raw in ["<b>bold", "<!--\n", "\u{1b}", "\u{7}", "\r", "\u{9b}"] {
        assert!(!html.stdout.contains(raw), "{raw:?} raw in the HTML page");
    }
    let human = run(dir.path(), &["review", "card", "s", "--color", "always"]);
    for raw in ["\u{1b}]", "\u{1b}[2J", "\u{7}", "\r", "\u{9b}"] {
        assert!(!human.stdout.contains(raw), "{raw:?} raw on the terminal");
    }
}

#[test]
fn a_hostile_file_name_cannot_break_out_of_the_job_summary() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("s/quiz/v1");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(
        folder.join("x` @octocat <img src=x> `.json"),
        format!("{{\"text\": {}}}", json!(VALUE)),
    )
    .unwrap();
    let summary = dir.path().join("summary.md");
    let out = Command::new(env!("CARGO_BIN_EXE_ulcas"))
        .current_dir(dir.path())
        .args(["verify", "s", "--format", "github"])
        .env("GITHUB_STEP_SUMMARY", &summary)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let md = std::fs::read_to_string(&summary).unwrap();
    assert!(md.contains("octocat"), "{md}");
    assert_eq!(markdown_breakouts(&md, 1), Vec::<String>::new(), "{md}");
}

mod escaping {
    use super::markdown_breakouts;
    use proptest::prelude::*;

    fn hostile() -> impl Strategy<Value = String> {
        let pieces = prop::sample::select(vec![
            "`",
            "``",
            "```",
            "\n",
            "\n\n",
            "# ",
            "@octocat",
            "<!--",
            "-->",
            "<xmp>",
            "</details>",
            "[x](https://e.x)",
            "![i](https://e.x/i.png)",
            "https://e.x",
            "www.e.x",
            "|",
            "\\",
            "*",
            "_",
            "\u{1b}[2J",
            "\u{7}",
            "\r",
            "\u{9b}",
            "\u{202e}",
            "&lt;",
            "&",
            "a",
            " ",
        ]);
        prop::collection::vec(pieces, 0..12).prop_map(|v| v.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// No text taken from a store, as a key, a value, a file name or a message, renders a
        /// heading, a mention, a link, an image, raw HTML or a control byte in the Markdown of
        /// a review, nor raw HTML in its page.
        #[test]
        fn no_store_text_breaks_out(key in hostile(), value in hostile()) {
            let dir = tempfile::tempdir().unwrap();
            let store = dir.path().join("s");
            for (v, answer) in [(1, serde_json::json!({"k": "v"})), (2, serde_json::json!({key.clone(): value.clone(), "k": value.clone()}))] {
                let request = ulcas::request::Request::from_slice(
                    serde_json::json!({"task": "card", "prompt_version": v, "schema": {"type": "object"},
                        "blocks": [{"type": "text", "text": "input"}]}).to_string().as_bytes(),
                ).unwrap();
                let rec = ulcas::store::Recording::new(answer.to_string(), "m");
                ulcas::store::record(&store, &request, &rec, Default::default()).unwrap();
            }
            let md = super::run(dir.path(), &["review", "card", "s", "--format", "markdown"]);
            prop_assert_eq!(markdown_breakouts(&md.stdout, 1), Vec::<String>::new(), "{}", md.stdout);
            let html = super::run(dir.path(), &["review", "card", "s", "--format", "html"]);
            // The page's own markup has none of these; store text must not bring them in.
            for raw in ["<xmp", "<!--", "</details", "\u{1b}", "\u{7}", "\r", "\u{9b}", "\u{202e}"] {
                prop_assert!(!html.stdout.contains(raw), "{:?} raw in the page", raw);
            }
        }
    }
}

// ---- Secrets ----

/// One token of every kind the `secret` check knows.
pub(crate) const TOKENS: &[&str] = &[
    "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123",
    "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789AB",
    "AKIAIOSFODNN7EXAMPLE",
    "ghp_abcdefghijklmnopqrstuvwxyz0123456789AB",
    "github_pat_abcdefghijklmnopqrstuvwxyz0123456789ABCDEF",
    "glpat-abcdefghijklmnopqrstu",
    "AIzaSyAbcdefghijklmnopqrstuvwxyz0123456",
    "xoxb-0123456789-abcdefghij",
    "sk_live_abcdefghijklmnop0123",
    "hf_abcdefghijklmnopqrstuvwxyz0123456",
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijklmnop",
    "Bearer abcdefghijklmnopqrstuvwxyz012345",
    "https://admin:hunter2hunter2@db.example.com",
];

#[test]
fn no_output_prints_a_secret_whole() {
    let dir = common::sample_with_registry();
    // Each token is the quiz's `questions` (an array in the schema): the value also fails the
    // schema, whose finding quotes it; and it is a key of the answer, which review quotes.
    let folder = dir.path().join("cassettes/quiz/v1");
    // The repair turn's cassette: its answer is no repaired one, so its schema errors stand.
    let file = folder.join("aafcd8047a635258d26a9d3d43c8c0e6.json");
    let mut cassette: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let mut answer = serde_json::Map::new();
    for (i, t) in TOKENS.iter().enumerate() {
        answer.insert((*t).to_owned(), json!(t));
        if i == 0 {
            answer.insert("questions".into(), json!(TOKENS.join(" ")));
        }
    }
    cassette["text"] = json!(Value::Object(answer).to_string());
    std::fs::write(&file, serde_json::to_string_pretty(&cassette).unwrap()).unwrap();
    let rel = file
        .strip_prefix(dir.path())
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    let summary = dir.path().join("summary.md");
    let mut outputs = Vec::new();
    for format in ["human", "json", "github", "sarif"] {
        let out = Command::new(env!("CARGO_BIN_EXE_ulcas"))
            .current_dir(dir.path())
            .args([
                "verify",
                "cassettes",
                "--prompts",
                "prompts",
                "--format",
                format,
                "-v",
            ])
            .env("GITHUB_STEP_SUMMARY", &summary)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        if format == "json" {
            let ev = events(&stdout);
            assert!(ev.iter().any(|e| e["check"] == "schema"), "{stdout}");
            assert!(ev.iter().any(|e| e["check"] == "secret"), "{stdout}");
        }
        outputs.push((format!("verify {format}"), stdout));
        outputs.push((
            format!("verify {format} stderr"),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        ));
    }
    outputs.push((
        "job summary".into(),
        std::fs::read_to_string(&summary).unwrap(),
    ));
    let quiz = fixture("requests/quiz-repair.json");
    for args in [
        vec!["lookup", quiz.to_str().unwrap(), "--replay"],
        vec![
            "lookup",
            quiz.to_str().unwrap(),
            "--format",
            "json",
            "--replay",
        ],
        vec!["diff", &rel, &rel],
        vec!["review", "quiz", "cassettes", "--from", "1", "--to", "1"],
    ] {
        let r = run(dir.path(), &args);
        outputs.push((args.join(" "), format!("{}{}", r.stdout, r.stderr)));
    }
    for (what, text) in &outputs {
        for t in TOKENS {
            assert!(!text.contains(t), "{what} prints {t}:\n{text}");
        }
    }
}

#[test]
fn an_oversized_cassette_is_a_finding_and_never_read() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("s");
    let path = record_bare(&store, "quiz");
    // A sparse file just over the limit: instant to make, and ulcas must not read it.
    let file = std::fs::File::options().write(true).open(&path).unwrap();
    file.set_len(ulcas::store::MAX_CASSETTE + 1).unwrap();
    let start = Instant::now();
    let r = timed(
        dir.path(),
        &["verify", "s", "--format", "json"],
        Duration::from_secs(60),
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    let ev = events(&r.stdout);
    let big: Vec<_> = ev.iter().filter(|e| e["check"] == "too-large").collect();
    assert_eq!(big.len(), 1, "{}", r.stdout);
    assert!(start.elapsed() < Duration::from_secs(30));
    for args in [
        vec![
            "lookup".to_owned(),
            fixture("requests/quiz.json").to_str().unwrap().to_owned(),
            "--cassettes".into(),
            "s".into(),
        ],
        vec![
            "backfill".into(),
            "s".into(),
            "--requests".into(),
            fixture("requests/quiz.json").to_str().unwrap().to_owned(),
        ],
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = timed(dir.path(), &args, Duration::from_secs(60));
        assert_eq!(r.code, 2, "{args:?}: {}{}", r.stdout, r.stderr);
        assert!(
            format!("{}{}", r.stdout, r.stderr).contains("larger than 16 MiB"),
            "{args:?}: {}{}",
            r.stdout,
            r.stderr
        );
    }
}
