//! The checked view of a BSP29 / BSP30 / BSP2 / 2PSB map: directory and the embedded-texture table.

use crate::bytes;
use crate::diag::Sink;
use crate::error::Error;
use crate::q2bsp::dir::{self, LumpData, LumpSpec};
use crate::q2bsp::rules;

/// Header size: version and 15 × (offset, length).
pub const HEADER_LEN: u64 = 124;
/// Lump count.
pub const LUMP_COUNT: usize = 15;
/// `LUMP_ENTITIES`.
pub const LUMP_ENTITIES: usize = 0;
/// `LUMP_TEXTURES`.
pub const LUMP_TEXTURES: usize = 2;

const fn spec(name: &'static str, record: u32) -> LumpSpec {
    LumpSpec { name, record }
}

/// Lumps in `bspfile.h` order with the names `info` prints.
pub static LUMPS: [LumpSpec; LUMP_COUNT] = [
    spec("entities", 1),
    spec("planes", 20),
    spec("textures", 1),
    spec("vertexes", 12),
    spec("visibility", 1),
    spec("nodes", 24),
    spec("texinfo", 40),
    spec("faces", 20),
    spec("lighting", 1),
    spec("clipnodes", 8),
    spec("leafs", 28),
    spec("marksurfaces", 2),
    spec("edges", 4),
    spec("surfedges", 4),
    spec("models", 64),
];

/// The version field of Quake's maps.
pub const VERSION_QUAKE: u32 = 29;
/// The version field of GoldSrc (Half-Life) maps.
pub const VERSION_GOLDSRC: u32 = 30;

/// `BSP2` as the little-endian number in the version field (ericw-tools `BSP2VERSION`).
pub const BSP2_MAGIC: u32 = u32::from_le_bytes(*b"BSP2");
/// `2PSB` as the little-endian number in the version field (`BSP2RMQVERSION`).
pub const BSP2RMQ_MAGIC: u32 = u32::from_le_bytes(*b"2PSB");

/// Record sizes of `BSP2` (ericw-tools `bspfile.h`: `bsp2_dnode_t` 44, `bsp2_dface_t` 28,
/// `bsp2_dclipnode_t` 12, `bsp2_dleaf_t` 44, 32-bit marksurfaces, `bsp2_dedge_t` 8).
pub static LUMPS_BSP2: [LumpSpec; LUMP_COUNT] = [
    spec("entities", 1),
    spec("planes", 20),
    spec("textures", 1),
    spec("vertexes", 12),
    spec("visibility", 1),
    spec("nodes", 44),
    spec("texinfo", 40),
    spec("faces", 28),
    spec("lighting", 1),
    spec("clipnodes", 12),
    spec("leafs", 44),
    spec("marksurfaces", 4),
    spec("edges", 8),
    spec("surfedges", 4),
    spec("models", 64),
];

/// Record sizes of `2PSB`: as `BSP2`, with 16-bit bounds in nodes (32 bytes) and leafs (32 bytes).
pub static LUMPS_2PSB: [LumpSpec; LUMP_COUNT] = [
    spec("entities", 1),
    spec("planes", 20),
    spec("textures", 1),
    spec("vertexes", 12),
    spec("visibility", 1),
    spec("nodes", 32),
    spec("texinfo", 40),
    spec("faces", 28),
    spec("lighting", 1),
    spec("clipnodes", 12),
    spec("leafs", 32),
    spec("marksurfaces", 4),
    spec("edges", 8),
    spec("surfedges", 4),
    spec("models", 64),
];

/// Hexen II's lump tables: the variant's, with the 80-byte model record ([`super::hexen2`]).
const fn hexen2_specs(mut specs: [LumpSpec; LUMP_COUNT]) -> [LumpSpec; LUMP_COUNT] {
    specs[LUMP_MODELS] = spec("models", 80);
    specs
}

/// Hexen II's BSP29.
pub static LUMPS_HEXEN2: [LumpSpec; LUMP_COUNT] = hexen2_specs(LUMPS);
/// Hexen II's BSP2 (ericw-tools `bspver_h2bsp2`).
pub static LUMPS_BSP2_HEXEN2: [LumpSpec; LUMP_COUNT] = hexen2_specs(LUMPS_BSP2);
/// Hexen II's 2PSB (ericw-tools `bspver_h2bsp2rmq`).
pub static LUMPS_2PSB_HEXEN2: [LumpSpec; LUMP_COUNT] = hexen2_specs(LUMPS_2PSB);

/// `LUMP_MODELS`.
pub const LUMP_MODELS: usize = 14;

/// The game a Quake 1 family map was made for: it decides the model record, the clipping hulls
/// the engine traces, and which engines' limits apply ([`crate::profiles`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    /// Quake and its ports (BSP29, BSP2, 2PSB).
    Quake,
    /// Half-Life and other GoldSrc games (BSP30).
    GoldSrc,
    /// Hexen II (BSP29, or BSP2 / 2PSB from ericw-tools, with 80-byte model records).
    Hexen2,
}

impl Game {
    /// The name `info` prints (`quake`, `goldsrc`, `hexen2`).
    pub const fn name(self) -> &'static str {
        match self {
            Game::Quake => "quake",
            Game::GoldSrc => "goldsrc",
            Game::Hexen2 => "hexen2",
        }
    }

    /// The clipping hulls the game's engines trace, counted from hull 1: Quake's player and
    /// shambler hulls (2); GoldSrc's also its crouching hull (3); Hexen II's five (player,
    /// scorpion, crouch, hydra, golem: uHexen2 `Mod_LoadClipnodes` sets up `hulls[1..5]`).
    pub const fn clip_hulls(self) -> usize {
        match self {
            Game::Quake => 2,
            Game::GoldSrc => 3,
            Game::Hexen2 => 5,
        }
    }
}

/// Which record layout a Quake 1 family map uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// BSP29 (Quake) or BSP30 (GoldSrc): 16-bit indices.
    Bsp29,
    /// ericw-tools' `BSP2`: 32-bit indices, float bounds.
    Bsp2,
    /// RMQ's `2PSB`: 32-bit indices, 16-bit bounds.
    Bsp2Rmq,
}

impl Variant {
    /// The variant of a version field, `None` for one lumpkit does not read.
    pub fn of(version: u32) -> Option<Variant> {
        match version {
            VERSION_QUAKE | VERSION_GOLDSRC => Some(Variant::Bsp29),
            BSP2_MAGIC => Some(Variant::Bsp2),
            BSP2RMQ_MAGIC => Some(Variant::Bsp2Rmq),
            _ => None,
        }
    }

    /// The lump table of this variant (Quake's model record: see [`Bsp1::specs`]).
    pub fn specs(self) -> &'static [LumpSpec; LUMP_COUNT] {
        match self {
            Variant::Bsp29 => &LUMPS,
            Variant::Bsp2 => &LUMPS_BSP2,
            Variant::Bsp2Rmq => &LUMPS_2PSB,
        }
    }
}

/// The lump table of `variant` for a map of `game`.
fn specs_of(variant: Variant, game: Game) -> &'static [LumpSpec; LUMP_COUNT] {
    match (variant, game) {
        (Variant::Bsp29, Game::Hexen2) => &LUMPS_HEXEN2,
        (Variant::Bsp2, Game::Hexen2) => &LUMPS_BSP2_HEXEN2,
        (Variant::Bsp2Rmq, Game::Hexen2) => &LUMPS_2PSB_HEXEN2,
        (variant, _) => variant.specs(),
    }
}

/// A Quake 1, GoldSrc, Hexen II, BSP2 or 2PSB map.
#[derive(Clone, Copy, Debug)]
pub struct Bsp1<'a> {
    /// 29 (Quake, Hexen II), 30 (GoldSrc), or [`BSP2_MAGIC`] / [`BSP2RMQ_MAGIC`].
    pub version: u32,
    /// The record layout.
    pub variant: Variant,
    /// The game the map was made for.
    pub game: Game,
    /// Every lump, checked.
    pub lumps: [LumpData<'a>; LUMP_COUNT],
    /// Whether every lump is usable.
    pub clean: bool,
    texture_count: u32,
}

impl<'a> Bsp1<'a> {
    /// Whether `file` starts with version 29 or 30, `BSP2` or `2PSB`.
    pub fn sniff(file: &[u8]) -> bool {
        bytes::u32_le(file, 0).and_then(Variant::of).is_some()
    }

    /// The version as `info` names it: the number, or the `BSP2` / `2PSB` magic.
    pub fn version_name(&self) -> Option<&'static str> {
        match self.variant {
            Variant::Bsp29 => None,
            Variant::Bsp2 => Some("BSP2"),
            Variant::Bsp2Rmq => Some("2PSB"),
        }
    }

    /// Whether the textures take the caller's (Quake) palette: every variant but GoldSrc's.
    pub fn needs_palette(&self) -> bool {
        self.version != 30
    }

    /// Parses the header and directory and checks the textures table.
    pub fn parse(file: &'a [u8], sink: &mut impl Sink) -> Result<Bsp1<'a>, Error> {
        let version = bytes::u32_le(file, 0).unwrap_or(0);
        if (file.len() as u64) < HEADER_LEN {
            return Err(Error::file(
                &rules::TRUNCATED_HEADER,
                0,
                [file.len() as u64, HEADER_LEN, 0],
            ));
        }
        let Some(variant) = Variant::of(version) else {
            return Err(Error::unsupported(
                &rules::UNSUPPORTED_VERSION,
                0,
                [u64::from(version), 0, 0],
            ));
        };
        let game = if version == VERSION_GOLDSRC {
            Game::GoldSrc
        } else if super::hexen2::is_hexen2(file, variant.specs()) {
            Game::Hexen2
        } else {
            Game::Quake
        };
        let mut lumps = [dir::EMPTY; LUMP_COUNT];
        let specs = specs_of(variant, game);
        let clean = dir::read(file, 4, specs, Some(LUMP_ENTITIES), &mut lumps, sink)?;
        let mut bsp = Bsp1 {
            version,
            variant,
            game,
            lumps,
            clean,
            texture_count: 0,
        };
        bsp.texture_count = bsp.check_textures(sink)?;
        Ok(bsp)
    }

    fn textures_lump(&self) -> LumpData<'a> {
        self.lumps.get(LUMP_TEXTURES).copied().unwrap_or(dir::EMPTY)
    }

    /// Checks the `dmiptexlump_t` header and offsets; returns the usable texture count.
    fn check_textures(&self, sink: &mut impl Sink) -> Result<u32, Error> {
        let lump = self.textures_lump();
        if lump.bytes.is_empty() {
            return Ok(0);
        }
        let count = bytes::i32_le(lump.bytes, 0).map_or(0, |c| c.max(0) as u32);
        let table = 4u64.saturating_add(u64::from(count).saturating_mul(4));
        if bytes::u32_le(lump.bytes, 0).is_none() || table > lump.bytes.len() as u64 {
            sink.report(
                rules::TEXTURES_HEADER_SHORT
                    .with(lump.offset, [lump.bytes.len() as u64, u64::from(count), 0]),
            )?;
            return Ok(0);
        }
        for i in 0..count {
            let Some(ofs) = bytes::i32_le(lump.bytes, 4u64.saturating_add(u64::from(i) * 4)) else {
                break;
            };
            if ofs != -1 && (ofs < 0 || ofs as u64 >= lump.bytes.len() as u64) {
                sink.report(
                    rules::MIPTEX_BAD_OFFSET.with(
                        lump.offset
                            .saturating_add(4)
                            .saturating_add(u64::from(i) * 4),
                        [u64::from(i), i64::from(ofs) as u64, lump.bytes.len() as u64],
                    ),
                )?;
            }
        }
        Ok(count)
    }

    /// The lump table of this map: its variant's, with Hexen II's model record for a Hexen II map.
    pub fn specs(&self) -> &'static [LumpSpec; LUMP_COUNT] {
        specs_of(self.variant, self.game)
    }

    /// The lump directory with counts as `info` prints them (`textures` = miptex count).
    pub fn counts(&self) -> impl Iterator<Item = (&'static str, u64)> + '_ {
        self.specs().iter().zip(self.lumps.iter()).map(|(s, l)| {
            if s.name == "textures" {
                let declared = bytes::i32_le(l.bytes, 0).map_or(0, |c| c.max(0) as u64);
                (s.name, declared)
            } else {
                (s.name, l.count(s))
            }
        })
    }

    /// The entity lump.
    pub fn entities(&self) -> &'a [u8] {
        self.lumps.get(LUMP_ENTITIES).map_or(&[], |l| l.bytes)
    }

    /// Number of texture slots whose table the lump holds.
    pub fn texture_count(&self) -> u32 {
        self.texture_count
    }

    /// Embedded texture `i`: the bytes from its offset to the end of the textures lump (the miptex
    /// record and its pixels), and the file offset. `None` for a missing (-1) or bad offset.
    pub fn texture(&self, i: u32) -> Option<(&'a [u8], u64)> {
        if i >= self.texture_count {
            return None;
        }
        let lump = self.textures_lump();
        let ofs = bytes::i32_le(lump.bytes, 4u64.saturating_add(u64::from(i) * 4))?;
        let ofs = u64::try_from(ofs).ok()?;
        Some((
            bytes::tail(lump.bytes, ofs)?,
            lump.offset.saturating_add(ofs),
        ))
    }
}
