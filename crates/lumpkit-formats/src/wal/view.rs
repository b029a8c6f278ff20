//! The checked view of a WAL texture.

use zerocopy::FromBytes;

use crate::bytes;
use crate::diag::Sink;
use crate::error::Error;

use super::raw::Header;
use super::rules;

/// Size of the header.
pub const HEADER_LEN: u64 = 100;

/// A WAL texture over the caller's bytes.
#[derive(Clone, Copy, Debug)]
pub struct Wal<'a> {
    file: &'a [u8],
    header: &'a Header,
}

/// One mip level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level<'a> {
    /// Width in pixels (`width >> n`, at least 1).
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Offset in the file.
    pub offset: u64,
    /// `width * height` palette indices, `None` when they lie outside the file.
    pub indices: Option<&'a [u8]>,
}

impl<'a> Wal<'a> {
    /// Parses the header; level 0 must be inside the file, other levels are reported.
    pub fn parse(file: &'a [u8], sink: &mut impl Sink) -> Result<Wal<'a>, Error> {
        let Ok((header, _)) = Header::ref_from_prefix(file) else {
            return Err(Error::file(
                &rules::TRUNCATED_HEADER,
                0,
                [file.len() as u64, 0, 0],
            ));
        };
        let wal = Wal { file, header };
        if !bytes::nul_terminated(&header.animname).1 {
            sink.report(rules::NAME_UNTERMINATED.at(0))?;
        }
        let (w, h) = (header.width.get(), header.height.get());
        if w == 0 || h == 0 {
            return Err(Error::file(
                &rules::BAD_DIMENSIONS,
                32,
                [w.into(), h.into(), 0],
            ));
        }
        let mut level_missing = false;
        for n in 0..4u32 {
            let level = wal.level(n);
            let Some(level) = level else { continue };
            if level.indices.is_none() {
                let end = level
                    .offset
                    .saturating_add(u64::from(level.width).saturating_mul(u64::from(level.height)));
                let at = 40u64.saturating_add(u64::from(n).saturating_mul(4));
                if n == 0 {
                    return Err(Error::file(
                        &rules::MIP0_OUT_OF_BOUNDS,
                        at,
                        [end, file.len() as u64, 0],
                    ));
                }
                sink.report(rules::MIP_OUT_OF_BOUNDS.with(at, [u64::from(n), end, 0]))?;
                level_missing = true;
            }
        }
        // A level past the end is already reported; the layout check is for levels in the file.
        if !level_missing && let Some((n, found, want)) = wal.misplaced_level() {
            let at = 40u64.saturating_add(u64::from(n).saturating_mul(4));
            sink.report(rules::MIPS_NOT_CONTIGUOUS.with(at, [n.into(), found, want]))?;
        }
        Ok(wal)
    }

    /// The header record.
    pub fn header(&self) -> &'a Header {
        self.header
    }

    /// Texture name (bytes before the first NUL).
    pub fn name(&self) -> &'a [u8] {
        bytes::nul_terminated(&self.header.name).0
    }

    /// Next animation frame's name.
    pub fn animname(&self) -> &'a [u8] {
        bytes::nul_terminated(&self.header.animname).0
    }

    /// Width and height of level 0.
    pub fn size(&self) -> (u32, u32) {
        (self.header.width.get(), self.header.height.get())
    }

    /// Level `n` (0..4): its size and, when inside the file, its indices.
    pub fn level(&self, n: u32) -> Option<Level<'a>> {
        let offset = u64::from(self.header.offsets.get(usize::try_from(n).ok()?)?.get());
        let (w, h) = self.size();
        let width = w.checked_shr(n).unwrap_or(0).max(1);
        let height = h.checked_shr(n).unwrap_or(0).max(1);
        let len = u64::from(width).saturating_mul(u64::from(height));
        Some(Level {
            width,
            height,
            offset,
            indices: bytes::range(self.file, offset, len),
        })
    }

    /// The first of levels 1–3 that is not where id's software renderer finds it: `(level,
    /// offset, expected offset)`. `R_LoadWal` places level n at `offsets[0]` plus `w·h`, `w·h/4`,
    /// `w·h/16` (its own arithmetic, integer division included).
    pub fn misplaced_level(&self) -> Option<(u32, u64, u64)> {
        let (w, h) = self.size();
        let area = u64::from(w).saturating_mul(u64::from(h));
        let mut want = u64::from(self.header.offsets.first()?.get());
        for (n, divisor) in (1u32..4).zip([1u64, 4, 16]) {
            want = want.saturating_add(area.checked_div(divisor).unwrap_or(0));
            let found = u64::from(self.header.offsets.get(usize::try_from(n).ok()?)?.get());
            if found != want {
                return Some((n, found, want));
            }
        }
        None
    }

    /// Levels present: the leading levels whose pixels lie inside the file.
    pub fn levels_present(&self) -> u32 {
        (0..4)
            .take_while(|&n| self.level(n).is_some_and(|l| l.indices.is_some()))
            .count() as u32
    }
}
