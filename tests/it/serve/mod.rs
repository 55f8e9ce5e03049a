//! `ulcas serve`: replay to the official SDKs and the app's driver on every wire, the shapes a real
//! client sends, record mode, faults, and the limits that keep a server on a laptop safe. The
//! shared helpers are in `kit` (re-exported here).

pub mod answers;
pub mod app_ids;
pub mod body_bounds;
pub mod bounds;
pub mod faults;
pub mod fresh;
pub mod in_code;
pub mod kit;
pub mod limits;
pub mod openai;
pub mod prompts;
pub mod record_shapes;
pub mod record_upstream;
pub mod replay;
pub mod resolver;
pub mod shapes;
pub mod upstream;

pub use kit::*;
