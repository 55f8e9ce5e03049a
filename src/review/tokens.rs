//! Token usage of one side of a review.

use serde::Serialize;

use super::RecordedAnswer;

/// Token totals and means of one side over the pairs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct TokenStats {
    /// Total input tokens.
    pub input_total: u64,
    /// Total output tokens.
    pub output_total: u64,
    /// Mean input tokens per pair.
    pub input_mean: f64,
    /// Mean output tokens per pair.
    pub output_mean: f64,
}

impl TokenStats {
    /// The totals and means of `side`'s recordings (means over at least one).
    pub fn of<'a>(side: impl Iterator<Item = &'a RecordedAnswer>) -> TokenStats {
        let (mut n, mut i, mut o) = (0u64, 0, 0);
        for r in side {
            let (a, b) = r.tokens();
            n += 1;
            i += a;
            o += b;
        }
        let n = n.max(1) as f64;
        TokenStats {
            input_total: i,
            output_total: o,
            input_mean: i as f64 / n,
            output_mean: o as f64 / n,
        }
    }
}
