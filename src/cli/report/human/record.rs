//! `record` in human text: the cassette's path, a note when it was not created, a warning
//! when the answer fails the request's schema.

use std::io;
use std::path::Path;

use ulcas::record::RecordEvent;
use ulcas::store::RecordStatus;

use crate::cli::output::{Out, note};
use crate::cli::report::shown;

/// The event of `record`.
pub fn event(out: &mut Out, event: &RecordEvent<'_>, quiet: bool) -> io::Result<()> {
    let RecordEvent::Recorded {
        path,
        status,
        fails_schema,
        keyed_verbatim,
        prompt_in_code,
        ..
    } = event;
    recorded(out, path, *status, quiet)?;
    if !keyed_verbatim.is_empty() {
        note(&crate::cli::phrases::keyed_verbatim(
            keyed_verbatim,
            *prompt_in_code,
        ));
    }
    if let Some(first) = fails_schema.first() {
        let more = match fails_schema.len() {
            1 => String::new(),
            n => format!(" (and {} more)", n - 1),
        };
        note(&format!(
            "warning: the answer fails the request's output schema: {first}{more}; it is recorded as given, and its replay makes the app send a repair turn (verify reports it as `schema`)"
        ));
    }
    Ok(())
}

/// The cassette's path; a note when it was not created.
fn recorded(out: &mut Out, path: &Path, status: RecordStatus, quiet: bool) -> io::Result<()> {
    out.line(&shown(path))?;
    if status != RecordStatus::Created && !quiet {
        note(&format!("{status}: {}", shown(path)));
    }
    Ok(())
}
