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
//! ```
//! use ulcas::key::KeyMaterial;
//! use ulcas::request::Request;
//! use ulcas::store::{self, RecordOptions, Recording};
//!
//! # fn main() -> ulcas::Result<()> {
//! let dump = br#"{"task": "outline", "prompt_version": 1, "schema": {"type": "object"},
//!     "blocks": [{"type": "text", "text": "<fragment id=\"frg_abcdefghijkm\">Grind</fragment>"}]}"#;
//! let request = Request::from_slice(dump)?;
//! let material = KeyMaterial::of(&request);
//! assert_eq!(material.content.text, "<fragment id=\"{{frg_1}}\">Grind</fragment>");
//!
//! // Record an answer, then load and replay it for the same request.
//! let root = tempfile::tempdir().map_err(|e| ulcas::Error::msg(e.to_string()))?;
//! let answer = Recording::new(r#"{"citations":["frg_abcdefghijkm"]}"#, "model-x");
//! let recorded = store::record(root.path(), &request, &answer, RecordOptions::default())?;
//! assert!(recorded.path.ends_with(format!("outline/v1/{}.json", material.key().hash)));
//! let hit = store::load(root.path(), &material.key())?.expect("recorded");
//! assert_eq!(hit.cassette.text, r#"{"citations":["{{frg_1}}"]}"#);
//! assert_eq!(hit.cassette.replay(&material.content.map), r#"{"citations":["frg_abcdefghijkm"]}"#);
//! # Ok(())
//! # }
//! ```
#![warn(clippy::print_stdout, clippy::print_stderr)]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod answer;
pub mod backfill;
pub mod cassette;
pub mod config;
pub mod diff;
pub mod dumps;
pub mod error;
pub mod git;
pub mod input;
pub mod inspect;
pub mod key;
pub mod layout;
pub mod lock;
pub mod lookup;
pub mod migrate;
pub mod normalise;
pub mod outcome;
pub mod php;
pub mod prompt_file;
pub mod prune;
pub mod record;
pub mod registry;
pub mod request;
pub mod review;
pub mod schema;
pub mod secrets;
pub mod ser;
pub mod settings;
pub mod shell;
pub mod sink;
pub mod staleness;
pub mod store;
pub mod synth;
pub mod verify;

pub use error::{Error, ErrorKind, Result};
