//! The three record layouts of a Quake 1 map: BSP29 (and GoldSrc's BSP30, the same records) with
//! 16-bit indices, and ericw-tools' extended formats (`bspfile.h`): `BSP2` (32-bit indices, float
//! node and leaf bounds) and `2PSB` (RMQ's earlier variant: 32-bit indices, 16-bit bounds). The
//! validation reads records through these accessors, which widen every index to `u64`, so one
//! implementation checks all three.

use core::fmt::Debug;

use zerocopy::little_endian::{U16, U32};

use crate::q2bsp::dir::LumpSpec;
use crate::q2bsp::layout::{EdgeRecord, FaceRecord, IndexRecord, Record};

use super::raw::{
    ClipNode, ClipNode2, Edge2, Face, Face2, Leaf, Leaf2, Leaf2Rmq, Node, Node2, Node2Rmq,
};
use super::view::{LUMP_COUNT, LUMPS, LUMPS_2PSB, LUMPS_BSP2};

/// A node: children are read unsigned; a value that is not a node names leaf `LEAF_BASE - c`
/// (QuakeSpasm `Mod_LoadNodes_S` uses `0xffff - p`, `Mod_LoadNodes_L1/L2` `0xffffffff - p`).
pub trait NodeRecord: Record {
    /// Plane index.
    fn planenum(&self) -> u64;
    /// Children, widened unsigned.
    fn children(&self) -> [u64; 2];
    /// First face and count.
    fn faces(&self) -> (u64, u64);
}

/// A clip node: a negative child is a contents value.
pub trait ClipNodeRecord: Record {
    /// Plane index.
    fn planenum(&self) -> u64;
    /// Children, signed.
    fn children(&self) -> [i64; 2];
}

/// A leaf.
pub trait LeafRecord: Record {
    /// PVS offset, -1 for none.
    fn visofs(&self) -> i32;
    /// First marksurface and count.
    fn marksurfaces(&self) -> (u64, u64);
}

/// One of the three layouts.
pub trait Layout: Copy + Debug {
    /// Lump names and record sizes.
    const SPECS: &'static [LumpSpec; LUMP_COUNT];
    /// `0xFFFF` or `0xFFFF_FFFF`: a child `c` that is not a node is leaf `LEAF_BASE - c`.
    const LEAF_BASE: u64;
    /// Node record.
    type Node: NodeRecord;
    /// Clip node record.
    type ClipNode: ClipNodeRecord;
    /// Face record.
    type Face: FaceRecord;
    /// Leaf record.
    type Leaf: LeafRecord;
    /// Edge record.
    type Edge: EdgeRecord;
    /// Marksurface entry.
    type Mark: IndexRecord;
}

/// BSP29 / BSP30.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bsp29;

/// ericw-tools' `BSP2`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bsp2;

/// RMQ's `2PSB`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bsp2Rmq;

impl Layout for Bsp29 {
    const SPECS: &'static [LumpSpec; LUMP_COUNT] = &LUMPS;
    const LEAF_BASE: u64 = 0xFFFF;
    type Node = Node;
    type ClipNode = ClipNode;
    type Face = Face;
    type Leaf = Leaf;
    type Edge = crate::q2bsp::raw::Edge;
    type Mark = U16;
}

impl Layout for Bsp2 {
    const SPECS: &'static [LumpSpec; LUMP_COUNT] = &LUMPS_BSP2;
    const LEAF_BASE: u64 = 0xFFFF_FFFF;
    type Node = Node2;
    type ClipNode = ClipNode2;
    type Face = Face2;
    type Leaf = Leaf2;
    type Edge = Edge2;
    type Mark = U32;
}

impl Layout for Bsp2Rmq {
    const SPECS: &'static [LumpSpec; LUMP_COUNT] = &LUMPS_2PSB;
    const LEAF_BASE: u64 = 0xFFFF_FFFF;
    type Node = Node2Rmq;
    type ClipNode = ClipNode2;
    type Face = Face2;
    type Leaf = Leaf2Rmq;
    type Edge = Edge2;
    type Mark = U32;
}

fn u(v: i32) -> u64 {
    u64::from(v as u32)
}

impl NodeRecord for Node {
    #[inline]
    fn planenum(&self) -> u64 {
        u(self.planenum.get())
    }
    #[inline]
    fn children(&self) -> [u64; 2] {
        self.children.map(|c| c.get().into())
    }
    #[inline]
    fn faces(&self) -> (u64, u64) {
        (self.firstface.get().into(), self.numfaces.get().into())
    }
}

impl NodeRecord for Node2 {
    #[inline]
    fn planenum(&self) -> u64 {
        u(self.planenum.get())
    }
    #[inline]
    fn children(&self) -> [u64; 2] {
        self.children.map(|c| u(c.get()))
    }
    #[inline]
    fn faces(&self) -> (u64, u64) {
        (self.firstface.get().into(), self.numfaces.get().into())
    }
}

impl NodeRecord for Node2Rmq {
    #[inline]
    fn planenum(&self) -> u64 {
        u(self.planenum.get())
    }
    #[inline]
    fn children(&self) -> [u64; 2] {
        self.children.map(|c| u(c.get()))
    }
    #[inline]
    fn faces(&self) -> (u64, u64) {
        (self.firstface.get().into(), self.numfaces.get().into())
    }
}

impl ClipNodeRecord for ClipNode {
    #[inline]
    fn planenum(&self) -> u64 {
        u(self.planenum.get())
    }
    #[inline]
    fn children(&self) -> [i64; 2] {
        self.children.map(|c| c.get().into())
    }
}

impl ClipNodeRecord for ClipNode2 {
    #[inline]
    fn planenum(&self) -> u64 {
        u(self.planenum.get())
    }
    #[inline]
    fn children(&self) -> [i64; 2] {
        self.children.map(|c| c.get().into())
    }
}

impl LeafRecord for Leaf {
    #[inline]
    fn visofs(&self) -> i32 {
        self.visofs.get()
    }
    #[inline]
    fn marksurfaces(&self) -> (u64, u64) {
        (
            self.firstmarksurface.get().into(),
            self.nummarksurfaces.get().into(),
        )
    }
}

impl LeafRecord for Leaf2 {
    #[inline]
    fn visofs(&self) -> i32 {
        self.visofs.get()
    }
    #[inline]
    fn marksurfaces(&self) -> (u64, u64) {
        (
            self.firstmarksurface.get().into(),
            self.nummarksurfaces.get().into(),
        )
    }
}

impl LeafRecord for Leaf2Rmq {
    #[inline]
    fn visofs(&self) -> i32 {
        self.visofs.get()
    }
    #[inline]
    fn marksurfaces(&self) -> (u64, u64) {
        (
            self.firstmarksurface.get().into(),
            self.nummarksurfaces.get().into(),
        )
    }
}
