//! Which stores a command works on: `ulcas.toml` in a monorepo, a root that is missing or
//! mistyped, tasks the registry does or does not know, advice that runs as written.

pub mod advice;
pub mod config;
pub mod monorepo;
pub mod tasks;
