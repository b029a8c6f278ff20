//! The checked view of a Quake 3-engine map: variant, lump directory and every lump as a typed
//! slice over the file's bytes.

use zerocopy::little_endian::I32;
use zerocopy::{FromBytes, Immutable, KnownLayout};

use crate::diag::Sink;
use crate::error::Error;
use crate::q2bsp::dir::{self, LumpData};

use super::raw::{
    Brush, BrushSide, BrushSideRaven, DrawVert, DrawVertRaven, Fog, HeaderStart, Leaf, Model, Node,
    Plane, Shader, Surface, SurfaceRaven,
};
use super::rules;

/// `IBSP`: id's ident (Quake III 46, RTCW / ET 47).
pub const IDENT_IBSP: [u8; 4] = *b"IBSP";
/// `RBSP`: Raven's ident (Jedi Outcast / Academy, Soldier of Fortune II).
pub const IDENT_RBSP: [u8; 4] = *b"RBSP";
/// `FBSP`: Qfusion's ident (Warsow, Warfork).
pub const IDENT_FBSP: [u8; 4] = *b"FBSP";
/// Quake III Arena's `BSP_VERSION`.
pub const VERSION_Q3: i32 = 46;
/// Return to Castle Wolfenstein / Enemy Territory's `BSP_VERSION`.
pub const VERSION_ET: i32 = 47;
/// `RBSP` and `FBSP`'s version.
pub const VERSION_RAVEN: i32 = 1;
/// Lumps of the Raven layout (RBSP, FBSP): `HEADER_LUMPS` 18; id's IBSP has 17.
pub const MAX_LUMPS: usize = 18;

/// Which Quake 3-engine map layout a file is (Qfusion's format table: ident and version together).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// `IBSP` 46: Quake III Arena, Quake Live, and most q3map2 games.
    Ibsp46,
    /// `IBSP` 47: Return to Castle Wolfenstein, Wolfenstein: Enemy Territory.
    Ibsp47,
    /// `RBSP` 1: Jedi Outcast / Jedi Academy, Soldier of Fortune II (four light styles).
    Rbsp,
    /// `FBSP` 1: Qfusion (Warsow, Warfork): the Raven layout with 512×512 lightmap pages.
    Fbsp,
}

impl Variant {
    /// The variant of a file by its first eight bytes, or `None` when they name none of these.
    pub fn detect(bytes: &[u8]) -> Option<Variant> {
        let (head, _) = HeaderStart::ref_from_prefix(bytes).ok()?;
        match (head.ident, head.version.get()) {
            (IDENT_IBSP, VERSION_Q3) => Some(Variant::Ibsp46),
            (IDENT_IBSP, VERSION_ET) => Some(Variant::Ibsp47),
            (IDENT_RBSP, VERSION_RAVEN) => Some(Variant::Rbsp),
            (IDENT_FBSP, VERSION_RAVEN) => Some(Variant::Fbsp),
            _ => None,
        }
    }

    /// Whether records follow Raven's layout (four light styles, 18 lumps).
    pub const fn raven(self) -> bool {
        matches!(self, Variant::Rbsp | Variant::Fbsp)
    }

    /// Lumps in the directory.
    pub const fn lump_count(self) -> usize {
        if self.raven() { 18 } else { 17 }
    }

    /// Bytes of the header: ident, version and the directory.
    pub const fn header_len(self) -> u64 {
        if self.raven() { 152 } else { 144 }
    }

    /// Width and height of a lightmap page (Qfusion's format table: 512 for FBSP, else 128).
    pub const fn lightmap_side(self) -> u32 {
        if matches!(self, Variant::Fbsp) {
            512
        } else {
            128
        }
    }

    /// Bytes of one RGB lightmap page.
    pub const fn lightmap_page(self) -> u64 {
        if matches!(self, Variant::Fbsp) {
            512 * 512 * 3
        } else {
            128 * 128 * 3
        }
    }

    /// The name `info` prints as the version: `IBSP 46`, `RBSP 1`, ….
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Ibsp46 => "IBSP 46",
            Variant::Ibsp47 => "IBSP 47",
            Variant::Rbsp => "RBSP 1",
            Variant::Fbsp => "FBSP 1",
        }
    }

    /// The lump table of this variant.
    pub fn specs(self) -> &'static [LumpSpec] {
        let all: &'static [LumpSpec; MAX_LUMPS] = match self {
            Variant::Ibsp46 | Variant::Ibsp47 => &IBSP_LUMPS,
            Variant::Rbsp => &RBSP_LUMPS,
            Variant::Fbsp => &FBSP_LUMPS,
        };
        all.get(..self.lump_count()).unwrap_or(all)
    }
}

/// Lump indices (`LUMP_*` in `qfiles.h`; `LightArray` only in the Raven layout).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Lump {
    Entities = 0,
    Shaders,
    Planes,
    Nodes,
    Leafs,
    LeafSurfaces,
    LeafBrushes,
    Models,
    Brushes,
    BrushSides,
    DrawVerts,
    DrawIndexes,
    Fogs,
    Surfaces,
    Lightmaps,
    LightGrid,
    Visibility,
    LightArray,
}

/// One lump of the table: its name (as `../shared/research/q3.md` §2 names it), its record size
/// (for counting), and whether the engines refuse a length that is not whole records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LumpSpec {
    /// Name in `info`'s `lumps`.
    pub name: &'static str,
    /// Record size; 1 for the byte lumps (entities, visibility).
    pub record: u32,
    /// Whether a loader raises "funny lump size" for a partial record.
    pub checked: bool,
}

const fn spec(name: &'static str, record: u32, checked: bool) -> LumpSpec {
    LumpSpec {
        name,
        record,
        checked,
    }
}

/// IBSP 46/47 (ioq3 `qfiles.h`; the 18th slot is unused).
pub static IBSP_LUMPS: [LumpSpec; MAX_LUMPS] = [
    spec("entities", 1, false),
    spec("shaders", 72, true),
    spec("planes", 16, true),
    spec("nodes", 36, true),
    spec("leafs", 48, true),
    spec("leaf_surfaces", 4, true),
    spec("leaf_brushes", 4, true),
    spec("models", 40, true),
    spec("brushes", 12, true),
    spec("brush_sides", 8, true),
    spec("draw_verts", 44, true),
    spec("draw_indexes", 4, true),
    spec("fogs", 72, true),
    spec("surfaces", 104, true),
    spec("lightmaps", 49_152, false),
    spec("light_grid", 8, false),
    spec("visibility", 1, false),
    spec("light_array", 2, false),
];

/// RBSP 1 (OpenJK `codemp/qcommon/qfiles.h`).
pub static RBSP_LUMPS: [LumpSpec; MAX_LUMPS] = [
    spec("entities", 1, false),
    spec("shaders", 72, true),
    spec("planes", 16, true),
    spec("nodes", 36, true),
    spec("leafs", 48, true),
    spec("leaf_surfaces", 4, true),
    spec("leaf_brushes", 4, true),
    spec("models", 40, true),
    spec("brushes", 12, true),
    spec("brush_sides", 12, true),
    spec("draw_verts", 80, true),
    spec("draw_indexes", 4, true),
    spec("fogs", 72, true),
    spec("surfaces", 148, true),
    spec("lightmaps", 49_152, false),
    spec("light_grid", 30, false),
    spec("visibility", 1, false),
    spec("light_array", 2, false),
];

/// FBSP 1 (Qfusion `qfiles.h` and `bsp.cpp`'s format table: the Raven records, 512² pages).
pub static FBSP_LUMPS: [LumpSpec; MAX_LUMPS] = [
    spec("entities", 1, false),
    spec("shaders", 72, true),
    spec("planes", 16, true),
    spec("nodes", 36, true),
    spec("leafs", 48, true),
    spec("leaf_surfaces", 4, true),
    spec("leaf_brushes", 4, true),
    spec("models", 40, true),
    spec("brushes", 12, true),
    spec("brush_sides", 12, true),
    spec("draw_verts", 80, true),
    spec("draw_indexes", 4, true),
    spec("fogs", 72, true),
    spec("surfaces", 148, true),
    spec("lightmaps", 786_432, false),
    spec("light_grid", 30, false),
    spec("visibility", 1, false),
    spec("light_array", 2, false),
];

/// Header and checked lump directory.
#[derive(Clone, Copy, Debug)]
pub struct Directory<'a> {
    /// Which layout.
    pub variant: Variant,
    /// Every lump (the Raven `light_array` slot stays empty for IBSP).
    pub lumps: [LumpData<'a>; MAX_LUMPS],
    /// Whether every lump is inside the file and whole records.
    pub clean: bool,
}

impl<'a> Directory<'a> {
    /// Reads the header and directory of a file whose variant is known ([`Variant::detect`]).
    /// A lump outside the file comes back empty; a partial record is cut off; both are reported.
    pub fn parse(
        file: &'a [u8],
        variant: Variant,
        sink: &mut impl Sink,
    ) -> Result<Directory<'a>, Error> {
        let header_len = variant.header_len();
        if (file.len() as u64) < header_len {
            return Err(Error::file(
                &rules::TRUNCATED_HEADER,
                0,
                [file.len() as u64, header_len, 0],
            ));
        }
        let mut lumps = [dir::EMPTY; MAX_LUMPS];
        let mut clean = true;
        for (i, (spec, slot)) in variant.specs().iter().zip(lumps.iter_mut()).enumerate() {
            let at = 8u64.saturating_add((i as u64).saturating_mul(8));
            let offset = crate::bytes::u32_le(file, at).unwrap_or(0);
            let length = crate::bytes::u32_le(file, at.saturating_add(4)).unwrap_or(0);
            // Offsets and lengths are `int`: a negative one is far outside the file as `u32`.
            let Some(mut bytes) = crate::bytes::range(file, offset.into(), length.into()) else {
                sink.report(
                    rules::LUMP_OUT_OF_BOUNDS.with(at, [i as u64, offset.into(), length.into()]),
                )?;
                clean = false;
                *slot = LumpData {
                    bytes: &[],
                    offset: offset.into(),
                    declared: length.into(),
                    usable: false,
                };
                continue;
            };
            let mut usable = true;
            if spec.checked {
                let rem = bytes.len().checked_rem(spec.record as usize).unwrap_or(0);
                if rem != 0 {
                    sink.report(
                        rules::LUMP_MISALIGNED
                            .with(at, [i as u64, bytes.len() as u64, spec.record.into()]),
                    )?;
                    bytes = bytes.get(..bytes.len().saturating_sub(rem)).unwrap_or(&[]);
                    usable = false;
                    clean = false;
                }
            }
            *slot = LumpData {
                bytes,
                offset: offset.into(),
                declared: length.into(),
                usable,
            };
        }
        Ok(Directory {
            variant,
            lumps,
            clean,
        })
    }

    /// One lump (empty when the variant has no such lump).
    pub fn lump(&self, lump: Lump) -> LumpData<'a> {
        if lump as usize >= self.variant.lump_count() {
            return dir::EMPTY;
        }
        self.lumps.get(lump as usize).copied().unwrap_or(dir::EMPTY)
    }

    /// `(name, count)` for every lump: whole records, bytes for entities and visibility, whole
    /// pages for lightmaps.
    pub fn counts(&self) -> impl Iterator<Item = (&'static str, u64)> + '_ {
        self.variant
            .specs()
            .iter()
            .zip(self.lumps.iter())
            .map(|(s, l)| {
                let n = (l.bytes.len() as u64)
                    .checked_div(u64::from(s.record))
                    .unwrap_or(0);
                (s.name, n)
            })
    }
}

/// A record array of the id or the Raven layout.
#[derive(Clone, Copy, Debug)]
pub enum Records<'a, I, R> {
    /// IBSP records.
    Id(&'a [I]),
    /// RBSP / FBSP records.
    Raven(&'a [R]),
}

impl<I, R> Records<'_, I, R> {
    /// Records in the lump.
    pub fn len(&self) -> usize {
        match self {
            Records::Id(r) => r.len(),
            Records::Raven(r) => r.len(),
        }
    }

    /// Whether the lump has no records.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// What the validation needs of a surface, from either layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SurfaceFields {
    /// Shader.
    pub shader: i32,
    /// Fog (-1: none).
    pub fog: i32,
    /// Surface type.
    pub kind: i32,
    /// First vertex and count.
    pub verts: (i32, i32),
    /// First index and count.
    pub indexes: (i32, i32),
    /// Lightmap page per light style in use (IBSP: one).
    pub lightmaps: [i32; 4],
    /// How many of `lightmaps` are in use.
    pub styles: usize,
    /// Patch width and height.
    pub patch: (i32, i32),
}

/// `MST_PLANAR`.
pub const MST_PLANAR: i32 = 1;
/// `MST_PATCH`.
pub const MST_PATCH: i32 = 2;
/// `MST_TRIANGLE_SOUP`.
pub const MST_TRIANGLE_SOUP: i32 = 3;
/// `MST_FLARE`.
pub const MST_FLARE: i32 = 4;
/// Raven's `LS_NONE`: a light style slot not in use.
pub const LS_NONE: u8 = 255;

impl Records<'_, Surface, SurfaceRaven> {
    /// Surface `i`'s fields.
    pub fn get(&self, i: usize) -> Option<SurfaceFields> {
        match self {
            Records::Id(r) => r.get(i).map(|s| SurfaceFields {
                shader: s.shader.get(),
                fog: s.fog.get(),
                kind: s.surface_type.get(),
                verts: (s.first_vert.get(), s.num_verts.get()),
                indexes: (s.first_index.get(), s.num_indexes.get()),
                lightmaps: [s.lightmap.get(), -1, -1, -1],
                styles: 1,
                patch: (s.patch_width.get(), s.patch_height.get()),
            }),
            Records::Raven(r) => r.get(i).map(|s| {
                let styles = 1usize.saturating_add(
                    s.lightmap_styles
                        .iter()
                        .skip(1)
                        .take_while(|&&st| st != LS_NONE)
                        .count(),
                );
                SurfaceFields {
                    shader: s.shader.get(),
                    fog: s.fog.get(),
                    kind: s.surface_type.get(),
                    verts: (s.first_vert.get(), s.num_verts.get()),
                    indexes: (s.first_index.get(), s.num_indexes.get()),
                    lightmaps: s.lightmap.map(|l| l.get()),
                    styles,
                    patch: (s.patch_width.get(), s.patch_height.get()),
                }
            }),
        }
    }

    /// Every surface's fields.
    pub fn iter(&self) -> impl Iterator<Item = SurfaceFields> + '_ {
        (0..self.len()).filter_map(|i| self.get(i))
    }
}

impl Records<'_, BrushSide, BrushSideRaven> {
    /// Brush side `i`'s plane and shader.
    pub fn get(&self, i: usize) -> Option<(i32, i32)> {
        match self {
            Records::Id(r) => r.get(i).map(|s| (s.plane.get(), s.shader.get())),
            Records::Raven(r) => r.get(i).map(|s| (s.plane.get(), s.shader.get())),
        }
    }
}

/// A Quake 3-engine map: every lump as a typed slice over the file's bytes.
#[derive(Clone, Copy, Debug)]
pub struct Map<'a> {
    /// The whole file.
    pub file: &'a [u8],
    /// Header and directory.
    pub directory: Directory<'a>,
    /// Entity text.
    pub entities: &'a [u8],
    /// `dshader_t`.
    pub shaders: &'a [Shader],
    /// `dplane_t`.
    pub planes: &'a [Plane],
    /// `dnode_t`.
    pub nodes: &'a [Node],
    /// `dleaf_t`.
    pub leafs: &'a [Leaf],
    /// Surface indices per leaf.
    pub leaf_surfaces: &'a [I32],
    /// Brush indices per leaf.
    pub leaf_brushes: &'a [I32],
    /// `dmodel_t`; model 0 is the world.
    pub models: &'a [Model],
    /// `dbrush_t`.
    pub brushes: &'a [Brush],
    /// `dbrushside_t`.
    pub brush_sides: Records<'a, BrushSide, BrushSideRaven>,
    /// `drawVert_t` / `mapVert_t`.
    pub draw_verts: Records<'a, DrawVert, DrawVertRaven>,
    /// Vertex indexes, relative to a surface's first vertex.
    pub draw_indexes: &'a [I32],
    /// `dfog_t`.
    pub fogs: &'a [Fog],
    /// `dsurface_t`.
    pub surfaces: Records<'a, Surface, SurfaceRaven>,
    /// RGB lightmap pages.
    pub lightmaps: &'a [u8],
    /// Light grid points (8 or 30 bytes each).
    pub light_grid: &'a [u8],
    /// Visibility header and rows.
    pub visibility: &'a [u8],
    /// Raven: one `u16` grid index per light grid point.
    pub light_array: &'a [u8],
}

fn slice<'a, T: FromBytes + Immutable + KnownLayout>(lump: LumpData<'a>) -> &'a [T] {
    <[T]>::ref_from_bytes(lump.bytes).unwrap_or(&[])
}

fn records<'a, I, R>(variant: Variant, lump: LumpData<'a>) -> Records<'a, I, R>
where
    I: FromBytes + Immutable + KnownLayout,
    R: FromBytes + Immutable + KnownLayout,
{
    if variant.raven() {
        Records::Raven(slice(lump))
    } else {
        Records::Id(slice(lump))
    }
}

impl<'a> Map<'a> {
    /// Parses a map: variant, header, directory, typed lumps. A file of no Quake 3 variant is an
    /// `Unsupported` error (the caller sniffs with [`Variant::detect`] first).
    pub fn parse(file: &'a [u8], sink: &mut impl Sink) -> Result<Map<'a>, Error> {
        let Some(variant) = Variant::detect(file) else {
            return Err(Error::unsupported(
                &crate::q2bsp::rules::UNSUPPORTED_VERSION,
                4,
                [u64::from(crate::bytes::u32_le(file, 4).unwrap_or(0)), 0, 0],
            ));
        };
        let directory = Directory::parse(file, variant, sink)?;
        Ok(Map::from_directory(file, directory))
    }

    /// The typed view over a checked directory.
    pub fn from_directory(file: &'a [u8], directory: Directory<'a>) -> Map<'a> {
        let l = |lump| directory.lump(lump);
        let v = directory.variant;
        Map {
            file,
            directory,
            entities: l(Lump::Entities).bytes,
            shaders: slice(l(Lump::Shaders)),
            planes: slice(l(Lump::Planes)),
            nodes: slice(l(Lump::Nodes)),
            leafs: slice(l(Lump::Leafs)),
            leaf_surfaces: slice(l(Lump::LeafSurfaces)),
            leaf_brushes: slice(l(Lump::LeafBrushes)),
            models: slice(l(Lump::Models)),
            brushes: slice(l(Lump::Brushes)),
            brush_sides: records(v, l(Lump::BrushSides)),
            draw_verts: records(v, l(Lump::DrawVerts)),
            draw_indexes: slice(l(Lump::DrawIndexes)),
            fogs: slice(l(Lump::Fogs)),
            surfaces: records(v, l(Lump::Surfaces)),
            lightmaps: l(Lump::Lightmaps).bytes,
            light_grid: l(Lump::LightGrid).bytes,
            visibility: l(Lump::Visibility).bytes,
            light_array: l(Lump::LightArray).bytes,
        }
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.directory.variant
    }

    /// File offset of record `index` of `lump` (for diagnostics).
    pub fn record_offset(&self, lump: Lump, index: usize) -> u64 {
        let l = self.directory.lump(lump);
        let size = self
            .variant()
            .specs()
            .get(lump as usize)
            .map_or(1, |s| s.record);
        l.offset
            .saturating_add((index as u64).saturating_mul(u64::from(size)))
    }

    /// Whole lightmap pages in the lump.
    pub fn lightmap_count(&self) -> usize {
        let page = self.variant().lightmap_page() as usize;
        self.lightmaps.len().checked_div(page).unwrap_or(0)
    }

    /// The RGB bytes of lightmap page `n` (`side × side × 3`, rows top first as stored).
    pub fn lightmap(&self, n: usize) -> Option<&'a [u8]> {
        let page = self.variant().lightmap_page();
        crate::bytes::range(self.lightmaps, page.checked_mul(n as u64)?, page)
    }

    /// Shader `i`'s name (bytes before the first NUL).
    pub fn shader_name(&self, i: usize) -> Option<&'a [u8]> {
        Some(crate::bytes::nul_terminated(&self.shaders.get(i)?.name).0)
    }

    /// The visibility header's `(numClusters, clusterBytes)`, when the lump holds one.
    pub fn vis_header(&self) -> Option<(i32, i32)> {
        Some((
            crate::bytes::i32_le(self.visibility, 0)?,
            crate::bytes::i32_le(self.visibility, 4)?,
        ))
    }
}
