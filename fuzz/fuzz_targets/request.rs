//! A request dump: parse, normalise, key, and the record → replay round trip.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ulcas::key::KeyMaterial;
use ulcas::request::Request;
use ulcas::store::{cassette_for, Recording};

fuzz_target!(|data: &[u8]| {
    let Ok(request) = Request::from_slice(data) else {
        return;
    };
    let material = KeyMaterial::of(&request);
    let key = material.key();
    assert_eq!(key.hash.len(), 32);
    // An answer made of the request's own ids replays to itself.
    let answer: String = material.content.map.iter().map(|(_, id)| format!("{id} ")).collect();
    if let Ok((cassette, _)) = cassette_for(&request, &Recording::new(&answer, "m"), true) {
        assert_eq!(cassette.replay(&material.content.map), answer);
    }
});
