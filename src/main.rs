//! The `ulcas` command: parse, run, map the outcome to an exit code.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
