//! Structure-aware: the input chooses the layout and supplies the content of a 7z (copy, LZMA or
//! LZMA2 coders, BCJ or delta filters, solid or not) with right CRCs (`lumpkit_testgen::fuzzed`),
//! so the members are decoded and their content is sniffed, inspected and decoded, which blind
//! mutation of a 7z (CRC-checked headers, compressed streams) rarely reaches. Reproducers are kept
//! as the raw input (`corpus/7z/regression/built-*`), which `tests/regression.rs` builds and replays.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(file) = lumpkit_testgen::fuzzed::build("7z", data) {
        lumpkit::exercise::format(lumpkit::by_name("7z").expect("registered"), &file);
    }
});
