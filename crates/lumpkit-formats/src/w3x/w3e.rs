//! `war3map.w3e`, the terrain: `W3E!`, version 11 (7-byte tile points) or 12 (2.0: 8 bytes, the
//! ground texture widened to 16 bits), tileset letter, custom-tileset flag, ground and cliff
//! tileset ids, width and height in tile points, centre offset, then the tile points. Layout:
//! HiveWE `src/base/terrain.ixx` (`load`), mdx-m3-viewer `parsers/w3x/w3e` (version 11).

use crate::diag::Sink;
use crate::error::Error;
use crate::mdx::cursor::Cursor;

use super::rules;

/// The magic.
pub const MAGIC: [u8; 4] = *b"W3E!";

/// The terrain header.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct W3e {
    /// Version (11, 12).
    pub version: u32,
    /// Main tileset letter.
    pub tileset: u8,
    /// Ground tilesets.
    pub ground_tilesets: u32,
    /// Cliff tilesets.
    pub cliff_tilesets: u32,
    /// Width in tile points (tiles + 1).
    pub width: u32,
    /// Height in tile points.
    pub height: u32,
}

impl W3e {
    /// Tile points (width × height).
    pub fn tilepoints(&self) -> u64 {
        u64::from(self.width).saturating_mul(self.height.into())
    }

    /// Reads the header and checks the tile points fit.
    pub fn parse(bytes: &[u8], sink: &mut impl Sink) -> Result<W3e, Error> {
        let mut cur = Cursor::new(bytes, 0);
        if cur.tag() != Some(MAGIC) {
            return Err(Error::file(
                &rules::BAD_MAGIC,
                0,
                [u32::from_le_bytes(MAGIC).into(), 0, 0],
            ));
        }
        let cut =
            |cur: &Cursor<'_>| Error::file(&rules::TRUNCATED, cur.offset(), [0, cur.offset(), 0]);
        let version = cur.u32().ok_or_else(|| cut(&cur))?;
        let mut w = W3e {
            version,
            ..W3e::default()
        };
        let point = match version {
            11 => 7u64,
            12 => 8,
            _ => {
                sink.report(rules::VERSION_UNKNOWN.with(4, [version.into(), 0, 0]))?;
                return Ok(w);
            }
        };
        w.tileset = cur.u8().ok_or_else(|| cut(&cur))?;
        cur.skip(4).ok_or_else(|| cut(&cur))?;
        w.ground_tilesets = cur.u32().ok_or_else(|| cut(&cur))?;
        cur.take_records(w.ground_tilesets, 4)
            .ok_or_else(|| cut(&cur))?;
        w.cliff_tilesets = cur.u32().ok_or_else(|| cut(&cur))?;
        cur.take_records(w.cliff_tilesets, 4)
            .ok_or_else(|| cut(&cur))?;
        w.width = cur.u32().ok_or_else(|| cut(&cur))?;
        w.height = cur.u32().ok_or_else(|| cut(&cur))?;
        cur.skip(8).ok_or_else(|| cut(&cur))?;
        let need = w.tilepoints().saturating_mul(point);
        let have = cur.remaining() as u64;
        if have < need {
            sink.report(rules::TRUNCATED.with(cur.offset(), [need, bytes.len() as u64, 0]))?;
        } else if have > need {
            sink.report(rules::TRAILING.with(
                cur.offset().saturating_add(need),
                [have.saturating_sub(need), 0, 0],
            ))?;
        }
        Ok(w)
    }
}
