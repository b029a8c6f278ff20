//! Every PAA operation (inspect with pixel decoding, decode of every level, swizzle) through the
//! facade, as the regression replay runs it.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let format = lumpkit::by_name("paa").expect("registered");
    lumpkit::exercise::format(format, data);
    let ctx = lumpkit::Context {
        limits: lumpkit::exercise::FUZZ_LIMITS,
        ..Default::default()
    };
    let sel = lumpkit::Selection {
        swizzle: true,
        ..Default::default()
    };
    let _ = format.decode(&ctx, data, &sel);
});
