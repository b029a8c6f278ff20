//! Every facade operation on an MD3 as `check` would run it.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some(f) = lumpkit::by_name("md3") {
        lumpkit::exercise::format(f, data);
    }
});
