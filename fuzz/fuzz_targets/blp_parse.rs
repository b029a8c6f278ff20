//! The BLP container alone (no pixels): header, mip locator, content header and every level's
//! checks, with a sink that drops everything. Never allocates, so any crash here is a logic bug.
#![no_main]

use lumpkit_formats::Ignore;
use lumpkit_formats::blp::Blp;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(blp) = Blp::parse(data, &mut Ignore) {
        for level in 0..=16 {
            let _ = blp.mip(level, &mut Ignore);
            let _ = blp.external_mip(level, data, &mut Ignore);
            let _ = blp.data_len(level);
        }
        let _ = blp.chain_len();
    }
});
