//! Every MPQ operation through the facade: inspect, members decrypted and decompressed, decode of
//! entries, extract, and nested content, as the regression replay runs it.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    lumpkit::exercise::format(lumpkit::by_name("mpq").expect("registered"), data);
});
