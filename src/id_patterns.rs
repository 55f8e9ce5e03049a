//! Ids that other apps make: UUIDs and a store's own patterns become placeholders in the key
//! of a prompt written in code, as fragment ids and ULIDs do in every key.
//!
//! The reference key (a registry's prompts) numbers only what the reference pattern matches
//! ([`crate::normalise`]), byte for byte as the PHP driver does: that never changes. A prompt
//! in code is keyed by ulcas alone ([`crate::in_code`]), so its key also numbers:
//!
//! - UUIDs of any version, `8-4-4-4-12` hex digits in either case, as whole words;
//! - what the store's `id_patterns` (in `ulcas.toml`) match: regular expressions of the Rust
//!   `regex` crate, such as `\bord_[0-9a-z]{10}\b`.
//!
//! All of them share the `{{id_N}}` counter (a match that starts with `frg_` takes
//! `{{frg_N}}`), numbered in order of first appearance; where two matches overlap, the one
//! that starts first wins, and of two that start together the longer.
//!
//! ```
//! use ulcas::id_patterns::IdPatterns;
//! use ulcas::normalise::PlaceholderMap;
//!
//! let ids = IdPatterns::with_custom(&[r"\bord_[0-9]{6}\b".to_owned()])?;
//! let mut map = PlaceholderMap::new();
//! let mut text = String::new();
//! ids.normalise_into(
//!     "user 0190a6f4-7c2e-7a51-9b1e-3f5d2c8e4a10 ordered ord_123456 (frg_abcdefghijkm)",
//!     &mut map,
//!     |piece| text.push_str(piece),
//! );
//! assert_eq!(text, "user {{id_1}} ordered {{id_2}} ({{frg_1}})");
//! # Ok::<(), String>(())
//! ```

use std::ops::Range;
use std::sync::{Arc, OnceLock};

use regex::Regex;

use crate::normalise::{PlaceholderMap, id_matches};

/// A UUID of any version and variant, as a whole word, in either case.
pub const UUID_PATTERN: &str =
    r"(?i-u)\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b";

/// The most patterns a store may name, and the longest one (a key is computed per request:
/// each pattern is a scan of every request).
pub const MAX_CUSTOM: usize = 32;
const MAX_PATTERN_LEN: usize = 512;

/// The ids a prompt in code's key numbers beyond the reference pattern: UUIDs, and the
/// store's own patterns. Cheap to clone (shared).
#[derive(Clone)]
pub struct IdPatterns(Arc<Inner>);

struct Inner {
    /// The store's patterns as written.
    custom: Vec<String>,
    /// UUIDs, then the store's patterns, compiled.
    compiled: Vec<Regex>,
}

impl std::fmt::Debug for IdPatterns {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IdPatterns")
            .field("custom", &self.0.custom)
            .finish()
    }
}

impl PartialEq for IdPatterns {
    fn eq(&self, other: &Self) -> bool {
        self.0.custom == other.0.custom
    }
}

impl Eq for IdPatterns {}

impl Default for IdPatterns {
    /// UUIDs alone.
    fn default() -> Self {
        static DEFAULT: OnceLock<IdPatterns> = OnceLock::new();
        DEFAULT
            .get_or_init(|| IdPatterns::with_custom(&[]).expect("the UUID pattern compiles"))
            .clone()
    }
}

impl IdPatterns {
    /// UUIDs and the store's `patterns`; why one cannot be used (it does not compile, it
    /// matches an empty text, it would match a placeholder, there are too many).
    pub fn with_custom(patterns: &[String]) -> Result<IdPatterns, String> {
        if patterns.len() > MAX_CUSTOM {
            return Err(format!(
                "id_patterns: {} patterns, at most {MAX_CUSTOM}",
                patterns.len()
            ));
        }
        let mut compiled = vec![Regex::new(UUID_PATTERN).expect("the UUID pattern compiles")];
        for p in patterns {
            compiled.push(compile(p)?);
        }
        Ok(IdPatterns(Arc::new(Inner {
            custom: patterns.to_vec(),
            compiled,
        })))
    }

    /// The store's own patterns, as written.
    pub fn custom(&self) -> &[String] {
        &self.0.custom
    }

    /// The byte ranges of the ids in `text`, left to right, not overlapping: the reference
    /// pattern's, the UUIDs' and the store's patterns' (see the module docs).
    pub fn matches(&self, text: &str) -> Vec<Range<usize>> {
        self.found(text).into_iter().map(|(r, _)| r).collect()
    }

    /// [`IdPatterns::matches`], each with whether the reference pattern found it.
    fn found(&self, text: &str) -> Vec<(Range<usize>, bool)> {
        let mut found: Vec<(Range<usize>, bool)> = id_matches(text).map(|r| (r, true)).collect();
        for re in &self.0.compiled {
            let ranges = re.find_iter(text).map(|m| m.range());
            found.extend(ranges.filter(|r| !r.is_empty()).map(|r| (r, false)));
        }
        if found.len() < 2 {
            return found;
        }
        found.sort_unstable_by(|(a, _), (b, _)| a.start.cmp(&b.start).then(b.end.cmp(&a.end)));
        let mut kept: Vec<(Range<usize>, bool)> = Vec::with_capacity(found.len());
        for f in found {
            if kept.last().is_none_or(|(last, _)| f.0.start >= last.end) {
                kept.push(f);
            }
        }
        kept
    }

    /// Normalises `content` into `sink`, numbering its ids in `map` (as
    /// [`crate::normalise::normalise_into`] does with the reference pattern alone).
    pub fn normalise_into(
        &self,
        content: &str,
        map: &mut PlaceholderMap,
        mut sink: impl FnMut(&str),
    ) {
        let mut last = 0;
        let mut name = String::with_capacity(16);
        for m in self.matches(content) {
            // A match may end inside a character only when a store's pattern says so; such
            // a match is passed over (the text is kept whole).
            if !content.is_char_boundary(m.start) || !content.is_char_boundary(m.end) {
                continue;
            }
            sink(&content[last..m.start]);
            name.clear();
            crate::normalise::push_placeholder(&mut name, map.assign_extended(&content[m.clone()]));
            sink(&name);
            last = m.end;
        }
        sink(&content[last..]);
    }

    /// The tokens of `text` that look like generated ids but that these patterns leave as
    /// they are (see [`id_like`]), each once, in order.
    pub fn verbatim_ids<'t>(&self, text: &'t str) -> Vec<&'t str> {
        verbatim(text, &self.matches(text))
    }
}

/// The tokens of `text` that look like generated ids ([`id_like`]) but that the reference key
/// takes as they are (it numbers fragment ids and ULIDs only), each once, in order.
pub fn verbatim_in_reference(text: &str) -> Vec<&str> {
    verbatim(text, &id_matches(text).collect::<Vec<_>>())
}

/// The id-like tokens of `text` that overlap none of the `numbered` ranges, each once.
fn verbatim<'t>(text: &'t str, numbered: &[Range<usize>]) -> Vec<&'t str> {
    let mut seen: Vec<&str> = Vec::new();
    for (r, token) in id_like(text) {
        if !numbered.iter().any(|n| n.start < r.end && r.start < n.end) && !seen.contains(&token) {
            seen.push(token);
        }
    }
    seen
}

/// Compiles one of a store's patterns, or says why it cannot be used.
fn compile(pattern: &str) -> Result<Regex, String> {
    if pattern.len() > MAX_PATTERN_LEN {
        return Err(format!(
            "id_patterns: a pattern of {} bytes, at most {MAX_PATTERN_LEN}",
            pattern.len()
        ));
    }
    let re = regex::RegexBuilder::new(pattern)
        .size_limit(1 << 20)
        .build()
        .map_err(|e| {
            let first = e.to_string();
            let first = first.lines().last().unwrap_or_default().trim();
            let first = first.strip_prefix("error: ").unwrap_or(first).to_owned();
            format!("id_patterns: {pattern:?} is not a regular expression: {first}")
        })?;
    if re.is_match("") {
        return Err(format!(
            "id_patterns: {pattern:?} matches an empty text (every request would be all ids)"
        ));
    }
    for placeholder in ["{{id_1}}", "{{frg_1}}", "id_1", "frg_1"] {
        if re.is_match(placeholder) {
            return Err(format!(
                "id_patterns: {pattern:?} matches the placeholder {placeholder:?}: a normalised text would change when it is normalised again"
            ));
        }
    }
    Ok(re)
}

/// Tokens that look like generated ids, with their byte ranges: UUIDs (also without their
/// dashes: 32 hex digits), object ids (24 hex digits), each with both digits and letters, and
/// prefixed ids such as
/// `cus_9s8d7f6g5h4j` or `user-01h2x3…` (a lowercase word, `_` or `-`, then 6 or more letters and
/// digits with at least two digits). A key that takes such a token verbatim never matches a
/// request of a fresh database.
pub fn id_like(text: &str) -> Vec<(Range<usize>, &str)> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"(?-u)\b(?:[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}|[0-9A-Fa-f]{24}|[0-9A-Fa-f]{32}|[a-z]{2,12}[_-][0-9A-Za-z]{6,})\b",
        )
        .expect("the id-like pattern compiles")
    });
    re.find_iter(text)
        .filter(|m| looks_generated(m.as_str()))
        .map(|m| (m.range(), m.as_str()))
        .collect()
}

/// Whether a candidate token is more than a word: it mixes digits in (a hex run needs a digit
/// and a letter; a prefixed id's tail needs two digits).
fn looks_generated(token: &str) -> bool {
    let digits = |s: &str| s.bytes().filter(u8::is_ascii_digit).count();
    if token.len() == 36 && token.as_bytes()[8] == b'-' {
        return true;
    }
    if token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return digits(token) > 0 && digits(token) < token.len();
    }
    match token.find(['_', '-']) {
        Some(at) => digits(&token[at + 1..]) >= 2,
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normalised(ids: &IdPatterns, text: &str) -> (String, PlaceholderMap) {
        let mut map = PlaceholderMap::new();
        let mut out = String::new();
        ids.normalise_into(text, &mut map, |p| out.push_str(p));
        (out, map)
    }

    #[test]
    fn uuids_of_any_version_and_case_are_numbered_with_ulids() {
        let ids = IdPatterns::default();
        let (text, map) = normalised(
            &ids,
            "a 550e8400-e29b-41d4-a716-446655440000, b 0190A6F4-7C2E-7A51-9B1E-3F5D2C8E4A10, 01ARZ3NDEKTSV4RRFFQ69G5FAV, a 550e8400-e29b-41d4-a716-446655440000",
        );
        assert_eq!(text, "a {{id_1}}, b {{id_2}}, {{id_3}}, a {{id_1}}");
        assert_eq!(
            map.id_of("id_2"),
            Some("0190A6F4-7C2E-7A51-9B1E-3F5D2C8E4A10")
        );
    }

    #[test]
    fn a_uuid_inside_a_longer_word_is_not_one() {
        let ids = IdPatterns::default();
        for text in [
            "x550e8400-e29b-41d4-a716-446655440000",
            "550e8400-e29b-41d4-a716-4466554400001",
            "550e8400-e29b-41d4-a716-44665544000",
        ] {
            assert_eq!(normalised(&ids, text).0, text);
        }
    }

    #[test]
    fn a_stores_patterns_count_and_the_first_longest_match_wins() {
        let ids =
            IdPatterns::with_custom(&[r"\bord_[0-9]{6}\b".into(), r"\bord_[0-9]{6}_x\b".into()])
                .unwrap();
        let (text, _) = normalised(&ids, "ord_123456_x and ord_654321 é ord_123456_x");
        assert_eq!(text, "{{id_1}} and {{id_2}} é {{id_1}}");
    }

    #[test]
    fn bad_patterns_are_refused_with_the_reason() {
        for (pattern, why) in [
            ("(", "is not a regular expression"),
            ("x*", "matches an empty text"),
            (r"id_\d", "matches the placeholder"),
        ] {
            let err = IdPatterns::with_custom(&[pattern.into()]).unwrap_err();
            assert!(err.contains(why), "{pattern}: {err}");
        }
        let many = vec!["abc".to_owned(); MAX_CUSTOM + 1];
        assert!(IdPatterns::with_custom(&many).is_err());
    }

    #[test]
    fn id_like_tokens_are_found_and_words_are_not() {
        let text = "user usr_9f8e7d6c5b, object 507f1f77bcf86cd799439011, sha256 28a4c9ef023718b3d680a069d1ad45941f589be63bcbc98f6a5272e7a614722a, uuid 550e8400-e29b-41d4-a716-446655440000, words: deadbeefdeadbeefdeadbeef? no: cafebabecafebabecafebabe, snake_case_words, pre-commit, order-2024";
        let found: Vec<&str> = id_like(text).into_iter().map(|(_, t)| t).collect();
        assert_eq!(
            found,
            [
                "usr_9f8e7d6c5b",
                "507f1f77bcf86cd799439011",
                "550e8400-e29b-41d4-a716-446655440000"
            ]
        );
    }

    #[test]
    fn an_answer_cites_the_ids_as_placeholders_in_one_pass() {
        let ids = IdPatterns::with_custom(&[r"\bord_[0-9]{6}\b".into()]).unwrap();
        let many: Vec<String> = (0..5000)
            .map(|i| format!("00000000-0000-4000-8000-{i:012}"))
            .collect();
        let (_, map) = normalised(&ids, &format!("{} ord_123456", many.join(" ")));
        let answer = format!(
            "{} and {}, ord_123456, x{} ord_1234567",
            many[4999], many[0], many[1]
        );
        assert_eq!(
            crate::normalise::to_placeholders(&answer, &map),
            "{{id_5000}} and {{id_1}}, {{id_5001}}, x00000000-0000-4000-8000-000000000001 ord_1234567"
        );
    }

    #[test]
    fn verbatim_ids_are_those_the_patterns_leave() {
        let text = "550e8400-e29b-41d4-a716-446655440000 usr_9f8e7d6c5b usr_9f8e7d6c5b";
        assert_eq!(IdPatterns::default().verbatim_ids(text), ["usr_9f8e7d6c5b"]);
        let ids = IdPatterns::with_custom(&[r"\busr_[0-9a-f]{10}\b".into()]).unwrap();
        assert!(ids.verbatim_ids(text).is_empty());
    }
}
