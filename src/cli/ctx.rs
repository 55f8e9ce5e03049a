//! What every command shares with the dispatcher: the global flags' context, how a command
//! ends ([`Exit`], [`Failure`]) and [`finish`]. The commands import it; `cli/mod.rs` dispatches
//! to them and imports nothing back from them but their entry points.

use std::io;

use ulcas::Error;
use ulcas::outcome::Verdict;

use super::output;
use super::report::{self, Detail, Format, Reporter};

/// What every command gets from the global flags.
#[derive(Debug, Clone, Copy)]
pub struct Ctx {
    /// Colour human output.
    pub color: bool,
    /// Colour what goes to stderr (serve's log).
    pub color_stderr: bool,
    /// `--quiet`.
    pub quiet: bool,
    /// `--verbose`.
    pub verbose: bool,
}

impl Ctx {
    /// The reporter of `format`.
    pub fn reporter(&self, format: Format) -> Box<dyn Reporter> {
        report::reporter(format, self.detail())
    }

    /// How much reporters say.
    pub fn detail(&self) -> Detail {
        Detail {
            quiet: self.quiet,
            verbose: self.verbose,
            color: self.color,
            stat: false,
        }
    }

    /// The progress bar (hidden when quiet or not on a terminal).
    pub fn progress(&self) -> output::Bar {
        output::Bar::new(self.quiet)
    }
}

/// Why a command stopped.
#[derive(Debug)]
pub enum Failure {
    /// The command could not do its job (exit 2).
    Error(Error),
    /// Writing the output failed.
    Io(io::Error),
    /// Errors were already reported one by one (exit 2).
    Reported,
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        Failure::Error(e)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

/// The result of a command.
pub type Exit = Result<Verdict, Failure>;

/// The outcome of a command whose reporter has seen everything: a refusal, errors about single
/// inputs or files that could not be written (each already on stderr or in the report) make it
/// exit 2, else the run's verdict decides.
pub fn finish(reporter: &mut dyn Reporter, run: &dyn ulcas::outcome::Outcome) -> Exit {
    reporter.finish()?;
    if run.refusal().is_some() || run.input_errors() > 0 || run.failed() > 0 {
        return Err(Failure::Reported);
    }
    Ok(run.verdict())
}
