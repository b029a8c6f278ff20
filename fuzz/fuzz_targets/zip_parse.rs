//! The ZIP container (end records, central directory, local headers) and the facade (names,
//! overlaps, decompression within the budget, decode by entry, extract) on arbitrary bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lumpkit_formats::Ignore;
use lumpkit_formats::zip::Zip;

fuzz_target!(|data: &[u8]| {
    if let Ok(zip) = Zip::parse(data, &mut Ignore) {
        for e in zip.entries() {
            let _ = zip.local(&e);
            let _ = zip.span(&e);
            let _ = e.unicode_path();
        }
    }
    if let Some(f) = lumpkit::by_name("zip") {
        lumpkit::exercise::format(f, data);
    }
});
