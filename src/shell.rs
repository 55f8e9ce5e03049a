//! Commands printed for a user to paste: quoted so that bash, zsh, dash and fish all read each
//! word back as exactly the bytes it stands for, or, for a path no quoting carries safely (a
//! control character, a tab, a bidirectional override, bytes that are not UTF-8), written in a
//! form that needs no quoting at all (`--reject-encoded`, percent-encoded bytes).
//!
//! Why not the usual `'\''`: inside single quotes fish reads `\'` and `\\` as escapes, so a name
//! holding `\'` ends the quotes early there. Here a quoted word is single-quoted runs with each
//! `'` and `\` written as `"'"` and `"\\"`, which every one of those shells reads the same way.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;

/// Whether `word` can stand bare in every shell: letters, digits and `_ . / - , + : @ %`, and
/// not starting with `=` (zsh expands `=cmd`) or empty.
fn is_plain(word: &str) -> bool {
    !word.is_empty()
        && !word.starts_with('=')
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_./-,+:@%=".contains(&b))
}

/// `word` quoted for bash, zsh, dash and fish alike (see the module comment).
pub fn quote(word: &str) -> String {
    if is_plain(word) {
        return word.to_owned();
    }
    let mut out = String::with_capacity(word.len() + 2);
    let mut open = false;
    for c in word.chars() {
        match c {
            '\'' | '\\' => {
                if open {
                    out.push('\'');
                    open = false;
                }
                out.push_str(if c == '\'' { "\"'\"" } else { "\"\\\\\"" });
            }
            c => {
                if !open {
                    out.push('\'');
                    open = true;
                }
                out.push(c);
            }
        }
    }
    if open {
        out.push('\'');
    }
    if out.is_empty() {
        out.push_str("''");
    }
    out
}

/// Words joined into one command line, each [`quote`]d.
pub fn words(words: &[&str]) -> String {
    words.iter().map(|w| quote(w)).collect::<Vec<_>>().join(" ")
}

/// Whether a quoted `text` would reach a shell as typed: no control character (tab and newline
/// included: a pasted tab completes, a newline runs), no bidirectional override.
fn pastes_as_typed(text: &str) -> bool {
    !text.chars().any(|c| {
        c.is_control()
            || ('\u{202a}'..='\u{202e}').contains(&c)
            || ('\u{2066}'..='\u{2069}').contains(&c)
    })
}

/// The argument that names `path` after `flag` (`--reject`): `--reject 'a b.json'`, or, for a
/// path [`quote`] cannot carry (see `pastes_as_typed`), `--reject-encoded a%1Bb.json` with
/// `flag` + `-encoded` and the path [`percent_encode`]d.
pub fn path_arg(flag: &str, path: &OsStr) -> String {
    match path.to_str() {
        Some(text) if pastes_as_typed(text) => format!("{flag} {}", quote(text)),
        _ => format!("{flag}-encoded {}", percent_encode(path.as_bytes())),
    }
}

/// `bytes` with every byte but ASCII letters, digits and `_ . / -` written `%XX`: a word no
/// shell changes.
pub fn percent_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for &b in bytes {
        if b.is_ascii_alphanumeric() || b"_./-".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The bytes [`percent_encode`] wrote (any `%XX`, either case; every other byte as it is); an
/// error saying where a `%` is not followed by two hex digits.
pub fn percent_decode(text: &str) -> crate::Result<Vec<u8>> {
    decode_text(text).map_err(crate::Error::msg)
}

/// [`percent_decode`], its error as text.
pub(crate) fn decode_text(text: &str) -> Result<Vec<u8>, String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or_else(|| {
                    format!(
                        "not percent-encoded: `%` at byte {i} is not followed by two hex digits"
                    )
                })?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_fit_every_shell() {
        assert_eq!(
            quote("cassettes/quiz/v1/a.json"),
            "cassettes/quiz/v1/a.json"
        );
        assert_eq!(quote("a b"), "'a b'");
        assert_eq!(quote("it's"), "'it'\"'\"'s'");
        assert_eq!(quote(r"a\';x"), "'a'\"\\\\\"\"'\"';x'");
        assert_eq!(quote(""), "''");
        assert_eq!(quote("=ls"), "'=ls'");
        assert_eq!(words(&["ulcas", "a b"]), "ulcas 'a b'");
    }

    #[test]
    fn paths_no_quote_carries_are_encoded() {
        assert_eq!(
            path_arg("--reject", OsStr::new("a b.json")),
            "--reject 'a b.json'"
        );
        assert_eq!(
            path_arg("--reject", OsStr::new("a\u{1b}\u{85}\tb.json")),
            "--reject-encoded a%1B%C2%85%09b.json"
        );
        assert_eq!(
            path_arg("--reject", OsStr::from_bytes(b"x\xff.json")),
            "--reject-encoded x%FF.json"
        );
    }

    #[test]
    fn percent_encoding_round_trips() {
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(percent_decode(&percent_encode(&all)).unwrap(), all);
        assert_eq!(percent_decode("a%2fb%2F").unwrap(), b"a/b/");
        assert!(percent_decode("a%2").is_err());
        assert!(percent_decode("a%zz").is_err());
    }
}
