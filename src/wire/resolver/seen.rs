//! Requests answered lately, by their bytes: a test suite sends the same request again and
//! again (a fixture shared by many tests, an SDK's retry, a suite run in a loop), and reading,
//! normalising and hashing a body of a few kilobytes costs more than finding it again. What a
//! body was keyed as depends on its bytes, its wire, its overrides and the registries alone (a
//! resolver is made anew when a registry changes), so the same bytes again are keyed the same:
//! only the cassette is looked for again, fresh, on every request. KeptBodies only when the first
//! candidate's cassette answered (no cassette of a version looked at before it could answer it
//! later instead), at most [`MOST`] bodies of at most [`LARGEST`] bytes (then every one is
//! forgotten), found by a hash of the whole body and then compared byte for byte.

use std::collections::HashMap;
use std::hash::BuildHasher;
use std::sync::{Arc, Mutex};

use super::Overrides;
use crate::key::CassetteKey;
use crate::normalise::PlaceholderMap;

/// The most bodies kept.
const MOST: usize = 256;
/// The most bytes the kept bodies hold.
const MOST_BYTES: usize = 8 << 20;
/// The largest body kept.
pub(super) const LARGEST: usize = 64 << 10;

/// What a body was keyed as, and what its answer is rendered for.
#[derive(Debug)]
pub(super) struct Keyed {
    /// The store whose cassette answered it.
    pub store: usize,
    pub key: CassetteKey,
    pub map: Arc<PlaceholderMap>,
    /// The model it asked for.
    pub model: String,
    pub stream: bool,
    pub include_usage: bool,
    pub tool: Option<String>,
}

impl Keyed {
    /// What `wire` was keyed as, its cassette `found`.
    pub(super) fn of(found: &super::rendered::Found, wire: &crate::wire::WireRequest) -> Keyed {
        Keyed {
            store: found.store,
            key: found.key.clone(),
            map: found.map.clone(),
            model: wire.model.clone(),
            stream: wire.stream,
            include_usage: wire.include_usage,
            tool: wire.tool.clone(),
        }
    }
}

/// A body kept, with what it was keyed as.
struct Body {
    wire: &'static str,
    overrides: Overrides,
    bytes: Box<[u8]>,
    keyed: Arc<Keyed>,
}

impl Body {
    fn is(&self, wire: &str, overrides: &Overrides, bytes: &[u8]) -> bool {
        self.bytes.len() == bytes.len()
            && self.wire == wire
            && self.overrides == *overrides
            && *self.bytes == *bytes
    }
}

/// The bodies keyed lately.
#[derive(Default)]
pub(super) struct Seen {
    hasher: foldhash::fast::RandomState,
    kept: Mutex<KeptBodies>,
}

#[derive(Default)]
struct KeptBodies {
    /// By the hash of the body (with its wire and overrides).
    by_hash: HashMap<u64, Body, crate::hashers::PrehashedBuild>,
    bytes: usize,
}

/// A body as the memory finds it: its bytes, wire and overrides, hashed once.
pub(super) struct SeenBody<'a> {
    wire: &'static str,
    overrides: &'a Overrides,
    bytes: &'a [u8],
    hash: u64,
}

impl Seen {
    /// `bytes` posted to `wire` with `overrides`, hashed; `None` when it is too large to keep.
    pub(super) fn asked<'a>(
        &self,
        wire: &'static str,
        overrides: &'a Overrides,
        bytes: &'a [u8],
    ) -> Option<SeenBody<'a>> {
        (bytes.len() <= LARGEST).then(|| SeenBody {
            wire,
            overrides,
            bytes,
            hash: self.hasher.hash_one((
                wire,
                overrides.task.as_deref(),
                overrides.prompt_version,
                bytes,
            )),
        })
    }

    /// What `asked` was keyed as, when it was kept.
    pub(super) fn get(&self, asked: &SeenBody<'_>) -> Option<Arc<Keyed>> {
        let kept = self.kept.lock().ok()?;
        let body = kept.by_hash.get(&asked.hash)?;
        body.is(asked.wire, asked.overrides, asked.bytes)
            .then(|| body.keyed.clone())
    }

    /// Keeps what `asked` was keyed as.
    pub(super) fn keep(&self, asked: &SeenBody<'_>, keyed: Keyed) {
        let Ok(mut kept) = self.kept.lock() else {
            return;
        };
        let size = asked.bytes.len();
        if kept.by_hash.len() >= MOST || kept.bytes + size > MOST_BYTES {
            *kept = KeptBodies::default();
        }
        let body = Body {
            wire: asked.wire,
            overrides: asked.overrides.clone(),
            bytes: asked.bytes.into(),
            keyed: Arc::new(keyed),
        };
        kept.bytes += size;
        if let Some(old) = kept.by_hash.insert(asked.hash, body) {
            kept.bytes -= old.bytes.len();
        }
    }

    /// How many bodies are kept.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.kept.lock().map_or(0, |k| k.by_hash.len())
    }
}

impl std::fmt::Debug for Seen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count = self.kept.lock().map_or(0, |k| k.by_hash.len());
        f.debug_struct("Seen").field("count", &count).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keyed(hash: &str) -> Keyed {
        Keyed {
            store: 0,
            key: CassetteKey {
                task: "quiz".into(),
                prompt_version: 1,
                hash: hash.into(),
            },
            map: Arc::default(),
            model: "m".into(),
            stream: false,
            include_usage: false,
            tool: None,
        }
    }

    #[test]
    fn the_same_bytes_wire_and_overrides_only() {
        let seen = Seen::default();
        let none = Overrides::default();
        let get = |wire, overrides, bytes: &[u8]| seen.get(&seen.asked(wire, overrides, bytes)?);
        seen.keep(
            &seen.asked("anthropic", &none, b"{\"a\":1}").unwrap(),
            keyed("1"),
        );
        assert_eq!(get("anthropic", &none, b"{\"a\":1}").unwrap().key.hash, "1");
        assert!(get("anthropic", &none, b"{\"a\":2}").is_none());
        assert!(get("anthropic", &none, b"{\"a\":1} ").is_none());
        assert!(get("openai", &none, b"{\"a\":1}").is_none());
        let task = Overrides {
            task: Some("quiz".into()),
            prompt_version: None,
        };
        assert!(get("anthropic", &task, b"{\"a\":1}").is_none());
    }

    #[test]
    fn bounded_in_count_and_size() {
        let seen = Seen::default();
        let none = Overrides::default();
        let large = vec![b' '; LARGEST + 1];
        assert!(
            seen.asked("anthropic", &none, &large).is_none(),
            "never kept"
        );
        for i in 0..MOST + 10 {
            let body = format!("{i}");
            seen.keep(
                &seen.asked("anthropic", &none, body.as_bytes()).unwrap(),
                keyed("1"),
            );
        }
        assert!(seen.len() <= MOST);
        let body = vec![b' '; LARGEST];
        for i in 0..(MOST_BYTES / LARGEST) * 2 {
            let mut body = body.clone();
            body[0] = b'0' + (i % 10) as u8;
            body[1] = b'0' + (i / 10 % 10) as u8;
            body[2] = b'0' + (i / 100 % 10) as u8;
            seen.keep(&seen.asked("anthropic", &none, &body).unwrap(), keyed("1"));
            assert!(seen.kept.lock().unwrap().bytes <= MOST_BYTES);
        }
    }
}
