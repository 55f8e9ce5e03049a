//! What `verify` checks and how it says it: damaged stores, findings in words a user acts on,
//! schemas bounded on their values.

pub mod damage;
pub mod findings;
pub mod schema_bounds;
