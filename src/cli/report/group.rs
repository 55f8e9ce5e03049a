//! Findings grouped for people: those that share a severity, a check, a folder and a message
//! shape are one group with a count, the first few paths and one message. Memory is bounded by
//! the number of groups (capped), never by the number of findings.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use ulcas::verify::{Check, Finding, Severity};

/// Paths kept per group (the rest are counted).
pub const FIRST: usize = 3;

/// Distinct groups kept; past this, findings join their check's catch-all group.
const MAX_GROUPS: usize = 500;

/// What findings of one group share.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct GroupKey {
    /// Errors first.
    pub severity: Severity,
    /// The check.
    pub check: Check,
    /// The folder of the files (`<root>/<task>/v<N>` for cassettes); empty for a catch-all.
    pub folder: String,
    /// The message with its particulars (numbers, quoted names) masked.
    shape: String,
}

/// One group.
#[derive(Debug, Clone)]
pub struct Group {
    /// Findings in it.
    pub count: usize,
    /// The first message.
    pub message: String,
    /// Whether every finding had that message.
    pub same_message: bool,
    /// The first paths, with their line and message.
    pub first: Vec<(PathBuf, Option<usize>, String)>,
}

/// Groups of findings, in order: errors first, then by check and folder.
#[derive(Debug, Default)]
pub struct Groups {
    groups: BTreeMap<GroupKey, Group>,
    /// Findings added.
    pub findings: usize,
}

impl Groups {
    /// Adds one finding.
    pub fn add(&mut self, f: &Finding) {
        self.findings += 1;
        let mut key = GroupKey {
            severity: f.severity,
            check: f.check,
            folder: folder_of(&f.path),
            shape: shape(&f.message),
        };
        if !self.groups.contains_key(&key) && self.groups.len() >= MAX_GROUPS {
            key.folder = String::new();
            key.shape = String::new();
        }
        let group = self.groups.entry(key).or_insert_with(|| Group {
            count: 0,
            message: f.message.clone(),
            same_message: true,
            first: Vec::new(),
        });
        group.count += 1;
        group.same_message &= group.message == f.message;
        if group.first.len() < FIRST {
            group
                .first
                .push((f.path.clone(), f.line, f.message.clone()));
        }
    }

    /// The groups, errors first.
    pub fn iter(&self) -> impl Iterator<Item = (&GroupKey, &Group)> {
        self.groups.iter()
    }

    /// How many groups.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.groups.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }

    /// Forgets everything (the next store).
    pub fn clear(&mut self) {
        self.groups.clear();
        self.findings = 0;
    }
}

/// The folder a finding's file is in, as shown.
fn folder_of(path: &Path) -> String {
    path.parent()
        .map(|p| p.display().to_string())
        .unwrap_or_default()
}

/// The message with the particulars of one file masked: numbers, quoted text and backticked
/// commands keep their place, not their content, so that messages that differ only there group.
pub fn shape(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut chars = message.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '0'..='9' => {
                while chars.next_if(|c| c.is_ascii_digit() || *c == '.').is_some() {}
                out.push('#');
            }
            '"' | '`' => {
                for d in chars.by_ref() {
                    if d == c {
                        break;
                    }
                }
                out.push(c);
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// `1 warning`, `2 warnings`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(path: &str, check: Check, message: &str) -> Finding {
        Finding::new(Path::new(path), check, message)
    }

    #[test]
    fn thousands_of_alike_findings_make_one_group() {
        let mut groups = Groups::default();
        for i in 0..5_000 {
            groups.add(&finding(
                &format!("s/outline/v1/{i:032x}.json"),
                Check::StaleVersion,
                "prompt v1 of \"outline\" is older than the current v2",
            ));
        }
        groups.add(&finding(
            "s/outline/v1/x.json",
            Check::Schema,
            "/title: 3 is not of type \"string\"",
        ));
        groups.add(&finding(
            "s/outline/v1/y.json",
            Check::Schema,
            "/title: 4 is not of type \"string\"",
        ));
        let all: Vec<_> = groups.iter().collect();
        assert_eq!(all.len(), 2);
        // Errors first.
        assert_eq!(all[0].0.check, Check::Schema);
        assert_eq!(all[0].1.count, 2);
        assert!(!all[0].1.same_message);
        assert_eq!(all[1].1.count, 5_000);
        assert!(all[1].1.same_message);
        assert_eq!(all[1].1.first.len(), FIRST);
    }

    #[test]
    fn groups_are_capped() {
        let mut groups = Groups::default();
        for i in 0..(MAX_GROUPS * 3) {
            groups.add(&finding(
                &format!("s/task{i}/v1/a.json"),
                Check::Format,
                "not in the recorder's exact format",
            ));
        }
        assert_eq!(groups.len(), MAX_GROUPS + 1);
        assert_eq!(groups.findings, MAX_GROUPS * 3);
        let catch_all = groups.iter().find(|(k, _)| k.folder.is_empty()).unwrap();
        assert_eq!(catch_all.1.count, MAX_GROUPS * 2);
    }

    #[test]
    fn shapes_mask_particulars() {
        assert_eq!(
            shape("prompt v12 of \"outline\" is older than v13: `ulcas prune x --delete`"),
            "prompt v# of \"\" is older than v#: ``"
        );
        assert_eq!(shape("plain"), "plain");
        assert_eq!(shape("unclosed \"quote"), "unclosed \"\"");
    }
}
