//! On-disk records of Quake 3-engine maps, exactly as the engine headers declare them: ioquake3
//! `code/qcommon/qfiles.h` (`dheader_t`, `dshader_t`, `dplane_t`, `dnode_t`, `dleaf_t`, `dmodel_t`,
//! `dbrush_t`, `dbrushside_t`, `drawVert_t`, `dfog_t`, `dsurface_t`; IBSP 46, and IBSP 47 which
//! etlegacy `src/qcommon/qfiles.h` lays out the same way) and OpenJK `codemp/qcommon/qfiles.h`
//! (`dbrushside_t` with `drawSurfNum`, `mapVert_t`, `dsurface_t` and `dgrid_t` with four light
//! styles; RBSP 1, and FBSP 1 which Qfusion's `qfiles.h` reads with the same `rd*_t` records).
//! Little-endian, unaligned, read in place. No logic here.

use zerocopy::little_endian::{F32, I32};
use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

/// The fixed start of every Quake 3-engine header: ident and version (the lump directory follows).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct HeaderStart {
    /// `IBSP`, `RBSP` or `FBSP`.
    pub ident: [u8; 4],
    /// 46, 47 or 1.
    pub version: I32,
}

/// `dshader_t` (72 bytes): a shader (or texture) name and its flags.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Shader {
    /// Shader name, NUL-padded (`textures/base_wall/concrete`).
    pub name: [u8; 64],
    /// `SURF_*` bits.
    pub surface_flags: I32,
    /// `CONTENTS_*` bits.
    pub content_flags: I32,
}

/// `dplane_t` (16 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Plane {
    /// Unit normal.
    pub normal: [F32; 3],
    /// Distance from the origin.
    pub dist: F32,
}

/// `dnode_t` (36 bytes). A child `>= 0` is a node, a negative child `c` is leaf `-1 - c`.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Node {
    /// Splitting plane.
    pub plane: I32,
    /// Front and back children.
    pub children: [I32; 2],
    /// Integer bounds.
    pub mins: [I32; 3],
    /// Integer bounds.
    pub maxs: [I32; 3],
}

/// `dleaf_t` (48 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Leaf {
    /// Visibility cluster (-1: outside the map).
    pub cluster: I32,
    /// Area (portal areas).
    pub area: I32,
    /// Integer bounds.
    pub mins: [I32; 3],
    /// Integer bounds.
    pub maxs: [I32; 3],
    /// First entry of `leaf_surfaces`.
    pub first_leaf_surface: I32,
    /// Entries of `leaf_surfaces`.
    pub num_leaf_surfaces: I32,
    /// First entry of `leaf_brushes`.
    pub first_leaf_brush: I32,
    /// Entries of `leaf_brushes`.
    pub num_leaf_brushes: I32,
}

/// `dmodel_t` (40 bytes); model 0 is the world.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Model {
    /// Bounds.
    pub mins: [F32; 3],
    /// Bounds.
    pub maxs: [F32; 3],
    /// First surface.
    pub first_surface: I32,
    /// Surfaces.
    pub num_surfaces: I32,
    /// First brush.
    pub first_brush: I32,
    /// Brushes.
    pub num_brushes: I32,
}

/// `dbrush_t` (12 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Brush {
    /// First brush side.
    pub first_side: I32,
    /// Brush sides.
    pub num_sides: I32,
    /// Shader (contents).
    pub shader: I32,
}

/// `dbrushside_t` of IBSP (8 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct BrushSide {
    /// Plane (positive facing out).
    pub plane: I32,
    /// Shader.
    pub shader: I32,
}

/// `dbrushside_t` of RBSP / FBSP (12 bytes): also the surface drawn on the side.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct BrushSideRaven {
    /// Plane.
    pub plane: I32,
    /// Shader.
    pub shader: I32,
    /// Draw surface of the side.
    pub draw_surface: I32,
}

/// `drawVert_t` of IBSP (44 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct DrawVert {
    /// Position.
    pub xyz: [F32; 3],
    /// Texture coordinates.
    pub st: [F32; 2],
    /// Lightmap coordinates.
    pub lightmap: [F32; 2],
    /// Normal.
    pub normal: [F32; 3],
    /// Vertex colour.
    pub color: [u8; 4],
}

/// `mapVert_t` of RBSP / FBSP (80 bytes): four lightmap coordinates and colours (light styles).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct DrawVertRaven {
    /// Position.
    pub xyz: [F32; 3],
    /// Texture coordinates.
    pub st: [F32; 2],
    /// Lightmap coordinates per style.
    pub lightmap: [[F32; 2]; 4],
    /// Normal.
    pub normal: [F32; 3],
    /// Vertex colour per style.
    pub color: [[u8; 4]; 4],
}

/// `dfog_t` (72 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Fog {
    /// Fog shader name.
    pub shader: [u8; 64],
    /// The fog volume's brush.
    pub brush: I32,
    /// The brush side the fog is seen through (-1: none).
    pub visible_side: I32,
}

/// `dsurface_t` of IBSP (104 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Surface {
    /// Shader.
    pub shader: I32,
    /// Fog volume (-1: none).
    pub fog: I32,
    /// `mapSurfaceType_t`: 1 planar, 2 patch, 3 triangle soup, 4 flare.
    pub surface_type: I32,
    /// First draw vertex.
    pub first_vert: I32,
    /// Draw vertices.
    pub num_verts: I32,
    /// First draw index.
    pub first_index: I32,
    /// Draw indexes.
    pub num_indexes: I32,
    /// Lightmap page (negative: none, vertex lit, white).
    pub lightmap: I32,
    /// Lightmap placement.
    pub lightmap_xy: [I32; 2],
    /// Lightmap size.
    pub lightmap_size: [I32; 2],
    /// Lightmap origin.
    pub lightmap_origin: [F32; 3],
    /// Lightmap axes (the third is the flat normal).
    pub lightmap_vecs: [[F32; 3]; 3],
    /// Patch control grid width.
    pub patch_width: I32,
    /// Patch control grid height.
    pub patch_height: I32,
}

/// `dsurface_t` of RBSP / FBSP (148 bytes): four light styles.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct SurfaceRaven {
    /// Shader.
    pub shader: I32,
    /// Fog volume (-1: none).
    pub fog: I32,
    /// `mapSurfaceType_t`.
    pub surface_type: I32,
    /// First draw vertex.
    pub first_vert: I32,
    /// Draw vertices.
    pub num_verts: I32,
    /// First draw index.
    pub first_index: I32,
    /// Draw indexes.
    pub num_indexes: I32,
    /// Light style per lightmap.
    pub lightmap_styles: [u8; 4],
    /// Light style per vertex colour.
    pub vertex_styles: [u8; 4],
    /// Lightmap page per style.
    pub lightmap: [I32; 4],
    /// Lightmap x per style.
    pub lightmap_x: [I32; 4],
    /// Lightmap y per style.
    pub lightmap_y: [I32; 4],
    /// Lightmap size.
    pub lightmap_size: [I32; 2],
    /// Lightmap origin.
    pub lightmap_origin: [F32; 3],
    /// Lightmap axes.
    pub lightmap_vecs: [[F32; 3]; 3],
    /// Patch control grid width.
    pub patch_width: I32,
    /// Patch control grid height.
    pub patch_height: I32,
}

/// A light grid point of IBSP (8 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct GridPoint {
    /// Ambient colour.
    pub ambient: [u8; 3],
    /// Directed colour.
    pub directed: [u8; 3],
    /// Direction (latitude, longitude).
    pub lat_long: [u8; 2],
}

/// `dgrid_t` of RBSP / FBSP (30 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct GridPointRaven {
    /// Ambient colour per style.
    pub ambient: [[u8; 3]; 4],
    /// Directed colour per style.
    pub directed: [[u8; 3]; 4],
    /// Light styles.
    pub styles: [u8; 4],
    /// Direction.
    pub lat_long: [u8; 2],
}
