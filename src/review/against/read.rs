//! Reading a re-recording: which cassettes of a store differ from a git revision, each read
//! once at the revision (in one batch) and once in the working tree, compared in parallel.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::{Change, ChangeKind, LockDelta, Rerecording, at_revision};
use crate::advice::Advice;
use crate::cassette::Cassette;
use crate::error::{Error, Result};
use crate::git::{Repo, Status, TreeEntry};
use crate::layout::{LOCK_FILE, parse_version_folder};
use crate::lock::Lock;
use crate::review::{Pair, RecordedAnswer, answer_changes};
use crate::schema_check::{AnswerVerdict, Validators, validate_answer};
use crate::store_settings::StoreSettings;

/// One listed cassette: its git path, its path in the store, task, version and git status.
type Listed = (PathBuf, PathBuf, String, i64, Status);

impl Rerecording {
    /// Compares the store `store` with `reference` (tasks limited to `tasks` when given).
    pub fn read(store: &StoreSettings, reference: &str, tasks: &[String]) -> Result<Rerecording> {
        crate::store::check_folder(&store.root)?;
        let repo = Repo::discover(&store.root)?;
        let prefix = repo.relative(&store.root)?;
        let commit = repo.commit(reference)?;
        let tree = repo.tree(&commit, &prefix)?;
        let diff = repo.changes(&commit, &prefix)?;
        let wanted = |rel: &Path| -> Option<(String, i64)> {
            let (task, version) = cassette_position(rel)?;
            (tasks.is_empty() || tasks.contains(&task)).then_some((task, version))
        };
        let validators = Validators::for_registry(&store.registry);
        let listed = list(&diff, &tree, &prefix, &wanted);
        let side = Compare {
            store,
            validators: &validators,
            reference,
            tree: &tree,
        };
        let compared = side.compare_all(&repo, listed)?;
        let same = compared.iter().filter(|c| c.is_none()).count();
        let changes: Vec<Change> = compared.into_iter().flatten().collect();
        let unchanged = same
            + tree
                .keys()
                .filter(|p| !diff.contains_key(*p))
                .filter_map(|p| p.strip_prefix(&prefix).ok())
                .filter(|rel| wanted(rel).is_some())
                .count();
        let lock = lock_deltas(&repo, &prefix, &tree, &store.root)?;
        let cwd = std::env::current_dir().map_err(|e| Error::io(".", &e))?;
        let index = changes
            .iter()
            .enumerate()
            .map(|(i, c)| (crate::store_settings::lexical_absolute(&cwd, &c.path), i))
            .collect();
        Ok(Rerecording {
            root: store.root.clone(),
            reference: reference.to_owned(),
            commit,
            edits: super::edited_prompts(&changes),
            changes,
            unchanged,
            lock,
            repo,
            prefix,
            index,
            listing: store.advise_any(Advice::ReviewAgainst { reference }),
        })
    }
}

/// What one listed cassette is compared with: the store, its schemas and the revision's tree.
struct Compare<'a> {
    store: &'a StoreSettings,
    validators: &'a Validators,
    reference: &'a str,
    tree: &'a BTreeMap<PathBuf, TreeEntry>,
}

impl Compare<'_> {
    /// Each listed cassette with REF's bytes (every blob read in one batch), compared in
    /// parallel: `None` where it is the same at REF.
    fn compare_all(&self, repo: &Repo, listed: Vec<Listed>) -> Result<Vec<Option<Change>>> {
        let tree = self.tree;
        let ids: Vec<&str> = listed
            .iter()
            .filter(|l| l.4 != Status::Added)
            .filter_map(|l| tree.get(&l.0).map(|e| e.id.as_str()))
            .collect();
        let mut blobs = repo.blobs(&ids, crate::store::MAX_CASSETTE)?.into_iter();
        let work: Vec<_> = listed
            .into_iter()
            .map(|l| {
                let before = match (l.4, tree.contains_key(&l.0)) {
                    (Status::Added, _) | (_, false) => None,
                    _ => blobs.next(),
                };
                (l, before)
            })
            .collect();
        Ok(work
            .into_par_iter()
            .map(|(listed, before)| self.compare(listed, before))
            .collect())
    }

    /// The change of one listed cassette (`before`: REF's bytes, `None` inside when unread), or
    /// `None` when both sides hold the same content.
    fn compare(&self, listed: Listed, before: Option<Option<Vec<u8>>>) -> Option<Change> {
        let (git_path, rel, task, version, status) = listed;
        let (store, validators, reference, tree) =
            (self.store, self.validators, self.reference, self.tree);
        let path = store.root.join(&rel);
        let link_at_ref = tree.get(&git_path).is_some_and(|e| e.link);
        let now = match status {
            Status::Deleted => None,
            _ => Some(crate::store::read_cassette_bytes(&path).ok()),
        };
        let recording = |path: PathBuf, bytes: &[u8]| {
            Cassette::from_slice(bytes).ok().map(|cassette| {
                let schema_ok = schema_verdict(validators, &task, version, &cassette);
                RecordedAnswer {
                    path,
                    cassette,
                    schema_ok,
                }
            })
        };
        let shown_ref = || at_revision(reference, &path);
        // A link at REF (its blob is the target's name) reads as no cassette, like a
        // blob larger than any cassette (never read).
        let before = if link_at_ref {
            before.map(|_| None)
        } else {
            before
        };
        let kind = match (before, now) {
            (Some(None), Some(_)) => ChangeKind::Unreadable,
            (Some(None), None) => ChangeKind::Removed(None),
            (Some(Some(b)), Some(Some(n))) if same_content(&b, &n) => return None,
            (Some(Some(b)), Some(Some(n))) => {
                match (recording(shown_ref(), &b), recording(path.clone(), &n)) {
                    (Some(from), Some(to)) => {
                        let changes = answer_changes(&from.cassette.text, &to.cassette.text);
                        ChangeKind::Changed(Box::new(Pair { from, to, changes }))
                    }
                    _ => ChangeKind::Unreadable,
                }
            }
            (Some(Some(_)), Some(None)) => ChangeKind::Unreadable,
            (Some(Some(b)), None) => ChangeKind::Removed(recording(shown_ref(), &b).map(Box::new)),
            (None, Some(n)) => {
                ChangeKind::Added(n.and_then(|n| recording(path.clone(), &n)).map(Box::new))
            }
            (None, None) => return None,
        };
        Some(Change {
            task,
            version,
            path,
            git_path,
            kind,
            link_at_ref,
        })
    }
}

/// Whether REF's blob and the working-tree file hold the same text (line endings aside: a
/// checkout may have converted them).
fn same_content(blob: &[u8], file: &[u8]) -> bool {
    blob == file || {
        let strip = |b: &[u8]| -> Vec<u8> { b.iter().copied().filter(|&c| c != b'\r').collect() };
        blob.len().abs_diff(file.len()) <= file.len() / 8 + 1 && strip(blob) == strip(file)
    }
}

/// `<task>/v<N>/<name>.json` → (task, N).
fn cassette_position(rel: &Path) -> Option<(String, i64)> {
    let parts: Vec<&str> = rel.iter().map(|p| p.to_str()).collect::<Option<_>>()?;
    match parts.as_slice() {
        [task, version, name] if name.ends_with(".json") => {
            crate::request::validate_task(task).ok()?;
            Some(((*task).to_owned(), parse_version_folder(version)?))
        }
        _ => None,
    }
}

/// Whether a finished answer passes its schema: the current registry's for its version, else
/// (no registry, or a schema built in code) the schema its request material carries.
fn schema_verdict(v: &Validators, task: &str, version: i64, c: &Cassette) -> Option<bool> {
    let validator = v
        .registry(task, version)
        .or_else(|| v.stored(&c.request.as_ref()?.schema))?;
    (c.stop_reason == "end_turn")
        .then(|| validate_answer(&c.text, &validator) == AnswerVerdict::Valid)
}

/// The lock entries that differ between REF and the working tree.
fn lock_deltas(
    repo: &Repo,
    prefix: &Path,
    tree: &BTreeMap<PathBuf, crate::git::TreeEntry>,
    root: &Path,
) -> Result<Vec<LockDelta>> {
    let at_ref = match tree.get(&prefix.join(LOCK_FILE)).filter(|e| !e.link) {
        Some(entry) => {
            let bytes = repo
                .blobs(&[&entry.id], crate::input::MAX_SMALL_FILE)?
                .pop()
                .flatten()
                .unwrap_or_default();
            std::str::from_utf8(&bytes)
                .ok()
                .and_then(|t| Lock::parse(t).ok())
                .unwrap_or_default()
        }
        None => Lock::default(),
    };
    let now = Lock::read(root)?.unwrap_or_default();
    let keys: BTreeSet<&(String, i64)> = at_ref.entries.keys().chain(now.entries.keys()).collect();
    Ok(keys
        .into_iter()
        .filter_map(|k| {
            let (before, after) = (at_ref.entries.get(k), now.entries.get(k));
            (before != after).then(|| LockDelta {
                task: k.0.clone(),
                version: k.1,
                before: before.cloned(),
                now: after.cloned(),
            })
        })
        .collect())
}

/// The cassettes of the diff under `prefix` that the review reads (tasks as `wanted`); an
/// untracked (or staged away) file that REF has is compared by content.
fn list(
    diff: &BTreeMap<PathBuf, Status>,
    tree: &BTreeMap<PathBuf, TreeEntry>,
    prefix: &Path,
    wanted: &dyn Fn(&Path) -> Option<(String, i64)>,
) -> Vec<Listed> {
    let mut listed: Vec<Listed> = Vec::new();
    for (git_path, status) in diff {
        let Ok(rel) = git_path.strip_prefix(prefix) else {
            continue;
        };
        if let Some((task, version)) = wanted(rel) {
            let status = match status {
                Status::Added if tree.contains_key(git_path) => Status::Modified,
                s => *s,
            };
            listed.push((git_path.clone(), rel.to_path_buf(), task, version, status));
        }
    }
    listed
}
