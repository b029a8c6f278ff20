//! The two record layouts of a v38 map: id's `IBSP` (16-bit indices) and Qbism's `QBSP` (32-bit
//! indices, float bounds). Validation and queries read records through these accessors, which
//! widen every field the way Q2PRO's `BSP_ExtLong` does (IBSP 16-bit fields are unsigned; "none" is
//! `0xFFFF` in IBSP and `0xFFFFFFFF` in QBSP), so one implementation checks both layouts.

use core::fmt::Debug;

use zerocopy::little_endian::{U16, U32};
use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

use super::dir::LumpSpec;
use super::raw::{BrushSide, BrushSideX, Edge, EdgeX, Face, FaceX, Leaf, LeafX, Node, NodeX};
use super::view::{LUMP_COUNT, LUMPS, QBISM_LUMPS, Variant};

/// A record type read in place.
pub trait Record: FromBytes + Immutable + KnownLayout + Unaligned + Copy + Debug {}
impl<T: FromBytes + Immutable + KnownLayout + Unaligned + Copy + Debug> Record for T {}

/// A node.
pub trait NodeRecord: Record {
    /// Plane index.
    fn planenum(&self) -> u64;
    /// Children: `>= 0` node, `< 0` leaf `-1 - c`.
    fn children(&self) -> [i32; 2];
    /// First face and count.
    fn faces(&self) -> (u64, u64);
}

/// A face.
pub trait FaceRecord: Record {
    /// Plane index.
    fn planenum(&self) -> u64;
    /// First surfedge and count.
    fn edges(&self) -> (u64, u64);
    /// Texinfo index.
    fn texinfo(&self) -> u64;
    /// Lightmap offset, `None` for -1.
    fn lightofs(&self) -> Option<u64>;
    /// Light styles; the face has a lightmap per style before the first 255.
    fn styles(&self) -> [u8; 4];
}

/// A leaf.
pub trait LeafRecord: Record {
    /// Contents bits.
    fn contents(&self) -> i32;
    /// Cluster, `None` for "no cluster".
    fn cluster(&self) -> Option<u64>;
    /// Area.
    fn area(&self) -> u64;
    /// First leafface and count.
    fn leaffaces(&self) -> (u64, u64);
    /// First leafbrush and count.
    fn leafbrushes(&self) -> (u64, u64);
}

/// An edge.
pub trait EdgeRecord: Record {
    /// Vertex indices.
    fn vertices(&self) -> [u64; 2];
}

/// A brush side.
pub trait BrushSideRecord: Record {
    /// Plane index.
    fn planenum(&self) -> u64;
    /// Texinfo, `None` for "none".
    fn texinfo(&self) -> Option<u64>;
}

/// An index into another lump (leaffaces, leafbrushes).
pub trait IndexRecord: Record {
    /// The index.
    fn index(&self) -> u64;
}

/// One of the two layouts.
pub trait Layout: Copy + Debug {
    /// Which variant's header this layout reads.
    const VARIANT: Variant;
    /// Lump names and record sizes.
    const SPECS: &'static [LumpSpec; LUMP_COUNT];
    /// Node record.
    type Node: NodeRecord;
    /// Face record.
    type Face: FaceRecord;
    /// Leaf record.
    type Leaf: LeafRecord;
    /// Edge record.
    type Edge: EdgeRecord;
    /// Brush side record.
    type BrushSide: BrushSideRecord;
    /// Leafface / leafbrush entry.
    type Index: IndexRecord;
}

/// id's IBSP.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ibsp;

/// Qbism's QBSP.
#[derive(Clone, Copy, Debug, Default)]
pub struct Qbism;

impl Layout for Ibsp {
    const VARIANT: Variant = Variant::Ibsp;
    const SPECS: &'static [LumpSpec; LUMP_COUNT] = &LUMPS;
    type Node = Node;
    type Face = Face;
    type Leaf = Leaf;
    type Edge = Edge;
    type BrushSide = BrushSide;
    type Index = U16;
}

impl Layout for Qbism {
    const VARIANT: Variant = Variant::Qbism;
    const SPECS: &'static [LumpSpec; LUMP_COUNT] = &QBISM_LUMPS;
    type Node = NodeX;
    type Face = FaceX;
    type Leaf = LeafX;
    type Edge = EdgeX;
    type BrushSide = BrushSideX;
    type Index = U32;
}

fn u(v: i32) -> u64 {
    u64::from(v as u32)
}

fn none16(v: u16) -> Option<u64> {
    (v != u16::MAX).then_some(u64::from(v))
}

fn none32(v: u32) -> Option<u64> {
    (v != u32::MAX).then_some(u64::from(v))
}

impl NodeRecord for Node {
    #[inline]
    fn planenum(&self) -> u64 {
        u(self.planenum.get())
    }
    #[inline]
    fn children(&self) -> [i32; 2] {
        self.children.map(|c| c.get())
    }
    #[inline]
    fn faces(&self) -> (u64, u64) {
        (self.firstface.get().into(), self.numfaces.get().into())
    }
}

impl NodeRecord for NodeX {
    #[inline]
    fn planenum(&self) -> u64 {
        u(self.planenum.get())
    }
    #[inline]
    fn children(&self) -> [i32; 2] {
        self.children.map(|c| c.get())
    }
    #[inline]
    fn faces(&self) -> (u64, u64) {
        (self.firstface.get().into(), self.numfaces.get().into())
    }
}

impl FaceRecord for Face {
    #[inline]
    fn planenum(&self) -> u64 {
        self.planenum.get().into()
    }
    #[inline]
    fn edges(&self) -> (u64, u64) {
        (u(self.firstedge.get()), (self.numedges.get() as u16).into())
    }
    #[inline]
    fn texinfo(&self) -> u64 {
        (self.texinfo.get() as u16).into()
    }
    #[inline]
    fn lightofs(&self) -> Option<u64> {
        none32(self.lightofs.get() as u32)
    }
    fn styles(&self) -> [u8; 4] {
        self.styles
    }
}

impl FaceRecord for FaceX {
    #[inline]
    fn planenum(&self) -> u64 {
        self.planenum.get().into()
    }
    #[inline]
    fn edges(&self) -> (u64, u64) {
        (u(self.firstedge.get()), u(self.numedges.get()))
    }
    #[inline]
    fn texinfo(&self) -> u64 {
        u(self.texinfo.get())
    }
    #[inline]
    fn lightofs(&self) -> Option<u64> {
        none32(self.lightofs.get() as u32)
    }
    fn styles(&self) -> [u8; 4] {
        self.styles
    }
}

impl LeafRecord for Leaf {
    #[inline]
    fn contents(&self) -> i32 {
        self.contents.get()
    }
    #[inline]
    fn cluster(&self) -> Option<u64> {
        none16(self.cluster.get() as u16)
    }
    #[inline]
    fn area(&self) -> u64 {
        (self.area.get() as u16).into()
    }
    #[inline]
    fn leaffaces(&self) -> (u64, u64) {
        (
            self.firstleafface.get().into(),
            self.numleaffaces.get().into(),
        )
    }
    #[inline]
    fn leafbrushes(&self) -> (u64, u64) {
        (
            self.firstleafbrush.get().into(),
            self.numleafbrushes.get().into(),
        )
    }
}

impl LeafRecord for LeafX {
    #[inline]
    fn contents(&self) -> i32 {
        self.contents.get()
    }
    #[inline]
    fn cluster(&self) -> Option<u64> {
        none32(self.cluster.get() as u32)
    }
    #[inline]
    fn area(&self) -> u64 {
        u(self.area.get())
    }
    #[inline]
    fn leaffaces(&self) -> (u64, u64) {
        (
            self.firstleafface.get().into(),
            self.numleaffaces.get().into(),
        )
    }
    #[inline]
    fn leafbrushes(&self) -> (u64, u64) {
        (
            self.firstleafbrush.get().into(),
            self.numleafbrushes.get().into(),
        )
    }
}

impl EdgeRecord for Edge {
    #[inline]
    fn vertices(&self) -> [u64; 2] {
        self.v.map(|v| v.get().into())
    }
}

impl EdgeRecord for EdgeX {
    #[inline]
    fn vertices(&self) -> [u64; 2] {
        self.v.map(|v| v.get().into())
    }
}

impl BrushSideRecord for BrushSide {
    #[inline]
    fn planenum(&self) -> u64 {
        self.planenum.get().into()
    }
    #[inline]
    fn texinfo(&self) -> Option<u64> {
        none16(self.texinfo.get() as u16)
    }
}

impl BrushSideRecord for BrushSideX {
    #[inline]
    fn planenum(&self) -> u64 {
        self.planenum.get().into()
    }
    #[inline]
    fn texinfo(&self) -> Option<u64> {
        none32(self.texinfo.get() as u32)
    }
}

impl IndexRecord for U16 {
    #[inline]
    fn index(&self) -> u64 {
        self.get().into()
    }
}

impl IndexRecord for U32 {
    #[inline]
    fn index(&self) -> u64 {
        self.get().into()
    }
}
