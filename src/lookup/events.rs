//! What `lookup` reports, and the sink that takes it.

use std::path::Path;

use serde::Serialize;

use super::{Diagnosis, Lookup};

/// What `lookup` reports of one request (`"type":"lookup"`).
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename = "lookup")]
#[non_exhaustive]
pub struct LookupEvent<'a> {
    /// The dump.
    #[serde(serialize_with = "crate::machine_json::path")]
    pub request: &'a Path,
    /// `hit`, `synthetic` or `miss`.
    pub status: LookupStatus,
    /// Where the cassette is or would be.
    #[serde(serialize_with = "crate::machine_json::path")]
    pub path: &'a Path,
    /// The hash.
    pub hash: &'a str,
    /// Task.
    pub task: &'a str,
    /// Prompt version.
    pub prompt_version: i64,
    /// Why it missed, most useful first.
    pub diagnosis: &'a [Diagnosis],
    /// The cassette's model (a hit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<&'a str>,
    /// Its stop reason (a hit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stop_reason: Option<&'a str>,
    /// Its usage counters (a hit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<&'a serde_json::Value>,
    /// Whether it carries request material (a hit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub has_request_material: Option<bool>,
    /// The replayed answer (`--replay`) or the synthetic one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<&'a str>,
    /// The whole lookup (human output).
    #[serde(skip)]
    pub lookup: &'a Lookup,
    /// Whether the answer was asked for.
    #[serde(skip)]
    pub replay: bool,
}

/// How a lookup ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LookupStatus {
    /// The cassette is there.
    Hit,
    /// No cassette; synthetic mode answered.
    Synthetic,
    /// No cassette.
    Miss,
}

impl<'a> LookupEvent<'a> {
    /// The event of `lookup` for the dump `request`; `text` is the replayed or synthetic answer.
    pub fn new(request: &'a Path, lookup: &'a Lookup, text: Option<&'a str>, replay: bool) -> Self {
        let hit = lookup.hit.as_ref().map(|h| &h.cassette);
        let status = match (hit, text) {
            (Some(_), _) => LookupStatus::Hit,
            (None, Some(_)) => LookupStatus::Synthetic,
            (None, None) => LookupStatus::Miss,
        };
        LookupEvent {
            request,
            status,
            path: &lookup.path,
            hash: &lookup.key.hash,
            task: &lookup.key.task,
            prompt_version: lookup.key.prompt_version,
            diagnosis: &lookup.diagnoses,
            model: hit.map(|c| c.model.as_str()),
            stop_reason: hit.map(|c| c.stop_reason.as_str()),
            usage: hit.map(|c| &c.usage),
            has_request_material: hit.map(|c| c.request.is_some()),
            text,
            lookup,
            replay,
        }
    }
}

crate::sink::command_sink! {
    /// Takes what `lookup` reports.
    LookupSink::lookup(LookupEvent)
}
