//! The checked view of a BLP file: header with defaults applied, mip locator, content header
//! (shared JPEG header or palette), and per-level access that borrows the file's bytes.

use zerocopy::FromBytes;

use super::encoding::Encoding;
use super::header::{Header, Version};
use super::jpeg::Joined;
use super::raw::{MIP_SLOTS, MipLocator, Palette};
use super::rules;
use crate::bytes;
use crate::diag::{Severity, Sink};
use crate::error::{Error, Fault};

/// Largest width or height the format allows (the spec: "images up to 65,535 pixels").
pub const MAX_DIMENSION: u32 = 65_535;
/// Largest shared JPEG header Warcraft III handles safely (spec: 624 bytes, 0x270).
pub const JPEG_HEADER_SAFE_MAX: u64 = 624;
/// Size of the palette of direct content.
pub const PALETTE_LEN: u64 = 1024;

/// A parsed BLP file borrowing its bytes. Build with [`Blp::parse`].
#[derive(Clone, Copy, Debug)]
pub struct Blp<'a> {
    bytes: &'a [u8],
    header: Header,
    encoding: Encoding,
    alpha_bits: u8,
    locator: Option<&'a MipLocator>,
    palette: Option<&'a Palette>,
    jpeg_header: &'a [u8],
    levels: u32,
}

/// One level's chunk as [`Blp::check_levels`] needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelChunk<'c> {
    /// Level index, 0 = full size.
    pub level: u32,
    /// Where the chunk starts in its file.
    pub offset: u64,
    /// The size the mip table declares (for BLP0: the sibling file's size).
    pub declared_size: u64,
    /// The chunk's bytes present.
    pub data: &'c [u8],
}

/// One level's data, borrowed from the file (or from a BLP0 sibling file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mip<'a> {
    /// Level index, 0 = full size.
    pub level: u32,
    /// Width of this level.
    pub width: u32,
    /// Height of this level.
    pub height: u32,
    /// The chunk, truncated at the end of the file when it runs past it.
    pub data: &'a [u8],
    /// Where the chunk starts in its file.
    pub offset: u64,
    /// The size the mip table declares (for BLP0: the sibling file's size).
    pub declared_size: u64,
}

impl<'a> Blp<'a> {
    /// Parses the header, mip locator and content header, reporting every header-level finding to
    /// `sink`. Level data is checked on access ([`Blp::mip`]), so a bad later level never makes
    /// level 0 unreadable. An invalid `alphaBits` is read as 0 but not reported here: what it
    /// costs depends on the stored alpha band, so the caller reports it once it knows
    /// ([`Blp::report_alpha_bits`], with [`Blp::indexed_band_opaque`] for indexed levels; JPEG
    /// levels need a decoder).
    pub fn parse(bytes: &'a [u8], sink: &mut impl Sink) -> Result<Blp<'a>, Error> {
        let header = Header::parse(bytes)?;
        let (w, h) = (header.width, header.height);
        if w == 0 || h == 0 {
            return Err(Error::file(
                &rules::DIMENSION_ZERO,
                12,
                [w.into(), h.into(), 0],
            ));
        }
        if w > MAX_DIMENSION || h > MAX_DIMENSION {
            return Err(Error::file(
                &rules::DIMENSION_TOO_LARGE,
                12,
                [w.into(), h.into(), 0],
            ));
        }
        if header.version == Version::Blp1
            && let Some(d) = crate::profiles::warcraft::BLP1_SIZE.check(u64::from(w.max(h)), 12)
        {
            sink.report(d)?;
        }
        if let Some(side) = [w, h].into_iter().find(|s| !s.is_power_of_two())
            && let Some(d) = crate::profiles::wow::BLP_NOT_POWER_OF_TWO.check(side.into(), 12)
        {
            sink.report(d)?;
        }
        if header.has_mipmaps > 1 {
            let at = if header.version == Version::Blp2 {
                11
            } else {
                24
            };
            sink.report(rules::HAS_MIPMAPS_UNUSUAL.with(at, [header.has_mipmaps.into(), 0, 0]))?;
        }
        let encoding = resolve_encoding(&header, sink)?;
        // An invalid value reads as 0 bits; whether that loses anything depends on the stored
        // band, which the caller reports ([`Blp::report_alpha_bits`]).
        let alpha_bits = if encoding.alpha_bits_valid(header.alpha_bits) {
            // Valid values are at most 8.
            u8::try_from(header.alpha_bits).unwrap_or(0)
        } else {
            0
        };

        let len = bytes.len() as u64;
        let mut at = header.fixed_len();
        let locator = if header.version == Version::Blp0 {
            None
        } else {
            let raw = bytes::range(bytes, at, 128).ok_or_else(|| {
                let need = at.saturating_add(128);
                Error::file(&rules::HEADER_TRUNCATED, len, [len, need, 0])
            })?;
            at = at.saturating_add(128);
            MipLocator::ref_from_bytes(raw).ok()
        };

        let mut palette = None;
        let mut jpeg_header: &[u8] = &[];
        if encoding == Encoding::Jpeg {
            let size = bytes::u32_le(bytes, at).ok_or_else(|| {
                let need = at.saturating_add(4);
                Error::file(&rules::HEADER_TRUNCATED, len, [len, need, 0])
            })?;
            let size = u64::from(size);
            if size > JPEG_HEADER_SAFE_MAX {
                sink.report(rules::JPEG_HEADER_OVERSIZED.with(at, [size, 0, 0]))?;
            }
            let start = at.saturating_add(4);
            let present = len.saturating_sub(start);
            if size > present {
                sink.report(rules::JPEG_HEADER_PAST_EOF.with(at, [size, present, 0]))?;
            }
            jpeg_header = bytes::range(bytes, start, size.min(present)).unwrap_or_default();
        } else {
            match bytes::range(bytes, at, PALETTE_LEN) {
                Some(raw) => palette = Palette::ref_from_bytes(raw).ok(),
                // DXT and raw BGRA levels never read the palette: a file that stops before it
                // (WoW addons ship such DXT icons) loses nothing.
                None if encoding != Encoding::Indexed => {
                    sink.report(rules::PALETTE_ABSENT.with(at, [at, len, 0]))?;
                }
                None => return Err(Error::file(&rules::PALETTE_TRUNCATED, at, [at, len, 0])),
            }
        }

        let mut blp = Blp {
            bytes,
            header,
            encoding,
            alpha_bits,
            locator,
            palette,
            jpeg_header,
            levels: 0,
        };
        if let Some(locator) = locator {
            let present = blp.leading_entries(locator);
            if present == 0 {
                let (o, s) = entry(locator, 0).unwrap_or((0, 0));
                sink.report(rules::MIP_EMPTY.with(blp.header.fixed_len(), [o, s, 0]))?;
            } else {
                blp.check_chain(present, sink)?;
            }
            blp.levels = present.min(blp.chain_len());
            let chunks = (0..blp.levels).filter_map(|level| {
                let (offset, size, data) = blp.chunk(level)?;
                Some(LevelChunk {
                    level,
                    offset,
                    declared_size: size,
                    data,
                })
            });
            blp.check_levels(chunks, sink)?;
        }
        Ok(blp)
    }

    /// Reports, once per file, what would otherwise repeat on every level: chunks longer than
    /// their levels need ([`rules::MIP_SIZE_EXCESS`]) and JPEG frames larger or smaller than their
    /// levels ([`rules::JPEG_FRAME_CROPPED`], [`rules::JPEG_DIMENSIONS_MISMATCH`]). [`Blp::parse`] calls it for the levels in
    /// the file; the facade calls it for BLP0's sibling files. Levels that cannot be read are the
    /// business of [`Blp::mip`], which reports them one by one.
    pub fn check_levels<'c>(
        &self,
        chunks: impl IntoIterator<Item = LevelChunk<'c>>,
        sink: &mut impl Sink,
    ) -> Result<(), Error> {
        let mut excess: Option<(u64, u64, u64)> = None;
        let mut cropped: Option<(u64, u64, u64)> = None;
        let mut padded: Option<(u64, u64, u64)> = None;
        let count = |found: &mut Option<(u64, u64, u64)>, level: u32, at: u64| {
            let (n, first, first_at) = found.unwrap_or((0, level.into(), at));
            *found = Some((n.saturating_add(1), first, first_at));
        };
        for chunk in chunks {
            let (width, height) = self.level_size(chunk.level);
            match self.data_len(chunk.level) {
                Some(need) if chunk.declared_size > need => {
                    // The size field in the mip table; BLP0 has none, its size is the file's.
                    let at = match self.locator {
                        Some(_) => self.size_field(chunk.level),
                        None => chunk.offset,
                    };
                    count(&mut excess, chunk.level, at);
                }
                Some(_) => {}
                None => {
                    let joined = Joined {
                        head: self.jpeg_header,
                        tail: chunk.data,
                    };
                    let frame = joined
                        .frame()
                        .filter(|f| f.components == 4 && f.width > 0 && f.height > 0);
                    if let Some(f) = frame {
                        let (fw, fh) = (u32::from(f.width), u32::from(f.height));
                        if fw < width || fh < height {
                            count(&mut padded, chunk.level, chunk.offset);
                        } else if (fw, fh) != (width, height) {
                            count(&mut cropped, chunk.level, chunk.offset);
                        }
                    }
                }
            }
        }
        if let Some((n, first, at)) = excess {
            sink.report(rules::MIP_SIZE_EXCESS.with(at, [n, first, 0]))?;
        }
        // Frames of another size than their level: Windows crops or pads them, some Mac versions
        // fail (the profile's rows).
        let frames = [
            (padded, &crate::profiles::warcraft::JPEG_FRAME_SMALLER),
            (cropped, &crate::profiles::warcraft::JPEG_FRAME_LARGER),
        ];
        for (found, condition) in frames {
            if let Some((n, _, at)) = found
                && let Some(d) = condition.check(n, at)
            {
                sink.report(d)?;
            }
        }
        Ok(())
    }

    /// Byte offset of `level`'s size in the mip table (64 bytes after its offset).
    fn size_field(&self, level: u32) -> u64 {
        self.offset_field(level).saturating_add(64)
    }

    /// Byte offset of `level`'s offset in the mip table.
    fn offset_field(&self, level: u32) -> u64 {
        self.header
            .fixed_len()
            .saturating_add(4u64.saturating_mul(level.into()))
    }

    /// `level`'s table entry and its bytes, truncated at the end of the file; `None` when the
    /// entry is missing or its chunk starts at or past the end of the file (with a non-zero size).
    fn chunk(&self, level: u32) -> Option<(u64, u64, &'a [u8])> {
        let (offset, size) = self.entry(level)?;
        let len = self.bytes.len() as u64;
        if offset >= len && size > 0 {
            return None;
        }
        let end = offset.saturating_add(size).min(len);
        let data = bytes::range(self.bytes, offset, end.saturating_sub(offset)).unwrap_or_default();
        Some((offset, size, data))
    }

    /// Leading mip-table entries with a non-zero offset and size (a JPEG level 0 may have size 0
    /// when the shared header is a complete JPEG, as the spec allows).
    fn leading_entries(&self, locator: &MipLocator) -> u32 {
        let mut n: u32 = 0;
        for level in 0..MIP_SLOTS {
            let (offset, size) = entry(locator, level).unwrap_or((0, 0));
            let header_only =
                level == 0 && self.encoding == Encoding::Jpeg && !self.jpeg_header.is_empty();
            if offset == 0 || (size == 0 && !header_only) {
                break;
            }
            n = n.saturating_add(1);
        }
        n
    }

    /// Reports a mip chain of `present` levels that is shorter or longer than the dimensions imply.
    /// The facade calls this for BLP0, whose levels it finds as sibling files.
    pub fn check_chain(&self, present: u32, sink: &mut impl Sink) -> Result<(), Error> {
        let chain = self.chain_len();
        let at = self.header.fixed_len();
        if self.header.has_mipmaps() && present < chain {
            sink.report(rules::MIP_CHAIN_SHORT.with(at, [present.into(), chain.into(), 0]))?;
        }
        if present > chain {
            sink.report(rules::MIP_CHAIN_LONG.with(at, [present.into(), chain.into(), 0]))?;
        }
        Ok(())
    }

    /// The header as stored.
    pub const fn header(&self) -> &Header {
        &self.header
    }

    /// BLP0, BLP1 or BLP2.
    pub const fn version(&self) -> Version {
        self.header.version
    }

    /// The pixel encoding, with the spec's defaults applied.
    pub const fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Effective alpha bits (0 when the stored value is invalid for the encoding).
    pub const fn alpha_bits(&self) -> u8 {
        self.alpha_bits
    }

    /// Width of level 0.
    pub const fn width(&self) -> u32 {
        self.header.width
    }

    /// Height of level 0.
    pub const fn height(&self) -> u32 {
        self.header.height
    }

    /// The palette (direct content only): B, G, R, padding per entry.
    pub const fn palette(&self) -> Option<&'a Palette> {
        self.palette
    }

    /// The shared JPEG header (JPEG content only), reduced to the bytes present.
    pub const fn jpeg_header(&self) -> &'a [u8] {
        self.jpeg_header
    }

    /// The mip locator (BLP1 and BLP2).
    pub const fn locator(&self) -> Option<&'a MipLocator> {
        self.locator
    }

    /// Levels the dimensions imply: `floor(log2(max(w, h))) + 1` with mipmaps, else 1.
    pub fn chain_len(&self) -> u32 {
        if self.header.has_mipmaps() {
            let max = self.header.width.max(self.header.height);
            u32::BITS.saturating_sub(max.leading_zeros()).max(1)
        } else {
            1
        }
    }

    /// Levels the file provides: the leading mip-table entries with data, capped by
    /// [`Blp::chain_len`]. For BLP0 this is 0: the facade counts the sibling files.
    pub const fn level_count(&self) -> u32 {
        self.levels
    }

    /// Size of `level` by the spec's mipmap scaling (halve, never below 1).
    pub fn level_size(&self, level: u32) -> (u32, u32) {
        let scale = |d: u32| d.checked_shr(level).unwrap_or(0).max(1);
        (scale(self.header.width), scale(self.header.height))
    }

    /// Bytes `level` needs in this encoding (`None` for JPEG).
    pub fn data_len(&self, level: u32) -> Option<u64> {
        let (w, h) = self.level_size(level);
        self.encoding.data_len(w, h, self.alpha_bits)
    }

    /// The mip-table entry of `level` as stored: (offset, size).
    pub fn entry(&self, level: u32) -> Option<(u64, u64)> {
        entry(self.locator?, usize::try_from(level).ok()?)
    }

    /// One level of a BLP1/BLP2 file, borrowed from the file. Reports what is wrong with it to
    /// `sink`; fails when the level does not exist or cannot be read at all.
    pub fn mip(&self, level: u32, sink: &mut impl Sink) -> Result<Mip<'a>, Error> {
        if self.header.version == Version::Blp0 {
            return Err(Error::file(
                &rules::EXTERNAL_MIP_MISSING,
                0,
                [level.into(), 0, 0],
            ));
        }
        if level >= self.levels {
            if level == 0 {
                let (o, s) = self.entry(0).unwrap_or((0, 0));
                return Err(Error::file(
                    &rules::MIP_EMPTY,
                    self.header.fixed_len(),
                    [o, s, 0],
                ));
            }
            return Err(self.missing(level));
        }
        let (offset, size) = self.entry(level).ok_or_else(|| self.missing(level))?;
        let len = self.bytes.len() as u64;
        let field = self.offset_field(level);
        let lvl = u64::from(level);
        let Some((_, _, data)) = self.chunk(level) else {
            // Level 0 is the picture; a later level out of the file costs only that level (WoW
            // addons ship UI textures whose last entry points past the end, and load).
            let severity = if level == 0 {
                Severity::Error
            } else {
                Severity::Warning
            };
            return Err(rules::MIP_OUT_OF_FILE
                .with(field, [lvl, offset, len])
                .with_severity(severity)
                .into_error(Fault::File));
        };
        let end = offset.saturating_add(size);
        if end > u64::from(u32::MAX) {
            sink.report(rules::MIP_SIZE_WRAPS.with(field, [lvl, offset, size]))?;
        } else if end > len {
            sink.report(rules::MIP_PAST_EOF.with(field, [lvl, end, len]))?;
        }
        self.checked_mip(level, data, offset, size, sink)
    }

    /// One level of a BLP0 file from its sibling file's bytes (`name.b00`…`name.b15`), which the
    /// caller reads. Checks it as [`Blp::mip`] does.
    pub fn external_mip<'c>(
        &self,
        level: u32,
        chunk: &'c [u8],
        sink: &mut impl Sink,
    ) -> Result<Mip<'c>, Error>
    where
        'a: 'c,
    {
        if level >= self.chain_len() {
            return Err(self.missing(level));
        }
        self.checked_mip(level, chunk, 0, chunk.len() as u64, sink)
    }

    fn missing(&self, level: u32) -> Error {
        Error::caller(&rules::LEVEL_MISSING, [level.into(), self.levels.into(), 0])
    }

    fn checked_mip<'c>(
        &self,
        level: u32,
        data: &'c [u8],
        offset: u64,
        declared_size: u64,
        sink: &mut impl Sink,
    ) -> Result<Mip<'c>, Error>
    where
        'a: 'c,
    {
        let (width, height) = self.level_size(level);
        let lvl = u64::from(level);
        match self.data_len(level) {
            Some(need) => {
                // Longer than needed is harmless and reported once per file (`check_levels`).
                if declared_size < need {
                    sink.report(rules::MIP_SIZE_MISMATCH.with(offset, [lvl, declared_size, need]))?;
                }
            }
            None => {
                let joined = Joined {
                    head: self.jpeg_header,
                    tail: data,
                };
                match joined.frame() {
                    // A frame of another size is reported once per file (`check_levels`).
                    Some(f) if f.components == 4 && f.width > 0 && f.height > 0 => {}
                    _ => {
                        let e = Error::file(&rules::JPEG_INVALID, offset, [lvl, 0, 0]);
                        return Err(e);
                    }
                }
            }
        }
        Ok(Mip {
            level,
            width,
            height,
            data,
            offset,
            declared_size,
        })
    }
}

fn entry(locator: &MipLocator, level: usize) -> Option<(u64, u64)> {
    let offset = locator.offsets.get(level)?.get();
    let size = locator.sizes.get(level)?.get();
    Some((offset.into(), size.into()))
}

fn resolve_encoding(header: &Header, sink: &mut impl Sink) -> Result<Encoding, Error> {
    match header.content {
        0 => return Ok(Encoding::Jpeg),
        1 => {}
        other => {
            sink.report(rules::CONTENT_UNKNOWN.with(4, [other.into(), 0, 0]))?;
            return Ok(Encoding::Jpeg);
        }
    }
    if header.version != Version::Blp2 {
        return Ok(Encoding::Indexed);
    }
    match (header.encoding, header.alpha_type) {
        (1, _) => Ok(Encoding::Indexed),
        (2, 0) => Ok(Encoding::Dxt1),
        (2, 1) => Ok(Encoding::Dxt3),
        (2, 7) => Ok(Encoding::Dxt5),
        (3, _) => Ok(Encoding::Bgra),
        (e, a) => Err(rules::ENCODING_UNKNOWN
            .with(8, [e.into(), a.into(), 0])
            .into_error(Fault::Unsupported)),
    }
}
