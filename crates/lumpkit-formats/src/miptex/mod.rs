//! The miptex: Quake's and Half-Life's mip-mapped, 8-bit indexed texture.
//!
//! One layout serves four containers: WAD2 entries of type 0x44 and BSP29 texture lumps (no palette:
//! the game's own `gfx/palette.lmp` colours them), and WAD3 entries of type 0x43/0x40 and BSP30
//! texture lumps (a trailing u16 colour count and 256 RGB triples after the last level). Offsets in
//! diagnostics are relative to the first byte of the miptex; containers rebase them.
//!
//! Layout, from Quake's `bspfile.h` (`miptex_t`) and Half-Life's `wadfile.h`/`bspfile.h`: a 16-byte
//! name, u32 width and height, and four u32 offsets of the mip levels from the start of the header.
//! Level *n* is `max(1, width >> n)` × `max(1, height >> n)` bytes. The palette block follows level 3
//! (Half-Life SDK `qlumpy` `GrabMip` writes the four levels, then `GrabPalette16`; Xash3D
//! `Image_LoadMIP` finds it at `offsets[0] + width*height*85/64`, the same place for well-formed
//! files). A BSP30 texture whose pixels live in a WAD has all four offsets zero (Xash3D
//! `Mod_LoadTextures`, ericw-tools `bspfile.cc`).
//!
//! Rules: width and height must be non-zero (Xash3D `Image_ValidSize`), multiples of 16 (vanilla
//! Quake and GoldSrc refuse other sizes, QuakeSpasm and Xash3D load them: a profiled condition),
//! level 0 must fit in the texture, each level's pixels must lie inside it, and the colour count must be 256 (Xash3D treats
//! any other count as a corrupt palette).

pub mod alpha;
pub mod map;
pub mod palette;
pub mod raw;
pub mod rules;
pub mod upload;

use zerocopy::FromBytes;

use crate::bytes::{nul_terminated, range};
use crate::diag::Sink;
use crate::error::{Error, Fault};
use crate::profiles::quake1;

use raw::MiptexHeader;
use rules::{EXTERNAL, MIP_OUT_OF_BOUNDS, NAME_UNTERMINATED, SIZE_TOO_LARGE, SIZE_ZERO, TRUNCATED};

/// Bytes of the header.
pub const HEADER_LEN: u64 = 40;

/// Number of mip levels a miptex stores.
pub const LEVELS: u32 = 4;

/// Whether a palette block follows the last level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaletteLayout {
    /// WAD3 (0x43, 0x40) and BSP30: u16 colour count and 256 RGB triples after level 3.
    Trailing,
    /// WAD2 (0x44) and BSP29: no palette; the caller supplies the game's.
    External,
}

/// One mip level: its size and its pixels (one palette index per pixel, row-major, top row first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level<'a> {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Offset of the pixels from the start of the miptex.
    pub offset: u64,
    /// `width * height` indices.
    pub pixels: &'a [u8],
}

/// A checked view of one miptex.
#[derive(Clone, Copy, Debug)]
pub struct Miptex<'a> {
    header: &'a MiptexHeader,
    name: &'a [u8],
    levels: [Option<Level<'a>>; 4],
    palette: Option<&'a [u8; 768]>,
    external: bool,
}

/// Byte offset of the stored offset of level `n` in the header.
const fn offset_field(n: u32) -> u64 {
    24u64.saturating_add((n as u64).saturating_mul(4))
}

/// The size of level `n` of a `width` × `height` texture: halved per level, never below 1.
pub fn level_size(width: u32, height: u32, n: u32) -> (u32, u32) {
    let w = width.checked_shr(n).unwrap_or(0);
    let h = height.checked_shr(n).unwrap_or(0);
    (if w == 0 { 1 } else { w }, if h == 0 { 1 } else { h })
}

impl<'a> Miptex<'a> {
    /// Parses the miptex in `bytes` (exactly the texture: a WAD entry or a BSP texture-lump slot).
    ///
    /// Fails only when the header does not fit, a dimension is zero, or level 0 cannot fit in
    /// `bytes`; everything else is reported to `sink` and the levels that are readable stay usable.
    pub fn parse<S: Sink + ?Sized>(
        bytes: &'a [u8],
        layout: PaletteLayout,
        sink: &mut S,
    ) -> Result<Miptex<'a>, Error> {
        let len = bytes.len() as u64;
        let Ok((header, _)) = MiptexHeader::ref_from_prefix(bytes) else {
            return Err(Error::file(&TRUNCATED, 0, [len, 0, 0]));
        };
        let (name, terminated) = nul_terminated(&header.name);
        if !terminated {
            sink.report(NAME_UNTERMINATED.at(0))?;
        }
        let (width, height) = (header.width.get(), header.height.get());
        if width == 0 || height == 0 {
            return Err(Error::file(
                &SIZE_ZERO,
                16,
                [width.into(), height.into(), 0],
            ));
        }
        let pixels = u64::from(width).saturating_mul(u64::from(height));
        // A texture whose pixels live in a WAD (all offsets zero, as BSP compilers write external
        // textures) carries no pixels, so its size cannot be checked against its record.
        let external = header.offsets.iter().all(|o| o.get() == 0);
        if pixels > len && !external {
            return Err(Error::file(
                &SIZE_TOO_LARGE,
                16,
                [width.into(), height.into(), len],
            ));
        }
        let unaligned = if width % 16 != 0 { width } else { height };
        if unaligned % 16 != 0 {
            // The palette layout tells the family: WAD2/BSP29 are Quake's, WAD3/BSP30 GoldSrc's.
            let condition = match layout {
                PaletteLayout::External => &quake1::MIPTEX_NOT_16_ALIGNED,
                PaletteLayout::Trailing => &quake1::GOLDSRC_MIPTEX_NOT_16_ALIGNED,
            };
            if let Some(d) = condition.check(unaligned.into(), 16) {
                sink.report(d)?;
            }
        }
        let mut view = Miptex {
            header,
            name,
            levels: [None; 4],
            palette: None,
            external,
        };
        if view.external {
            sink.report(EXTERNAL.at(24))?;
            return Ok(view);
        }
        for (n, slot) in (0u32..).zip(view.levels.iter_mut()) {
            let offset = u64::from(header.offsets.get(n as usize).map_or(0, |o| o.get()));
            let (w, h) = level_size(width, height, n);
            let size = u64::from(w).saturating_mul(u64::from(h));
            match range(bytes, offset, size) {
                Some(pixels) => {
                    *slot = Some(Level {
                        width: w,
                        height: h,
                        offset,
                        pixels,
                    })
                }
                None => {
                    sink.report(MIP_OUT_OF_BOUNDS.with(offset_field(n), [n.into(), offset, size]))?
                }
            }
        }
        if layout == PaletteLayout::Trailing {
            let after_last = u64::from(header.offsets[3].get()).saturating_add({
                let (w, h) = level_size(width, height, 3);
                u64::from(w).saturating_mul(u64::from(h))
            });
            view.palette = palette::trailing_palette(bytes, after_last, sink)?;
        }
        Ok(view)
    }

    /// The name up to its first NUL, as stored (not necessarily text).
    pub fn name(&self) -> &'a [u8] {
        self.name
    }

    /// Width of level 0.
    pub fn width(&self) -> u32 {
        self.header.width.get()
    }

    /// Height of level 0.
    pub fn height(&self) -> u32 {
        self.header.height.get()
    }

    /// The four stored level offsets.
    pub fn offsets(&self) -> [u32; 4] {
        self.header.offsets.each_ref().map(|o| o.get())
    }

    /// Whether the pixels are stored elsewhere (all offsets zero).
    pub fn is_external(&self) -> bool {
        self.external
    }

    /// Level `n` (0 = largest), or the error that makes it unusable.
    pub fn level(&self, n: u32) -> Result<Level<'a>, Error> {
        if self.external {
            return Err(EXTERNAL.at(24).into_error(Fault::Unsupported));
        }
        let slot = self
            .levels
            .get(n as usize)
            .ok_or(Error::caller(&MIP_OUT_OF_BOUNDS, [n.into(), 0, 0]))?;
        slot.ok_or_else(|| {
            let offset = self.offsets().get(n as usize).copied().unwrap_or(0);
            let (w, h) = level_size(self.width(), self.height(), n);
            Error::file(
                &MIP_OUT_OF_BOUNDS,
                offset_field(n),
                [
                    n.into(),
                    offset.into(),
                    u64::from(w).saturating_mul(u64::from(h)),
                ],
            )
        })
    }

    /// Every level's pixels that lie inside the texture, in order (`None` for unusable ones).
    pub fn levels(&self) -> [Option<Level<'a>>; 4] {
        self.levels
    }

    /// The embedded palette (768 RGB bytes), for [`PaletteLayout::Trailing`] textures whose palette
    /// block fits.
    pub fn palette(&self) -> Option<&'a [u8; 768]> {
        self.palette
    }
}

#[cfg(test)]
mod tests;
