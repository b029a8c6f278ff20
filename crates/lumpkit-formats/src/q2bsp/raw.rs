//! On-disk records of a Quake 2 IBSP v38 map, exactly as `qcommon/qfiles.h` of id-Software/Quake-2
//! declares them (`dheader_t`, `lump_t`, `dplane_t`, `dnode_t`, `texinfo_t`, `dface_t`, `dleaf_t`,
//! `dedge_t`, `dmodel_t`, `dbrush_t`, `dbrushside_t`, `darea_t`, `dareaportal_t`, `dvis_t`).
//! Little-endian, unaligned, read in place. No logic here.

use zerocopy::little_endian::{F32, I16, I32, U16, U32};
use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

/// `lump_t`: where one lump lives.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct LumpEntry {
    /// Byte offset from the start of the file.
    pub offset: U32,
    /// Length in bytes.
    pub length: U32,
}

/// `dheader_t`: `IBSP`, version 38, and 19 lumps (160 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Header {
    /// `IBSP` (or `QBSP` for Qbism maps).
    pub ident: [u8; 4],
    /// 38.
    pub version: U32,
    /// The lump directory, indexed by [`super::Lump`].
    pub lumps: [LumpEntry; 19],
}

/// `dplane_t` (20 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Plane {
    /// Unit normal.
    pub normal: [F32; 3],
    /// Distance from the origin along the normal.
    pub dist: F32,
    /// Axial type (0..5).
    pub kind: I32,
}

/// `dvertex_t` (12 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Vertex {
    /// Position.
    pub point: [F32; 3],
}

/// `dnode_t` (28 bytes). A child `>= 0` is a node; a negative child `c` is leaf `-1 - c`.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Node {
    /// Splitting plane.
    pub planenum: I32,
    /// Front and back children.
    pub children: [I32; 2],
    /// Bounding box for frustum culling.
    pub mins: [I16; 3],
    /// Bounding box for frustum culling.
    pub maxs: [I16; 3],
    /// First face on the node.
    pub firstface: U16,
    /// Faces on the node (counting both sides).
    pub numfaces: U16,
}

/// `texinfo_t` (76 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct TexInfo {
    /// `[s/t][xyz offset]` texture axes.
    pub vecs: [[F32; 4]; 2],
    /// `SURF_*` flags (miptex flags override).
    pub flags: I32,
    /// Light emission etc.
    pub value: I32,
    /// Texture name, relative to `textures/`, without `.wal`.
    pub texture: [u8; 32],
    /// Next texinfo of an animation chain; 0 or less ends it (`CM`/`Q2PRO` treat `<= 0` as none).
    pub nexttexinfo: I32,
}

/// `dface_t` (20 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Face {
    /// Plane of the face.
    pub planenum: U16,
    /// Non-zero when the face is on the back of its plane.
    pub side: I16,
    /// First surfedge (must be unsigned-checked: stored as `int`).
    pub firstedge: I32,
    /// Number of surfedges.
    pub numedges: I16,
    /// Texinfo of the face.
    pub texinfo: I16,
    /// Light styles.
    pub styles: [u8; 4],
    /// Byte offset into the lighting lump, or -1.
    pub lightofs: I32,
}

/// `dleaf_t` (28 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Leaf {
    /// `CONTENTS_*` bits (leaf 0 must be `CONTENTS_SOLID`).
    pub contents: I32,
    /// Visibility cluster, -1 for none.
    pub cluster: I16,
    /// Area.
    pub area: I16,
    /// Bounding box.
    pub mins: [I16; 3],
    /// Bounding box.
    pub maxs: [I16; 3],
    /// First leafface.
    pub firstleafface: U16,
    /// Number of leaffaces.
    pub numleaffaces: U16,
    /// First leafbrush.
    pub firstleafbrush: U16,
    /// Number of leafbrushes.
    pub numleafbrushes: U16,
}

/// `dedge_t` (4 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Edge {
    /// Vertex indices.
    pub v: [U16; 2],
}

/// `dmodel_t` (48 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Model {
    /// Bounds.
    pub mins: [F32; 3],
    /// Bounds.
    pub maxs: [F32; 3],
    /// Origin for sounds and lights.
    pub origin: [F32; 3],
    /// Root of the model's node tree (negative: a single leaf, `~headnode`).
    pub headnode: I32,
    /// First face.
    pub firstface: I32,
    /// Number of faces.
    pub numfaces: I32,
}

/// `dbrush_t` (12 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Brush {
    /// First brushside.
    pub firstside: I32,
    /// Number of brushsides.
    pub numsides: I32,
    /// `CONTENTS_*`.
    pub contents: I32,
}

/// `dbrushside_t` (4 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct BrushSide {
    /// Facing out of the leaf.
    pub planenum: U16,
    /// Texinfo, -1 for none.
    pub texinfo: I16,
}

/// `darea_t` (8 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Area {
    /// Number of areaportals.
    pub numareaportals: I32,
    /// First areaportal.
    pub firstareaportal: I32,
}

/// `dareaportal_t` (8 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct AreaPortal {
    /// Portal number (`MAX_MAP_AREAPORTALS` = 1024).
    pub portalnum: I32,
    /// The area on the other side.
    pub otherarea: I32,
}

/// One `dvis_t.bitofs` entry: PVS and PHS row offsets, relative to the START of the visibility lump.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct VisOffsets {
    /// `[DVIS_PVS, DVIS_PHS]`.
    pub bitofs: [U32; 2],
}

/// Qbism `dnode_t` (44 bytes): float bounds, 32-bit face range.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct NodeX {
    /// Splitting plane.
    pub planenum: I32,
    /// Children (negative: leaf `-1 - c`).
    pub children: [I32; 2],
    /// Bounds.
    pub mins: [F32; 3],
    /// Bounds.
    pub maxs: [F32; 3],
    /// First face.
    pub firstface: U32,
    /// Face count.
    pub numfaces: U32,
}

/// Qbism `dface_t` (28 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct FaceX {
    /// Plane.
    pub planenum: U32,
    /// Side.
    pub side: I32,
    /// First surfedge.
    pub firstedge: I32,
    /// Edge count.
    pub numedges: I32,
    /// Texinfo.
    pub texinfo: I32,
    /// Light styles.
    pub styles: [u8; 4],
    /// Lightmap offset or -1.
    pub lightofs: I32,
}

/// Qbism `dleaf_t` (52 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct LeafX {
    /// Contents.
    pub contents: I32,
    /// Cluster, -1 for none.
    pub cluster: I32,
    /// Area.
    pub area: I32,
    /// Bounds.
    pub mins: [F32; 3],
    /// Bounds.
    pub maxs: [F32; 3],
    /// First leafface.
    pub firstleafface: U32,
    /// Leafface count.
    pub numleaffaces: U32,
    /// First leafbrush.
    pub firstleafbrush: U32,
    /// Leafbrush count.
    pub numleafbrushes: U32,
}

/// Qbism `dedge_t` (8 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct EdgeX {
    /// Vertex indices.
    pub v: [U32; 2],
}

/// Qbism `dbrushside_t` (8 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct BrushSideX {
    /// Plane.
    pub planenum: U32,
    /// Texinfo, -1 for none.
    pub texinfo: I32,
}
