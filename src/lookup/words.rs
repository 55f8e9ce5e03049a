//! A word diff made short enough to read: changed words shown whole (a very long run cut in
//! its middle), unchanged text cut to a little context, invisible characters made visible, and
//! at most [`MAX_LINES`] lines. `ulcas lookup`, `diff`, `review` and a served miss show their
//! word diffs through it, each painting the parts its own way.
//!
//! ```
//! use ulcas::lookup::words::visible;
//!
//! // Invisible characters made visible, so that a diff shows what differs.
//! assert_eq!(visible("a\u{a0}b\t"), "a⍽b␉");
//! ```

use super::DiffTag;

/// What a part of a compact diff is, for its paint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Shade {
    /// The mark where unchanged text was cut (` … `).
    Cut,
    /// Removed words (`[-…-]`).
    Removed,
    /// Added words (`{+…+}`).
    Added,
}

/// A compact word diff.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Compact {
    /// Its lines (at most [`MAX_LINES`]).
    pub lines: Vec<String>,
    /// How many more lines there were.
    pub more: usize,
}

/// The most lines one compact diff holds: a 50 MB request must not print 60 MB of diff.
pub const MAX_LINES: usize = 200;

/// The most characters of one changed run shown (the middle of a longer one is cut).
const MAX_RUN: usize = 2_000;

/// Unchanged characters kept on each side of a change.
const CONTEXT: usize = 40;

/// `diff` made compact, each part painted by `paint` (unpainted text is as it is).
pub fn compact(diff: &[(DiffTag, String)], paint: &dyn Fn(Shade, &str) -> String) -> Compact {
    let mut text = String::new();
    for (i, (tag, s)) in diff.iter().enumerate() {
        match tag {
            DiffTag::Same => {
                let keep_start = i > 0;
                let keep_end = i + 1 < diff.len();
                let chars = s.chars().count();
                if chars > 2 * CONTEXT + 5 {
                    let (head, tail) = context_cuts(s, CONTEXT);
                    if keep_start {
                        text.push_str(&s[..head]);
                    }
                    text.push_str(&paint(Shade::Cut, " … "));
                    if keep_end {
                        text.push_str(&s[tail..]);
                    }
                } else {
                    text.push_str(s);
                }
            }
            DiffTag::Removed => text.push_str(&paint(
                Shade::Removed,
                &format!("[-{}-]", cut_middle(&visible(s), MAX_RUN)),
            )),
            DiffTag::Added => text.push_str(&paint(
                Shade::Added,
                &format!("{{+{}+}}", cut_middle(&visible(s), MAX_RUN)),
            )),
        }
    }
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let more = lines.len().saturating_sub(MAX_LINES);
    lines.truncate(MAX_LINES);
    Compact { lines, more }
}

/// Makes invisible characters visible (they are often the whole difference).
pub fn visible(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\r' => out.push('␍'),
            '\t' => out.push('␉'),
            '\n' => out.push_str("⏎\n"),
            ' ' => out.push('·'),
            '\u{a0}' => out.push('⍽'),
            c if c.is_control()
                || matches!(
                    c,
                    '\u{200b}'..='\u{200f}' | '\u{2028}' | '\u{2029}' | '\u{feff}'
                ) =>
            {
                out.push_str(&format!("<U+{:04X}>", u32::from(c)))
            }
            c => out.push(c),
        }
    }
    out
}

/// `s`, with its middle cut (saying how much) when longer than `max` characters.
fn cut_middle(s: &str, max: usize) -> std::borrow::Cow<'_, str> {
    let total = s.chars().count();
    if total <= max {
        return std::borrow::Cow::Borrowed(s);
    }
    let head: String = s.chars().take(max / 2).collect();
    let tail: String = s.chars().skip(total - max / 4).collect();
    std::borrow::Cow::Owned(format!(
        "{head} … [{} characters cut] … {tail}",
        total - max / 2 - max / 4
    ))
}

/// Where to cut `s` to keep `context` characters at each end (byte offsets: the end of the
/// head, the start of the tail), never in the middle of a placeholder (`{{id_2}}` is shown
/// whole or not at all).
fn context_cuts(s: &str, context: usize) -> (usize, usize) {
    let byte_at = |n: usize| s.char_indices().nth(n).map_or(s.len(), |(i, _)| i);
    let mut head = byte_at(context);
    let mut tail = byte_at(s.chars().count().saturating_sub(context));
    for p in crate::normalise::placeholders_in(s) {
        let end = p.offset + p.name.len() + 4;
        if p.offset < head && head < end {
            head = p.offset;
        }
        if p.offset < tail && tail < end {
            tail = end;
        }
    }
    (head, tail.max(head))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(_: Shade, s: &str) -> String {
        s.to_owned()
    }

    #[test]
    fn a_huge_difference_is_shown_cut() {
        let big = "word ".repeat(100_000);
        let c = compact(&[(DiffTag::Added, big)], &plain);
        let shown: usize = c.lines.iter().map(|l| l.chars().count()).sum();
        assert!(shown < 2_500, "{shown}");
        assert!(c.lines[0].contains("characters cut"), "{:?}", c.lines);
        let many = "line\n".repeat(1_000);
        let c = compact(&[(DiffTag::Same, many)], &plain);
        assert!(c.lines.len() <= MAX_LINES);
        let c = compact(&[(DiffTag::Removed, "line\n".repeat(300))], &plain);
        assert_eq!(
            (c.lines.len(), c.more),
            (MAX_LINES, 101),
            "300 lines and the mark's own"
        );
        assert_eq!(c.lines[1], "line⏎");
    }

    #[test]
    fn changes_are_painted_and_context_is_cut() {
        let diff = [
            (DiffTag::Same, "a".repeat(100)),
            (DiffTag::Removed, "old word".into()),
            (DiffTag::Added, "new".into()),
            (DiffTag::Same, " tail".into()),
        ];
        let paint = |shade: Shade, s: &str| format!("<{shade:?}>{s}");
        let c = compact(&diff, &paint);
        assert_eq!(
            c.lines,
            [format!(
                "<Cut> … {}<Removed>[-old·word-]<Added>{{+new+}} tail",
                "a".repeat(40)
            )]
        );
    }

    #[test]
    fn cuts_never_split_a_placeholder() {
        let s = format!(
            "{}{{{{id_2}}}}{}{{{{frg_13}}}}{}",
            "a".repeat(37),
            "b".repeat(100),
            "c".repeat(33)
        );
        let (head, tail) = context_cuts(&s, 40);
        assert_eq!(&s[..head], "a".repeat(37));
        assert!(s[tail..].starts_with('c'), "{}", &s[tail..]);
        let (head, tail) = context_cuts(&"x".repeat(200), 40);
        assert_eq!((head, tail), (40, 160));
    }
}
