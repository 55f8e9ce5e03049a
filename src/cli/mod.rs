//! The binary's glue: one module per subcommand turns flags into library calls and reports
//! the returned data through [`output::Out`].

mod args;
mod backfill;
mod diff;
mod hash;
mod lookup;
mod migrate;
mod output;
mod prune;
mod record;
mod render;
mod review;
mod review_html;
mod review_markdown;
mod stores;
mod tools;
mod verify;

use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use ulcas::request::Request;
use ulcas::Error;

pub use args::Cli;
use args::Command;

/// What a command answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// Done, nothing wrong (exit 0).
    Yes,
    /// The answer is no: a miss, errors found, differences (exit 1).
    No,
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
pub type Outcome = Result<Answer, Failure>;

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
        Ok(Answer::Yes) => ExitCode::SUCCESS,
        Ok(Answer::No) => ExitCode::from(1),
        // A closed stdout never gets here: the printer stops writing and the run keeps its answer.
        Err(Failure::Io(e)) => {
            output::error_line(&format!("writing output: {e}"));
            ExitCode::from(2)
        }
        Err(Failure::Error(e)) => {
            output::error_line(&e.to_string());
            ExitCode::from(2)
        }
        Err(Failure::Reported) => ExitCode::from(2),
    }
}

fn run(cli: Cli) -> Outcome {
    let color = output::use_color(cli.color);
    match cli.command {
        Command::Normalize(a) => hash::normalize(a, color),
        Command::Hash(a) => hash::hash(a, color),
        Command::Record(a) => record::record(a, color),
        Command::Completions { shell } => tools::completions(shell),
        Command::Manpage => tools::manpage(),
        Command::Verify(a) => verify::verify(a, color),
        Command::Prune(a) => prune::prune(a, color),
        Command::Backfill(a) => backfill::backfill(a, color),
        Command::Migrate(a) => migrate::migrate(a, color),
        Command::Review(a) => review::review(a, color),
        Command::Lookup(a) => lookup::lookup(a, color),
        Command::Diff(a) => diff::diff(a, color),
    }
}

/// Prints an error about one input and returns the failure to end the command with once
/// the other inputs are done.
pub fn per_file_error(e: Error) -> Failure {
    output::error_line(&e.to_string());
    Failure::Reported
}

/// Reads every request dump of `paths` and hands it to `each`. A dump that cannot be read,
/// or an error `each` returns about one request, is reported at once and the other requests
/// are still done; the command then ends with exit 2. Output errors stop everything.
pub fn each_request(
    paths: &[PathBuf],
    mut each: impl FnMut(&Path, Request, bool) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let files = request_files(paths)?;
    let several = files.len() > 1;
    let mut failed = None;
    for file in &files {
        let outcome = Request::from_file(file)
            .map_err(Failure::from)
            .and_then(|r| each(file, r, several));
        match outcome {
            Ok(()) => {}
            Err(Failure::Error(e)) => failed = Some(per_file_error(e.with_file(file))),
            Err(Failure::Reported) => failed = Some(Failure::Reported),
            Err(io) => return Err(io),
        }
    }
    failed.map_or(Ok(()), Err)
}

/// Expands request arguments: files as given, folders to their `*.json` files (sorted).
pub fn request_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Error> {
    let mut files = Vec::new();
    for path in paths {
        // A missing or unreadable file is reported when it is read, with the others still done.
        if std::fs::metadata(path).is_ok_and(|m| m.is_dir()) {
            let mut found: Vec<PathBuf> = walkdir::WalkDir::new(path)
                .sort_by_file_name()
                .into_iter()
                .filter_map(|e| e.ok())
                .filter(|e| {
                    e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "json")
                })
                .map(|e| e.into_path())
                .collect();
            if found.is_empty() {
                return Err(Error::in_file(
                    path,
                    "no request dumps (*.json) in this folder",
                ));
            }
            files.append(&mut found);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

/// A path in human output: as given, with control characters (a newline or an escape sequence
/// in a crafted file name) written as visible escapes, so that it stays on its line.
pub fn shown(path: &Path) -> String {
    output::terminal_safe(&path.display().to_string(), false, false).into_owned()
}

/// A path exactly as given (JSON output and annotations, which escape it themselves).
pub fn exact(path: &Path) -> String {
    path.display().to_string()
}

/// The command line that was run, with `flag` added, quoted for a POSIX shell.
pub fn rerun_with(flag: &str) -> String {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut words: Vec<&str> = vec!["ulcas"];
    words.extend(args.iter().map(String::as_str));
    words.push(flag);
    ulcas::settings::shell_words(&words)
}
