//! On-disk records of Quake 1 (BSP29) and GoldSrc (BSP30) maps, as `bspfile.h` of id's Quake
//! (`dplane_t` is shared with Quake 2, see [`crate::q2bsp::raw::Plane`]). No logic here.

use zerocopy::little_endian::{F32, I16, I32, U16};
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
