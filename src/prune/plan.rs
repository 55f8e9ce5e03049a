//! The plan: for each cassette, whether it can go and why, or why it is kept.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::delete::{Removal, is_old, remove};
use super::{CandidateEvent, Deletion, LiveSet, NotDeleted, PruneEvent, PruneSink, StaleReason};
use crate::cassette::Cassette;
use crate::error::{Error, Result};
use crate::outcome::{Progress, Steps};
use crate::registry::{Registry, RegistryProblem};
use crate::sink::Discard;
use crate::staleness::StalenessView;
use crate::store::{CassetteFile, OtherKind, StoreDir, StoreEntry, Walked};
use crate::store_settings::StoreSettings;

/// Why a cassette that could go is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
#[non_exhaustive]
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
pub struct Allowed {
    /// Delete orphan-task cassettes too.
    pub orphans: bool,
    /// Delete the last recordings of a task whose current version has none.
    pub include_last_recordings: bool,
}

/// A cassette that can go.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
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
    pub reason: StaleReason,
    /// Why it is kept all the same, if it is.
    pub kept: Option<KeptReason>,
    /// With [`KeptReason::Used`]: the dump or journal that used it.
    pub used_by: Option<PathBuf>,
    /// Whether the cassette has its request material (`review` can pair it with a recording
    /// of another version without a backfill first).
    pub has_material: bool,
}

/// What `prune` would do in one store.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct PrunePlan {
    /// The store root.
    pub root: PathBuf,
    /// How many files sit at cassette positions.
    pub cassettes: usize,
    /// Count and bytes per (reason, task) of the candidates that can go (not kept).
    pub totals: BTreeMap<(StaleReason, String), (usize, u64)>,
    /// The first [`LISTED_PER_REASON`] candidates that can go, per reason, by path, and the one
    /// after them where there are more (every one was reported as it was found).
    pub listed: BTreeMap<StaleReason, Vec<PathBuf>>,
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
    /// Stale-version candidates that can go without their request material (`review` pairs
    /// them only after a backfill).
    pub stale_without_material: usize,
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
                if c.reason == StaleReason::StaleVersion && !c.has_material {
                    self.stale_without_material += 1;
                }
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

/// Plans the pruning of the store at `root` with `registry` (nothing deleted, nothing reported).
pub fn plan(
    root: &Path,
    registry: &Registry,
    live: &LiveSet,
    options: Allowed,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<PrunePlan> {
    let store = StoreSettings::with_registry(root, registry.clone());
    let steps = Steps::new(progress);
    let (plan, _) = prune_store(&store, live, options, false, &steps, &mut Discard)?;
    Ok(plan)
}

/// Plans the pruning of one store (and with `delete`, carries it out) folder by folder,
/// reporting each candidate as it is decided (and deleted): memory holds one folder, never the
/// store's candidates. `delete` must be false while the registry has problems.
pub fn prune_store(
    store: &StoreSettings,
    live: &LiveSet,
    options: Allowed,
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
    let census = crate::store::census(&store.root)?;
    progress.start(
        "planning",
        census.values().flat_map(|v| v.values()).sum::<usize>() as u64,
    );
    let dir = if delete {
        Some(StoreDir::open(&store.root)?)
    } else {
        None
    };
    let mut pass = Pass {
        store,
        live,
        options,
        view: StalenessView::of_census(&census, registry).in_store(&store.root, registry),
        complete: live.complete_run && !plan.untouched,
        progress,
        dir: dir.as_ref(),
        deletion: Deletion::default(),
        touched: BTreeSet::new(),
    };
    let walked = crate::store::walk(&store.root, &mut |item| pass.item(item, &mut plan, sink))?;
    walked.map_err(Error::output)?;
    progress.finish();
    plan.skipped.sort();
    let (deletion, touched) = (pass.deletion, pass.touched);
    let Some(dir) = dir else {
        return Ok((plan, None));
    };
    let deletion = super::delete::finish(&dir, &store.root, &plan.leftovers, deletion, touched)?;
    Ok((plan, Some(deletion)))
}

/// One store's walk: each folder's cassettes decided in parallel, then reported (and deleted)
/// in order.
struct Pass<'a> {
    store: &'a StoreSettings,
    live: &'a LiveSet,
    options: Allowed,
    view: StalenessView,
    /// Whether the evidence is a whole test run that covers this store.
    complete: bool,
    progress: &'a dyn Progress,
    /// The store's write path, with `--delete`.
    dir: Option<&'a StoreDir>,
    deletion: Deletion,
    /// The (task, version) folders that deletions touched.
    touched: BTreeSet<(String, String)>,
}

impl Pass<'_> {
    fn item(
        &mut self,
        item: Walked,
        plan: &mut PrunePlan,
        sink: &mut dyn PruneSink,
    ) -> std::io::Result<()> {
        match item {
            Walked::Folder(f) => self.folder(f.files().collect(), plan, sink),
            Walked::Entry(StoreEntry::Cassette(c)) => self.folder(vec![c], plan, sink),
            Walked::Entry(StoreEntry::Other {
                path,
                kind: OtherKind::InterruptedWrite,
                ..
            }) if is_old(&path) => {
                plan.leftovers.push(path);
                Ok(())
            }
            Walked::Entry(StoreEntry::Other { path, why, kind }) => {
                let why = crate::staleness::skipped_text(self.store, kind, why);
                plan.skipped.push((path, why));
                Ok(())
            }
            Walked::Entry(StoreEntry::Unreadable { path, error }) => {
                plan.skipped.push((path, format!("unreadable: {error}")));
                Ok(())
            }
        }
    }

    fn folder(
        &mut self,
        files: Vec<CassetteFile>,
        plan: &mut PrunePlan,
        sink: &mut dyn PruneSink,
    ) -> std::io::Result<()> {
        plan.cassettes += files.len();
        let registry = &self.store.registry;
        let decided: Vec<Decision> = files
            .par_iter()
            .map(|file| {
                let d = decide(file, registry, &self.view, self.live, self.complete);
                self.progress.step();
                d
            })
            .collect();
        let mut candidates = Vec::new();
        for (file, d) in files.into_iter().zip(decided) {
            match d {
                Decision::Keep => {}
                Decision::KeepUnreferenced => plan.kept_unreferenced += 1,
                Decision::NotACassette(why) => plan.skipped.push((file.path, why)),
                Decision::Used(reason, bytes, by) => {
                    let mut c = PruneCandidate::of(file, reason, bytes, Some(KeptReason::Used));
                    c.used_by = Some(by);
                    candidates.push(c);
                }
                Decision::Prune(reason, bytes) => {
                    let kept = self.kept(&file, reason);
                    candidates.push(PruneCandidate::of(file, reason, bytes, kept));
                }
            }
        }
        self.report(&candidates, plan, sink)
    }

    /// Why a cassette that could go for `reason` is kept, if it is.
    fn kept(&self, file: &CassetteFile, reason: StaleReason) -> Option<KeptReason> {
        match reason {
            StaleReason::StaleVersion
                if !self.options.include_last_recordings
                    && self.view.is_last_recorded(&file.task, file.version) =>
            {
                Some(KeptReason::LastRecordings)
            }
            StaleReason::OrphanTask if !self.options.orphans => Some(KeptReason::OrphansOptIn),
            _ => None,
        }
    }

    /// Adds a folder's candidates to the plan, deletes those that go (under one hold of the
    /// store's write lock) and reports each.
    fn report(
        &mut self,
        candidates: &[PruneCandidate],
        plan: &mut PrunePlan,
        sink: &mut dyn PruneSink,
    ) -> std::io::Result<()> {
        let lock = match self.dir {
            Some(d) if candidates.iter().any(|c| c.kept.is_none()) => Some(
                d.write_guard()
                    .map_err(|e| std::io::Error::other(e.to_string()))?,
            ),
            _ => None,
        };
        for candidate in candidates {
            plan.add(candidate);
            let deleted = match (&lock, candidate.kept) {
                (Some(lock), None) => {
                    let removed =
                        remove(lock, &self.store.root, &candidate.path, Removal::Cassette);
                    self.removed(candidate, removed, sink)?
                }
                _ => false,
            };
            sink.prune(&PruneEvent::Candidate(CandidateEvent {
                candidate,
                deleted,
            }))?;
        }
        Ok(())
    }

    /// Counts one removal, or reports why it failed; whether the file went.
    fn removed(
        &mut self,
        candidate: &PruneCandidate,
        removed: std::result::Result<(String, String), String>,
        sink: &mut dyn PruneSink,
    ) -> std::io::Result<bool> {
        match removed {
            Ok(folders) => {
                self.touched.insert(folders);
                self.deletion.deleted += 1;
                Ok(true)
            }
            Err(why) => {
                let path = &candidate.path;
                sink.prune(&PruneEvent::DeleteFailed { path, why: &why })?;
                let path = path.clone();
                self.deletion.failed.push(NotDeleted { path, why });
                Ok(false)
            }
        }
    }
}

impl PruneCandidate {
    fn of(file: CassetteFile, reason: StaleReason, size: Size, kept: Option<KeptReason>) -> Self {
        let Size {
            bytes,
            has_material,
        } = size;
        PruneCandidate {
            path: file.path,
            task: file.task.to_string(),
            version: file.version,
            bytes,
            reason,
            kept,
            used_by: None,
            has_material,
        }
    }
}

/// A cassette's size, and whether it has its request material.
#[derive(Clone, Copy)]
struct Size {
    bytes: u64,
    has_material: bool,
}

enum Decision {
    Keep,
    KeepUnreferenced,
    NotACassette(String),
    Prune(StaleReason, Size),
    /// It could go for this reason, but a dump or journal used it.
    Used(StaleReason, Size, PathBuf),
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
            ));
        }
    };
    let size = Size {
        bytes: bytes.len() as u64,
        has_material: cassette.request.is_some(),
    };
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
        (None, None) if live.given && complete => Decision::Prune(StaleReason::Unreferenced, size),
        (None, None) if live.given => Decision::KeepUnreferenced,
        (None, None) => Decision::Keep,
    }
}
