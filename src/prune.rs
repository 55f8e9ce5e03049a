//! `prune`: the cassettes no request can hit again, and their safe removal.
//!
//! A cassette can go, for the first reason that applies (see [`StaleReason`](crate::staleness::StaleReason), decided by the
//! [`StalenessView`] that `verify` reads too): its prompt version is older than the task's
//! current one (`stale-version`); no prompt folder has its task (`orphan-task`); its stored
//! schema differs from the registry's (`schema-changed`); journals of test runs (or request
//! dumps) were given and none references it (`unreferenced`).
//!
//! Some of those are kept on purpose ([`KeptReason`]): the last recordings of a task whose
//! current version has none yet, and orphans unless [`PruneOptions::orphans`] is set.
//!
//! Safety: only files found by the store walk (which never follows a symlink) are candidates;
//! a candidate must parse as a cassette; before a file is removed, its folders are checked to be
//! real folders inside the canonical store root and the file a regular file. `unreferenced`
//! never takes a cassette of a task's current version unless journals cover every store. A plan
//! whose registry has problems has [`PrunePlan::doubts`]: nothing may be deleted then.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use crate::cassette::Cassette;
use crate::error::{Error, Result};
use crate::outcome::{sent, Common, Counts, Outcome, Progress, Sink, Verdict};
use crate::registry::{Registry, RegistryProblem};
use crate::settings::Store;
pub use crate::staleness::StaleReason as PruneReason;
use crate::staleness::StalenessView;
use crate::store::{
    is_temp_name, CassetteFile, FileRead, OtherKind, Slot, StoreDir, StoreEntry, Walked, WriteLock,
};

/// Whether the file at `path` was last written [`LEFTOVER_AGE`] ago or more.
fn is_old(path: &Path) -> bool {
    std::fs::symlink_metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age >= LEFTOVER_AGE)
}

/// Why a cassette that could go is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub enum KeptReason {
    /// The task's current version has no recordings: these are its last ones.
    LastRecordings,
    /// An orphan task's cassette, and `--orphans` was not given.
    OrphansOptIn,
    /// A given request dump hits it or a given journal lists it: evidence of use always wins.
    Used,
}

/// What the user allowed beyond the safe default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PruneOptions {
    /// Delete orphan-task cassettes too.
    pub orphans: bool,
    /// Delete the last recordings of a task whose current version has none.
    pub include_last_recordings: bool,
}

/// A cassette that can go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PruneCandidate {
    /// The file.
    pub path: PathBuf,
    /// Its task.
    pub task: String,
    /// Its prompt version.
    pub version: i64,
    /// Its size.
    pub bytes: u64,
    /// Why it can go.
    pub reason: PruneReason,
    /// Why it is kept all the same, if it is.
    pub kept: Option<KeptReason>,
    /// With [`KeptReason::Used`]: the dump or journal that used it.
    pub used_by: Option<PathBuf>,
}

/// Which cassettes test runs used: the evidence of journals and request dumps, one kind.
#[derive(Debug, Clone, Default)]
pub struct LiveSet {
    /// Cassette paths (canonical where the file exists), each with the dump or journal that
    /// used it.
    pub paths: HashMap<PathBuf, PathBuf>,
    /// Whether anything (journal or request dump) was given at all.
    pub given: bool,
    /// Whether the user states that the evidence is a whole test run, every shard
    /// (`--complete-run`): only then is a current cassette that nothing used `unreferenced`.
    pub complete_run: bool,
    /// The store roots (canonical) the evidence touched: a journal names a cassette in it, or
    /// a dump hits one there or belongs to it ([`crate::settings::store_for_request`]).
    /// `--complete-run` speaks only of these: a store no evidence touched was not in the run.
    pub touched: std::collections::HashSet<PathBuf>,
}

impl LiveSet {
    /// Whether the evidence touched the store at `root`.
    pub fn touches(&self, root: &Path) -> bool {
        let real = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        self.touched.contains(&real)
    }

    /// The dump or journal that used the cassette at `path`, if any did.
    pub fn used_by(&self, path: &Path) -> Option<&Path> {
        let real = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        self.paths.get(&real).map(PathBuf::as_path)
    }
}

/// A journal line whose cassette no longer exists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissingJournalEntry {
    /// The journal.
    pub journal: PathBuf,
    /// 1-based line.
    pub line: usize,
    /// The path it names.
    pub path: PathBuf,
}

/// What `prune` would do in one store.
#[derive(Debug, Clone, Default)]
pub struct PrunePlan {
    /// The store root.
    pub root: PathBuf,
    /// How many files sit at cassette positions.
    pub cassettes: usize,
    /// Count and bytes per (reason, task) of the candidates that can go (not kept).
    pub totals: BTreeMap<(PruneReason, String), (usize, u64)>,
    /// The first [`LISTED_PER_REASON`] candidates that can go, per reason, by path, and the one
    /// after them where there are more (every one was reported as it was found).
    pub listed: BTreeMap<PruneReason, Vec<PathBuf>>,
    /// Candidates kept on purpose per (why, task, version).
    pub kept: BTreeMap<(KeptReason, String, i64), usize>,
    /// With `--complete-run`: no dump or journal touched this store, so the run did not cover
    /// it and nothing in it is `unreferenced`.
    pub untouched: bool,
    /// Files that are not cassettes (or do not parse as one): never touched.
    pub skipped: Vec<(PathBuf, String)>,
    /// Current cassettes no request dump references, kept because journals do not cover every store.
    pub kept_unreferenced: usize,
    /// Why nothing may be deleted: the registry that decides staleness has problems.
    pub doubts: Vec<RegistryProblem>,
    /// Temporary files of interrupted writes, old enough that no write is still running.
    pub leftovers: Vec<PathBuf>,
}

/// How old a temporary file must be before `prune --delete` takes it for a leftover.
pub const LEFTOVER_AGE: std::time::Duration = std::time::Duration::from_secs(600);

/// How many candidate paths a plan keeps per reason (for the human summary).
pub const LISTED_PER_REASON: usize = 20;

impl PrunePlan {
    /// How many candidates can go (are not kept).
    pub fn deletable(&self) -> usize {
        self.totals.values().map(|t| t.0).sum()
    }

    /// The bytes of the candidates that can go.
    pub fn deletable_bytes(&self) -> u64 {
        self.totals.values().map(|t| t.1).sum()
    }

    /// Counts one candidate.
    fn add(&mut self, c: &PruneCandidate) {
        match c.kept {
            Some(k) => *self.kept.entry((k, c.task.clone(), c.version)).or_default() += 1,
            None => {
                let t = self
                    .totals
                    .entry((c.reason, c.task.clone()))
                    .or_insert((0, 0));
                t.0 += 1;
                t.1 += c.bytes;
                let listed = self.listed.entry(c.reason).or_default();
                if listed.len() <= LISTED_PER_REASON {
                    listed.push(c.path.clone());
                }
            }
        }
    }
}

/// Refuses a store root that is missing, not a folder, or a symbolic link.
pub fn check_root(root: &Path) -> Result<PathBuf> {
    let meta = std::fs::symlink_metadata(root).map_err(|e| Error::io(root, &e))?;
    if meta.file_type().is_symlink() {
        return Err(Error::in_file(
            root,
            "the store root is a symbolic link: give the real folder",
        ));
    }
    if !meta.is_dir() {
        return Err(Error::in_file(root, "not a folder"));
    }
    root.canonicalize().map_err(|e| Error::io(root, &e))
}

/// Reads journals into the live set of the given store roots; refuses an empty journal, one
/// that names a path outside every store, or one that names no existing cassette of any store.
/// Lines are cassette paths, absolute or relative to a store root; `#` starts a comment.
pub fn read_journals(
    journals: &[PathBuf],
    roots: &[PathBuf],
) -> Result<(LiveSet, Vec<MissingJournalEntry>)> {
    let canonical: Vec<PathBuf> = roots.iter().map(|r| check_root(r)).collect::<Result<_>>()?;
    let lexical: Vec<PathBuf> = roots.iter().map(|r| resolve_lexically(r)).collect();
    let mut live = LiveSet {
        given: !journals.is_empty(),
        ..Default::default()
    };
    let mut missing = Vec::new();
    for journal in journals {
        let text = crate::input::read_text(journal, crate::input::MAX_SMALL_FILE, "journal")?;
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(n, l)| (n + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .collect();
        if lines.is_empty() {
            return Err(Error::in_file(
                journal,
                "the journal is empty: a run that loaded nothing cannot tell what is unused",
            ));
        }
        let mut named = 0;
        for (n, line) in lines {
            let meant = meanings(Path::new(line), roots, &lexical, &canonical);
            if meant.is_empty() {
                return Err(Error::in_file(
                    journal,
                    format!("line {n}: {line} is outside every store root"),
                ));
            }
            let mut found = false;
            for (i, path) in &meant {
                let Ok(real) = path.canonicalize() else {
                    continue;
                };
                if !real.starts_with(&canonical[*i]) {
                    return Err(Error::in_file(
                        journal,
                        format!(
                            "line {n}: {line} leads outside the store {} (through a symbolic link)",
                            roots[*i].display()
                        ),
                    ));
                }
                found = true;
                named += 1;
                live.touched.insert(canonical[*i].clone());
                live.paths.entry(real).or_insert_with(|| journal.clone());
            }
            if !found {
                missing.push(MissingJournalEntry {
                    journal: journal.clone(),
                    line: n,
                    path: meant[0].1.clone(),
                });
            }
        }
        if named == 0 {
            return Err(Error::in_file(journal, "the journal names no existing cassette of the store(s): is it from another checkout or an old run?"));
        }
    }
    Ok((live, missing))
}

/// The (store, path) pairs a journal line can mean: an absolute path belongs to the store that
/// contains it, a relative one is tried under every root and also against the current folder
/// (`cassettes/…`).
fn meanings(
    given: &Path,
    roots: &[PathBuf],
    lexical: &[PathBuf],
    canonical: &[PathBuf],
) -> Vec<(usize, PathBuf)> {
    let mut meant = Vec::new();
    for (i, root) in roots.iter().enumerate() {
        let mut forms = vec![if given.is_absolute() {
            given.to_path_buf()
        } else {
            root.join(given)
        }];
        if given.is_relative() {
            forms.push(given.to_path_buf());
        }
        for path in forms {
            let abs = resolve_lexically(&path);
            if abs.starts_with(&lexical[i]) || abs.starts_with(&canonical[i]) {
                meant.push((i, path));
            }
        }
    }
    meant
}

/// `path` made absolute against the current folder, `.` and `..` resolved without touching the
/// file system (for paths that may not exist).
fn resolve_lexically(path: &Path) -> PathBuf {
    crate::settings::lexical_absolute(&std::env::current_dir().unwrap_or_default(), path)
}

/// Plans the pruning of the store at `root` with `registry` (nothing deleted, nothing reported).
pub fn plan(
    root: &Path,
    registry: &Registry,
    live: &LiveSet,
    options: PruneOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<PrunePlan> {
    struct Steps<'a>(&'a (dyn Fn(u64) + Sync), AtomicU64);
    impl Progress for Steps<'_> {
        fn step(&self) {
            (self.0)(self.1.fetch_add(1, Ordering::Relaxed) + 1);
        }
    }
    let store = Store::with_registry(root, registry.clone());
    let steps = Steps(progress, AtomicU64::new(0));
    let (plan, _) = prune_store(&store, live, options, false, &steps, &mut Silent)?;
    Ok(plan)
}

/// A sink that drops every event.
struct Silent;

impl Sink for Silent {
    fn common(&mut self, _: &Common<'_>) -> std::io::Result<()> {
        Ok(())
    }
}

impl PruneSink for Silent {
    fn prune(&mut self, _: &PruneEvent<'_>) -> std::io::Result<()> {
        Ok(())
    }
}

/// Plans the pruning of one store (and with `delete`, carries it out) folder by folder,
/// reporting each candidate as it is decided (and deleted): memory holds one folder, never the
/// store's candidates. `delete` must be false while the registry has problems.
pub fn prune_store(
    store: &Store,
    live: &LiveSet,
    options: PruneOptions,
    delete: bool,
    progress: &dyn Progress,
    sink: &mut dyn PruneSink,
) -> Result<(PrunePlan, Option<Deletion>)> {
    check_root(&store.root)?;
    let registry = &store.registry;
    let mut plan = PrunePlan {
        root: store.root.clone(),
        doubts: registry.problems.clone(),
        ..Default::default()
    };
    let delete = delete && plan.doubts.is_empty();
    // `--complete-run` covers the stores its evidence touched: elsewhere nothing is unreferenced.
    plan.untouched = live.given && live.complete_run && !live.touches(&store.root);
    let complete = live.complete_run && !plan.untouched;
    let census = crate::store::census(&store.root)?;
    let view = StalenessView::of_census(&census, registry);
    progress.start(
        "planning",
        census.values().flat_map(|v| v.values()).sum::<usize>() as u64,
    );
    let dir = if delete {
        Some(StoreDir::open(&store.root)?)
    } else {
        None
    };
    let mut deletion = Deletion::default();
    let mut touched = std::collections::BTreeSet::new();
    let mut folder = |files: Vec<CassetteFile>, plan: &mut PrunePlan| -> std::io::Result<()> {
        plan.cassettes += files.len();
        let decided: Vec<Decision> = files
            .par_iter()
            .map(|file| {
                let d = decide(file, registry, &view, live, complete);
                progress.step();
                d
            })
            .collect();
        let mut candidates = Vec::new();
        for (file, d) in files.into_iter().zip(decided) {
            match d {
                Decision::Keep => {}
                Decision::KeepUnreferenced => plan.kept_unreferenced += 1,
                Decision::NotACassette(why) => plan.skipped.push((file.path, why)),
                Decision::Used(reason, bytes, by) => candidates.push(PruneCandidate {
                    path: file.path,
                    task: file.task.to_string(),
                    version: file.version,
                    bytes,
                    reason,
                    kept: Some(KeptReason::Used),
                    used_by: Some(by),
                }),
                Decision::Prune(reason, bytes) => {
                    let kept = match reason {
                        PruneReason::StaleVersion
                            if !options.include_last_recordings
                                && view.is_last_recorded(&file.task, file.version) =>
                        {
                            Some(KeptReason::LastRecordings)
                        }
                        PruneReason::OrphanTask if !options.orphans => {
                            Some(KeptReason::OrphansOptIn)
                        }
                        _ => None,
                    };
                    candidates.push(PruneCandidate {
                        path: file.path,
                        task: file.task.to_string(),
                        version: file.version,
                        bytes,
                        reason,
                        kept,
                        used_by: None,
                    });
                }
            }
        }
        // The folder's deletions under one hold of the store's write lock.
        let lock = match &dir {
            Some(d) if candidates.iter().any(|c| c.kept.is_none()) => {
                Some(d.lock().map_err(|e| std::io::Error::other(e.to_string()))?)
            }
            _ => None,
        };
        for candidate in &candidates {
            plan.add(candidate);
            let deleted = match (&lock, candidate.kept) {
                (Some(lock), None) => {
                    match remove(lock, &store.root, &candidate.path, Removal::Cassette) {
                        Ok(folders) => {
                            touched.insert(folders);
                            deletion.deleted += 1;
                            true
                        }
                        Err(why) => {
                            sink.prune(&PruneEvent::DeleteFailed {
                                path: &candidate.path,
                                why: &why,
                            })?;
                            deletion.failed.push(NotDeleted {
                                path: candidate.path.clone(),
                                why,
                            });
                            false
                        }
                    }
                }
                _ => false,
            };
            sink.prune(&PruneEvent::Candidate(CandidateEvent {
                candidate,
                deleted,
            }))?;
        }
        Ok(())
    };
    let walked = crate::store::walk(&store.root, &mut |item| match item {
        Walked::Folder(f) => folder(f.files().collect(), &mut plan),
        Walked::Entry(StoreEntry::Cassette(c)) => folder(vec![c], &mut plan),
        Walked::Entry(StoreEntry::Other {
            path,
            kind: OtherKind::InterruptedWrite,
            ..
        }) if is_old(&path) => {
            plan.leftovers.push(path);
            Ok(())
        }
        Walked::Entry(StoreEntry::Other { path, why, .. }) => {
            plan.skipped.push((path, why));
            Ok(())
        }
        Walked::Entry(StoreEntry::Unreadable { path, error }) => {
            plan.skipped.push((path, format!("unreadable: {error}")));
            Ok(())
        }
    })?;
    walked.map_err(Error::output)?;
    progress.finish();
    plan.skipped.sort();
    let Some(dir) = dir else {
        return Ok((plan, None));
    };
    let lock = dir.lock()?;
    for path in &plan.leftovers {
        if let Ok(folders) = remove(&lock, &store.root, path, Removal::Leftover) {
            deletion.removed_leftovers.push(path.clone());
            touched.insert(folders);
        }
    }
    // Version folders first, then their task folders; never the root itself. Removing a folder
    // that is not empty (or is no folder) fails, which is what keeps everything else.
    let mut tasks = std::collections::BTreeSet::new();
    for (task, version) in touched {
        if lock.remove_empty_dir(Some(&task), &version) {
            deletion
                .removed_folders
                .push(store.root.join(&task).join(&version));
        }
        tasks.insert(task);
    }
    for task in tasks {
        if lock.remove_empty_dir(None, &task) {
            deletion.removed_folders.push(store.root.join(&task));
        }
    }
    // The lock (where the store has one) keeps no entry of a version this run emptied.
    let emptied: Vec<(String, i64)> = deletion
        .removed_folders
        .iter()
        .filter_map(|f| Slot::under(&store.root, &f.join("x")).ok())
        .filter_map(|s| Some((s.task, crate::layout::parse_version_folder(&s.version)?)))
        .collect();
    if !emptied.is_empty() {
        let mut dropped = Vec::new();
        crate::lock::update(&lock, |l| {
            l.entries.retain(|k, _| {
                let gone = emptied.contains(k);
                if gone {
                    dropped.push(format!("{}/v{}", k.0, k.1));
                }
                !gone
            });
            !dropped.is_empty()
        })?;
        deletion.lock_dropped = dropped;
    }
    Ok((plan, Some(deletion)))
}

/// Removes one file of the plan through the store's write path; its task and version folders.
fn remove(
    lock: &WriteLock<'_>,
    root: &Path,
    path: &Path,
    what: Removal,
) -> std::result::Result<(String, String), String> {
    let slot = Slot::under(root, path)?;
    lock.remove(&slot, |read| what.accepts(&slot.name, read))?;
    Ok((slot.task, slot.version))
}

enum Decision {
    Keep,
    KeepUnreferenced,
    NotACassette(String),
    Prune(PruneReason, u64),
    /// It could go for this reason, but a dump or journal used it.
    Used(PruneReason, u64, PathBuf),
}

fn decide(
    file: &CassetteFile,
    registry: &Registry,
    view: &StalenessView,
    live: &LiveSet,
    complete: bool,
) -> Decision {
    let bytes = match crate::store::read_cassette_bytes(&file.path) {
        Ok(b) => b,
        Err(e) => return Decision::NotACassette(format!("unreadable: {}", e.message)),
    };
    let cassette = match Cassette::from_slice(&bytes) {
        Ok(c) => c,
        Err(e) => {
            return Decision::NotACassette(format!(
                "does not parse as a cassette ({e}); never deleted"
            ))
        }
    };
    let size = bytes.len() as u64;
    let stored_schema = cassette.request.as_ref().map(|m| m.schema.as_str());
    // Evidence of use wins over anything staleness says.
    let used_by = live.given.then(|| live.used_by(&file.path)).flatten();
    match (
        view.reason(registry, &file.task, file.version, stored_schema),
        used_by,
    ) {
        (Some(reason), Some(by)) => Decision::Used(reason, size, by.to_path_buf()),
        (Some(reason), None) => Decision::Prune(reason, size),
        (None, Some(_)) => Decision::Keep,
        // Nothing used it: unreferenced only when the evidence is a whole test run.
        (None, None) if live.given && complete => Decision::Prune(PruneReason::Unreferenced, size),
        (None, None) if live.given => Decision::KeepUnreferenced,
        (None, None) => Decision::Keep,
    }
}

/// What deleting a plan did.
#[derive(Debug, Clone, Default)]
pub struct Deletion {
    /// How many files were removed.
    pub deleted: usize,
    /// Folders removed because they became empty.
    pub removed_folders: Vec<PathBuf>,
    /// Files that could not be removed, with why.
    pub failed: Vec<NotDeleted>,
    /// Leftover temporary files removed.
    pub removed_leftovers: Vec<PathBuf>,
    /// `TASK/vN` whose `ulcas.lock` entry went with its last recordings.
    pub lock_dropped: Vec<String>,
}

/// What a removal must find at the path.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Removal {
    /// A regular file that parses as a cassette.
    Cassette,
    /// A temporary file of an interrupted write, old enough.
    Leftover,
}

impl Removal {
    /// Whether the file read at the moment of removal is what the plan took it for.
    fn accepts(self, name: &str, read: &FileRead) -> std::result::Result<(), String> {
        match self {
            Removal::Cassette => Cassette::from_slice(&read.bytes)
                .map(|_| ())
                .map_err(|e| format!("no longer parses as a cassette ({e})")),
            Removal::Leftover if is_temp_name(name) && read.is_older_than(LEFTOVER_AGE) => Ok(()),
            Removal::Leftover => Err("not an old temporary file of ulcas".into()),
        }
    }
}

/// The cassettes request dumps hit under each of `roots` (each dump's expected cassette), with
/// the dump that hits it.
pub fn live_from_requests(
    requests: &[(PathBuf, crate::key::CassetteKey)],
    roots: &[PathBuf],
) -> HashMap<PathBuf, PathBuf> {
    let mut paths = HashMap::new();
    for (file, key) in requests {
        for root in roots {
            let p = key.path_under(root);
            paths
                .entry(p.canonicalize().unwrap_or(p))
                .or_insert_with(|| file.clone());
        }
    }
    paths
}

crate::named!(KeptReason);

/// What a `prune` run is asked to do.
#[derive(Debug, Clone, Default)]
pub struct PruneRequest {
    /// Journals of test runs (cassettes they name are live).
    pub journals: Vec<PathBuf>,
    /// Request dumps or folders of them (their cassettes are live).
    pub requests: Vec<PathBuf>,
    /// What beyond the safe default may go.
    pub options: PruneOptions,
    /// Delete (else only report).
    pub delete: bool,
    /// The journals and dumps given are a whole test run, every shard: current cassettes that
    /// nothing used are `unreferenced` (never inferred).
    pub complete_run: bool,
}

/// A cassette `--delete` could not remove.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotDeleted {
    /// The cassette.
    pub path: PathBuf,
    /// Why (the file system's answer, or what changed under the run).
    pub why: String,
}

/// The totals of a `prune` run (the `summary` event).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct PruneSummary {
    /// The store roots.
    #[serde(serialize_with = "crate::outcome::paths")]
    pub stores: Vec<PathBuf>,
    /// Files at cassette positions.
    pub cassettes: usize,
    /// Cassettes that can go (not kept).
    pub prunable: usize,
    /// Cassettes this run deleted.
    pub deleted: usize,
    /// Bytes of the prunable cassettes.
    pub bytes: u64,
    /// Prunable cassettes per reason.
    pub reasons: Counts,
    /// Kept cassettes per reason.
    pub kept: Counts,
    /// Current cassettes kept because journals do not cover every store.
    pub kept_unreferenced: usize,
    /// Problems of the registries that decide staleness (nothing is deleted while any).
    pub registry_problems: Vec<RegistryProblem>,
    /// Whether `--delete` was refused for them.
    pub refused: bool,
    /// After `--delete`: the `ulcas lock --accept TASK/vN` commands that bring each store's
    /// lock in line with its registry (a schema or prompt re-recorded, the old ones pruned).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lock_accept: Vec<String>,
    /// With `--complete-run`: stores no dump or journal touched (nothing there is
    /// `unreferenced`).
    #[serde(
        serialize_with = "crate::outcome::paths",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub untouched: Vec<PathBuf>,
    /// Files that could not be deleted (path, why): exit 2.
    #[serde(skip)]
    pub failed: Vec<NotDeleted>,
    /// Request dumps that could not be read: reported, and exit 2 at the end.
    #[serde(skip)]
    pub input_errors: usize,
    /// Whether `--delete` was given.
    #[serde(skip)]
    pub delete: bool,
}

impl PruneSummary {
    fn add(&mut self, plan: &PrunePlan, deletion: Option<&Deletion>) {
        self.stores.push(plan.root.clone());
        self.cassettes += plan.cassettes;
        for ((k, ..), n) in &plan.kept {
            *self.kept.entry(k.name()).or_default() += n;
        }
        for ((reason, _), (n, bytes)) in &plan.totals {
            self.prunable += n;
            self.bytes += bytes;
            *self.reasons.entry(reason.name()).or_default() += n;
        }
        self.kept_unreferenced += plan.kept_unreferenced;
        if plan.untouched {
            self.untouched.push(plan.root.clone());
        }
        self.registry_problems.extend(plan.doubts.iter().cloned());
        if let Some(d) = deletion {
            self.deleted += d.deleted;
            self.failed.extend(d.failed.iter().cloned());
        }
    }

    /// Why `--delete` deleted nothing, when it was refused: the registry's problems or the
    /// request dumps that could not be read, with what to do.
    pub fn refusal(&self) -> Option<String> {
        if !self.refused {
            return None;
        }
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let them = |n: usize| if n == 1 { "it" } else { "them" };
        let problems = &self.registry_problems;
        Some(match problems.first() {
            Some(first) => format!(
                "the registry that decides staleness has {} (first: {first}); fix {} and run again",
                plural(problems.len(), "problem", "problems"),
                them(problems.len())
            ),
            None => format!(
                "{} could not be read (above); fix or remove {} and run again",
                plural(self.input_errors, "request dump", "request dumps"),
                them(self.input_errors)
            ),
        })
    }
}

impl Outcome for PruneSummary {
    /// Exit 0 when nothing (more) can go or it was deleted; exit 1 when cassettes can go and
    /// `--delete` was not given. (A refusal or a failed deletion is an error: exit 2.)
    fn verdict(&self) -> Verdict {
        Verdict::of(self.prunable == 0 || self.delete)
    }

    fn input_errors(&self) -> usize {
        self.input_errors
    }

    fn failed(&self) -> usize {
        self.failed.len()
    }

    fn refusal(&self) -> Option<String> {
        PruneSummary::refusal(self)
    }
}

/// What `prune` reports.
#[derive(Debug, serde::Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum PruneEvent<'a> {
    /// A journal names a cassette that no longer exists.
    JournalMissing {
        /// The journal.
        #[serde(serialize_with = "crate::outcome::path")]
        journal: &'a Path,
        /// Its line.
        line: usize,
        /// The path named.
        #[serde(serialize_with = "crate::outcome::path")]
        path: &'a Path,
    },
    /// One cassette that can go (or is kept on purpose).
    #[serde(rename = "prune")]
    Candidate(CandidateEvent<'a>),
    /// A temporary file of an interrupted write.
    Leftover {
        /// The file.
        #[serde(serialize_with = "crate::outcome::path")]
        path: &'a Path,
        /// Whether this run removed it.
        deleted: bool,
    },
    /// `--delete`: a cassette that could not be removed (the run exits 2).
    DeleteFailed {
        /// The cassette.
        #[serde(serialize_with = "crate::outcome::path")]
        path: &'a Path,
        /// Why.
        why: &'a str,
    },
    /// `--delete` deleted nothing anywhere: why (the run exits 2).
    Refused {
        /// The registry's problems or the dumps that could not be read, with what to do.
        why: &'a str,
    },
    /// `--delete`: a folder left empty and removed.
    RemovedFolder {
        /// The folder.
        #[serde(serialize_with = "crate::outcome::path")]
        path: &'a Path,
    },
    /// Context: one store's plan, and what was deleted.
    #[serde(skip)]
    Plan {
        /// The store.
        store: &'a Store,
        /// The plan.
        plan: &'a PrunePlan,
        /// What `--delete` did.
        deletion: Option<&'a Deletion>,
        /// Whether `--delete` was given.
        delete_asked: bool,
    },
    /// The end: the totals.
    Summary(&'a PruneSummary),
}

impl PruneEvent<'_> {
    /// Whether this event is context for human and GitHub output only (not in JSON Lines).
    pub fn is_context(&self) -> bool {
        matches!(self, PruneEvent::Plan { .. })
    }
}

/// Takes what `prune` reports.
pub trait PruneSink: Sink {
    /// Takes one event.
    fn prune(&mut self, event: &PruneEvent<'_>) -> std::io::Result<()>;
}

/// A prune candidate, as reported.
#[derive(Debug)]
pub struct CandidateEvent<'a> {
    /// The candidate.
    pub candidate: &'a PruneCandidate,
    /// Whether this run deleted it.
    pub deleted: bool,
}

impl serde::Serialize for CandidateEvent<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(serde::Serialize)]
        struct Out<'c> {
            #[serde(serialize_with = "crate::outcome::path")]
            path: &'c Path,
            reason: PruneReason,
            deleted: bool,
            task: &'c str,
            prompt_version: i64,
            bytes: u64,
            #[serde(skip_serializing_if = "Option::is_none")]
            kept: Option<KeptReason>,
            #[serde(
                skip_serializing_if = "Option::is_none",
                serialize_with = "crate::outcome::opt_path"
            )]
            used_by: &'c Option<std::path::PathBuf>,
        }
        let c = self.candidate;
        Out {
            path: &c.path,
            reason: c.reason,
            deleted: self.deleted,
            task: &c.task,
            prompt_version: c.version,
            bytes: c.bytes,
            kept: c.kept,
            used_by: &c.used_by,
        }
        .serialize(s)
    }
}

/// Plans (and with `delete`, carries out) the pruning of `stores` and reports as it goes: the
/// journal lines whose cassette is gone, then per store a [`Common::Store`], every candidate,
/// the skipped files, leftovers and removed folders, and a [`PruneEvent::Plan`]; then the
/// summary.
/// Nothing is deleted anywhere while any registry deciding staleness has problems
/// ([`PruneSummary::refused`]).
pub fn run(
    stores: &[Store],
    request: &PruneRequest,
    progress: &dyn Progress,
    sink: &mut dyn PruneSink,
) -> Result<PruneSummary> {
    let roots: Vec<PathBuf> = stores.iter().map(|s| s.root.clone()).collect();
    for root in &roots {
        check_root(root)?;
    }
    let mut summary = PruneSummary {
        delete: request.delete,
        ..Default::default()
    };
    if request.complete_run && request.journals.is_empty() && request.requests.is_empty() {
        return Err(Error::msg(
            "--complete-run says the evidence given is a whole test run: give it with --journal or --requests",
        ));
    }
    let (mut live, missing) = if request.journals.is_empty() {
        (LiveSet::default(), Vec::new())
    } else {
        read_journals(&request.journals, &roots)?
    };
    live.complete_run = request.complete_run;
    if !request.requests.is_empty() {
        let mut requests = Vec::new();
        summary.input_errors = crate::dumps::each(&request.requests, sink, |_, file, r, _| {
            requests.push((file.to_path_buf(), crate::key::key_of(&r)));
            Ok(())
        })?;
        live.paths.extend(live_from_requests(&requests, &roots));
        for (_, key) in &requests {
            let hit = stores.iter().filter(|s| key.path_under(&s.root).is_file());
            let owner = crate::settings::store_for_request(stores, key);
            for store in hit.chain(owner) {
                let root = &store.root;
                live.touched
                    .insert(root.canonicalize().unwrap_or_else(|_| root.to_path_buf()));
            }
        }
        live.given = true;
    }
    for m in &missing {
        sent(sink.prune(&PruneEvent::JournalMissing {
            journal: &m.journal,
            line: m.line,
            path: &m.path,
        }))?;
    }
    // Refused before anything is read: a registry with problems anywhere, or dumps that could
    // not be read, and nothing is deleted in any store.
    let refused = request.delete
        && (stores.iter().any(|s| !s.registry.problems.is_empty()) || summary.input_errors > 0);
    let delete = request.delete && !refused;
    for store in stores {
        sink.emit_common(&Common::Store(store))?;
        let (plan, deletion) = prune_store(store, &live, request.options, delete, progress, sink)?;
        sent(report_rest(
            store,
            &plan,
            deletion.as_ref(),
            request.delete,
            sink,
        ))?;
        summary.add(&plan, deletion.as_ref());
        if deletion.is_some() {
            summary
                .lock_accept
                .extend(crate::lock::to_accept(store, None)?);
        }
    }
    summary.refused = refused;
    if let Some(why) = summary.refusal() {
        sent(sink.prune(&PruneEvent::Refused { why: &why }))?;
    }
    sent(sink.prune(&PruneEvent::Summary(&summary)))?;
    Ok(summary)
}

/// After a store's candidates: its skipped files, leftovers, removed folders and the plan.
fn report_rest(
    store: &Store,
    plan: &PrunePlan,
    deletion: Option<&Deletion>,
    delete_asked: bool,
    sink: &mut dyn PruneSink,
) -> std::io::Result<()> {
    for (path, why) in &plan.skipped {
        sink.common(&Common::Skipped { path, why })?;
    }
    for path in &plan.leftovers {
        let deleted = deletion.is_some_and(|d| d.removed_leftovers.contains(path));
        sink.prune(&PruneEvent::Leftover { path, deleted })?;
    }
    for path in deletion.iter().flat_map(|d| &d.removed_folders) {
        sink.prune(&PruneEvent::RemovedFolder { path })?;
    }
    sink.prune(&PruneEvent::Plan {
        store,
        plan,
        deletion,
        delete_asked,
    })
}
