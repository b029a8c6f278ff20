//! WAL header parsing and decoding of every level with a palette.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some(f) = lumpkit::by_name("wal") {
        lumpkit::exercise::format(f, data);
    }
});
