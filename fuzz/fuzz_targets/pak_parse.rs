//! The PAK container and facade on arbitrary bytes, including the nested files it hands out.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lumpkit_formats::Ignore;
use lumpkit_formats::pak::Pak;

fuzz_target!(|data: &[u8]| {
    if let Ok(pak) = Pak::parse(data, &mut Ignore) {
        for e in pak.entries() {
            let _ = pak.find_wal(e.name);
        }
    }
    if let Some(f) = lumpkit::by_name("pak") {
        lumpkit::exercise::format(f, data);
    }
});
