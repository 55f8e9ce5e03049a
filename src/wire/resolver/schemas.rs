//! The full schema of a wire request: the one whose provider form is the wire's, among the
//! registry's, the exported ones and (on the slower path) those of the version's recordings.
//! The app sends the provider form; a client may send the full schema: its provider form is
//! then what matches, on every wire.

use std::cell::OnceCell;

use serde_json::Value;

use super::{Indexed, Known, MAX_CACHED, Resolver};
use crate::schema::Schema;
use crate::wire::{for_provider, same_in_php};

/// The schema a request sent, compared by provider form.
pub(crate) struct Sent<'a> {
    value: &'a Value,
    /// Its provider form, made only when the schema as sent matches nothing.
    provider: OnceCell<Value>,
}

impl<'a> Sent<'a> {
    pub(crate) fn new(value: &'a Value) -> Sent<'a> {
        Sent {
            value,
            provider: OnceCell::new(),
        }
    }

    /// Whether it is the provider form `form`, as sent or once made a provider form itself.
    fn is(&self, form: &Value) -> bool {
        same_in_php(form, self.value)
            || same_in_php(form, self.provider.get_or_init(|| for_provider(self.value)))
    }
}

impl Resolver {
    /// The full schema of `c` whose provider form is the wire's: the registry's, else an
    /// exported one, else (when `recorded`: it reads the version's folder) a recorded one.
    /// A request that carries no schema is keyed with the empty one (a plain prompt's, as the
    /// PHP driver keys `json_encode([])`), whatever the registry's schema: the key is what the
    /// request carries.
    pub(super) fn full_schema(
        &self,
        c: &Indexed,
        wire: Option<&Sent>,
        compared: &mut usize,
        recorded: bool,
    ) -> Option<Schema> {
        if let Some((known, _)) = self.known_schema(c, wire, compared) {
            return Some(known.clone());
        }
        if !recorded {
            return None;
        }
        let wire = wire?;
        let known = self.recorded_schemas(c);
        *compared += known.len();
        known
            .iter()
            .find(|(_, form)| wire.is(form))
            .map(|(schema, _)| schema.clone())
    }

    /// The full schema of `c` whose provider form is the wire's among those known without
    /// reading the store: the registry's, else an exported one; and whether it is the
    /// registry's own.
    pub(super) fn known_schema(
        &self,
        c: &Indexed,
        wire: Option<&Sent>,
        compared: &mut usize,
    ) -> Option<(&Schema, bool)> {
        let registry = &self.stores[c.store].1;
        let own = registry.schema(&c.task, c.version);
        let Some(wire) = wire else {
            let empty = crate::registry::empty_schema();
            return Some((empty, own.is_some_and(Schema::is_empty)));
        };
        if let Some(schema) = own {
            *compared += 1;
            let form = match &c.provider {
                Some(form) => wire.is(form),
                None => wire.is(&for_provider(&schema.value)),
            };
            if form {
                return Some((schema, true));
            }
        }
        // The schemas the app builds in code, as it exported them.
        let exported = self.exported.get(&(c.store, c.task.clone()))?;
        *compared += exported.len();
        exported
            .iter()
            .find(|(_, form)| wire.is(form))
            .map(|(schema, _)| (schema, false))
    }

    /// The distinct schemas of the request material of `c`'s recordings, with their provider
    /// forms: read again when the version's folder changed (a recording added or removed).
    fn recorded_schemas(&self, c: &Indexed) -> Known {
        let key = (c.store, c.task.clone(), c.version);
        let root = self.stores[c.store].0.root();
        let folder = crate::layout::version_dir(root, &c.task, c.version);
        // A version without recordings (a task named only in a header) is never cached: the
        // cache holds only what the store has, and at most MAX_CACHED versions of it.
        let Ok(meta) = std::fs::metadata(&folder) else {
            return std::sync::Arc::default();
        };
        let stamp = crate::store::Stamp::of(&meta);
        if let Some((seen, found)) = self.recorded.lock().ok().and_then(|m| m.get(&key).cloned()) {
            if seen == stamp {
                return found;
            }
        }
        let Ok(files) = crate::store::json_files_in(&folder) else {
            return std::sync::Arc::default();
        };
        let mut seen: Vec<String> = Vec::new();
        let mut schemas = Vec::new();
        for path in files {
            let Ok(cassette) = crate::store::read_cassette(&path) else {
                continue;
            };
            let Some(material) = cassette.request else {
                continue;
            };
            if seen.contains(&material.schema) {
                continue;
            }
            if let Ok(schema) = Schema::parse(&material.schema) {
                seen.push(material.schema);
                let form = for_provider(&schema.value);
                schemas.push((schema, form));
            }
        }
        let schemas = std::sync::Arc::new(schemas);
        if let Ok(mut m) = self.recorded.lock() {
            if m.len() >= MAX_CACHED {
                m.clear();
            }
            m.insert(key, (stamp, schemas.clone()));
        }
        schemas
    }
}
