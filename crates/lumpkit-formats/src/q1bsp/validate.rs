//! Cross-lump checks of a Quake 1 / GoldSrc / BSP2 / 2PSB map, as the engines' `Mod_Load*`
//! functions (`model.c` of id Quake and QuakeSpasm: "bad planenum", "miptex >= numtextures", "bad
//! surface number", "invalid leaf index") would meet them. The codes are shared with Quake 2 where
//! the meaning is the same. Each check reports its first offending record.
//!
//! Two things the Quake 1 family does differently from Quake 2 (and why the checks differ):
//! - Lighting: `Mod_LoadFaces` takes `lightdata + lightofs` without a range check, and the
//!   renderer reads a lightmap only for a face with a style (`styles[0] != 255`) that is not sky or
//!   water (`SURF_DRAWSKY`/`SURF_DRAWTURB`, the faces qbsp marks `TEX_SPECIAL`). Compilers write
//!   their running offset into unlit faces, so only lit faces are checked, and against the bytes
//!   their lightmaps need (`CalcSurfaceExtents`: (extents / 16 + 1)² samples per style, 3 bytes a
//!   sample in GoldSrc's RGB lighting).
//! - Edges: `Mod_LoadEdges` copies vertex numbers unchecked; only the vertex a surfedge uses is
//!   ever read (edge 0 is the reserved dummy, and a map with no faces may have no vertexes).

use zerocopy::FromBytes;
use zerocopy::little_endian::I32;

use crate::diag::Sink;
use crate::error::Error;
use crate::q2bsp::layout::{EdgeRecord, FaceRecord, IndexRecord};
use crate::q2bsp::raw::{Plane, Vertex};
use crate::q2bsp::rules;
use crate::q2bsp::validate::{any_at_least, lane};

use super::layout::{self, ClipNodeRecord, Layout, LeafRecord, NodeRecord};
use super::raw::TexInfo;
use super::view::{Bsp1, Variant};

pub(super) fn slice<T: FromBytes + zerocopy::Immutable + zerocopy::KnownLayout>(b: &[u8]) -> &[T] {
    <[T]>::ref_from_bytes(b).unwrap_or(&[])
}

/// The lumps the surfedge checks need.
struct Geometry<'b, L: Layout> {
    vertexes: &'b [Vertex],
    edges: &'b [L::Edge],
    surfedges: &'b [I32],
    texinfo: &'b [TexInfo],
}

impl<L: Layout> Geometry<'_, L> {
    /// The vertex surfedge `s` starts at (`v[0]` forwards, `v[1]` backwards), as the renderer reads it.
    fn surfedge_vertex(&self, s: i32) -> Option<(usize, u64)> {
        let e = usize::try_from(s.unsigned_abs()).ok()?;
        let v = self.edges.get(e)?.vertices();
        Some((e, if s >= 0 { v[0] } else { v[1] }))
    }
}

impl Bsp1<'_> {
    pub(super) fn lump(&self, i: usize) -> (&[u8], u64) {
        self.lumps
            .get(i)
            .map_or((&[][..], 0), |l| (l.bytes, l.offset))
    }

    /// Every cross-lump check; run only on a map whose directory is clean.
    pub fn validate(&self, sink: &mut impl Sink) -> Result<(), Error> {
        self.check_limits(sink)?;
        self.check_animations(sink)?;
        crate::miptex::map::check(self, sink)?;
        match self.variant {
            Variant::Bsp29 => self.validate_as::<layout::Bsp29>(sink),
            Variant::Bsp2 => self.validate_as::<layout::Bsp2>(sink),
            Variant::Bsp2Rmq => self.validate_as::<layout::Bsp2Rmq>(sink),
        }
    }

    fn validate_as<L: Layout>(&self, sink: &mut impl Sink) -> Result<(), Error> {
        // The faces' projections, walked once: the renderer limits now, the lighting lump below.
        let scan = self.scan_surfaces::<L>();
        self.report_surfaces(&scan, sink)?;
        let specs = self.specs();
        let record = |i: usize| u64::from(specs.get(i).map_or(1, |s| s.record));
        let planes: &[Plane] = slice(self.lump(1).0);
        let textures_lump = self.lump(2).0;
        let vis_len = self.lump(4).0.len() as u64;
        let nodes: &[L::Node] = slice(self.lump(5).0);
        let faces: &[L::Face] = slice(self.lump(7).0);
        let light_len = self.lump(8).0.len() as u64;
        let clipnodes: &[L::ClipNode] = slice(self.lump(9).0);
        let leafs: &[L::Leaf] = slice(self.lump(10).0);
        let marks: &[L::Mark] = slice(self.lump(11).0);
        let geo = Geometry::<L> {
            vertexes: slice(self.lump(3).0),
            edges: slice(self.lump(12).0),
            surfedges: slice(self.lump(13).0),
            texinfo: slice(self.lump(6).0),
        };
        let at = |lump: usize, i: usize| {
            self.lump(lump)
                .1
                .saturating_add((i as u64).saturating_mul(record(lump)))
        };
        let (n_planes, n_nodes, n_leafs) =
            (planes.len() as u64, nodes.len() as u64, leafs.len() as u64);
        let (n_faces, n_texinfo) = (faces.len() as u64, geo.texinfo.len() as u64);
        let textures = u64::from(self.texture_count());

        // Without a textures lump `Mod_LoadTexinfo` gives every texinfo the default texture.
        if !textures_lump.is_empty()
            && let Some((i, t)) = geo
                .texinfo
                .iter()
                .enumerate()
                .find(|(_, t)| u64::from(t.miptex.get() as u32) >= textures)
        {
            sink.report(rules::BAD_MIPTEX_INDEX.with(
                at(6, i),
                [i as u64, i64::from(t.miptex.get()) as u64, textures],
            ))?;
        }
        for (i, n) in nodes.iter().enumerate() {
            let plane = n.planenum();
            if plane >= n_planes {
                sink.report(rules::BAD_PLANENUM.with(at(5, i), [5, i as u64, plane]))?;
                break;
            }
            if let Some(c) = n
                .children()
                .into_iter()
                .find(|&c| c >= n_nodes && L::LEAF_BASE.saturating_sub(c) >= n_leafs)
            {
                sink.report(
                    rules::BAD_CHILD_LEAF
                        .with(at(5, i), [i as u64, L::LEAF_BASE.saturating_sub(c), 0]),
                )?;
                break;
            }
            let (first, count) = n.faces();
            let end = first.saturating_add(count);
            if end > n_faces {
                sink.report(rules::BAD_FACE_RANGE.with(at(5, i), [5, i as u64, end]))?;
                break;
            }
        }
        for (i, c) in clipnodes.iter().enumerate() {
            let plane = c.planenum();
            let bad_child = c
                .children()
                .into_iter()
                .find(|&c| c >= 0 && c as u64 >= clipnodes.len() as u64);
            if plane >= n_planes {
                sink.report(rules::BAD_PLANENUM.with(at(9, i), [9, i as u64, plane]))?;
                break;
            }
            if let Some(c) = bad_child {
                sink.report(rules::BAD_CHILD_NODE.with(at(9, i), [i as u64, c as u64, 0]))?;
                break;
            }
        }
        let mut degenerate_reported = false;
        for (i, f) in faces.iter().enumerate() {
            let plane = f.planenum();
            let (first, numedges) = f.edges();
            let end = first.saturating_add(numedges);
            let tex = f.texinfo();
            // The face's file offset only for a finding (once per face, it was 2% of validating
            // `qbsp_example-bsp29`).
            // A face of fewer than 3 edges loads (QuakeSpasm warns "bad numedges", id Quake does
            // not check): a warning, once, and the other faces are still checked.
            if numedges < 3 && !degenerate_reported {
                degenerate_reported = true;
                sink.report(
                    rules::FACE_EDGE_COUNT
                        .with(at(7, i), [i as u64, numedges, 0])
                        .with_severity(crate::diag::Severity::Warning),
                )?;
            }
            let finding = if plane >= n_planes {
                Some((&rules::BAD_PLANENUM, [7, i as u64, plane]))
            } else if end > geo.surfedges.len() as u64 {
                Some((&rules::BAD_FACE_EDGES, [i as u64, end, 0]))
            } else if tex >= n_texinfo {
                Some((&rules::BAD_TEXINFO, [7, i as u64, tex]))
            } else {
                None
            };
            if let Some((rule, args)) = finding {
                sink.report(rule.with(at(7, i), args))?;
                break;
            }
            // The first lit face whose lightmap runs past the lump, found by the scan above;
            // reported when reached, so that an earlier bad face still stops it, as before.
            if let Some((j, need_end)) = scan.light_past_lump
                && j == i
            {
                sink.report(
                    rules::LIGHTMAP_PAST_LUMP.with(at(7, i), [i as u64, need_end, light_len]),
                )?;
            }
        }
        // The index lumps are scanned in bulk first ([`any_at_least`]), record by record only
        // when one is out of range.
        let n_edges = geo.edges.len() as u64;
        if any_at_least(
            geo.surfedges.iter().map(|s| s.get().unsigned_abs()),
            n_edges,
        ) && let Some((i, e)) = geo
            .surfedges
            .iter()
            .enumerate()
            .find(|(_, s)| u64::from(s.get().unsigned_abs()) >= n_edges)
        {
            sink.report(
                rules::BAD_SURFEDGE
                    .with(at(13, i), [i as u64, u64::from(e.get().unsigned_abs()), 0]),
            )?;
        }
        // Only an edge with a vertex out of range can give a surfedge one.
        let n_vertexes = geo.vertexes.len() as u64;
        let edge_vertices = geo.edges.iter().map(|e| {
            let [a, b] = e.vertices();
            lane(a.max(b))
        });
        if any_at_least(edge_vertices, n_vertexes)
            && let Some((e, v)) = geo
                .surfedges
                .iter()
                .filter_map(|s| geo.surfedge_vertex(s.get()))
                .find(|&(_, v)| v >= n_vertexes)
        {
            sink.report(rules::BAD_VERTEX.with(at(12, e), [e as u64, v, 0]))?;
        }
        if any_at_least(marks.iter().map(|m| lane(m.index())), n_faces)
            && let Some((i, m)) = marks.iter().enumerate().find(|(_, m)| m.index() >= n_faces)
        {
            sink.report(rules::BAD_LEAFFACE.with(at(11, i), [i as u64, m.index(), 0]))?;
        }
        for (i, l) in leafs.iter().enumerate() {
            let (first, count) = l.marksurfaces();
            let end = first.saturating_add(count);
            let visofs = l.visofs();
            if end > marks.len() as u64 {
                sink.report(rules::BAD_LEAFFACE_RANGE.with(at(10, i), [i as u64, end, 0]))?;
                break;
            }
            if visofs >= 0 && vis_len != 0 && visofs as u64 >= vis_len {
                sink.report(rules::BAD_VISOFS.with(at(10, i), [i as u64, visofs as u64, vis_len]))?;
                break;
            }
        }
        // The clipping hulls the game traces ([`super::Game::clip_hulls`]: Quake 1 and 2,
        // GoldSrc also 3, Hexen II 1 to 5). Each engine's `Mod_LoadSubmodels` copies the heads
        // unchecked and `Mod_LoadBrushModel` makes them the hulls' first clipnodes, so the first
        // trace (`SV_HullPointContents`) reads past the lump. A negative head is a contents value;
        // a map without clipnodes is left alone (a compiler's `-noclip`), as the render head check
        // tolerates an empty nodes lump.
        let hulls = self.game.clip_hulls();
        let n_clip = clipnodes.len() as u64;
        if n_clip > 0
            && let Some((i, hull, head)) = self.models().enumerate().find_map(|(i, m)| {
                (1..=hulls).find_map(|j| {
                    let head = m.hull_head(j)?;
                    (head >= 0 && u64::from(head.unsigned_abs()) >= n_clip).then_some((
                        i,
                        j as u64,
                        u64::from(head.unsigned_abs()),
                    ))
                })
            })
        {
            sink.report(rules::BAD_CLIP_HEADNODE.with(at(14, i), [i as u64, head, hull]))?;
        }
        for (i, m) in self.models().enumerate() {
            let head = m.headnode[0];
            let end = u64::from(m.firstface as u32).saturating_add(u64::from(m.numfaces as u32));
            if head < 0 || head as u64 >= n_nodes.max(1) {
                sink.report(
                    rules::BAD_HEADNODE.with(at(14, i), [i as u64, i64::from(head) as u64, 0]),
                )?;
                break;
            }
            if end > n_faces {
                sink.report(rules::BAD_FACE_RANGE.with(at(14, i), [14, i as u64, end]))?;
                break;
            }
        }
        Ok(())
    }
}
