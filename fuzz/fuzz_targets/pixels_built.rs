//! Structure-aware: every `lumpkit-pixels` expander (palettes, alpha depths, packed 16-bit
//! formats, BGRA, cropping, palette files) at fuzzed sizes, right and wrong, against a per-pixel
//! model (`lumpkit_testgen::codec_cases::pixels`). Reproducers: `corpus/pixels/regression/built-*`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    lumpkit_testgen::codec_cases::pixels(data);
});
