//! Single-level pictures: qpic (`qpic_t`/`lmp_t`: width, height, pixels), Half-Life fonts
//! (`qfont_t`: a 1040-byte header of sizes and 256 glyphs, then a 256-pixel-wide block) and Quake's
//! bare `conchars`. In WAD3 each ends with the trailing palette block of [`crate::miptex::palette`].

use zerocopy::FromBytes;

use crate::bytes::range;
use crate::diag::Sink;
use crate::error::Error;
use crate::miptex::PaletteLayout;
use crate::miptex::palette::trailing_palette;

use super::raw::{CharInfo, FontHeader, QpicHeader};
use super::rules::{
    CONCHARS_QPIC_HEADER, CONCHARS_SHORT, FONT_GLYPH_OUT_OF_BOUNDS, PIC_SIZE_ZERO, PIC_TOO_LARGE,
    PIC_TRUNCATED,
};

/// Width of a font's pixel block.
pub const FONT_WIDTH: u32 = 256;

/// Bytes Quake reads for `conchars`: a 128 × 128 sheet of 8 × 8 glyphs.
pub const CONCHARS_LEN: u64 = 128 * 128;

/// A checked single-level picture.
#[derive(Clone, Copy, Debug)]
pub struct Pic<'a> {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Offset of the pixels from the start of the entry.
    pub pixels_offset: u64,
    /// `width * height` palette indices; fewer only for a `conchars` sheet the file ends inside
    /// (what the file holds: [`Pic::conchars`]).
    pub pixels: &'a [u8],
    /// The trailing palette (WAD3), when it fits.
    pub palette: Option<&'a [u8; 768]>,
    /// A font's glyphs.
    pub glyphs: Option<&'a [CharInfo; 256]>,
}

/// Checks `width` × `height` at `header_len` in `data` and returns the pixels.
fn pixels(data: &[u8], header_len: u64, width: u32, height: u32) -> Result<&[u8], Error> {
    if width == 0 || height == 0 {
        return Err(Error::file(
            &PIC_SIZE_ZERO,
            0,
            [width.into(), height.into(), 0],
        ));
    }
    let count = u64::from(width).saturating_mul(u64::from(height));
    range(data, header_len, count).ok_or(Error::file(
        &PIC_TOO_LARGE,
        0,
        [width.into(), height.into(), data.len() as u64],
    ))
}

impl<'a> Pic<'a> {
    /// A qpic: 8-byte header, pixels, and (WAD3) the palette block.
    pub fn qpic<S: Sink + ?Sized>(
        data: &'a [u8],
        layout: PaletteLayout,
        sink: &mut S,
    ) -> Result<Pic<'a>, Error> {
        let Ok((header, _)) = QpicHeader::ref_from_prefix(data) else {
            return Err(Error::file(&PIC_TRUNCATED, 0, [data.len() as u64, 8, 0]));
        };
        let (width, height) = (header.width.get(), header.height.get());
        let pixels = pixels(data, 8, width, height)?;
        let palette = match layout {
            PaletteLayout::Trailing => {
                trailing_palette(data, 8u64.saturating_add(pixels.len() as u64), sink)?
            }
            PaletteLayout::External => None,
        };
        Ok(Pic {
            width,
            height,
            pixels_offset: 8,
            pixels,
            palette,
            glyphs: None,
        })
    }

    /// A Half-Life font: 1040-byte header, 256 × `height` pixels, the palette block.
    pub fn font<S: Sink + ?Sized>(data: &'a [u8], sink: &mut S) -> Result<Pic<'a>, Error> {
        const HEADER: u64 = size_of::<FontHeader>() as u64;
        let Ok((header, _)) = FontHeader::ref_from_prefix(data) else {
            return Err(Error::file(
                &PIC_TRUNCATED,
                0,
                [data.len() as u64, HEADER, 0],
            ));
        };
        let height = header.height.get();
        let pixels = pixels(data, HEADER, FONT_WIDTH, height)?;
        let len = pixels.len() as u64;
        let mut bad = (0u64, 0u64);
        for (ch, glyph) in (0u64..).zip(header.glyphs.iter()) {
            let width = u64::from(glyph.char_width.get());
            let end = u64::from(glyph.start_offset.get()).saturating_add(width);
            if width > 0 && end > len {
                if bad.1 == 0 {
                    bad.0 = ch;
                }
                bad.1 = bad.1.saturating_add(1);
            }
        }
        if bad.1 > 0 {
            sink.report(FONT_GLYPH_OUT_OF_BOUNDS.with(16, [bad.0, bad.1, 0]))?;
        }
        let palette = trailing_palette(data, HEADER.saturating_add(len), sink)?;
        Ok(Pic {
            width: FONT_WIDTH,
            height,
            pixels_offset: HEADER,
            pixels,
            palette,
            glyphs: Some(&header.glyphs),
        })
    }

    /// Quake's `conchars` (entry `data` at `offset` in `file`): the 16,384 bytes from the entry's
    /// start, as the engine reads them whatever the entry's type and size. An entry shorter than
    /// that is read on into the bytes after it, as the engine does (`wad-conchars-short`); one
    /// that starts with a qpic header of 128×128 has those 8 bytes drawn as pixels
    /// (`wad-conchars-qpic-header`). When the file ends before the sheet does, `pixels` is what
    /// the file holds (the engine reads on into memory past it; a decoder shows that as zeros).
    pub fn conchars<S: Sink + ?Sized>(
        file: &'a [u8],
        offset: u64,
        data: &'a [u8],
        sink: &mut S,
    ) -> Result<Pic<'a>, Error> {
        let len = data.len() as u64;
        if len < CONCHARS_LEN {
            sink.report(CONCHARS_SHORT.with(0, [len, CONCHARS_LEN, 0]))?;
        }
        let header = QpicHeader::ref_from_prefix(data).ok().map(|(h, _)| h);
        if header.is_some_and(|h| (h.width.get(), h.height.get()) == (128, 128))
            && len >= CONCHARS_LEN.saturating_add(8)
        {
            sink.report(CONCHARS_QPIC_HEADER.at(0))?;
        }
        let held = (file.len() as u64).saturating_sub(offset);
        let pixels = range(file, offset, CONCHARS_LEN.min(held)).unwrap_or(data);
        Ok(Pic {
            width: 128,
            height: 128,
            pixels_offset: 0,
            pixels,
            palette: None,
            glyphs: None,
        })
    }
}
