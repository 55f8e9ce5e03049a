//! The project itself: architecture rules, import circles, completions, the README's commands,
//! releases, packages, the CI job and the test kits.

pub mod architecture;
pub mod ci_job;
pub mod circles;
pub mod completions;
pub mod kit_install;
pub mod kits;
pub mod packaging;
pub mod pins;
pub mod readme;
pub mod release;
