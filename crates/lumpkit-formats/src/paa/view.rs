//! The checked view of a PAA: type, tags, palette and the mip records found by walking the file.
//!
//! The mip list is found sequentially, as the engine and a3-paa do (HEMTT seeks through OFFS and finds
//! nothing without it; armake reads only the first OFFS entry). OFFS is then cross-checked against the
//! walk: a disagreement is reported and the walk wins, because every position the walk yields is
//! consistent with the sizes actually stored, while OFFS is redundant data a tool may have left stale.

use crate::bytes::{range, u16_le};
use crate::diag::{Rule, Sink};
use crate::error::Error;

use super::rules;
use super::tags::{self, OFFS_SLOTS, Tags};
use super::types::{Compression, PaaType};

/// Most mip records listed (OFFS has 16 slots; a 32767-pixel side halves 15 times).
pub const MAX_MIPS: usize = 16;

/// The width/height pair that marks an LZSS-compressed palette mip (a3-paa `mipmap.rs`).
pub const PALETTE_LZSS_MARKER: (u16, u16) = (1234, 8765);

/// Largest output per input byte LZO1X can produce: an extended length adds 255 bytes per zero byte.
const LZO_MAX_RATIO: u64 = 256;
/// Largest output per input byte of Bohemia LZSS: 8 references of 18 bytes per 17 input bytes.
const LZSS_MAX_RATIO: u64 = 9;
/// Largest output per input byte of the palette RLE: a 2-byte run block yields 128 bytes.
const RLE_MAX_RATIO: u64 = 64;

/// One mip record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mip {
    /// Position in the list (0 = largest).
    pub index: u32,
    /// Offset of the record's header.
    pub offset: u64,
    /// Width in pixels (the LZO bit removed).
    pub width: u16,
    /// Height in pixels.
    pub height: u16,
    /// How the payload is stored.
    pub compression: Compression,
    /// Offset of the payload.
    pub data_offset: u64,
    /// Stored payload size (the u24 field).
    pub stored_len: u32,
    /// Bytes of uncompressed pixel data the dimensions need.
    pub expected_len: u64,
}

/// A parsed PAA.
#[derive(Clone, Copy, Debug)]
pub struct Paa<'a> {
    bytes: &'a [u8],
    /// The pixel encoding.
    pub kind: PaaType,
    /// The tags.
    pub tags: Tags<'a>,
    /// The palette's BGR triplets (empty except in palette files).
    pub palette: &'a [u8],
    mips: [Mip; MAX_MIPS],
    mip_count: usize,
}

impl<'a> Paa<'a> {
    /// Parses `bytes`. Fails only when the type cannot be known or the header, tags or palette are
    /// unusable; problems in the mip list are reported to `sink` and the usable levels kept.
    pub fn parse(bytes: &'a [u8], sink: &mut impl Sink) -> Result<Paa<'a>, Error> {
        let len = bytes.len() as u64;
        let word = u16_le(bytes, 0).ok_or(Error::file(&rules::TRUNCATED, 0, [len, 2, 0]))?;
        let (kind, tags_at) = match PaaType::from_word(word) {
            Some(kind) => (kind, 2),
            None if bytes.starts_with(&super::tags::TAG_MARKER) => (PaaType::IndexPalette, 0),
            None => return Err(Error::file(&rules::UNKNOWN_TYPE, 0, [word.into(), 0, 0])),
        };
        let (tags, pos) = tags::read(bytes, tags_at, sink)?;
        let count = u16_le(bytes, pos).ok_or(Error::file(&rules::TRUNCATED, pos, [len, 2, 0]))?;
        let palette_at = pos.saturating_add(2);
        let palette_len = u64::from(count).saturating_mul(3);
        let palette = range(bytes, palette_at, palette_len).ok_or(Error::file(
            &rules::PALETTE_PAST_EOF,
            pos,
            [count.into(), pos, 0],
        ))?;
        let mut paa = Paa {
            bytes,
            kind,
            tags,
            palette,
            mips: [Mip::default(); MAX_MIPS],
            mip_count: 0,
        };
        if matches!(kind, PaaType::Dxt2 | PaaType::Dxt4) {
            let (n, as_n) = if kind == PaaType::Dxt2 {
                (2, 3)
            } else {
                (4, 5)
            };
            sink.report(rules::DXT_PREMULTIPLIED.with(0, [n, as_n, 0]))?;
        }
        paa.walk(palette_at.saturating_add(palette_len), sink)?;
        paa.check_offs(sink)?;
        super::conventions::check(&paa, sink)?;
        Ok(paa)
    }

    /// The mip records found, largest first.
    pub fn mips(&self) -> &[Mip] {
        self.mips.get(..self.mip_count).unwrap_or(&[])
    }

    /// Mip `index` and its stored payload, or the error that makes it unusable.
    pub fn payload(&self, index: usize) -> Result<(Mip, &'a [u8]), Error> {
        let mip = *self
            .mips()
            .get(index)
            .ok_or(Error::caller(&rules::NO_MIPS, [index as u64, 0, 0]))?;
        if let Some((rule, args)) = problem(self.kind, &mip) {
            return Err(Error::file(rule, mip.offset, args));
        }
        // The walk checked the range; an empty slice cannot result.
        let data = range(self.bytes, mip.data_offset, mip.stored_len.into()).unwrap_or(&[]);
        Ok((mip, data))
    }

    /// The whole file.
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    fn walk(&mut self, mut pos: u64, sink: &mut impl Sink) -> Result<(), Error> {
        let bytes = self.bytes;
        let len = bytes.len() as u64;
        let is_palette = self.kind == PaaType::IndexPalette;
        loop {
            let index = self.mip_count as u64;
            let remaining = len.saturating_sub(pos);
            let (Some(w), Some(h)) = (u16_le(bytes, pos), u16_le(bytes, pos.saturating_add(2)))
            else {
                // Fewer than 4 bytes left where a record or the terminator belongs.
                let rest = range(bytes, pos, remaining).unwrap_or(&[]);
                if rest.iter().all(|&b| b == 0) {
                    sink.report(rules::TERMINATOR.with(pos, [pos, 0, 0]))?;
                } else {
                    sink.report(rules::TRUNCATED.with(pos, [len, 4, 0]))?;
                }
                break;
            };
            if w == 0 && h == 0 {
                let end = pos.saturating_add(6);
                if range(bytes, pos.saturating_add(4), 2) != Some([0u8, 0].as_slice()) {
                    sink.report(rules::TERMINATOR.with(pos, [pos, 0, 0]))?;
                } else if len > end {
                    sink.report(rules::TRAILING_DATA.with(end, [len.saturating_sub(end), 0, 0]))?;
                }
                if self.mip_count == 0 {
                    sink.report(rules::NO_MIPS.at(pos))?;
                }
                break;
            }
            if self.mip_count >= MAX_MIPS {
                sink.report(rules::TOO_MANY_MIPS.with(pos, [MAX_MIPS as u64, 0, 0]))?;
                break;
            }
            let marker = is_palette && (w, h) == PALETTE_LZSS_MARKER;
            let (w, h, header) = if marker {
                let real = (
                    u16_le(bytes, pos.saturating_add(4)),
                    u16_le(bytes, pos.saturating_add(6)),
                );
                match real {
                    (Some(rw), Some(rh)) => (rw, rh, 11u64),
                    _ => {
                        sink.report(rules::TRUNCATED.with(pos, [len, 11, 0]))?;
                        break;
                    }
                }
            } else {
                (w, h, 7u64)
            };
            let Some(size_bytes) = range(bytes, pos.saturating_add(header).saturating_sub(3), 3)
            else {
                sink.report(rules::TRUNCATED.with(pos, [len, header, 0]))?;
                break;
            };
            let stored_len = size_bytes
                .iter()
                .rev()
                .fold(0u32, |acc, &b| (acc << 8) | u32::from(b));
            let lzo = self.kind.is_dxt() && w & 0x8000 != 0;
            let width = if self.kind.is_dxt() { w & 0x7FFF } else { w };
            if width == 0 || h == 0 {
                sink.report(rules::ZERO_DIMENSION.with(pos, [index, width.into(), h.into()]))?;
                break;
            }
            let data_offset = pos.saturating_add(header);
            let left = len.saturating_sub(data_offset);
            if u64::from(stored_len) > left {
                sink.report(rules::MIP_PAST_EOF.with(pos, [index, stored_len.into(), left]))?;
                break;
            }
            let expected_len = self.kind.data_len(width, h);
            let compression = if lzo {
                Compression::Lzo
            } else if marker {
                Compression::Lzss
            } else if is_palette {
                Compression::Rle
            } else if self.kind.is_dxt() || u64::from(stored_len) == expected_len {
                Compression::Raw
            } else {
                Compression::Lzss
            };
            let mip = Mip {
                index: index as u32,
                offset: pos,
                width,
                height: h,
                compression,
                data_offset,
                stored_len,
                expected_len,
            };
            if let Some((rule, args)) = problem(self.kind, &mip) {
                sink.report(rule.with(pos, args))?;
            }
            if let Some(slot) = self.mips.get_mut(self.mip_count) {
                *slot = mip;
            }
            self.mip_count = self.mip_count.saturating_add(1);
            pos = data_offset.saturating_add(stored_len.into());
        }
        Ok(())
    }

    fn check_offs(&self, sink: &mut impl Sink) -> Result<(), Error> {
        let Some(offs) = self.tags.offs else {
            return Ok(());
        };
        for (i, &stored) in offs.iter().enumerate().take(OFFS_SLOTS) {
            let walked = self.mips().get(i).map_or(0, |m| m.offset);
            if u64::from(stored) != walked {
                let at = self
                    .tags
                    .offs_at
                    .saturating_add((i as u64).saturating_mul(4));
                sink.report(rules::OFFS_MISMATCH.with(at, [i as u64, stored.into(), walked]))?;
                break;
            }
        }
        Ok(())
    }
}

/// Why a listed mip cannot be decoded, decided from its header alone: uncompressed DXT data of the
/// wrong size, or compressed data too small to ever expand to the dimensions (so that a forged
/// width × height never makes us allocate more than the payload can justify).
fn problem(kind: PaaType, mip: &Mip) -> Option<(&'static Rule, [u64; 3])> {
    let stored = u64::from(mip.stored_len);
    let index = u64::from(mip.index);
    let ratio = match mip.compression {
        Compression::Raw if stored != mip.expected_len && kind.is_dxt() => {
            return Some((&rules::MIP_SIZE_MISMATCH, [index, stored, mip.expected_len]));
        }
        Compression::Raw => return None,
        Compression::Rle => RLE_MAX_RATIO,
        Compression::Lzo => LZO_MAX_RATIO,
        Compression::Lzss => LZSS_MAX_RATIO,
    };
    (mip.expected_len > stored.saturating_mul(ratio).saturating_add(16))
        .then_some((&rules::MIP_OVERSIZED, [index, mip.expected_len, stored]))
}
