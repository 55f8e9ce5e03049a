//! Secrets that must never sit in a cassette: API keys of the common providers, bearer tokens,
//! private key blocks, JWTs, cloud credentials. A match is described by kind and a redacted
//! preview; the secret itself is never returned whole.
//!
//! ```
//! use ulcas::secrets::mask;
//!
//! let line = "upstream said: key sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789 refused";
//! let masked = mask(line);
//! assert!(!masked.contains("abcdefghijklmnopqrstuvwxyz0123456789"), "{masked}");
//! assert_eq!(mask("nothing to hide"), "nothing to hide");
//! ```

use std::sync::OnceLock;

use regex::Regex;

/// The kinds of secret looked for, each a named group of one pattern.
const KINDS: &[(&str, &str, &str)] = &[
    (
        "private_key",
        "a private key block",
        r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----",
    ),
    (
        "anthropic",
        "an Anthropic API key",
        r"\bsk-ant-[A-Za-z0-9_\-]{20,}",
    ),
    (
        "openai",
        "an OpenAI API key",
        r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{32,}",
    ),
    (
        "aws_key",
        "an AWS access key id",
        r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA)[0-9A-Z]{16}\b",
    ),
    (
        "aws_secret",
        "an AWS secret access key",
        r#"(?i)aws_?secret_?access_?key["']?\s*[:=]\s*["']?[A-Za-z0-9/+=]{40}"#,
    ),
    (
        "github",
        "a GitHub token",
        r"\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})",
    ),
    ("gitlab", "a GitLab token", r"\bglpat-[A-Za-z0-9_\-]{20,}"),
    ("google", "a Google API key", r"\bAIza[0-9A-Za-z_\-]{35}"),
    (
        "slack",
        "a Slack token",
        r"\bxox[abposr]-[0-9A-Za-z\-]{10,}",
    ),
    (
        "stripe",
        "a Stripe secret key",
        r"\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}",
    ),
    (
        "huggingface",
        "a Hugging Face token",
        r"\bhf_[A-Za-z0-9]{30,}",
    ),
    (
        "jwt",
        "a JSON Web Token",
        r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}",
    ),
    (
        "bearer",
        "a bearer token",
        r"(?i)\bbearer\s+[A-Za-z0-9\-._~+/]{20,}=*",
    ),
    (
        "basic_auth_url",
        "a password in a URL",
        r"\b[a-z][a-z0-9+.\-]*://[^\s:/@]{1,64}:[^\s/@]{6,}@[A-Za-z0-9.\-]+",
    ),
];

/// A backslash escape as JSON and the visible escapes of ulcas's outputs write it, or a
/// percent-encoded byte (SARIF's URIs, `--reject-encoded`).
const ESCAPE: &str = r"(?:\\(?:u[0-9A-Fa-f]{4}|u\{[0-9A-Fa-f]{1,6}\}|x[0-9A-Fa-f]{2}|[nrtbfv0e])|%[0-9A-Fa-f]{2}|\x1b)(?:(?:\[|%5[Bb])(?:[0-9;]|%3[Bb])*[A-Za-z])?";

/// The secret of `caps`: its kind and where it stands (an escape before it excluded).
fn secret_of<'t>(caps: &regex::Captures<'t>) -> Option<(&'static str, regex::Match<'t>)> {
    KINDS
        .iter()
        .find_map(|(name, kind, _)| caps.name(name).map(|m| (*kind, m)))
}

fn pattern() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(&alternation(r"(?-u:\b)")).expect("the secret patterns compile"))
}

/// Every kind's pattern in one alternation, each word boundary written as `boundary`.
///
/// A token right after an escape (`\n`, `\x1b`, `\u001b`: JSON strings, visible control
/// characters) has a word character before it, so `\b` alone would miss it: the escape counts
/// as a boundary too, outside the kind's group (it is kept, never redacted).
///
/// The search uses ASCII boundaries (`(?-u:\b)`): every secret is ASCII, and a Unicode boundary
/// keeps the regex out of its DFA on any text with a non-ASCII letter (`é`, `§`), into an NFA
/// simulation a hundred times slower. The search stays linear in the text.
fn alternation(boundary: &str) -> String {
    let kinds: Vec<String> = KINDS
        .iter()
        .map(|(name, _, re)| {
            let (group, body) = match re.strip_prefix("(?i)") {
                Some(body) => ("(?i:", body),
                None => ("(?:", *re),
            };
            match body.strip_prefix(r"\b") {
                Some(rest) => format!(
                    r"(?:{boundary}|{ESCAPE})(?P<{name}>{group}{}))",
                    rest.replace(r"\b", boundary)
                ),
                None => format!("(?P<{name}>{})", re.replace(r"\b", boundary)),
            }
        })
        .collect();
    kinds.join("|")
}

/// A secret found in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SecretMatch {
    /// What kind of secret ("an OpenAI API key").
    pub kind: &'static str,
    /// 1-based line of the match.
    pub line: usize,
    /// The first characters and the length, never the whole secret.
    pub preview: String,
}

/// Literals at least one of which every secret contains, in two fast passes (SIMD
/// multi-literal searches) that rule out almost every file before the full pattern runs: the
/// literals of exact case, then the two words of any case. Apart they cost a third of what they
/// cost as one pattern, whose case variants crowd the literal search.
fn prefilter() -> &'static (Regex, Regex) {
    static RE: OnceLock<(Regex, Regex)> = OnceLock::new();
    RE.get_or_init(|| {
        let exact = Regex::new(
            r"-----BEGIN|sk-|AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|gh[pousr]_|github_pat_|glpat-|AIza|xox|k_live_|k_test_|hf_|eyJ|://",
        );
        let any_case = Regex::new(r"(?i:bearer|aws_?secret)");
        (
            exact.expect("the secret prefilter compiles"),
            any_case.expect("the secret prefilter compiles"),
        )
    })
}

/// Whether `text` may hold a secret: one of the literals of [`prefilter`] is in it, other than
/// a `://` that starts no `user:password@`. Every JSON schema names its dialect by URL, so a
/// bare `://` would send almost every recorded cassette to the full pattern.
fn may_hold_secret(text: &str) -> bool {
    let (exact, any_case) = prefilter();
    exact
        .find_iter(text)
        .any(|m| m.as_str() != "://" || may_hold_password(&text[m.end()..]))
        || any_case.is_match(text)
}

/// Whether the text after a `://` may start a `user:password@` (the `basic_auth_url` kind): the
/// first `/`, `@` or ASCII space after it is an `@`. Each scan stops at the next `://` at the
/// latest, so all of them together read the text once.
fn may_hold_password(after: &str) -> bool {
    after
        .bytes()
        .find(|&b| b == b'/' || b == b'@' || b.is_ascii_whitespace())
        == Some(b'@')
}

/// Every secret in `text`.
pub(crate) fn find_secrets(text: &str) -> Vec<SecretMatch> {
    if !may_hold_secret(text) {
        return Vec::new();
    }
    let re = pattern();
    let mut found = Vec::new();
    for caps in re.captures_iter(text) {
        let Some((kind, m)) = secret_of(&caps) else {
            continue;
        };
        let line = text[..m.start()].matches('\n').count() + 1;
        found.push(SecretMatch {
            kind,
            line,
            preview: redact(m.as_str()),
        });
    }
    found
}

/// `text` with every secret replaced by its redacted preview: what any output may print of a
/// text that quotes a store or a request. Idempotent (a preview is no secret).
pub fn mask(text: &str) -> std::borrow::Cow<'_, str> {
    if !may_hold_secret(text) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for caps in pattern().captures_iter(text) {
        let Some((_, m)) = secret_of(&caps) else {
            continue;
        };
        out.push_str(&text[last..m.start()]);
        out.push_str(&redact(m.as_str()));
        last = m.end();
    }
    if last == 0 {
        return std::borrow::Cow::Borrowed(text);
    }
    out.push_str(&text[last..]);
    std::borrow::Cow::Owned(out)
}

/// `sk-an…(51 chars)`: enough to find it, not enough to use it.
pub(crate) fn redact(secret: &str) -> String {
    let shown: String = secret
        .chars()
        .take(6.min(secret.chars().count() / 4))
        .collect();
    format!("{shown}…({} chars)", secret.chars().count())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pattern as it was with Unicode word boundaries: the findings it made are kept.
    fn unicode_pattern() -> Regex {
        Regex::new(&alternation(r"\b")).unwrap()
    }

    fn spans(re: &Regex, text: &str) -> Vec<(&'static str, usize, usize)> {
        re.captures_iter(text)
            .filter_map(|c| secret_of(&c).map(|(k, m)| (k, m.start(), m.end())))
            .collect()
    }

    /// Every token of every kind, between every kind of neighbour: the ASCII boundaries find
    /// what the Unicode ones found, and more only where a non-ASCII letter touches a token.
    #[test]
    fn ascii_boundaries_keep_every_finding() {
        let tokens = [
            "sk-ant-api03-abcdefghijklmnopqrstuvwxyz",
            "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789AB",
            "AKIAIOSFODNN7EXAMPLE",
            "aws_secret_access_key = \"abcdefghijklmnopqrstuvwxyz0123456789ABCD\"",
            "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
            "glpat-abcdefghijklmnopqrst",
            "AIzaabcdefghijklmnopqrstuvwxyz012345678",
            "xoxb-1234567890-abcdef",
            "sk_live_abcdefghijklmnop",
            "hf_abcdefghijklmnopqrstuvwxyz01234",
            "eyJabcdefghij.eyJabcdefghij.abcdefghij",
            "Bearer abcdefghijklmnopqrstuvwxyz",
            "https://user:password1@example.com",
            "-----BEGIN RSA PRIVATE KEY-----",
        ];
        let ascii = [" ", "\n", "\"", "x", "_", "\\n", "\\u001b", "://", ""];
        let other = ["é", "§", "Ü", "日"];
        let (old, new) = (unicode_pattern(), pattern());
        for token in tokens {
            for before in ascii.iter().chain(&other) {
                for after in ascii.iter().chain(&other) {
                    let text = format!("Über {before}{token}{after} café");
                    let (was, is) = (spans(&old, &text), spans(new, &text));
                    if (*before, *after) == (" ", " ") {
                        assert!(!is.is_empty(), "found between spaces: {text}");
                    }
                    if ascii.contains(before) && ascii.contains(after) {
                        assert_eq!(was, is, "{text}");
                    } else {
                        assert!(was.iter().all(|s| is.contains(s)), "{text}: {was:?} {is:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn finds_common_secrets_and_never_prints_them() {
        let key = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789";
        let text = format!(
            "line one\n\"auth\": \"{key}\"\nAKIAIOSFODNN7EXAMPLE\n-----BEGIN RSA PRIVATE KEY-----\nAuthorization: Bearer abcdefghijklmnopqrstuvwxyz123456"
        );
        let found = find_secrets(&text);
        let kinds: Vec<_> = found.iter().map(|m| m.kind).collect();
        assert_eq!(
            kinds,
            [
                "an Anthropic API key",
                "an AWS access key id",
                "a private key block",
                "a bearer token"
            ]
        );
        assert_eq!(found[0].line, 2);
        assert!(!found[0].preview.contains(key) && found[0].preview.contains("chars"));
    }

    #[test]
    fn masks_every_secret_and_only_secrets() {
        let key = "ghp_abcdefghijklmnopqrstuvwxyz0123456789AB";
        let text = format!(
            "heading {key} is longer than 10 characters; sk-ant-api03-abcdefghijklmnopqrstuvwxyz"
        );
        let masked = mask(&text);
        assert!(!masked.contains(key) && !masked.contains("sk-ant-api03-abcdefghijklmnop"));
        assert!(
            masked.starts_with("heading ghp_ab…(42 chars) is longer"),
            "{masked}"
        );
        assert_eq!(mask(&masked), masked, "idempotent");
        assert!(matches!(mask("plain text"), std::borrow::Cow::Borrowed(_)));
    }

    #[test]
    fn a_secret_after_an_escape_is_found_and_masked() {
        let key = "ghp_abcdefghijklmnopqrstuvwxyz0123456789AB";
        // An escape may open a terminal sequence (`ESC[31m`), raw or written visibly: its tail
        // ends in a letter, which is no boundary, and the token after it is found all the same.
        for before in [
            "\\u001b",
            "\\x1b",
            "\\n",
            "\\u{1b}",
            "a\\t",
            "%20",
            "\u{1b}[31m",
            "\\u001b[31m",
            "\\x1b[1;31m",
            "%1B%5B1%3B31m",
        ] {
            let text = format!("name {before}{key}.json");
            assert_eq!(find_secrets(&text).len(), 1, "{text}");
            let masked = mask(&text);
            assert_eq!(masked, format!("name {before}ghp_ab…(42 chars).json"));
        }
        // A word right before it is no boundary: no secret.
        assert!(find_secrets(&format!("x{key}")).is_empty());
    }

    proptest::proptest! {
        /// The prefilter never hides a secret the full pattern finds: texts of the characters
        /// a URL with a password is made of.
        #[test]
        fn the_prefilter_never_hides_a_secret(
            user in "[a-c\"é.]{0,4}[:/@ \n]?[a-c\"é.]{0,3}",
            password in "[a-c:\"é.]{0,8}[/@ \n]?[a-c:\"é.]{0,4}",
            rest in "[a-c:/@ \n\"é.]{0,12}",
        ) {
            let text = format!("x https://{user}:{password}@{rest}");
            let full = spans(pattern(), &text);
            proptest::prop_assert!(full.is_empty() || may_hold_secret(&text), "{text:?}");
        }
    }

    #[test]
    fn a_schema_url_lets_the_file_past_and_a_password_does_not() {
        let schema =
            r#"{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Über"}"#;
        assert!(!may_hold_secret(schema));
        for url in [
            "https://user:password1@example.com",
            "see ftp://a:bcdefgh@host",
            "x://y:z://u:passw0rd@h",
        ] {
            assert!(may_hold_secret(url), "{url}");
            assert_eq!(find_secrets(url).len(), 1, "{url}");
        }
        assert!(!may_hold_secret("https://example.com/a@b"));
    }

    /// Each kind, in any case the pattern allows, passes the prefilter and is found.
    #[test]
    fn every_kind_passes_the_prefilter() {
        for token in [
            "sk-ant-api03-abcdefghijklmnopqrstuvwxyz",
            "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789AB",
            "AKIAIOSFODNN7EXAMPLE",
            "ANVAIOSFODNN7EXAMPLE",
            "aws_secret_access_key = \"abcdefghijklmnopqrstuvwxyz0123456789ABCD\"",
            "AwSSeCrEtAccessKey: abcdefghijklmnopqrstuvwxyz0123456789ABCD",
            "ghr_abcdefghijklmnopqrstuvwxyz0123456789",
            "github_pat_abcdefghijklmnopqrstuvwxyz0123456789ABCD",
            "glpat-abcdefghijklmnopqrst",
            "AIzaabcdefghijklmnopqrstuvwxyz012345678",
            "xoxb-1234567890-abcdef",
            "rk_test_abcdefghijklmnop",
            "hf_abcdefghijklmnopqrstuvwxyz01234",
            "eyJabcdefghij.eyJabcdefghij.abcdefghij",
            "BeArEr abcdefghijklmnopqrstuvwxyz",
            "https://user:password1@example.com",
            "-----BEGIN OPENSSH PRIVATE KEY-----",
        ] {
            let text = format!("Über {token} café");
            assert!(may_hold_secret(&text), "{token}");
            assert_eq!(find_secrets(&text).len(), 1, "{token}");
        }
    }

    #[test]
    fn ordinary_text_is_clean() {
        let text =
            r#"{"message":"Bearer in mind the ratio","citations":["{{frg_1}}"],"sk":"skip-this"}"#;
        assert!(find_secrets(text).is_empty());
    }
}
