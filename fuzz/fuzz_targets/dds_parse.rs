//! The DDS container on arbitrary bytes: header, DX10 header, pixel format, every located level
//! and its bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lumpkit_formats::Ignore;
use lumpkit_formats::dds::Dds;

fuzz_target!(|data: &[u8]| {
    let _ = Dds::has_magic(data);
    if let Ok(dds) = Dds::parse(data, &mut Ignore) {
        let _ = dds.check_levels(&mut Ignore);
        for index in 0..dds.located_mips.min(40) {
            let _ = dds.level(index);
        }
    }
});
