//! Every facade operation on a DDS: checks, every level decoded through lumpkit-dxt or the mask
//! expander behind the fuzz limits. A panic or an allocation past the limits is a crash.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some(f) = lumpkit::by_name("dds") {
        lumpkit::exercise::format(f, data);
    }
});
