//! The `ulcas` command: parse, run, map the outcome to an exit code.

mod cli;

/// mimalloc: a store's files are checked on every core, each one a tree of small allocations.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    // A run is short: zeroing 2 MB pages the allocator asks for would cost more than huge
    // pages save (a tenth of a lookup). Nothing else changes when the kernel refuses.
    let _ = rustix::thread::disable_transparent_huge_pages(true);
    cli::main()
}
