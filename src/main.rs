//! The `ulcas` command: parse, run, map the outcome to an exit code.

mod cli;

/// mimalloc: a store's files are checked on every core, each one a tree of small allocations.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    cli::main()
}
