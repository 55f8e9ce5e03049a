//! Which prompt a request is: the one the headers name (checked against the system text), else
//! every prompt version whose text the system text is, the current version first.

use super::{version_names, Indexed, Overrides, Resolver, Unresolved};
use crate::registry::prompt_hash;
use crate::wire::WireRequest;

impl Resolver {
    /// The (store, task, version) the request can be: the headers, else the system text.
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
            (Some(task), Some(version), _) => {
                self.check_named(task, version, by_text.map_or(&[][..], Vec::as_slice))?;
                // Every store, the ones whose registry has the task first.
                let mut all: Vec<Indexed> = (0..self.stores.len())
                    .map(|store| Indexed {
                        store,
                        task: task.clone(),
                        version,
                        provider: None,
                        prefix: None,
                    })
                    .collect();
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
            (Some(_), None, None) | (None, Some(_), None) => Err(Unresolved::BadOverride(
                "the system text is no known prompt: give both x-ulcas-task and x-ulcas-prompt-version".into(),
            )),
            (None, None, None) => Err(Unresolved::UnknownPrompt {
                nearest: self.nearest_prompts(&wire.system),
            }),
        }
    }

    /// Whether the prompt the headers name (`task` v`version`) may answer a request whose system
    /// text is the prompt of `text_is`: a prompt a registry holds only for its own text; one no
    /// registry holds only where no store has a registry, or a store holds its recordings.
    fn check_named(&self, task: &str, version: i64, text_is: &[Indexed]) -> Result<(), Unresolved> {
        let named = format!("{task} v{version}");
        let known = self
            .stores
            .iter()
            .any(|(_, registry)| registry.prompt(task, version).is_some());
        if known {
            if text_is
                .iter()
                .any(|c| c.task == task && c.version == version)
            {
                return Ok(());
            }
            return Err(Unresolved::NotTheText {
                named,
                text_is: version_names(text_is.iter().map(|c| (&c.task, c.version))),
            });
        }
        let recorded = || {
            self.stores.iter().any(|(driver, _)| {
                crate::layout::version_dir(driver.root(), task, version).is_dir()
            })
        };
        if self.prompts() == 0 || recorded() {
            return Ok(());
        }
        let mut tasks: Vec<String> = Vec::new();
        let mut versions: Vec<i64> = Vec::new();
        for (_, registry) in &self.stores {
            for (t, vs) in registry.tasks() {
                if t == task {
                    versions.extend(vs);
                }
                tasks.push(t.to_owned());
            }
        }
        tasks.sort();
        tasks.dedup();
        versions.sort_unstable();
        versions.dedup();
        Err(Unresolved::NoSuchPrompt {
            named,
            versions,
            tasks,
        })
    }
}
