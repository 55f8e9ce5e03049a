//! `--format json`: each event serialised on its own line (the README's "Machine output").

use std::io;

use crate::cli::report::event::{Event, Report};

use super::{Detail, Reporter};
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
        match event {
            // Display alone: never in JSON Lines (an input error is on stderr).
            Event::Context(_) => Ok(()),
            // Quiet keeps the verdicts: summaries, and the one answer per request.
            _ if self.quiet && !event.is_answer() => Ok(()),
            // Every other event as its command serialises it.
            _ => self.out.json(event),
        }
    }
}

impl Reporter for JsonLines {
    fn finish(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
