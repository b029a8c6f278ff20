//! The skin profile container on arbitrary bytes: parse, resolve every array and submesh.
#![no_main]

use lumpkit_formats::Ignore;
use lumpkit_formats::m2::{ModelFacts, Skin};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(skin) = Skin::parse(data, &mut Ignore) else {
        return;
    };
    let _ = (
        skin.vertices(),
        skin.indices(),
        skin.bones(),
        skin.batches(),
    );
    if let Ok(subs) = skin.submeshes() {
        for s in subs.iter() {
            let _ = s.first_index();
        }
    }
    let facts = ModelFacts {
        vertices: 3,
        materials: 2,
        texture_lookup: 1,
        bone_lookup: 1,
        colors: 1,
        transparency_lookup: 1,
    };
    let _ = skin.validate(Some(facts), &mut Ignore);
});
