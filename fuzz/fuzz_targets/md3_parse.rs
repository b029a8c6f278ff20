//! The MD3 container on arbitrary bytes: header, frames, tags, every surface and its arrays.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lumpkit_formats::Ignore;
use lumpkit_formats::md3::Md3;

fuzz_target!(|data: &[u8]| {
    if let Ok(model) = Md3::parse(data, &mut Ignore) {
        let mut sink = Ignore;
        for s in model.surfaces(&mut sink).take(64).flatten() {
            let _ = s.name();
            for i in 0..s.shaders.len().min(8) {
                let _ = s.shader_name(i);
            }
        }
    }
});
