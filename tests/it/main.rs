//! The integration tests of ulcas, one crate so that the suite links once: each module is one
//! family of scenarios (run one with `cargo test --test it <module>`).

mod architecture;
mod backfill;
mod ci_job;
mod cli_tests;
mod common;
mod completions;
mod diff;
mod driver;
mod driver_reads;
mod evidence;
mod hardening;
mod hostile_pr;
mod json_output;
mod ksort;
mod lock;
mod lookup;
mod migrate;
mod monorepo;
mod month;
mod no_panic;
mod php_hook;
mod prompt_text;
mod prompt_vectors;
mod properties;
mod prune;
mod readme;
mod reports;
mod review;
mod review_against;
mod safety;
mod serve;
mod smaller;
mod synth;
mod vectors;
mod verify_damage;
