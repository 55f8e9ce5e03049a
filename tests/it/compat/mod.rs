//! Byte for byte with the PHP driver: the reference vectors, PHP's JSON and ksort, prompt text,
//! the driver's reads, the hook, synthetic answers, and properties over generated input.

pub mod driver;
pub mod driver_reads;
pub mod floats;
pub mod ksort;
pub mod php_hook;
pub mod prompt_text;
pub mod prompt_vectors;
pub mod properties;
pub mod synth;
pub mod vectors;
