//! The Quake 3-engine map container on arbitrary bytes: variant, directory, typed lumps, every
//! cross-lump rule, the entity text, the light grid count, every lightmap page.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lumpkit_formats::Ignore;
use lumpkit_formats::q3bsp::Map;

fuzz_target!(|data: &[u8]| {
    if let Ok(map) = Map::parse(data, &mut Ignore) {
        let _ = map.directory.counts().count();
        if map.directory.clean {
            let _ = map.validate(&mut Ignore);
        }
        let _ = map.grid_points(None);
        let _ = map.surfaces.iter().count();
        for i in 0..map.lightmap_count().min(8) {
            let _ = map.lightmap(i);
        }
        for i in 0..map.shaders.len().min(64) {
            let _ = map.shader_name(i);
        }
    }
});
