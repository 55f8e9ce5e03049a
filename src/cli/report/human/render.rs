//! Difference rendering shared by `lookup` and `diff`: word diffs cut to context, line diffs
//! with inline emphasis, invisible characters made visible.

use std::time::Duration;

use similar::{Algorithm, ChangeTag, TextDiff};

use ulcas::lookup::DiffTag;
use ulcas::lookup::words::{self, Shade};

use crate::cli::output::{Out, Tone};

pub use ulcas::lookup::words::visible;

/// A compact word diff ([`ulcas::lookup::words::compact`]) in this output's colours, indented,
/// with a line saying how many lines were left out.
pub fn compact_diff(out: &Out, diff: &[(DiffTag, String)]) -> Vec<String> {
    let paint = |shade: Shade, s: &str| {
        let tone = match shade {
            Shade::Removed => Tone::Bad,
            Shade::Added => Tone::Good,
            _ => Tone::Dim,
        };
        out.paint(tone, s)
    };
    let compact = words::compact(diff, &paint);
    let mut lines: Vec<String> = compact.lines.iter().map(|l| format!("      {l}")).collect();
    if compact.more > 0 {
        lines.push(more_lines(out, compact.more));
    }
    lines
}

/// The line that says `more` lines of a diff were left out.
fn more_lines(out: &Out, more: usize) -> String {
    out.paint(
        Tone::Dim,
        &format!("      … {more} more lines of difference (--format json has all of it)"),
    )
}

/// `lines`, the first [`MAX_DIFF_LINES`] of them and a line saying how many more there are.
fn capped(out: &Out, mut lines: Vec<String>) -> Vec<String> {
    if lines.len() > MAX_DIFF_LINES {
        let more = lines.len() - MAX_DIFF_LINES;
        lines.truncate(MAX_DIFF_LINES);
        lines.push(more_lines(out, more));
    }
    lines
}

/// The most lines one rendered diff shows, as a word diff does.
const MAX_DIFF_LINES: usize = words::MAX_LINES;

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
    #[test]
    fn a_huge_difference_is_shown_cut() {
        let out = crate::cli::output::Out::stdout(false);
        let lines = super::compact_diff(
            &out,
            &[(ulcas::lookup::DiffTag::Removed, "line\n".repeat(300))],
        );
        assert_eq!(lines.len(), super::MAX_DIFF_LINES + 1);
        assert!(lines[1].starts_with("      line"), "indented: {lines:?}");
        assert!(
            lines
                .last()
                .unwrap()
                .contains("101 more lines of difference")
        );
        let many = "line\n".repeat(10_000);
        let lines = super::line_diff(&out, "", &many);
        assert_eq!(lines.len(), super::MAX_DIFF_LINES + 1);
        assert!(lines.last().unwrap().contains("more lines of difference"));
    }
}
