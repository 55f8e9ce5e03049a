//! Requests whose prompt is written in the app's code (see [`crate::in_code`]): their task and
//! version, the schema they carry as keyed, and the key prefix of their system text, made once
//! per text.

use std::sync::{Arc, Mutex};

use super::{Indexed, Overrides, Resolver};
use crate::id_patterns::IdPatterns;
use crate::in_code::DEFAULT_VERSION;
use crate::key::KeyPrefix;
use crate::schema::Schema;
use crate::wire::WireRequest;

/// How similar to a registry's prompt (by words) a system text must be to be taken for that
/// prompt edited without a version bump, rather than a prompt of the app's code.
pub(super) const EDITED_REGISTRY_PROMPT: f64 = 0.6;

/// The most schemas and key prefixes kept.
const KEPT: usize = 64;

/// The schemas the requests of prompts in code carried, as keyed, by the tree the wire read
/// (the wire reads the same schema text into the same tree, so it is found by its address; the
/// tree is kept, so the address is never another's).
#[derive(Debug, Default)]
pub(super) struct SentSchemas {
    kept: Mutex<Vec<(Arc<serde_json::Value>, Arc<Schema>)>>,
}

/// The key prefixes of prompts in code: (task, version, schema, system text) → prefix.
#[derive(Debug, Default)]
pub(super) struct Prefixes {
    kept: Mutex<Vec<(PrefixOf, Arc<KeyPrefix>)>>,
}

#[derive(Debug, PartialEq)]
struct PrefixOf {
    /// The store (its id patterns are part of the prefix).
    store: usize,
    task: String,
    version: i64,
    schema: Arc<Schema>,
    system: Box<str>,
}

impl SentSchemas {
    /// The schema `wire` carries as the key sees it (the empty one for a plain call), or why
    /// it cannot be keyed.
    pub(super) fn of(&self, wire: &WireRequest) -> Result<Arc<Schema>, String> {
        let Some(sent) = &wire.schema else {
            return Ok(Arc::new(Schema::empty()));
        };
        {
            let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((_, schema)) = kept.iter().find(|(tree, _)| Arc::ptr_eq(tree, sent)) {
                return Ok(schema.clone());
            }
        }
        let schema = Arc::new(
            Schema::parse(&sent.to_string())
                .map_err(|e| format!("the output schema cannot be keyed: {}", e.message))?,
        );
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() >= KEPT {
            kept.clear();
        }
        kept.push((sent.clone(), schema.clone()));
        Ok(schema)
    }
}

impl Prefixes {
    /// The key prefix of candidate `c` with `schema`, the system text `system` and its
    /// store's id patterns `ids`.
    pub(super) fn of(
        &self,
        c: &Indexed,
        schema: &Arc<Schema>,
        system: &str,
        ids: &IdPatterns,
    ) -> Arc<KeyPrefix> {
        let matches = |p: &PrefixOf| {
            p.version == c.version
                && p.store == c.store
                && Arc::ptr_eq(&p.schema, schema)
                && *p.system == *system
                && p.task == c.task
        };
        {
            let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((_, prefix)) = kept.iter().find(|(p, _)| matches(p)) {
                return prefix.clone();
            }
        }
        let prefix = Arc::new(KeyPrefix::in_code(
            &c.task,
            c.version,
            schema.canonical_json(),
            system,
            ids,
        ));
        // A text holding ids is new with every id: not worth keeping.
        if !prefix.has_ids() && system.len() <= crate::wire::memo::TEXT {
            let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
            if kept.len() >= KEPT {
                kept.clear();
            }
            kept.push((
                PrefixOf {
                    store: c.store,
                    task: c.task.clone(),
                    version: c.version,
                    schema: schema.clone(),
                    system: system.into(),
                },
                prefix.clone(),
            ));
        }
        prefix
    }
}

impl Resolver {
    /// The candidates of a request whose prompt is in the app's code: its task (the header,
    /// else the name a store's `prompts_in_code` gives its text, else one made of its first
    /// words) and version (the header, else 1), in every store, the store that names it first.
    pub(super) fn in_code_candidates(&self, wire: &WireRequest, o: &Overrides) -> Vec<Indexed> {
        let named = self
            .stores
            .iter()
            .enumerate()
            .find_map(|(i, (_, registry))| Some((i, registry.task_in_code(&wire.system)?)));
        let task = match (&o.task, named) {
            (Some(task), _) => task.clone(),
            (None, Some((_, task))) => task.to_owned(),
            (None, None) => self.derived_task(&wire.system),
        };
        let version = o.prompt_version.unwrap_or(DEFAULT_VERSION);
        let first = named.map(|(i, _)| i);
        let mut all = self.in_every_store(&task, version, true);
        all.sort_by_key(|c| Some(c.store) != first);
        all
    }

    /// [`crate::in_code::derived_task_with`] of `system` (leaving out every store's ids), never the name of a task a registry holds (that task's
    /// prompt files would be taken for this prompt's).
    fn derived_task(&self, system: &str) -> String {
        let task = crate::in_code::derived_task_with(system, &self.naming_ids);
        if self.stores.iter().any(|(_, r)| r.has_task(&task)) {
            return format!("{task}-in-code");
        }
        task
    }

    /// Whether a system text no registry holds is a prompt of the app's code, rather than a
    /// registry's prompt edited without a version bump (most of its words, which is said as
    /// such): a store without a registry takes every text as code, and so does a text that a
    /// store's `prompts_in_code` names.
    pub(super) fn is_in_code(&self, system: &str) -> bool {
        if self.texts.is_empty() {
            return true;
        }
        if self
            .stores
            .iter()
            .any(|(_, r)| r.task_in_code(system).is_some())
        {
            return true;
        }
        self.in_code_texts.get_or_make(system, |text| {
            self.nearest_prompts(text)
                .first()
                .is_none_or(|n| n.similarity < EDITED_REGISTRY_PROMPT)
        })
    }
}
