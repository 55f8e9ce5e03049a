//! `review`: what a prompt bump changed, answer by answer. Each recording of the old version
//! (`from`) is paired with the recording of the new version (`to`) for the same request content
//! (request material; the schema may differ); the answers are compared in their own terms (JSON
//! pointers, or words when an answer is not JSON), with stop reasons, token usage and whether
//! each answer passes its own version's schema.
//!
//! ```
//! use ulcas::request::Request;
//! use ulcas::review::{self, ReviewOptions};
//! use ulcas::sink::Collect;
//! use ulcas::store::{self, Recording, WriteOptions};
//! use ulcas::store_settings::StoreSettings;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = tempfile::tempdir()?;
//! let store = dir.path().join("cassettes");
//! let request = Request::from_slice(br#"{"task": "outline", "prompt_version": 1,
//!     "schema": {"type": "object"}, "blocks": [{"type": "text", "text": "Grind"}]}"#)?;
//! // The same request recorded at v1 and, after a bump, at v2 with another answer.
//! let material = WriteOptions::with_request_material();
//! store::record(&store, &request, &Recording::new(r#"{"title": "Grind"}"#, "m"), material)?;
//! let bumped = Request::from_slice(br#"{"task": "outline", "prompt_version": 2,
//!     "schema": {"type": "object"}, "blocks": [{"type": "text", "text": "Grind"}]}"#)?;
//! store::record(&store, &bumped, &Recording::new(r#"{"title": "Grinding"}"#, "m"), material)?;
//!
//! let mut events = Collect::default();
//! let stores = [StoreSettings::new(&store, Default::default())?];
//! let asked = ReviewOptions { task: "outline".into(), ..Default::default() };
//! let review = review::run(&stores, &asked, &mut events)?;
//! assert_eq!(review.pairs.len(), 1);
//! assert_eq!(review.pairs[0].changes[0].pointer, "/title");
//! # Ok(())
//! # }
//! ```

pub mod against;
mod bump;
mod events;
mod jsondiff;
mod tokens;

pub use against::{read_against, report_against, run_against};
pub use bump::{Pair, RecordedAnswer, Retire, Review, ReviewSummary, Side, Unpaired, UnpairedWhy};
pub(crate) use bump::{answer_changes, review};
pub use events::{PairEvent, ReviewContext, ReviewEvent, ReviewSink, ReviewSummaryEvent};
pub use tokens::TokenStats;

pub(crate) use jsondiff::pattern;
pub use jsondiff::{AnswerChange, ChangeOp};

use crate::error::{Error, Result};
use crate::sink::sent;
use crate::store_settings::{StoreSettings, with_task};

/// What `review` is asked, beside the stores.
#[derive(Debug, Clone, Default)]
pub struct ReviewOptions {
    /// The task whose prompt was bumped.
    pub task: String,
    /// The old version (default: the newest older version with recordings).
    pub from: Option<i64>,
    /// The new version (default: the task's current version).
    pub to: Option<i64>,
}

/// `review`: reviews the task in its store (the one named, else the first with recordings of
/// it) and reports the review, each pair, each recording without a partner, then the summary.
/// Exit 0 when every `from` recording has its `to` partner.
pub fn run(
    stores: &[StoreSettings],
    asked: &ReviewOptions,
    sink: &mut dyn ReviewSink,
) -> Result<Review> {
    let store = match with_task(stores, &asked.task)?.as_slice() {
        [one] => *one,
        _ if stores.iter().any(|s| s.named) => {
            return Err(Error::msg("review takes one store root"));
        }
        more => more[0],
    };
    let r = review(store, &asked.task, asked.from, asked.to)?;
    let summary = r.summary();
    sent(sink.review_context(&ReviewContext::Review {
        store,
        review: &r,
        summary: &summary,
    }))?;
    for pair in &r.pairs {
        sent(sink.review(&ReviewEvent::Pair(PairEvent {
            task: &r.task,
            pair,
            models: false,
        })))?;
    }
    for unpaired in &r.unpaired {
        sent(sink.review(&ReviewEvent::Unpaired(unpaired)))?;
    }
    let event = ReviewSummaryEvent {
        task: &r.task,
        from_version: r.from_version,
        to_version: r.to_version,
        summary: &summary,
        retire: r.retire(store),
    };
    sent(sink.review(&ReviewEvent::Summary(event)))?;
    Ok(r)
}
