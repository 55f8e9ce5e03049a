//! `completions` and `manpage`: generated from the clap command, so they never drift from it.

use clap::CommandFactory;

use super::{Answer, Cli, Outcome};

/// Prints the completion script of `shell`.
pub fn completions(shell: clap_complete::Shell) -> Outcome {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "ulcas", &mut buf);
    super::output::write_stdout(&buf)?;
    Ok(Answer::Yes)
}

/// Prints the man page.
pub fn manpage() -> Outcome {
    let mut buf = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut buf)?;
    super::output::write_stdout(&buf)?;
    Ok(Answer::Yes)
}
