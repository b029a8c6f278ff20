//! Arbitrary bytes through sniffing and `check`, as a mod site's upload scanner would see them.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    lumpkit::exercise::sniffed(data);
});
