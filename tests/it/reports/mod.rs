//! The output formats every command shares: grouping, SARIF, JSON Lines, GitHub annotations, the
//! library's runs reporting what the commands print, closed pipes.

pub mod formats;
pub mod github;
pub mod library;
pub mod pipes;
