//! The node tree as the engines walk it: from each model's head node, never from the rest.
//!
//! - A loop reachable from a head node is fatal everywhere: id Quake 2 and yquake2 recurse in
//!   `Mod_SetParent` (renderer) and in every trace (`CM_RecursiveHullCheck`) without end, and Q2PRO
//!   refuses it (`BSP_SetParent`: "cycle encountered"). `bsp-node-cycle`, an error.
//! - A node or leaf reached twice without a loop (a subtree shared by two parents or two models) is
//!   refused by Q2PRO only (`BSP_ValidateTree` walks every model's head and refuses a child that
//!   already has a parent); id Quake 2 and yquake2 never check and keep the last parent.
//!   `bsp-node-shared`, profiled ([`crate::profiles::quake2::NODE_SHARED`]).
//! - Nodes no model reaches are never walked by any engine: nothing is said about them.
//!
//! The walk is an iterative depth-first search in caller-provided scratch, no recursion and no
//! allocation: two colour bits per node (unseen, on the current path, done), one bit per leaf, and
//! an explicit stack of `u32` entries (node index and which child is next). A node goes on the
//! stack only while it is on the current path, so the stack never holds more than `nodes`
//! entries, and each node and leaf is entered at most once: the work is linear in nodes + leafs +
//! models, 65,536 nodes or several million alike.
//!
//! Queries never trust that check: a descent takes at most `nodes + 1` steps (a path in a tree visits
//! each node once), so even an unvalidated map cannot make them loop.

use crate::diag::Sink;
use crate::error::Error;

use super::layout::{Layout, LeafRecord, NodeRecord};
use super::rules;
use super::view::{Lump, Map};

/// Colour of a node not reached yet.
const UNSEEN: u64 = 0;
/// Colour of a node on the current path (reaching it again closes a loop).
const ON_PATH: u64 = 1;
/// Colour of a node whose subtree is done (reaching it again shares it).
const DONE: u64 = 2;

/// Scratch words of each part: node colours (2 bits), leaf bits, the stack (2 entries a word).
fn parts(nodes: usize, leafs: usize) -> [usize; 3] {
    [nodes.div_ceil(32), leafs.div_ceil(64), nodes.div_ceil(2)]
}

/// `u64` words of scratch [`check`] needs for a map with `nodes` nodes and `leafs` leafs.
pub fn scratch_words(nodes: usize, leafs: usize) -> usize {
    parts(nodes, leafs)
        .into_iter()
        .fold(0usize, usize::saturating_add)
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

fn colour(colours: &[u64], n: usize) -> u64 {
    colours
        .get(n / 32)
        .map_or(DONE, |w| (w >> ((n % 32) << 1)) & 3)
}

fn set_colour(colours: &mut [u64], n: usize, c: u64) {
    if let Some(w) = colours.get_mut(n / 32) {
        let shift = (n % 32) << 1;
        *w = (*w & !(3u64 << shift)) | (c << shift);
    }
}

/// The stack of the walk: `u32` entries (node index times 4, plus the next child: 0, 1, or 2 =
/// both done), two to a word. Node counts come from 32-bit lump lengths over records of at least
/// 28 bytes, so an index times 4 fits.
struct Stack<'s> {
    words: &'s mut [u64],
    len: usize,
}

impl Stack<'_> {
    fn get(&self, i: usize) -> Option<u32> {
        let w = self.words.get(i / 2)?;
        Some((w >> ((i % 2) << 5)) as u32)
    }

    fn set(&mut self, i: usize, v: u32) -> bool {
        let Some(w) = self.words.get_mut(i / 2) else {
            return false;
        };
        let shift = (i % 2) << 5;
        *w = (*w & !(0xFFFF_FFFFu64 << shift)) | (u64::from(v) << shift);
        true
    }

    fn push(&mut self, node: usize) -> bool {
        let Some(entry) = u32::try_from(node).ok().and_then(|n| n.checked_mul(4)) else {
            return false;
        };
        let pushed = self.set(self.len, entry);
        if pushed {
            self.len = self.len.saturating_add(1);
        }
        pushed
    }
}

/// A node's child as the walk sees it: each layout's own encoding (Quake 2's `!leaf`, Quake 1's
/// `LEAF_BASE - c`) is read by its caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Child {
    /// A node index (out-of-range indices are skipped: they have rules of their own).
    Node(usize),
    /// A leaf index.
    Leaf(usize),
    /// Neither (a value no engine follows, or a missing record).
    Nothing,
}

/// Who reached a node or leaf a second time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reacher {
    /// This node.
    Node(usize),
    /// The head this walk started from (an index into the `heads` given).
    Head(usize),
}

/// What [`walk_nodes`] found: the first loop, else the first node (or head) that reached a node or
/// leaf reached before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Walked {
    /// `child` of `node` is on the path from head `head` to `node`: the tree loops.
    Cycle {
        /// The node whose child closes the loop.
        node: usize,
        /// That child (a node index).
        child: usize,
        /// The head whose walk found it.
        head: usize,
    },
    /// A node or leaf reached a second time without a loop.
    Shared(Reacher),
}

/// The walk itself, for any BSP family (see the module docs): from each head in `heads` (`None`
/// for a head that is no node), children read through `children`. `None` when the trees are
/// disjoint, or when `scratch` is shorter than [`scratch_words`]`(nodes, leafs)`.
pub(crate) fn walk_nodes(
    nodes: usize,
    leafs: usize,
    heads: impl Iterator<Item = Option<usize>> + Clone,
    children: impl Fn(usize) -> [Child; 2],
    scratch: &mut [u64],
) -> Option<Walked> {
    let [cw, lw, sw] = parts(nodes, leafs);
    let total = scratch_words(nodes, leafs);
    let (colours, rest) = scratch.get_mut(..total)?.split_at_mut(cw);
    let (leaf_bits, stack_words) = rest.split_at_mut(lw);
    colours.fill(0);
    leaf_bits.fill(0);
    if single_parent_preorder(nodes, leafs, heads.clone(), &children, colours, leaf_bits) {
        return None;
    }
    colours.fill(0);
    leaf_bits.fill(0);
    let mut stack = Stack {
        words: stack_words.get_mut(..sw)?,
        len: 0,
    };
    let mut shared = None;
    for (h, head) in heads.enumerate() {
        let Some(head) = head.filter(|&n| n < nodes) else {
            continue;
        };
        if colour(colours, head) != UNSEEN {
            shared.get_or_insert(Walked::Shared(Reacher::Head(h)));
            continue;
        }
        set_colour(colours, head, ON_PATH);
        stack.push(head);
        while let Some(top) = stack.len.checked_sub(1) {
            let entry = stack.get(top)?;
            let (n, next) = ((entry / 4) as usize, entry % 4);
            if next >= 2 {
                set_colour(colours, n, DONE);
                stack.len = top;
                continue;
            }
            stack.set(top, entry.saturating_add(1));
            let here = Walked::Shared(Reacher::Node(n));
            match children(n).get(next as usize).copied() {
                Some(Child::Leaf(leaf)) => {
                    let again = leaf < leafs && test_and_set(leaf_bits, leaf);
                    shared = shared.or(again.then_some(here));
                }
                Some(Child::Node(c)) if c < nodes => match colour(colours, c) {
                    UNSEEN => {
                        set_colour(colours, c, ON_PATH);
                        stack.push(c);
                    }
                    ON_PATH => {
                        return Some(Walked::Cycle {
                            node: n,
                            child: c,
                            head: h,
                        });
                    }
                    _ => {
                        shared.get_or_insert(here);
                    }
                },
                _ => {}
            }
        }
    }
    shared
}

/// Whether every node child has a higher index than its parent: then no walk can loop. The
/// compilers number nodes in preorder (id's qbsp3 `EmitDrawNode`, qbsp's `ExportClipNodes`, and
/// their successors), so this one pass in index order settles the usual map without a walk.
pub(crate) fn preorder(nodes: usize, children: impl Fn(usize) -> [Child; 2]) -> bool {
    (0..nodes).all(|n| {
        children(n)
            .into_iter()
            .all(|c| !matches!(c, Child::Node(c) if c < nodes && c <= n))
    })
}

/// [`preorder`], and no node or leaf named twice (as a child of any node, or as a head): then the
/// walk finds nothing, since reaching one twice needs two names for it. One pass over the nodes in
/// index order, with one bit per node (in `node_bits`) and per leaf; `false` sends the map to the
/// walk, which finds what is wrong and where.
fn single_parent_preorder(
    nodes: usize,
    leafs: usize,
    heads: impl Iterator<Item = Option<usize>>,
    children: &impl Fn(usize) -> [Child; 2],
    node_bits: &mut [u64],
    leaf_bits: &mut [u64],
) -> bool {
    for head in heads.flatten() {
        if head < nodes && test_and_set(node_bits, head) {
            return false;
        }
    }
    (0..nodes).all(|n| {
        children(n).into_iter().all(|c| match c {
            Child::Node(c) if c < nodes => c > n && !test_and_set(node_bits, c),
            Child::Leaf(leaf) if leaf < leafs => !test_and_set(leaf_bits, leaf),
            _ => true,
        })
    })
}

/// What the walk found: the first loop, else the first node (or model) reaching a node or leaf
/// reached before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finding {
    /// A child on the path from a model's head to its parent: the tree loops.
    Cycle {
        /// The node whose child closes the loop.
        node: usize,
        /// That child (a node index).
        child: i32,
        /// The model whose walk found it.
        model: usize,
    },
    /// A node or leaf reached a second time without a loop.
    Shared {
        /// The record that reaches it again: a node, or a model whose head was reached before.
        offset: u64,
    },
}

/// Walks every model's tree from its head node (see the module docs); `None` when the trees are
/// disjoint trees, or when `scratch` is shorter than [`scratch_words`]. Child indices out of range
/// are skipped (they are reported by their own rules).
pub fn walk<L: Layout>(bsp: &Map<'_, L>, scratch: &mut [u64]) -> Option<Finding> {
    // A leaf as head node: nothing to walk (Q2PRO's loop runs only on nodes).
    let heads = bsp
        .models
        .iter()
        .map(|m| usize::try_from(m.headnode.get()).ok());
    let children = |n: usize| {
        bsp.nodes.get(n).map_or([Child::Nothing; 2], |node| {
            node.children().map(|c| match usize::try_from(c) {
                Ok(c) => Child::Node(c),
                Err(_) => Child::Leaf(!c as u32 as usize),
            })
        })
    };
    match walk_nodes(bsp.nodes.len(), bsp.leafs.len(), heads, children, scratch)? {
        Walked::Cycle { node, child, head } => Some(Finding::Cycle {
            node,
            child: i32::try_from(child).unwrap_or(i32::MAX),
            model: head,
        }),
        Walked::Shared(Reacher::Node(n)) => Some(Finding::Shared {
            offset: bsp.record_offset(Lump::Nodes, n),
        }),
        Walked::Shared(Reacher::Head(m)) => Some(Finding::Shared {
            offset: bsp.record_offset(Lump::Models, m),
        }),
    }
}

/// Runs the tree check when `scratch` is large enough; otherwise does nothing. Assumes child and
/// head-node indices were checked (out-of-range ones are ignored).
pub fn check<L: Layout>(
    bsp: &Map<'_, L>,
    scratch: &mut [u64],
    sink: &mut impl Sink,
) -> Result<(), Error> {
    match walk(bsp, scratch) {
        Some(Finding::Cycle { node, child, model }) => sink.report(rules::NODE_CYCLE.with(
            bsp.record_offset(Lump::Nodes, node),
            [node as u64, u64::from(child as u32), model as u64],
        )),
        Some(Finding::Shared { offset }) => {
            match crate::profiles::quake2::NODE_SHARED.check(1, offset) {
                Some(d) => sink.report(d),
                None => Ok(()),
            }
        }
        None => Ok(()),
    }
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
