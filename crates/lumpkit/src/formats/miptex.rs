//! Decoding a miptex to RGBA8, shared by every format that embeds one: WAD2/WAD3 entries and
//! BSP29/BSP30 texture lumps. The container gives the checked `Miptex` view, the name the engine
//! keys transparency on, and where the palette comes from; this applies the engines' alpha rules
//! (`lumpkit_formats::miptex::alpha`, sources cited there) within `ctx.limits`.

use lumpkit_formats::Error;
use lumpkit_formats::miptex::alpha::{AlphaMode, miptex_alpha};
use lumpkit_formats::miptex::rules::PALETTE_PAST_END;
use lumpkit_formats::miptex::{LEVELS, Miptex, PaletteLayout, level_size};
use lumpkit_pixels::indexed_alpha::{RgbaTable, expand, gradient, masked, opaque};
use lumpkit_pixels::palette::rgb_palette;

use crate::rules::{NOT_A_PICTURE, PALETTE_REQUIRED};
use crate::{Context, Image};

/// Decodes level `mip` of `m`.
///
/// - `name`: the name the engine sees (a WAD's directory name; a BSP texture's own name).
/// - `layout`: [`PaletteLayout::Trailing`] uses the texture's palette (WAD3, BSP30),
///   [`PaletteLayout::External`] the caller's `ctx.palette` (WAD2, BSP29), else
///   `lumpkit-palette-required`.
/// - `as_decal`: the engine loads it as a decal (gradient decals then apply).
/// - `base`: the miptex's offset in the file, so that errors point into the file.
pub fn decode_level(
    ctx: &Context<'_>,
    m: &Miptex<'_>,
    name: &[u8],
    mip: u32,
    layout: PaletteLayout,
    as_decal: bool,
    base: u64,
) -> Result<Image, Error> {
    if mip >= LEVELS {
        return Err(Error::caller(&NOT_A_PICTURE, [mip.into(), 0, 0]));
    }
    let level = m.level(mip).map_err(|e| e.rebased(base))?;
    let palette = match layout {
        PaletteLayout::Trailing => m
            .palette()
            .and_then(|p| rgb_palette(p))
            .ok_or_else(|| missing_trailing_palette(base, m))?,
        PaletteLayout::External => *ctx
            .palette
            .ok_or(Error::caller(&PALETTE_REQUIRED, [0; 3]))?,
    };
    let decal = as_decal.then(|| palette.get(255).copied().unwrap_or([0; 3]));
    let mode = miptex_alpha(name, decal);
    let (w, h) = level_size(m.width(), m.height(), mip);
    render(ctx, w, h, level.pixels, &alpha_table(&palette, mode))
}

/// The error for a texture whose trailing palette block does not fit (it follows level 3).
fn missing_trailing_palette(base: u64, m: &Miptex<'_>) -> Error {
    let (w, h) = level_size(m.width(), m.height(), LEVELS.saturating_sub(1));
    let last = m.offsets().last().copied().unwrap_or(0);
    let at = u64::from(last).saturating_add(u64::from(w).saturating_mul(u64::from(h)));
    Error::file(&PALETTE_PAST_END, base.saturating_add(at), [at, 770, 0])
}

/// The RGBA table an alpha mode makes of an RGB palette (index 255 is the key / decal colour).
pub fn alpha_table(palette: &[[u8; 3]; 256], mode: AlphaMode) -> RgbaTable {
    match mode {
        AlphaMode::Opaque => opaque(palette),
        AlphaMode::Masked => masked(palette, 255),
        AlphaMode::Gradient => gradient(palette, 255),
    }
}

/// Checks `width` × `height` against the limits before allocating, then expands `pixels`.
pub fn render(
    ctx: &Context<'_>,
    width: u32,
    height: u32,
    pixels: &[u8],
    table: &RgbaTable,
) -> Result<Image, Error> {
    let mut image = Image::zeroed(width, height, &ctx.limits)?;
    expand(pixels, table, &mut image.rgba)
        .map_err(|_| Error::caller(&NOT_A_PICTURE, [pixels.len() as u64, 0, 0]))?;
    Ok(image)
}
