//! A second, deliberately simple reading of a prompt file, written from the app's PHP as it
//! stands (`PromptRegistry::parse` and `load`): the same patterns, run by a regex engine with
//! atomic groups (`fancy-regex`) over the bytes mapped one to one onto Latin-1 characters, so
//! that `\x85` is the byte PCRE sees without the `u` flag. The fuzz target and a property test
//! compare `ulcas::prompt_file` with it.

use std::sync::OnceLock;

use fancy_regex::Regex;

/// `pattern` compiled once per slot.
fn compiled(slot: &'static OnceLock<Regex>, pattern: impl FnOnce() -> String) -> &'static Regex {
    slot.get_or_init(|| Regex::new(&pattern()).unwrap())
}

/// PCRE's `\R` without the `u` flag: atomic, CRLF before a lone CR.
const R: &str = r"(?>\r\n|\n|\x0b|\x0c|\r|\x85)";

/// The bytes as a string of the characters U+0000–U+00FF, one per byte.
fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

fn bytes(latin1: &str) -> Vec<u8> {
    latin1.chars().map(|c| c as u32 as u8).collect()
}

/// `(int)` of a PHP string, as PHP 8 casts a leading numeric string.
fn php_int(s: &str) -> i64 {
    let re = Regex::new(
        r"^[ \t\n\r\x0b\x0c]*([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)",
    )
    .unwrap();
    let Some(caps) = re.captures(s).unwrap() else {
        return 0;
    };
    let number = caps.get(1).unwrap().as_str();
    if let Ok(n) = number.parse::<i64>() {
        return n;
    }
    let f: f64 = number.parse().unwrap_or(0.0);
    if f.is_finite() { f as i64 } else { 0 }
}

/// What the app does with `content` as `v<version>.md`: `Some(text sent)` or `None` (refused).
pub fn load(content: &[u8], version: i64) -> Option<Vec<u8>> {
    let text = latin1(content);
    static FRONT: OnceLock<Regex> = OnceLock::new();
    static SPLIT: OnceLock<Regex> = OnceLock::new();
    static KV: OnceLock<Regex> = OnceLock::new();
    let front = compiled(&FRONT, || format!(r"(?s)\A---{R}(.*?){R}---{R}?(.*)\z"));
    let (meta_block, body) = match front.captures(&text).unwrap() {
        Some(m) => (
            m.get(1).unwrap().as_str().to_owned(),
            m.get(2).unwrap().as_str().to_owned(),
        ),
        None => (String::new(), text.clone()),
    };
    let mut said = None;
    let split = compiled(&SPLIT, || R.into());
    let kv = compiled(&KV, || r"^([A-Za-z0-9_]+):[ \t\n\x0b\x0c\r]*(.*)$".into());
    let matched = front.is_match(&text).unwrap();
    if matched {
        for line in split.split(&meta_block) {
            let line = line.unwrap();
            if let Some(caps) = kv.captures(line).unwrap() {
                if &caps[1] == "version" {
                    said = Some(caps[2].trim_matches([' ', '"', '\'']).to_owned());
                }
            }
        }
    }
    let cast = said.as_deref().map_or(0, php_int);
    (cast == version).then(|| bytes(body.trim_matches([' ', '\t', '\n', '\r', '\0', '\x0b'])))
}
