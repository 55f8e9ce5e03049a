//! `verify --requests`: the request dumps of a test run, each checked in the store it belongs to.

use std::collections::HashSet;
use std::path::PathBuf;

use super::{Check, Finding};
use crate::advice::{Advice, PromptsAt};
use crate::key::CassetteKey;
use crate::store_settings::StoreSettings;

/// A request dump of a test run, as `verify --requests` checks it.
#[derive(Debug, Clone)]
pub struct Dump {
    /// The dump file.
    pub file: PathBuf,
    /// Its key.
    pub key: CassetteKey,
    /// The model the test run asked for.
    pub model: Option<String>,
    /// `sha256:…` of the system prompt the app sent, byte for byte.
    pub system: Option<String>,
}

/// What the key cannot see of a test run: a hit cassette recorded with another model than the
/// run asks (`model-changed`, per cassette), and a system prompt that differs from the prompt
/// file the registry has for its task and version (`prompt-mismatch`, per dump).
pub(super) fn dump_findings(store: &StoreSettings, dumps: &[Dump]) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut models_seen = HashSet::new();
    for d in dumps {
        let path = d.key.path_under(&store.root);
        if let Some(model) = &d.model {
            let recorded = crate::store::read_cassette(&path).ok().map(|c| c.model);
            if let Some(recorded) = recorded.filter(|m| !m.is_empty() && m != model) {
                if models_seen.insert(path.clone()) {
                    out.push(Finding::new(
                        &path,
                        Check::ModelChanged,
                        format!(
                            "recorded with {recorded}, while the test run (dump {}) asks {model}: the replay answers as {recorded} did; re-record it if the answers should be {model}'s",
                            d.file.display()
                        ),
                    ));
                }
            }
        }
        let (task, version) = (&d.key.task, d.key.prompt_version);
        let (Some(system), Some(prompt)) = (&d.system, store.registry.prompt(task, version)) else {
            continue;
        };
        // One finding per dump that sent other bytes (same message per version: grouped).
        if prompt.text_hash.as_ref().is_some_and(|h| h != system) {
            let folders: Vec<String> = store
                .registry
                .folders
                .iter()
                .map(|f| f.display().to_string())
                .collect();
            out.push(Finding::new(
                &d.file,
                Check::PromptMismatch,
                format!(
                    "the system prompt this test-run dump sent for {task} v{version} differs, byte for byte, from {}, read from the prompt folder {}: ulcas checks another text than the app sends. Point {} at the app's prompts, or bump the version if the app's text changed",
                    prompt.path.display(),
                    folders.join(", "),
                    store.advise(Advice::Prompts(PromptsAt::App))
                ),
            ));
        }
    }
    out
}

/// Findings for the request dumps of `requests` (dump file, its key) whose cassette `store`
/// lacks: each names the expected cassette path and the `lookup` command that explains the miss.
pub fn missing_cassettes(store: &StoreSettings, requests: &[Dump]) -> Vec<Finding> {
    let mut out = Vec::new();
    for Dump { file, key, .. } in requests {
        let path = key.path_under(&store.root);
        if path.is_file() {
            continue;
        }
        let file_name = file.display().to_string();
        let lookup = store.advise(Advice::Lookup { dump: file });
        out.push(Finding::new(
            &path,
            Check::MissingCassette,
            format!(
                "no cassette for the request dumped in {file_name} (task {:?}, prompt v{}): that test misses; `{lookup}` explains why",
                key.task, key.prompt_version
            ),
        ));
    }
    out
}
