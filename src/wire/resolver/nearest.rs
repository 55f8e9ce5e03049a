//! The nearest prompt to a system text no registry holds: by shared words.

use std::path::{Path, PathBuf};

use super::Resolver;

/// A prompt near an unknown system text.
#[derive(Debug, Clone, PartialEq)]
pub struct Nearest {
    /// The prompt file.
    pub path: PathBuf,
    /// Its task.
    pub task: String,
    /// Its version.
    pub version: i64,
    /// How similar (0 to 1, by words).
    pub similarity: f64,
}

impl Resolver {
    /// The prompts most similar to `text` (by shared words): one, or all those tied for it.
    pub(super) fn nearest_prompts(&self, text: &str) -> Vec<Nearest> {
        let asked = words(text);
        let scored: Vec<(f64, &super::Indexed, &PathBuf)> = self
            .texts
            .iter()
            .map(|(c, path, w)| (similarity(&asked, w), c, path))
            .filter(|(s, _, _)| *s > 0.0)
            .collect();
        let Some(best) = scored.iter().map(|(s, _, _)| *s).max_by(f64::total_cmp) else {
            return Vec::new();
        };
        let mut tied: Vec<Nearest> = scored
            .into_iter()
            .filter(|(s, _, _)| *s == best)
            .map(|(similarity, c, path)| Nearest {
                path: path.clone(),
                task: c.task.clone(),
                version: c.version,
                similarity,
            })
            .collect();
        // A file two stores read is one prompt.
        tied.sort_by(|a, b| (&a.path, &a.task, a.version).cmp(&(&b.path, &b.task, b.version)));
        tied.dedup_by(|a, b| a.path == b.path && a.task == b.task && a.version == b.version);
        tied
    }
}

/// The text a prompt file sends, read again (for the nearest prompt of an unknown text).
pub(super) fn prompt_text(path: &Path, version: i64) -> Option<String> {
    let bytes =
        crate::input::read_limited(path, crate::input::MAX_SMALL_FILE, "prompt file").ok()?;
    crate::prompt_file::load(&bytes, version)
        .ok()
        .map(|l| l.text)
}

pub(super) fn words(text: &str) -> Vec<String> {
    let mut w: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    w.sort();
    w.dedup();
    w
}

/// Shared words over all words (both sorted and distinct).
fn similarity(a: &[String], b: &[String]) -> f64 {
    let (mut i, mut j, mut shared) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                shared += 1;
                i += 1;
                j += 1;
            }
        }
    }
    let all = a.len() + b.len() - shared;
    if all == 0 {
        0.0
    } else {
        shared as f64 / all as f64
    }
}
