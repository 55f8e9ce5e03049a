//! Symbolic links in a store, seen as the driver sees them: it follows them (`is_file`,
//! `file_get_contents`), so `verify` checks what a link inside the store leads to, and reports a
//! link that leaves the store as an error without reading it. (`prune` never follows links.)

use std::path::{Path, PathBuf};

use super::{Check, Finding, Skipped, StoreFindings};
use crate::store::{CassetteFile, StoreEntry, classify};
use crate::store_settings::StoreSettings;

/// Adds what the link at `link` leads to: the cassette files it makes visible to the driver go to
/// `files`; a link out of the store or a broken one goes to `report`.
pub fn resolve(
    store: &StoreSettings,
    link: &Path,
    files: &mut Vec<CassetteFile>,
    report: &mut StoreFindings,
) {
    let root = store.root.as_path();
    let (Ok(real_root), target) = (root.canonicalize(), link.canonicalize()) else {
        return;
    };
    let Ok(target) = target else {
        report.skipped.push(Skipped {
            path: link.to_path_buf(),
            why: "a broken symbolic link (the driver finds nothing there)".into(),
        });
        return;
    };
    if !target.starts_with(&real_root) {
        report.findings.push(Finding::new(
            link,
            Check::LinkOutsideStore,
            format!(
                "a symbolic link to {}, outside the store: the driver follows it and would load what is there; never read here. Replace it with the file itself, or remove it",
                target.display()
            ),
        ));
        return;
    }
    if target.is_file() {
        add(store, link.to_path_buf(), files, report);
    } else if target.is_dir() {
        // Each file under the linked folder, under the name the driver would use.
        let walker = walkdir::WalkDir::new(&target)
            .follow_links(false)
            .sort_by_file_name()
            .min_depth(1);
        for entry in walker.into_iter().filter_map(Result::ok) {
            if !entry.file_type().is_file() {
                continue;
            }
            if let Ok(rel) = entry.path().strip_prefix(&target) {
                add(store, link.join(rel), files, report);
            }
        }
    }
}

fn add(
    store: &StoreSettings,
    seen_as: PathBuf,
    files: &mut Vec<CassetteFile>,
    report: &mut StoreFindings,
) {
    match classify(&store.root, &seen_as, false) {
        StoreEntry::Cassette(file) => files.push(file),
        StoreEntry::Other { path, why, kind } => {
            let why = crate::staleness::skipped_text(store, kind, why);
            report.skipped.push(Skipped { path, why })
        }
        StoreEntry::Unreadable { .. } => {}
    }
}
