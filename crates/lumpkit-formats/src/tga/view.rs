//! The checked view of a TGA: header, colour map and pixel data located, and the pixel data walked
//! (RLE packets, colour indexes) without allocating, so that a decoder behind it never meets a
//! file that runs short or past its picture.

use zerocopy::little_endian::U16;
use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

use crate::diag::Sink;
use crate::error::Error;

use super::rules;

/// The 18-byte TGA header.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Header {
    /// Bytes of the image ID field after the header.
    pub id_length: u8,
    /// 1 when a colour map follows.
    pub colormap_type: u8,
    /// 1/9 colour-mapped, 2/10 true colour, 3/11 grey (9–11 run-length encoded).
    pub image_type: u8,
    /// First colour-map entry pixels index.
    pub colormap_first: U16,
    /// Colour-map entries.
    pub colormap_length: U16,
    /// Bits per colour-map entry.
    pub colormap_depth: u8,
    /// Screen origin.
    pub origin: [U16; 2],
    /// Width.
    pub width: U16,
    /// Height.
    pub height: U16,
    /// Bits per pixel.
    pub pixel_depth: u8,
    /// Bits 0–3 alpha bits, bit 4 right-to-left, bit 5 top-to-bottom.
    pub descriptor: u8,
}

/// Header size.
pub const HEADER_LEN: usize = 18;
/// The TGA 2.0 footer's signature, at the end of the file.
pub const FOOTER_SIGNATURE: &[u8] = b"TRUEVISION-XFILE.\0";

/// What the pixels are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Indexes into the colour map.
    ColorMapped,
    /// BGR(A) pixels.
    TrueColor,
    /// Grey levels.
    Grey,
}

/// A checked TGA.
#[derive(Clone, Copy, Debug)]
pub struct Tga<'a> {
    /// The header.
    pub header: &'a Header,
    /// Pixel kind.
    pub kind: Kind,
    /// Run-length encoded.
    pub rle: bool,
    /// The colour map's bytes.
    pub colormap: &'a [u8],
    /// The pixel data (raw, or RLE packets) to the end of the file.
    pub data: &'a [u8],
}

impl<'a> Tga<'a> {
    /// Whether `bytes` end with a TGA 2.0 footer (the only signature a TGA has).
    pub fn has_footer(bytes: &[u8]) -> bool {
        bytes.ends_with(FOOTER_SIGNATURE) && bytes.len() >= HEADER_LEN + 26
    }

    /// The header alone.
    pub fn header(bytes: &'a [u8]) -> Option<&'a Header> {
        Header::ref_from_prefix(bytes).ok().map(|(h, _)| h)
    }

    /// Width.
    pub fn width(&self) -> u32 {
        self.header.width.get().into()
    }

    /// Height.
    pub fn height(&self) -> u32 {
        self.header.height.get().into()
    }

    /// Bytes per stored pixel.
    pub fn pixel_bytes(&self) -> u64 {
        u64::from(self.header.pixel_depth).div_ceil(8)
    }

    /// The descriptor with the alpha-bit count the pixels have (8 for 32-bit and 16-bit grey, 1 for
    /// 16-bit colour, else 0) and no interleave bits; the origin bits kept. Loaders ignore the rest
    /// (ioq3's `LoadTGA` reads only the top-down bit); strict decoders refuse a mismatch.
    pub fn clean_descriptor(&self) -> u8 {
        let alpha = match (self.kind, self.header.pixel_depth) {
            (Kind::TrueColor, 32) | (Kind::Grey, 16) => 8,
            (Kind::TrueColor, 16) => 1,
            _ => 0,
        };
        (self.header.descriptor & 0x30) | alpha
    }

    /// Parses and checks the header, then walks the pixel data: every structural problem is an
    /// error (the picture cannot be decoded), a last packet past the picture a warning.
    pub fn parse(bytes: &'a [u8], sink: &mut impl Sink) -> Result<Tga<'a>, Error> {
        let Some(h) = Tga::header(bytes) else {
            return Err(Error::file(
                &rules::TRUNCATED_HEADER,
                0,
                [bytes.len() as u64, 0, 0],
            ));
        };
        let (kind, rle) = match h.image_type {
            1 => (Kind::ColorMapped, false),
            2 => (Kind::TrueColor, false),
            3 => (Kind::Grey, false),
            9 => (Kind::ColorMapped, true),
            10 => (Kind::TrueColor, true),
            11 => (Kind::Grey, true),
            t => {
                return Err(Error::file(
                    &rules::BAD_TYPE,
                    2,
                    [t.into(), h.colormap_type.into(), 0],
                ));
            }
        };
        let mapped = kind == Kind::ColorMapped;
        if h.colormap_type > 1 || (mapped && h.colormap_type != 1) {
            return Err(Error::file(
                &rules::BAD_TYPE,
                1,
                [h.image_type.into(), h.colormap_type.into(), 0],
            ));
        }
        let depth_ok = match kind {
            Kind::ColorMapped => matches!(h.pixel_depth, 8 | 16),
            Kind::TrueColor => matches!(h.pixel_depth, 15 | 16 | 24 | 32),
            Kind::Grey => matches!(h.pixel_depth, 8 | 16),
        };
        let map_ok = h.colormap_type == 0 || matches!(h.colormap_depth, 15 | 16 | 24 | 32);
        if !depth_ok || !map_ok {
            return Err(Error::file(
                &rules::BAD_DEPTH,
                16,
                [
                    h.image_type.into(),
                    h.pixel_depth.into(),
                    h.colormap_depth.into(),
                ],
            ));
        }
        let (w, hgt) = (u64::from(h.width.get()), u64::from(h.height.get()));
        if w == 0 || hgt == 0 {
            return Err(Error::file(&rules::ZERO_SIZE, 12, [w, hgt, 0]));
        }
        let map_start = (HEADER_LEN as u64).saturating_add(u64::from(h.id_length));
        let map_len = if h.colormap_type == 1 {
            u64::from(h.colormap_length.get())
                .saturating_mul(u64::from(h.colormap_depth).div_ceil(8))
        } else {
            0
        };
        let Some(colormap) = crate::bytes::range(bytes, map_start, map_len) else {
            return Err(Error::file(
                &rules::COLORMAP_OUT_OF_BOUNDS,
                5,
                [h.colormap_length.get().into(), h.colormap_depth.into(), 0],
            ));
        };
        let data_at = map_start.saturating_add(map_len);
        let data = crate::bytes::tail(bytes, data_at).unwrap_or(&[]);
        let tga = Tga {
            header: h,
            kind,
            rle,
            colormap,
            data,
        };
        tga.walk(data_at, sink)?;
        if h.descriptor != tga.clean_descriptor() {
            sink.report(rules::DESCRIPTOR_ODD.with(
                17,
                [
                    h.descriptor.into(),
                    u64::from(h.descriptor & 0x0F),
                    h.pixel_depth.into(),
                ],
            ))?;
        }
        let q3 = matches!(h.image_type, 2 | 10)
            && matches!(h.pixel_depth, 24 | 32)
            && h.colormap_type == 0
            || h.image_type == 3 && h.pixel_depth == 8 && h.colormap_type == 0;
        if !q3 && let Some(d) = crate::profiles::quake3::TGA_RENDERER.check(1, 2) {
            sink.report(d)?;
        }
        Ok(tga)
    }

    /// Walks the pixel data (packets when RLE) checking its length and, for colour-mapped
    /// pictures, every index.
    fn walk(&self, data_at: u64, sink: &mut impl Sink) -> Result<(), Error> {
        let pixels = u64::from(self.width()).saturating_mul(u64::from(self.height()));
        let bpp = self.pixel_bytes() as usize;
        let first = u64::from(self.header.colormap_first.get());
        let last = first.saturating_add(u64::from(self.header.colormap_length.get()));
        let mapped = self.kind == Kind::ColorMapped;
        let index_ok = |px: &[u8]| -> Result<(), Error> {
            if !mapped {
                return Ok(());
            }
            let v = match px {
                [a] => u64::from(*a),
                [a, b] => u64::from(u16::from_le_bytes([*a, *b])),
                _ => return Ok(()),
            };
            if v < first || v >= last {
                return Err(Error::file(
                    &rules::COLORMAP_INDEX,
                    data_at,
                    [v, first, last],
                ));
            }
            Ok(())
        };
        if !self.rle {
            let need = pixels.saturating_mul(bpp as u64);
            let Some(raw) = crate::bytes::range(self.data, 0, need) else {
                let have = (self.data.len() as u64)
                    .checked_div(bpp as u64)
                    .unwrap_or(0);
                return Err(Error::file(&rules::DATA_SHORT, data_at, [have, pixels, 0]));
            };
            if mapped {
                for px in raw.chunks_exact(bpp.max(1)) {
                    index_ok(px)?;
                }
            }
            return Ok(());
        }
        let mut done = 0u64;
        let mut pos = 0usize;
        while done < pixels {
            let Some(&head) = self.data.get(pos) else {
                return Err(Error::file(&rules::DATA_SHORT, data_at, [done, pixels, 0]));
            };
            pos = pos.saturating_add(1);
            let count = u64::from(head & 0x7F).saturating_add(1);
            let stored = if head & 0x80 != 0 { 1 } else { count as usize };
            let Some(body) = self
                .data
                .get(pos..pos.saturating_add(stored.saturating_mul(bpp)))
            else {
                return Err(Error::file(&rules::DATA_SHORT, data_at, [done, pixels, 0]));
            };
            if mapped {
                for px in body.chunks_exact(bpp.max(1)) {
                    index_ok(px)?;
                }
            }
            pos = pos.saturating_add(body.len());
            done = done.saturating_add(count);
        }
        if done > pixels {
            sink.report(rules::RLE_OVERRUN.with(data_at, [done.saturating_sub(pixels), 0, 0]))?;
        }
        Ok(())
    }
}
