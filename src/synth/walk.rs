//! The walker's state, shared by the generator ([`super::generate`]) and the conditional
//! keywords ([`super::conditional`]), each of which adds its methods to [`Walker`]: its
//! deterministic choices, where it is in the request's material, and how it fails.

use serde_json::Value;

use super::Grounding;
use crate::error::Error;

/// Nesting beyond which optional content is left out (recursive schemas end here).
pub(super) const DEEP: usize = 12;

/// Deterministic choices: SplitMix64.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub(super) fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

pub(super) struct Walker<'a> {
    pub(super) root: &'a Value,
    pub(super) g: &'a Grounding,
    pub(super) rng: Rng,
    /// Next fragment / ULID / word to hand out, so answers spread over the request.
    pub(super) next_fragment: usize,
    pub(super) next_ulid: usize,
    pub(super) next_word: usize,
}

/// The error of a schema the walker cannot satisfy at `at`.
pub(super) fn fail(at: &str, why: impl std::fmt::Display) -> Error {
    Error::msg(format!("cannot satisfy the schema at {at}: {why}"))
}
