//! The probes of a miss: each changes one part of the key (version, schema, text, repair
//! turns) and looks again, so the diagnosis says which part differs.

use std::path::{Path, PathBuf};

use unicode_normalization::UnicodeNormalization;

use super::{Detail, Diagnosis, SchemaProbe, TextTransform};
use crate::advice::{Advice, PromptsAt};
use crate::error::Result;
use crate::key::{CassetteKey, KeyMaterial, hash_parts, key_of};
use crate::request::{Block, Request};
use crate::schema::Schema;
use crate::store_settings::StoreSettings;

/// What the counterfactual probes of one missed request share.
pub(super) struct Probes<'a> {
    pub(super) root: &'a Path,
    pub(super) request: &'a Request,
    pub(super) material: &'a KeyMaterial,
    pub(super) key: &'a CassetteKey,
    /// The command that records the request anew.
    pub(super) record: String,
    /// The command that prunes the store.
    pub(super) prune: String,
    /// `ulcas migrate TASK … --write`, when the request's version is the task's current one
    /// (migrate carries over the answers of the current version only).
    pub(super) migrate: Option<String>,
    /// Where adding request material is explained.
    pub(super) backfill: String,
}

impl Probes<'_> {
    /// What to do when the schema changed since recording: `migrate` where it applies (the
    /// task's current version), else record anew.
    pub(super) fn schema_advice(&self) -> String {
        let record = &self.record;
        match &self.migrate {
            Some(migrate) => format!(
                "`{migrate}` carries the answer over if it still fits the new schema (the old cassette needs request material: `{}`), else record it anew with {record}",
                self.backfill
            ),
            None => format!("record it anew with {record}"),
        }
    }

    /// The cassette path of `k`, when it is recorded.
    pub(super) fn recorded(&self, k: &CassetteKey) -> Option<PathBuf> {
        let path = k.path_under(self.root);
        path.is_file().then_some(path)
    }

    /// The request's key with another version or schema (the normalised content is reused).
    pub(super) fn key_with(&self, version: i64, schema_json: &str) -> CassetteKey {
        let task = &self.key.task;
        CassetteKey {
            task: task.clone(),
            prompt_version: version,
            hash: hash_parts(task, version, schema_json, &self.material.content.text),
        }
    }

    /// `hit-with-version`: the same request under another recorded prompt version.
    pub(super) fn other_versions(&self, versions: &[i64]) -> Vec<Diagnosis> {
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
    pub(super) fn without_repairs(&self) -> Option<Diagnosis> {
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
    pub(super) fn other_schemas(&self, schema_probes: &[SchemaProbe]) -> Vec<Diagnosis> {
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
pub(super) fn text_probes(root: &Path, request: &Request) -> Vec<Diagnosis> {
    let mut diagnoses = Vec::new();
    for (name, transform) in TEXT_TRANSFORMS {
        let probe = map_text(request, *transform);
        if probe == *request {
            continue;
        }
        let k = key_of(&probe);
        if k.path_under(root).is_file() {
            let d = Diagnosis::new(
                Detail::HitWithNormalisedText {
                    variant: (*name).to_owned(),
                },
                format!(
                    "it would hit after {name}: the request text differs from the recording only in that; make the request builder produce stable text, or re-record"
                ),
            );
            diagnoses.push(d.at(k.path_under(root)));
        }
    }

    diagnoses
}

/// `lock-differs`: the hit's version was locked with another prompt text or schema than the
/// registry now has.
pub(super) fn lock_differs(
    store: &StoreSettings,
    key: &CassetteKey,
    hit: &Path,
) -> Result<Option<Diagnosis>> {
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
        return unchecked(format!(
            "no prompt registry was read ({})",
            store.advise(Advice::Prompts(PromptsAt::Registry))
        ));
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
            store.advise(Advice::Lock { accept: None })
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
                "the answer replays, but it answers an older text: the {what} of {task} v{version} ({}) changed since its recordings were locked; verify fails on it until the text is restored (and the change made a new version) or the recordings are re-made and accepted (`{}`)",
                prompt_file.display(),
                store.advise_any(Advice::Lock { accept: Some((task, version)) })
            ),
        )
        .at(hit.to_path_buf()),
    ))
}

/// `task-missing` or `version-missing`, when the request's folder is not in the store.
pub(super) fn missing_folder(
    request: &Request,
    versions: &[i64],
    task_dir: &Path,
    record: &str,
    prune: &str,
) -> Option<Diagnosis> {
    if versions.is_empty() && !task_dir.is_dir() {
        return Some(Diagnosis::new(
            Detail::TaskMissing,
            format!(
                "the store has no folder for task {:?}: nothing was ever recorded for it here; record it with {record}",
                request.task
            ),
        ));
    }
    if !versions.contains(&request.prompt_version) {
        let listed: Vec<String> = versions.iter().map(|v| format!("v{v}")).collect();
        let d = Diagnosis::new(
            Detail::VersionMissing {
                versions: versions.to_vec(),
            },
            format!(
                "no recordings for prompt v{} of {:?} (the store has {}): a prompt-version bump; record anew with {record}, then `{prune}` removes the old versions",
                request.prompt_version,
                request.task,
                if listed.is_empty() {
                    "none".to_owned()
                } else {
                    listed.join(", ")
                }
            ),
        );
        return Some(d);
    }
    None
}

/// How many trailing (assistant, user) pairs the request has after its first turn.
pub(super) fn repair_attempts(request: &Request) -> usize {
    let turns = &request.turns;
    let mut n = 0;
    let mut end = turns.len();
    while end >= 2 && turns[end - 2].role == "assistant" && turns[end - 1].role == "user" {
        n += 1;
        end -= 2;
    }
    n
}

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
