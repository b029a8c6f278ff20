//! Structure-aware: the input chooses the layout and supplies the content of a ZIP with right CRC-32s and sizes and deflated members
//! (`lumpkit_testgen::fuzzed`), so the checks blind mutation rarely passes are passed and the code
//! behind them (members, nested content, pixel decoders) is reached. Reproducers are kept as the
//! raw input (`corpus/zip/regression/built-*`), which `tests/regression.rs` builds and replays.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(file) = lumpkit_testgen::fuzzed::build("zip", data) {
        lumpkit::exercise::format(lumpkit::by_name("zip").expect("registered"), &file);
    }
});
