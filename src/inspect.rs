//! The commands that only read request dumps and show what the key sees: `hash` (the key and
//! the expected cassette path) and `normalize` (the normalised content and placeholder map).

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::dumps::each;
use crate::error::Result;
use crate::key::{key_of, KeyMaterial};
use crate::normalise::PlaceholderMap;
use crate::outcome::Reported;
use crate::settings::{store_for_request, StoreSettings};
use crate::sink::Common;

/// What `hash` and `normalize` report.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum RequestEvent<'a> {
    /// `normalize`: what the key sees of a request.
    Normalized {
        /// The dump.
        #[serde(serialize_with = "crate::ser::path")]
        request: &'a Path,
        /// Normalised content.
        content: &'a str,
        /// Placeholder → id, in order of first appearance.
        #[serde(serialize_with = "crate::ser::placeholder_map")]
        map: &'a PlaceholderMap,
        /// More than one request in this run (human output heads each).
        #[serde(skip)]
        several: bool,
        /// Task and prompt version (human heading).
        #[serde(skip)]
        task: (&'a str, i64),
    },
    /// `hash`: the key of a request.
    Key {
        /// The dump.
        #[serde(serialize_with = "crate::ser::path")]
        request: &'a Path,
        /// Task.
        task: &'a str,
        /// Prompt version.
        prompt_version: i64,
        /// The hash.
        hash: &'a str,
        /// Where the cassette is or would be.
        #[serde(serialize_with = "crate::ser::path")]
        path: &'a Path,
        /// More than one request in this run.
        #[serde(skip)]
        several: bool,
    },
}

/// What `hash` and `normalize` are asked: the request dumps (files, folders, `-`).
#[derive(Debug, Clone, Default)]
pub struct InspectRequest {
    /// Request dumps, files or folders of them.
    pub requests: Vec<PathBuf>,
}

crate::sink::command_sink! {
    /// Takes what `hash` and `normalize` report.
    RequestSink::request(RequestEvent)
}

impl crate::sink::CommandEvent for RequestEvent<'_> {}

/// `hash`: reports the key and expected cassette path of every dump of `paths` (one
/// [`RequestEvent::Key`] each), under the store of `stores` it belongs to ([`store_for_request`]), or
/// under `cassettes` without a store.
pub fn hash(
    stores: &[StoreSettings],
    asked: &InspectRequest,
    sink: &mut dyn RequestSink,
) -> Result<Reported> {
    let input_errors = each(&asked.requests, sink, |sink, file, request, several| {
        let key = key_of(&request);
        let store = store_for_request(stores, &key);
        if let Some(store) = store {
            sink.common(&Common::StoreOfRequest(store))?;
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
pub fn normalize(asked: &InspectRequest, sink: &mut dyn RequestSink) -> Result<Reported> {
    let input_errors = each(&asked.requests, sink, |sink, file, request, several| {
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
