//! `lookup`: find the cassette of a request, and when there is none, say why.
//!
//! Diagnoses come from two sources. Counterfactual probes change one thing about the request
//! (its prompt version, its last repair attempts, its schema, its line endings, trailing white
//! space, Unicode normal form) and look for the resulting key in the store: they work on every
//! store, even one whose cassettes hold nothing but their hash. Cassettes recorded with request
//! material also allow a comparison: the nearest recorded requests, prefiltered cheaply by word
//! overlap and then diffed with a deadline, each with a verdict per key part.
//!
//! ```
//! use ulcas::lookup::{self, LookupOptions};
//! use ulcas::request::Request;
//! use ulcas::sink::Collect;
//! use ulcas::store::{self, Recording, WriteOptions};
//! use ulcas::store_settings::StoreSettings;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = tempfile::tempdir()?;
//! let store = dir.path().join("cassettes");
//! let request = Request::from_slice(br#"{"task": "outline", "prompt_version": 1,
//!     "schema": {"type": "object"}, "blocks": [{"type": "text", "text": "Grind"}]}"#)?;
//! store::record(&store, &request, &Recording::new("{}", "m"), WriteOptions::with_request_material())?;
//! // The same request with another text: a miss, explained against the nearest recording.
//! let dump = dir.path().join("request.json");
//! std::fs::write(&dump, br#"{"task": "outline", "prompt_version": 1,
//!     "schema": {"type": "object"}, "blocks": [{"type": "text", "text": "Grinding"}]}"#)?;
//!
//! let mut events = Collect::default();
//! let stores = [StoreSettings::new(&store, Default::default())?];
//! let asked = LookupOptions { dumps: vec![dump], ..Default::default() };
//! lookup::run(&stores, &asked, &mut events)?;
//! let found = events.of_type("lookup").next().unwrap();
//! assert_eq!(found["status"], "miss");
//! assert!(!found["diagnosis"].as_array().unwrap().is_empty());
//! # Ok(())
//! # }
//! ```

use std::path::{Path, PathBuf};

use crate::advice::Advice;
use crate::error::Error;
use crate::key::key_of;
use crate::sink::Context;
use crate::store_settings::store_for_request;
use std::time::Duration;

use crate::error::Result;
use crate::key::{CassetteKey, KeyMaterial};
use crate::normalise::PlaceholderMap;
use crate::outcome::{Outcome, Verdict};
use crate::request::Request;
use crate::schema::Schema;
use crate::store::{LoadedCassette, load, versions_in};
use crate::store_settings::StoreSettings;

mod diagnosis;
mod events;
mod in_code;
mod nearest;
mod probes;
mod similarity;
pub mod words;
use probes::{Probes, lock_differs, missing_folder, text_probes};

pub use diagnosis::{Detail, Diagnosis, DiagnosisKind, DiffTag, KeyVerdicts, WordDiff};
pub use events::{LookupEvent, LookupSink, LookupStatus};
pub use probes::registry_probes;
pub(crate) use probes::schema_probe_from_file;

use nearest::compare_with_material;
pub use nearest::{percent, word_diff};

/// The answer of a lookup.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Lookup {
    /// The request's key.
    pub key: CassetteKey,
    /// Where its cassette would be.
    pub path: PathBuf,
    /// The cassette, on a hit.
    pub hit: Option<LoadedCassette>,
    /// Why it missed, most useful first (empty on a hit).
    pub diagnoses: Vec<Diagnosis>,
    /// The request's placeholder map (what a replay maps placeholders back with).
    pub map: PlaceholderMap,
}

impl Lookup {
    /// The stored answer as the driver returns it for this request, on a hit.
    pub fn replayed(&self) -> Option<String> {
        self.hit.as_ref().map(|h| h.cassette.replay(&self.map))
    }
}

/// Extra schemas to probe with: `(label, schema)` (other versions' from the registry, files).
pub type SchemaProbe = (String, Schema);

/// How long the content diff of one candidate may take.
pub(crate) const DIFF_DEADLINE: Duration = Duration::from_millis(50);

/// How many recorded requests are shown.
pub(crate) const NEAREST: usize = 3;

/// How many of the best prefiltered candidates are diffed to pick the nearest.
pub(crate) const PREFILTERED: usize = 8;

/// What `lookup` is asked, beside the stores.
#[derive(Debug, Clone, Default)]
pub struct LookupOptions {
    /// Request dumps: files, folders of them, `-` for standard input.
    pub dumps: Vec<PathBuf>,
    /// `--schema FILE`: schemas to try in place of each request's.
    pub schema_files: Vec<PathBuf>,
    /// Give a hit's answer as the driver replays it (the event's `text`).
    pub replay: bool,
    /// Answer a miss with a synthetic answer (the driver's synthetic mode).
    pub synthetic: bool,
}

/// The totals of a `lookup` run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct LookupSummary {
    /// Requests looked up.
    pub looked_up: usize,
    /// Requests that missed and got no synthetic answer.
    pub misses: usize,
    /// Dumps that could not be read (reported as they came).
    pub input_errors: usize,
}

impl Outcome for LookupSummary {
    /// Exit 0 when every request was answered, else exit 1.
    fn verdict(&self) -> Verdict {
        Verdict::of(self.misses == 0)
    }

    fn input_errors(&self) -> usize {
        self.input_errors
    }
}

/// Looks every request of `asked` up in its store of `stores` (`store_for_request`) and
/// reports one [`LookupEvent`] each, as it is done.
pub fn run(
    stores: &[StoreSettings],
    asked: &LookupOptions,
    sink: &mut dyn LookupSink,
) -> Result<LookupSummary> {
    let file_probes = asked
        .schema_files
        .iter()
        .map(|f| schema_probe_from_file(f))
        .collect::<Result<Vec<_>>>()?;
    // Synthetic mode needs no store.
    if !asked.synthetic {
        crate::store_settings::require_folders(stores)?;
    }
    let mut summary = LookupSummary::default();
    let errors = crate::dumps::each(&asked.dumps, sink, |sink, file, request, _| {
        let store = store_for_request(stores, &key_of(&request))
            .ok_or_else(|| Error::msg("no store to look in"))?;
        sink.context(&Context::StoreOfRequest(store))?;
        let mut probes = registry_probes(&store.registry, &request.task);
        probes.extend(file_probes.iter().cloned());
        let result = lookup(store, &request, Some(file), &probes)?;
        let text = match &result.hit {
            Some(_) if asked.replay => result.replayed(),
            None if asked.synthetic => Some(crate::synth::answer(&request)?),
            _ => None,
        };
        summary.looked_up += 1;
        summary.misses += usize::from(result.hit.is_none() && text.is_none());
        let event = LookupEvent::new(file, &result, text.as_deref(), asked.replay);
        sink.lookup(&event)?;
        Ok(())
    })?;
    summary.input_errors = errors;
    Ok(summary)
}

/// Looks `request` up in `store` and explains a miss. `request_file` names the dump in the
/// record hints; `schema_probes` are the other schemas to try.
pub fn lookup(
    store: &StoreSettings,
    request: &Request,
    request_file: Option<&Path>,
    schema_probes: &[SchemaProbe],
) -> Result<Lookup> {
    let material = KeyMaterial::of(request);
    let key = material.key();
    lookup_keyed(store, request, (material, key), request_file, schema_probes)
}

/// [`lookup`] of a request whose key material and key are known (a server that keyed it):
/// nothing is hashed again.
pub fn lookup_keyed(
    store: &StoreSettings,
    request: &Request,
    (material, key): (KeyMaterial, CassetteKey),
    request_file: Option<&Path>,
    schema_probes: &[SchemaProbe],
) -> Result<Lookup> {
    let root = store.root.as_path();
    let path = key.path_under(root);
    let mut hit = load(root, &key)?;
    // As the driver loads it: a cassette without `model` answers with the request's.
    if let Some(h) = hit.as_mut() {
        h.cassette.model = h.cassette.model_or(request.model.as_deref()).to_owned();
    }
    let mut diagnoses = Vec::new();
    if let Some(h) = &hit {
        diagnoses.extend(lock_differs(store, &key, &h.path)?);
    }
    if hit.is_none() {
        let probes = Probes {
            root,
            request,
            material: &material,
            key: &key,
            record: store.record_hint_for(request_file),
            prune: store.advise(Advice::Prune { orphans: false }),
            migrate: migrate_advice(store, request),
            backfill: store.advise_any(Advice::Backfill),
        };
        let task_dir = root.join(&request.task);
        let versions = versions_in(&task_dir);
        // Counterfactual probes first: each hit is definitive.
        diagnoses.extend(probes.other_versions(&versions));
        diagnoses.extend(probes.without_repairs());
        diagnoses.extend(probes.other_schemas(schema_probes));
        diagnoses.extend(text_probes(root, request));
        // A prompt in code edited since recording: its words, before any other comparison
        // (and no "no recording of the task" when an edit of its first words renamed it).
        let edited = in_code::system_changed(root, &request.task, &material)
            .or_else(|| in_code::recorded_without_system(root, request));
        if edited.is_none() {
            diagnoses.extend(missing_folder(
                request,
                &versions,
                &task_dir,
                &probes.record,
                &probes.prune,
            ));
        }
        diagnoses.extend(edited);
        compare_with_material(&probes, &versions, &mut diagnoses);
    }
    Ok(Lookup {
        key,
        path,
        hit,
        diagnoses,
        map: material.content.map,
    })
}

/// `migrate --write` for a request of its task's current version (a schema change is carried
/// over there), else nothing.
fn migrate_advice(store: &StoreSettings, request: &Request) -> Option<String> {
    let recorded = crate::store::recorded_versions(&store.root.join(&request.task));
    let current =
        crate::staleness::current_version(&store.registry, &request.task, recorded.last().copied());
    (current == Some(request.prompt_version)).then(|| {
        store.advise(Advice::Migrate {
            task: &request.task,
            write: true,
        })
    })
}

type TextTransform = fn(&str) -> String;

/// What `ulcas lookup` says of a miss: each probe and the nearest recordings, typed.
impl crate::driver::Driver {
    /// Explains the lookup of `request` as `ulcas lookup` does, with the prompt registry of
    /// `prompts` (folders of `<task>/v<N>.md`; none for a store without one).
    pub fn explain(
        &self,
        request: &crate::request::Request,
        prompts: &[std::path::PathBuf],
    ) -> crate::Result<crate::lookup::Lookup> {
        let source = crate::registry::RegistrySource {
            prompts: prompts.to_vec(),
            ..Default::default()
        };
        let store = crate::store_settings::StoreSettings::new(self.root(), source)?;
        lookup(&store, request, None, &[])
    }
}

#[cfg(test)]
mod tests {
    use super::nearest::generated_values;
    use super::probes::repair_attempts;
    use super::*;

    #[test]
    fn finds_generated_values() {
        let v = generated_values(
            "at 2026-11-30T10:15:00Z id 3f2504e0-4f89-11d3-9a0c-0305e82c3301 n 1733920000 h deadbeefdeadbeef00 ok 12",
        );
        assert_eq!(v.len(), 4, "{v:?}");
    }

    #[test]
    fn repair_attempts_are_trailing_pairs() {
        let r = Request::from_slice(
            br#"{"task":"t","prompt_version":1,"schema":{},"turns":[{"role":"assistant","text":"a"},{"role":"user","text":"b"},{"role":"assistant","text":"c"},{"role":"user","text":"d"}]}"#,
        )
        .unwrap();
        assert_eq!(repair_attempts(&r), 2);
    }

    #[test]
    fn word_diff_marks_changes() {
        let (d, ratio) = word_diff("a b c", "a x c");
        assert!(
            d.contains(&(DiffTag::Removed, "b".into()))
                && d.contains(&(DiffTag::Added, "x".into()))
        );
        assert!(ratio > 0.5 && ratio < 1.0);
    }
}

crate::machine_json::named!(DiagnosisKind);
