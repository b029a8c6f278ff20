//! BLP through the facade: inspect (with pixel decoding), decode of every level, strict and lenient,
//! exactly as `tests/regression.rs` replays reproducers from `corpus/blp/regression/`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    lumpkit::exercise::format(&lumpkit::formats::blp::BlpFormat, data);
});
