//! How near a recorded request is to the asked one, cheaply and then exactly: a word
//! signature of each cassette's stored content (bits, no set to build) picks a shortlist, whose
//! word sets are compared exactly; only the stored content is decoded.

use std::collections::HashSet;
use std::path::PathBuf;

use rayon::prelude::*;
use serde::Deserialize;

use super::PREFILTERED;

#[derive(Deserialize)]
struct MaterialOnly {
    #[serde(default)]
    request: Option<StoredMaterial>,
}

#[derive(Deserialize)]
struct StoredMaterial {
    content: String,
    schema: String,
}

/// A recorded request, scored against the current one.
pub(super) struct Candidate {
    pub(super) path: PathBuf,
    pub(super) version: i64,
    pub(super) content: String,
    pub(super) schema: String,
}

/// Word hashes are already well mixed: the set need not hash them again.
type WordSet = HashSet<u64, crate::hashers::PrehashedBuild>;

/// Whether the ASCII byte `b` belongs to a word: alphanumeric, `_`, `{` or `}`.
const WORD_BYTE: [bool; 128] = {
    let mut t = [false; 128];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric() || c == b'_' || c == b'{' || c == b'}';
        b += 1;
    }
    t
};

/// A 64-bit hash of a word, eight bytes at a time (murmur3's finaliser mixes every bit into
/// the low ones, which pick a signature bit and a set bucket).
fn word_hash(word: &[u8]) -> u64 {
    let mut h = 0x9e37_79b9_7f4a_7c15u64 ^ word.len() as u64;
    let mut chunks = word.chunks_exact(8);
    for chunk in &mut chunks {
        let x = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        h = (h ^ x).wrapping_mul(0xff51_afd7_ed55_8ccd).rotate_left(29);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut last = [0u8; 8];
        last[..rest.len()].copy_from_slice(rest);
        h = (h ^ u64::from_le_bytes(last)).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// Calls `f` with the hash of each word of `text` and of each pair of consecutive words
/// (pairs see order), in text order. A word is a run of alphanumeric characters, `_`, `{` and
/// `}`; ASCII is classified by table, anything else by [`char::is_alphanumeric`].
fn for_each_word_hash(text: &str, mut f: impl FnMut(u64)) {
    let bytes = text.as_bytes();
    let mut previous = 0u64;
    let mut start = None;
    let mut i = 0;
    loop {
        let (in_word, width) = match bytes.get(i) {
            None => (false, 1),
            Some(&b) if b < 0x80 => (WORD_BYTE[usize::from(b)], 1),
            Some(_) => {
                let c = text[i..].chars().next().unwrap_or('\u{fffd}');
                (c.is_alphanumeric(), c.len_utf8())
            }
        };
        match (in_word, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                let h = word_hash(&bytes[s..i]);
                f(h);
                f(previous.rotate_left(17) ^ h.wrapping_mul(0x9e37_79b9_7f4a_7c15));
                previous = h;
                start = None;
            }
            _ => {}
        }
        if i >= bytes.len() {
            return;
        }
        i += width;
    }
}

/// Calls `f` with two hashes per word start of `text` (its start and each byte after a space):
/// of the eight bytes from there, and of the sixteen. A shingle stands for a word and what
/// follows it, as a pair of words does; finding them costs a vectorised search for spaces
/// and two loads a word instead of a look at every byte: the estimate of [`Signature`], which
/// the exact word sets then check.
fn for_each_shingle_hash(text: &str, mut f: impl FnMut(u64)) {
    let bytes = text.as_bytes();
    let load = |at: usize| -> u64 {
        match bytes.get(at..at + 8) {
            Some(b) => u64::from_le_bytes(b.try_into().unwrap_or([0; 8])),
            None => {
                let mut last = [0u8; 8];
                let rest = bytes.get(at..).unwrap_or(&[]);
                last[..rest.len()].copy_from_slice(rest);
                u64::from_le_bytes(last)
            }
        }
    };
    let mix = |x: u64| {
        let x = (x ^ (x >> 31)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        x ^ (x >> 29)
    };
    let mut shingle = |at: usize| {
        let first = mix(load(at));
        f(first);
        f(mix(first ^ load(at + 8).wrapping_mul(0xff51_afd7_ed55_8ccd)));
    };
    shingle(0);
    for space in memchr::memchr_iter(b' ', bytes) {
        shingle(space + 1);
    }
}

/// The hashes of the words and word pairs of a text (the cheap prefilter).
fn word_set(text: &str) -> WordSet {
    let mut set = WordSet::with_capacity_and_hasher(text.len() / 3, Default::default());
    for_each_word_hash(text, |h| {
        set.insert(h);
    });
    set
}

/// The Jaccard similarity of the word set of `text` with `query`, built in `scratch` (cleared
/// first, its room kept for the next text): the intersection is counted as the set grows.
fn overlap(query: &WordSet, text: &str, scratch: &mut WordSet) -> f64 {
    scratch.clear();
    let mut inter = 0usize;
    for_each_word_hash(text, |h| {
        if scratch.insert(h) && query.contains(&h) {
            inter += 1;
        }
    });
    if query.is_empty() && scratch.is_empty() {
        return 1.0;
    }
    inter as f64 / (query.len() + scratch.len() - inter) as f64
}

/// Bits of the word signature of a text: the words and word pairs hashed into this many bits.
const SIGNATURE_BITS: usize = 1 << 16;

/// How many files the signature keeps for the exact word-set comparison.
const SHORTLIST: usize = 128;

/// A word signature: one bit per word and word-pair hash of a text, and which bits are set (so
/// that clearing it for the next text costs what the text set, not the whole bitmap).
struct Signature {
    bits: Vec<u64>,
    set: Vec<u32>,
}

impl Signature {
    fn new() -> Signature {
        Signature {
            bits: vec![0; SIGNATURE_BITS / 64],
            set: Vec::with_capacity(4096),
        }
    }

    /// The signature of `text`, in place of the previous one; calls `new_bit` with each bit set
    /// for the first time.
    fn of(&mut self, text: &str, mut new_bit: impl FnMut(usize)) {
        for &bit in &self.set {
            self.bits[bit as usize >> 6] = 0;
        }
        self.set.clear();
        let mask = SIGNATURE_BITS - 1;
        for_each_shingle_hash(text, |h| {
            let bit = (h as usize) & mask;
            let word = &mut self.bits[bit >> 6];
            let one = 1u64 << (bit & 63);
            if *word & one == 0 {
                *word |= one;
                self.set.push(bit as u32);
                new_bit(bit);
            }
        });
    }

    fn has(&self, bit: usize) -> bool {
        self.bits[bit >> 6] & (1u64 << (bit & 63)) != 0
    }

    /// The Jaccard similarity of the signature of `text` (made in `self`) with `query`'s (a
    /// close estimate of the word sets', exact up to collisions).
    fn overlap(&mut self, query: &Signature, text: &str) -> f64 {
        let mut inter = 0usize;
        self.of(text, |bit| inter += usize::from(query.has(bit)));
        let union = query.set.len() + self.set.len() - inter;
        if union == 0 {
            1.0
        } else {
            inter as f64 / union as f64
        }
    }
}

/// The files whose stored content shares the most with `content` by its word signature (at
/// most [`SHORTLIST`], in no order), with their versions.
fn shortlist<'f>(files: &'f [(i64, PathBuf)], content: &str) -> Vec<(f64, &'f PathBuf, i64)> {
    // Estimated on the content as the recorder stores it (its JSON string literal): the query
    // is encoded the same way, so nothing is decoded per file.
    let mut query_signature = Signature::new();
    let mut encoded = String::with_capacity(content.len() + 16);
    crate::php::write_string(&mut encoded, content);
    query_signature.of(&encoded, |_| {});
    let mut estimated: Vec<(f64, &PathBuf, i64)> = files
        .par_iter()
        .map_init(Signature::new, |signature, (v, path)| {
            let bytes = crate::store::read_cassette_bytes(path).ok()?;
            let score = match stored_literal(&bytes) {
                Some(literal) => signature.overlap(&query_signature, literal),
                None => {
                    let stored = stored_content(&bytes)?;
                    let mut encoded = String::with_capacity(stored.len() + 16);
                    crate::php::write_string(&mut encoded, &stored);
                    signature.overlap(&query_signature, &encoded)
                }
            };
            Some((score, path, *v))
        })
        .flatten()
        .collect();
    // The best SHORTLIST without sorting all of them (paths compare slowly).
    let order = |a: &(f64, &PathBuf, i64), b: &(f64, &PathBuf, i64)| {
        b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1))
    };
    if estimated.len() > SHORTLIST {
        estimated.select_nth_unstable_by(SHORTLIST - 1, order);
        estimated.truncate(SHORTLIST);
    }
    estimated
}

/// The files that carry request material, scored by word overlap with `content` (read in
/// parallel; a file that is not a cassette is no candidate). Only the stored content is decoded
/// here. Every file is scored by its word signature (bits, no set to build); the best
/// [`SHORTLIST`] are scored again by their exact word sets; the best of those are then read
/// whole, in order, until [`PREFILTERED`] of them parse as cassettes with material. Recordings
/// that share one vocabulary (one course template) cost a signature each, not a set.
pub(super) fn scored_candidates(files: &[(i64, PathBuf)], content: &str) -> Vec<Candidate> {
    let estimated = shortlist(files, content);
    let query = word_set(content);
    let mut scored: Vec<(f64, &PathBuf, i64)> = estimated
        .into_par_iter()
        .map_init(
            || WordSet::with_capacity_and_hasher(4096, Default::default()),
            |scratch, (_, path, v)| {
                let bytes = crate::store::read_cassette_bytes(path).ok()?;
                let stored = stored_content(&bytes)?;
                Some((overlap(&query, &stored, scratch), path, v))
            },
        )
        .flatten()
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    let mut candidates = Vec::new();
    for (_, path, version) in scored {
        if candidates.len() == PREFILTERED {
            break;
        }
        let Some(stored) = crate::store::read_cassette_bytes(path)
            .ok()
            .and_then(|bytes| serde_json::from_slice::<MaterialOnly>(&bytes).ok())
            .and_then(|m| m.request)
        else {
            continue;
        };
        candidates.push(Candidate {
            path: path.clone(),
            version,
            content: stored.content,
            schema: stored.schema,
        });
    }
    candidates
}

/// The JSON string literal (quotes included) of the stored request content where the recorder
/// writes it, still encoded ([`crate::cassette::content_literal`]).
fn stored_literal(bytes: &[u8]) -> Option<&str> {
    std::str::from_utf8(&bytes[crate::cassette::content_literal(bytes)?]).ok()
}

/// The stored request content of a cassette's bytes: found where the recorder writes it and
/// decoded as the JSON string it is, else (another layout) by parsing the whole file.
fn stored_content(bytes: &[u8]) -> Option<String> {
    match crate::cassette::content_literal(bytes) {
        Some(literal) => serde_json::from_slice::<String>(&bytes[literal]).ok(),
        None => serde_json::from_slice::<MaterialOnly>(bytes)
            .ok()?
            .request
            .map(|m| m.content),
    }
}

#[cfg(test)]
mod tests {
    use super::stored_content;
    use crate::request::Request;
    use crate::store::{Recording, cassette_for};

    #[test]
    fn stored_content_reads_what_a_whole_parse_reads() {
        let text = "<fragment id=\"frg_abcdefghijkm\">a \"quoted\" back\\\\slash é \u{1F600}\n\ttab</fragment>";
        let dump = serde_json::json!({
            "task": "lesson", "prompt_version": 1, "schema": {"type": "object"},
            "blocks": [{"type": "text", "text": text}],
        });
        let request = Request::from_slice(dump.to_string().as_bytes()).unwrap();
        let (cassette, _) = cassette_for(
            &request,
            &Recording::new("{\"request\": {\"content\": \"not this\"}}", "m"),
            true,
        )
        .unwrap();
        let bytes = cassette.render().into_bytes();
        let whole: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        let expected = whole["request"]["content"].as_str().unwrap();
        assert_eq!(stored_content(&bytes).as_deref(), Some(expected));
        // Another layout (one line): read by a whole parse.
        let compact = serde_json::to_vec(&whole).unwrap();
        assert_eq!(stored_content(&compact).as_deref(), Some(expected));
        // No material: none.
        let (bare, _) = cassette_for(&request, &Recording::new("{}", "m"), false).unwrap();
        assert_eq!(stored_content(bare.render().as_bytes()), None);
        // A file cut inside the literal, even right after a backslash: none, and no panic.
        let member = memchr::memmem::rfind(&bytes, crate::cassette::MATERIAL_MEMBER).unwrap();
        let at = member
            + bytes[member..]
                .windows(2)
                .position(|w| w == b"\\\"")
                .unwrap();
        for cut in [at + 1, at + 2] {
            assert_eq!(stored_content(&bytes[..cut]), None, "cut at {cut}");
        }
    }
}
