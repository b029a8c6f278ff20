//! Every PBO operation through the facade: inspect (SHA-1, Cprs), children, decode of entries,
//! extract, and nested content, as the regression replay runs it.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    lumpkit::exercise::format(lumpkit::by_name("pbo").expect("registered"), data);
});
