//! The walk of one store: each folder's files checked in parallel batches, findings reported in
//! a stable order as they are found, the store-level findings merged in by path.

use std::collections::HashSet;
use std::path::Path;

use rayon::prelude::*;

use super::lock::lock_findings;
use super::requests::dump_findings;
use super::{
    Check, Dump, Finding, Severity, Skipped, StoreContext, StoreFindings, StoreVerdict, Validators,
    VerifyEvent, VerifySink, checks, links, missing_cassettes,
};
use crate::error::{Error, Result};
use crate::layout::version_dir;
use crate::outcome::Progress;
use crate::registry::Registry;
use crate::sink::Common;
use crate::staleness::StalenessView;
use crate::store::{CassetteFile, OtherKind, StoreEntry, Walked, classify};
use crate::store_settings::StoreSettings;

/// How many files are checked at once; results are reported in path order after each batch,
/// so memory holds one batch, not the store's findings.
const BATCH: usize = 512;

/// Checks a store and reports its findings as they are found, in a stable order: by path,
/// except that answers failing their schema come at the end of their `<task>/v<N>` folder
/// (whether a recorded repair turn answers them is known only once the folder is read), and
/// the store-level findings (registry, dumps) merged in by path. Then each skipped file.
///
/// The store is walked folder by folder ([`crate::store::walk()`]) after a census of its folders:
/// memory holds one folder's names (compactly), one batch of results and the failing answers
/// of one folder, whatever the size of the store.
pub fn verify_walk(
    store: &StoreSettings,
    requests: &[Dump],
    progress: &dyn Progress,
    sink: &mut dyn VerifySink,
) -> Result<StoreVerdict> {
    let root = store.root.as_path();
    let mut verdict = StoreVerdict {
        root: root.to_path_buf(),
        registry: store.registry.present,
        ..Default::default()
    };
    if let Some(config) = store.absent_from_config() {
        let finding = super::empty::missing_store(root, config.parent());
        verdict.count(&finding);
        crate::sink::sent(sink.verify(&VerifyEvent::Finding(&finding)))?;
        return Ok(verdict);
    }
    crate::store::check_folder(root)?;
    let census = crate::store::census(root)?;
    let ctx = StoreContext {
        store,
        staleness: StalenessView::of_census(&census, &store.registry)
            .in_store(&store.root, &store.registry),
        validators: Validators::for_registry(&store.registry),
    };
    let mut early = store_findings(&ctx);
    early.extend(missing_cassettes(store, requests));
    early.extend(dump_findings(store, requests));
    let (locked, edits) = lock_findings(store, &census, &ctx.staleness)?;
    verdict.locked = locked;
    early.extend(edits);
    early.sort_by(|a, b| a.order().cmp(&b.order()));
    let total: usize = census.values().flat_map(|v| v.values()).sum();
    progress.start("verifying", total as u64);
    let mut skipped = Vec::new();
    let mut out = Emitter {
        early: early.into_iter().peekable(),
        verdict: &mut verdict,
        sink,
    };
    let walked = crate::store::walk(root, &mut |item| match item {
        Walked::Folder(folder) => {
            out.verdict.cassettes += folder.len();
            verify_folder(folder.files(), &ctx, progress, &mut out)
        }
        Walked::Entry(entry) => entry_findings(root, entry, &ctx, progress, &mut out, &mut skipped),
    })?;
    walked.map_err(Error::output)?;
    out.rest().map_err(Error::output)?;
    if out.verdict.cassettes == 0 {
        out.send(&super::empty::empty_store(root, skipped.len()))
            .map_err(Error::output)?;
    }
    progress.finish();
    for s in &skipped {
        sink.emit_common(&Common::Skipped {
            path: &s.path,
            why: &s.why,
        })?;
    }
    verdict.skipped = skipped.len();
    Ok(verdict)
}

/// Whether the registry refuses a prompt file of `task` (a `registry` finding says why).
fn refused(ctx: &StoreContext<'_>, task: &str) -> bool {
    ctx.store.registry.problems.iter().any(|p| {
        p.path
            .parent()
            .and_then(Path::file_name)
            .is_some_and(|n| n == task)
    })
}

/// What verify makes of an entry of the walk that is not a folder of cassettes: a link is
/// followed as the driver follows it (what it leads to inside the store is checked), a pipe at a
/// cassette path is a finding, an unreadable folder too; anything else is skipped.
fn entry_findings(
    root: &Path,
    entry: StoreEntry,
    ctx: &StoreContext<'_>,
    progress: &dyn Progress,
    out: &mut Emitter<'_, '_>,
    skipped: &mut Vec<Skipped>,
) -> std::io::Result<()> {
    match entry {
        StoreEntry::Other {
            path,
            kind: OtherKind::Symlink,
            ..
        } => {
            let mut seen = StoreFindings::default();
            let mut files = Vec::new();
            links::resolve(ctx.store, &path, &mut files, &mut seen);
            skipped.extend(seen.skipped);
            for f in &seen.findings {
                out.emit(f)?;
            }
            out.verdict.cassettes += files.len();
            // What one link makes visible, folder by folder.
            files.sort_by(|a, b| a.path.cmp(&b.path));
            let mut start = 0;
            while start < files.len() {
                let first = &files[start];
                let end = files[start..]
                    .iter()
                    .position(|f| f.version != first.version || f.task != first.task)
                    .map_or(files.len(), |n| start + n);
                verify_folder(files[start..end].iter().cloned(), ctx, progress, out)?;
                start = end;
            }
            Ok(())
        }
        StoreEntry::Other {
            path,
            kind: OtherKind::NotRegular,
            ..
        } if matches!(classify(root, &path, false), StoreEntry::Cassette(_)) =>
        {
            out.emit(&Finding::new(
                &path,
                Check::SpecialFile,
                "a pipe, socket or device at a cassette path: the driver's read would block or fail; never read here. Remove it",
            ))
        }
        StoreEntry::Other { path, why, kind } => {
            let why = crate::staleness::skipped_text(ctx.store, kind, why);
            skipped.push(Skipped { path, why });
            Ok(())
        }
        StoreEntry::Unreadable { path, error } => out.emit(&Finding::new(
            &path,
            Check::Unreadable,
            format!("cannot read: {error}"),
        )),
        StoreEntry::Cassette(file) => {
            out.verdict.cassettes += 1;
            verify_folder(std::iter::once(file), ctx, progress, out)
        }
    }
}

/// Reports findings, merging in the store-level ones (registry, links, dumps) by path.
struct Emitter<'r, 'v> {
    early: std::iter::Peekable<std::vec::IntoIter<Finding>>,
    verdict: &'v mut StoreVerdict,
    sink: &'r mut dyn VerifySink,
}

impl Emitter<'_, '_> {
    fn emit(&mut self, f: &Finding) -> std::io::Result<()> {
        while let Some(e) = self.early.next_if(|e| e.order() <= f.order()) {
            self.send(&e)?;
        }
        self.send(f)
    }

    fn send(&mut self, f: &Finding) -> std::io::Result<()> {
        self.verdict.count(f);
        self.sink.verify(&VerifyEvent::Finding(f))
    }

    fn rest(&mut self) -> std::io::Result<()> {
        while let Some(e) = self.early.next() {
            self.send(&e)?;
        }
        Ok(())
    }
}

/// Findings of the store as a whole: unrecorded current versions, registry problems.
fn store_findings(ctx: &StoreContext<'_>) -> Vec<Finding> {
    let (store, registry) = (ctx.store, &ctx.store.registry);
    let mut findings = Vec::new();
    for u in ctx.staleness.unrecorded() {
        let prompt = registry.prompt(&u.task, u.current).map(|p| p.path.clone());
        let path = prompt
            .clone()
            .unwrap_or_else(|| version_dir(&store.root, &u.task, u.current));
        let prompt_file = prompt.map_or_else(|| "pinned".to_owned(), |p| p.display().to_string());
        findings.push(Finding::new(
            &path,
            Check::UnrecordedVersion,
            format!(
                "task {:?}: the current prompt v{} ({prompt_file}) has no recordings in {}, while v{} has {}: its requests miss until they are recorded; record them with {}. prune keeps the v{} recordings until then",
                u.task,
                u.current,
                store.root.display(),
                u.last_recorded,
                u.last_recordings,
                store.record_hint(),
                u.last_recorded,
            ),
        ));
    }
    for p in &registry.problems {
        findings.push(Finding::new(&p.path, Check::Registry, p.message.clone()));
    }
    for (task, version, message) in ctx.validators.broken() {
        let path = registry
            .prompt(&task, version)
            .map(|p| p.path.clone())
            .unwrap_or_default();
        findings.push(Finding::new(&path, Check::Registry, message));
    }
    findings
}

/// Checks the files of one `<task>/v<N>` folder, batch by batch, and reports their findings.
fn verify_folder(
    files: impl Iterator<Item = CassetteFile>,
    ctx: &StoreContext<'_>,
    progress: &dyn Progress,
    out: &mut Emitter<'_, '_>,
) -> std::io::Result<()> {
    // Answers that fail validation wait for the end of the folder: a later recorded request
    // of the same folder may repair them.
    let mut failing: Vec<checks::FileResult> = Vec::new();
    let mut repairs: HashSet<[u8; 16]> = HashSet::new();
    let mut files = files.peekable();
    let mut batch: Vec<CassetteFile> = Vec::with_capacity(BATCH);
    while files.peek().is_some() {
        batch.clear();
        batch.extend(files.by_ref().take(BATCH));
        let results: Vec<checks::FileResult> = batch
            .par_iter()
            .map(|file| {
                let r = checks::check_file(file, ctx);
                progress.step();
                r
            })
            .collect();
        for mut r in results {
            repairs.extend(r.repair_prefixes.drain(..));
            // A task whose prompt the registry refuses is an error of its own, not a schema
            // built in code.
            if r.unvalidated && !refused(ctx, &batch[0].task) {
                out.verdict
                    .unvalidated_tasks
                    .insert(batch[0].task.to_string());
            }
            r.findings.sort_by(|a, b| a.order().cmp(&b.order()));
            for f in &r.findings {
                out.emit(f)?;
            }
            if !r.invalid_answer.is_empty() {
                r.findings = Vec::new();
                failing.push(r);
            }
        }
    }
    for r in failing {
        let repaired = r.content_digest.is_some_and(|d| repairs.contains(&d));
        if repaired {
            out.verdict.repaired += 1;
            continue;
        }
        for mut f in r.invalid_answer {
            // Without request material a recorded repair cannot be told apart: say so, softly.
            if r.content_digest.is_none() {
                f.severity = Severity::Warning;
                f.message.push_str(" (if a repair turn of it is recorded, this is expected: record with request material so verify can tell)");
            }
            out.emit(&f)?;
        }
    }
    Ok(())
}

/// The findings of every per-file check on `bytes` as the cassette `<task>/v<version>/<name>`
/// of an otherwise empty store without a registry (for fuzzing and tests of the checks alone).
pub fn check_cassette_bytes(task: &str, version: i64, name: &str, bytes: &[u8]) -> Vec<Finding> {
    let store = StoreSettings::with_registry(Path::new("store"), Registry::default());
    let file = CassetteFile {
        path: version_dir(Path::new("store"), task, version).join(name),
        task: task.into(),
        version,
    };
    let ctx = StoreContext {
        store: &store,
        staleness: StalenessView::new(std::slice::from_ref(&file), &store.registry)
            .in_store(&store.root, &store.registry),
        validators: Validators::for_registry(&store.registry),
    };
    let r = checks::check_bytes(&file, bytes, &ctx);
    r.findings.into_iter().chain(r.invalid_answer).collect()
}
