//! Writers of Quake 3-engine maps laid out from the engine headers (ioquake3 `qfiles.h` for IBSP
//! 46/47, OpenJK `codemp/qcommon/qfiles.h` for RBSP 1, Qfusion's for FBSP 1): a small valid map of
//! each variant and one malformed map per `q3bsp-*` rule. The map is built from typed records
//! ([`Q3Map`]) so that each malformed sample changes exactly one field.

use crate::Sample;

fn put_i32(out: &mut Vec<u8>, vals: &[i32]) {
    for v in vals {
        out.extend_from_slice(&v.to_le_bytes());
    }
}

fn put_f32(out: &mut Vec<u8>, vals: &[f32]) {
    for v in vals {
        out.extend_from_slice(&v.to_le_bytes());
    }
}

fn name64(name: &str) -> [u8; 64] {
    let mut n = [0u8; 64];
    n[..name.len()].copy_from_slice(name.as_bytes());
    n
}

/// Which layout to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Q3Kind {
    /// `IBSP` 46.
    Ibsp46,
    /// `IBSP` 47.
    Ibsp47,
    /// `RBSP` 1.
    Rbsp,
    /// `FBSP` 1.
    Fbsp,
}

impl Q3Kind {
    fn raven(self) -> bool {
        matches!(self, Q3Kind::Rbsp | Q3Kind::Fbsp)
    }
}

/// A surface.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub struct Q3Surface {
    pub shader: i32,
    pub fog: i32,
    pub kind: i32,
    pub verts: (i32, i32),
    pub indexes: (i32, i32),
    pub lightmap: i32,
    pub patch: (i32, i32),
}

/// A leaf.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub struct Q3Leaf {
    pub cluster: i32,
    pub area: i32,
    pub surfaces: (i32, i32),
    pub brushes: (i32, i32),
}

/// A model: `(mins, maxs, (first surface, count), (first brush, count))`.
pub type Q3Model = ([f32; 3], [f32; 3], (i32, i32), (i32, i32));

/// A Quake 3-engine map as records; [`Q3Map::bytes`] lays it out.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub struct Q3Map {
    pub kind: Q3Kind,
    pub entities: Vec<u8>,
    pub shaders: Vec<&'static str>,
    pub planes: usize,
    /// `(plane, [child, child])`.
    pub nodes: Vec<(i32, [i32; 2])>,
    pub leafs: Vec<Q3Leaf>,
    pub leaf_surfaces: Vec<i32>,
    pub leaf_brushes: Vec<i32>,
    pub models: Vec<Q3Model>,
    /// `(first side, sides, shader)`.
    pub brushes: Vec<(i32, i32, i32)>,
    /// `(plane, shader)`.
    pub brush_sides: Vec<(i32, i32)>,
    pub draw_verts: usize,
    pub draw_indexes: Vec<i32>,
    /// `(shader, brush, visible side)`.
    pub fogs: Vec<(&'static str, i32, i32)>,
    pub surfaces: Vec<Q3Surface>,
    pub lightmap_pages: usize,
    /// Extra bytes after the last whole lightmap page.
    pub lightmap_extra: usize,
    /// Light grid points (IBSP: 8 bytes each; Raven: one 30-byte record per point and a u16 array).
    pub grid_points: usize,
    pub visibility: Vec<u8>,
    /// `(lump, delta)` added to a lump's declared length after layout.
    pub length_delta: Option<(usize, i64)>,
}

/// A visibility lump: `clusters` clusters of `bytes` bytes, every cluster seeing every other.
pub fn vis(clusters: i32, bytes: i32) -> Vec<u8> {
    let mut v = Vec::new();
    put_i32(&mut v, &[clusters, bytes]);
    v.resize(8 + (clusters * bytes).max(0) as usize, 0xFF);
    v
}

impl Q3Map {
    /// The valid sample: one room of six brush sides, two leafs in two clusters, a planar quad
    /// (two triangles), a 3×3 patch, a lightmap page (none for FBSP, whose page is 768 KiB), a
    /// light grid matching the world bounds (0 0 0 to 64 64 128, grid 64 64 128: 2×2×2 points).
    pub fn valid(kind: Q3Kind) -> Q3Map {
        let leaf = |cluster, surfaces, brushes| Q3Leaf {
            cluster,
            area: 0,
            surfaces,
            brushes,
        };
        let pages = usize::from(kind != Q3Kind::Fbsp);
        Q3Map {
            kind,
            entities: b"{\n\"classname\" \"worldspawn\"\n\"message\" \"lumpkit\"\n}\n{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"32 32 32\"\n}\n\0".to_vec(),
            shaders: vec!["textures/base_wall/concrete", "textures/common/caulk"],
            planes: 6,
            nodes: vec![(0, [-1, -2])],
            leafs: vec![leaf(0, (0, 2), (0, 1)), leaf(1, (1, 1), (0, 0))],
            leaf_surfaces: vec![0, 1],
            leaf_brushes: vec![0],
            models: vec![([0.0; 3], [64.0, 64.0, 128.0], (0, 2), (0, 1))],
            brushes: vec![(0, 6, 1)],
            brush_sides: (0..6).map(|p| (p, 1)).collect(),
            draw_verts: 13,
            draw_indexes: vec![0, 1, 2, 0, 2, 3],
            fogs: Vec::new(),
            surfaces: vec![
                Q3Surface {
                    shader: 0,
                    fog: -1,
                    kind: 1,
                    verts: (0, 4),
                    indexes: (0, 6),
                    lightmap: if pages > 0 { 0 } else { -3 },
                    patch: (0, 0),
                },
                Q3Surface {
                    shader: 0,
                    fog: -1,
                    kind: 2,
                    verts: (4, 9),
                    indexes: (0, 0),
                    lightmap: -3,
                    patch: (3, 3),
                },
            ],
            lightmap_pages: pages,
            lightmap_extra: 0,
            grid_points: 8,
            visibility: vis(2, 8),
            length_delta: None,
        }
    }

    /// The valid map without lightmap pages (surfaces lit by vertex): the base of the malformed
    /// samples, which then stay small.
    pub fn small(kind: Q3Kind) -> Q3Map {
        let mut m = Q3Map::valid(kind);
        m.lightmap_pages = 0;
        for s in &mut m.surfaces {
            s.lightmap = -3;
        }
        m
    }

    /// The lumps' bytes in directory order.
    pub fn lumps(&self) -> Vec<Vec<u8>> {
        let raven = self.kind.raven();
        let mut l: Vec<Vec<u8>> = vec![Vec::new(); if raven { 18 } else { 17 }];
        l[0] = self.entities.clone();
        for s in &self.shaders {
            l[1].extend_from_slice(&name64(s));
            put_i32(&mut l[1], &[0, 1]);
        }
        for p in 0..self.planes {
            let mut n = [0.0f32; 3];
            n[p % 3] = if p < 3 { 1.0 } else { -1.0 };
            put_f32(&mut l[2], &n);
            put_f32(&mut l[2], &[if p < 3 { 64.0 } else { 0.0 }]);
        }
        for (plane, children) in &self.nodes {
            put_i32(
                &mut l[3],
                &[*plane, children[0], children[1], 0, 0, 0, 64, 64, 128],
            );
        }
        for f in &self.leafs {
            put_i32(&mut l[4], &[f.cluster, f.area, 0, 0, 0, 64, 64, 128]);
            put_i32(
                &mut l[4],
                &[f.surfaces.0, f.surfaces.1, f.brushes.0, f.brushes.1],
            );
        }
        put_i32(&mut l[5], &self.leaf_surfaces);
        put_i32(&mut l[6], &self.leaf_brushes);
        for (mins, maxs, s, b) in &self.models {
            put_f32(&mut l[7], mins);
            put_f32(&mut l[7], maxs);
            put_i32(&mut l[7], &[s.0, s.1, b.0, b.1]);
        }
        for (a, b, c) in &self.brushes {
            put_i32(&mut l[8], &[*a, *b, *c]);
        }
        for (p, s) in &self.brush_sides {
            put_i32(&mut l[9], &[*p, *s]);
            if raven {
                put_i32(&mut l[9], &[-1]);
            }
        }
        for v in 0..self.draw_verts {
            let (x, y) = ((v % 3) as f32 * 32.0, (v / 3) as f32 * 32.0);
            put_f32(&mut l[10], &[x, y, 0.0, x / 64.0, y / 64.0]);
            let lightmaps = if raven { 4 } else { 1 };
            for _ in 0..lightmaps {
                put_f32(&mut l[10], &[0.5, 0.5]);
            }
            put_f32(&mut l[10], &[0.0, 0.0, 1.0]);
            for _ in 0..lightmaps {
                l[10].extend_from_slice(&[255, 255, 255, 255]);
            }
        }
        put_i32(&mut l[11], &self.draw_indexes);
        for (name, brush, side) in &self.fogs {
            l[12].extend_from_slice(&name64(name));
            put_i32(&mut l[12], &[*brush, *side]);
        }
        for s in &self.surfaces {
            put_i32(
                &mut l[13],
                &[
                    s.shader,
                    s.fog,
                    s.kind,
                    s.verts.0,
                    s.verts.1,
                    s.indexes.0,
                    s.indexes.1,
                ],
            );
            if raven {
                l[13].extend_from_slice(&[0, 255, 255, 255, 0, 255, 255, 255]);
                put_i32(
                    &mut l[13],
                    &[s.lightmap, -3, -3, -3, 0, 0, 0, 0, 0, 0, 0, 0],
                );
            } else {
                put_i32(&mut l[13], &[s.lightmap, 0, 0]);
            }
            put_i32(&mut l[13], &[16, 16]);
            put_f32(&mut l[13], &[0.0; 12]);
            put_i32(&mut l[13], &[s.patch.0, s.patch.1]);
        }
        let side = if self.kind == Q3Kind::Fbsp { 512 } else { 128 };
        for page in 0..self.lightmap_pages {
            for i in 0..side * side {
                let (x, y) = (i % side, i / side);
                l[14].extend_from_slice(&[(x * 2) as u8, (y * 2) as u8, (page * 64) as u8]);
            }
        }
        l[14].extend(std::iter::repeat_n(7u8, self.lightmap_extra));
        if raven {
            // One grid record; every point of the array names it.
            l[15].extend_from_slice(&[64; 30]);
            for _ in 0..self.grid_points {
                l[17].extend_from_slice(&0u16.to_le_bytes());
            }
        } else {
            for _ in 0..self.grid_points {
                l[15].extend_from_slice(&[64, 64, 64, 128, 128, 128, 0, 0]);
            }
        }
        l[16] = self.visibility.clone();
        l
    }

    /// The file: header, then the lumps in order, each 4-byte aligned.
    pub fn bytes(&self) -> Vec<u8> {
        let lumps = self.lumps();
        let (ident, version): (&[u8; 4], i32) = match self.kind {
            Q3Kind::Ibsp46 => (b"IBSP", 46),
            Q3Kind::Ibsp47 => (b"IBSP", 47),
            Q3Kind::Rbsp => (b"RBSP", 1),
            Q3Kind::Fbsp => (b"FBSP", 1),
        };
        let mut out = Vec::new();
        out.extend_from_slice(ident);
        out.extend_from_slice(&version.to_le_bytes());
        out.resize(8 + 8 * lumps.len(), 0);
        for (i, lump) in lumps.iter().enumerate() {
            while out.len() % 4 != 0 {
                out.push(0);
            }
            let ofs = out.len() as u32;
            let mut len = lump.len() as i64;
            if let Some((which, delta)) = self.length_delta
                && which == i
            {
                len += delta;
            }
            out[8 + i * 8..12 + i * 8].copy_from_slice(&ofs.to_le_bytes());
            out[12 + i * 8..16 + i * 8].copy_from_slice(&(len as u32).to_le_bytes());
            out.extend_from_slice(lump);
        }
        out
    }
}

/// Every Quake 3 BSP sample.
pub fn samples() -> Vec<Sample> {
    let mut s = Vec::new();
    for (name, kind) in [
        ("ibsp46_valid.bsp", Q3Kind::Ibsp46),
        ("ibsp47_valid.bsp", Q3Kind::Ibsp47),
        ("rbsp_valid.bsp", Q3Kind::Rbsp),
        ("fbsp_valid.bsp", Q3Kind::Fbsp),
    ] {
        s.push(Sample::new(name, Q3Map::valid(kind).bytes(), "ok", &[]));
    }
    let base = Q3Map::small(Q3Kind::Ibsp46);
    let mut bad =
        |name: &str, status: &'static str, codes: &[&'static str], f: &dyn Fn(&mut Q3Map)| {
            let mut m = base.clone();
            f(&mut m);
            s.push(Sample::new(format!("{name}.bsp"), m.bytes(), status, codes));
        };
    let e = "error";
    bad(
        "lump_out_of_bounds",
        e,
        &["q3bsp-lump-out-of-bounds"],
        &|m| m.length_delta = Some((2, 1 << 20)),
    );
    bad("lump_misaligned", e, &["q3bsp-lump-misaligned"], &|m| {
        m.length_delta = Some((2, -3))
    });
    bad("lump_empty", e, &["q3bsp-lump-empty"], &|m| {
        m.models.clear()
    });
    bad("bad_shader", e, &["q3bsp-bad-shader"], &|m| {
        m.brushes[0].2 = 5
    });
    bad("bad_plane", e, &["q3bsp-bad-plane"], &|m| m.nodes[0].0 = 99);
    bad("bad_child", e, &["q3bsp-bad-child"], &|m| {
        m.nodes[0].1[1] = -9
    });
    bad(
        "bad_brushside_range",
        e,
        &["q3bsp-bad-brushside-range"],
        &|m| m.brushes[0].1 = 20,
    );
    bad(
        "bad_leafsurface_range",
        e,
        &["q3bsp-bad-leafsurface-range"],
        &|m| m.leafs[1].surfaces.1 = 9,
    );
    bad(
        "bad_leafbrush_range",
        e,
        &["q3bsp-bad-leafbrush-range"],
        &|m| m.leafs[0].brushes = (0, 4),
    );
    bad("bad_leafsurface", e, &["q3bsp-bad-leafsurface"], &|m| {
        m.leaf_surfaces[1] = 9
    });
    bad("bad_leafbrush", e, &["q3bsp-bad-leafbrush"], &|m| {
        m.leaf_brushes[0] = -2
    });
    bad("bad_model_range", e, &["q3bsp-bad-model-range"], &|m| {
        m.models[0].2.1 = 9
    });
    bad("bad_surface_verts", e, &["q3bsp-bad-surface-verts"], &|m| {
        m.surfaces[0].verts.0 = 100
    });
    bad(
        "bad_surface_indexes",
        e,
        &["q3bsp-bad-surface-indexes"],
        &|m| m.surfaces[0].indexes.1 = 100,
    );
    bad("bad_index", e, &["q3bsp-bad-index"], &|m| {
        m.draw_indexes[4] = 50
    });
    bad("bad_surface_type", e, &["q3bsp-bad-surface-type"], &|m| {
        m.surfaces[0].kind = 7
    });
    bad("bad_fog", e, &["q3bsp-bad-fog"], &|m| m.surfaces[0].fog = 3);
    bad("bad_fog_brush", e, &["q3bsp-bad-fog-brush"], &|m| {
        m.fogs.push(("textures/fog/black", 9, -1))
    });
    bad("bad_patch_size", e, &["q3bsp-bad-patch-size"], &|m| {
        m.surfaces[1].patch = (4, 3)
    });
    bad(
        "patch_over_renderer",
        "warning",
        &["q3bsp-patch-over-renderer"],
        &|m| {
            m.draw_verts = 4 + 99;
            m.surfaces[1].verts.1 = 99;
            m.surfaces[1].patch = (33, 3);
        },
    );

    bad(
        "bad_lightmap_index",
        "warning",
        &["q3bsp-bad-lightmap-index"],
        &|m| m.surfaces[0].lightmap = -9,
    );
    bad(
        "external_lightmaps",
        "ok",
        &["q3bsp-external-lightmaps"],
        &|m| m.surfaces[0].lightmap = 2,
    );
    bad(
        "lightmaps_partial",
        "warning",
        &["q3bsp-lightmaps-partial"],
        &|m| m.lightmap_extra = 100,
    );
    bad(
        "light_grid_mismatch",
        "warning",
        &["q3bsp-light-grid-mismatch"],
        &|m| m.grid_points = 7,
    );
    bad("bad_area", e, &["q3bsp-bad-area"], &|m| {
        m.leafs[1].area = 300
    });
    bad("bad_cluster", e, &["q3bsp-bad-cluster"], &|m| {
        m.leafs[1].cluster = 5
    });
    bad("vis_header_short", e, &["q3bsp-vis-header-short"], &|m| {
        m.visibility.truncate(4)
    });
    bad("vis_overrun", e, &["q3bsp-vis-overrun"], &|m| {
        m.visibility[..4].copy_from_slice(&100i32.to_le_bytes())
    });
    bad("vis_row_short", e, &["q3bsp-vis-row-short"], &|m| {
        m.visibility = vis(9, 1)
    });
    bad("entity_syntax", e, &["q3bsp-entity-syntax"], &|m| {
        m.entities = b"{ \"classname\" }\n\0".to_vec()
    });
    bad("no_worldspawn", e, &["q3bsp-no-worldspawn"], &|m| {
        m.entities = b"{\n\"classname\" \"info_player_deathmatch\"\n}\n\0".to_vec()
    });
    bad("spawn_vars", e, &["q3bsp-spawn-vars"], &|m| {
        let mut t = b"{\n\"classname\" \"worldspawn\"\n".to_vec();
        for i in 0..70 {
            t.extend_from_slice(format!("\"key{i}\" \"value\"\n").as_bytes());
        }
        t.extend_from_slice(b"}\n\0");
        m.entities = t;
    });
    // Engine-dependent: Qfusion alone refuses an empty leaf-brush lump; ioq3 loads it.
    let mut m = base.clone();
    m.leaf_brushes.clear();
    m.leafs[0].brushes = (0, 0);
    s.push(
        Sample::new(
            "lump_empty_qfusion.bsp",
            m.bytes(),
            "warning",
            &["q3bsp-lump-empty-qfusion"],
        )
        .under("qfusion", "error")
        .under("ioq3", "ok"),
    );
    // 257 submodels: over ioq3's MAX_SUBMODELS (256), within ET's and Jedi Academy's (512).
    let mut m = base.clone();
    let world = m.models[0];
    m.models.resize(257, ([0.0; 3], [8.0; 3], (0, 0), (0, 0)));
    m.models[0] = world;
    s.push(
        Sample::new(
            "too_many_submodels.bsp",
            m.bytes(),
            "warning",
            &["q3bsp-too-many-submodels"],
        )
        .under("ioq3", "error")
        .under("et", "ok")
        .under("qfusion", "ok"),
    );
    // A planar face of 65 vertices: the id renderers draw it cut, with the default shader.
    let mut m = base.clone();
    m.draw_verts = 70;
    m.surfaces[0].verts.1 = 65;
    s.push(
        Sample::new("face_points.bsp", m.bytes(), "ok", &["q3bsp-face-points"])
            .under("ioq3", "warning")
            .under("et", "ok"),
    );
    let bytes = base.bytes();
    s.push(Sample::new(
        "truncated_header.bsp",
        bytes[..100].to_vec(),
        e,
        &["q3bsp-truncated-header"],
    ));
    // The Raven layout's own record sizes: a brush-side lump of IBSP's 8-byte records is misaligned
    // in RBSP (12 bytes), and its light array must match the grid.
    let mut m = Q3Map::small(Q3Kind::Rbsp);
    m.length_delta = Some((9, -4));
    s.push(Sample::new(
        "rbsp_lump_misaligned.bsp",
        m.bytes(),
        e,
        &["q3bsp-lump-misaligned"],
    ));
    let mut m = Q3Map::small(Q3Kind::Rbsp);
    m.grid_points = 9;
    s.push(Sample::new(
        "rbsp_light_grid_mismatch.bsp",
        m.bytes(),
        "warning",
        &["q3bsp-light-grid-mismatch"],
    ));
    let mut m = Q3Map::small(Q3Kind::Fbsp);
    m.lightmap_extra = 49_152;
    s.push(Sample::new(
        "fbsp_lightmaps_partial.bsp",
        m.bytes(),
        "warning",
        &["q3bsp-lightmaps-partial"],
    ));
    let mut m = Q3Map::small(Q3Kind::Ibsp47);
    m.surfaces[1].patch = (3, 130);
    s.push(Sample::new(
        "ibsp47_bad_patch_size.bsp",
        m.bytes(),
        e,
        &["q3bsp-bad-patch-size"],
    ));
    s
}
