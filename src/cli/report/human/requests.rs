//! `normalize` and `hash` in human text: one request at a time.

use std::io;
use std::path::Path;

use ulcas::dumps::RequestEvent;
use ulcas::normalise::PlaceholderMap;

use crate::cli::output::{Out, Tone};
use crate::cli::report::shown;

/// The events of `normalize` and `hash`.
pub fn event(out: &mut Out, event: &RequestEvent<'_>) -> io::Result<()> {
    match event {
        RequestEvent::Normalized {
            request,
            content,
            map,
            several,
            task,
        } => normalized(out, request, content, map, *several, *task),
        RequestEvent::Key {
            request,
            hash,
            path,
            several,
            ..
        } => key(out, request, hash, path, *several),
    }
}

/// The normalised content, its placeholders highlighted, and the placeholder map.
fn normalized(
    out: &mut Out,
    request: &Path,
    content: &str,
    map: &PlaceholderMap,
    several: bool,
    (task, version): (&str, i64),
) -> io::Result<()> {
    if several {
        let head = format!("== {} ({task} v{version})", shown(request));
        out.line(&out.paint(Tone::Strong, &head))?;
    }
    let text = highlight_placeholders(out, content);
    out.block(&text)?;
    let summary = match map.len() {
        0 => "no generated ids".to_owned(),
        1 => "1 placeholder:".to_owned(),
        n => format!("{n} placeholders:"),
    };
    let summary = out.paint(Tone::Dim, &format!("\n{summary}"));
    out.line(&summary)?;
    for (placeholder, id) in map.iter() {
        let p = out.paint(Tone::Accent, &format!("{{{{{placeholder}}}}}"));
        out.line(&format!("  {p:<12} {id}"))?;
    }
    if several {
        out.line("")?;
    }
    Ok(())
}

/// Placeholders painted so they stand out in normalised content.
fn highlight_placeholders(out: &Out, text: &str) -> String {
    if !out.color {
        return text.to_owned();
    }
    let mut result = String::with_capacity(text.len());
    let mut last = 0;
    for p in ulcas::normalise::placeholders_in(text) {
        let end = p.end();
        result.push_str(&text[last..p.offset]);
        result.push_str(&out.paint(Tone::Accent, &text[p.offset..end]));
        last = end;
    }
    result.push_str(&text[last..]);
    result
}

/// `HASH  PATH`, prefixed with the dump when there are several.
fn key(out: &mut Out, request: &Path, hash: &str, path: &Path, several: bool) -> io::Result<()> {
    let hash = out.paint(Tone::Accent, hash);
    let prefix = if several {
        format!("{}: ", shown(request))
    } else {
        String::new()
    };
    out.line(&format!("{prefix}{hash}  {}", shown(path)))
}
