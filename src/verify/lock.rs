//! What `ulcas.lock` says of a store against its registry.

use super::{Check, Finding};
use crate::advice::Advice;
use crate::error::Result;
use crate::staleness::StalenessView;
use crate::store_settings::StoreSettings;

/// What `ulcas.lock` says of the store's recorded versions against the registry: prompts and
/// schemas edited since they were locked, versions recorded after it. `(false, [])` when the
/// store has no lock.
pub(super) fn lock_findings(
    store: &StoreSettings,
    census: &crate::store::Census,
    staleness: &StalenessView,
) -> Result<(bool, Vec<Finding>)> {
    let Some(lock) = crate::lock::Lock::read(&store.root)? else {
        return Ok((false, Vec::new()));
    };
    let mut findings = Vec::new();
    for (task, versions) in census {
        for &version in versions.keys() {
            let Some((now, prompt_file, schema_file)) =
                crate::lock::current(&store.registry, task, version)
            else {
                continue;
            };
            let name = format!("{task}/v{version}");
            let accept = store.advise(Advice::Lock {
                accept: Some((task, version)),
            });
            let Some(locked) = lock.entries.get(&(task.clone(), version)) else {
                findings.push(Finding::new(
                    &crate::layout::version_dir(&store.root, task, version),
                    Check::Unlocked,
                    format!(
                        "{name} has recordings that ulcas.lock does not cover (recorded after it was written): `{}` adds them, so that an edit of their prompt fails here",
                        store.advise(Advice::Lock { accept: None })
                    ),
                ));
                continue;
            };
            let stale = staleness
                .current_version(task)
                .is_some_and(|current| version < current);
            if stale && (locked.prompt != now.prompt || locked.schema != now.schema) {
                let what = if locked.prompt != now.prompt {
                    Check::PromptEdited
                } else {
                    Check::SchemaEdited
                };
                let file = match what {
                    Check::SchemaEdited => schema_file.unwrap_or(prompt_file),
                    _ => prompt_file,
                };
                findings.push(stale_edit(store, &name, what, &file));
                continue;
            }
            let edits = Edits {
                prompt: (locked.prompt != now.prompt).then_some(prompt_file.as_path()),
                schema: (locked.schema != now.schema)
                    .then(|| schema_file.unwrap_or_else(|| prompt_file.clone())),
            };
            findings.extend(current_edits(store, (task, version), edits, &accept));
        }
    }
    Ok((true, findings))
}

/// What of a current version changed since it was locked: its prompt file, its schema's file.
struct Edits<'a> {
    prompt: Option<&'a std::path::Path>,
    schema: Option<std::path::PathBuf>,
}

/// The findings of edits to a current version: each says how to restore it, or to accept it
/// when the recordings were re-made (`accept`).
fn current_edits(
    store: &StoreSettings,
    (task, version): (&str, i64),
    edits: Edits<'_>,
    accept: &str,
) -> Vec<Finding> {
    let name = format!("{task}/v{version}");
    let mut findings = Vec::new();
    if let Some(prompt_file) = edits.prompt {
        findings.push(Finding::new(
            prompt_file,
            Check::PromptEdited,
            format!(
                "the prompt text of {name} changed since its recordings were locked, without a version bump: every {task} test replays answers to a text that no longer exists. Restore {} and put the new text in v{}.md (then record it), or, if the recordings were re-made with the new text: `{accept}`",
                prompt_file.display(),
                version + 1
            ),
        ));
    }
    if let Some(file) = edits.schema {
        findings.push(Finding::new(
            &file,
            Check::SchemaEdited,
            format!(
                "the output schema of {name} ({}) changed since its recordings were locked: its requests now have another key and miss. Restore it and bump the version, or carry the answers over (`{}`) or record them anew, then `{accept}`",
                file.display(),
                store.advise(Advice::Migrate { task, write: false })
            ),
        ));
    }
    findings
}

/// An edit of a version older than the current one: it can never be hit again, so the step
/// that brings the lock back is the prune that removes it, not an accept.
fn stale_edit(store: &StoreSettings, name: &str, what: Check, file: &std::path::Path) -> Finding {
    Finding::new(
        file,
        what,
        format!(
            "the {} of {name} ({}) changed since its recordings were locked; {name} is older than the current version and can never be hit again: `{}` removes its recordings and its lock entry",
            if what == Check::SchemaEdited {
                "output schema"
            } else {
                "prompt text"
            },
            file.display(),
            store.advise(Advice::Prune { orphans: false })
        ),
    )
}
