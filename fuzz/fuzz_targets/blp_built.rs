//! Structure-aware: BLP files built around fuzzed content (`lumpkit_testgen::fuzzed_blp`): BLP1
//! JPEG whose shared header and chunks are cut from built JPEG streams (tables-only headers,
//! oversized or lying header sizes, frames that disagree with their level), and direct content of
//! every kind with fuzzed sizes and alpha depths, through the facade as `blp_decode` runs it.
//! Reproducers: `corpus/blp/regression/built-*`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(file) = lumpkit_testgen::fuzzed::build("blp", data) {
        lumpkit::exercise::format(lumpkit::by_name("blp").expect("registered"), &file);
    }
});
