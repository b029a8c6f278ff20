//! The checked view of a DDS: magic, header and DX10 header read as typed views, the pixel format
//! and layout classified, and the mip levels located and checked against the file's length.

use zerocopy::FromBytes;

use crate::diag::{Severity, Sink};
use crate::error::{Error, Fault};

use super::levels::{Level, Levels, chain_len};
use super::pixel_format::{Encoding, Layout, PixelFormat};
use super::raw::{
    DDPF_FOURCC, DX10, DX10_LEN, Dx10Header, HEADER_END, HEADER_SIZE, Header, MAGIC,
    PIXEL_FORMAT_SIZE,
};
use super::rules;

/// Byte offset of `DDS_HEADER.dwHeight` (after the magic).
const HEIGHT_AT: u64 = 12;
/// Byte offset of `DDS_HEADER.dwMipMapCount`.
const MIP_COUNT_AT: u64 = 28;
/// Byte offset of `DDS_PIXELFORMAT`.
const PIXEL_FORMAT_AT: u64 = 76;
/// Byte offset of `DDS_PIXELFORMAT.dwFourCC`.
const FOURCC_AT: u64 = 84;
/// Byte offset of `DDS_HEADER.dwCaps2`.
const CAPS2_AT: u64 = 112;

/// A checked DDS.
#[derive(Clone, Copy, Debug)]
pub struct Dds<'a> {
    /// The whole file.
    pub bytes: &'a [u8],
    /// The header.
    pub header: &'a Header,
    /// The DX10 header, when the FourCC announces one.
    pub dx10: Option<&'a Dx10Header>,
    /// What the pixels are.
    pub format: PixelFormat,
    /// Cube map, volume, array or plain.
    pub layout: Layout,
    /// Where level 0 starts.
    pub data_start: u64,
    /// Levels the header declares (`mipMapCount`, 0 read as 1).
    pub declared_mips: u32,
    /// Levels lumpkit locates: the declared count, at most the chain down to 1×1; 0 when the
    /// layout or the format's size is one lumpkit does not read.
    pub located_mips: u32,
}

impl<'a> Dds<'a> {
    /// Whether `bytes` start with the DDS magic.
    pub fn has_magic(bytes: &[u8]) -> bool {
        bytes.starts_with(&MAGIC)
    }

    /// The header alone, when the file is long enough for it (whatever its fields say).
    pub fn header(bytes: &'a [u8]) -> Option<&'a Header> {
        let rest = bytes.get(MAGIC.len()..)?;
        Header::ref_from_prefix(rest).ok().map(|(h, _)| h)
    }

    /// Width of level 0.
    pub fn width(&self) -> u32 {
        self.header.width.get()
    }

    /// Height of level 0.
    pub fn height(&self) -> u32 {
        self.header.height.get()
    }

    /// Whether lumpkit decodes the pixels.
    pub fn decodes(&self) -> bool {
        self.format.encoding != Encoding::Other && self.located_mips > 0
    }

    /// Parses the header: a wrong magic, a short file, a wrong header size or an empty picture
    /// is an error; everything lumpkit does not read is reported as "not checked".
    pub fn parse(bytes: &'a [u8], sink: &mut impl Sink) -> Result<Dds<'a>, Error> {
        let len = bytes.len() as u64;
        match bytes.first_chunk::<4>() {
            Some(m) if *m == MAGIC => {}
            Some(m) => {
                let word = u32::from_le_bytes(*m).into();
                return Err(Error::file(&rules::BAD_MAGIC, 0, [word, 0, 0]));
            }
            None => {
                return Err(Error::file(
                    &rules::TRUNCATED_HEADER,
                    0,
                    [len, HEADER_END, 0],
                ));
            }
        }
        let Some(header) = Dds::header(bytes) else {
            return Err(Error::file(
                &rules::TRUNCATED_HEADER,
                0,
                [len, HEADER_END, 0],
            ));
        };
        if header.size.get() != HEADER_SIZE {
            return Err(Error::file(
                &rules::HEADER_SIZE,
                4,
                [header.size.get().into(), 0, 0],
            ));
        }
        let pf = &header.pixel_format;
        if pf.size.get() != PIXEL_FORMAT_SIZE {
            sink.report(
                rules::PIXEL_FORMAT_SIZE.with(PIXEL_FORMAT_AT, [pf.size.get().into(), 0, 0]),
            )?;
        }
        let dx10 = if pf.flags.get() & DDPF_FOURCC != 0 && pf.fourcc == DX10 {
            let Some((d, _)) = crate::bytes::tail(bytes, HEADER_END)
                .and_then(|rest| Dx10Header::ref_from_prefix(rest).ok())
            else {
                return Err(Error::file(
                    &rules::TRUNCATED_HEADER,
                    0,
                    [len, HEADER_END.saturating_add(DX10_LEN), 0],
                ));
            };
            Some(d)
        } else {
            None
        };
        let (w, h) = (header.width.get(), header.height.get());
        if w == 0 || h == 0 {
            return Err(Error::file(
                &rules::ZERO_SIZE,
                HEIGHT_AT,
                [w.into(), h.into(), 0],
            ));
        }
        let format = PixelFormat::of(header, dx10);
        let layout = Layout::of(header, dx10);
        let data_start = if dx10.is_some() {
            HEADER_END.saturating_add(DX10_LEN)
        } else {
            HEADER_END
        };
        if !layout.is_plain() {
            sink.report(rules::LAYOUT_NOT_CHECKED.with(
                CAPS2_AT,
                [
                    layout.faces.into(),
                    layout.depth.into(),
                    layout.array.into(),
                ],
            ))?;
        }
        if format.encoding == Encoding::Other {
            let bits = match format.unit {
                Some(super::pixel_format::Unit::Bits(b)) => b,
                _ => 0,
            };
            let dxgi = dx10.map_or(0, |d| d.dxgi_format.get().into());
            let at = if dx10.is_some() {
                HEADER_END
            } else {
                FOURCC_AT
            };
            sink.report(
                rules::FORMAT_NOT_CHECKED
                    .with(at, [PixelFormat::fourcc_word(header).into(), dxgi, bits]),
            )?;
        }
        let declared_mips = header.mip_map_count.get().max(1);
        let chain = chain_len(w, h);
        if declared_mips > chain {
            sink.report(
                rules::MIP_COUNT_EXCESS.with(MIP_COUNT_AT, [declared_mips.into(), chain.into(), 0]),
            )?;
        }
        let located_mips = if layout.is_plain() && format.unit.is_some() {
            declared_mips.min(chain)
        } else {
            0
        };
        Ok(Dds {
            bytes,
            header,
            dx10,
            format,
            layout,
            data_start,
            declared_mips,
            located_mips,
        })
    }

    /// The located levels, largest first (none when lumpkit does not read the layout or format).
    pub fn levels(&self) -> impl Iterator<Item = Level> + use<> {
        let unit = self
            .format
            .unit
            .unwrap_or(super::pixel_format::Unit::Block(0));
        Levels::new(
            unit,
            self.width(),
            self.height(),
            self.data_start,
            self.located_mips,
        )
    }

    /// Level `index` and its bytes; a level past the end of the file is an error (of severity
    /// error for level 0, the picture, warning for a smaller one), `None` when it is not located.
    pub fn level(&self, index: u32) -> Option<Result<(Level, &'a [u8]), Error>> {
        let level = self.levels().nth(usize::try_from(index).ok()?)?;
        Some(self.level_bytes(level))
    }

    fn level_bytes(&self, level: Level) -> Result<(Level, &'a [u8]), Error> {
        match crate::bytes::range(self.bytes, level.offset, level.size) {
            Some(data) => Ok((level, data)),
            None => Err(self.out_of_file(level).into_error(Fault::File)),
        }
    }

    fn out_of_file(&self, level: Level) -> crate::diag::Diagnostic {
        // Level 0 is the picture; a smaller level out of the file costs only that level, as
        // `blp-mip-out-of-file` has it.
        let severity = if level.index == 0 {
            Severity::Error
        } else {
            Severity::Warning
        };
        rules::MIP_OUT_OF_FILE
            .with(
                level.offset,
                [level.index.into(), level.end(), self.bytes.len() as u64],
            )
            .with_severity(severity)
    }

    /// Checks every located level against the file: level 0 out of the file is the error
    /// returned; the first smaller level out of it is reported (the ones after it are out too);
    /// bytes after the last level are reported once.
    pub fn check_levels(&self, sink: &mut impl Sink) -> Result<(), Error> {
        let len = self.bytes.len() as u64;
        let mut end = None;
        for level in self.levels() {
            if level.end() > len {
                if level.index == 0 {
                    return Err(self.out_of_file(level).into_error(Fault::File));
                }
                return sink.report(self.out_of_file(level));
            }
            end = Some(level.end());
        }
        if let Some(end) = end
            && end < len
        {
            sink.report(rules::TRAILING_BYTES.with(end, [len.saturating_sub(end), end, 0]))?;
        }
        Ok(())
    }
}
