//! Difference rendering shared by `lookup` and `diff`: word diffs cut to context, line diffs
//! with inline emphasis, invisible characters made visible.

use std::time::Duration;

use similar::{Algorithm, ChangeTag, TextDiff};

use ulcas::lookup::DiffTag;

use crate::cli::output::{Out, Tone};

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

/// A compact word diff: changed words emphasised, unchanged text cut to a little context.
pub fn compact_diff(out: &Out, diff: &[(DiffTag, String)]) -> Vec<String> {
    const CONTEXT: usize = 40;
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
                    text.push_str(&out.paint(Tone::Dim, " … "));
                    if keep_end {
                        text.push_str(&s[tail..]);
                    }
                } else {
                    text.push_str(s);
                }
            }
            DiffTag::Removed => text.push_str(&out.paint(
                Tone::Bad,
                &format!("[-{}-]", cut_middle(&visible(s), MAX_RUN)),
            )),
            DiffTag::Added => text.push_str(&out.paint(
                Tone::Good,
                &format!("{{+{}+}}", cut_middle(&visible(s), MAX_RUN)),
            )),
        }
    }
    capped(out, text.lines().map(|l| format!("      {l}")).collect())
}

/// The most characters of one changed run a word diff shows (the middle of a longer one is cut).
const MAX_RUN: usize = 2_000;

/// The most lines one rendered diff shows: a 50 MB request must not print 60 MB of diff.
const MAX_DIFF_LINES: usize = 200;

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

/// `lines`, the first [`MAX_DIFF_LINES`] of them and a line saying how many more there are.
fn capped(out: &Out, mut lines: Vec<String>) -> Vec<String> {
    if lines.len() > MAX_DIFF_LINES {
        let more = lines.len() - MAX_DIFF_LINES;
        lines.truncate(MAX_DIFF_LINES);
        lines.push(out.paint(
            Tone::Dim,
            &format!("      … {more} more lines of difference (--format json has all of it)"),
        ));
    }
    lines
}

/// Where to cut `s` to keep `context` characters at each end (byte offsets: the end of the
/// head, the start of the tail), never in the middle of a placeholder (`{{id_2}}` is shown
/// whole or not at all).
fn context_cuts(s: &str, context: usize) -> (usize, usize) {
    let byte_at = |n: usize| s.char_indices().nth(n).map_or(s.len(), |(i, _)| i);
    let mut head = byte_at(context);
    let mut tail = byte_at(s.chars().count().saturating_sub(context));
    for p in ulcas::normalise::placeholders_in(s) {
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

/// A unified line diff (Patience, with a deadline) with the changed words emphasised.
pub fn line_diff(out: &Out, old: &str, new: &str) -> Vec<String> {
    let diff = TextDiff::configure()
        .algorithm(Algorithm::Patience)
        .timeout(Duration::from_millis(200))
        .diff_lines(old, new);
    let mut lines = Vec::new();
    for (i, group) in diff.grouped_ops(3).iter().enumerate() {
        if i > 0 {
            lines.push(out.paint(Tone::Dim, "      ⋯"));
        }
        for op in group {
            for change in diff.iter_inline_changes(op) {
                let (sign, tone) = match change.tag() {
                    ChangeTag::Delete => ('-', Tone::Bad),
                    ChangeTag::Insert => ('+', Tone::Good),
                    ChangeTag::Equal => (' ', Tone::Dim),
                };
                let mut line = format!("    {sign} ");
                for (emphasised, value) in change.iter_strings_lossy() {
                    let value = value.trim_end_matches('\n');
                    if emphasised && change.tag() != ChangeTag::Equal {
                        let shown = if value.trim().is_empty() {
                            visible(value)
                        } else {
                            value.to_owned()
                        };
                        line.push_str(&out.paint(Tone::Strong, &out.paint(tone, &shown)));
                    } else {
                        line.push_str(&out.paint(tone, value));
                    }
                }
                lines.push(line);
            }
        }
        if lines.len() > MAX_DIFF_LINES {
            break;
        }
    }
    capped(out, lines)
}

#[cfg(test)]
mod tests {
    use super::context_cuts;

    #[test]
    fn a_huge_difference_is_shown_cut() {
        let out = crate::cli::output::Out::stdout(false);
        let big = "word ".repeat(100_000);
        let lines = super::compact_diff(&out, &[(ulcas::lookup::DiffTag::Added, big.clone())]);
        let shown: usize = lines.iter().map(|l| l.chars().count()).sum();
        assert!(shown < 2_500, "{shown}");
        assert!(lines[0].contains("characters cut"), "{lines:?}");
        let many = "line\n".repeat(10_000);
        let lines = super::line_diff(&out, "", &many);
        assert_eq!(lines.len(), super::MAX_DIFF_LINES + 1);
        assert!(lines.last().unwrap().contains("more lines of difference"));
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
