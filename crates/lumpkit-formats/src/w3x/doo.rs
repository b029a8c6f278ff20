//! `war3map.doo`, the doodads: `W3do`, version (7 Reign of Chaos, 8 The Frozen Throne on),
//! subversion (9, 11), doodad records (id, variation, position, angle, scale, a 4-byte skin id
//! from 1.32 on, flags, life; version 8 adds an item table pointer and item sets; editor id), then
//! a special-doodad version, count and 16-byte records (id, variation, x, y). Layout: HiveWE
//! `src/base/doodads.ixx`, mdx-m3-viewer `parsers/w3x/doo`.
//!
//! Whether a skin id follows the scale is not in the file: mdx-m3-viewer keys it on the w3i build
//! (above 131). Without the w3i, both layouts are tried and the one that reads the file to its
//! end exactly wins ([`Skin::Detect`]).

use crate::diag::Sink;
use crate::error::Error;
use crate::mdx::cursor::Cursor;

use super::rules;

/// The magic.
pub const MAGIC: [u8; 4] = *b"W3do";

/// Whether doodad records carry a skin id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Skin {
    /// Known from the w3i: with (1.32 on) or without.
    Known(bool),
    /// Try both.
    Detect,
}

/// The doodad file's header facts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Doo {
    /// Version.
    pub version: u32,
    /// Subversion.
    pub subversion: u32,
    /// Doodads declared.
    pub doodads: u32,
    /// Special (terrain) doodads declared.
    pub terrain_doodads: u32,
    /// Whether the records carry skin ids.
    pub skin: bool,
}

impl Doo {
    /// Reads the file.
    pub fn parse(bytes: &[u8], skin: Skin, sink: &mut impl Sink) -> Result<Doo, Error> {
        let mut cur = Cursor::new(bytes, 0);
        if cur.tag() != Some(MAGIC) {
            return Err(Error::file(
                &rules::BAD_MAGIC,
                0,
                [u32::from_le_bytes(MAGIC).into(), 0, 0],
            ));
        }
        let cut = |at: u64| Error::file(&rules::TRUNCATED, at, [0, at, 0]);
        let version = cur.u32().ok_or(cut(4))?;
        let subversion = cur.u32().ok_or(cut(8))?;
        let doodads = cur.u32().ok_or(cut(12))?;
        let mut d = Doo {
            version,
            subversion,
            doodads,
            ..Doo::default()
        };
        if !(7..=8).contains(&version) {
            sink.report(rules::VERSION_UNKNOWN.with(4, [version.into(), 0, 0]))?;
            return Ok(d);
        }
        let tries: &[bool] = match skin {
            Skin::Known(s) => {
                if s {
                    &[true]
                } else {
                    &[false]
                }
            }
            Skin::Detect => &[false, true],
        };
        let mut best: Option<(Cursor<'_>, bool, u32)> = None;
        for &with_skin in tries {
            let mut c = cur;
            let read = read_doodads(&mut c, version, doodads, with_skin);
            let terrain = read.and_then(|()| {
                c.skip(4)?;
                let n = c.u32()?;
                c.take_records(n, 16)?;
                Some(n)
            });
            match terrain {
                Some(n) if c.is_empty() || best.is_none() => {
                    let exact = c.is_empty();
                    best = Some((c, with_skin, n));
                    if exact {
                        break;
                    }
                }
                _ => {}
            }
        }
        match best {
            Some((c, with_skin, n)) => {
                d.skin = with_skin;
                d.terrain_doodads = n;
                if !c.is_empty() {
                    sink.report(rules::TRAILING.with(c.offset(), [c.remaining() as u64, 0, 0]))?;
                }
            }
            None => {
                sink.report(
                    rules::TRUNCATED.with(16, [u64::from(doodads), bytes.len() as u64, 0]),
                )?;
            }
        }
        Ok(d)
    }
}

fn read_doodads(cur: &mut Cursor<'_>, version: u32, count: u32, skin: bool) -> Option<()> {
    for _ in 0..count {
        // id, variation, position, angle, scale
        cur.skip(4 + 4 + 12 + 4 + 12)?;
        if skin {
            cur.skip(4)?;
        }
        cur.skip(2)?; // flags, life
        if version >= 8 {
            cur.skip(4)?; // item table pointer
            let sets = cur.u32()?;
            for _ in 0..sets {
                let items = cur.u32()?;
                cur.take_records(items, 8)?;
            }
        }
        cur.skip(4)?; // editor id
    }
    Some(())
}
