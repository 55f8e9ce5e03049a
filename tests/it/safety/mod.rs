//! Safe by design: writers, concurrency, a hostile repository or pull request, bounded reads,
//! output nobody can break out of, and no panic on any input.

pub mod bounds;
pub mod concurrency;
pub mod no_panic;
pub mod output;
pub mod repository;
pub mod writers;

/// What the lock and the cassettes of the store at `root` disagree on after trial `trial`: a
/// version with cassettes and no entry, an entry with no cassettes.
pub fn lock_disagreements(root: &std::path::Path, trial: impl std::fmt::Display) -> Vec<String> {
    let lock = ulcas::lock::Lock::read(root).unwrap().unwrap();
    let census = ulcas::store::census(root).unwrap();
    let mut out = Vec::new();
    for (task, versions) in &census {
        for version in versions.keys() {
            if !lock.entries.contains_key(&(task.clone(), *version)) {
                out.push(format!("trial {trial}: {task}/v{version} has no entry"));
            }
        }
    }
    for (task, version) in lock.entries.keys() {
        if !census.get(task).is_some_and(|v| v.contains_key(version)) {
            out.push(format!(
                "trial {trial}: {task}/v{version} has an entry and no cassette"
            ));
        }
    }
    out
}
