//! Checks of a Quake 1 / GoldSrc map's embedded textures that need the engines' texture code: the
//! 16-pixel alignment, the sky size and GLQuake's upload buffers ([`super::upload`]).
//!
//! Alignment (`miptex-size-not-multiple-of-16`): `Mod_LoadTextures` of id Quake and of GoldSrc
//! `Sys_Error`s on the first texture of the map whose width or height is not a multiple of 16, so
//! the finding is the map's (its `engines` verdict and `--target` status), not only its texture's:
//! it is reported here, once per map, and the facade leaves it out of the texture's own record.
//!
//! Sky textures (`bsp-sky-size`): a texture whose name starts with `sky` is split into
//! the two 128×128 cloud layers of a 256×128 picture. id's GLQuake and WinQuake read that layout
//! whatever the texture's size (`R_InitSky`: 128 rows of stride 256 from level 0), so another
//! size draws a garbled sky, read past the texture when it is smaller; QuakeSpasm warns and
//! splits any size at half its width; Xash3D takes a 2:1 sky as Quake's and any other as a plain
//! texture. GoldSrc draws skies from `gfx/env` images, not from the map's miptex, so BSP30 maps
//! are not checked. Hexen II's `R_InitSky` is Quake's ([`crate::profiles::hexen2::SKY_SIZE`]).

use zerocopy::FromBytes;

use crate::diag::Sink;
use crate::error::Error;
use crate::profiles::quake1::{
    GOLDSRC_MIPTEX_NOT_16_ALIGNED, MIPTEX_NOT_16_ALIGNED, SKY_SIZE, TEXTURE_UPLOAD,
};
use crate::profiles::{Condition, hexen2};
use crate::q1bsp::{Bsp1, Game, Variant};

use super::raw::MiptexHeader;
use super::upload::glquake_upload_fits;

/// The size every engine's sky code was written for.
pub const SKY_WIDTH: u32 = 256;
/// See [`SKY_WIDTH`].
pub const SKY_HEIGHT: u32 = 128;

/// Texture slots looked at; maps hold far fewer (id's `MAX_MAP_TEXTURES` is 512).
const MAX_SLOTS: u32 = 4096;

/// Reports the first texture whose side is not a multiple of 16 (every variant; the value is that
/// side), and for a BSP29 map the first `sky*` texture that is not 256×128 (the value is its width
/// when that is off, else its height) and the first other texture GLQuake cannot upload (the
/// value is its texel count).
pub fn check(bsp: &Bsp1<'_>, sink: &mut impl Sink) -> Result<(), Error> {
    check_alignment(bsp, sink)?;
    if bsp.variant != Variant::Bsp29 || bsp.game == Game::GoldSrc {
        return Ok(());
    }
    // Hexen II's sky code is Quake's; its GL texture upload was not read, so only Quake's maps
    // are measured against GLQuake's buffers.
    let (sky, upload) = match bsp.game {
        Game::Hexen2 => (&hexen2::SKY_SIZE, None),
        _ => (&SKY_SIZE, Some(&TEXTURE_UPLOAD)),
    };
    let (mut sky_reported, mut upload_reported) = (false, false);
    for (header, at) in headers(bsp) {
        let (width, height) = (header.width.get(), header.height.get());
        // Mod_LoadTextures: `!Q_strncmp (mt->name, "sky", 3)` goes to R_InitSky, case-sensitive;
        // every other texture goes through GL_LoadTexture → GL_Upload8.
        let finding = if header.name.starts_with(b"sky") {
            let off = if width != SKY_WIDTH { width } else { height };
            let bad = (width, height) != (SKY_WIDTH, SKY_HEIGHT) && !sky_reported;
            sky_reported |= bad;
            bad.then(|| sky.check(off.into(), at)).flatten()
        } else if let Some(upload) = upload {
            let texels = u64::from(width).saturating_mul(u64::from(height));
            let bad = !glquake_upload_fits(width, height) && !upload_reported;
            upload_reported |= bad;
            bad.then(|| upload.check(texels, at)).flatten()
        } else {
            None
        };
        if let Some(d) = finding {
            sink.report(d)?;
        }
        if sky_reported && upload_reported {
            break;
        }
    }
    Ok(())
}

/// The condition a map's texture alignment is measured against: its game's (BSP2 and 2PSB maps
/// are Quake's ports', or Hexen II's).
fn alignment_condition(bsp: &Bsp1<'_>) -> &'static Condition {
    match bsp.game {
        Game::GoldSrc => &GOLDSRC_MIPTEX_NOT_16_ALIGNED,
        Game::Hexen2 => &hexen2::MIPTEX_NOT_16_ALIGNED,
        Game::Quake => &MIPTEX_NOT_16_ALIGNED,
    }
}

/// Reports the first texture slot whose width or height is not a multiple of 16, at its width
/// field, as `Mod_LoadTextures` meets it (in slot order; a texture whose pixels live in a WAD is
/// measured by the size its record copies from the WAD).
fn check_alignment(bsp: &Bsp1<'_>, sink: &mut impl Sink) -> Result<(), Error> {
    for (header, at) in headers(bsp) {
        let (width, height) = (header.width.get(), header.height.get());
        let side = if width % 16 != 0 { width } else { height };
        if side % 16 != 0 {
            if let Some(d) = alignment_condition(bsp).check(side.into(), at.saturating_add(16)) {
                sink.report(d)?;
            }
            break;
        }
    }
    Ok(())
}

/// The headers of the map's texture slots that hold one, in slot order, with their file offsets
/// (missing slots and records too short for a header are skipped).
fn headers<'a>(bsp: &Bsp1<'a>) -> impl Iterator<Item = (&'a MiptexHeader, u64)> + use<'a> {
    let bsp = *bsp;
    (0..bsp.texture_count().min(MAX_SLOTS)).filter_map(move |i| {
        let (bytes, at) = bsp.texture(i)?;
        let (header, _) = MiptexHeader::ref_from_prefix(bytes).ok()?;
        Some((header, at))
    })
}
