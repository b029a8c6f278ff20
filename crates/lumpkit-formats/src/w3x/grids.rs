//! The per-cell maps: `war3map.wpm` (pathing: `MP3W`, version 0, width and height in cells,
//! one flag byte per cell; Source Peek wiki "War3map.wpm", mdx-m3-viewer `parsers/w3x/wpm`),
//! `war3map.shd` (shadows: no header, 16 bytes per tile; mdx-m3-viewer `shd/file.js`) and
//! `war3map.mmp` (minimap icons: version, count, 16-byte icons; mdx-m3-viewer `mmp`).

use crate::diag::Sink;
use crate::error::Error;
use crate::mdx::cursor::Cursor;

use super::rules;

/// The pathing map's magic.
pub const WPM_MAGIC: [u8; 4] = *b"MP3W";

/// The pathing map header.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wpm {
    /// Version.
    pub version: u32,
    /// Width in cells (4 per tile).
    pub width: u32,
    /// Height in cells.
    pub height: u32,
}

impl Wpm {
    /// Reads the header and checks the cells fit.
    pub fn parse(bytes: &[u8], sink: &mut impl Sink) -> Result<Wpm, Error> {
        let mut cur = Cursor::new(bytes, 0);
        if cur.tag() != Some(WPM_MAGIC) {
            return Err(Error::file(
                &rules::BAD_MAGIC,
                0,
                [u32::from_le_bytes(WPM_MAGIC).into(), 0, 0],
            ));
        }
        let cut = Error::file(&rules::TRUNCATED, 4, [12, bytes.len() as u64, 0]);
        let w = Wpm {
            version: cur.u32().ok_or(cut)?,
            width: cur.u32().ok_or(cut)?,
            height: cur.u32().ok_or(cut)?,
        };
        let need = u64::from(w.width).saturating_mul(w.height.into());
        counted(&cur, need, bytes.len(), sink)?;
        Ok(w)
    }
}

/// Reports a body of `need` bytes after the cursor that is cut short or followed by more.
fn counted(cur: &Cursor<'_>, need: u64, total: usize, sink: &mut impl Sink) -> Result<(), Error> {
    let have = cur.remaining() as u64;
    if have < need {
        sink.report(rules::TRUNCATED.with(cur.offset(), [need, total as u64, 0]))?;
    } else if have > need {
        sink.report(rules::TRAILING.with(
            cur.offset().saturating_add(need),
            [have.saturating_sub(need), 0, 0],
        ))?;
    }
    Ok(())
}

/// The minimap icon file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mmp {
    /// Version.
    pub version: i32,
    /// Icons declared.
    pub icons: u32,
}

impl Mmp {
    /// Reads the header and checks the icons fit.
    pub fn parse(bytes: &[u8], sink: &mut impl Sink) -> Result<Mmp, Error> {
        let mut cur = Cursor::new(bytes, 0);
        let cut = Error::file(&rules::TRUNCATED, 0, [8, bytes.len() as u64, 0]);
        let m = Mmp {
            version: cur.i32().ok_or(cut)?,
            icons: cur.u32().ok_or(cut)?,
        };
        counted(
            &cur,
            u64::from(m.icons).saturating_mul(16),
            bytes.len(),
            sink,
        )?;
        Ok(m)
    }
}

/// Bytes a shadow map needs for a terrain of `width × height` tile points.
pub fn shadow_bytes(width: u32, height: u32) -> u64 {
    u64::from(width.saturating_sub(1))
        .saturating_mul(height.saturating_sub(1).into())
        .saturating_mul(16)
}
