//! A prompt in code that missed: the same request recorded with another system text, found
//! among the store's recordings of prompts in code (any task: a task named by the text's first
//! words is renamed by an edit of them), and the words of the text that changed.

use std::path::{Path, PathBuf};

use super::{Detail, Diagnosis, word_diff};
use crate::key::KeyMaterial;

/// The most files looked at for an edited system text.
const MAX_FILES: usize = 100_000;

/// The `system-changed` diagnosis of a prompt in code whose content and schema were recorded
/// with another system text, nearest text first; `None` when there is no such recording.
pub(super) fn system_changed(root: &Path, task: &str, material: &KeyMaterial) -> Option<Diagnosis> {
    let system = material.system.as_deref()?;
    let mut content = String::new();
    crate::php::write_string(&mut content, &material.content.text);
    let mut best: Option<(f64, PathBuf, String)> = None;
    for path in files_of_prompts_in_code(root, task) {
        let Some(recorded) = recorded_system(&path, &content, &material.schema_json) else {
            continue;
        };
        if recorded == system {
            continue;
        }
        let (_, similarity) = word_diff(&recorded, system);
        if best.as_ref().is_none_or(|(s, _, _)| similarity > *s) {
            best = Some((similarity, path, recorded));
        }
    }
    let (_, path, recorded) = best?;
    let (diff, similarity) = word_diff(&recorded, system);
    let d = Diagnosis::new(
        Detail::SystemChanged {
            similarity: (similarity * 1000.0).round() / 1000.0,
            diff,
        },
        format!(
            "the system text changed: this request was recorded with another one ({} similar) at {}; the prompt was edited since, so its answer is not this prompt's: record it again (once a complete run no longer uses the old recording, prune removes it)",
            super::percent(similarity),
            path.display()
        ),
    );
    Some(d.at(path))
}

/// The `recorded-without-system` diagnosis of a prompt in code whose request has a cassette at
/// its reference key (no system text in it): recorded with the `x-ulcas-task` headers before
/// ulcas keyed a prompt in code by its text.
pub(super) fn recorded_without_system(
    root: &Path,
    request: &crate::request::Request,
) -> Option<Diagnosis> {
    if !request.prompt_in_code {
        return None;
    }
    let mut reference = request.clone();
    reference.prompt_in_code = false;
    let path = crate::key::key_of(&reference).path_under(root);
    if !path.is_file() {
        return None;
    }
    let d = Diagnosis::new(
        Detail::RecordedWithoutSystem,
        format!(
            "a cassette of this request is at {}, recorded before ulcas keyed a prompt in code by its system text: it cannot tell which text it answers, so it is not replayed; record this request again (once a complete run no longer uses the old one, prune removes it)",
            path.display()
        ),
    );
    Some(d.at(path))
}

/// The cassettes that may be of prompts in code: `task`'s first, then those of every other
/// task recorded as a prompt in code.
fn files_of_prompts_in_code(root: &Path, task: &str) -> Vec<PathBuf> {
    let mut tasks: Vec<String> = std::fs::read_dir(root)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|t| t != task && !t.starts_with('.'))
        .filter(|t| crate::in_code::task_recorded_in_code(root, t))
        .collect();
    tasks.sort();
    tasks.insert(0, task.to_owned());
    let mut files = Vec::new();
    for task in tasks {
        let task_dir = root.join(&task);
        for version in crate::store::versions_in(&task_dir) {
            let dir = crate::layout::version_dir(root, &task, version);
            let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
                .into_iter()
                .flatten()
                .filter_map(Result::ok)
                .filter(crate::store::is_json_file)
                .map(|e| e.path())
                .collect();
            found.sort();
            files.extend(found);
            if files.len() >= MAX_FILES {
                files.truncate(MAX_FILES);
                return files;
            }
        }
    }
    files
}

/// The recorded system text of the cassette at `path` when it is a prompt in code's whose
/// content (its JSON literal `content`) and schema are these.
fn recorded_system(path: &Path, content: &str, schema: &str) -> Option<String> {
    let bytes = crate::store::read_cassette_bytes(path).ok()?;
    // Cheap first: the recorder's layout holds the content's literal as the key encodes it.
    let literal = crate::cassette::content_literal(&bytes)?;
    if bytes.get(literal)? != content.as_bytes() {
        return None;
    }
    let cassette = crate::cassette::Cassette::from_slice(&bytes).ok()?;
    let material = cassette.request?;
    (material.schema == schema)
        .then_some(material.system)
        .flatten()
}
