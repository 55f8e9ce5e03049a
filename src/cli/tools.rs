//! `completions` and `manpage`: generated from the clap command, so they never drift from it.

use clap::CommandFactory;

use super::args::Cli;
use super::ctx::Exit;
use ulcas::outcome::Verdict;

/// Prints the completion script of `shell`.
pub fn completions(shell: clap_complete::Shell) -> Exit {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "ulcas", &mut buf);
    super::output::write_stdout(&buf)?;
    Ok(Verdict::Pass)
}

/// Prints the man page of `ulcas`, or of one subcommand (`ulcas-verify(1)`).
pub fn manpage(command: Option<String>) -> Exit {
    let mut cmd = Cli::command().disable_help_subcommand(true);
    // Building gives subcommands their page names (`ulcas-verify`).
    cmd.build();
    let page = match command {
        None => cmd,
        Some(name) => cmd
            .get_subcommands()
            .find(|s| s.get_name() == name)
            .cloned()
            .ok_or_else(|| ulcas::Error::msg(format!("no subcommand {name:?}")))?,
    };
    let mut buf = Vec::new();
    clap_mangen::Man::new(page).render(&mut buf)?;
    super::output::write_stdout(&buf)?;
    Ok(Verdict::Pass)
}
