//! `lock` in human text: what changed in each store's `ulcas.lock`, and what to do where a
//! prompt or schema was edited without a version bump.

use std::io;

use ulcas::lock::{LockChange, LockEvent, LockSummary, LockedVersion};

use crate::cli::output::{Out, Tone};
use crate::cli::report::shown;

/// An event of `lock` in the store `store`.
pub fn event(
    out: &mut Out,
    store: Option<&std::path::Path>,
    event: &LockEvent<'_>,
    detail: crate::cli::report::Detail,
) -> io::Result<()> {
    match event {
        LockEvent::Locked(v) if !detail.quiet => locked(out, store, v, detail.verbose),
        LockEvent::NoPrompt {
            task,
            version,
            path,
            in_code,
        } if !detail.quiet => no_prompt(out, task, *version, path, *in_code),
        LockEvent::Locked(_) | LockEvent::NoPrompt { .. } => Ok(()),
        LockEvent::Summary(s) => total(out, s),
    }
}

/// One version's entry (unchanged ones only with `--verbose`), named by its folder in `store`
/// (two stores may lock the same task and version).
pub fn locked(
    out: &mut Out,
    store: Option<&std::path::Path>,
    v: &LockedVersion,
    verbose: bool,
) -> io::Result<()> {
    let name = format!("{}/v{}", v.task, v.version);
    let folder = match store {
        Some(root) => shown(&root.join(&v.task).join(format!("v{}", v.version))),
        None => name.clone(),
    };
    let (tone, label, rest) = match v.change {
        LockChange::Unchanged if !verbose => return Ok(()),
        LockChange::Unchanged => (Tone::Dim, "unchanged", String::new()),
        LockChange::Added => (Tone::Good, "added    ", String::new()),
        LockChange::Accepted => (
            Tone::Warn,
            "accepted ",
            " (its recordings were re-made with the current text)".to_owned(),
        ),
        LockChange::Dropped => (Tone::Dim, "dropped  ", " (no recordings left)".to_owned()),
        LockChange::Differs => (
            Tone::Bad,
            "DIFFERS  ",
            format!(
                ": {} (or its schema) changed since it was locked, without a version bump; entry kept. Restore the text and add v{}.md for the new one, or, if the recordings were re-made with it: ulcas lock --accept {name}",
                shown(&v.prompt_file),
                v.version + 1
            ),
        ),
    };
    let label = out.paint(tone, label);
    out.line(&format!("{label} {folder}{rest}"))
}

/// A recorded version without a prompt file.
pub fn no_prompt(
    out: &mut Out,
    task: &str,
    version: i64,
    path: &std::path::Path,
    in_code: bool,
) -> io::Result<()> {
    if in_code {
        let label = out.paint(Tone::Dim, "in code  ");
        return out.line(&format!(
            "{label} {task}/v{version}: a prompt written in code ({}): its system text is part of its key, so it needs no entry",
            shown(path)
        ));
    }
    let label = out.paint(Tone::Warn, "no prompt");
    out.line(&format!(
        "{label} {task}/v{version}: recorded ({}), but no prompt file v{version}.md was read for it: no entry",
        shown(path)
    ))
}

/// `ulcas.lock: 3 added, 2 unchanged (written)`.
pub fn total(out: &mut Out, s: &LockSummary) -> io::Result<()> {
    let mut parts = Vec::new();
    for (n, what) in [
        (s.added, "added"),
        (s.accepted, "accepted"),
        (s.dropped, "dropped"),
        (s.unchanged, "unchanged"),
        (s.differs, "differ (kept)"),
        (s.no_prompt, "without a prompt file"),
        (s.in_code, "prompts in code (no entry needed)"),
    ] {
        if n > 0 {
            parts.push(format!("{n} {what}"));
        }
    }
    let written = if s.written > 0 {
        "written"
    } else {
        "nothing to write"
    };
    let line = format!("ulcas.lock: {} ({written})", parts.join(", "));
    let tone = if s.differs > 0 {
        Tone::Bad
    } else {
        Tone::Strong
    };
    out.line(&out.paint(tone, &line))
}
