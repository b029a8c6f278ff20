//! Structure-aware: the input describes a JPEG stream (`lumpkit_testgen::jpeg_stream::Stream`:
//! baseline, extended or progressive; 1–4 components; subsampling; fuzzed tables; restart
//! intervals; encoded scans, or raw fields and spoils on request) and how it is cut into pieces;
//! both backends of `lumpkit-jpeg` decode it with every option, and a clean stream must decode and
//! agree (`lumpkit_testgen::codec_cases::jpeg`). Reproducers: `corpus/jpeg/regression/built-*`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    lumpkit_testgen::codec_cases::jpeg(data);
});
