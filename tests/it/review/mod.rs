//! `review`: a version bump's pairs, a re-recording against git, and the terminal's interactive
//! walk.

pub mod against;
pub mod terminal;
pub mod versions;
