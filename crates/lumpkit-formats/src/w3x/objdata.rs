//! Object data (`war3map.w3u` units, `.w3t` items, `.w3b` destructibles, `.w3d` doodads, `.w3a`
//! abilities, `.w3h` buffs, `.w3q` upgrades): a version (1, 2; 3 from 1.33 with modification
//! sets), then the original-object table and the custom-object table, each a count of objects
//! with their modifications (id, value type, for `.w3d/.w3a/.w3q` a level and a data pointer, the
//! value: 0 int, 1 real, 2 unreal as 4 bytes, 3 a NUL-terminated string, then an end token).
//! Layout: HiveWE `src/utilities/modification_tables.ixx`.

use crate::diag::Sink;
use crate::error::Error;
use crate::mdx::cursor::Cursor;

use super::rules;

/// The two tables' object counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ObjectData {
    /// Version.
    pub version: u32,
    /// Modified standard objects.
    pub original: u32,
    /// Custom objects.
    pub custom: u32,
}

/// Why a table could not be read.
enum Stop {
    Cut(u64),
    Type(u32, u64),
}

impl ObjectData {
    /// Reads both tables; `levels` says whether modifications carry a level and data pointer
    /// (`.w3d`, `.w3a`, `.w3q`).
    pub fn parse(bytes: &[u8], levels: bool, sink: &mut impl Sink) -> Result<ObjectData, Error> {
        let mut cur = Cursor::new(bytes, 0);
        let version = cur.u32().ok_or(Error::file(
            &rules::TRUNCATED,
            0,
            [4, bytes.len() as u64, 0],
        ))?;
        let mut o = ObjectData {
            version,
            ..ObjectData::default()
        };
        if !(1..=3).contains(&version) {
            sink.report(rules::VERSION_UNKNOWN.with(0, [version.into(), 0, 0]))?;
            return Ok(o);
        }
        let read = table(&mut cur, version, levels).and_then(|n| {
            o.original = n;
            table(&mut cur, version, levels)
        });
        match read {
            Ok(n) => {
                o.custom = n;
                if !cur.is_empty() {
                    sink.report(
                        rules::TRAILING.with(cur.offset(), [cur.remaining() as u64, 0, 0]),
                    )?;
                }
            }
            Err(Stop::Cut(at)) => {
                sink.report(rules::TRUNCATED.with(at, [1, bytes.len() as u64, 0]))?
            }
            Err(Stop::Type(t, at)) => {
                sink.report(rules::OBJECT_VALUE_TYPE.with(at, [t.into(), 0, 0]))?
            }
        }
        Ok(o)
    }
}

fn table(cur: &mut Cursor<'_>, version: u32, levels: bool) -> Result<u32, Stop> {
    let cut = |c: &Cursor<'_>| Stop::Cut(c.offset());
    let objects = cur.u32().ok_or_else(|| cut(cur))?;
    for _ in 0..objects {
        cur.skip(8).ok_or_else(|| cut(cur))?; // original and new id
        let sets = if version >= 3 {
            cur.u32().ok_or_else(|| cut(cur))?
        } else {
            1
        };
        for _ in 0..sets {
            if version >= 3 {
                cur.skip(4).ok_or_else(|| cut(cur))?; // set flag
            }
            let mods = cur.u32().ok_or_else(|| cut(cur))?;
            for _ in 0..mods {
                cur.skip(4).ok_or_else(|| cut(cur))?; // modification id
                let at = cur.offset();
                let kind = cur.u32().ok_or_else(|| cut(cur))?;
                if levels {
                    cur.skip(8).ok_or_else(|| cut(cur))?;
                }
                match kind {
                    0..=2 => cur.skip(4).ok_or_else(|| cut(cur))?,
                    3 => {
                        cur.cstr().ok_or_else(|| cut(cur))?;
                    }
                    other => return Err(Stop::Type(other, at)),
                }
                cur.skip(4).ok_or_else(|| cut(cur))?; // end token
            }
        }
    }
    Ok(objects)
}
