//! Loops in a Quake 1 / GoldSrc / BSP2 map's trees, which every engine of the family walks without
//! a bound:
//!
//! - the render tree (nodes): `Mod_LoadNodes` ends with `Mod_SetParent (loadmodel->nodes, NULL)`
//!   (id Quake `gl_model.c`/`model.c`, QuakeSpasm `gl_model.c`), a recursion from node 0 that
//!   never returns when a child leads back up its path, and point queries (`Mod_PointInLeaf`)
//!   follow children until they reach a leaf;
//! - the clipping hulls (clipnodes, from the heads of each model's hulls the game traces:
//!   [`super::Game::clip_hulls`]): `SV_HullPointContents`
//!   loops `while (num >= 0)` and `SV_RecursiveHullCheck` recurses, so a trace that enters a loop
//!   never ends.
//!
//! A node shared by two parents is harmless here (the last parent wins, traces still end), so only
//! loops are reported (`bsp-node-cycle`, `bsp-clipnode-cycle`, errors). The walk is the Quake 2
//! check's ([`crate::q2bsp::tree`]): iterative, linear, in caller-provided scratch.

use crate::diag::Sink;
use crate::error::Error;
use crate::q2bsp::rules;
use crate::q2bsp::tree::{Child, Walked, preorder, scratch_words, walk_nodes};

use super::layout::{self, ClipNodeRecord, Layout, NodeRecord};
use super::models::ModelRecord;
use super::validate::slice;
use super::view::{Bsp1, Variant};

impl Bsp1<'_> {
    /// `u64` words of scratch [`Bsp1::check_trees`] needs.
    pub fn tree_scratch_words(&self) -> usize {
        let count = |lump: usize| {
            let records = self.lumps.get(lump).zip(self.specs().get(lump));
            records.map_or(0, |(l, spec)| l.count(spec) as usize)
        };
        // Nodes with leafs, then clipnodes (no leafs) in the same scratch.
        scratch_words(count(5), count(10)).max(scratch_words(count(9), 0))
    }

    /// Reports the first loop in the render tree (from node 0 and every model's head node) and in
    /// the clipping hulls (from every model's heads of the hulls its game traces). Run after [`Bsp1::validate`] on a
    /// clean map; does nothing when `scratch` is shorter than [`Bsp1::tree_scratch_words`].
    pub fn check_trees(&self, scratch: &mut [u64], sink: &mut impl Sink) -> Result<(), Error> {
        match self.variant {
            Variant::Bsp29 => self.check_trees_as::<layout::Bsp29>(scratch, sink),
            Variant::Bsp2 => self.check_trees_as::<layout::Bsp2>(scratch, sink),
            Variant::Bsp2Rmq => self.check_trees_as::<layout::Bsp2Rmq>(scratch, sink),
        }
    }

    fn check_trees_as<L: Layout>(
        &self,
        scratch: &mut [u64],
        sink: &mut impl Sink,
    ) -> Result<(), Error> {
        let nodes: &[L::Node] = slice(self.lump(5).0);
        let clipnodes: &[L::ClipNode] = slice(self.lump(9).0);
        let leafs = slice::<L::Leaf>(self.lump(10).0).len();
        let specs = self.specs();
        let record = |lump: usize| u64::from(specs.get(lump).map_or(1, |s| s.record));
        let at = |lump: usize, i: usize| {
            self.lump(lump)
                .1
                .saturating_add((i as u64).saturating_mul(record(lump)))
        };
        let head =
            |m: &ModelRecord, hull: usize| m.hull_head(hull).and_then(|h| usize::try_from(h).ok());
        // Render tree: node 0 first (where `Mod_SetParent` starts), then each model's head.
        let n_nodes = nodes.len() as u64;
        let node_children = |n: usize| {
            nodes.get(n).map_or([Child::Nothing; 2], |node| {
                node.children().map(|c| {
                    if c < n_nodes {
                        Child::Node(c as usize)
                    } else {
                        Child::Leaf(L::LEAF_BASE.saturating_sub(c) as usize)
                    }
                })
            })
        };
        // Only loops matter here, and nodes in preorder cannot loop: the walk runs only otherwise.
        let heads = core::iter::once(Some(0)).chain(self.models().map(|m| head(&m, 0)));
        if !preorder(nodes.len(), node_children)
            && let Some(Walked::Cycle { node, child, head }) =
                walk_nodes(nodes.len(), leafs, heads, node_children, scratch)
        {
            // Head 0 is node 0, the world's tree; head `m + 1` is model `m`'s.
            let model = head.saturating_sub(1);
            return sink.report(
                rules::NODE_CYCLE.with(at(5, node), [node as u64, child as u64, model as u64]),
            );
        }
        // The clipping hulls of every model that the game traces; a negative child is a contents
        // value.
        let hulls = self.game.clip_hulls();
        let clip_children = |n: usize| {
            clipnodes.get(n).map_or([Child::Nothing; 2], |c| {
                c.children()
                    .map(|c| usize::try_from(c).map_or(Child::Nothing, Child::Node))
            })
        };
        let hull_heads = self
            .models()
            .flat_map(|m| (1..=hulls).map(move |hull| head(&m, hull)));
        if !preorder(clipnodes.len(), clip_children)
            && let Some(Walked::Cycle { node, child, head }) =
                walk_nodes(clipnodes.len(), 0, hull_heads, clip_children, scratch)
        {
            return sink.report(rules::CLIPNODE_CYCLE.with(
                at(9, node),
                [
                    node as u64,
                    child as u64,
                    head.checked_div(hulls).unwrap_or(0) as u64,
                ],
            ));
        }
        Ok(())
    }
}
