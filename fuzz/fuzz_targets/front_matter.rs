//! A prompt file as the app's registry reads it: `ulcas::prompt_file` against a second,
//! deliberately simple reading of the same PHP (`tests/support/prompt_reference.rs`).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/support/prompt_reference.rs"]
mod reference;

fuzz_target!(|data: &[u8]| {
    let (version, content) = match data.split_first() {
        Some((v, rest)) => (i64::from(*v % 4), rest),
        None => (1, data),
    };
    let ours = ulcas::prompt_file::load(content, version);
    let theirs = reference::load(content, version);
    match (&ours, &theirs) {
        (Ok(loaded), Some(text)) => assert_eq!(loaded.text.as_bytes(), &text[..], "{content:?}"),
        // The app loads it, its text is not UTF-8: ulcas refuses it, saying so.
        (Err(e), Some(text)) => {
            assert!(std::str::from_utf8(text).is_err() && e.to_string().contains("not UTF-8"), "{content:?}: {e}")
        }
        (Err(_), None) => {}
        (Ok(_), None) => panic!("the app refuses {content:?}, ulcas loads it"),
    }
});
