//! What `prune` may delete: its plan per store, and evidence of use that always wins.

pub mod evidence;
pub mod plan;
