//! Every WAD operation (inspect with pixel decoding, decode of every entry and level, children,
//! extract) on arbitrary bytes, as `lumpkit::exercise` runs it.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(wad) = lumpkit::by_name("wad") {
        lumpkit::exercise::format(wad, data);
    }
});
