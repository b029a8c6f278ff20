//! Every facade operation on a BSP (inspect with `--vis`, extract, decode) as `check` would run it.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some(f) = lumpkit::by_name("bsp") {
        lumpkit::exercise::format(f, data);
    }
});
