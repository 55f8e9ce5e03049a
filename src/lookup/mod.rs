//! `lookup`: find the cassette of a request, and when there is none, say why.
//!
//! Diagnoses come from two sources. Counterfactual probes change one thing about the request
//! (its prompt version, its last repair attempts, its schema, its line endings, trailing white
//! space, Unicode normal form) and look for the resulting key in the store: they work on every
//! store, even one whose cassettes hold nothing but their hash. Cassettes recorded with request
//! material also allow a comparison: the nearest recorded requests, prefiltered cheaply by word
//! overlap and then diffed with a deadline, each with a verdict per key part.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Serialize;
use unicode_normalization::UnicodeNormalization;

use crate::error::{Error, Result};
use crate::key::{hash_parts, key_of, CassetteKey, KeyMaterial};
use crate::normalise::PlaceholderMap;
use crate::outcome::{Outcome, Verdict};
use crate::request::{Block, Request};
use crate::schema::Schema;
use crate::settings::{store_for_request, Store};
use crate::sink::Common;
use crate::store::{load, versions_in, LoadedCassette};

mod nearest;

use nearest::compare_with_material;
pub use nearest::{generated_values, percent, word_diff};

/// Which side a run of a word diff is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DiffTag {
    /// On both sides (`=` in JSON).
    Same,
    /// Only on the old side, the recorded one (`-`).
    Removed,
    /// Only on the new side, the request (`+`).
    Added,
}

impl DiffTag {
    /// `=`, `-` or `+`.
    pub fn sign(self) -> char {
        match self {
            DiffTag::Same => '=',
            DiffTag::Removed => '-',
            DiffTag::Added => '+',
        }
    }
}

impl serde::Serialize for DiffTag {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_char(self.sign())
    }
}

/// A word diff: `(tag, text)` runs.
pub type WordDiff = Vec<(DiffTag, String)>;

/// The stable names of diagnoses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub enum DiagnosisKind {
    /// The request hits with another prompt version.
    HitWithVersion,
    /// The request hits without its last repair attempt(s): it is a repair turn of that cassette.
    HitWithoutRepairTurns,
    /// The request hits with another schema (`schema-changed` carries which).
    SchemaChanged,
    /// The request hits once its text is normalised (line endings, white space, NFC).
    HitWithNormalisedText,
    /// No folder for the task.
    TaskMissing,
    /// No `v<N>` folder for this version.
    VersionMissing,
    /// A recorded request is near: what differs.
    ContentChanged,
    /// Values in the difference look generated but are not normalised.
    GeneratedValues,
    /// Candidates exist but carry no request material to compare.
    NoStoredContent,
    /// A hit whose version's prompt or schema differs from the store's `ulcas.lock`: the answer
    /// replays, but it answers an older text.
    LockDiffers,
    /// A hit in a store with an `ulcas.lock` that could not be compared with it (no registry,
    /// a registry with problems, no prompt file or no entry for its version): why.
    LockUnchecked,
}

/// Whether one part of the key matches a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct KeyVerdicts {
    /// Same task.
    pub task: bool,
    /// Same prompt version.
    pub version: bool,
    /// Same canonical schema.
    pub schema: bool,
    /// Same normalised content.
    pub content: bool,
}

/// What a diagnosis found, with the data of its kind (JSON: `kind` and these fields).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Detail {
    /// The request hits with another prompt version.
    HitWithVersion {
        /// The version that would hit.
        version: i64,
    },
    /// The request hits without its last repair attempt(s): a repair turn of that cassette.
    HitWithoutRepairTurns {
        /// How many turns were dropped.
        turns_removed: usize,
    },
    /// The request hits with another schema.
    SchemaChanged {
        /// Which schema.
        variant: String,
    },
    /// The request hits once its text is normalised.
    HitWithNormalisedText {
        /// Which normalisation (line endings, white space, NFC).
        variant: String,
    },
    /// No folder for the task.
    TaskMissing,
    /// No `v<N>` folder for this version.
    VersionMissing {
        /// Versions present in the store.
        versions: Vec<i64>,
    },
    /// A recorded request is near: what differs.
    ContentChanged {
        /// Similarity of the normalised contents, 0 to 1.
        similarity: f64,
        /// Verdict per key part.
        #[serde(rename = "parts")]
        verdicts: KeyVerdicts,
        /// The content difference (recorded `-`, request `+`).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        diff: WordDiff,
    },
    /// Values in the difference look generated but are not normalised.
    GeneratedValues {
        /// The values.
        values: Vec<String>,
    },
    /// Candidates exist but carry no request material to compare.
    NoStoredContent,
    /// A hit that answers an older prompt or schema than the registry's (see `ulcas.lock`).
    LockDiffers,
    /// A hit whose lock entry could not be compared (see [`DiagnosisKind::LockUnchecked`]).
    LockUnchecked,
}

/// One reason for a miss (or, for `lock-differs`, a caveat of a hit).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Diagnosis {
    /// What was found.
    #[serde(flatten)]
    pub detail: Detail,
    /// What it means and what to do.
    pub message: String,
    /// The cassette it concerns, when there is one.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::ser::opt_path"
    )]
    pub cassette: Option<PathBuf>,
}

impl Diagnosis {
    fn new(detail: Detail, message: impl Into<String>) -> Diagnosis {
        Diagnosis {
            detail,
            message: message.into(),
            cassette: None,
        }
    }

    fn at(mut self, cassette: PathBuf) -> Diagnosis {
        self.cassette = Some(cassette);
        self
    }

    /// Its kind.
    pub fn kind(&self) -> DiagnosisKind {
        match self.detail {
            Detail::HitWithVersion { .. } => DiagnosisKind::HitWithVersion,
            Detail::HitWithoutRepairTurns { .. } => DiagnosisKind::HitWithoutRepairTurns,
            Detail::SchemaChanged { .. } => DiagnosisKind::SchemaChanged,
            Detail::HitWithNormalisedText { .. } => DiagnosisKind::HitWithNormalisedText,
            Detail::TaskMissing => DiagnosisKind::TaskMissing,
            Detail::VersionMissing { .. } => DiagnosisKind::VersionMissing,
            Detail::ContentChanged { .. } => DiagnosisKind::ContentChanged,
            Detail::GeneratedValues { .. } => DiagnosisKind::GeneratedValues,
            Detail::NoStoredContent => DiagnosisKind::NoStoredContent,
            Detail::LockDiffers => DiagnosisKind::LockDiffers,
            Detail::LockUnchecked => DiagnosisKind::LockUnchecked,
        }
    }
}

/// The answer of a lookup.
#[derive(Debug, Clone)]
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
pub const DIFF_DEADLINE: Duration = Duration::from_millis(50);

/// How many recorded requests are shown.
pub const NEAREST: usize = 3;

/// How many of the best prefiltered candidates are diffed to pick the nearest.
pub const PREFILTERED: usize = 8;

/// What `lookup` is asked, beside the stores.
#[derive(Debug, Clone, Default)]
pub struct LookupRequest {
    /// Request dumps: files, folders of them, `-` for standard input.
    pub requests: Vec<PathBuf>,
    /// `--schema FILE`: schemas to try in place of each request's.
    pub schema_files: Vec<PathBuf>,
    /// Give a hit's answer as the driver replays it (the event's `text`).
    pub replay: bool,
    /// Answer a miss with a synthetic answer (the driver's synthetic mode).
    pub synthetic: bool,
}

/// The totals of a `lookup` run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
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

/// What `lookup` reports of one request (`"type":"lookup"`).
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename = "lookup")]
pub struct LookupEvent<'a> {
    /// The dump.
    #[serde(serialize_with = "crate::ser::path")]
    pub request: &'a Path,
    /// `hit`, `synthetic` or `miss`.
    pub status: LookupStatus,
    /// Where the cassette is or would be.
    #[serde(serialize_with = "crate::ser::path")]
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

impl crate::sink::CommandEvent for LookupEvent<'_> {}

/// Looks every request of `asked` up in its store of `stores` ([`store_for_request`]) and
/// reports one [`LookupEvent`] each, as it is done.
pub fn run(
    stores: &[Store],
    asked: &LookupRequest,
    sink: &mut dyn LookupSink,
) -> Result<LookupSummary> {
    let file_probes = asked
        .schema_files
        .iter()
        .map(|f| schema_probe_from_file(f))
        .collect::<Result<Vec<_>>>()?;
    // Synthetic mode needs no store.
    if !asked.synthetic {
        crate::settings::require_folders(stores)?;
    }
    let mut summary = LookupSummary::default();
    let errors = crate::dumps::each(&asked.requests, sink, |sink, file, request, _| {
        let store = store_for_request(stores, &key_of(&request))
            .ok_or_else(|| Error::msg("no store to look in"))?;
        sink.common(&Common::StoreOfRequest(store))?;
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
    store: &Store,
    request: &Request,
    request_file: Option<&Path>,
    schema_probes: &[SchemaProbe],
) -> Result<Lookup> {
    let root = store.root.as_path();
    let material = KeyMaterial::of(request);
    let key = material.key();
    let path = key.path_under(root);
    let mut hit = load(root, &key)?;
    // As the driver loads it: a cassette without `model` answers with the request's.
    if let (Some(h), Some(model)) = (hit.as_mut(), request.model.as_ref()) {
        if h.cassette.model.is_empty() {
            h.cassette.model = model.clone();
        }
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
            prune: store.command("prune", &["--delete"]),
            migrate: {
                let recorded = crate::store::recorded_versions(&root.join(&request.task));
                (crate::staleness::current_version(
                    &store.registry,
                    &request.task,
                    recorded.last().copied(),
                ) == Some(request.prompt_version))
                .then(|| store.command_with("migrate", &[&request.task], &["--write"]))
            },
        };
        let task_dir = root.join(&request.task);
        let versions = versions_in(&task_dir);
        // Counterfactual probes first: each hit is definitive.
        diagnoses.extend(probes.other_versions(&versions));
        diagnoses.extend(probes.without_repairs());
        diagnoses.extend(probes.other_schemas(schema_probes));
        diagnoses.extend(text_probes(root, request));
        diagnoses.extend(missing_folder(
            request,
            &versions,
            &task_dir,
            &probes.record,
            &probes.prune,
        ));
        compare_with_material(
            root,
            (&probes.schema_advice(), &probes.prune),
            request,
            &material,
            &versions,
            &mut diagnoses,
        );
    }
    Ok(Lookup {
        key,
        path,
        hit,
        diagnoses,
        map: material.content.map,
    })
}

/// What the counterfactual probes of one missed request share.
struct Probes<'a> {
    root: &'a Path,
    request: &'a Request,
    material: &'a KeyMaterial,
    key: &'a CassetteKey,
    /// The command that records the request anew.
    record: String,
    /// The command that prunes the store.
    prune: String,
    /// `ulcas migrate TASK … --write`, when the request's version is the task's current one
    /// (migrate carries over the answers of the current version only).
    migrate: Option<String>,
}

impl Probes<'_> {
    /// What to do when the schema changed since recording: `migrate` where it applies (the
    /// task's current version), else record anew.
    fn schema_advice(&self) -> String {
        let record = &self.record;
        match &self.migrate {
            Some(migrate) => format!("`{migrate}` carries the answer over if it still fits the new schema (the old cassette needs request material: `ulcas backfill --help`), else record it anew with {record}"),
            None => format!("record it anew with {record}"),
        }
    }

    /// The cassette path of `k`, when it is recorded.
    fn recorded(&self, k: &CassetteKey) -> Option<PathBuf> {
        let path = k.path_under(self.root);
        path.is_file().then_some(path)
    }

    /// The request's key with another version or schema (the normalised content is reused).
    fn key_with(&self, version: i64, schema_json: &str) -> CassetteKey {
        let task = &self.key.task;
        CassetteKey {
            task: task.clone(),
            prompt_version: version,
            hash: hash_parts(task, version, schema_json, &self.material.content.text),
        }
    }

    /// `hit-with-version`: the same request under another recorded prompt version.
    fn other_versions(&self, versions: &[i64]) -> Vec<Diagnosis> {
        let asked = self.request.prompt_version;
        let record = &self.record;
        versions
            .iter()
            .filter(|&&v| v != asked)
            .filter_map(|&v| {
                let at = self.recorded(&self.key_with(v, &self.material.schema_json))?;
                let d = Diagnosis::new(
                    Detail::HitWithVersion { version: v },
                    format!(
                        "it would hit with prompt v{v} (the request says v{asked}): the prompt was bumped without re-recording, or the test pins an old version; record it anew with {record}"
                    ),
                );
                Some(d.at(at))
            })
            .collect()
    }

    /// `hit-without-repair-turns`: the request without its last repair attempt(s).
    fn without_repairs(&self) -> Option<Diagnosis> {
        (1..=repair_attempts(self.request)).find_map(|n| {
            let at = self.recorded(&key_of(&self.request.without_last_turns(2 * n)))?;
            let attempts = if n == 1 {
                "repair attempt".to_owned()
            } else {
                format!("{n} repair attempts")
            };
            let d = Diagnosis::new(
                Detail::HitWithoutRepairTurns { turns_removed: 2 * n },
                format!(
                    "without its last {attempts} it hits {}: this request is a repair turn of that cassette — its recorded answer now fails validation (a schema or validator change), and this repair was never recorded; re-record it",
                    at.display()
                ),
            );
            Some(d.at(at))
        })
    }

    /// `schema-changed`: the request with the schema of another version or file.
    fn other_schemas(&self, schema_probes: &[SchemaProbe]) -> Vec<Diagnosis> {
        let prune = &self.prune;
        schema_probes
            .iter()
            .filter_map(|(label, schema)| {
                let k = self.key_with(self.request.prompt_version, schema.canonical_json());
                if k == *self.key {
                    return None;
                }
                let at = self.recorded(&k)?;
                let d = Diagnosis::new(
                    Detail::SchemaChanged { variant: label.clone() },
                    format!("it would hit with the schema of {label}: the output schema changed since recording; {}; then `{prune}` removes the old one", self.schema_advice()),
                );
                Some(d.at(at))
            })
            .collect()
    }
}

/// The text-normalisation probes: CRLF/LF, trailing white space, Unicode normal forms.
fn text_probes(root: &Path, request: &Request) -> Vec<Diagnosis> {
    let mut diagnoses = Vec::new();
    for (name, transform) in TEXT_TRANSFORMS {
        let probe = map_text(request, *transform);
        if probe == *request {
            continue;
        }
        let k = key_of(&probe);
        if k.path_under(root).is_file() {
            let d = Diagnosis::new(
                Detail::HitWithNormalisedText { variant: (*name).to_owned() },
                format!("it would hit after {name}: the request text differs from the recording only in that; make the request builder produce stable text, or re-record"),
            );
            diagnoses.push(d.at(k.path_under(root)));
        }
    }

    diagnoses
}

/// `lock-differs`: the hit's version was locked with another prompt text or schema than the
/// registry now has.
fn lock_differs(store: &Store, key: &CassetteKey, hit: &Path) -> Result<Option<Diagnosis>> {
    let Some(lock) = crate::lock::Lock::read(&store.root)? else {
        return Ok(None);
    };
    let (task, version) = (&key.task, key.prompt_version);
    let unchecked = |why: String| {
        Ok(Some(
            Diagnosis::new(
                Detail::LockUnchecked,
                format!("ulcas.lock not compared (a changed prompt text or schema would go unseen): {why}"),
            )
            .at(hit.to_path_buf()),
        ))
    };
    if !store.registry.present {
        return unchecked(
            "no prompt registry was read (--prompts DIR, or `prompts` in ulcas.toml)".into(),
        );
    }
    if let Some(p) = store.registry.problems.first() {
        return unchecked(format!(
            "the registry has problems ({}: {})",
            p.path.display(),
            p.message
        ));
    }
    let Some((now, prompt_file, _)) = crate::lock::current(&store.registry, task, version) else {
        return unchecked(format!(
            "the registry has no prompt file for {task} v{version}"
        ));
    };
    let Some(locked) = lock.entries.get(&(task.clone(), version)) else {
        return unchecked(format!(
            "ulcas.lock has no entry for {task} v{version} (`{}` adds it)",
            store.command("lock", &[])
        ));
    };
    let what = match (locked.prompt != now.prompt, locked.schema != now.schema) {
        (false, false) => return Ok(None),
        (true, false) => "prompt text",
        (false, true) => "schema",
        (true, true) => "prompt text and schema",
    };
    Ok(Some(
        Diagnosis::new(
            Detail::LockDiffers,
            format!(
                "the answer replays, but it answers an older text: the {what} of {task} v{version} ({}) changed since its recordings were locked; verify fails on it until the text is restored (and the change made a new version) or the recordings are re-made and accepted (`ulcas lock --accept {task}/v{version}`)",
                prompt_file.display()
            ),
        )
        .at(hit.to_path_buf()),
    ))
}

/// `task-missing` or `version-missing`, when the request's folder is not in the store.
fn missing_folder(
    request: &Request,
    versions: &[i64],
    task_dir: &Path,
    record: &str,
    prune: &str,
) -> Option<Diagnosis> {
    if versions.is_empty() && !task_dir.is_dir() {
        return Some(Diagnosis::new(
            Detail::TaskMissing,
            format!("the store has no folder for task {:?}: nothing was ever recorded for it here; record it with {record}", request.task),
        ));
    }
    if !versions.contains(&request.prompt_version) {
        let listed: Vec<String> = versions.iter().map(|v| format!("v{v}")).collect();
        let d = Diagnosis::new(
            Detail::VersionMissing { versions: versions.to_vec() },
            format!(
                "no recordings for prompt v{} of {:?} (the store has {}): a prompt-version bump; record anew with {record}, then `{prune}` removes the old versions",
                request.prompt_version,
                request.task,
                if listed.is_empty() { "none".to_owned() } else { listed.join(", ") }
            ),
        );
        return Some(d);
    }
    None
}

/// How many trailing (assistant, user) pairs the request has after its first turn.
fn repair_attempts(request: &Request) -> usize {
    let turns = &request.turns;
    let mut n = 0;
    let mut end = turns.len();
    while end >= 2 && turns[end - 2].role == "assistant" && turns[end - 1].role == "user" {
        n += 1;
        end -= 2;
    }
    n
}

type TextTransform = fn(&str) -> String;

const TEXT_TRANSFORMS: &[(&str, TextTransform)] = &[
    ("turning CRLF line endings into LF", |s| {
        s.replace("\r\n", "\n")
    }),
    ("turning LF line endings into CRLF", |s| {
        s.replace("\r\n", "\n").replace('\n', "\r\n")
    }),
    ("trimming trailing white space from lines", |s| {
        s.split('\n')
            .map(|l| l.trim_end_matches([' ', '\t', '\r']))
            .collect::<Vec<_>>()
            .join("\n")
    }),
    ("applying Unicode NFC", |s| s.nfc().collect()),
    ("applying Unicode NFD", |s| s.nfd().collect()),
];

/// The request with `f` applied to every text block and turn.
fn map_text(request: &Request, f: TextTransform) -> Request {
    let mut r = request.clone();
    for b in &mut r.blocks {
        if let Block::Text(t) = b {
            *t = f(t);
        }
    }
    for t in &mut r.turns {
        t.text = f(&t.text);
    }
    r
}

/// Reads a `--schema FILE` probe.
pub fn schema_probe_from_file(path: &Path) -> Result<SchemaProbe> {
    Ok((path.display().to_string(), Schema::from_file(path)?))
}

/// Lookups of many requests share one schema-probe list; this groups the registry schemas.
pub fn registry_probes(registry: &crate::registry::Registry, task: &str) -> Vec<SchemaProbe> {
    // One probe per distinct schema, named by its file and every version that uses it: two
    // versions sharing a schema file are one probe, never "the schema of prompt v1" for a v2
    // cassette.
    let mut probes: Vec<(Vec<i64>, String, Schema)> = Vec::new();
    for (t, versions) in registry.tasks() {
        if t != task {
            continue;
        }
        for v in versions {
            let Some(schema) = registry.schema(task, v) else {
                continue;
            };
            match probes
                .iter_mut()
                .find(|(_, _, s)| s.canonical_json() == schema.canonical_json())
            {
                Some((vs, _, _)) => vs.push(v),
                None => {
                    let file = match registry.prompt(task, v).map(|p| &p.schema) {
                        Some(crate::registry::SchemaSource::File { path, .. }) => {
                            path.display().to_string()
                        }
                        _ => "its schema".to_owned(),
                    };
                    probes.push((vec![v], file, schema.clone()));
                }
            }
        }
    }
    let probes: Vec<SchemaProbe> = probes
        .into_iter()
        .map(|(versions, file, schema)| {
            let versions: Vec<String> = versions.iter().map(|v| format!("v{v}")).collect();
            (
                format!(
                    "{file} as the registry has it now ({task} {})",
                    versions.join(", ")
                ),
                schema,
            )
        })
        .collect();
    probes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_generated_values() {
        let v = generated_values("at 2026-11-30T10:15:00Z id 3f2504e0-4f89-11d3-9a0c-0305e82c3301 n 1733920000 h deadbeefdeadbeef00 ok 12");
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

crate::named!(DiagnosisKind);
