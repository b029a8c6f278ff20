//! The node tree: no loops, no shared children (Q2PRO `BSP_ValidateTree` / `BSP_SetParent`, which
//! reject "cycle encountered"), and point queries that cannot loop.
//!
//! Without allocating, the check uses a caller-provided bitset with one bit per node and per leaf:
//! every child reference sets its target's "has a parent" bit, and a bit found already set means a
//! second parent (a shared subtree, or a loop entered from outside). Then every model's head node must
//! have no parent (a head node that is its own descendant is a loop through the root) and must not be
//! shared with another model. A graph where the roots have no parent and every other node has at most
//! one is a forest, so walks from a root terminate; the work is one pass over the nodes.
//!
//! Queries never trust that check: a descent takes at most `nodes + 1` steps (a path in a tree visits
//! each node once), so even an unvalidated map cannot make them loop.

use crate::diag::Sink;
use crate::error::Error;

use super::layout::{Layout, LeafRecord, NodeRecord};
use super::rules;
use super::view::{Lump, Map};

/// `u64` words of scratch [`check`] needs for a map with `nodes` nodes and `leafs` leafs.
pub fn scratch_words(nodes: usize, leafs: usize) -> usize {
    nodes.saturating_add(leafs).div_ceil(64)
}

/// Sets bit `i`; returns whether it was already set.
fn test_and_set(bits: &mut [u64], i: usize) -> bool {
    let Some(word) = bits.get_mut(i / 64) else {
        return false;
    };
    let mask = 1u64 << (i % 64);
    let was = *word & mask != 0;
    *word |= mask;
    was
}

/// Bit index of a child reference (node `c >= 0`, leaf `!c` after the nodes).
fn slot(nodes: usize, child: i32) -> usize {
    if child < 0 {
        nodes.saturating_add(!child as u32 as usize)
    } else {
        child as u32 as usize
    }
}

/// Runs the tree check when `scratch` is large enough (it is cleared first); otherwise does nothing.
/// Assumes child and head-node indices were checked (out-of-range ones are ignored).
pub fn check<L: Layout>(
    bsp: &Map<'_, L>,
    scratch: &mut [u64],
    sink: &mut impl Sink,
) -> Result<(), Error> {
    let nodes = bsp.nodes.len();
    let words = scratch_words(nodes, bsp.leafs.len());
    let Some(bits) = scratch.get_mut(..words) else {
        return Ok(());
    };
    bits.fill(0);
    for (i, node) in bsp.nodes.iter().enumerate() {
        for c in node.children() {
            if test_and_set(bits, slot(nodes, c)) {
                return sink.report(rules::NODE_SHARED.with(
                    bsp.record_offset(Lump::Nodes, i),
                    [i as u64, i64::from(c) as u64, 0],
                ));
            }
        }
    }
    for (m, model) in bsp.models.iter().enumerate() {
        let head = model.headnode.get();
        if test_and_set(bits, slot(nodes, head)) {
            return sink.report(rules::NODE_CYCLE.with(
                bsp.record_offset(Lump::Models, m),
                [m as u64, i64::from(head) as u64, 0],
            ));
        }
    }
    Ok(())
}

/// Why a point query failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueryError {
    /// A node, leaf or plane index is out of range.
    BadIndex,
    /// The descent took more steps than there are nodes: the tree loops.
    Loop,
}

impl<L: Layout> Map<'_, L> {
    /// The leaf containing `point` in the tree under `headnode` (`CM_PointLeafnum_r`: axial planes
    /// compare one coordinate, others the dot product; `d < 0` goes to the back child).
    pub fn point_leaf(&self, headnode: i32, point: [f32; 3]) -> Result<usize, QueryError> {
        let mut num = headnode;
        let mut steps = 0usize;
        while num >= 0 {
            if steps > self.nodes.len() {
                return Err(QueryError::Loop);
            }
            steps = steps.saturating_add(1);
            let node = self.nodes.get(num as usize).ok_or(QueryError::BadIndex)?;
            let plane = usize::try_from(node.planenum())
                .ok()
                .and_then(|p| self.planes.get(p))
                .ok_or(QueryError::BadIndex)?;
            let n = plane.normal.map(|v| v.get());
            let dist = plane.dist.get();
            let d = match plane.kind.get() {
                k @ 0..=2 => point.get(k as usize).copied().unwrap_or(0.0) - dist,
                _ => n[0] * point[0] + n[1] * point[1] + n[2] * point[2] - dist,
            };
            let side = usize::from(d < 0.0);
            num = node.children().get(side).copied().unwrap_or(-1);
        }
        let leaf = !num as u32 as usize;
        if leaf < self.leafs.len() {
            Ok(leaf)
        } else {
            Err(QueryError::BadIndex)
        }
    }

    /// The visibility cluster at `point` in the world model, `None` for a leaf without one (-1).
    pub fn cluster_at(&self, point: [f32; 3]) -> Result<Option<u64>, QueryError> {
        let head = self.models.first().map_or(0, |m| m.headnode.get());
        let leaf = self.point_leaf(head, point)?;
        Ok(self.leafs.get(leaf).and_then(|l| l.cluster()))
    }
}
