//! The TGA validator on arbitrary bytes: header, colour map, every RLE packet and colour index.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lumpkit_formats::Ignore;
use lumpkit_formats::tga::Tga;

fuzz_target!(|data: &[u8]| {
    let _ = Tga::has_footer(data);
    let _ = Tga::parse(data, &mut Ignore);
});
