//! One request, one straight line: its body read once, keyed once, its cassette looked for, and
//! what is left to do (why it missed, a synthetic answer, a recording) carried with that key.
//! `ulcas serve` and an app that answers in-process take this path, and only this one.

use std::path::PathBuf;
use std::sync::Arc;

use super::rendered::{Found, RenderedHit};
use super::{Indexed, Mode, Overrides, Resolved, Resolver, schemas, seen, version_names};
use super::{Served, Unresolved};
use crate::driver::DriverError;
use crate::key::CassetteKey;
use crate::normalise::PlaceholderMap;
use crate::registry::SchemaSource;
use crate::schema::Schema;
use crate::wire::{Wire, WireRequest};

/// A request as [`Resolver::answer`] decided it.
#[derive(Debug)]
#[non_exhaustive]
pub struct Decision {
    /// What the body asked, when it was read (a body answered from memory by its bytes, or one
    /// that could not be read, is not).
    pub wire: Option<Arc<WireRequest>>,
    /// What it was keyed as (none when it names no prompt or schema ulcas knows).
    pub key: Option<CassetteKey>,
    /// Whether it asks for the API's event stream.
    pub stream: bool,
    /// What it gets.
    pub outcome: Outcome,
}

impl Decision {
    /// A request whose body cannot be read, and why.
    pub fn unreadable(why: crate::Error) -> Decision {
        Decision {
            wire: None,
            key: None,
            stream: false,
            outcome: Outcome::Unreadable(why),
        }
    }
}

/// What a request gets.
#[derive(Debug)]
#[non_exhaustive]
#[allow(clippy::large_enum_variant)] // one per request, moved once
pub enum Outcome {
    /// Its cassette, replayed for its ids and rendered by its wire; with the request as keyed
    /// when [`Ask::requests`] asked for it.
    Hit(RenderedHit, Option<Resolved>),
    /// Keyed, with no cassette: [`Resolver::settle`] says why, or answers synthetically.
    NotRecorded(Box<NotRecorded>),
    /// It names no known prompt or schema.
    Unresolved(Unresolved),
    /// The cassette exists but cannot be replayed, or the store could not be read.
    Failed(DriverError),
    /// The body cannot be read: what is wrong with it, in one line.
    Unreadable(crate::Error),
}

/// A request keyed, whose cassette is not recorded.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct NotRecorded {
    /// The request as keyed, in the store whose miss it is.
    pub resolved: Resolved,
    /// Its key.
    pub key: CassetteKey,
    /// Where its cassette would be.
    pub path: PathBuf,
    /// The placeholders its ids got.
    pub map: Arc<PlaceholderMap>,
    /// The request as its wire read it (how it asked for its answer).
    pub wire: Arc<WireRequest>,
}

/// How a request is asked of [`Resolver::answer`].
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Ask {
    /// What the headers say instead of the prompt registry.
    pub overrides: Overrides,
    /// Whether a hit carries the request as keyed (a server that dumps every request).
    pub requests: bool,
}

impl Ask {
    /// A request with `overrides`.
    pub fn new(overrides: Overrides) -> Ask {
        Ask {
            overrides,
            requests: false,
        }
    }

    /// The same, whose hits carry the request as keyed.
    pub fn with_requests(mut self) -> Ask {
        self.requests = true;
        self
    }
}

/// One candidate's schema: the registry's or an exported one (known by the body and the
/// registries alone), or one found in the store's recordings.
struct Schemed<'a> {
    schema: SchemaOf<'a>,
    /// The registry's own schema of the version (its key prefix is made once).
    own: bool,
    /// Known without reading the store.
    known: bool,
}

/// A schema as a candidate has it: the registry's (borrowed), a prompt in code's (shared), or
/// one read from the store's recordings.
enum SchemaOf<'a> {
    Borrowed(&'a Schema),
    Shared(Arc<Schema>),
    Owned(Schema),
}

impl SchemaOf<'_> {
    fn get(&self) -> &Schema {
        match self {
            SchemaOf::Borrowed(schema) => schema,
            SchemaOf::Shared(schema) => schema,
            SchemaOf::Owned(schema) => schema,
        }
    }

    fn into_owned(self) -> Schema {
        match self {
            SchemaOf::Borrowed(schema) => schema.clone(),
            SchemaOf::Shared(schema) => (*schema).clone(),
            SchemaOf::Owned(schema) => schema,
        }
    }
}

/// A candidate keyed: its schema, key and placeholders.
type Tried<'a> = (&'a Indexed, Schemed<'a>, CassetteKey, PlaceholderMap);

/// What the candidates' cassettes are: one found, every key that was not, or a cassette that
/// cannot be read.
enum Looked<'a> {
    Found(Found, &'a Indexed, Schemed<'a>),
    NotFound(Vec<Tried<'a>>),
    Failed(DriverError),
}

impl Resolver {
    /// The answer to the request `body` posted to `api`: read once, keyed once, its cassette
    /// looked for, a hit rendered as `api` sends it. A body seen before byte for byte (with the
    /// same overrides) is neither read nor keyed again: only its cassette is looked for anew.
    pub fn answer(&self, api: &dyn Wire, body: &[u8], ask: &Ask) -> Decision {
        let asked = self.seen.asked(api.name(), &ask.overrides, body);
        if !ask.requests {
            if let Some(decision) = asked.as_ref().and_then(|a| self.answer_seen(api, a)) {
                return decision;
            }
        }
        match api.parse(body) {
            Ok(wire) => self.answer_read(api, Arc::new(wire), ask, asked.as_ref()),
            Err(e) => Decision::unreadable(e),
        }
    }

    /// The answer to a request already read (the same request again after the registries
    /// changed, say): keyed once, its cassette looked for.
    pub fn answer_wire(&self, api: &dyn Wire, wire: Arc<WireRequest>, ask: &Ask) -> Decision {
        self.answer_read(api, wire, ask, None)
    }

    /// A body answered lately, by its bytes: its cassette, looked for fresh.
    fn answer_seen(&self, api: &dyn Wire, asked: &seen::SeenBody<'_>) -> Option<Decision> {
        let keyed = self.seen.get(asked)?;
        let driver = &self.stores[keyed.store].0;
        let Ok(Some((path, cassette))) = driver.cassette_at(&keyed.key) else {
            return None;
        };
        let found = Found {
            store: keyed.store,
            key: keyed.key.clone(),
            map: keyed.map.clone(),
            path,
            cassette,
            by_body_alone: true,
        };
        let shape =
            crate::wire::Shape::new(keyed.stream, keyed.tool.as_deref(), keyed.include_usage);
        let hit = self.render(api, found, &keyed.model, &shape);
        Some(Decision {
            wire: None,
            key: Some(keyed.key.clone()),
            stream: keyed.stream,
            outcome: Outcome::Hit(hit, None),
        })
    }

    fn answer_read(
        &self,
        api: &dyn Wire,
        wire: Arc<WireRequest>,
        ask: &Ask,
        asked: Option<&seen::SeenBody<'_>>,
    ) -> Decision {
        let (key, outcome) = match self.candidates(&wire, &ask.overrides) {
            Err(why) => (None, Outcome::Unresolved(why)),
            Ok(candidates) => match self.look(&candidates, &wire) {
                Err(why) => (None, Outcome::Unresolved(why)),
                Ok(looked) => self.outcome(api, &wire, ask, asked, looked),
            },
        };
        Decision {
            stream: wire.stream,
            wire: Some(wire),
            key,
            outcome,
        }
    }

    /// What the candidates looked give the request.
    fn outcome(
        &self,
        api: &dyn Wire,
        wire: &Arc<WireRequest>,
        ask: &Ask,
        asked: Option<&seen::SeenBody<'_>>,
        looked: Looked<'_>,
    ) -> (Option<CassetteKey>, Outcome) {
        match looked {
            Looked::Failed(e) => (None, Outcome::Failed(e)),
            Looked::Found(found, c, schemed) => {
                if let (true, Some(asked)) = (found.by_body_alone, asked) {
                    self.seen.keep(asked, seen::Keyed::of(&found, wire));
                }
                let key = found.key.clone();
                let resolved = ask
                    .requests
                    .then(|| self.resolved(c, wire, schemed.schema.into_owned()));
                let hit = self.render(api, found, &wire.model, &wire.shape());
                (Some(key), Outcome::Hit(hit, resolved))
            }
            Looked::NotFound(tried) => {
                let not = self.not_recorded(wire, tried);
                (Some(not.key.clone()), Outcome::NotRecorded(Box::new(not)))
            }
        }
    }

    /// Every candidate of `wire`, keyed once each in order until one's cassette is found.
    fn look<'a>(
        &'a self,
        candidates: &'a [Indexed],
        wire: &WireRequest,
    ) -> Result<Looked<'a>, Unresolved> {
        let in_code = match candidates.first().is_some_and(|c| c.in_code) {
            true => Some(
                self.sent_schemas
                    .of(wire)
                    .map_err(Unresolved::BadOverride)?,
            ),
            false => None,
        };
        let sent = wire.schema.as_deref().map(schemas::Sent::new);
        let mut compared = 0;
        let mut schema_of =
            |c: &'a Indexed| self.schema_of(c, in_code.as_ref(), sent.as_ref(), &mut compared);
        // Candidates of several tasks: every schema first, so that two tasks that both take
        // the request are said, never guessed.
        let several = candidates.iter().any(|c| c.task != candidates[0].task);
        let mut pending = Vec::new().into_iter();
        if several {
            let schemed: Vec<_> = candidates
                .iter()
                .filter_map(|c| Some((c, schema_of(c)?)))
                .collect();
            if schemed.iter().any(|(c, _)| c.task != schemed[0].0.task) {
                let names = version_names(schemed.iter().map(|(c, _)| (&c.task, c.version)));
                return Err(Unresolved::Ambiguous { candidates: names });
            }
            pending = schemed.into_iter();
        }
        let mut tried = Vec::new();
        let mut rest = candidates.iter();
        loop {
            let next = match several {
                true => pending.next(),
                false => rest.by_ref().find_map(|c| Some((c, schema_of(c)?))),
            };
            let Some((c, schemed)) = next else { break };
            let (key, map) = self.key(c, &schemed, in_code.as_ref(), wire);
            match self.stores[c.store].0.cassette_at(&key) {
                Ok(Some((path, cassette))) => {
                    let found = Found {
                        store: c.store,
                        key,
                        map: Arc::new(map),
                        path,
                        cassette,
                        // Keyed by the body and the registries alone, the first candidate:
                        // no other cassette would have answered first.
                        by_body_alone: std::ptr::eq(c, &candidates[0]) && schemed.known,
                    };
                    return Ok(Looked::Found(found, c, schemed));
                }
                Ok(None) => tried.push((c, schemed, key, map)),
                Err(e) => return Ok(Looked::Failed(e)),
            }
        }
        if tried.is_empty() {
            return Err(self.unknown_schema(candidates, compared));
        }
        Ok(Looked::NotFound(tried))
    }

    /// The schema of candidate `c` for a request that sent `sent` (`in_code`: the schema a
    /// prompt in code carried, as keyed): the registry's or an exported one, else one of the
    /// store's recordings; `None` when none is the request's.
    fn schema_of<'a>(
        &'a self,
        c: &Indexed,
        in_code: Option<&Arc<Schema>>,
        sent: Option<&schemas::Sent<'_>>,
        compared: &mut usize,
    ) -> Option<Schemed<'a>> {
        if let Some(schema) = in_code {
            let schema = SchemaOf::Shared(schema.clone());
            return Some(Schemed {
                schema,
                own: false,
                known: true,
            });
        }
        if let Some((schema, own)) = self.known_schema(c, sent, compared) {
            let schema = SchemaOf::Borrowed(schema);
            return Some(Schemed {
                schema,
                own,
                known: true,
            });
        }
        let schema = SchemaOf::Owned(self.full_schema(c, sent, compared, true)?);
        Some(Schemed {
            schema,
            own: false,
            known: false,
        })
    }

    /// The key of `wire` as candidate `c` with its schema, and the placeholders its ids got.
    fn key(
        &self,
        c: &Indexed,
        schemed: &Schemed<'_>,
        in_code: Option<&Arc<Schema>>,
        wire: &WireRequest,
    ) -> (CassetteKey, PlaceholderMap) {
        let pieces = |sink: &mut dyn FnMut(&str)| {
            crate::request::content_pieces(&wire.blocks, &wire.turns, sink)
        };
        if let Some(schema) = in_code {
            let ids = self.stores[c.store].1.id_patterns();
            return self
                .in_code_prefixes
                .of(c, schema, &wire.system, ids)
                .key_with_map(pieces);
        }
        match c.prefix.as_deref().filter(|_| schemed.own) {
            Some(prefix) => prefix.key_with_map(pieces),
            None => crate::key::key_with_map(
                &c.task,
                c.version,
                schemed.schema.get().canonical_json(),
                pieces,
            ),
        }
    }

    /// No candidate's schema is the request's: which versions were looked at, and the one
    /// whose schema the app builds in code.
    fn unknown_schema(&self, candidates: &[Indexed], compared: usize) -> Unresolved {
        let versions = version_names(candidates.iter().map(|c| (&c.task, c.version)));
        let built_in_code = candidates.iter().find_map(|c| {
            let prompt = self.stores[c.store].1.prompt(&c.task, c.version)?;
            match &prompt.schema {
                SchemaSource::Unknown { said } => {
                    Some((format!("{} v{}", c.task, c.version), said.clone()))
                }
                _ => None,
            }
        });
        Unresolved::UnknownSchema {
            versions,
            compared,
            built_in_code,
        }
    }

    /// The miss of the keys tried: the owner's (by the rule every command uses,
    /// [`crate::registry::owner`]), else the first tried.
    fn not_recorded(&self, wire: &Arc<WireRequest>, mut tried: Vec<Tried<'_>>) -> NotRecorded {
        let owner = tried
            .first()
            .and_then(|(c, ..)| {
                let registries = self.stores.iter().map(|(_, registry)| registry);
                crate::registry::owner(registries, &c.task, c.version)
            })
            .and_then(|store| tried.iter().position(|(c, ..)| c.store == store))
            .unwrap_or(0);
        let (c, schemed, key, map) = tried.swap_remove(owner);
        let path = key.path_under(self.stores[c.store].0.root());
        NotRecorded {
            resolved: self.resolved(c, wire, schemed.schema.into_owned()),
            key,
            path,
            map: Arc::new(map),
            wire: wire.clone(),
        }
    }

    /// What a request not recorded gets in `mode` (reads the task's folders to say why):
    /// the miss, or in synthetic mode the synthetic answer (`Record` answers as `Cassette`:
    /// the forwarding is the server's).
    pub fn settle(&self, not: NotRecorded, mode: Mode) -> Served {
        let driver = &self.stores[not.resolved.store].0;
        let miss = driver.miss_of(not.key, not.path);
        let resolved = not.resolved;
        #[cfg(feature = "synthetic")]
        if mode == Mode::Synthetic {
            let responders = crate::synth::Responders::new();
            return match crate::driver::Driver::synthesize(&resolved.request, &responders, miss) {
                Ok(synthetic) => Served::Synthetic {
                    synthetic,
                    resolved,
                },
                Err(e) => Served::Failed(e),
            };
        }
        let _ = mode;
        Served::Miss { miss, resolved }
    }

    /// A request not recorded, looked for again by its key (another request may have recorded
    /// it since): the hit rendered by `api`, else `None`.
    pub fn look_again(&self, api: &dyn Wire, not: &NotRecorded) -> Option<RenderedHit> {
        let driver = &self.stores[not.resolved.store].0;
        let (path, cassette) = driver.cassette_at(&not.key).ok()??;
        let found = Found {
            store: not.resolved.store,
            key: not.key.clone(),
            map: not.map.clone(),
            path,
            cassette,
            by_body_alone: false,
        };
        Some(self.render(api, found, &not.wire.model, &not.wire.shape()))
    }
}

#[cfg(test)]
mod tests;
