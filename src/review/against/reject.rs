//! Rejecting re-recordings: each named cassette restored from the revision (or removed when it
//! was added), the lock entries of its version with it, every path checked before any write.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::{Change, ChangeKind, LockDelta, RejectAction, Rejected, Rerecording, not_listed};
use crate::error::{Error, ErrorKind, Result};
use crate::layout::LOCK_FILE;
use crate::lock::Lock;
use crate::store::{Slot, StoreDir, Times};

impl Rerecording {
    /// Checks that `paths` can be rejected: each names a listed cassette, and for every
    /// version whose lock entry changed since REF, either all of its listed cassettes or none
    /// are named. Returns the changes named, each once, in list order.
    pub(crate) fn plan_reject(&self, paths: &[PathBuf]) -> Result<Vec<&Change>> {
        let mut chosen = BTreeSet::new();
        for p in paths {
            let change = self
                .find(p)
                .ok_or_else(|| not_listed(p, &self.reference, &self.listing))?;
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

    /// Rejects the re-recording of each of `paths` (`plan_reject` first: nothing
    /// changes when any is refused): REF's version is written back as `git checkout REF --
    /// PATH` would write it, a cassette REF lacks is removed, and a version's lock entry is
    /// restored with its answers. Every write goes through the store's one write path.
    pub fn reject(&self, paths: &[PathBuf]) -> Result<Vec<Rejected>> {
        let chosen = self.plan_reject(paths)?;
        if chosen.is_empty() {
            return Ok(Vec::new());
        }
        let restore = self.fetch(&chosen)?;
        let dir = StoreDir::open(&self.root)?;
        let write = dir.write_guard()?;
        let mut done = Vec::new();
        let mut emptied = BTreeSet::new();
        for (change, bytes) in restore {
            let rel = change
                .git_path
                .strip_prefix(&self.prefix)
                .unwrap_or(&change.git_path);
            let slot = Slot::under(Path::new(""), rel)
                .map_err(|e| Error::in_file(&change.path, e.message))?;
            let action = match bytes {
                Restore::Link(target) => {
                    write.put_link(&slot, &target)?;
                    RejectAction::Restored
                }
                Restore::File(bytes) => {
                    match dir.read(&slot)? {
                        Some(existing) => write.replace(&slot, &existing, &bytes, Times::Now)?,
                        None => {
                            write.create(&slot, &bytes)?;
                        }
                    }
                    RejectAction::Restored
                }
                Restore::Remove => {
                    write
                        .remove(&slot, |_| Ok(()))
                        .map_err(|e| Error::in_file(&change.path, e.message))?;
                    emptied.insert((slot.task.clone(), slot.version.clone()));
                    RejectAction::Removed
                }
            };
            done.push(Rejected {
                path: change.path.clone(),
                action,
            });
        }
        for (task, version) in &emptied {
            if write.remove_empty_dir(Some(task), version) {
                write.remove_empty_dir(None, task);
            }
        }
        self.restore_lock_entries(&dir, &write, &chosen)?;
        Ok(done)
    }

    /// What REF holds for each chosen change, fetched before the first write (one `git
    /// cat-file --filters` a file, as a batch would report the unfiltered size; several at
    /// once).
    fn fetch<'c>(&self, chosen: &[&'c Change]) -> Result<Vec<(&'c Change, Restore)>> {
        chosen
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
            .collect()
    }

    /// Writes REF's lock entry back for each version whose every listed cassette was rejected.
    fn restore_lock_entries(
        &self,
        dir: &StoreDir,
        write: &crate::store::WriteGuard<'_>,
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

/// What a reject writes back for one cassette.
enum Restore {
    /// REF's file, as `git checkout` writes it.
    File(Vec<u8>),
    /// REF's symbolic link, with this target.
    Link(Vec<u8>),
    /// Nothing: REF has no such cassette.
    Remove,
}
