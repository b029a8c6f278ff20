//! Hexen II maps: BSP29 with Hexen II's 80-byte model record (eight head nodes), told from
//! Quake's as ericw-tools tells them (`isHexen2`) and checked as Hexen II's: its five clipping
//! hulls, and its engine's verdicts (`--target hexen2`).

use crate::Sample;
use crate::bsp_faces::with_hull_head;
use crate::bsp_textures::with_texture;
use crate::q1map::{Q1Kind, Q1Map};

/// The valid map with Hexen II's model records and `models` models (each the world's floor).
pub fn hexen2_map(models: usize) -> Q1Map {
    let mut m = Q1Map::valid(Q1Kind::Bsp29);
    m.hexen2 = true;
    m.models = vec![(0, 0, 1); models];
    m
}

/// The samples.
pub fn samples() -> Vec<Sample> {
    let mut s = vec![
        // One 80-byte model record: Hexen II's size and not Quake's.
        Sample::new("h2_valid.bsp", hexen2_map(1).bytes(), "ok", &[]).under("hexen2", "ok"),
    ];
    // Four records (320 bytes, a whole number of both sizes): told by reading them as Hexen II's
    // and finding them consistent with the other lumps (ericw-tools also asks that every hull head
    // names a clipnode, so the map has one).
    let mut m = hexen2_map(4);
    m.clipnodes = vec![(0, [-1, -2])];
    s.push(Sample::new("h2_valid_4_models.bsp", m.bytes(), "ok", &[]));
    // Five Quake records (320 bytes too) that do not read as Hexen II's: a Quake map.
    let mut quake = Q1Map::valid(Q1Kind::Bsp29);
    quake.models = vec![(0, 0, 1); 5];
    s.push(Sample::new(
        "q1_valid_5_models.bsp",
        quake.bytes(),
        "ok",
        &[],
    ));
    // Hull 5 (the golem's) of the world starts past the one clipnode: Hexen II traces it.
    let mut m = hexen2_map(1);
    m.clipnodes = vec![(0, [-1, -2])];
    s.push(Sample::new("h2_clipnodes_valid.bsp", m.bytes(), "ok", &[]));
    s.push(Sample::new(
        "h2_bad_clip_headnode.bsp",
        with_hull_head(&m.bytes(), 5, 7),
        "error",
        &["bsp-bad-clip-headnode"],
    ));
    // A 24x16 texture: Hexen II's Mod_LoadTextures Sys_Errors; other engines were not read.
    let mut m = hexen2_map(1);
    m.textures = with_texture("wall24", 24, 16, false);
    s.push(
        Sample::new(
            "h2_miptex_not_16.bsp",
            m.bytes(),
            "warning",
            &["miptex-size-not-multiple-of-16"],
        )
        .under("hexen2", "error"),
    );
    s
}
