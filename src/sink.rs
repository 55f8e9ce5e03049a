//! What a command reports while it runs: the [`Common`] events any command sends, the [`Sink`]
//! that takes them (each command's sink trait extends it, beside the command's `run`), and ready
//! sinks for library users: [`Collect`] (the JSON Lines form of every event), [`Count`] and
//! [`Discard`], so that calling a command needs no trait impl of your own.
//!
//! ```
//! use ulcas::outcome::{Outcome, Verdict};
//! use ulcas::sink::Collect;
//! use ulcas::store::{self, Recording};
//! use ulcas::request::Request;
//! use ulcas::registry::RegistrySource;
//! use ulcas::store_settings::StoreSettings;
//! use ulcas::verify::{self, VerifyOptions};
//!
//! # fn main() -> ulcas::Result<()> {
//! let root = tempfile::tempdir().map_err(|e| ulcas::Error::io(".", &e))?;
//! let request = Request::from_slice(br#"{"task": "outline", "prompt_version": 1,
//!     "schema": {"type": "object"}, "blocks": [{"type": "text", "text": "Grind"}]}"#)?;
//! store::record(root.path(), &request, &Recording::new("{}", "model-x"), Default::default())?;
//!
//! let mut events = Collect::default();
//! let stores = [StoreSettings::new(root.path(), RegistrySource::default())?];
//! let summary = verify::run(&stores, &VerifyOptions::default(), &ulcas::outcome::NoProgress, &mut events)?;
//! assert_eq!(summary.verdict(), Verdict::Pass);
//! assert_eq!(events.events.last().unwrap()["type"], "summary");
//! # Ok(())
//! # }
//! ```

use std::path::Path;

use serde::Serialize;

use crate::Error;
use crate::store_settings::StoreSettings;

/// The events any command may send.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Common<'a> {
    /// A file that is not a cassette (left alone).
    Skipped {
        /// The file.
        #[serde(serialize_with = "crate::machine_json::path")]
        path: &'a Path,
        /// Why.
        why: &'a str,
    },
}

/// What any command may say for display alone, never an event of JSON Lines: human, GitHub and
/// document output read it to head or gather what they write. A command with context of its own
/// has a context type beside its events (`VerifyContext`, `PruneContext`, …).
#[derive(Debug)]
pub enum Context<'a> {
    /// One input could not be used (a file that is not a request dump); the others are still
    /// done, and the command ends with exit 2. Reporters write it on stderr.
    InputError(&'a crate::Error),
    /// A store is about to be reported (its settings head human output).
    Store(&'a StoreSettings),
    /// The store a request goes to (`hash`, `lookup`, `record`); human output notes once on
    /// stderr which config's settings it got.
    StoreOfRequest(&'a StoreSettings),
}

/// Takes the [`Common`] events of a command; each command's sink trait extends it.
pub trait Sink {
    /// Takes one common event.
    fn common(&mut self, event: &Common<'_>) -> std::io::Result<()>;

    /// Takes one common context (for display alone).
    fn context(&mut self, context: &Context<'_>) -> std::io::Result<()>;

    /// [`Sink::common`] for a library run: a reporter's error becomes the run's error.
    fn emit_common(&mut self, event: &Common<'_>) -> crate::Result<()> {
        self.common(event).map_err(crate::Error::output)
    }

    /// [`Sink::context`] for a library run: a reporter's error becomes the run's error.
    fn emit_context(&mut self, context: &Context<'_>) -> crate::Result<()> {
        self.context(context).map_err(crate::Error::output)
    }
}

/// A reporter's result as a library run's (a failed write stops the run).
pub fn sent(result: std::io::Result<()>) -> crate::Result<()> {
    result.map_err(crate::Error::output)
}

/// Collects every event that JSON Lines would print, as its JSON value, and every input that
/// could not be used.
#[derive(Debug, Default)]
#[non_exhaustive]
pub struct Collect {
    /// The events, in order, each as `--format json` prints it.
    pub events: Vec<serde_json::Value>,
    /// The inputs that could not be used ([`Context::InputError`]).
    pub errors: Vec<Error>,
}

impl Collect {
    /// Takes one event of any command.
    pub fn take<E: Serialize + ?Sized>(&mut self, event: &E) -> std::io::Result<()> {
        let value = serde_json::to_value(event).map_err(std::io::Error::other)?;
        self.events.push(value);
        Ok(())
    }

    /// The collected events of one JSON `type` (`"finding"`, `"lookup"`, …).
    pub fn of_type<'a>(&'a self, kind: &'a str) -> impl Iterator<Item = &'a serde_json::Value> {
        self.events.iter().filter(move |e| e["type"] == kind)
    }
}

impl Sink for Collect {
    fn common(&mut self, event: &Common<'_>) -> std::io::Result<()> {
        self.take(event)
    }

    fn context(&mut self, context: &Context<'_>) -> std::io::Result<()> {
        if let Context::InputError(error) = context {
            self.errors.push((*error).clone());
        }
        Ok(())
    }
}

/// Counts events (those JSON Lines would print) and inputs that could not be used.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Count {
    /// Events that JSON Lines would print.
    pub events: usize,
    /// Inputs that could not be used.
    pub input_errors: usize,
}

impl Count {
    /// Counts one event of any command.
    pub fn take<E: Serialize + ?Sized>(&mut self, _: &E) -> std::io::Result<()> {
        self.events += 1;
        Ok(())
    }
}

impl Sink for Count {
    fn common(&mut self, event: &Common<'_>) -> std::io::Result<()> {
        self.take(event)
    }

    fn context(&mut self, context: &Context<'_>) -> std::io::Result<()> {
        self.input_errors += usize::from(matches!(context, Context::InputError(_)));
        Ok(())
    }
}

/// Drops every event (the command's summary is all you want).
#[derive(Debug, Default, Clone, Copy)]
pub struct Discard;

impl Sink for Discard {
    fn common(&mut self, _: &Common<'_>) -> std::io::Result<()> {
        Ok(())
    }

    fn context(&mut self, _: &Context<'_>) -> std::io::Result<()> {
        Ok(())
    }
}

/// Declares a command's sink trait (one method taking its events, and one taking its context
/// when it has one) and makes the ready sinks ([`Collect`], [`Count`], [`Discard`]) take them:
/// they keep the events that JSON Lines prints and leave context out.
macro_rules! command_sink {
    ($(#[$doc:meta])* $sink:ident :: $method:ident ($event:ident)
        $(, $context_method:ident ($context:ident))?) => {
        $(#[$doc])*
        pub trait $sink: $crate::sink::Sink {
            /// Takes one event.
            fn $method(&mut self, event: &$event<'_>) -> ::std::io::Result<()>;
            $(
            /// Takes one context of this command (for display alone, never in JSON Lines).
            fn $context_method(&mut self, context: &$context<'_>) -> ::std::io::Result<()>;
            )?
        }
        impl $sink for $crate::sink::Collect {
            fn $method(&mut self, event: &$event<'_>) -> ::std::io::Result<()> {
                self.take(event)
            }
            $(
            fn $context_method(&mut self, _: &$context<'_>) -> ::std::io::Result<()> {
                Ok(())
            }
            )?
        }
        impl $sink for $crate::sink::Count {
            fn $method(&mut self, event: &$event<'_>) -> ::std::io::Result<()> {
                self.take(event)
            }
            $(
            fn $context_method(&mut self, _: &$context<'_>) -> ::std::io::Result<()> {
                Ok(())
            }
            )?
        }
        impl $sink for $crate::sink::Discard {
            fn $method(&mut self, _: &$event<'_>) -> ::std::io::Result<()> {
                Ok(())
            }
            $(
            fn $context_method(&mut self, _: &$context<'_>) -> ::std::io::Result<()> {
                Ok(())
            }
            )?
        }
    };
}
pub(crate) use command_sink;
