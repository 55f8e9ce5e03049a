//! The one reader of prompt files: what the app's `PromptRegistry` (public `ulams-dev/ulams`,
//! `api/packages/ai/src/Prompts/PromptRegistry.php`, MIT) reads, byte for byte.
//!
//! The app finds the front matter with `/\A---\R(.*?)\R---\R?(.*)\z/s` (PCRE without the `u`
//! flag: bytes), splits it into lines on `\R`, takes `^([A-Za-z0-9_]+):\s*(.*)$` lines as
//! `key: value` with the value `trim`med of spaces and quotes (the last duplicate wins), loads
//! `v<N>.md` only when `(int) $meta['version']` is `N`, and sends `trim($body)`. `\R` is
//! `(?>\r\n|\n|\x0b|\x0c|\r|\x85)`: atomic, CRLF first, and the single byte 0x85 (even inside
//! a UTF-8 character). Every command that reads a prompt reads it here.
//!
//! PHP gives up on a long front matter: the lazy `(.*?)` takes one step of PCRE's match limit
//! (`pcre.backtrack_limit`, 1,000,000 by default) for each byte it grows by, so with PHP's
//! defaults (that limit and the JIT) `preg_match` fails on a front matter of more than
//! [`MAX_FRONT_MATTER`] bytes, and the app reads the file as having none.
//!
//! ```
//! use ulcas::prompt_file;
//!
//! let loaded = prompt_file::load(b"---\nid: quiz\nversion: 2\n---\n  Write a quiz.\n", 2)?;
//! // The text the app sends: the body after the front matter, trimmed as PHP trims.
//! assert_eq!(loaded.text, "Write a quiz.");
//! # Ok::<(), ulcas::Error>(())
//! ```

use std::collections::BTreeMap;

/// The length of a PCRE `\R` at the start of `bytes` (atomic: CRLF before a lone CR).
fn newline_at(bytes: &[u8]) -> Option<usize> {
    match bytes {
        [b'\r', b'\n', ..] => Some(2),
        [b'\n' | 0x0b | 0x0c | b'\r' | 0x85, ..] => Some(1),
        _ => None,
    }
}

/// The longest front matter (the bytes between the opening line and the closing `\R---`) that
/// PHP's `preg_match` reads with its default `pcre.backtrack_limit` and JIT; one byte more
/// exhausts the limit (`preg_last_error()` is `PREG_BACKTRACK_LIMIT_ERROR`), measured with
/// PHP 8.2 and PCRE2 10.42.
pub const MAX_FRONT_MATTER: usize = 999_997;

/// What `PromptRegistry::parse` returns: the front matter's keys (raw bytes, last duplicate
/// winning) and the body (the whole file when no front matter matched).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed<'a> {
    /// Whether the front-matter pattern matched at all.
    pub matched: bool,
    /// The length of a front matter that PHP gave up on (more than [`MAX_FRONT_MATTER`]
    /// bytes): then nothing matched, as in PHP.
    pub too_long: Option<usize>,
    /// `key` → value, as the app's `$meta` holds them.
    pub meta: BTreeMap<&'a [u8], &'a [u8]>,
    /// `$body` before `trim()`.
    pub body: &'a [u8],
}

/// `PromptRegistry::parse($content)`.
pub fn parse(content: &[u8]) -> Parsed<'_> {
    let unmatched = Parsed {
        matched: false,
        too_long: None,
        meta: BTreeMap::new(),
        body: content,
    };
    let Some(rest) = content.strip_prefix(b"---") else {
        return unmatched;
    };
    let Some(open) = newline_at(rest) else {
        return unmatched;
    };
    let start = 3 + open;
    // The lazy `(.*?)`: the first end at which `\R---` follows; `\R?(.*)\z` always matches.
    for end in start..content.len() {
        let Some(nl) = newline_at(&content[end..]) else {
            continue;
        };
        let after = end + nl;
        if !content[after..].starts_with(b"---") {
            continue;
        }
        if end - start > MAX_FRONT_MATTER {
            return Parsed {
                too_long: Some(end - start),
                ..unmatched
            };
        }
        let mut body = after + 3;
        body += newline_at(&content[body..]).unwrap_or(0);
        return Parsed {
            matched: true,
            too_long: None,
            meta: meta_lines(&content[start..end]),
            body: &content[body..],
        };
    }
    unmatched
}

/// `preg_split('/\R/', …)` then `^([A-Za-z0-9_]+):\s*(.*)$` and `trim($value, " \"'")`.
fn meta_lines(block: &[u8]) -> BTreeMap<&[u8], &[u8]> {
    let mut meta = BTreeMap::new();
    let mut line_start = 0;
    let mut i = 0;
    let mut lines = Vec::new();
    while i < block.len() {
        if let Some(nl) = newline_at(&block[i..]) {
            lines.push(&block[line_start..i]);
            i += nl;
            line_start = i;
        } else {
            i += 1;
        }
    }
    lines.push(&block[line_start..]);
    for line in lines {
        let key_len = line
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
            .count();
        if key_len == 0 || line.get(key_len) != Some(&b':') {
            continue;
        }
        // `\s` without UCP: space, \t, \n, \x0b, \x0c, \r (no newline is left in a line).
        let value = &line[key_len + 1..];
        let skip = value
            .iter()
            .take_while(|b| matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'))
            .count();
        let value = trim_bytes(&value[skip..], b" \"'");
        meta.insert(&line[..key_len], value);
    }
    meta
}

fn trim_bytes<'a>(mut s: &'a [u8], chars: &[u8]) -> &'a [u8] {
    while let [first, rest @ ..] = s {
        if !chars.contains(first) {
            break;
        }
        s = rest;
    }
    while let [rest @ .., last] = s {
        if !chars.contains(last) {
            break;
        }
        s = rest;
    }
    s
}

/// PHP's `trim()` with its default characters: space, tab, newline, carriage return, NUL and
/// vertical tab (not form feed, not Unicode spaces).
pub fn php_trim(s: &str) -> &str {
    s.trim_matches([' ', '\t', '\n', '\r', '\0', '\x0B'])
}

/// PHP 8's `(int)` cast of a string: leading whitespace, a sign, digits, and as a numeric
/// string with a fraction or exponent (`1e0`, `1.9`) the float cast back (saturating); a string
/// that starts with no number is 0; trailing text is ignored (`1abc`, `1 # c`).
pub fn php_int(s: &[u8]) -> i64 {
    let ws = s
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c))
        .count();
    let t = &s[ws..];
    let mut i = 0;
    if matches!(t.first(), Some(b'+' | b'-')) {
        i += 1;
    }
    let int_digits = t[i..].iter().take_while(|b| b.is_ascii_digit()).count();
    let mut end = i + int_digits;
    let mut is_float = false;
    let mut frac_digits = 0;
    if t.get(end) == Some(&b'.') {
        frac_digits = t[end + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if int_digits + frac_digits > 0 {
            is_float = frac_digits > 0 || int_digits > 0;
            end += 1 + frac_digits;
            is_float = is_float && t[..end].contains(&b'.');
        }
    }
    if int_digits + frac_digits == 0 {
        return 0;
    }
    if matches!(t.get(end), Some(b'e' | b'E')) {
        let mut j = end + 1;
        if matches!(t.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        let exp_digits = t[j..].iter().take_while(|b| b.is_ascii_digit()).count();
        if exp_digits > 0 {
            end = j + exp_digits;
            is_float = true;
        }
    }
    let number = std::str::from_utf8(&t[..end]).unwrap_or("0");
    if !is_float {
        if let Ok(n) = number.parse::<i64>() {
            return n;
        }
    }
    // A float (or an integer too long for i64, which PHP reads as a float).
    // PHP caps a finite float to the integer range and makes an infinite one 0; Rust's `as`
    // saturates the same way.
    let f: f64 = number.parse().unwrap_or(0.0);
    if f.is_finite() { f as i64 } else { 0 }
}

/// A prompt file the app loads: its front matter and the text it sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loaded {
    /// The front matter, values as text (a byte that is not UTF-8 shown as U+FFFD).
    pub meta: BTreeMap<String, String>,
    /// `trim($body)`: exactly the system text the app sends.
    pub text: String,
}

/// What `PromptRegistry::load` does with the file `v<version>.md` holding `content`: the
/// prompt, or the app's reason for refusing it (with what ulcas saw, to fix it by).
pub fn load(content: &[u8], version: i64) -> crate::Result<Loaded> {
    load_text(content, version).map_err(crate::Error::msg)
}

/// [`load`], its error as text.
pub(crate) fn load_text(content: &[u8], version: i64) -> Result<Loaded, String> {
    let parsed = parse(content);
    let said = parsed.meta.get(&b"version"[..]).copied();
    let cast = said.map_or(0, php_int);
    if cast != version {
        let why = if let Some(len) = parsed.too_long {
            format!(
                "its front matter is {len} bytes, and PHP's `preg_match` gives up on one of more than {MAX_FRONT_MATTER} (its default `pcre.backtrack_limit`), so the app finds no front matter and no version"
            )
        } else if !parsed.matched {
            "the app finds no front matter in it (a first line `---`, `key: value` lines, then a `---` line), so it has no version".to_owned()
        } else {
            match said {
                None => "its front matter has no `version:` line (a key at the start of a line, then `:`)".to_owned(),
                Some(v) => format!(
                    "its front matter's version {:?} reads as {cast} in PHP",
                    String::from_utf8_lossy(v)
                ),
            }
        };
        if parsed.matched && parsed.too_long.is_none() && said.is_some() && cast > 0 {
            // A bump written into the old file: the version is the file's name.
            return Err(format!(
                "its front matter says version {cast}, but the file is v{version}.md: a new prompt version is a new file; add v{cast}.md beside v{version}.md (with `version: {cast}`) and keep `version: {version}` here (the app refuses this file: \"front matter version must be {version}\")"
            ));
        }
        return Err(format!(
            "the app refuses it: \"front matter version must be {version}\" ({why})"
        ));
    }
    let body = std::str::from_utf8(parsed.body).map_err(|e| {
        format!(
            "its text is not UTF-8 (invalid byte at offset {} of the body): the app could load it but could not send it as JSON",
            e.valid_up_to()
        )
    })?;
    let meta = parsed
        .meta
        .iter()
        .map(|(k, v)| {
            (
                String::from_utf8_lossy(k).into_owned(),
                String::from_utf8_lossy(v).into_owned(),
            )
        })
        .collect();
    Ok(Loaded {
        meta,
        text: php_trim(body).to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(content: &str, version: i64) -> Result<String, String> {
        load_text(content.as_bytes(), version).map(|l| l.text)
    }

    #[test]
    fn reads_as_the_app_reads() {
        assert_eq!(text("---\nversion: 1\n---\nHello.\n", 1).unwrap(), "Hello.");
        assert_eq!(text("---\r\nversion: 1\r\n---\r\nHi\r\n", 1).unwrap(), "Hi");
        assert_eq!(text("---\rversion: 1\r---\rHi", 1).unwrap(), "Hi");
        assert_eq!(text("---\nversion: 1\n----\nHi", 1).unwrap(), "-\nHi");
        assert_eq!(
            text("---\nversion: 1\n--- # end\nHi", 1).unwrap(),
            "# end\nHi"
        );
        assert_eq!(text("---\nversion: 1\n---Body", 1).unwrap(), "Body");
        assert_eq!(
            text("---\nversion: 1\n---\u{a0}\nHi", 1).unwrap(),
            "\u{a0}\nHi"
        );
        assert_eq!(
            text("---\nversion: 1\n---  \u{3000}Hi", 1).unwrap(),
            "\u{3000}Hi"
        );
        assert_eq!(text("---\nversion: 1\n---  \x0cHi", 1).unwrap(), "\x0cHi");
        // A 0x85 byte inside `ą` (C4 85) ends the front matter's last line.
        assert_eq!(text("---\nversion: 1\nx: ą---\nHi", 1).unwrap(), "Hi");
        for v in [
            "1.0",
            "1 # comment",
            "1e0",
            "1.9",
            "+1",
            "01",
            "1abc",
            "'1'",
            "\"1\"",
        ] {
            assert_eq!(
                text(&format!("---\nversion: {v}\n---\nHi"), 1).unwrap(),
                "Hi",
                "{v}"
            );
        }
        // The last duplicate wins.
        assert!(text("---\nversion: 1\nversion: 2\n---\nHi", 1).is_err());
    }

    #[test]
    fn a_bump_written_into_the_old_file_says_which_file_to_add() {
        let e = text("---\nversion: 2\n---\nHi", 1).unwrap_err();
        assert!(e.contains("add v2.md beside v1.md"), "{e}");
        assert!(e.contains("front matter version must be 1"), "{e}");
        assert_eq!(e.matches("front matter version").count(), 1, "{e}");
    }

    #[test]
    fn refuses_what_the_app_refuses() {
        for content in [
            "---\nid: x\n---\nHi",
            "---\nVersion: 1\n---\nHi",
            "---\nversion : 1\n---\nHi",
            "---\n version: 1\n---\nHi",
            "---\nversion\t: 1\n---\nHi",
            "--- \nversion: 1\n---\nHi",
            "---\t\nversion: 1\n---\nHi",
            "---\n---\nHi",
            "Hi",
        ] {
            let e = text(content, 1).unwrap_err();
            assert!(
                e.contains("front matter version must be 1"),
                "{content:?}: {e}"
            );
        }
        // An empty front matter is no match, but a second block makes the first `---` its line.
        assert_eq!(text("---\n---\nversion: 1\n---\nBody", 1).unwrap(), "Body");
    }

    #[test]
    fn refuses_a_front_matter_phps_backtrack_limit_refuses() {
        let file = |len: usize, close: &str| {
            let filler = "x".repeat(len - "version: 1\n".len());
            format!("---\nversion: 1\n{filler}{close}---\nHi")
        };
        assert_eq!(text(&file(MAX_FRONT_MATTER, "\n"), 1).unwrap(), "Hi");
        // A CRLF ends the front matter at its CR.
        assert_eq!(text(&file(MAX_FRONT_MATTER, "\r\n"), 1).unwrap(), "Hi");
        for (len, close) in [(MAX_FRONT_MATTER + 1, "\n"), (2 << 20, "\r\n")] {
            let e = text(&file(len, close), 1).unwrap_err();
            assert!(
                e.contains(&format!("its front matter is {len} bytes"))
                    && e.contains("pcre.backtrack_limit"),
                "{e}"
            );
        }
    }

    #[test]
    fn casts_as_php_casts() {
        for (s, n) in [
            ("1", 1),
            (" 1", 1),
            ("1e3", 1000),
            ("1.5e1", 15),
            ("-2", -2),
            ("abc", 0),
            ("", 0),
            ("0x1A", 0),
            (".5", 0),
            ("99999999999999999999", i64::MAX),
            ("1e999", 0),
            ("1e", 1),
        ] {
            assert_eq!(php_int(s.as_bytes()), n, "{s:?}");
        }
    }
}
