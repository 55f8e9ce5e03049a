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
//!
//! A driver uses [`driver::Driver`]: a request's key, its replay with the driver's rules, a miss
//! that carries the reference's miss line and why, or (feature `synthetic`) the deterministic,
//! schema-valid synthetic answer; and recording in the reference format.
//!
//! ```
//! use ulcas::driver::{Answered, Driver};
//! use ulcas::store::Recording;
//! use ulcas::synth::Responders;
//!
//! # fn main() -> Result<(), ulcas::driver::DriverError> {
//! let root = tempfile::tempdir().unwrap();
//! let driver = Driver::open(root.path())?;
//! let request = Driver::parse_request(br#"{"task": "outline", "prompt_version": 1,
//!     "schema": {"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]},
//!     "blocks": [{"type": "text", "text": "<fragment id=\"frg_abcdefghijkm\">Grind</fragment>"}]}"#)?;
//!
//! // No cassette yet: the synthetic mode answers from the request's own words.
//! let Answered::Synthetic(synthetic) = driver.answer(&request, &Responders::new())? else { panic!() };
//! assert!(synthetic.text.starts_with(r#"{"title":"#));
//! assert!(synthetic.miss.line().starts_with(r#"No cassette for task "outline" (prompt v1)"#));
//!
//! // Recorded, the same request replays what was recorded.
//! driver.record(&request, &Recording::new(r#"{"title":"Grind fine"}"#, "model-x"))?;
//! let Answered::Replayed(replay) = driver.answer(&request, &Responders::new())? else { panic!() };
//! assert_eq!((replay.text.as_str(), replay.model.as_str()), (r#"{"title":"Grind fine"}"#, "model-x"));
//! # Ok(())
//! # }
//! ```
//!
//! Features: with none (`default-features = false`) the crate is the replay core a driver needs
//! (keys, requests, cassettes, the store and [`driver`]), without jsonschema, rayon, similar or
//! toml; `synthetic` adds synthetic answers; `tools` every command (verify, lookup, prune, diff,
//! review, migrate, backfill, lock); `cli` (the default) the binary.
#![warn(clippy::print_stdout, clippy::print_stderr)]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "tools")]
pub mod advice;
#[cfg(feature = "tools")]
pub mod backfill;
pub mod cassette;
#[cfg(feature = "tools")]
pub mod config;
#[cfg(feature = "tools")]
pub mod diff;
pub mod driver;
#[cfg(feature = "tools")]
pub mod dumps;
pub mod error;
#[cfg(feature = "tools")]
pub(crate) mod git;
pub(crate) mod hashers;
pub mod id_patterns;
pub mod in_code;
pub(crate) mod input;
pub mod key;
pub mod layout;
#[cfg(feature = "tools")]
pub mod lock;
#[cfg(feature = "tools")]
pub mod lookup;
pub mod machine_json;
#[cfg(feature = "tools")]
pub mod migrate;
pub mod normalise;
pub mod outcome;
pub mod php;
pub mod prompt_file;
#[cfg(feature = "tools")]
pub mod prune;
#[cfg(feature = "tools")]
pub mod record;
pub mod registry;
pub mod request;
#[cfg(feature = "tools")]
pub mod review;
pub mod schema;
#[cfg(feature = "tools")]
pub(crate) mod schema_check;
#[cfg(feature = "tools")]
pub mod secrets;
#[cfg(feature = "tools")]
#[doc(hidden)] // the binary's quoting of printed commands
pub mod shell;
#[cfg(feature = "tools")]
pub mod sink;
#[cfg(feature = "tools")]
pub mod staleness;
pub mod store;
#[cfg(feature = "tools")]
pub mod store_settings;
#[cfg(feature = "synthetic")]
pub mod synth;
pub(crate) mod tally;
#[cfg(feature = "tools")]
pub mod verify;
pub mod wire;

pub use error::{Error, ErrorKind, Hint, Named, Result};

/// The JSON crate of the public signatures (`serde_json::Value` in requests, cassettes, events).
pub use serde_json;

/// The JSON Schema crate of the public signatures (`jsonschema::Validator`, compiled schemas).
#[cfg(feature = "synthetic")]
pub use jsonschema;
