//! The zero-copy PBO view alone: header, properties, entry slices.
#![no_main]

use lumpkit_formats::pbo::Pbo;
use lumpkit_formats::{Ignore, Strict};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(pbo) = Pbo::parse(data, &mut Ignore) {
        let mut n = 0u32;
        for entry in pbo.entries() {
            let _ = entry.data(data);
            let _ = entry.path_unsafe();
            n += 1;
        }
        assert_eq!(n, pbo.count);
        for (k, v) in pbo.properties() {
            assert!(!k.is_empty());
            let _ = v;
        }
        let _ = pbo.hashed();
    }
    let _ = Pbo::parse(data, &mut Strict(Ignore));
});
