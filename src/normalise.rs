//! Id normalisation: generated ids become ordinal placeholders so a recording replays against a
//! fresh database, and placeholders become the current request's ids again on replay.
//!
//! The reference pattern is PCRE without the `u` flag, case-insensitive:
//!
//! ```text
//! \b(frg_[a-z0-9]{12})\b|\b([0-7][0-9a-hjkmnp-tv-z]{25})\b
//! ```
//!
//! - `\b` is an ASCII word boundary and case folding is ASCII only (every non-ASCII byte is a
//!   non-word character, U+212A KELVIN SIGN is not `k`): hence `(?i-u)` on bytes here.
//! - Matches are leftmost-first and never overlap.
//! - Each distinct matched string gets a placeholder in order of first appearance, one counter per
//!   kind: `{{frg_N}}` when the match starts with lowercase `frg_` (a case-sensitive test), else
//!   `{{id_N}}`. Strings that differ only in case are different ids.
//! - Every character of a match is an ASCII word character and both ends are word boundaries,
//!   so a match is always a whole maximal run of ASCII word characters: the scanner here walks
//!   those runs instead of running the regex (same matches, several times faster; a test checks
//!   the two agree).
//! - Replay replaces `{{frg_N}}`/`{{id_N}}` (exactly that form, ASCII digits) with the id the map
//!   holds for that placeholder; an unknown placeholder stays as it is.
//!
//! ```
//! use ulcas::normalise::normalise;
//!
//! let n = normalise("cite frg_abcdefghijkm, then frg_zyxwvutsrqpo, then frg_abcdefghijkm");
//! assert_eq!(n.text, "cite {{frg_1}}, then {{frg_2}}, then {{frg_1}}");
//! assert_eq!(n.map.len(), 2);
//! ```

use std::collections::HashMap;
use std::sync::OnceLock;

use regex::bytes::Regex;

/// The reference id pattern (see the module docs).
pub const ID_PATTERN: &str = r"(?i-u)\b(frg_[a-z0-9]{12})\b|\b([0-7][0-9a-hjkmnp-tv-z]{25})\b";

/// Well-formed placeholders, as replay recognises them.
pub const PLACEHOLDER_PATTERN: &str = r"\{\{(frg|id)_([0-9]+)\}\}";

/// The compiled id pattern.
pub fn id_regex() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(ID_PATTERN).expect("the id pattern compiles"))
}

/// The reference pattern, compiled (the scans are tested against it).
#[cfg(test)]
fn placeholder_regex() -> &'static regex::Regex {
    static RE: OnceLock<regex::Regex> = OnceLock::new();
    RE.get_or_init(|| {
        regex::Regex::new(PLACEHOLDER_PATTERN).expect("the placeholder pattern compiles")
    })
}

/// `[A-Za-z0-9_]`: the bytes PCRE's `\b` counts as word characters without the `u` flag.
const WORD: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric() || c == b'_';
        b += 1;
    }
    t
};

/// The Crockford base-32 alphabet of the ULID branch, `[0-9a-hjkmnp-tv-z]` case-insensitively.
const ULID_CHAR: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = (b as u8).to_ascii_lowercase();
        t[b] = c.is_ascii_digit()
            || (c.is_ascii_lowercase() && c != b'i' && c != b'l' && c != b'o' && c != b'u');
        b += 1;
    }
    t
};

/// Whether a whole word run is an id: `frg_` + 12 `[a-z0-9]`, or a ULID, case-insensitively.
fn is_id_word(w: &[u8]) -> bool {
    match w.len() {
        16 => w[..4].eq_ignore_ascii_case(b"frg_") && w[4..].iter().all(u8::is_ascii_alphanumeric),
        26 => (b'0'..=b'7').contains(&w[0]) && w[1..].iter().all(|&b| ULID_CHAR[usize::from(b)]),
        _ => false,
    }
}

/// The byte ranges of the ids in `text`, left to right: exactly what [`ID_PATTERN`] matches.
///
/// An id is a word of 16 or 26 word characters, so the scan looks at every 16th byte only:
/// when it is not a word character, no id can span it and the scan jumps past it; when it is,
/// the word around it is measured and tested whole.
pub fn id_matches(text: &str) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    const SHORTEST: usize = 16;
    let bytes = text.as_bytes();
    let is_word = |i: usize| WORD[usize::from(bytes[i])];
    let mut next: usize = 0;
    std::iter::from_fn(move || {
        loop {
            // An id holds the block of eight bytes (counted from the text's start) that begins in
            // its first eight bytes, and no byte below `0`: blocks with such a byte (a space, a
            // quote, a comma: nearly every block of prose) are passed over eight bytes at a time.
            let mut block = next.next_multiple_of(8);
            loop {
                let word = u64::from_le_bytes(bytes.get(block..block + 8)?.try_into().ok()?);
                if !has_byte_below_digits(word) {
                    break;
                }
                block += 8;
            }
            next = next.max(block.saturating_sub(7));
            let probe = next + SHORTEST - 1;
            if probe >= bytes.len() {
                return None;
            }
            if !is_word(probe) {
                next = probe + 1;
                continue;
            }
            // The previous word ended at a non-word byte before `next` (or before the block skip
            // moved it on, past bytes that hold no id), so this stops in time.
            let mut start = probe;
            while start > 0 && is_word(start - 1) {
                start -= 1;
            }
            if start > next {
                // A non-word byte lies between `next` and the probe: an id can only start at
                // `start`, and must reach 16 bytes from there: probe again from it.
                next = start;
                continue;
            }
            let mut end = probe + 1;
            while end < bytes.len() && is_word(end) {
                end += 1;
            }
            next = end + 1;
            if is_id_word(&bytes[start..end]) {
                return Some(start..end);
            }
        }
    })
}

/// Whether one of the eight bytes of `word` is below `0` (0x30), which no id holds. Exact: a
/// borrow only marks bytes above one that is.
fn has_byte_below_digits(word: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    word.wrapping_sub(ONES * 0x30) & !word & HIGH != 0
}

/// Which counter an id is numbered by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IdKind {
    /// A fragment id: the match starts with lowercase `frg_`.
    Fragment,
    /// Anything else the pattern matches (ULIDs, `FRG_…`).
    Other,
}

impl IdKind {
    /// The kind the reference gives a matched id.
    pub fn of(id: &str) -> IdKind {
        if id.starts_with("frg_") {
            IdKind::Fragment
        } else {
            IdKind::Other
        }
    }

    /// The placeholder prefix: `frg` or `id`.
    pub fn prefix(self) -> &'static str {
        match self {
            IdKind::Fragment => "frg",
            IdKind::Other => "id",
        }
    }
}

/// A placeholder: its kind and ordinal (`{{frg_3}}` is `Fragment`, 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placeholder {
    /// Which counter.
    pub kind: IdKind,
    /// The 1-based ordinal.
    pub ordinal: usize,
}

impl Placeholder {
    /// Reads a placeholder name without braces (`frg_3`, `id_12`); `None` for anything else,
    /// including ordinals replay would not produce (`frg_0`, `frg_01`).
    pub fn parse(name: &str) -> Option<Placeholder> {
        let (kind, digits) = if let Some(d) = name.strip_prefix("frg_") {
            (IdKind::Fragment, d)
        } else {
            (IdKind::Other, name.strip_prefix("id_")?)
        };
        if digits.is_empty()
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        Some(Placeholder {
            kind,
            ordinal: digits.parse().ok()?,
        })
    }
}

impl std::fmt::Display for Placeholder {
    /// The name without braces: `frg_3`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}_{}", self.kind.prefix(), self.ordinal)
    }
}

/// The placeholder → original id map of one request, in order of first appearance.
#[derive(Clone, Default)]
pub struct PlaceholderMap {
    /// Ids in order of first appearance, with their placeholder.
    entries: Vec<(Placeholder, String)>,
    /// Entry index by id, once there are more than [`SCANNED`] (fewer are looked for in
    /// `entries`: most requests hold a handful of ids).
    by_id: HashMap<String, usize, crate::hashers::FnvBuild>,
    /// Entry index of `{{frg_N}}` at `N - 1`.
    fragments: Vec<usize>,
    /// Entry index of `{{id_N}}` at `N - 1`.
    others: Vec<usize>,
    /// Entries of ids that the reference pattern does not match (UUIDs, a store's patterns:
    /// [`crate::id_patterns`]): an answer is searched for them as they are.
    extended: Vec<usize>,
}

impl std::fmt::Debug for PlaceholderMap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map()
            .entries(self.entries.iter().map(|(p, id)| (p.to_string(), id)))
            .finish()
    }
}

impl PartialEq for PlaceholderMap {
    fn eq(&self, other: &Self) -> bool {
        self.entries == other.entries
    }
}

impl Eq for PlaceholderMap {}

impl PlaceholderMap {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }

    /// The placeholder of `id`, assigning the next one of its kind when it is new.
    pub fn assign(&mut self, id: &str) -> Placeholder {
        if let Some(i) = self.index_of(id) {
            return self.entries[i].0;
        }
        let kind = IdKind::of(id);
        let list = match kind {
            IdKind::Fragment => &mut self.fragments,
            IdKind::Other => &mut self.others,
        };
        let index = self.entries.len();
        list.push(index);
        let placeholder = Placeholder {
            kind,
            ordinal: list.len(),
        };
        self.entries.push((placeholder, id.to_owned()));
        if self.entries.len() > SCANNED {
            if self.by_id.is_empty() {
                let indexed = self.entries.iter().enumerate();
                self.by_id = indexed.map(|(i, (_, id))| (id.clone(), i)).collect();
            } else {
                self.by_id.insert(id.to_owned(), index);
            }
        }
        placeholder
    }

    /// [`PlaceholderMap::assign`] for an id that [`crate::id_patterns`] found, which the
    /// reference pattern may not match: [`to_placeholders`] then looks for it by its text.
    pub fn assign_extended(&mut self, id: &str) -> Placeholder {
        match is_reference_id(id) {
            true => self.assign(id),
            false => self.assign_by_text(id),
        }
    }

    /// [`PlaceholderMap::assign`] for an id only a prompt in code's patterns find (UUIDs, a
    /// store's): [`to_placeholders`] looks for it in an answer by its text.
    pub(crate) fn assign_by_text(&mut self, id: &str) -> Placeholder {
        let before = self.entries.len();
        let placeholder = self.assign(id);
        if self.entries.len() > before {
            self.extended.push(before);
        }
        placeholder
    }

    /// The entry of `id`.
    fn index_of(&self, id: &str) -> Option<usize> {
        if self.entries.len() > SCANNED {
            self.by_id.get(id).copied()
        } else {
            self.entries.iter().position(|(_, known)| known == id)
        }
    }

    /// The placeholder of a known id.
    pub fn placeholder_of(&self, id: &str) -> Option<Placeholder> {
        self.index_of(id).map(|i| self.entries[i].0)
    }

    /// The original id of a placeholder name (`frg_1`, without braces).
    pub fn id_of(&self, name: &str) -> Option<&str> {
        self.id_of_placeholder(Placeholder::parse(name)?)
    }

    /// The original id of a placeholder.
    pub fn id_of_placeholder(&self, p: Placeholder) -> Option<&str> {
        let list = match p.kind {
            IdKind::Fragment => &self.fragments,
            IdKind::Other => &self.others,
        };
        let &i = list.get(p.ordinal.checked_sub(1)?)?;
        Some(self.entries[i].1.as_str())
    }

    /// `(placeholder, id)` pairs in order of first appearance.
    pub fn iter(&self) -> impl Iterator<Item = (Placeholder, &str)> {
        self.entries.iter().map(|(p, id)| (*p, id.as_str()))
    }

    /// How many distinct ids the map holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no id was found.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// How many ids a map looks for one by one before it indexes them.
const SCANNED: usize = 12;

/// Appends `{{name}}` (without `fmt`: one is written for every id of every request served).
pub(crate) fn push_placeholder(out: &mut String, p: Placeholder) {
    out.push_str("{{");
    out.push_str(p.kind.prefix());
    out.push('_');
    out.push_str(itoa::Buffer::new().format(p.ordinal));
    out.push_str("}}");
}

/// Request content with its ids replaced by placeholders, and the map to undo it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NormalisedContent {
    /// The content exactly as it enters the key.
    pub text: String,
    /// Placeholder → original id.
    pub map: PlaceholderMap,
}

/// Replaces every id in `content` by its placeholder (see the module docs).
///
/// ```
/// let n = ulcas::normalise::normalise("see frg_abcdefghijkm and 01ARZ3NDEKTSV4RRFFQ69G5FAV, frg_abcdefghijkm");
/// assert_eq!(n.text, "see {{frg_1}} and {{id_1}}, {{frg_1}}");
/// assert_eq!(n.map.id_of("frg_1"), Some("frg_abcdefghijkm"));
/// ```
pub fn normalise(content: &str) -> NormalisedContent {
    let mut map = PlaceholderMap::new();
    let mut text = String::with_capacity(content.len());
    normalise_into(content, &mut map, |piece| text.push_str(piece));
    NormalisedContent { text, map }
}

/// Normalises `content` piece by piece into `sink`, numbering ids in `map`; call it once per
/// consecutive part of a content to normalise the parts as one text without joining them
/// (an id never spans a part separator: separators hold non-word characters).
pub fn normalise_into(content: &str, map: &mut PlaceholderMap, mut sink: impl FnMut(&str)) {
    let mut last = 0;
    let mut name = String::with_capacity(16);
    for m in id_matches(content) {
        // Matches are ASCII, so their bounds are char boundaries.
        sink(&content[last..m.start]);
        name.clear();
        push_placeholder(&mut name, map.assign(&content[m.clone()]));
        sink(&name);
        last = m.end;
    }
    sink(&content[last..]);
}

/// Whether `id` is exactly one match of the reference pattern.
fn is_reference_id(id: &str) -> bool {
    id_matches(id).next() == Some(0..id.len())
}

/// What the recorder stores: every id of `answer` that the request's map knows becomes its
/// placeholder; other ids (and other spellings of known ids) stay as they are. Ids that only
/// a prompt in code's patterns number (UUIDs, a store's) are found by their text, where they
/// stand as a whole word.
pub fn to_placeholders(answer: &str, map: &PlaceholderMap) -> String {
    let mut found: Vec<(std::ops::Range<usize>, Placeholder)> = id_matches(answer)
        .filter_map(|m| Some((m.clone(), map.placeholder_of(&answer[m])?)))
        .collect();
    if !map.extended.is_empty() {
        // One pass over the answer for every such id, however many the request has.
        let ids: Vec<&str> = map
            .extended
            .iter()
            .map(|&i| map.entries[i].1.as_str())
            .collect();
        let finder = aho_corasick::AhoCorasick::builder()
            .match_kind(aho_corasick::MatchKind::LeftmostLongest)
            .build(&ids);
        if let Ok(finder) = finder {
            let bytes = answer.as_bytes();
            let word = |i: Option<usize>| {
                i.and_then(|i| bytes.get(i))
                    .is_some_and(|&b| WORD[usize::from(b)])
            };
            for m in finder.find_iter(answer) {
                if !word(m.start().checked_sub(1)) && !word(Some(m.end())) {
                    let p = map.entries[map.extended[m.pattern().as_usize()]].0;
                    found.push((m.start()..m.end(), p));
                }
            }
        }
        found.sort_unstable_by(|a, b| a.0.start.cmp(&b.0.start).then(b.0.end.cmp(&a.0.end)));
    }
    let mut out = String::with_capacity(answer.len());
    let mut last = 0;
    for (m, p) in found {
        if m.start < last {
            continue;
        }
        out.push_str(&answer[last..m.start]);
        push_placeholder(&mut out, p);
        last = m.end;
    }
    out.push_str(&answer[last..]);
    out
}

/// What replay returns: every well-formed placeholder the map knows becomes the current id.
///
/// ```
/// use ulcas::normalise::{normalise, replay};
///
/// // Recorded against one database, replayed for a request of another.
/// let now = normalise("<fragment id=\"frg_zyxwvutsrqpn\">");
/// let stored = r#"{"cites": ["{{frg_1}}", "{{frg_9}}"]}"#;
/// assert_eq!(replay(stored, &now.map), r#"{"cites": ["frg_zyxwvutsrqpn", "{{frg_9}}"]}"#);
/// ```
pub fn replay(stored: &str, map: &PlaceholderMap) -> String {
    let mut out = String::with_capacity(stored.len());
    let mut last = 0;
    for found in placeholder_ranges(stored) {
        if let Some(id) = map.id_of(&stored[found.start + 2..found.end - 2]) {
            out.push_str(&stored[last..found.start]);
            out.push_str(id);
            last = found.end;
        }
    }
    out.push_str(&stored[last..]);
    out
}

/// A well-formed placeholder found in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlaceholderUse {
    /// Byte offset in the text.
    pub offset: usize,
    /// The name without braces (`frg_1`).
    pub name: String,
}

impl PlaceholderUse {
    /// The byte offset just after the closing braces.
    pub fn end(&self) -> usize {
        self.offset + self.name.len() + 4
    }
}

/// Every well-formed placeholder in `text`, in order.
pub fn placeholders_in(text: &str) -> Vec<PlaceholderUse> {
    placeholder_ranges(text)
        .map(|r| PlaceholderUse {
            offset: r.start,
            name: text[r.start + 2..r.end - 2].to_owned(),
        })
        .collect()
}

/// The placeholders `answer` uses (`{{frg_N}}`, `{{id_N}}`) that `content` (a request's
/// normalised content) does not have, each once, sorted: replay leaves them as written.
pub fn unknown_placeholders(answer: &str, content: &str) -> Vec<String> {
    let known: std::collections::HashSet<String> = placeholders_in(content)
        .into_iter()
        .map(|p| p.name)
        .collect();
    placeholders_in(answer)
        .into_iter()
        .filter(|p| Placeholder::parse(&p.name).is_some() && !known.contains(&p.name))
        .map(|p| format!("{{{{{}}}}}", p.name))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect()
}

/// Why `answer` (a recording's text, with the request's ids) cannot be recorded for the
/// request whose normalised content is `content`: it names placeholders the request does not
/// have, which replay would leave as written (verify fails them as `unknown-placeholder`).
pub fn unknown_in_answer(answer: &str, content: &NormalisedContent) -> Option<String> {
    let stored = to_placeholders(answer, &content.map);
    let unknown = unknown_placeholders(&stored, &content.text);
    if unknown.is_empty() {
        return None;
    }
    let has: std::collections::BTreeSet<String> = placeholders_in(&content.text)
        .into_iter()
        .map(|p| p.name)
        .collect();
    let has = match has.len() {
        0 => "none".to_owned(),
        1 => "one placeholder".to_owned(),
        n => format!("{n} placeholders"),
    };
    Some(format!(
        "the answer uses {} that the request does not have (it has {has}): replay would leave them as written; nothing was recorded",
        unknown.join(", ")
    ))
}

/// The byte ranges of what [`PLACEHOLDER_PATTERN`] matches in `text`, leftmost first and not
/// overlapping, as the regex finds them: `{{`, `frg` or `id`, `_`, digits, `}}`. Found by a scan
/// for `{` instead of the regex engine (verify looks at every answer and content).
pub fn placeholder_ranges(text: &str) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    let bytes = text.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        while let Some(n) = memchr::memchr(b'{', &bytes[at.min(bytes.len())..]) {
            let start = at + n;
            at = start + 1;
            let rest = &bytes[start..];
            let Some(tail) = rest
                .strip_prefix(b"{{frg_")
                .or_else(|| rest.strip_prefix(b"{{id_"))
            else {
                continue;
            };
            let digits = tail.iter().take_while(|b| b.is_ascii_digit()).count();
            if digits > 0 && tail[digits..].starts_with(b"}}") {
                let end = start + (rest.len() - tail.len()) + digits + 2;
                at = end;
                return Some(start..end);
            }
        }
        None
    })
}

/// Text that looks like a placeholder but that replay leaves as written: `{{ frg_1 }}`,
/// `{{frg_01}}`, `{{frg_0}}`, `{{FRG_1}}`, `{frg_1}`, `{{frg-1}}`.
pub fn placeholder_lookalikes(text: &str) -> Vec<String> {
    static RE: OnceLock<regex::Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        regex::Regex::new(r"\{+[ \t]*(?i:frg|id)[ \t]*[_\-]?[ \t]*[0-9]+[ \t]*\}+")
            .expect("the look-alike pattern compiles")
    });
    re.find_iter(text)
        .map(|m| m.as_str())
        .filter(|s| {
            // A well-formed placeholder, even inside extra braces, is replaced by replay.
            !placeholders_in(s)
                .iter()
                .any(|p| Placeholder::parse(&p.name).is_some())
        })
        .map(str::to_owned)
        .collect()
}

/// Every raw id in `text` (what the id pattern matches), with its byte offset.
pub fn ids_in(text: &str) -> Vec<(usize, &str)> {
    id_matches(text).map(|m| (m.start, &text[m])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_each_kind_in_order_of_first_appearance() {
        let n = normalise(
            "frg_abcdefghijkl 01ARZ3NDEKTSV4RRFFQ69G5FAV frg_abcdefghijkl frg_zzzzzzzzzzzz",
        );
        assert_eq!(n.text, "{{frg_1}} {{id_1}} {{frg_1}} {{frg_2}}");
        assert_eq!(n.map.id_of("id_1"), Some("01ARZ3NDEKTSV4RRFFQ69G5FAV"));
    }

    #[test]
    fn boundaries_and_case_are_ascii_only() {
        // Non-ASCII is a non-word character; `_` and ASCII letters are word characters.
        assert_eq!(normalise("éfrg_abcdefghijkl").text, "é{{frg_1}}");
        assert_eq!(normalise("xfrg_abcdefghijkl").text, "xfrg_abcdefghijkl");
        assert_eq!(normalise("frg_abcdefghijklm").text, "frg_abcdefghijklm");
        // U+212A KELVIN SIGN is not `k`, U+017F is not `s`.
        assert_eq!(
            normalise("frg_abcdefghij\u{212a}l").text,
            "frg_abcdefghij\u{212a}l"
        );
        assert_eq!(normalise("FRG_ABCDEFGHIJKL").text, "{{id_1}}");
        assert_eq!(normalise("Frg_abcdefghijkl").text, "{{id_1}}");
    }

    #[test]
    fn the_placeholder_scan_finds_what_the_pattern_does() {
        let samples = [
            "{{frg_1}} {{{frg_2}}} {{id_30}}{{id_4}} {{frg_}} {{frg_01}} {{ frg_1 }} {{FRG_1}}",
            "{{{{id_1}}}}{{frg_12x}} {{frg_3}",
            "{{frg_5}}}} {{id_{{id_6}} {",
            "{{",
            "{{id_9}}",
            "é{{frg_7}}漢{{id_8}}{{{{{{frg_99999999999999999999}}",
        ];
        for s in samples {
            let by_regex: Vec<_> = placeholder_regex()
                .find_iter(s)
                .map(|m| m.range())
                .collect();
            let by_scan: Vec<_> = placeholder_ranges(s).collect();
            assert_eq!(by_regex, by_scan, "{s}");
            // Replay maps what the pattern finds, and only what the map knows.
            let mut map = PlaceholderMap::new();
            for id in [
                "frg_aaaaaaaaaaaa",
                "frg_bbbbbbbbbbbb",
                "01ARZ3NDEKTSV4RRFFQ69G5FAV",
            ] {
                map.assign(id);
            }
            let by_pattern = placeholder_regex().replace_all(s, |caps: &regex::Captures<'_>| {
                let whole = &caps[0];
                map.id_of(&whole[2..whole.len() - 2])
                    .unwrap_or(whole)
                    .to_owned()
            });
            assert_eq!(replay(s, &map), by_pattern, "{s}");
        }
    }

    #[test]
    fn scanner_agrees_with_the_reference_regex() {
        let samples = [
            "frg_abcdefghijkl, _frg_2dnxh10dvv8b xfrg_obsji52tmjyffrg_m084plf5r4n\"frg_bdqq9dn4ax8b_",
            "éfrg_6y64lad4wfwc\tfrg_lfſtiptaidu8.2GHVWGCFYAE531HJTVM5AA0AMY 53xrvhcxseatn79wd4tyvswdvp,",
            "1138XHEHPVGE76BGDDDW7YWY9BA/1X5RYT0RHQ5TTPQ2J506DR37TJ1E2SX5SCCHAFB0C7RK8YV2RTN5.3JST5V25",
            "8ZZZZZZZZZZZZZZZZZZZZZZZZZ 7ZZZZZZZZZZZZZZZZZZZZZZZZU 7ZZZZZZZZZZZZZZZZZZZZZZZZZ漢7GB8NSRXT3BVRDD2K9KSZ3E24M字",
        ];
        for s in samples {
            let by_regex: Vec<_> = id_regex()
                .find_iter(s.as_bytes())
                .map(|m| m.range())
                .collect();
            let by_scanner: Vec<_> = id_matches(s).collect();
            assert_eq!(by_regex, by_scanner, "{s}");
        }
    }

    proptest::proptest! {
        /// The scanner finds what the reference pattern finds, wherever ids, words and
        /// separators fall against its blocks of eight bytes.
        #[test]
        fn scanner_agrees_with_the_reference_regex_anywhere(
            parts in proptest::collection::vec(
                proptest::prop_oneof![
                    "frg_[a-z0-9]{12}",
                    "[0-9A-HJKMNP-TV-Z]{26}",
                    "[a-zA-Z0-9_]{1,30}",
                    "[ ,.:\"{}é漢_-]{1,3}",
                ],
                0..12,
            )
        ) {
            let s = parts.concat();
            let by_regex: Vec<_> = id_regex()
                .find_iter(s.as_bytes())
                .map(|m| m.range())
                .collect();
            let by_scanner: Vec<_> = id_matches(&s).collect();
            proptest::prop_assert_eq!(by_regex, by_scanner, "{:?}", s);
        }
    }

    #[test]
    fn lookalikes() {
        let text =
            "{{frg_1}} {{ frg_1 }} {{frg_01}} {{FRG_2}} {frg_3} {{id-4}} {{frg_0}} {{{id_2}}}";
        assert_eq!(
            placeholder_lookalikes(text),
            [
                "{{ frg_1 }}",
                "{{frg_01}}",
                "{{FRG_2}}",
                "{frg_3}",
                "{{id-4}}",
                "{{frg_0}}"
            ]
        );
    }

    #[test]
    fn case_variants_are_distinct_ids() {
        let n = normalise("frg_abcdefghijkl frg_ABCDEFGHIJKL");
        assert_eq!(n.text, "{{frg_1}} {{frg_2}}");
    }

    #[test]
    fn record_then_replay() {
        let n = normalise("see frg_abcdefghijkl and 01ARZ3NDEKTSV4RRFFQ69G5FAV");
        let stored = to_placeholders(
            "[frg_abcdefghijkl, frg_unknownnnnnn, FRG_ABCDEFGHIJKL]",
            &n.map,
        );
        assert_eq!(stored, "[{{frg_1}}, frg_unknownnnnnn, FRG_ABCDEFGHIJKL]");
        assert_eq!(
            replay(&stored, &n.map),
            "[frg_abcdefghijkl, frg_unknownnnnnn, FRG_ABCDEFGHIJKL]"
        );
        assert_eq!(
            replay("{{frg_9}} {{frg_01}} {{ frg_1 }}", &n.map),
            "{{frg_9}} {{frg_01}} {{ frg_1 }}"
        );
    }
}
