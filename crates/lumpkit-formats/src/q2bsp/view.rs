//! The checked view of a Quake 2 map: header, directory and every lump as a typed slice.

use zerocopy::FromBytes;

use crate::diag::Sink;
use crate::error::Error;

use super::dir::{self, LumpData, LumpSpec};
use super::layout::{Ibsp, Layout, Qbism};
use super::raw::{Area, AreaPortal, Brush, Header, Model, Plane, TexInfo, Vertex};
use super::rules;

/// Size of `dheader_t`: ident, version, 19 × (offset, length).
pub const HEADER_LEN: u64 = 160;
/// Number of lumps in IBSP v38.
pub const LUMP_COUNT: usize = 19;
/// The version Quake 2 writes (`BSPVERSION`).
pub const VERSION: u32 = 38;
/// The ident of id's Quake 2 maps.
pub const IDENT_IBSP: [u8; 4] = *b"IBSP";
/// The ident of Qbism's extended-limits maps.
pub const IDENT_QBSP: [u8; 4] = *b"QBSP";

/// Lump indices, as `LUMP_*` in `qfiles.h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Lump {
    Entities = 0,
    Planes,
    Vertexes,
    Visibility,
    Nodes,
    Texinfo,
    Faces,
    Lighting,
    Leafs,
    LeafFaces,
    LeafBrushes,
    Edges,
    SurfEdges,
    Models,
    Brushes,
    BrushSides,
    Pop,
    Areas,
    AreaPortals,
}

const fn spec(name: &'static str, record: u32) -> LumpSpec {
    LumpSpec { name, record }
}

/// IBSP v38 lumps: names as in `qfiles.h` (lower case), record sizes of the `d*_t` structs.
pub static LUMPS: [LumpSpec; LUMP_COUNT] = [
    spec("entities", 1),
    spec("planes", 20),
    spec("vertexes", 12),
    spec("visibility", 1),
    spec("nodes", 28),
    spec("texinfo", 76),
    spec("faces", 20),
    spec("lighting", 1),
    spec("leafs", 28),
    spec("leaffaces", 2),
    spec("leafbrushes", 2),
    spec("edges", 4),
    spec("surfedges", 4),
    spec("models", 48),
    spec("brushes", 12),
    spec("brushsides", 4),
    spec("pop", 1),
    spec("areas", 8),
    spec("areaportals", 8),
];

/// Qbism `QBSP` lumps: the same order with 32-bit indices (sizes from Q2PRO's `bsp_lumps`
/// `disksize[1]` column in `src/common/bsp.c`).
pub static QBISM_LUMPS: [LumpSpec; LUMP_COUNT] = [
    spec("entities", 1),
    spec("planes", 20),
    spec("vertexes", 12),
    spec("visibility", 1),
    spec("nodes", 44),
    spec("texinfo", 76),
    spec("faces", 28),
    spec("lighting", 1),
    spec("leafs", 52),
    spec("leaffaces", 4),
    spec("leafbrushes", 4),
    spec("edges", 8),
    spec("surfedges", 4),
    spec("models", 48),
    spec("brushes", 12),
    spec("brushsides", 8),
    spec("pop", 1),
    spec("areas", 8),
    spec("areaportals", 8),
];

/// Which flavour of v38 map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// id's `IBSP`.
    Ibsp,
    /// Qbism's extended `QBSP` (recognised, not validated).
    Qbism,
}

/// Header and checked lump directory of a v38 map (IBSP or QBSP).
#[derive(Clone, Copy, Debug)]
pub struct Directory<'a> {
    /// IBSP or QBSP.
    pub variant: Variant,
    /// The version field (38).
    pub version: u32,
    /// Every lump, checked against the file and its record size.
    pub lumps: [LumpData<'a>; LUMP_COUNT],
    /// Whether every lump is usable (the entity lump may be clamped).
    pub clean: bool,
}

impl<'a> Directory<'a> {
    /// Reads the header and directory. Errors: file shorter than the header, wrong magic or version.
    pub fn parse(file: &'a [u8], sink: &mut impl Sink) -> Result<Directory<'a>, Error> {
        let Ok((header, _)) = Header::ref_from_prefix(file) else {
            return Err(Error::file(
                &rules::TRUNCATED_HEADER,
                0,
                [file.len() as u64, HEADER_LEN, 0],
            ));
        };
        let variant = match header.ident {
            IDENT_IBSP => Variant::Ibsp,
            IDENT_QBSP => Variant::Qbism,
            _ => {
                return Err(Error::unsupported(
                    &rules::UNSUPPORTED_VERSION,
                    0,
                    [u64::from(u32::from_le_bytes(header.ident)), 0, 0],
                ));
            }
        };
        let version = header.version.get();
        if version != VERSION {
            return Err(Error::unsupported(
                &rules::UNSUPPORTED_VERSION,
                4,
                [u64::from(version), 0, 0],
            ));
        }
        let specs = match variant {
            Variant::Ibsp => &LUMPS,
            Variant::Qbism => &QBISM_LUMPS,
        };
        let mut lumps = [dir::EMPTY; LUMP_COUNT];
        let clean = dir::read(
            file,
            8,
            specs,
            Some(Lump::Entities as usize),
            &mut lumps,
            sink,
        )?;
        Ok(Directory {
            variant,
            version,
            lumps,
            clean,
        })
    }

    /// The record layout table for this variant.
    pub fn specs(&self) -> &'static [LumpSpec; LUMP_COUNT] {
        match self.variant {
            Variant::Ibsp => &LUMPS,
            Variant::Qbism => &QBISM_LUMPS,
        }
    }

    /// One lump.
    pub fn lump(&self, lump: Lump) -> LumpData<'a> {
        self.lumps.get(lump as usize).copied().unwrap_or(dir::EMPTY)
    }

    /// `(name, count)` for every lump: records, or bytes for the byte lumps.
    pub fn counts(&self) -> impl Iterator<Item = (&'static str, u64)> + '_ {
        self.specs()
            .iter()
            .zip(self.lumps.iter())
            .map(|(s, l)| (s.name, l.count(s)))
    }
}

/// A v38 map in either record layout: every lump as a typed slice over the file's bytes.
#[derive(Clone, Copy, Debug)]
pub struct Map<'a, L: Layout> {
    /// The whole file.
    pub file: &'a [u8],
    /// Header and directory.
    pub directory: Directory<'a>,
    /// Entity text (up to the lump end; see [`super::entities`]).
    pub entities: &'a [u8],
    /// `dplane_t`.
    pub planes: &'a [Plane],
    /// `dvertex_t`.
    pub vertexes: &'a [Vertex],
    /// Raw visibility lump (see [`super::vis::Vis`]).
    pub visibility: &'a [u8],
    /// `dnode_t`.
    pub nodes: &'a [L::Node],
    /// `texinfo_t`.
    pub texinfo: &'a [TexInfo],
    /// `dface_t`.
    pub faces: &'a [L::Face],
    /// Raw lightmaps.
    pub lighting: &'a [u8],
    /// `dleaf_t`.
    pub leafs: &'a [L::Leaf],
    /// Face indices per leaf.
    pub leaffaces: &'a [L::Index],
    /// Brush indices per leaf.
    pub leafbrushes: &'a [L::Index],
    /// `dedge_t`.
    pub edges: &'a [L::Edge],
    /// Signed edge indices (negative: reversed).
    pub surfedges: &'a [zerocopy::little_endian::I32],
    /// `dmodel_t`; model 0 is the world.
    pub models: &'a [Model],
    /// `dbrush_t`.
    pub brushes: &'a [Brush],
    /// `dbrushside_t`.
    pub brushsides: &'a [L::BrushSide],
    /// Unused by the game (`pop`), kept as bytes.
    pub pop: &'a [u8],
    /// `darea_t`.
    pub areas: &'a [Area],
    /// `dareaportal_t`.
    pub areaportals: &'a [AreaPortal],
}

/// An id Quake 2 map (`IBSP`).
pub type Bsp<'a> = Map<'a, Ibsp>;
/// A Qbism extended map (`QBSP`).
pub type QbismBsp<'a> = Map<'a, Qbism>;

fn slice<'a, T: FromBytes + zerocopy::Immutable + zerocopy::KnownLayout>(
    lump: LumpData<'a>,
) -> &'a [T] {
    <[T]>::ref_from_bytes(lump.bytes).unwrap_or(&[])
}

impl<'a, L: Layout> Map<'a, L> {
    /// Parses a map of this layout: header, directory, typed lumps. Directory problems are reported
    /// to `sink` (an unusable lump comes back empty or cut to whole records). Cross-lump validation
    /// is [`Map::validate`]. A map of the other layout is an `Unsupported` error.
    pub fn parse(file: &'a [u8], sink: &mut impl Sink) -> Result<Map<'a, L>, Error> {
        let directory = Directory::parse(file, sink)?;
        if directory.variant != L::VARIANT {
            return Err(Error::unsupported(&rules::QBISM, 0, [0; 3]));
        }
        Ok(Map::from_directory(file, directory))
    }

    /// The typed view over a directory of this layout.
    pub fn from_directory(file: &'a [u8], directory: Directory<'a>) -> Map<'a, L> {
        let l = |lump| directory.lump(lump);
        Map {
            file,
            directory,
            entities: l(Lump::Entities).bytes,
            planes: slice(l(Lump::Planes)),
            vertexes: slice(l(Lump::Vertexes)),
            visibility: l(Lump::Visibility).bytes,
            nodes: slice(l(Lump::Nodes)),
            texinfo: slice(l(Lump::Texinfo)),
            faces: slice(l(Lump::Faces)),
            lighting: l(Lump::Lighting).bytes,
            leafs: slice(l(Lump::Leafs)),
            leaffaces: slice(l(Lump::LeafFaces)),
            leafbrushes: slice(l(Lump::LeafBrushes)),
            edges: slice(l(Lump::Edges)),
            surfedges: slice(l(Lump::SurfEdges)),
            models: slice(l(Lump::Models)),
            brushes: slice(l(Lump::Brushes)),
            brushsides: slice(l(Lump::BrushSides)),
            pop: l(Lump::Pop).bytes,
            areas: slice(l(Lump::Areas)),
            areaportals: slice(l(Lump::AreaPortals)),
        }
    }

    /// File offset of record `index` of `lump` (for diagnostics).
    pub fn record_offset(&self, lump: Lump, index: usize) -> u64 {
        let l = self.directory.lump(lump);
        let size = L::SPECS.get(lump as usize).map_or(1, |s| s.record);
        l.offset
            .saturating_add((index as u64).saturating_mul(u64::from(size)))
    }

    /// The texture name of a texinfo (bytes before the first NUL), e.g. `e1u1/floor1_3`.
    pub fn texture_name(&self, texinfo: usize) -> Option<&'a [u8]> {
        let t = self.texinfo.get(texinfo)?;
        Some(crate::bytes::nul_terminated(&t.texture).0)
    }
}
