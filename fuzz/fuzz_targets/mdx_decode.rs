//! Every operation the facade offers for MDX models (inspect, strict mode, JSON), and the map
//! files, whose formats have no magic of their own for most kinds.
#![no_main]

use lumpkit::formats::mdx::MdxFormat;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    lumpkit::exercise::format(&MdxFormat, data);
});
