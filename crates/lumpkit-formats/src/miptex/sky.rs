//! Quake 1 sky textures (`bsp-sky-size`): a texture whose name starts with `sky` is split into
//! the two 128×128 cloud layers of a 256×128 picture. id's GLQuake and WinQuake read that layout
//! whatever the texture's size (`R_InitSky`: 128 rows of stride 256 from level 0), so another
//! size draws a garbled sky, read past the texture when it is smaller; QuakeSpasm warns and
//! splits any size at half its width; Xash3D takes a 2:1 sky as Quake's and any other as a plain
//! texture. GoldSrc draws skies from `gfx/env` images, not from the map's miptex, so BSP30 maps
//! are not checked.

use zerocopy::FromBytes;

use crate::diag::Sink;
use crate::error::Error;
use crate::profiles::quake1::SKY_SIZE;
use crate::q1bsp::{Bsp1, Variant};

use super::raw::MiptexHeader;

/// The size every engine's sky code was written for.
pub const SKY_WIDTH: u32 = 256;
/// See [`SKY_WIDTH`].
pub const SKY_HEIGHT: u32 = 128;

/// Texture slots looked at; maps hold far fewer (id's `MAX_MAP_TEXTURES` is 512).
const MAX_SLOTS: u32 = 4096;

/// Reports the first `sky*` texture of a BSP29 map that is not 256×128 (the value is its width
/// when that is off, else its height).
pub fn check(bsp: &Bsp1<'_>, sink: &mut impl Sink) -> Result<(), Error> {
    if bsp.variant != Variant::Bsp29 || bsp.version != 29 {
        return Ok(());
    }
    for i in 0..bsp.texture_count().min(MAX_SLOTS) {
        let Some((bytes, at)) = bsp.texture(i) else {
            continue;
        };
        let Ok((header, _)) = MiptexHeader::ref_from_prefix(bytes) else {
            continue;
        };
        // Mod_LoadTextures: `!Q_strncmp (mt->name, "sky", 3)`, case-sensitive.
        if !header.name.starts_with(b"sky") {
            continue;
        }
        let (width, height) = (header.width.get(), header.height.get());
        let off = if width != SKY_WIDTH { width } else { height };
        if (width, height) != (SKY_WIDTH, SKY_HEIGHT)
            && let Some(d) = SKY_SIZE.check(off.into(), at)
        {
            return sink.report(d);
        }
    }
    Ok(())
}
