//! What the registries cannot decide: prompts the wire cannot tell apart, and prompts no one
//! store owns (so no store is the one to record them).

use std::path::Path;

use serde_json::Value;

use super::Resolver;
use crate::wire::{for_provider, same_in_php};

impl Resolver {
    /// The prompt versions that several stores read but not exactly one holds in its own
    /// prompts folder: which store would record a miss of them is not decided (`task/vN`
    /// with the stores).
    pub fn undecided_recordings(&self) -> Vec<(String, Vec<&Path>)> {
        let mut by_version: std::collections::BTreeMap<(String, i64), Vec<usize>> =
            std::collections::BTreeMap::new();
        for c in self.by_prompt.values().flatten() {
            let stores = by_version.entry((c.task.clone(), c.version)).or_default();
            if !stores.contains(&c.store) {
                stores.push(c.store);
            }
        }
        by_version
            .into_iter()
            .filter(|((task, version), stores)| {
                stores.len() > 1
                    && stores
                        .iter()
                        .filter(|&&i| self.owns(i, task, *version))
                        .count()
                        != 1
            })
            .map(|((task, version), stores)| {
                let roots = stores.iter().map(|&i| self.stores[i].0.root()).collect();
                (format!("{task}/v{version}"), roots)
            })
            .collect()
    }

    /// The groups of prompt versions (`task vN`) of different tasks that the wire cannot tell
    /// apart: the same system text, and registry schemas with one provider form (or none). A
    /// request of one of them is refused as ambiguous unless its headers name the task.
    pub fn indistinguishable(&self) -> Vec<Vec<String>> {
        let mut groups = Vec::new();
        for found in self.by_prompt.values() {
            let mut versions: Vec<(&str, i64, Option<Value>)> = Vec::new();
            for c in found {
                if versions
                    .iter()
                    .any(|(t, v, _)| *t == c.task && *v == c.version)
                {
                    continue;
                }
                let form = self.stores[c.store]
                    .1
                    .schema(&c.task, c.version)
                    .map(|s| for_provider(&s.value));
                versions.push((&c.task, c.version, form));
            }
            let alike = |a: &Option<Value>, b: &Option<Value>| match (a, b) {
                (Some(a), Some(b)) => same_in_php(a, b),
                (None, None) => true,
                _ => false,
            };
            let mut taken = vec![false; versions.len()];
            for i in 0..versions.len() {
                if taken[i] {
                    continue;
                }
                let mut group = vec![i];
                for j in i + 1..versions.len() {
                    if !taken[j] && alike(&versions[i].2, &versions[j].2) {
                        taken[j] = true;
                        group.push(j);
                    }
                }
                if group.iter().any(|&j| versions[j].0 != versions[i].0) {
                    let mut names: Vec<String> = group
                        .iter()
                        .map(|&j| format!("{} v{}", versions[j].0, versions[j].1))
                        .collect();
                    names.sort();
                    groups.push(names);
                }
            }
        }
        groups.sort();
        groups
    }
}
