//! Cross-lump checks of a Quake 1 / GoldSrc map, as the engines' `Mod_Load*` functions
//! (`model.c` of id Quake and QuakeSpasm: "bad planenum", "miptex >= numtextures", "bad surface
//! number", "invalid leaf index", "bad lighting offset") would meet them. The codes are shared with
//! Quake 2 where the meaning is the same. Each check reports its first offending record.

use zerocopy::FromBytes;
use zerocopy::little_endian::{I32, U16};

use crate::diag::Sink;
use crate::error::Error;
use crate::q2bsp::raw::{Edge, Plane, Vertex};
use crate::q2bsp::rules;

use super::raw::{ClipNode, Face, Leaf, Model, Node, TexInfo};
use super::view::Bsp1;

fn slice<T: FromBytes + zerocopy::Immutable + zerocopy::KnownLayout>(b: &[u8]) -> &[T] {
    <[T]>::ref_from_bytes(b).unwrap_or(&[])
}

impl Bsp1<'_> {
    fn lump(&self, i: usize) -> (&[u8], u64) {
        self.lumps
            .get(i)
            .map_or((&[][..], 0), |l| (l.bytes, l.offset))
    }

    /// Every cross-lump check; run only on a map whose directory is clean.
    pub fn validate(&self, sink: &mut impl Sink) -> Result<(), Error> {
        let planes: &[Plane] = slice(self.lump(1).0);
        let vertexes: &[Vertex] = slice(self.lump(3).0);
        let vis_len = self.lump(4).0.len() as u64;
        let nodes: &[Node] = slice(self.lump(5).0);
        let texinfo: &[TexInfo] = slice(self.lump(6).0);
        let faces: &[Face] = slice(self.lump(7).0);
        let light_len = self.lump(8).0.len() as u64;
        let clipnodes: &[ClipNode] = slice(self.lump(9).0);
        let leafs: &[Leaf] = slice(self.lump(10).0);
        let marks: &[U16] = slice(self.lump(11).0);
        let edges: &[Edge] = slice(self.lump(12).0);
        let surfedges: &[I32] = slice(self.lump(13).0);
        let models: &[Model] = slice(self.lump(14).0);
        let at = |lump: usize, size: u64, i: usize| {
            self.lump(lump)
                .1
                .saturating_add((i as u64).saturating_mul(size))
        };
        let (n_planes, n_nodes, n_leafs) =
            (planes.len() as u64, nodes.len() as u64, leafs.len() as u64);
        let (n_faces, n_texinfo) = (faces.len() as u64, texinfo.len() as u64);
        let textures = u64::from(self.texture_count());

        if let Some((i, t)) = texinfo
            .iter()
            .enumerate()
            .find(|(_, t)| u64::from(t.miptex.get() as u32) >= textures)
        {
            sink.report(rules::BAD_MIPTEX_INDEX.with(
                at(6, 40, i),
                [i as u64, i64::from(t.miptex.get()) as u64, textures],
            ))?;
        }
        for (i, n) in nodes.iter().enumerate() {
            let plane = u64::from(n.planenum.get() as u32);
            if plane >= n_planes {
                sink.report(rules::BAD_PLANENUM.with(at(5, 24, i), [5, i as u64, plane]))?;
                break;
            }
            if let Some(c) = n
                .children
                .iter()
                .map(|c| u64::from(c.get()))
                .find(|&c| c >= n_nodes && 65_535u64.saturating_sub(c) >= n_leafs)
            {
                sink.report(
                    rules::BAD_CHILD_LEAF
                        .with(at(5, 24, i), [i as u64, 65_535u64.saturating_sub(c), 0]),
                )?;
                break;
            }
            let end = u64::from(n.firstface.get()).saturating_add(u64::from(n.numfaces.get()));
            if end > n_faces {
                sink.report(rules::BAD_FACE_RANGE.with(at(5, 24, i), [5, i as u64, end]))?;
                break;
            }
        }
        for (i, c) in clipnodes.iter().enumerate() {
            let plane = u64::from(c.planenum.get() as u32);
            let bad_child = c
                .children
                .iter()
                .map(|c| c.get())
                .find(|&c| c >= 0 && c as u64 >= clipnodes.len() as u64);
            if plane >= n_planes {
                sink.report(rules::BAD_PLANENUM.with(at(9, 8, i), [9, i as u64, plane]))?;
                break;
            }
            if let Some(c) = bad_child {
                sink.report(rules::BAD_CHILD_NODE.with(at(9, 8, i), [i as u64, c as u64, 0]))?;
                break;
            }
        }
        for (i, f) in faces.iter().enumerate() {
            let o = at(7, 20, i);
            let plane = u64::from(f.planenum.get());
            let numedges = u64::from(f.numedges.get() as u16);
            let end = u64::from(f.firstedge.get() as u32).saturating_add(numedges);
            let tex = u64::from(f.texinfo.get() as u16);
            let light = f.lightofs.get();
            let finding = if plane >= n_planes {
                Some(rules::BAD_PLANENUM.with(o, [7, i as u64, plane]))
            } else if numedges < 3 {
                Some(rules::FACE_EDGE_COUNT.with(o, [i as u64, numedges, 0]))
            } else if end > surfedges.len() as u64 {
                Some(rules::BAD_FACE_EDGES.with(o, [i as u64, end, 0]))
            } else if tex >= n_texinfo {
                Some(rules::BAD_TEXINFO.with(o, [7, i as u64, tex]))
            } else if light >= 0 && light_len != 0 && light as u64 >= light_len {
                Some(rules::BAD_LIGHTOFS.with(o, [i as u64, light as u64, light_len]))
            } else {
                None
            };
            if let Some(d) = finding {
                sink.report(d)?;
                break;
            }
        }
        if let Some((i, e)) = surfedges
            .iter()
            .enumerate()
            .find(|(_, s)| u64::from(s.get().unsigned_abs()) >= edges.len() as u64)
        {
            sink.report(rules::BAD_SURFEDGE.with(
                at(13, 4, i),
                [i as u64, u64::from(e.get().unsigned_abs()), 0],
            ))?;
        }
        if let Some((i, v)) = edges.iter().enumerate().find_map(|(i, e)| {
            e.v.iter()
                .map(|v| u64::from(v.get()))
                .find(|&v| v >= vertexes.len() as u64)
                .map(|v| (i, v))
        }) {
            sink.report(rules::BAD_VERTEX.with(at(12, 4, i), [i as u64, v, 0]))?;
        }
        if let Some((i, m)) = marks
            .iter()
            .enumerate()
            .find(|(_, m)| u64::from(m.get()) >= n_faces)
        {
            sink.report(rules::BAD_LEAFFACE.with(at(11, 2, i), [i as u64, u64::from(m.get()), 0]))?;
        }
        for (i, l) in leafs.iter().enumerate() {
            let end = u64::from(l.firstmarksurface.get())
                .saturating_add(u64::from(l.nummarksurfaces.get()));
            let visofs = l.visofs.get();
            if end > marks.len() as u64 {
                sink.report(rules::BAD_LEAFFACE_RANGE.with(at(10, 28, i), [i as u64, end, 0]))?;
                break;
            }
            if visofs >= 0 && vis_len != 0 && visofs as u64 >= vis_len {
                sink.report(
                    rules::BAD_VISOFS.with(at(10, 28, i), [i as u64, visofs as u64, vis_len]),
                )?;
                break;
            }
        }
        for (i, m) in models.iter().enumerate() {
            let head = m.headnode.first().map_or(0, |h| h.get());
            let end = u64::from(m.firstface.get() as u32)
                .saturating_add(u64::from(m.numfaces.get() as u32));
            if head < 0 || head as u64 >= n_nodes.max(1) {
                sink.report(
                    rules::BAD_HEADNODE.with(at(14, 64, i), [i as u64, i64::from(head) as u64, 0]),
                )?;
                break;
            }
            if end > n_faces {
                sink.report(rules::BAD_FACE_RANGE.with(at(14, 64, i), [14, i as u64, end]))?;
                break;
            }
        }
        Ok(())
    }
}
