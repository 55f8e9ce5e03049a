//! `ulcas`: the cassette stores of a fake LLM driver, computed and checked byte for byte.
//!
//! A cassette is one recorded model answer, stored at `<task>/v<prompt version>/<hash>.json`,
//! where the hash covers the task, the prompt version, the canonical output schema and the
//! request content with its generated ids replaced by ordinal placeholders. This crate computes
//! that key exactly as the reference PHP driver does ([`key`], [`normalise`], [`php`]), reads and
//! writes cassettes in the reference format ([`cassette`], [`store`]), and goes further: it
//! verifies stores, explains misses, prunes what can never be hit and synthesises answers.
//!
//! The library never prints: it returns data, and the `ulcas` binary reports it.
#![warn(clippy::print_stdout, clippy::print_stderr)]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod cassette;
pub mod config;
pub mod diff;
pub mod error;
pub mod key;
pub mod lookup;
pub mod normalise;
pub mod php;
pub mod prune;
pub mod registry;
pub mod request;
pub mod schema;
pub mod secrets;
pub mod store;
pub mod synth;
pub mod verify;

pub use error::{Error, Result};
