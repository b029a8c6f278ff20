//! The zero-copy PAA view alone (no decoding), lenient and strict.
#![no_main]

use lumpkit_formats::paa::Paa;
use lumpkit_formats::{Ignore, Strict};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(paa) = Paa::parse(data, &mut Ignore) {
        for i in 0..paa.mips().len() {
            if let Ok((mip, payload)) = paa.payload(i) {
                assert_eq!(payload.len() as u64, u64::from(mip.stored_len));
            }
        }
    }
    let _ = Paa::parse(data, &mut Strict(Ignore));
});
