//! Safe by design: writers, concurrency, a hostile repository or pull request, bounded reads,
//! output nobody can break out of, and no panic on any input.

pub mod bounds;
pub mod concurrency;
pub mod no_panic;
pub mod output;
pub mod repository;
pub mod writers;
