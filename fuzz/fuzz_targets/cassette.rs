//! A cassette file: the parser and every per-file check of `verify`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = ulcas::cassette::Cassette::from_slice(data);
    let _ = ulcas::verify::check_cassette_bytes("outline", 1, "0123456789abcdef0123456789abcdef.json", data);
});
