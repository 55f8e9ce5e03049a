//! Which prompt a request is: the registry's prompt the headers name (checked against the
//! system text), else every prompt version whose text the system text is, the current version
//! first, else a prompt of the app's code.

use super::{Indexed, Overrides, Resolver, Unresolved, version_names};
use crate::registry::prompt_hash;
use crate::wire::WireRequest;

impl Resolver {
    /// The (store, task, version) the request can be: the registry's prompt the headers name
    /// (checked against the system text), else every registry prompt whose text the system
    /// text is, else a prompt of the app's code ([`crate::in_code`]) when the text is one.
    pub(super) fn candidates(
        &self,
        wire: &WireRequest,
        o: &Overrides,
    ) -> Result<Vec<Indexed>, Unresolved> {
        let hash = self
            .hashes
            .get_or_make(&wire.system, |text| prompt_hash(text).into());
        let by_text = self.by_prompt.get(&*hash);
        match (&o.task, o.prompt_version, by_text) {
            (Some(task), Some(version), _) if self.holds(task, version) => {
                self.check_named(task, version, by_text.map_or(&[][..], Vec::as_slice))?;
                // Every store, the ones whose registry has the task first.
                let mut all = self.in_every_store(task, version, false);
                all.sort_by_key(|c| !self.stores[c.store].1.has_task(task));
                Ok(all)
            }
            (task, version, Some(found)) => {
                let found: Vec<Indexed> = found
                    .iter()
                    .filter(|c| task.as_ref().is_none_or(|t| *t == c.task))
                    .filter(|c| version.is_none_or(|v| v == c.version))
                    .cloned()
                    .collect();
                if found.is_empty() {
                    return Err(Unresolved::BadOverride(
                        "the headers x-ulcas-task / x-ulcas-prompt-version disagree with the prompt the system text is".into(),
                    ));
                }
                Ok(found)
            }
            // Headers that name a prompt no registry holds: a prompt in code by that name.
            (Some(_), _, None) | (None, Some(_), None) => Ok(self.in_code_candidates(wire, o)),
            (None, None, None) if self.is_in_code(&wire.system) => {
                Ok(self.in_code_candidates(wire, o))
            }
            (None, None, None) => Err(Unresolved::UnknownPrompt {
                nearest: self.nearest_prompts(&wire.system),
            }),
        }
    }

    /// `task` v`version` as a candidate of every store, in the stores' order (a prompt in code
    /// when `in_code`); nothing of a registry's schema is known of it yet.
    pub(super) fn in_every_store(&self, task: &str, version: i64, in_code: bool) -> Vec<Indexed> {
        (0..self.stores.len())
            .map(|store| Indexed {
                store,
                task: task.to_owned(),
                version,
                provider: None,
                prefix: None,
                in_code,
            })
            .collect()
    }

    /// Whether a registry holds the prompt `task` v`version`.
    fn holds(&self, task: &str, version: i64) -> bool {
        self.stores
            .iter()
            .any(|(_, registry)| registry.prompt(task, version).is_some())
    }

    /// Whether the registry's prompt the headers name (`task` v`version`) may answer a request
    /// whose system text is the prompt of `text_is`: only for its own text.
    fn check_named(&self, task: &str, version: i64, text_is: &[Indexed]) -> Result<(), Unresolved> {
        if text_is
            .iter()
            .any(|c| c.task == task && c.version == version)
        {
            return Ok(());
        }
        Err(Unresolved::NotTheText {
            named: format!("{task} v{version}"),
            text_is: version_names(text_is.iter().map(|c| (&c.task, c.version))),
        })
    }
}
