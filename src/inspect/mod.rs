//! The commands that only read request dumps and show what the key sees: `hash` (the key and
//! the expected cassette path) and `normalize` (the normalised content and placeholder map).

mod events;

pub use events::{RequestEvent, RequestSink};

use std::path::{Path, PathBuf};

use crate::dumps::each;
use crate::error::Result;
use crate::key::{key_of, KeyMaterial};
use crate::outcome::Reported;
use crate::settings::{store_for_request, StoreSettings};
use crate::sink::Common;

/// What `hash` and `normalize` are asked: the request dumps (files, folders, `-`).
#[derive(Debug, Clone, Default)]
pub struct InspectRequest {
    /// Request dumps, files or folders of them.
    pub requests: Vec<PathBuf>,
}

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
