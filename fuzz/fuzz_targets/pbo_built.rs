//! Structure-aware: the input chooses the layout and supplies the content of a PBO with the right SHA-1 trailer and `Cprs` entries with right LZSS checksums
//! (`lumpkit_testgen::fuzzed`), so the checks blind mutation rarely passes are passed and the code
//! behind them (members, nested content, pixel decoders) is reached. Reproducers are kept as the
//! raw input (`corpus/pbo/regression/built-*`), which `tests/regression.rs` builds and replays.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(file) = lumpkit_testgen::fuzzed::build("pbo", data) {
        lumpkit::exercise::format(lumpkit::by_name("pbo").expect("registered"), &file);
    }
});
