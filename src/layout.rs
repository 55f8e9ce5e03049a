//! Where things sit in a store, written and parsed one way: `<task>/v<N>/<hash>.json`.
//!
//! A version folder is `v` followed by a canonical decimal (no sign, no leading zero, fits an
//! `i64`): `v00001` and `v18446744073709551617` are not versions, so that no two folders can
//! mean one version and no folder is silently read as another. Key, store, registry and every
//! command ask this module, never parse a name themselves.
//!
//! ```
//! use std::path::Path;
//! use ulcas::layout::{parse_version_folder, version_dir, version_folder};
//!
//! assert_eq!(version_folder(3), "v3");
//! assert_eq!(version_dir(Path::new("cassettes"), "quiz", 3), Path::new("cassettes/quiz/v3"));
//! // One way to read a version: `v03` is no version folder.
//! assert_eq!(parse_version_folder("v3"), Some(3));
//! assert_eq!(parse_version_folder("v03"), None);
//! ```

use std::path::{Path, PathBuf};

/// `v<version>`: the name of a version folder.
pub fn version_folder(version: i64) -> String {
    format!("v{version}")
}

/// `<root>/<task>/v<version>`: the folder of one prompt version's cassettes.
pub fn version_dir(root: &Path, task: &str, version: i64) -> PathBuf {
    root.join(task).join(version_folder(version))
}

/// `<task_dir>/v<version>`: a version folder inside a task folder.
pub fn version_in(task_dir: &Path, version: i64) -> PathBuf {
    task_dir.join(version_folder(version))
}

/// The version a folder name stands for: `v12` → 12; `None` for anything else.
pub fn parse_version_folder(name: &str) -> Option<i64> {
    canonical_decimal(name.strip_prefix('v')?)
}

/// The version of a prompt file name: `v12.md` → 12.
pub fn parse_prompt_file(name: &str) -> Option<i64> {
    parse_version_folder(name.strip_suffix(".md")?)
}

/// Why `name` (which starts with `v` and a digit) is not a version folder, if it is not one:
/// the text that `skipped` events give.
pub(crate) fn not_a_version(name: &str) -> Option<String> {
    let digits = name.strip_prefix('v')?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if parse_version_folder(name).is_some() {
        return None;
    }
    Some(if digits.len() > 1 && digits.starts_with('0') {
        format!(
            "its folder {name} is not a version folder: a version is v<N> without leading zeros (never read as v{})",
            digits
                .trim_start_matches('0')
                .parse::<u128>()
                .map_or_else(|_| "…".to_owned(), |n| n.to_string())
        )
    } else {
        format!(
            "its folder {name} is not a version folder: the number is too large (at most v{})",
            i64::MAX
        )
    })
}

/// Digits without a leading zero (but `0` itself) that fit an `i64`.
fn canonical_decimal(digits: &str) -> Option<i64> {
    let canonical = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    canonical.then(|| digits.parse().ok()).flatten()
}

/// The lock's file name, at the store root (`ulcas.lock`).
pub const LOCK_FILE: &str = "ulcas.lock";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_parsed_one_way() {
        assert_eq!(parse_version_folder("v1"), Some(1));
        assert_eq!(parse_version_folder("v0"), Some(0));
        assert_eq!(parse_version_folder("v9223372036854775807"), Some(i64::MAX));
        for bad in [
            "v",
            "1",
            "v00001",
            "v01",
            "v00",
            "v+1",
            "v-1",
            "v1a",
            "V1",
            " v1",
            "v9223372036854775808",
            "v18446744073709551617",
        ] {
            assert_eq!(parse_version_folder(bad), None, "{bad}");
        }
        assert_eq!(parse_prompt_file("v12.md"), Some(12));
        assert_eq!(parse_prompt_file("v012.md"), None);
        assert_eq!(version_folder(7), "v7");
        assert_eq!(
            version_dir(Path::new("s"), "quiz", 3),
            Path::new("s/quiz/v3")
        );
    }

    #[test]
    fn says_why_a_version_like_folder_is_not_one() {
        assert!(
            not_a_version("v00001")
                .unwrap()
                .contains("never read as v1")
        );
        assert!(
            not_a_version("v18446744073709551617")
                .unwrap()
                .contains("too large")
        );
        assert_eq!(not_a_version("v1"), None);
        assert_eq!(not_a_version("latest"), None);
        assert_eq!(not_a_version("vx"), None);
    }
}
