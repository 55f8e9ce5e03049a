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
//! - Replay replaces `{{frg_N}}`/`{{id_N}}` (exactly that form, ASCII digits) with the id the map
//!   holds for that placeholder; an unknown placeholder stays as it is.

use std::collections::HashMap;
use std::sync::OnceLock;

use regex::bytes::Regex;

/// The reference id pattern (see the module docs).
pub const ID_PATTERN: &str =
    r"(?i-u)\b(frg_[a-z0-9]{12})\b|\b([0-7][0-9a-hjkmnp-tv-z]{25})\b";

/// Well-formed placeholders, as replay recognises them.
pub const PLACEHOLDER_PATTERN: &str = r"\{\{(frg|id)_([0-9]+)\}\}";

/// The compiled id pattern.
pub fn id_regex() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(ID_PATTERN).expect("the id pattern compiles"))
}

fn placeholder_regex() -> &'static regex::Regex {
    static RE: OnceLock<regex::Regex> = OnceLock::new();
    RE.get_or_init(|| regex::Regex::new(PLACEHOLDER_PATTERN).expect("the placeholder pattern compiles"))
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

/// The placeholder → original id map of one request, in order of first appearance.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlaceholderMap {
    /// `(placeholder name without braces, original id)`, e.g. `("frg_1", "frg_ab12cd34ef56")`.
    entries: Vec<(String, String)>,
    by_id: HashMap<String, usize>,
    by_placeholder: HashMap<String, usize>,
    fragments: usize,
    others: usize,
}

impl PlaceholderMap {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }

    /// The placeholder name (`frg_3`) for `id`, assigning the next one when it is new.
    pub fn assign(&mut self, id: &str) -> &str {
        if let Some(&i) = self.by_id.get(id) {
            return &self.entries[i].0;
        }
        let kind = IdKind::of(id);
        let n = match kind {
            IdKind::Fragment => {
                self.fragments += 1;
                self.fragments
            }
            IdKind::Other => {
                self.others += 1;
                self.others
            }
        };
        let name = format!("{}_{n}", kind.prefix());
        let index = self.entries.len();
        self.by_id.insert(id.to_owned(), index);
        self.by_placeholder.insert(name.clone(), index);
        self.entries.push((name, id.to_owned()));
        &self.entries[index].0
    }

    /// The placeholder name of a known id.
    pub fn placeholder_of(&self, id: &str) -> Option<&str> {
        self.by_id.get(id).map(|&i| self.entries[i].0.as_str())
    }

    /// The original id of a placeholder name (`frg_1`, without braces).
    pub fn id_of(&self, placeholder: &str) -> Option<&str> {
        self.by_placeholder.get(placeholder).map(|&i| self.entries[i].1.as_str())
    }

    /// `(placeholder name, id)` pairs in order of first appearance.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.entries.iter().map(|(p, id)| (p.as_str(), id.as_str()))
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

/// Request content with its ids replaced by placeholders, and the map to undo it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NormalisedContent {
    /// The content exactly as it enters the key.
    pub text: String,
    /// Placeholder → original id.
    pub map: PlaceholderMap,
}

/// Replaces every id in `content` by its placeholder (see the module docs).
pub fn normalise(content: &str) -> NormalisedContent {
    let mut map = PlaceholderMap::new();
    let mut text = String::with_capacity(content.len());
    let mut last = 0;
    for m in id_regex().find_iter(content.as_bytes()) {
        // Matches are ASCII, so their bounds are char boundaries.
        text.push_str(&content[last..m.start()]);
        let name = map.assign(&content[m.start()..m.end()]);
        text.push_str("{{");
        text.push_str(name);
        text.push_str("}}");
        last = m.end();
    }
    text.push_str(&content[last..]);
    NormalisedContent { text, map }
}

/// What the recorder stores: every id of `answer` that the request's map knows becomes its
/// placeholder; other ids (and other spellings of known ids) stay as they are.
pub fn to_placeholders(answer: &str, map: &PlaceholderMap) -> String {
    let mut out = String::with_capacity(answer.len());
    let mut last = 0;
    for m in id_regex().find_iter(answer.as_bytes()) {
        if let Some(name) = map.placeholder_of(&answer[m.start()..m.end()]) {
            out.push_str(&answer[last..m.start()]);
            out.push_str("{{");
            out.push_str(name);
            out.push_str("}}");
            last = m.end();
        }
    }
    out.push_str(&answer[last..]);
    out
}

/// What replay returns: every well-formed placeholder the map knows becomes the current id.
pub fn replay(stored: &str, map: &PlaceholderMap) -> String {
    placeholder_regex()
        .replace_all(stored, |caps: &regex::Captures<'_>| {
            let whole = &caps[0];
            match map.id_of(&whole[2..whole.len() - 2]) {
                Some(id) => id.to_owned(),
                None => whole.to_owned(),
            }
        })
        .into_owned()
}

/// A well-formed placeholder found in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlaceholderUse {
    /// Byte offset in the text.
    pub offset: usize,
    /// The name without braces (`frg_1`).
    pub name: String,
    /// The ordinal as written (may be 0 or have leading zeros: replay then leaves it alone).
    pub ordinal: String,
}

/// Every well-formed placeholder in `text`, in order.
pub fn placeholders_in(text: &str) -> Vec<PlaceholderUse> {
    placeholder_regex()
        .captures_iter(text)
        .map(|c| {
            let whole = c.get(0).expect("group 0 always matches");
            PlaceholderUse {
                offset: whole.start(),
                name: whole.as_str()[2..whole.len() - 2].to_owned(),
                ordinal: c[2].to_owned(),
            }
        })
        .collect()
}

/// Every raw id in `text` (what the id pattern matches), with its byte offset.
pub fn ids_in(text: &str) -> Vec<(usize, &str)> {
    id_regex()
        .find_iter(text.as_bytes())
        .map(|m| (m.start(), &text[m.start()..m.end()]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_each_kind_in_order_of_first_appearance() {
        let n = normalise("frg_abcdefghijkl 01ARZ3NDEKTSV4RRFFQ69G5FAV frg_abcdefghijkl frg_zzzzzzzzzzzz");
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
        assert_eq!(normalise("frg_abcdefghij\u{212a}l").text, "frg_abcdefghij\u{212a}l");
        assert_eq!(normalise("FRG_ABCDEFGHIJKL").text, "{{id_1}}");
        assert_eq!(normalise("Frg_abcdefghijkl").text, "{{id_1}}");
    }

    #[test]
    fn case_variants_are_distinct_ids() {
        let n = normalise("frg_abcdefghijkl frg_ABCDEFGHIJKL");
        assert_eq!(n.text, "{{frg_1}} {{frg_2}}");
    }

    #[test]
    fn record_then_replay() {
        let n = normalise("see frg_abcdefghijkl and 01ARZ3NDEKTSV4RRFFQ69G5FAV");
        let stored = to_placeholders("[frg_abcdefghijkl, frg_unknownnnnnn, FRG_ABCDEFGHIJKL]", &n.map);
        assert_eq!(stored, "[{{frg_1}}, frg_unknownnnnnn, FRG_ABCDEFGHIJKL]");
        assert_eq!(replay(&stored, &n.map), "[frg_abcdefghijkl, frg_unknownnnnnn, FRG_ABCDEFGHIJKL]");
        assert_eq!(replay("{{frg_9}} {{frg_01}} {{ frg_1 }}", &n.map), "{{frg_9}} {{frg_01}} {{ frg_1 }}");
    }
}
