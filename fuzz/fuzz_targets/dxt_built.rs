//! Structure-aware: BC1/BC2/BC3 blocks at odd sizes (and zero, short data, wrong output buffers)
//! through every `lumpkit-dxt` entry point, bit-exact with texpresso
//! (`lumpkit_testgen::codec_cases::dxt`). Reproducers: `corpus/dxt/regression/built-*`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    lumpkit_testgen::codec_cases::dxt(data);
});
