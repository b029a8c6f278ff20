//! The M2 container on arbitrary bytes: parse, then resolve every array, name, texture file name,
//! chunk, embedded view and material render state the view offers.
#![no_main]

use lumpkit_formats::Ignore;
use lumpkit_formats::m2::render::{self, Generation};
use lumpkit_formats::m2::{Field, M2};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = lumpkit_formats::m2::peek_version(data);
    let Ok(model) = M2::parse(data, &mut Ignore) else {
        return;
    };
    for f in model.layout().fields() {
        let _ = model.array_bytes(f.field);
        let _ = model.field_bytes(*f);
    }
    let _ = model.name();
    let _ = model.vertices();
    let _ = model.texture_lookup();
    let _ = model.texture_unit_lookup();
    let _ = model.blend_map_overrides();
    let _ = model.bounding_box();
    let _ = model.count(Field::Views);
    for i in 0..model.textures().map_or(0, <[_]>::len) {
        let _ = model.texture_filename(i);
    }
    for c in model.chunks() {
        let _ = c.data.len();
    }
    let _ = (
        model.skin_file_ids(),
        model.texture_file_ids(),
        model.anim_file_ids(),
        model.skeleton_file_id(),
    );
    let generation = Generation::from_version(model.version());
    for m in model.materials().unwrap_or(&[]) {
        let _ = render::material_render_state(m, generation);
    }
    for i in 0..model.skin_profile_count().min(4) {
        if let Some(Ok(view)) = model.embedded_view(i) {
            for b in view.batches().unwrap_or(&[]) {
                let _ = render::batch_render_state(&model, b, generation);
            }
        }
    }
});
