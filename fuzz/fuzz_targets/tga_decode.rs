//! Every facade operation on a TGA: our checks, then the image crate's decoder behind the fuzz
//! limits. A file our checks pass that the decoder refuses (`tga-decoder-refused`) is not a crash;
//! a panic or an allocation past the limits is.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some(f) = lumpkit::by_name("tga") {
        lumpkit::exercise::format(f, data);
    }
});
