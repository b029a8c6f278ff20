//! The PAK container and facade on arbitrary bytes, including the nested files it hands out.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lumpkit_formats::Ignore;
use lumpkit_formats::pak::Pak;

fuzz_target!(|data: &[u8]| {
    if let Ok(pak) = Pak::parse(data, &mut Ignore) {
        // A lookup is a linear scan: a few names (the first ones and the last) reach every path of
        // it without making each input quadratic in its entry count (305 inputs/s when every
        // entry of a 64 KiB directory was looked up).
        for e in pak.entries().take(4).chain(pak.entries().last()) {
            let _ = pak.find_wal(e.name);
        }
    }
    if let Some(f) = lumpkit::by_name("pak") {
        lumpkit::exercise::format(f, data);
    }
});
