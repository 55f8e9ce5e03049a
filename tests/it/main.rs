//! The integration tests of ulcas, one crate so that the suite links once. A folder per command
//! or concern (`verify/`, `prune/`, `review/`, `serve/`, `safety/`, `compat/`, `stores/`,
//! `reports/`, `project/`), a file per command that fits in one (`lock.rs`, `lookup.rs`, …);
//! run one with `cargo test --test it <module>` (`cargo test --test it serve::faults`).

mod backfill;
mod cli_tests;
mod common;
mod compat;
mod diff;
mod harness;
mod hash;
mod lock;
mod lookup;
mod migrate;
mod project;
mod prune;
mod record;
mod reports;
mod review;
mod safety;
mod serve;
mod stores;
mod verify;
