//! `review --against REF`: a re-recording at the same prompt version, against a git revision.
//! Each working-tree cassette is paired with the same path at REF; what changed in the answer,
//! model, stop reason, usage and schema verdict is reported, with the cassettes added and
//! removed since REF; `--reject` restores REF's version of what the user does not accept.
//!
//! Git is asked once per store for what differs (`git diff --name-status`), once for REF's
//! tree and once, in a batch, for the blobs of what differs: a store of 10,000 re-recorded
//! cassettes costs a handful of processes.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Serialize;

use super::{answer_changes, Pair, Recording, TokenStats};
use crate::answer::{validate_answer, AnswerVerdict, Validators};
use crate::cassette::Cassette;
use crate::error::{Error, ErrorKind, Result};
use crate::git::{Repo, Status};
use crate::layout::{parse_version_folder, LOCK_FILE};
use crate::lock::{Entry, Lock};
use crate::outcome::{Outcome, Verdict};
use crate::ser::Sides;
use crate::settings::Store;
use crate::store::{Slot, StoreDir, Times};

/// What `review --against` is asked, beside the stores.
#[derive(Debug, Clone, Default)]
pub struct AgainstRequest {
    /// The git revision (default `HEAD`).
    pub reference: Option<String>,
    /// Only these tasks (all when empty).
    pub tasks: Vec<String>,
    /// Paths of listed cassettes whose re-recording is rejected: REF's version is restored.
    pub reject: Vec<PathBuf>,
}

/// One cassette that differs between REF and the working tree.
#[derive(Debug, Clone)]
pub struct Change {
    /// The task.
    pub task: String,
    /// The prompt version.
    pub version: i64,
    /// The working-tree path (the store root as given, joined with `<task>/v<N>/<name>`).
    pub path: PathBuf,
    /// The path relative to the top of the git work tree.
    pub git_path: PathBuf,
    /// How it differs.
    pub kind: ChangeKind,
    /// Whether REF holds a symbolic link at this path (restored as a link, as git does).
    pub link_at_ref: bool,
}

/// How a listed cassette differs.
#[derive(Debug, Clone)]
pub enum ChangeKind {
    /// In both: REF's recording (`from`, its path written `REF:<path>`) and the new one.
    Changed(Box<Pair>),
    /// Only in the working tree (a new input, or a file git does not track yet).
    Added(Option<Box<Recording>>),
    /// Only at REF (the re-recording removed it).
    Removed(Option<Box<Recording>>),
    /// In both, but one side does not read as a cassette.
    Unreadable,
}

/// A version whose `ulcas.lock` entry differs between REF and the working tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LockDelta {
    /// The task.
    pub task: String,
    /// The version.
    pub version: i64,
    /// REF's entry (`None`: REF has none).
    pub before: Option<Entry>,
    /// The working tree's entry.
    pub now: Option<Entry>,
}

/// The re-recording of one store against REF.
#[derive(Debug, Clone)]
pub struct Rerecording {
    /// The store root, as given.
    pub root: PathBuf,
    /// The revision as given.
    pub reference: String,
    /// The commit it names.
    pub commit: String,
    /// Every cassette that differs, by path.
    pub changes: Vec<Change>,
    /// Cassettes the same at REF and now.
    pub unchanged: usize,
    /// Lock entries that differ.
    pub lock: Vec<LockDelta>,
    repo: Repo,
    prefix: PathBuf,
    /// Each change by its absolute path (lexically, from the working folder): a path a user
    /// names is found in one look, however many cassettes differ.
    index: std::collections::HashMap<PathBuf, usize>,
}

/// The totals of one store's re-recording.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct RerecordSummary {
    /// The store root.
    #[serde(serialize_with = "crate::ser::path")]
    pub store: PathBuf,
    /// The revision as given.
    pub against: String,
    /// The commit.
    pub commit: String,
    /// Cassettes that differ from REF (the ones `--reject` can name).
    pub differing: usize,
    /// Cassettes at the same path on both sides.
    pub pairs: usize,
    /// Pairs whose answers, models and stop reasons are the same (usage may differ).
    pub identical: usize,
    /// Pairs whose answers differ.
    pub changed: usize,
    /// Pairs whose answers are the same but whose model or stop reason differs.
    pub metadata_changed: usize,
    /// Cassettes only in the working tree.
    pub added: usize,
    /// Cassettes only at REF.
    pub removed: usize,
    /// Pairs one side of which does not read as a cassette.
    pub unreadable: usize,
    /// Pairs whose model differs.
    pub model_changed: usize,
    /// Pairs whose stop reason differs.
    pub stop_reason_changed: usize,
    /// Tokens of the pairs that git sees differ, each side.
    pub tokens: Sides<TokenStats>,
    /// Paired answers failing the current registry's schema of their version, each side.
    pub schema_failures: Sides<usize>,
    /// Versions whose lock entry changed since REF (`task/vN`).
    pub lock_changed: Vec<String>,
    /// Cassettes this run restored or removed (`--reject`).
    pub rejected: usize,
}

/// What a reject did to one cassette.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RejectAction {
    /// REF's version written back.
    Restored,
    /// Removed: REF has none.
    Removed,
}

/// One rejected cassette.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rejected {
    /// The cassette.
    #[serde(serialize_with = "crate::ser::path")]
    pub path: PathBuf,
    /// What was done.
    pub action: RejectAction,
}

impl Rerecording {
    /// Compares the store `store` with `reference` (tasks limited to `tasks` when given).
    pub fn read(store: &Store, reference: &str, tasks: &[String]) -> Result<Rerecording> {
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
        // Every blob of REF this review reads, in one batch.
        let mut listed: Vec<(PathBuf, PathBuf, String, i64, Status)> = Vec::new();
        for (git_path, status) in &diff {
            let Ok(rel) = git_path.strip_prefix(&prefix) else {
                continue;
            };
            if let Some((task, version)) = wanted(rel) {
                // Untracked (or staged away) but at REF: compared by content below.
                let status = match status {
                    Status::Added if tree.contains_key(git_path) => Status::Modified,
                    s => *s,
                };
                listed.push((git_path.clone(), rel.to_path_buf(), task, version, status));
            }
        }
        let ids: Vec<&str> = listed
            .iter()
            .filter(|l| l.4 != Status::Added)
            .filter_map(|l| tree.get(&l.0).map(|e| e.id.as_str()))
            .collect();
        let mut blobs = repo.blobs(&ids, crate::store::MAX_CASSETTE)?.into_iter();
        // Each listed cassette with REF's bytes, then compared in parallel.
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
        let compared: Vec<Option<Change>> = work
            .into_par_iter()
            .map(|((git_path, rel, task, version, status), before)| {
                let path = store.root.join(&rel);
                let link_at_ref = tree.get(&git_path).is_some_and(|e| e.link);
                let now = match status {
                    Status::Deleted => None,
                    _ => Some(crate::store::read_cassette_bytes(&path).ok()),
                };
                let recording = |path: PathBuf, bytes: &[u8]| {
                    Cassette::from_slice(bytes).ok().map(|cassette| {
                        let schema_ok = schema_verdict(&validators, &task, version, &cassette);
                        Recording {
                            path,
                            cassette,
                            schema_ok,
                        }
                    })
                };
                let shown_ref = || PathBuf::from(format!("{reference}:{}", path.display()));
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
                                let changes =
                                    answer_changes(&from.cassette.text, &to.cassette.text);
                                ChangeKind::Changed(Box::new(Pair { from, to, changes }))
                            }
                            _ => ChangeKind::Unreadable,
                        }
                    }
                    (Some(Some(_)), Some(None)) => ChangeKind::Unreadable,
                    (Some(Some(b)), None) => {
                        ChangeKind::Removed(recording(shown_ref(), &b).map(Box::new))
                    }
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
            })
            .collect();
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
            .map(|(i, c)| (crate::settings::lexical_absolute(&cwd, &c.path), i))
            .collect();
        Ok(Rerecording {
            root: store.root.clone(),
            reference: reference.to_owned(),
            commit,
            changes,
            unchanged,
            lock,
            repo,
            prefix,
            index,
        })
    }

    /// The totals.
    pub fn summary(&self) -> RerecordSummary {
        let mut s = RerecordSummary {
            store: self.root.clone(),
            against: self.reference.clone(),
            commit: self.commit.clone(),
            lock_changed: self
                .lock
                .iter()
                .map(|d| format!("{}/v{}", d.task, d.version))
                .collect(),
            ..Default::default()
        };
        let pairs: Vec<&Pair> = self.pairs().collect();
        s.differing = self.changes.len();
        for change in &self.changes {
            match &change.kind {
                ChangeKind::Changed(_) => {}
                ChangeKind::Added(_) => s.added += 1,
                ChangeKind::Removed(_) => s.removed += 1,
                ChangeKind::Unreadable => s.unreadable += 1,
            }
        }
        s.changed = pairs.iter().filter(|p| p.changed()).count();
        s.pairs = self.unchanged + pairs.len() + s.unreadable;
        // Identical: the same answer, model and stop reason (usage may differ).
        let differing = pairs.iter().filter(|p| p.differs()).count();
        s.identical = s.pairs - differing - s.unreadable;
        s.metadata_changed = differing - s.changed;
        s.model_changed = pairs
            .iter()
            .filter(|p| p.from.cassette.model != p.to.cassette.model)
            .count();
        s.stop_reason_changed = pairs
            .iter()
            .filter(|p| p.from.cassette.stop_reason != p.to.cassette.stop_reason)
            .count();
        s.tokens = Sides {
            from: TokenStats::of(pairs.iter().map(|p| &p.from)),
            to: TokenStats::of(pairs.iter().map(|p| &p.to)),
        };
        s.schema_failures = Sides {
            from: pairs
                .iter()
                .filter(|p| p.from.schema_ok == Some(false))
                .count(),
            to: pairs
                .iter()
                .filter(|p| p.to.schema_ok == Some(false))
                .count(),
        };
        s
    }

    /// The pairs whose files differ and both read as cassettes.
    pub fn pairs(&self) -> impl Iterator<Item = &Pair> {
        self.changes.iter().filter_map(|c| match &c.kind {
            ChangeKind::Changed(p) => Some(&**p),
            _ => None,
        })
    }

    /// The listed cassette `path` names: the working-tree path as listed (any spelling of it)
    /// or `REF:<path>`.
    pub fn find(&self, path: &Path) -> Option<&Change> {
        let text = path.to_string_lossy();
        let path = text
            .strip_prefix(&format!("{}:", self.reference))
            .map_or_else(|| path.to_path_buf(), PathBuf::from);
        let cwd = std::env::current_dir().ok()?;
        let wanted = crate::settings::lexical_absolute(&cwd, &path);
        self.index.get(&wanted).map(|&i| &self.changes[i])
    }

    /// Checks that `paths` can be rejected: each names a listed cassette, and for every
    /// version whose lock entry changed since REF, either all of its listed cassettes or none
    /// are named. Returns the changes named, each once, in list order.
    pub fn plan_reject(&self, paths: &[PathBuf]) -> Result<Vec<&Change>> {
        let mut chosen = BTreeSet::new();
        for p in paths {
            let change = self.find(p).ok_or_else(|| {
                Error::in_file(
                    p,
                    format!(
                        "not among the cassettes that differ from {} (`ulcas review --against {}` lists them): nothing was changed",
                        self.reference, self.reference
                    ),
                )
            })?;
            chosen.insert(change.path.clone());
        }
        for delta in &self.lock {
            let of_version: Vec<&Change> = self
                .changes
                .iter()
                .filter(|c| c.task == delta.task && c.version == delta.version)
                .collect();
            let named = of_version
                .iter()
                .filter(|c| chosen.contains(&c.path))
                .count();
            if named > 0 && named < of_version.len() {
                return Err(Error::msg(format!(
                    "{}/v{}: its ulcas.lock entry changed since {} together with its answers; reject all {} of its re-recorded cassettes (its entry is restored with them) or none ({named} named): nothing was changed",
                    delta.task,
                    delta.version,
                    self.reference,
                    of_version.len()
                ))
                .of_kind(ErrorKind::Refused));
            }
        }
        Ok(self
            .changes
            .iter()
            .filter(|c| chosen.contains(&c.path))
            .collect())
    }

    /// Rejects the re-recording of each of `paths` ([`Rerecording::plan_reject`] first: nothing
    /// changes when any is refused): REF's version is written back as `git checkout REF --
    /// PATH` would write it, a cassette REF lacks is removed, and a version's lock entry is
    /// restored with its answers. Every write goes through the store's one write path.
    pub fn reject(&self, paths: &[PathBuf]) -> Result<Vec<Rejected>> {
        let chosen = self.plan_reject(paths)?;
        if chosen.is_empty() {
            return Ok(Vec::new());
        }
        // Everything REF holds is fetched before the first write; one `git cat-file --filters`
        // a file (a batch would report the unfiltered size), so several at once.
        let restore = chosen
            .par_iter()
            .map(|change| {
                let bytes = match change.kind {
                    ChangeKind::Added(_) => Restore::Remove,
                    _ if change.link_at_ref => {
                        Restore::Link(self.repo.link_target(&self.commit, &change.git_path)?)
                    }
                    _ => Restore::File(self.repo.checkout_bytes(
                        &self.commit,
                        &change.git_path,
                        crate::store::MAX_CASSETTE,
                    )?),
                };
                Ok((*change, bytes))
            })
            .collect::<Result<Vec<_>>>()?;
        let dir = StoreDir::open(&self.root)?;
        let write = dir.lock()?;
        let mut done = Vec::new();
        let mut emptied = BTreeSet::new();
        for (change, bytes) in restore {
            let rel = change
                .git_path
                .strip_prefix(&self.prefix)
                .unwrap_or(&change.git_path);
            let slot =
                Slot::under(Path::new(""), rel).map_err(|why| Error::in_file(&change.path, why))?;
            match bytes {
                Restore::Link(target) => {
                    write.put_link(&slot, &target)?;
                    done.push(Rejected {
                        path: change.path.clone(),
                        action: RejectAction::Restored,
                    });
                }
                Restore::File(bytes) => {
                    match dir.read(&slot)? {
                        Some(existing) => write.replace(&slot, &existing, &bytes, Times::Now)?,
                        None => {
                            write.create(&slot, &bytes)?;
                        }
                    }
                    done.push(Rejected {
                        path: change.path.clone(),
                        action: RejectAction::Restored,
                    });
                }
                Restore::Remove => {
                    write
                        .remove(&slot, |_| Ok(()))
                        .map_err(|why| Error::in_file(&change.path, why))?;
                    emptied.insert((slot.task.clone(), slot.version.clone()));
                    done.push(Rejected {
                        path: change.path.clone(),
                        action: RejectAction::Removed,
                    });
                }
            }
        }
        for (task, version) in &emptied {
            if write.remove_empty_dir(Some(task), version) {
                write.remove_empty_dir(None, task);
            }
        }
        self.restore_lock_entries(&dir, &write, &chosen)?;
        Ok(done)
    }

    /// Writes REF's lock entry back for each version whose every listed cassette was rejected.
    fn restore_lock_entries(
        &self,
        dir: &StoreDir,
        write: &crate::store::WriteLock<'_>,
        chosen: &[&Change],
    ) -> Result<()> {
        let restored: Vec<&LockDelta> = self
            .lock
            .iter()
            .filter(|d| {
                chosen
                    .iter()
                    .any(|c| c.task == d.task && c.version == d.version)
            })
            .collect();
        if restored.is_empty() {
            return Ok(());
        }
        let read = dir.read_root(LOCK_FILE)?;
        let shown = self.root.join(LOCK_FILE);
        let mut lock = match &read {
            Some(r) => std::str::from_utf8(&r.bytes)
                .ok()
                .and_then(|t| Lock::parse(t).ok())
                .ok_or_else(|| Error::in_file(&shown, "invalid lock: not restored"))?,
            None => Lock::default(),
        };
        for d in restored {
            let key = (d.task.clone(), d.version);
            match &d.before {
                Some(e) => lock.entries.insert(key, e.clone()),
                None => lock.entries.remove(&key),
            };
        }
        write.write_root(LOCK_FILE, read.as_ref(), lock.render().as_bytes())
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

/// What a reject writes back for one cassette.
enum Restore {
    /// REF's file, as `git checkout` writes it.
    File(Vec<u8>),
    /// REF's symbolic link, with this target.
    Link(Vec<u8>),
    /// Nothing: REF has no such cassette.
    Remove,
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

/// The end of a `review --against` run over every store.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AgainstRun {
    /// Cassettes that still differ from REF (after any reject).
    pub differing: usize,
}

impl Outcome for AgainstRun {
    /// Exit 0 when nothing differs from REF (or every difference was rejected), else exit 1.
    fn verdict(&self) -> Verdict {
        Verdict::of(self.differing == 0)
    }
}
