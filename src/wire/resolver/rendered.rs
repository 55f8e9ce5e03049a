//! A hit rendered once: the answers of the cassettes served lately as their wire sent them, so
//! that the same request again (the same cassette, ids, model, wire and stream, within the
//! same second) is answered with the same bytes without replaying and escaping the answer
//! anew. The cassette is still found fresh on every request (its file changed is a new
//! cassette, and a new rendering).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, Weak};

use super::Resolver;
use crate::cassette::Cassette;
use crate::driver::Replay;
use crate::hashers::FnvBuild;
use crate::key::CassetteKey;
use crate::normalise::PlaceholderMap;
use crate::wire::{Answer, Shape, Wire};

/// The cassette of a hit, with the request's key and placeholder map.
pub(super) struct Found {
    /// The store whose cassette it is.
    pub store: usize,
    pub key: CassetteKey,
    pub map: Arc<PlaceholderMap>,
    pub path: PathBuf,
    pub cassette: Arc<Cassette>,
    /// Whether the key was decided by the request and the registries alone (nothing read from
    /// the store decided it): the same body again is keyed the same.
    pub by_body_alone: bool,
}

/// A hit as its wire sends it.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct RenderedHit {
    /// `application/json` or `text/event-stream`.
    pub content_type: &'static str,
    /// The body, shared with the next identical hit.
    pub body: Arc<String>,
    /// The cassette.
    pub path: PathBuf,
}

impl RenderedHit {
    /// Whether it is the API's event stream (what its content type says).
    pub fn is_stream(&self) -> bool {
        self.content_type == crate::wire::seam::EVENT_STREAM
    }
}

/// The most answers kept, and the most bytes they hold (their bodies and ids): then every one
/// is forgotten.
const MOST_ANSWERS: usize = 256;
const MOST_BYTES: usize = 16 << 20;
/// A larger answer (or one of a request with ids of as many bytes) is rendered for each
/// request.
const LARGEST: usize = 1 << 20;

/// The answers rendered lately, by the address of their cassette. Each holds its cassette
/// weakly: the allocation stays (no other cassette can take its address while the answer is
/// here) but not what it holds, so a large cassette the driver's cache let go is freed.
#[derive(Default)]
pub(super) struct Answers {
    by_cassette: Mutex<KeptAnswers>,
}

#[derive(Default)]
struct KeptAnswers {
    answers: HashMap<usize, Vec<Answered>, FnvBuild>,
    count: usize,
    bytes: usize,
}

/// One rendering of a cassette's answer.
struct Answered {
    cassette: Weak<Cassette>,
    /// The bytes it holds (its body and ids).
    size: usize,
    /// The second it was rendered in (a wire may stamp its answer with the time).
    second: u64,
    wire: &'static str,
    stream: bool,
    include_usage: bool,
    /// The forced tool it calls.
    tool: Option<String>,
    model: String,
    map: Arc<PlaceholderMap>,
    /// The hash of the map's ids: compared before the map (a cassette may have hundreds of
    /// answers kept, one for each request's ids).
    ids: u64,
    content_type: &'static str,
    body: Arc<String>,
}

impl Answers {
    fn get(
        &self,
        (found, ids): (&Found, u64),
        now: u64,
        wire: (&str, &Shape),
        model: &str,
    ) -> Option<RenderedHit> {
        let (wire, shape) = wire;
        let kept = self.by_cassette.lock().ok()?;
        let answered = kept
            .answers
            .get(&address(Arc::as_ptr(&found.cassette)))?
            .iter()
            .find(|a| {
                a.second == now
                    && a.wire == wire
                    && a.stream == shape.stream
                    && a.include_usage == shape.include_usage
                    && a.tool.as_deref() == shape.tool
                    && a.model == model
                    && a.ids == ids
                    && *a.map == *found.map
            })?;
        Some(RenderedHit {
            content_type: answered.content_type,
            body: answered.body.clone(),
            path: found.path.clone(),
        })
    }

    fn keep(&self, answered: Answered) {
        // The bytes it holds: its body, and its ids (each with its placeholder and its place
        // in the map's indexes).
        let ids: usize = answered.map.iter().map(|(_, id)| id.len() + 96).sum();
        let size = answered.body.len() + ids;
        if size > LARGEST {
            return;
        }
        let Ok(mut kept) = self.by_cassette.lock() else {
            return;
        };
        if kept.count >= MOST_ANSWERS || kept.bytes + size > MOST_BYTES {
            *kept = KeptAnswers::default();
        }
        let KeptAnswers {
            answers,
            count,
            bytes,
        } = &mut *kept;
        let of_cassette = answers
            .entry(address(answered.cassette.as_ptr()))
            .or_default();
        // The answers of the cassette kept in an earlier second are never found again.
        of_cassette.retain(|a| {
            let now = a.second == answered.second;
            if !now {
                *count -= 1;
                *bytes -= a.size;
            }
            now
        });
        *count += 1;
        *bytes += size;
        of_cassette.push(Answered { size, ..answered });
    }
}

impl std::fmt::Debug for Answers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count = self.by_cassette.lock().map_or(0, |k| k.count);
        f.debug_struct("Answers").field("count", &count).finish()
    }
}

/// The current second since the epoch: an answer is kept for the second it was rendered in,
/// so a wire that stamps its answer with the time (OpenAI's `created`) stamps it rightly.
fn second() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A hash of the ids of `map` in their order (equal maps hold equal ids).
fn ids_hash(map: &PlaceholderMap) -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = foldhash::fast::FixedState::with_seed(0).build_hasher();
    for (_, id) in map.iter() {
        hasher.write(id.as_bytes());
        hasher.write_u8(0xff);
    }
    hasher.finish()
}

/// The key of a cassette's answers: every answer under it holds that cassette (the allocation
/// its weak reference keeps cannot be another cassette's).
fn address(cassette: *const Cassette) -> usize {
    cassette as usize
}

impl Resolver {
    /// The answer of `found` to a request for `asked` (the model it named) in `shape`, as
    /// `api` renders it: kept for the same request again.
    pub(super) fn render(
        &self,
        api: &dyn Wire,
        found: Found,
        asked: &str,
        shape: &Shape,
    ) -> RenderedHit {
        let model = found.cassette.model_or(Some(asked));
        // Taken before rendering: an answer stamped in a later second is never found again.
        let now = second();
        let ids = ids_hash(&found.map);
        if let Some(hit) = self
            .rendered
            .get((&found, ids), now, (api.name(), shape), model)
        {
            return hit;
        }
        let model = model.to_owned();
        let replay = Replay::of(
            &found.cassette,
            &found.map,
            Some(asked),
            found.key,
            found.path.clone(),
        );
        let rendered = api.render(&Answer::of_replay(replay), shape);
        let body = Arc::new(rendered.body);
        // A cassette no one else holds (the driver's cache keeps none larger than it caches)
        // is read anew for the next request: its answer would never be found again.
        if Arc::strong_count(&found.cassette) == 1 {
            return RenderedHit {
                content_type: rendered.content_type,
                body,
                path: found.path,
            };
        }
        self.rendered.keep(Answered {
            cassette: Arc::downgrade(&found.cassette),
            size: 0, // counted as it is kept
            second: now,
            wire: api.name(),
            stream: shape.stream,
            include_usage: shape.include_usage,
            tool: shape.tool.map(str::to_owned),
            model,
            map: found.map,
            ids,
            content_type: rendered.content_type,
            body: body.clone(),
        });
        RenderedHit {
            content_type: rendered.content_type,
            body,
            path: found.path,
        }
    }
}
