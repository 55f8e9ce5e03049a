//! The commands over request dumps that show what the key sees: `hash` (the key and the
//! expected cassette path) and `normalize` (the normalised content and placeholder map); and
//! running any command over dumps ([`each`]): each dump read and worked on in turn, a bad one
//! reported while the others are still done.
//!
//! ```
//! use ulcas::dumps::{self, DumpsOptions};
//! use ulcas::sink::Collect;
//! use ulcas::store_settings::StoreSettings;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = tempfile::tempdir()?;
//! let dump = dir.path().join("request.json");
//! std::fs::write(&dump, br#"{"task": "outline", "prompt_version": 1,
//!     "schema": {"type": "object"}, "blocks": [{"type": "text", "text": "frg_abcdefghijkm"}]}"#)?;
//! let asked = DumpsOptions { dumps: vec![dump] };
//!
//! // The key and where its cassette lives.
//! let mut events = Collect::default();
//! let stores = [StoreSettings::new(&dir.path().join("cassettes"), Default::default())?];
//! dumps::hash(&stores, &asked, &mut events)?;
//! let key = &events.events[0];
//! assert!(key["path"].as_str().unwrap().ends_with(".json"));
//! // What the key sees: the fragment id replaced by its placeholder.
//! let mut events = Collect::default();
//! dumps::normalize(&asked, &mut events)?;
//! assert!(events.events[0]["content"].as_str().unwrap().contains("{{frg_1}}"));
//! # Ok(())
//! # }
//! ```

mod events;

pub use events::{RequestEvent, RequestSink};

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::key::{KeyMaterial, key_of};
use crate::outcome::Reported;
use crate::request::{Request, dump_files};
use crate::sink::{Context, Sink};
use crate::store_settings::{StoreSettings, store_for_request};

/// Why the work on one request dump stopped (see [`each`]).
#[derive(Debug)]
pub enum Stop {
    /// The dump, or something its work needs, is bad: it is reported and the other dumps are
    /// still done.
    Input(Error),
    /// Writing the report failed: everything stops.
    Output(std::io::Error),
}

impl From<Error> for Stop {
    fn from(e: Error) -> Self {
        Stop::Input(e)
    }
}

impl From<std::io::Error> for Stop {
    fn from(e: std::io::Error) -> Self {
        Stop::Output(e)
    }
}

/// Reads every request dump of `paths` ([`dump_files`]) and hands each to `work` with the
/// reporter and whether there are several. A dump that cannot be read, or an input error that
/// `work` returns about one dump, goes to the sink as [`Context::InputError`] and the other
/// dumps are still done; the count of those errors is returned (a command exits 2 on any).
/// A reporter's error stops everything.
pub fn each<S: Sink + ?Sized>(
    paths: &[PathBuf],
    sink: &mut S,
    mut work: impl FnMut(&mut S, &Path, Request, bool) -> Result<(), Stop>,
) -> Result<usize> {
    let files = dump_files(paths)?;
    let several = files.len() > 1;
    let mut errors = 0;
    for file in &files {
        let done = Request::from_file(file)
            .map_err(Stop::Input)
            .and_then(|r| work(sink, file, r, several));
        match done {
            Ok(()) => {}
            Err(Stop::Input(e)) => {
                errors += 1;
                let e = e.with_file(file);
                sink.emit_context(&Context::InputError(&e))?;
            }
            Err(Stop::Output(e)) => return Err(Error::output(e)),
        }
    }
    Ok(errors)
}

/// What `hash` and `normalize` are asked: the request dumps (files, folders, `-`).
#[derive(Debug, Clone, Default)]
pub struct DumpsOptions {
    /// Request dumps, files or folders of them.
    pub dumps: Vec<PathBuf>,
}

/// `hash`: reports the key and expected cassette path of every dump of `paths` (one
/// [`RequestEvent::Key`] each), under the store of `stores` it belongs to (`store_for_request`), or
/// under `cassettes` without a store.
pub fn hash(
    stores: &[StoreSettings],
    asked: &DumpsOptions,
    sink: &mut dyn RequestSink,
) -> Result<Reported> {
    let input_errors = each(&asked.dumps, sink, |sink, file, request, several| {
        let key = key_of(&request);
        let store = store_for_request(stores, &key);
        if let Some(store) = store {
            sink.context(&Context::StoreOfRequest(store))?;
        }
        let root = store.map_or(Path::new("cassettes"), |s| s.root.as_path());
        sink.request(&RequestEvent::Key {
            request: file,
            task: &key.task,
            prompt_version: key.prompt_version,
            hash: &key.hash,
            path: &key.path_under(root),
            several,
        })?;
        Ok(())
    })?;
    Ok(Reported { input_errors })
}

/// `normalize`: reports what the key sees of every dump of `paths` (one
/// [`RequestEvent::Normalized`] each).
pub fn normalize(asked: &DumpsOptions, sink: &mut dyn RequestSink) -> Result<Reported> {
    let input_errors = each(&asked.dumps, sink, |sink, file, request, several| {
        let material = KeyMaterial::of(&request);
        sink.request(&RequestEvent::Normalized {
            request: file,
            content: &material.content.text,
            map: &material.content.map,
            several,
            task: (&request.task, request.prompt_version),
        })?;
        Ok(())
    })?;
    Ok(Reported { input_errors })
}
