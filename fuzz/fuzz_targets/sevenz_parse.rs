//! 7z archives through the facade (`sevenz-rust2` behind our limits: headers, solid blocks, members
//! within the unpack budget, extract) on arbitrary bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    lumpkit::exercise::format(lumpkit::by_name("7z").expect("registered"), data);
});
