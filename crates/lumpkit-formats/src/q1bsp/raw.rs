//! On-disk records of Quake 1 (BSP29) and GoldSrc (BSP30) maps, as `bspfile.h` of id's Quake
//! (`dplane_t` is shared with Quake 2, see [`crate::q2bsp::raw::Plane`]). No logic here.

use zerocopy::little_endian::{F32, I16, I32, U16, U32};
use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

/// `dnode_t` (24 bytes): children are 16-bit; QuakeSpasm reads them unsigned, a value past the
/// node count naming leaf `65535 - child`.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Node {
    /// Splitting plane.
    pub planenum: I32,
    /// Front and back children.
    pub children: [U16; 2],
    /// Bounds.
    pub mins: [I16; 3],
    /// Bounds.
    pub maxs: [I16; 3],
    /// First face.
    pub firstface: U16,
    /// Face count.
    pub numfaces: U16,
}

/// `dclipnode_t` (8 bytes): a negative child is a contents value.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct ClipNode {
    /// Splitting plane.
    pub planenum: I32,
    /// Children.
    pub children: [I16; 2],
}

/// `texinfo_t` (40 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct TexInfo {
    /// Texture axes.
    pub vecs: [[F32; 4]; 2],
    /// Index into the textures lump.
    pub miptex: I32,
    /// `TEX_SPECIAL` etc.
    pub flags: I32,
}

/// `dface_t` (20 bytes): the same record in Quake 1, GoldSrc and Quake 2 (`bspfile.h` and
/// `qfiles.h` agree field for field), so it is defined once.
pub use crate::q2bsp::raw::Face;

/// `dleaf_t` (28 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Leaf {
    /// `CONTENTS_*` (negative).
    pub contents: I32,
    /// Offset of the leaf's PVS row in the visibility lump, -1 for none.
    pub visofs: I32,
    /// Bounds.
    pub mins: [I16; 3],
    /// Bounds.
    pub maxs: [I16; 3],
    /// First marksurface.
    pub firstmarksurface: U16,
    /// Marksurface count.
    pub nummarksurfaces: U16,
    /// Ambient sound levels.
    pub ambient_level: [u8; 4],
}

/// `dmodel_t` (64 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Model {
    /// Bounds.
    pub mins: [F32; 3],
    /// Bounds.
    pub maxs: [F32; 3],
    /// Origin.
    pub origin: [F32; 3],
    /// Head node of the render tree and of the three clipping hulls.
    pub headnode: [I32; 4],
    /// Leafs with visibility, not counting leaf 0.
    pub visleafs: I32,
    /// First face.
    pub firstface: I32,
    /// Face count.
    pub numfaces: I32,
}

/// Hexen II's `dmodel_t` (80 bytes, uHexen2 `common/bspfile.h`, ericw-tools `dmodelh2_t`):
/// Quake's record with `MAX_MAP_HULLS` 8 head nodes (the render tree and seven clipping hulls).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct ModelH2 {
    /// Bounds.
    pub mins: [F32; 3],
    /// Bounds.
    pub maxs: [F32; 3],
    /// Origin.
    pub origin: [F32; 3],
    /// Head node of the render tree and of the seven clipping hulls.
    pub headnode: [I32; 8],
    /// Leafs with visibility, not counting leaf 0.
    pub visleafs: I32,
    /// First face.
    pub firstface: I32,
    /// Face count.
    pub numfaces: I32,
}

/// BSP2 `bsp2_dnode_t` (44 bytes, ericw-tools `bspfile.h`): 32-bit children (negative: leaf
/// `-1 - c`), float bounds, 32-bit face range.
pub use crate::q2bsp::raw::NodeX as Node2;

/// 2PSB `bsp2rmq_dnode_t` (32 bytes): as BSP2 but with 16-bit bounds.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Node2Rmq {
    /// Splitting plane.
    pub planenum: I32,
    /// Children (negative: leaf `-1 - c`).
    pub children: [I32; 2],
    /// Bounds.
    pub mins: [I16; 3],
    /// Bounds.
    pub maxs: [I16; 3],
    /// First face.
    pub firstface: U32,
    /// Face count.
    pub numfaces: U32,
}

/// BSP2 / 2PSB `bsp2_dclipnode_t` (12 bytes): 32-bit children, negative = contents.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct ClipNode2 {
    /// Splitting plane.
    pub planenum: I32,
    /// Children.
    pub children: [I32; 2],
}

/// BSP2 / 2PSB `bsp2_dface_t` (28 bytes): the same record as Qbism's.
pub use crate::q2bsp::raw::FaceX as Face2;

/// BSP2 / 2PSB `bsp2_dedge_t` (8 bytes): 32-bit vertex indices.
pub use crate::q2bsp::raw::EdgeX as Edge2;

/// BSP2 `bsp2_dleaf_t` (44 bytes): float bounds, 32-bit marksurface range.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Leaf2 {
    /// `CONTENTS_*` (negative).
    pub contents: I32,
    /// Offset of the leaf's PVS row, -1 for none.
    pub visofs: I32,
    /// Bounds.
    pub mins: [F32; 3],
    /// Bounds.
    pub maxs: [F32; 3],
    /// First marksurface.
    pub firstmarksurface: U32,
    /// Marksurface count.
    pub nummarksurfaces: U32,
    /// Ambient sound levels.
    pub ambient_level: [u8; 4],
}

/// 2PSB `bsp2rmq_dleaf_t` (32 bytes): as BSP2 but with 16-bit bounds.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Leaf2Rmq {
    /// `CONTENTS_*` (negative).
    pub contents: I32,
    /// Offset of the leaf's PVS row, -1 for none.
    pub visofs: I32,
    /// Bounds.
    pub mins: [I16; 3],
    /// Bounds.
    pub maxs: [I16; 3],
    /// First marksurface.
    pub firstmarksurface: U32,
    /// Marksurface count.
    pub nummarksurfaces: U32,
    /// Ambient sound levels.
    pub ambient_level: [u8; 4],
}
