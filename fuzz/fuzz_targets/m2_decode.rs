//! Every operation the facade offers for M2 models and skin profiles (inspect, strict mode, JSON).
#![no_main]

use lumpkit::formats::m2::{M2Format, SkinFormat};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    lumpkit::exercise::format(&M2Format, data);
    lumpkit::exercise::format(&SkinFormat, data);
});
