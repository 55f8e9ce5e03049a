//! The binary's glue: one module per subcommand turns flags into library calls and reports
//! the returned data through [`output::Out`].

mod args;
mod backfill;
mod diff;
mod hash;
mod lock;
mod lookup;
mod migrate;
mod output;
mod prune;
mod record;
mod report;
mod review;
mod serve;
mod stores;
mod tools;
mod verify;

use std::io;
use std::process::ExitCode;

use clap::Parser;
use ulcas::outcome::Verdict;
use ulcas::Error;

use report::{Detail, Format, Reporter};

pub use args::Cli;
use args::Command;

/// What a command answered: exit 0 or 1.
pub type Answer = Verdict;

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
pub type Exit = Result<Answer, Failure>;

/// Parses the command line, runs the command, maps the outcome to an exit code.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match run(cli) {
        Ok(Verdict::Pass) => ExitCode::SUCCESS,
        Ok(Verdict::Fail) => ExitCode::from(1),
        // A closed stdout never gets here: the printer stops writing and the run keeps its answer.
        Err(Failure::Io(e)) => {
            output::error_line(&format!("writing output: {e}"));
            ExitCode::from(2)
        }
        Err(Failure::Error(e)) => {
            output::error_line(&output::said(&e));
            ExitCode::from(2)
        }
        Err(Failure::Reported) => ExitCode::from(2),
    }
}

fn run(cli: Cli) -> Exit {
    // Commands that read a store's many small files: zeroing the 2 MB pages the allocator
    // would get costs more than huge pages save (a tenth of a lookup). Commands on one large
    // request (`hash`, `normalize`, `diff`, `record`) keep them: they save its page faults.
    if matches!(
        cli.command,
        Command::Verify(_)
            | Command::Prune(_)
            | Command::Lookup(_)
            | Command::Backfill(_)
            | Command::Migrate(_)
            | Command::Review(_)
            | Command::Lock(_)
    ) {
        // Nothing else changes when the kernel refuses.
        let _ = rustix::thread::disable_transparent_huge_pages(true);
    }
    let ctx = Ctx {
        color: output::use_color(cli.color),
        color_stderr: output::use_color_on_stderr(cli.color),
        quiet: cli.quiet,
        verbose: cli.verbose,
    };
    match cli.command {
        Command::Normalize(a) => hash::normalize(a, ctx),
        Command::Hash(a) => hash::hash(a, ctx),
        Command::Record(a) => record::record(a, ctx),
        Command::Completions { shell } => tools::completions(shell),
        Command::Manpage { command } => tools::manpage(command),
        Command::Verify(a) => verify::verify(a, ctx),
        Command::Prune(a) => prune::prune(a, ctx),
        Command::Backfill(a) => backfill::backfill(a, ctx),
        Command::Migrate(a) => migrate::migrate(a, ctx),
        Command::Review(a) => review::review(a, ctx),
        Command::Lock(a) => lock::lock(a, ctx),
        Command::Lookup(a) => lookup::lookup(a, ctx),
        Command::Diff(a) => diff::diff(a, ctx),
        Command::Serve(a) => serve::serve(a, ctx),
    }
}

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
