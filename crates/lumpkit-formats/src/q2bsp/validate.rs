//! Cross-lump validation of a Quake 2 map, rule for rule as Q2PRO's `BSP_Load*` functions
//! (`src/common/bsp.c`: `BSP_LoadNodes`, `BSP_LoadLeafs`, `BSP_LoadFaces`, `BSP_LoadSubModels`,
//! `BSP_LoadAreas`, `BSP_ValidateAreaPortals`, `BSP_ValidateTree`, anim chains in `BSP_LoadTexinfo`).
//! Q2PRO reads the 16-bit fields of IBSP as unsigned (`BSP_ExtLong` = `BSP_Short`), so do we; sums
//! are done in `u64`. Each check reports its first offending record only, so that one broken lump
//! does not bury the report.

use crate::diag::{Rule, Sink};
use crate::error::Error;

use super::layout::{
    BrushSideRecord, EdgeRecord, FaceRecord, IndexRecord, Layout, LeafRecord, NodeRecord,
};
use super::rules;
use super::tree;
use super::view::{Lump, Map};
use super::vis::Vis;

/// `CONTENTS_SOLID`.
pub const CONTENTS_SOLID: i32 = 1;
/// `MAX_MAP_AREAS`.
pub const MAX_AREAS: usize = 256;
/// `MAX_MAP_AREAPORTALS`.
pub const MAX_AREAPORTALS: u32 = 1024;
/// `MAX_MAP_TEXINFO`.
pub const MAX_TEXINFO: usize = 8192;
/// Q2PRO's cap on edges per face.
pub const MAX_FACE_EDGES: u64 = 4096;

/// Reports `rule` for the first failing record of a check, and stops the check. The record's file
/// offset (`at`) is computed only for that record.
struct First<'s, S, A> {
    sink: &'s mut S,
    at: A,
}

impl<S: Sink, A: Fn(Lump, usize) -> u64> First<'_, S, A> {
    fn check<T>(
        &mut self,
        lump: Lump,
        items: &[T],
        mut bad: impl FnMut(usize, &T) -> Option<(&'static Rule, [u64; 3])>,
    ) -> Result<(), Error> {
        for (i, item) in items.iter().enumerate() {
            if let Some((rule, args)) = bad(i, item) {
                return self.sink.report(rule.with((self.at)(lump, i), args));
            }
        }
        Ok(())
    }
}

/// Whether any of `values` is `n` or more: one branch-free OR of comparisons that the compiler
/// vectorises, so that the index lumps (the largest) are read once in bulk and walked record by
/// record only when one of them is out of range. In 32-bit lanes (every index field is 16 or 32
/// bits wide, see [`lane`]): SSE2 has no 64-bit compare, and the `u64` maximum this replaced was
/// emulated at about five instructions a value (the edges' pairs were not vectorised at all).
pub(crate) fn any_at_least(values: impl Iterator<Item = u32>, n: u64) -> bool {
    let Ok(n) = u32::try_from(n) else {
        // No 32-bit value reaches it.
        return false;
    };
    values.fold(false, |hit, v| hit | (v >= n))
}

/// An index widened by the layout accessors, back in its 32-bit lane (`u32::MAX`, which every
/// count is at most, should one not fit: the record walk then decides).
#[inline]
pub(crate) fn lane(v: u64) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

fn range_end(first: u64, count: u64) -> u64 {
    first.saturating_add(count)
}

impl<'a, L: Layout> Map<'a, L> {
    /// The visibility header, when the map has one the game would accept (problems reported).
    pub fn vis(&self, sink: &mut impl Sink) -> Result<Option<Vis<'a>>, Error> {
        Vis::parse(
            self.visibility,
            self.directory.lump(Lump::Visibility).offset,
            sink,
        )
    }

    /// Every cross-lump rule. `scratch` holds one bit per node and leaf (see [`tree::scratch_words`])
    /// and two per texinfo ([`Map::scratch_words`](crate::q2bsp::Map::scratch_words)); when it is too short the tree check is skipped.
    pub fn validate(&self, scratch: &mut [u64], sink: &mut impl Sink) -> Result<(), Error> {
        let n_planes = self.planes.len() as u64;
        let n_nodes = self.nodes.len() as u64;
        let n_leafs = self.leafs.len() as u64;
        let n_faces = self.faces.len() as u64;
        let n_texinfo = self.texinfo.len() as u64;
        let n_surfedges = self.surfedges.len() as u64;
        let n_edges = self.edges.len() as u64;
        let n_vertexes = self.vertexes.len() as u64;
        let n_leaffaces = self.leaffaces.len() as u64;
        let n_leafbrushes = self.leafbrushes.len() as u64;
        let n_brushes = self.brushes.len() as u64;
        let n_brushsides = self.brushsides.len() as u64;
        let n_areas = self.areas.len() as u64;
        let n_areaportals = self.areaportals.len() as u64;
        let n_light = self.lighting.len() as u64;
        let at = |lump, i| self.record_offset(lump, i);
        self.check_limits(sink)?;

        for (lump, n) in [
            (Lump::Nodes, n_nodes),
            (Lump::Leafs, n_leafs),
            (Lump::Models, self.models.len() as u64),
        ] {
            if n == 0 {
                sink.report(rules::LUMP_EMPTY.with(at(lump, 0), [lump as u64, 0, 0]))?;
            }
        }
        if self.areas.len() > MAX_AREAS {
            sink.report(
                rules::TOO_MANY_AREAS.with(at(Lump::Areas, 0), [n_areas, MAX_AREAS as u64, 0]),
            )?;
        }
        let vis = self.vis(sink)?;
        if let Some(v) = &vis {
            v.check_rows(self.directory.lump(Lump::Visibility).offset, sink)?;
        }
        let mut f = First { sink, at };

        // Texinfo animation chains (BSP_LoadTexinfo).
        f.check(Lump::Texinfo, self.texinfo, |i, t| {
            let next = t.nexttexinfo.get();
            (next > 0 && i64::from(next) >= n_texinfo as i64)
                .then_some((&rules::BAD_NEXT_TEXINFO, [i as u64, next as u64, 0]))
        })?;
        if let Some(i) = self.first_anim_loop(scratch) {
            f.sink
                .report(rules::TEXINFO_ANIM_LOOP.with(at(Lump::Texinfo, i), [i as u64, 0, 0]))?;
        }
        // Brushsides, brushes, leafbrushes.
        f.check(Lump::BrushSides, self.brushsides, |i, s| {
            let plane = s.planenum();
            let tex = s.texinfo();
            if plane >= n_planes {
                Some((
                    &rules::BAD_PLANENUM,
                    [Lump::BrushSides as u64, i as u64, plane],
                ))
            } else if let Some(tex) = tex.filter(|&t| t >= n_texinfo) {
                Some((
                    &rules::BAD_TEXINFO,
                    [Lump::BrushSides as u64, i as u64, tex],
                ))
            } else {
                None
            }
        })?;
        f.check(Lump::Brushes, self.brushes, |i, b| {
            let end = range_end(
                u64::from(b.firstside.get() as u32),
                u64::from(b.numsides.get() as u32),
            );
            (end > n_brushsides).then_some((&rules::BAD_BRUSHSIDE_RANGE, [i as u64, end, 0]))
        })?;
        if any_at_least(self.leafbrushes.iter().map(|b| lane(b.index())), n_brushes) {
            f.check(Lump::LeafBrushes, self.leafbrushes, |i, b| {
                let b = b.index();
                (b >= n_brushes).then_some((&rules::BAD_LEAFBRUSH, [i as u64, b, 0]))
            })?;
        }
        // Areas and areaportals (BSP_LoadAreas, BSP_ValidateAreaPortals).
        f.check(Lump::Areas, self.areas, |i, a| {
            let end = range_end(
                u64::from(a.firstareaportal.get() as u32),
                u64::from(a.numareaportals.get() as u32),
            );
            (end > n_areaportals).then_some((&rules::BAD_AREAPORTAL_RANGE, [i as u64, end, 0]))
        })?;
        f.check(Lump::AreaPortals, self.areaportals, |i, p| {
            let num = p.portalnum.get() as u32;
            let other = u64::from(p.otherarea.get() as u32);
            if num >= MAX_AREAPORTALS {
                Some((
                    &rules::BAD_PORTALNUM,
                    [i as u64, u64::from(num), u64::from(MAX_AREAPORTALS - 1)],
                ))
            } else if other >= n_areas {
                Some((&rules::BAD_OTHERAREA, [i as u64, other, n_areas]))
            } else {
                None
            }
        })?;
        // Below 1024, a portal number past the count is engine-dependent (Q2PRO refuses it).
        if let Some(i) = self.areaportals.iter().position(|p| {
            let num = u64::from(p.portalnum.get() as u32);
            num >= n_areaportals && num < u64::from(MAX_AREAPORTALS)
        }) && let Some(d) =
            crate::profiles::quake2::PORTALNUM_PAST_COUNT.check(1, at(Lump::AreaPortals, i))
        {
            f.sink.report(d)?;
        }
        // Edges, surfedges, faces, leaffaces (the renderer's lumps).
        if any_at_least(
            self.edges.iter().map(|e| {
                let [a, b] = e.vertices();
                lane(a.max(b))
            }),
            n_vertexes,
        ) {
            f.check(Lump::Edges, self.edges, |i, e| {
                e.vertices()
                    .into_iter()
                    .find(|&v| v >= n_vertexes)
                    .map(|v| (&rules::BAD_VERTEX, [i as u64, v, 0]))
            })?;
        }
        if any_at_least(
            self.surfedges.iter().map(|s| s.get().unsigned_abs()),
            n_edges,
        ) {
            f.check(Lump::SurfEdges, self.surfedges, |i, s| {
                let e = u64::from(s.get().unsigned_abs());
                (e >= n_edges).then_some((&rules::BAD_SURFEDGE, [i as u64, e, 0]))
            })?;
        }
        f.check(Lump::Faces, self.faces, |i, face| {
            let plane = face.planenum();
            let (firstedge, numedges) = face.edges();
            let end = range_end(firstedge, numedges);
            let tex = face.texinfo();
            let light = face.lightofs();
            if plane >= n_planes {
                Some((&rules::BAD_PLANENUM, [Lump::Faces as u64, i as u64, plane]))
            } else if !(3..=MAX_FACE_EDGES).contains(&numedges) {
                Some((&rules::FACE_EDGE_COUNT, [i as u64, numedges, 0]))
            } else if end > n_surfedges {
                Some((&rules::BAD_FACE_EDGES, [i as u64, end, 0]))
            } else if tex >= n_texinfo {
                Some((&rules::BAD_TEXINFO, [Lump::Faces as u64, i as u64, tex]))
            } else if let Some(light) = light.filter(|&l| n_light != 0 && l >= n_light) {
                Some((&rules::BAD_LIGHTOFS, [i as u64, light, n_light]))
            } else {
                None
            }
        })?;
        if any_at_least(self.leaffaces.iter().map(|f| lane(f.index())), n_faces) {
            f.check(Lump::LeafFaces, self.leaffaces, |i, lf| {
                let face = lf.index();
                (face >= n_faces).then_some((&rules::BAD_LEAFFACE, [i as u64, face, 0]))
            })?;
        }
        // Leafs (BSP_LoadLeafs).
        let clusters = vis.as_ref().map(|v| u64::from(v.clusters()));
        f.check(Lump::Leafs, self.leafs, |i, leaf| {
            let area = leaf.area();
            let (first, count) = leaf.leaffaces();
            let lf_end = range_end(first, count);
            let (first, count) = leaf.leafbrushes();
            let lb_end = range_end(first, count);
            if let (Some(n), Some(cluster)) = (clusters, leaf.cluster())
                && cluster >= n
            {
                return Some((&rules::BAD_CLUSTER, [i as u64, cluster, n]));
            }
            if area >= n_areas {
                Some((&rules::BAD_AREA, [i as u64, area, n_areas]))
            } else if lf_end > n_leaffaces {
                Some((&rules::BAD_LEAFFACE_RANGE, [i as u64, lf_end, 0]))
            } else if lb_end > n_leafbrushes {
                Some((&rules::BAD_LEAFBRUSH_RANGE, [i as u64, lb_end, 0]))
            } else {
                None
            }
        })?;
        if let Some(leaf) = self.leafs.first()
            && leaf.contents() != CONTENTS_SOLID
        {
            f.sink.report(rules::LEAF0_NOT_SOLID.with(
                at(Lump::Leafs, 0),
                [u64::from(leaf.contents() as u32), 0, 0],
            ))?;
        }
        // Nodes (BSP_LoadNodes).
        let mut tree_ok = true;
        f.check(Lump::Nodes, self.nodes, |i, node| {
            let plane = node.planenum();
            let (first, count) = node.faces();
            let end = range_end(first, count);
            if plane >= n_planes {
                return Some((&rules::BAD_PLANENUM, [Lump::Nodes as u64, i as u64, plane]));
            }
            for c in node.children() {
                if c < 0 {
                    let leaf = u64::from(!c as u32);
                    if leaf >= n_leafs {
                        tree_ok = false;
                        return Some((&rules::BAD_CHILD_LEAF, [i as u64, leaf, 0]));
                    }
                } else if c as u64 >= n_nodes {
                    tree_ok = false;
                    return Some((&rules::BAD_CHILD_NODE, [i as u64, c as u64, 0]));
                }
            }
            (end > n_faces).then_some((&rules::BAD_FACE_RANGE, [Lump::Nodes as u64, i as u64, end]))
        })?;
        // Models (BSP_LoadSubModels); the world model's faces are not checked by Q2PRO either.
        f.check(Lump::Models, self.models, |i, m| {
            let head = m.headnode.get();
            let bad_head = if head < 0 {
                u64::from(!head as u32) >= n_leafs
            } else {
                head as u64 >= n_nodes
            };
            let end = range_end(
                u64::from(m.firstface.get() as u32),
                u64::from(m.numfaces.get() as u32),
            );
            if bad_head {
                tree_ok = false;
                Some((&rules::BAD_HEADNODE, [i as u64, i64::from(head) as u64, 0]))
            } else if i > 0 && end > n_faces {
                Some((&rules::BAD_FACE_RANGE, [Lump::Models as u64, i as u64, end]))
            } else {
                None
            }
        })?;
        if let Some(m) = self.models.first()
            && m.headnode.get() != 0
        {
            f.sink.report(rules::MODEL0_HEADNODE.with(
                at(Lump::Models, 0),
                [i64::from(m.headnode.get()) as u64, 0, 0],
            ))?;
        }
        if tree_ok {
            tree::check(self, scratch, f.sink)?;
        }
        self.check_surfaces(f.sink)
    }

    /// `u64` words of scratch [`Map::validate`](crate::q2bsp::Map::validate) needs: one bit per node and leaf for the tree check,
    /// two bits per texinfo for the animation-chain check.
    pub fn scratch_words(&self) -> usize {
        tree::scratch_words(self.nodes.len(), self.leafs.len())
            .max(self.texinfo.len().saturating_mul(2).div_ceil(64))
    }

    /// The successor of texinfo `i` in its animation chain (`nexttexinfo > 0` and in range).
    fn next_frame(&self, i: usize) -> Option<usize> {
        let n = self.texinfo.get(i)?.nexttexinfo.get();
        usize::try_from(n)
            .ok()
            .filter(|&n| n > 0 && n < self.texinfo.len())
    }

    /// A texinfo whose animation chain runs into a loop that does not come back to it (Q2PRO
    /// "infinite anim chain": its frame count reaches the texinfo count).
    ///
    /// The chains form a graph where every texinfo has at most one successor, so one colouring walk
    /// decides it in linear time with two bits per texinfo of `scratch` (white, on the current path,
    /// ends, reaches a loop): a walk from a new texinfo that meets a loop it did not start on, or a
    /// texinfo already known to reach one, has found such a chain. Without enough scratch, each chain
    /// is walked on its own (quadratic), only for at most `MAX_MAP_TEXINFO` texinfos.
    pub fn first_anim_loop(&self, scratch: &mut [u64]) -> Option<usize> {
        const WHITE: u8 = 0;
        const PATH: u8 = 1;
        const ENDS: u8 = 2;
        const LOOPS: u8 = 3;
        let count = self.texinfo.len();
        // Most maps animate nothing: one pass finds the first texinfo with a successor, and
        // the colouring (its scratch cleared first) starts there, since a texinfo without one
        // starts no walk (this halved the check on `lq_e0m1`).
        let first = (0..count).find(|&i| self.next_frame(i).is_some())?;
        let words = count.saturating_mul(2).div_ceil(64);
        let Some(bits) = scratch.get_mut(..words) else {
            return self.first_anim_loop_slow();
        };
        bits.fill(0);
        let get = |bits: &[u64], i: usize| -> u8 {
            let (w, s) = (i / 32, (i % 32) << 1);
            bits.get(w).map_or(WHITE, |v| ((v >> s) & 3) as u8)
        };
        let set = |bits: &mut [u64], i: usize, c: u8| {
            let (w, s) = (i / 32, (i % 32) << 1);
            if let Some(v) = bits.get_mut(w) {
                *v = (*v & !(3u64 << s)) | (u64::from(c) << s);
            }
        };
        for start in first..count {
            // Most texinfos have no successor: left white, a walk that reaches one later finds
            // that its chain ends there, as it would have found it coloured so.
            if get(bits, start) != WHITE || self.next_frame(start).is_none() {
                continue;
            }
            let mut x = start;
            set(bits, x, PATH);
            let outcome = loop {
                match self.next_frame(x) {
                    None => break ENDS,
                    Some(n) => match get(bits, n) {
                        WHITE => {
                            set(bits, n, PATH);
                            x = n;
                        }
                        PATH if n == start => break LOOPS,
                        ENDS => break ENDS,
                        _ => return Some(start),
                    },
                }
            };
            // Colour the path (it ends at a non-PATH texinfo, or comes back to `start`).
            let mut y = Some(start);
            while let Some(i) = y {
                if get(bits, i) != PATH {
                    break;
                }
                set(bits, i, outcome);
                y = self.next_frame(i);
            }
        }
        None
    }

    fn first_anim_loop_slow(&self) -> Option<usize> {
        let count = self.texinfo.len();
        if count > MAX_TEXINFO {
            return None;
        }
        (0..count).find(|&start| {
            let mut step = self.next_frame(start);
            let mut frames = 1usize;
            while let Some(s) = step {
                if s == start {
                    return false;
                }
                if frames >= count {
                    return true;
                }
                frames = frames.saturating_add(1);
                step = self.next_frame(s);
            }
            false
        })
    }
}
