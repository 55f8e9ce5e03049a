//! `--format json`: each event serialised on its own line (the README's "Machine output").

use std::io;

use crate::cli::report::event::{Event, Report};

use super::{input_error, Detail, Reporter};
use crate::cli::output::Out;

/// JSON Lines on stdout.
pub struct JsonLines {
    out: Out,
    quiet: bool,
}

impl JsonLines {
    /// A reporter on `out`; `quiet` keeps only the summary events.
    pub fn new(out: Out, detail: Detail) -> Self {
        JsonLines {
            out,
            quiet: detail.quiet,
        }
    }
}

impl Report for JsonLines {
    fn report(&mut self, event: &Event<'_>) -> io::Result<()> {
        if input_error(event) || event.is_context() {
            return Ok(());
        }
        // Quiet keeps the verdicts: summaries, and the one answer per request.
        if self.quiet && !event.is_answer() {
            return Ok(());
        }
        self.out.json(event)
    }
}

impl Reporter for JsonLines {
    fn finish(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
