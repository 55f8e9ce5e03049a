//! Prompts written in the app's code: how a request whose system text no prompt registry holds
//! is named in the store, and keyed.
//!
//! Most apps keep their prompts as strings in their code, not as versioned prompt files. Such a
//! request has no prompt version that stands for its system text, so the text itself is part
//! of its key ([`crate::request::Request::prompt_in_code`]): the key hashes
//! `[task, version, canonical(schema), system, content]` (five members, so never a reference
//! key), the system text normalised as the content is, its ids numbered first. An edited
//! system text is another key: never the old answer.
//!
//! Where it lives stays `<task>/v<N>/<hash>.json`:
//!
//! - the task is the `x-ulcas-task` header when the app sends one; else the task that the
//!   store's `prompts_in_code` (in `ulcas.toml`) names for the start of the text; else a name
//!   made of the text's first words (`You are a baking tutor.` → `you-are-a-baking-tutor`),
//!   ids left out, so that a fresh id never renames it;
//! - the version is the `x-ulcas-prompt-version` header, else 1.
//!
//! ```
//! use ulcas::in_code::derived_task;
//!
//! assert_eq!(derived_task("You are a kind baking tutor. Answer briefly."), "you-are-a-kind-baking-tutor");
//! // Ids are no words of a name: a fresh database's ids give the same one.
//! assert_eq!(derived_task("Help frg_abcdefghijkm now"), derived_task("Help frg_zyxwvutsrqpo now"));
//! assert_eq!(
//!     derived_task("Help user 550e8400-e29b-41d4-a716-446655440000 now"),
//!     "help-user-now"
//! );
//! assert_eq!(derived_task(""), "no-system-prompt");
//! assert_eq!(derived_task("素晴らしい"), "prompt-023b32cb");
//! ```

use sha2::{Digest, Sha256};

/// The version of a prompt in code that no header names.
pub const DEFAULT_VERSION: i64 = 1;

/// The task of a request without a system text (and without `x-ulcas-task`).
pub const NO_SYSTEM_TASK: &str = "no-system-prompt";

/// How many words of the system text make its task's name.
const NAME_WORDS: usize = 6;

/// The longest word a derived name takes.
const NAME_WORD: usize = 16;

/// The longest derived name, in bytes.
const NAME_BYTES: usize = 48;

/// How much of a system text its name is made from.
const HEAD_BYTES: usize = 4096;

/// The largest char boundary of `text` at or below `at`.
fn floor_char_boundary(text: &str, at: usize) -> usize {
    if at >= text.len() {
        return text.len();
    }
    (0..=at)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0)
}

/// The task named by the first words of `system` (ASCII letters and digits, lower case; ids
/// left out: fragment ids, ULIDs and UUIDs), `no-system-prompt` for an empty text, and
/// `prompt-<8 hex of its sha256>` for a text without such words.
pub fn derived_task(system: &str) -> String {
    derived_task_with(system, &crate::id_patterns::IdPatterns::default())
}

/// [`derived_task`], leaving out the ids `ids` numbers (a store's own patterns too): a fresh
/// id never renames a prompt.
pub fn derived_task_with(system: &str, ids: &crate::id_patterns::IdPatterns) -> String {
    // The name is made of the first words: a text of megabytes is read only so far.
    let head = &system[..floor_char_boundary(system, HEAD_BYTES)];
    let mut without_ids = String::with_capacity(head.len());
    let mut last = 0;
    for m in ids.matches(head) {
        without_ids.push_str(&head[last..m.start]);
        without_ids.push(' ');
        last = m.end;
    }
    without_ids.push_str(&head[last..]);
    let mut name = String::new();
    // A word longer than any a prompt's opening holds is a token, a key or a hash: never part
    // of a folder name that a repository keeps.
    let words = without_ids
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty() && w.len() <= NAME_WORD)
        .take(NAME_WORDS);
    for word in words {
        if !name.is_empty() && name.len() + 1 + word.len() > NAME_BYTES {
            break;
        }
        if !name.is_empty() {
            name.push('-');
        }
        name.extend(
            word.chars()
                .take(NAME_BYTES)
                .map(|c| c.to_ascii_lowercase()),
        );
    }
    if !name.is_empty() {
        return name;
    }
    if system.trim().is_empty() {
        return NO_SYSTEM_TASK.to_owned();
    }
    let digest = Sha256::digest(system.as_bytes());
    let hex: String = digest[..4].iter().map(|b| format!("{b:02x}")).collect();
    format!("prompt-{hex}")
}

/// Where the recorder's layout writes a prompt in code's system text: in the `request`
/// member, after its schema (a string in the recorder's layout is on one line, so this cannot
/// be found inside an answer).
const SYSTEM_MEMBER: &[u8] = b"\n        \"system\": ";

/// Whether the cassette `bytes` hold is a prompt in code's (its request material has the
/// system text of its key).
pub fn is_cassette_in_code(bytes: &[u8]) -> bool {
    if memchr::memmem::find(bytes, SYSTEM_MEMBER).is_some() {
        return true;
    }
    // Another layout than the recorder's: the whole cassette read.
    crate::cassette::Cassette::from_slice(bytes)
        .ok()
        .and_then(|c| c.request)
        .is_some_and(|r| r.system.is_some())
}

/// How many cassettes of a version are read to tell whether it is a prompt in code's.
const LOOKED_AT: usize = 8;

/// Whether the recordings of `task` in the store at `root` are of a prompt in code: a
/// cassette of its newest version with request material says so (its key has the system
/// text); a task whose cassettes carry no material is not known to be one.
pub fn task_recorded_in_code(root: &std::path::Path, task: &str) -> bool {
    let Some(version) = crate::store::versions_in(&root.join(task)).pop() else {
        return false;
    };
    version_recorded_in_code(root, task, version)
}

/// [`task_recorded_in_code`] of one version.
pub fn version_recorded_in_code(root: &std::path::Path, task: &str, version: i64) -> bool {
    let dir = crate::layout::version_dir(root, task, version);
    let Ok(files) = crate::store::json_files_in(&dir) else {
        return false;
    };
    files
        .iter()
        .take(LOOKED_AT)
        .filter_map(|f| crate::store::read_cassette_bytes(f).ok())
        .any(|bytes| is_cassette_in_code(&bytes))
}

/// The names a store gives its prompts in code (`prompts_in_code` in `ulcas.toml`: task → the
/// start of its system text), the longest start that a text begins with first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InCodeNames {
    /// (start of the text, task), longest start first.
    by_start: Vec<(String, String)>,
}

impl InCodeNames {
    /// The names of `tasks` (task → the start of its system text); an unsafe task name or an
    /// empty start is an error naming it.
    pub fn new<'a>(
        tasks: impl IntoIterator<Item = (&'a String, &'a String)>,
    ) -> Result<InCodeNames, String> {
        let mut by_start = Vec::new();
        for (task, start) in tasks {
            crate::request::task_problem(task).map_err(|why| format!("prompts_in_code: {why}"))?;
            if start.trim().is_empty() {
                return Err(format!(
                    "prompts_in_code: the task {task:?} names an empty start of a system text (it would name every prompt)"
                ));
            }
            by_start.push((start.clone(), task.clone()));
        }
        by_start.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.0.cmp(&b.0)));
        Ok(InCodeNames { by_start })
    }

    /// The task named for `system`, if any start names it.
    pub fn task_of(&self, system: &str) -> Option<&str> {
        let system = system.trim_start();
        self.by_start
            .iter()
            .find(|(start, _)| system.starts_with(start.as_str()))
            .map(|(_, task)| task.as_str())
    }

    /// Whether no name is given.
    pub fn is_empty(&self) -> bool {
        self.by_start.is_empty()
    }

    /// task → start, as configured.
    pub fn as_map(&self) -> std::collections::BTreeMap<String, String> {
        self.by_start
            .iter()
            .map(|(start, task)| (task.clone(), start.clone()))
            .collect()
    }

    /// Every task named, in order of their starts.
    pub fn tasks(&self) -> impl Iterator<Item = &str> {
        self.by_start.iter().map(|(_, t)| t.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stores_own_ids_never_rename_a_prompt() {
        let ids =
            crate::id_patterns::IdPatterns::with_custom(&[r"\bord_[0-9]{6}\b".into()]).unwrap();
        let named = |order: &str| derived_task_with(&format!("Ship ord_{order} for us"), &ids);
        assert_eq!(named("123456"), "ship-for-us");
        assert_eq!(named("123456"), named("654321"));
    }

    #[test]
    fn names_are_safe_folder_names_and_stable() {
        for text in [
            "You are a baking tutor.",
            "../../etc/passwd",
            "\u{202e}evil\u{0}",
            "ULID 01ARZ3NDEKTSV4RRFFQ69G5FAV here",
            &"word ".repeat(500),
            &"x".repeat(500),
        ] {
            let name = derived_task(text);
            assert!(crate::request::task_problem(&name).is_ok(), "{name}");
            assert!(name.len() <= NAME_BYTES + 16, "{name}");
            assert!(!name.starts_with('-') && !name.ends_with('-'), "{name}");
        }
        assert_eq!(derived_task("../../etc/passwd"), "etc-passwd");
        assert_eq!(
            derived_task("ULID 01ARZ3NDEKTSV4RRFFQ69G5FAV here"),
            derived_task("ULID 01BX5ZZKBKACTAV9WEVGEMMVRZ here")
        );
        assert_eq!(derived_task("   \n"), NO_SYSTEM_TASK);
        // A token in the text never reaches the folder name.
        let token = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
        let name = derived_task(&format!("Use {token} to read `@team` <!-- x"));
        assert_eq!(name, "use-ghp-to-read-team-x");
        assert!(!name.contains("16c7e42f"), "{name}");
    }

    #[test]
    fn the_longest_start_names_the_task() {
        let tasks = [
            ("coach".to_owned(), "You are a".to_owned()),
            ("baker".to_owned(), "You are a baking".to_owned()),
        ];
        let names = InCodeNames::new(tasks.iter().map(|(a, b)| (a, b))).unwrap();
        assert_eq!(names.task_of("You are a baking tutor"), Some("baker"));
        assert_eq!(names.task_of("\n You are a coach"), Some("coach"));
        assert_eq!(names.task_of("Hello"), None);
        let bad = [("../x".to_owned(), "a".to_owned())];
        assert!(InCodeNames::new(bad.iter().map(|(a, b)| (a, b))).is_err());
    }
}
