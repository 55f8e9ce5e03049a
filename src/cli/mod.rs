//! The binary's glue: one module per subcommand turns flags into library calls and reports
//! the returned data through [`output::Out`].

mod args;
mod backfill;
mod ctx;
mod diff;
mod hash;
mod lock;
mod lookup;
mod migrate;
mod output;
mod phrases;
mod prune;
mod record;
mod report;
mod review;
mod serve;
mod stores;
mod tools;
mod verify;

use std::process::ExitCode;

use clap::Parser;
use ulcas::outcome::Verdict;

use args::{Cli, Command};
use ctx::{Ctx, Exit, Failure};

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
