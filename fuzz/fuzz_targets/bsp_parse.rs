//! The BSP containers on arbitrary bytes: directory, typed lumps, full validation with a scratch
//! bitset, entities, every PVS/PHS row into a buffer, point queries, Quake 1 directory, textures,
//! validation and tree walks.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lumpkit_formats::Ignore;
use lumpkit_formats::q1bsp::Bsp1;
use lumpkit_formats::q2bsp::{Bsp, QbismBsp, Row, entities};

fuzz_target!(|data: &[u8]| {
    if let Ok(bsp) = Bsp::parse(data, &mut Ignore) {
        let mut scratch = vec![0u64; bsp.scratch_words()];
        let _ = bsp.validate(&mut scratch, &mut Ignore);
        for e in entities::entities(bsp.entities).flatten() {
            let _ = e.pairs().count();
        }
        let _ = bsp.point_leaf(0, [1.0, 2.0, 3.0]);
        let _ = bsp.cluster_at([-1.0, 0.5, 100.0]);
        if let Ok(Some(vis)) = bsp.vis(&mut Ignore) {
            let mut row = vec![0u8; vis.row_len()];
            for c in 0..vis.clusters().min(256) {
                let _ = vis.decompress(c, Row::Pvs, &mut row);
                let _ = vis.visible_count(c, Row::Phs);
            }
        }
    }
    if let Ok(bsp) = QbismBsp::parse(data, &mut Ignore) {
        let mut scratch = vec![0u64; bsp.scratch_words()];
        let _ = bsp.validate(&mut scratch, &mut Ignore);
        let _ = bsp.point_leaf(0, [1.0, 2.0, 3.0]);
    }
    if let Ok(bsp) = Bsp1::parse(data, &mut Ignore) {
        let _ = bsp.counts().count();
        for i in 0..bsp.texture_count().min(64) {
            let _ = bsp.texture(i);
        }
        if bsp.clean {
            let _ = bsp.validate(&mut Ignore);
            let mut scratch = vec![0u64; bsp.tree_scratch_words()];
            let _ = bsp.check_trees(&mut scratch, &mut Ignore);
        }
    }
});
