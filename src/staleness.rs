//! One view of what is stale in a store, built once from the store listing and the registry;
//! `verify`'s findings and `prune`'s reasons both read it, so they can never disagree.
//!
//! Without a registry, a task's current version is the highest recorded. With one, it is the
//! registry's (its pin, else its highest prompt); a task is an orphan only when no prompt
//! folder has any file for it. When the current version has no recordings yet (after a prompt
//! bump, before re-recording), the newest older recorded version holds the task's last
//! recordings: stale, but kept by `prune` unless asked.
//!
//! ```
//! use ulcas::staleness::StaleReason;
//!
//! // The stable names every output uses.
//! assert_eq!(StaleReason::StaleVersion.name(), "stale-version");
//! assert_eq!(StaleReason::OrphanTask.name(), "orphan-task");
//! ```

use std::collections::{BTreeMap, BTreeSet};

use crate::advice::{Advice, PromptsAt};
use crate::registry::Registry;
use crate::store::CassetteFile;
use crate::store_settings::StoreSettings;

/// Why a cassette can never be hit again, in the order the reasons are tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
#[non_exhaustive]
pub enum StaleReason {
    /// Its prompt version is older than the task's current one.
    StaleVersion,
    /// No prompt folder has a file for its task.
    OrphanTask,
    /// Its stored schema differs from the registry's schema for its version.
    SchemaChanged,
    /// No journal or request dump references it.
    Unreferenced,
}

/// The current version of `task`: its pin (from `--pin` or `ulcas.toml`, with or without a
/// registry: the app's tests hit the pinned version), else the registry's highest prompt when
/// there is a registry, else `highest_recorded`. Every command asks this one rule.
pub fn current_version(
    registry: &Registry,
    task: &str,
    highest_recorded: Option<i64>,
) -> Option<i64> {
    if let Some(pin) = registry.pin(task) {
        return Some(pin);
    }
    if registry.present {
        registry.current_version(task)
    } else {
        highest_recorded
    }
}

/// A task whose current version has no recordings while an older one has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnrecordedVersion {
    /// The task.
    pub task: String,
    /// Its current version (no recordings).
    pub current: i64,
    /// The newest older version with recordings: the task's last recordings.
    pub last_recorded: i64,
    /// How many cassettes that version has.
    pub last_recordings: usize,
}

/// What the store and registry say about staleness, per task.
#[derive(Debug, Clone, Default)]
pub struct StalenessView {
    registry_present: bool,
    /// Current version per task (of the store, or the registry's).
    current: BTreeMap<String, i64>,
    /// Tasks no prompt folder has a file for (only with a registry).
    orphans: BTreeSet<String>,
    /// Tasks whose recordings are prompts written in code (never orphans: no prompt file is
    /// theirs, and their system text is part of their key).
    in_code: BTreeSet<String>,
    /// Tasks whose current version is unrecorded.
    unrecorded: BTreeMap<String, UnrecordedVersion>,
}

impl StalenessView {
    /// Builds the view of the store listed in `files`.
    pub fn new(files: &[CassetteFile], registry: &Registry) -> StalenessView {
        let mut recorded = crate::store::Census::default();
        for f in files {
            *recorded
                .entry(f.task.to_string())
                .or_default()
                .entry(f.version)
                .or_default() += 1;
        }
        StalenessView::of_census(&recorded, registry)
    }

    /// Builds the view from how many cassettes each task and version has (see
    /// [`crate::store::census`]): what a streaming walk knows before it reads a file.
    pub(crate) fn of_census(recorded: &crate::store::Census, registry: &Registry) -> StalenessView {
        let mut view = StalenessView {
            registry_present: registry.present,
            ..Default::default()
        };
        for (task, versions) in recorded {
            if registry.present && !registry.has_task(task) {
                view.orphans.insert(task.clone());
            }
            let highest = versions.keys().next_back().copied();
            let Some(current) = current_version(registry, task, highest) else {
                continue;
            };
            view.current.insert(task.clone(), current);
            if !versions.contains_key(&current) {
                if let Some((&last, &n)) = versions.range(..current).next_back() {
                    view.unrecorded.insert(
                        task.clone(),
                        UnrecordedVersion {
                            task: task.clone(),
                            current,
                            last_recorded: last,
                            last_recordings: n,
                        },
                    );
                }
            }
        }
        view
    }

    /// The view with the store at `root` read for the tasks a registry does not hold: those
    /// whose recordings are prompts in code (or that `prompts_in_code` names) are no orphans.
    pub fn in_store(mut self, root: &std::path::Path, registry: &Registry) -> StalenessView {
        let in_code: Vec<String> = self
            .orphans
            .iter()
            .filter(|task| {
                registry.names_in_code(task) || crate::in_code::task_recorded_in_code(root, task)
            })
            .cloned()
            .collect();
        for task in in_code {
            self.orphans.remove(&task);
            self.in_code.insert(task);
        }
        self
    }

    /// Whether `task`'s recordings are of a prompt in code (known only with a registry, for
    /// the tasks it does not hold).
    pub fn is_in_code(&self, task: &str) -> bool {
        self.in_code.contains(task)
    }

    /// The current version of `task`, when known.
    pub fn current_version(&self, task: &str) -> Option<i64> {
        self.current.get(task).copied()
    }

    /// Whether `task` is an orphan: a registry was given and no prompt folder has it.
    pub(crate) fn is_orphan(&self, task: &str) -> bool {
        self.registry_present && self.orphans.contains(task)
    }

    /// Whether `version` of `task` holds the task's last recordings (see the module doc).
    pub(crate) fn is_last_recorded(&self, task: &str, version: i64) -> bool {
        self.unrecorded
            .get(task)
            .is_some_and(|u| u.last_recorded == version)
    }

    /// Tasks whose current version has no recordings while an older one has.
    pub fn unrecorded(&self) -> impl Iterator<Item = &UnrecordedVersion> {
        self.unrecorded.values()
    }

    /// Why a cassette of `task` at `version` can never be hit, by the store and registry alone
    /// (not journals): stale version, orphan task, or a stored schema (`stored_schema`, its
    /// canonical JSON) other than the registry's for that version.
    pub fn reason(
        &self,
        registry: &Registry,
        task: &str,
        version: i64,
        stored_schema: Option<&str>,
    ) -> Option<StaleReason> {
        if self.current_version(task).is_some_and(|c| version < c) {
            return Some(StaleReason::StaleVersion);
        }
        if self.is_orphan(task) {
            return Some(StaleReason::OrphanTask);
        }
        let current_schema = registry.schema(task, version)?;
        (stored_schema? != current_schema.canonical_json()).then_some(StaleReason::SchemaChanged)
    }
}

/// Why a file of the store is not a cassette, in the words `verify` and `prune` both use: an
/// interrupted write's leftover also says what prune does with it.
pub(crate) fn skipped_text(
    store: &StoreSettings,
    kind: crate::store::OtherKind,
    why: String,
) -> String {
    match kind {
        crate::store::OtherKind::InterruptedWrite => format!(
            "the temporary file of an interrupted ulcas write (safe to delete; `{}` removes it once it is 10 minutes old)",
            store.advise_any(Advice::Prune { orphans: false })
        ),
        _ => why,
    }
}

/// Why `task` is an orphan and how to make its prompt known, in the words `verify` and `prune`
/// both use, of the prompt folders `store` read.
pub fn orphan_text(store: &StoreSettings, task: &str) -> String {
    let folders: Vec<String> = (store.registry.folders.iter())
        .map(|f| f.display().to_string())
        .collect();
    format!(
        "no prompt for task {task:?} in the prompt folders read ({}): if its prompt lives in another package, add that prompts folder ({})",
        folders.join(", "),
        store.advise(Advice::Prompts(PromptsAt::ThisStore))
    )
}

/// Why `version` of `task` is kept as the task's last recordings, in the words `verify` and
/// `prune` both use (`current`: the current version, which has none).
pub fn last_recordings_text(task: &str, version: i64, current: Option<i64>) -> String {
    match current {
        Some(current) => format!(
            "v{version} holds the last recordings of {task:?}: its current v{current} has none yet"
        ),
        None => format!(
            "v{version} holds the last recordings of {task:?}: its current version has none yet"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::RegistrySource;
    use std::path::Path;

    fn files(list: &[(&str, i64)]) -> Vec<CassetteFile> {
        list.iter()
            .enumerate()
            .map(|(i, (t, v))| CassetteFile {
                path: Path::new(&format!("{t}/v{v}/{i}.json")).to_path_buf(),
                task: (*t).into(),
                version: *v,
            })
            .collect()
    }

    #[test]
    fn without_a_registry_the_highest_recorded_version_is_current() {
        let view = StalenessView::new(
            &files(&[("a", 1), ("a", 2), ("b", 1)]),
            &Registry::default(),
        );
        let r = Registry::default();
        assert_eq!(
            view.reason(&r, "a", 1, None),
            Some(StaleReason::StaleVersion)
        );
        assert_eq!(view.reason(&r, "a", 2, None), None);
        assert_eq!(view.unrecorded().count(), 0);
        assert!(!view.is_orphan("zzz"));
    }

    #[test]
    fn the_current_version_rule() {
        let none = Registry::default();
        assert_eq!(current_version(&none, "a", Some(3)), Some(3));
        assert_eq!(current_version(&none, "a", None), None);
        let dir = tempfile::tempdir().unwrap();
        for v in [1, 2] {
            let p = dir.path().join(format!("p/a/v{v}.md"));
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "---\nschema: in code\n---\n").unwrap();
        }
        let load = |pins: &[(&str, i64)]| {
            Registry::load(&RegistrySource {
                prompts: vec![dir.path().join("p")],
                pins: pins.iter().map(|(t, v)| ((*t).to_owned(), *v)).collect(),
                ..Default::default()
            })
            .unwrap()
        };
        // With a registry, recordings never decide: its highest prompt, else its pin.
        assert_eq!(current_version(&load(&[]), "a", Some(3)), Some(2));
        assert_eq!(current_version(&load(&[]), "b", Some(3)), None);
        assert_eq!(current_version(&load(&[("a", 1)]), "a", Some(3)), Some(1));
    }

    #[test]
    fn an_unrecorded_current_version_marks_the_last_recordings() {
        let dir = tempfile::tempdir().unwrap();
        for v in [1, 3] {
            let p = dir.path().join(format!("p/a/v{v}.md"));
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "---\nschema: in code\n---\n").unwrap();
        }
        let registry = Registry::load(&RegistrySource {
            prompts: vec![dir.path().join("p")],
            ..Default::default()
        })
        .unwrap();
        let view = StalenessView::new(&files(&[("a", 0), ("a", 1), ("a", 1), ("o", 1)]), &registry);
        let u: Vec<_> = view.unrecorded().collect();
        assert_eq!(u.len(), 1);
        assert_eq!(
            (u[0].current, u[0].last_recorded, u[0].last_recordings),
            (3, 1, 2)
        );
        assert!(view.is_last_recorded("a", 1));
        assert!(!view.is_last_recorded("a", 0));
        assert_eq!(
            view.reason(&registry, "a", 1, None),
            Some(StaleReason::StaleVersion)
        );
        assert_eq!(
            view.reason(&registry, "o", 1, None),
            Some(StaleReason::OrphanTask)
        );
    }
}

crate::machine_json::named!(StaleReason);
