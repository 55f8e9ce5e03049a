//! The one escaping layer per medium. Text taken from a store or a request (file names, JSON
//! keys and values, messages that quote them) reaches readers who did not ask for it: a
//! pull-request comment, a job summary, an HTML page, a terminal. Every reporter writes such
//! text through these functions, never through its own replacements:
//!
//! - [`md_code`]: an inline code span that fits any content (a fence longer than any run of
//!   backticks inside), control characters written visibly, safe in a table cell;
//! - [`md_text`]: Markdown prose with every construct neutralised: headings, emphasis, links,
//!   images, raw HTML and comments, `@mentions`, autolinks, table pipes, line breaks;
//! - [`html`]: HTML text and attribute values;
//! - [`visible`]: control characters and bidirectional overrides as visible escapes (`\x1b`,
//!   `\n`, `\u{202e}`), which every other function applies first; the terminal printer
//!   ([`crate::cli::output::terminal_safe`]) is the same rule.

/// Whether `c` must never reach a reader raw: a control character (but tab) or a
/// bidirectional override, which can rewrite a terminal or reorder what a reader sees.
pub fn is_risky(c: char) -> bool {
    (c.is_control() && c != '\t')
        || ('\u{202a}'..='\u{202e}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

/// `c` as a visible escape: `\n`, `\r`, `\x1b`, `\u{202e}`.
pub fn push_visible(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        c if (c as u32) < 0x100 => out.push_str(&format!("\\x{:02x}", c as u32)),
        c => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
    }
}

/// `text` with every secret masked ([`ulcas::secrets::mask`], before any escape could split a
/// token's shape) and every risky character (see [`is_risky`]) written as a visible escape.
pub fn visible(text: &str) -> std::borrow::Cow<'_, str> {
    let masked = ulcas::secrets::mask(text);
    if !masked.chars().any(is_risky) {
        return masked;
    }
    let mut out = String::with_capacity(masked.len() + 8);
    for c in masked.chars() {
        if is_risky(c) {
            push_visible(&mut out, c);
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Breaks what GitHub links by itself in text: `@mentions`, `#123` references, autolinked URLs
/// (`://`, `www.`): an invisible word joiner after the trigger keeps the text as it reads.
const JOINER: char = '\u{2060}';

/// An inline code span holding exactly `text` (control characters made visible): the fence is
/// one backtick longer than the longest run inside, padded when the text starts or ends with a
/// backtick; a pipe is escaped so that the span can sit in a table cell.
pub fn md_code(text: &str) -> String {
    let body = visible(text).replace('|', "\\|");
    let longest = body.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = if body.starts_with('`') || body.ends_with('`') || body.is_empty() {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{body}{pad}{fence}")
}

/// Markdown prose that reads as `text` and renders no construct of its own: every ASCII
/// punctuation that Markdown gives meaning to is backslash-escaped, `<` `>` `&` are entities,
/// mentions and autolinks are broken, line breaks become spaces, control characters visible.
pub fn md_text(text: &str) -> String {
    let text = visible(text);
    let mut out = String::with_capacity(text.len() + 16);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\\' | '`' | '*' | '_' | '{' | '}' | '[' | ']' | '(' | ')' | '#' | '+' | '-' | '.'
            | '!' | '|' | '~' | '"' | '\'' | '=' | '$' | '^' => {
                out.push('\\');
                out.push(c);
            }
            '@' => {
                out.push('@');
                out.push(JOINER);
            }
            ':' if chars.peek() == Some(&'/') => {
                out.push(':');
                out.push(JOINER);
            }
            'w' | 'W' if out.ends_with(['w', 'W']) && chars.peek() == Some(&'.') => {
                out.push(c);
                out.push(JOINER);
            }
            c => out.push(c),
        }
    }
    out
}

/// HTML text (or a quoted attribute value) that shows `text` and nothing else.
pub fn html(text: &str) -> String {
    let text = visible(text);
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_masked_before_any_escape_splits_them() {
        let token = "ghp_abcdefghijklmnopqrstuvwxyz0123456789AB";
        for shown in [
            md_text(token),
            md_code(token),
            html(token),
            visible(token).into_owned(),
        ] {
            assert!(
                !shown.contains("ghp_abcdefghij") && !shown.contains("ghp\\_abcdefghij"),
                "{shown}"
            );
        }
    }

    #[test]
    fn code_spans_fit_any_content() {
        assert_eq!(md_code("a/b.json"), "`a/b.json`");
        assert_eq!(md_code("a`b"), "``a`b``");
        assert_eq!(md_code("`x``"), "``` `x`` ```");
        assert_eq!(md_code(""), "`  `");
        assert_eq!(md_code("a|b"), "`a\\|b`");
        assert_eq!(
            md_code("a` @octocat\n\n# Injected heading\n\n<!--"),
            "``a` @octocat\\n\\n# Injected heading\\n\\n<!--``"
        );
        assert_eq!(md_code("\x1b]0;x\x07\u{9b}"), "`\\x1b]0;x\\x07\\x9b`");
    }

    #[test]
    fn prose_renders_nothing_of_its_own() {
        let t = md_text("# h [l](u) ![i](x) <b>b</b> <!-- @octocat https://e.x www.e.x");
        assert!(!t.contains("<b>") && !t.contains("<!--"), "{t}");
        assert!(t.starts_with("\\# h \\[l\\]\\(u\\) \\!\\[i\\]"), "{t}");
        assert!(t.contains("@\u{2060}octocat"), "{t}");
        assert!(t.contains("https:\u{2060}//"), "{t}");
        assert!(
            t.contains("ww\u{2060}w") || t.contains("www\u{2060}"),
            "{t}"
        );
        assert_eq!(md_text("a\nb"), "a\\\\nb");
    }

    #[test]
    fn html_text() {
        assert_eq!(
            html("<a href=\"x\">'&'</a>\x1b"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;\\x1b"
        );
    }
}
