//! `war3map.w3i`, the map info: versions 18 (Reign of Chaos), 25 (The Frozen Throne), 28 (1.31:
//! game version and script type), 31 (1.32: supported modes, game data version, enemy priority
//! flags per player), 32 and 33 (camera distances). Layout: HiveWE `src/base/map_info.ixx`
//! (`load_w3i`), mdx-m3-viewer `parsers/w3x/w3i/file.js` (to 31), HiveWE wiki "war3map.w3i".
//!
//! The header (through the tileset letter) is what the game needs to list a map; the tables after
//! it (players, forces, upgrades, tech, random tables) are read to the end when they are there,
//! and a file cut inside them (protected maps) is reported as `info`.

use crate::diag::Sink;
use crate::error::Error;
use crate::mdx::cursor::Cursor;

use super::rules;

/// Versions whose layout is known.
pub const KNOWN_VERSIONS: [u32; 6] = [18, 25, 28, 31, 32, 33];

/// The map info fields a validator needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct W3i {
    /// Format version.
    pub version: u32,
    /// Times saved.
    pub saves: u32,
    /// Editor version.
    pub editor_version: u32,
    /// 28+: game version major, minor, patch, build.
    pub game_version: Option<[u32; 4]>,
    /// Camera bound complements: left, right, bottom, top.
    pub complements: [i32; 4],
    /// Playable width in tiles.
    pub playable_width: u32,
    /// Playable height in tiles.
    pub playable_height: u32,
    /// Map flags.
    pub flags: u32,
    /// Main tileset letter.
    pub tileset: u8,
    /// 28+: 0 JASS, 1 Lua.
    pub script: Option<u32>,
    /// Players declared.
    pub players: Option<u32>,
    /// Forces declared.
    pub forces: Option<u32>,
    /// Where the file ended inside a table (1 players … 6 random items), when it did.
    pub truncated_in: Option<u8>,
}

impl W3i {
    /// The map width in tiles: playable width plus the left and right complements.
    pub fn full_width(&self) -> i64 {
        i64::from(self.playable_width)
            .saturating_add(self.complements[0].into())
            .saturating_add(self.complements[1].into())
    }

    /// The map height in tiles: playable height plus the bottom and top complements.
    pub fn full_height(&self) -> i64 {
        i64::from(self.playable_height)
            .saturating_add(self.complements[2].into())
            .saturating_add(self.complements[3].into())
    }

    /// The game build the map was saved for as `major × 100 + minor` (mdx-m3-viewer's
    /// `getBuildVersion`), 0 before w3i 28.
    pub fn build(&self) -> u32 {
        self.game_version.map_or(0, |[major, minor, _, _]| {
            major.saturating_mul(100).saturating_add(minor)
        })
    }

    /// Reads the header and as many tables as the file holds.
    pub fn parse(bytes: &[u8], sink: &mut impl Sink) -> Result<W3i, Error> {
        let mut cur = Cursor::new(bytes, 0);
        let header = |cur: &Cursor<'_>| {
            Error::file(
                &rules::W3I_HEADER_TRUNCATED,
                cur.offset(),
                [cur.offset(), 0, 0],
            )
        };
        let mut w = W3i {
            version: cur.u32().ok_or_else(|| header(&cur))?,
            ..W3i::default()
        };
        if !KNOWN_VERSIONS.contains(&w.version) {
            sink.report(rules::VERSION_UNKNOWN.with(0, [w.version.into(), 0, 0]))?;
            return Ok(w);
        }
        if let Some(d) = crate::profiles::warcraft::W3I_VERSION.check(w.version.into(), 0) {
            sink.report(d)?;
        }
        match read_header(&mut cur, &mut w) {
            Some(()) => {}
            None => return Err(header(&cur)),
        }
        let (table, at) = read_tables(&mut cur, w.version, &mut w);
        if table != 0 {
            w.truncated_in = Some(table);
            sink.report(rules::W3I_TRUNCATED.with(at, [at, table.into(), 0]))?;
        } else if !cur.is_empty() {
            sink.report(rules::TRAILING.with(cur.offset(), [cur.remaining() as u64, 0, 0]))?;
        }
        Ok(w)
    }
}

fn read_header(cur: &mut Cursor<'_>, w: &mut W3i) -> Option<()> {
    let v = w.version;
    w.saves = cur.u32()?;
    w.editor_version = cur.u32()?;
    if v >= 28 {
        w.game_version = Some([cur.u32()?, cur.u32()?, cur.u32()?, cur.u32()?]);
    }
    for _ in 0..4 {
        cur.cstr()?; // name, author, description, recommended players
    }
    cur.skip(32)?; // camera bounds
    for c in &mut w.complements {
        *c = cur.i32()?;
    }
    w.playable_width = cur.u32()?;
    w.playable_height = cur.u32()?;
    w.flags = cur.u32()?;
    w.tileset = cur.u8()?;
    // Loading screen and prologue: the game needs none of it to list the map, but it is part of
    // the header block all versions write before the tables.
    cur.skip(4)?; // loading screen number
    if v >= 25 {
        cur.cstr()?; // loading screen model
    }
    for _ in 0..3 {
        cur.cstr()?; // loading screen text, title, subtitle
    }
    cur.skip(4)?; // game data set (25+), loading screen (18)
    if v >= 25 {
        cur.cstr()?; // prologue model
    }
    for _ in 0..3 {
        cur.cstr()?; // prologue text, title, subtitle
    }
    if v >= 25 {
        cur.skip(4 + 8 + 4 + 4 + 4)?; // fog style, heights, density, colour; weather
        cur.cstr()?; // sound environment
        cur.skip(1 + 4)?; // light tileset, water colour
    }
    if v >= 28 {
        w.script = Some(cur.u32()?);
    }
    if v >= 31 {
        cur.skip(8)?; // supported modes, game data version
    }
    if v >= 32 {
        cur.skip(8)?; // default and maximum camera distance
    }
    if v >= 33 {
        cur.skip(4)?; // minimum camera distance
    }
    Some(())
}

/// Reads the tables; returns `(0, _)` when all were read, else the table the file ended in and
/// where.
fn read_tables(cur: &mut Cursor<'_>, v: u32, w: &mut W3i) -> (u8, u64) {
    let start = cur.offset();
    let mut table = 1u8;
    let mut step = |cur: &mut Cursor<'_>, w: &mut W3i| -> Option<()> {
        // Players.
        let n = cur.u32()?;
        w.players = Some(n);
        for _ in 0..n {
            cur.skip(16)?; // number, type, race, fixed start
            cur.cstr()?;
            cur.skip(8 + 8)?; // start position, ally priorities
            if v >= 31 {
                cur.skip(8)?; // enemy priorities
            }
        }
        table = 2;
        let n = cur.u32()?;
        w.forces = Some(n);
        for _ in 0..n {
            cur.skip(8)?;
            cur.cstr()?;
        }
        table = 3;
        let n = cur.u32()?;
        cur.take_records(n, 16)?;
        table = 4;
        let n = cur.u32()?;
        cur.take_records(n, 8)?;
        table = 5;
        let n = cur.u32()?;
        for _ in 0..n {
            cur.skip(4)?;
            cur.cstr()?;
            let positions = cur.u32()?;
            cur.take_records(positions, 4)?;
            let lines = cur.u32()?;
            let line = positions.checked_mul(4)?.checked_add(4)?;
            cur.take_records(lines, line)?;
        }
        table = 6;
        if v >= 25 {
            let n = cur.u32()?;
            for _ in 0..n {
                cur.skip(4)?;
                cur.cstr()?;
                let sets = cur.u32()?;
                for _ in 0..sets {
                    let items = cur.u32()?;
                    cur.take_records(items, 8)?;
                }
            }
        }
        table = 0;
        Some(())
    };
    let _ = start;
    match step(cur, w) {
        Some(()) => (0, cur.offset()),
        None => (table, cur.offset()),
    }
}
