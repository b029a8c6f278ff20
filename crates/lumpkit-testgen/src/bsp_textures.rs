//! Quake 1 and GoldSrc maps whose textures meet or break the engines' texture code: a `sky*`
//! texture that is or is not the 256×128 the sky code reads (`bsp-sky-size`), a texture too large
//! for GLQuake's upload buffers (`bsp-texture-too-large`), and a side that is not a multiple of 16
//! (`miptex-size-not-multiple-of-16`, refused by vanilla Quake's and GoldSrc's `Mod_LoadTextures`).

use crate::Sample;
use crate::q1map::{Q1Kind, Q1Map};

/// A textures lump of `floor` (16×16) and a texture `name` of `width` × `height` with its four
/// levels (BSP29: no palette; BSP30, `goldsrc`: each followed by its 256-colour palette).
pub(crate) fn with_texture(name: &str, width: u32, height: u32, goldsrc: bool) -> Vec<u8> {
    let palette_len = if goldsrc { 2 + 768 + 2 } else { 0 };
    let mut t = Vec::new();
    t.extend_from_slice(&2i32.to_le_bytes());
    let floor_at = 12usize;
    let sky_at = floor_at + 40 + 340 + palette_len;
    t.extend_from_slice(&(floor_at as i32).to_le_bytes());
    t.extend_from_slice(&(sky_at as i32).to_le_bytes());
    for (n, w, h) in [("floor", 16u32, 16u32), (name, width, height)] {
        let mut field = [0u8; 16];
        field[..n.len()].copy_from_slice(n.as_bytes());
        t.extend_from_slice(&field);
        t.extend_from_slice(&w.to_le_bytes());
        t.extend_from_slice(&h.to_le_bytes());
        let sizes: Vec<usize> = (0..4)
            .map(|k| ((w >> k).max(1) * (h >> k).max(1)) as usize)
            .collect();
        let mut ofs = 40usize;
        for size in &sizes {
            t.extend_from_slice(&(ofs as u32).to_le_bytes());
            ofs += size;
        }
        t.extend((0..sizes.iter().sum::<usize>()).map(|i| (i % 251) as u8));
        if goldsrc {
            t.extend_from_slice(&256u16.to_le_bytes());
            t.extend((0..768u32).map(|i| (i % 256) as u8));
            t.extend_from_slice(&[0, 0]);
        }
    }
    t
}

/// The BSP29 map with that textures lump.
fn map(name: &str, width: u32, height: u32) -> Vec<u8> {
    let mut m = Q1Map::valid(Q1Kind::Bsp29);
    m.textures = with_texture(name, width, height, false);
    m.bytes()
}

/// The BSP30 map with that textures lump.
fn goldsrc_map(name: &str, width: u32, height: u32) -> Vec<u8> {
    let mut m = Q1Map::valid(Q1Kind::Bsp30);
    m.textures = with_texture(name, width, height, true);
    m.bytes()
}

/// The samples.
pub fn samples() -> Vec<Sample> {
    vec![
        // A 128×64 sky: GLQuake/WinQuake read 256-wide rows past it; QuakeSpasm warns and splits it.
        Sample::new(
            "q1_sky_size.bsp",
            map("sky4", 128, 64),
            "ok",
            &["bsp-sky-size"],
        )
        .under("quake", "warning")
        .under("quakespasm", "ok")
        .under("xash3d", "ok"),
        // The size every engine expects.
        Sample::new("q1_sky_256x128.bsp", map("sky1", 256, 128), "ok", &[]).under("quake", "ok"),
        // `Sky` is not a sky to Mod_LoadTextures (a case-sensitive `strncmp`).
        Sample::new("q1_sky_name_case.bsp", map("Skyish", 64, 64), "ok", &[]).under("quake", "ok"),
        // 528x528 rounds up to 1024x1024, over GLQuake's scaled[1024*512] ("too big").
        Sample::new(
            "q1_texture_too_large.bsp",
            map("bigwall", 528, 528),
            "warning",
            &["bsp-texture-too-large"],
        )
        .under("quake", "error")
        .under("quakespasm", "ok")
        .under("xash3d", "ok"),
        // A 24×16 texture: vanilla Quake's and GoldSrc's Mod_LoadTextures Sys_Error ("Texture is
        // not 16 aligned") and refuse the map; QuakeSpasm warns and Xash3D loads it. The map
        // carries the finding (its texture's own record does not repeat it).
        Sample::new(
            "q1_miptex_not_16.bsp",
            map("wall24", 24, 16),
            "warning",
            &["miptex-size-not-multiple-of-16"],
        )
        .under("quake", "error")
        .under("quakespasm", "ok")
        .under("xash3d", "ok"),
        Sample::new(
            "hl_miptex_not_16.bsp",
            goldsrc_map("wall24", 24, 16),
            "warning",
            &["miptex-size-not-multiple-of-16"],
        )
        .under("goldsrc", "error")
        .under("xash3d", "ok"),
    ]
}
