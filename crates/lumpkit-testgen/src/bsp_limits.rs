//! Maps over an engine's count limit (`bsp-limit-exceeded`), one per condition and family, with
//! the verdict each engine profile must give (`Sample::under`). The counts are the smallest that
//! cross the limit; records are zero-filled, which every check before the limit accepts.

use crate::Sample;
use crate::bsp::{Q2Map, q1_map_with};

/// A Quake 1 `dmodel_t` (64 bytes) with zero bounds, head nodes and faces, and `visleafs`.
fn q1_model(visleafs: i32) -> Vec<u8> {
    let mut m = vec![0u8; 64];
    m[52..56].copy_from_slice(&visleafs.to_le_bytes());
    m
}

/// `count` models, the world's with `visleafs`.
fn q1_models(count: usize, visleafs: i32) -> Vec<u8> {
    let mut out = q1_model(visleafs);
    for _ in 1..count {
        out.extend_from_slice(&q1_model(0));
    }
    out
}

/// Every limit sample.
pub fn samples() -> Vec<Sample> {
    let over = &["bsp-limit-exceeded"];
    let mut s = vec![
        // 8193 visleafs: vanilla's 1024-byte PVS row buffer overflows; QuakeSpasm and Xash3D load it.
        Sample::new(
            "limit_q1_visleafs.bsp",
            q1_map_with(29, None, &[(14, q1_models(1, 8193))]),
            "warning",
            over,
        )
        .under("quake", "error")
        .under("quakespasm", "ok")
        .under("xash3d", "ok"),
        // 256 models: vanilla writes model_precache[256]; QuakeSpasm allows 2047.
        Sample::new(
            "limit_q1_models.bsp",
            q1_map_with(29, None, &[(14, q1_models(256, 0))]),
            "warning",
            over,
        )
        .under("quake", "error")
        .under("quakespasm", "ok")
        .under("xash3d", "ok")
        // A target of another family leaves the default verdict.
        .under("quake2", "warning"),
        // GoldSrc: 8193 visleafs, and 512 models.
        Sample::new(
            "limit_hl_visleafs.bsp",
            q1_map_with(30, None, &[(14, q1_models(1, 8193))]),
            "warning",
            over,
        )
        .under("goldsrc", "error")
        .under("xash3d", "ok"),
        Sample::new(
            "limit_hl_models.bsp",
            q1_map_with(30, None, &[(14, q1_models(512, 0))]),
            "warning",
            over,
        )
        .under("goldsrc", "error")
        .under("xash3d", "ok"),
    ];
    // Quake 2: 257 areaportals, which id checks against MAX_MAP_AREAS; Q2PRO has no such limit.
    let mut map = Q2Map::valid();
    map.areaportals = vec![(1, 0); 257];
    s.push(
        Sample::new("limit_q2_areaportals.bsp", map.bytes(), "warning", over)
            .under("quake2", "error")
            .under("yquake2", "error")
            .under("q2pro", "ok"),
    );
    // id Quake 2's structural refusals that Q2PRO does not share.
    let mut map = Q2Map::valid();
    for leaf in map.leafs.iter_mut().skip(1) {
        leaf.contents = 32; // water: not empty
    }
    s.push(
        Sample::new(
            "q2_no_empty_leaf.bsp",
            map.bytes(),
            "warning",
            &["bsp-no-empty-leaf"],
        )
        .under("quake2", "error")
        .under("yquake2", "error"),
    );
    let mut map = Q2Map::valid();
    map.leafbrushes.clear();
    for leaf in map.leafs.iter_mut() {
        leaf.leafbrushes = (0, 0);
    }
    s.push(
        Sample::new(
            "q2_no_leafbrushes.bsp",
            map.bytes(),
            "warning",
            &["bsp-leafbrushes-empty"],
        )
        .under("quake2", "error"),
    );
    // Portal number 1 with one areaportal: Q2PRO's BSP_ValidateAreaPortals refuses it, id loads it.
    let mut map = Q2Map::valid();
    map.areaportals[0].0 = 1;
    s.push(
        Sample::new(
            "q2_portalnum_past_count.bsp",
            map.bytes(),
            "warning",
            &["bsp-portalnum-past-count"],
        )
        .under("q2pro", "error")
        .under("quake2", "ok"),
    );
    s
}
