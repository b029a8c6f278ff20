//! Writers of Quake 2 (IBSP 38), Qbism and Quake 1 / GoldSrc / BSP2 / 2PSB maps: a small valid map of each kind
//! and one malformed map per `bsp-*` rule. The Quake 2 map is built from typed records
//! ([`Q2Map`]) so that each malformed sample changes exactly one field.

use crate::Sample;

fn le32(v: i32) -> [u8; 4] {
    v.to_le_bytes()
}

fn push_i32(out: &mut Vec<u8>, vals: &[i32]) {
    for v in vals {
        out.extend_from_slice(&le32(*v));
    }
}

fn push_i16(out: &mut Vec<u8>, vals: &[i16]) {
    for v in vals {
        out.extend_from_slice(&v.to_le_bytes());
    }
}

fn push_f32(out: &mut Vec<u8>, vals: &[f32]) {
    for v in vals {
        out.extend_from_slice(&v.to_le_bytes());
    }
}

/// A node: plane, two children (negative: `-1 - leaf`), first face, face count.
#[derive(Clone, Debug)]
pub struct Node {
    /// Plane index.
    pub plane: i32,
    /// Children.
    pub children: [i32; 2],
    /// First face.
    pub firstface: u16,
    /// Face count.
    pub numfaces: u16,
}

/// A leaf.
#[derive(Clone, Debug)]
pub struct Leaf {
    /// Contents bits.
    pub contents: i32,
    /// Cluster (-1: none).
    pub cluster: i16,
    /// Area.
    pub area: i16,
    /// First leafface and count.
    pub leaffaces: (u16, u16),
    /// First leafbrush and count.
    pub leafbrushes: (u16, u16),
}

/// A face.
#[derive(Clone, Debug)]
pub struct Face {
    /// Plane.
    pub plane: u16,
    /// First surfedge.
    pub firstedge: i32,
    /// Edge count.
    pub numedges: i16,
    /// Texinfo.
    pub texinfo: i16,
    /// Lightmap offset (-1: none).
    pub lightofs: i32,
}

/// A texinfo (texture name and animation successor).
#[derive(Clone, Debug)]
pub struct TexInfo {
    /// Texture name.
    pub name: &'static str,
    /// Next frame.
    pub next: i32,
}

/// A Quake 2 map as records; [`Q2Map::bytes`] lays it out.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub struct Q2Map {
    pub magic: [u8; 4],
    pub version: u32,
    pub entities: Vec<u8>,
    pub planes: Vec<([f32; 3], f32, i32)>,
    pub vertexes: Vec<[f32; 3]>,
    pub visibility: Vec<u8>,
    pub nodes: Vec<Node>,
    pub texinfo: Vec<TexInfo>,
    pub faces: Vec<Face>,
    pub lighting: Vec<u8>,
    pub leafs: Vec<Leaf>,
    pub leaffaces: Vec<u16>,
    pub leafbrushes: Vec<u16>,
    pub edges: Vec<[u16; 2]>,
    pub surfedges: Vec<i32>,
    pub models: Vec<i32>,
    pub brushes: Vec<(i32, i32, i32)>,
    pub brushsides: Vec<(u16, i16)>,
    pub areas: Vec<(i32, i32)>,
    pub areaportals: Vec<(i32, i32)>,
    /// `(lump, delta)` added to a lump's declared length after layout.
    pub length_delta: Option<(usize, i64)>,
}

/// A two-cluster visibility lump: cluster 0 sees both, cluster 1 sees itself; both hear both.
pub fn vis_lump(pvs1: &[u8]) -> Vec<u8> {
    let mut v = Vec::new();
    push_i32(&mut v, &[2, 20, 20, 21, 20]);
    v.push(0x03);
    v.extend_from_slice(pvs1);
    v
}

impl Q2Map {
    /// The valid sample map: 2 nodes, 4 leafs (leaf 0 solid), 2 faces, an animated texture pair,
    /// a brush, two areas joined by a portal, two clusters with PVS and PHS, and lighting.
    pub fn valid() -> Q2Map {
        let leaf = |contents, cluster, area, lf, lb| Leaf {
            contents,
            cluster,
            area,
            leaffaces: lf,
            leafbrushes: lb,
        };
        Q2Map {
            magic: *b"IBSP",
            version: 38,
            entities: b"{\n\"classname\" \"worldspawn\"\n\"message\" \"lumpkit\"\n}\n{\n\"classname\" \"info_player_start\"\n\"origin\" \"16 16 16\"\n}\n\0".to_vec(),
            planes: vec![([1.0, 0.0, 0.0], 0.0, 0), ([0.0, 1.0, 0.0], 0.0, 1)],
            vertexes: vec![[0.0; 3], [64.0, 0.0, 0.0], [64.0, 64.0, 0.0], [0.0, 64.0, 0.0]],
            visibility: vis_lump(&[0x02]),
            nodes: vec![
                Node { plane: 0, children: [1, -2], firstface: 0, numfaces: 1 },
                Node { plane: 1, children: [-3, -4], firstface: 1, numfaces: 1 },
            ],
            texinfo: vec![
                TexInfo { name: "e1u1/floor1_3", next: 0 },
                TexInfo { name: "e1u1/+0slime", next: 2 },
                TexInfo { name: "e1u1/+1slime", next: 1 },
            ],
            faces: vec![
                Face { plane: 0, firstedge: 0, numedges: 3, texinfo: 0, lightofs: 0 },
                Face { plane: 1, firstedge: 1, numedges: 3, texinfo: 1, lightofs: -1 },
            ],
            lighting: vec![128; 12],
            leafs: vec![
                leaf(1, -1, 0, (0, 0), (0, 0)),
                leaf(0, 0, 1, (0, 1), (0, 1)),
                leaf(0, 1, 1, (1, 1), (0, 0)),
                leaf(0, 1, 1, (0, 0), (0, 0)),
            ],
            leaffaces: vec![0, 1],
            leafbrushes: vec![0],
            edges: vec![[0, 1], [1, 2], [2, 0], [2, 3]],
            surfedges: vec![0, 1, 2, -3],
            models: vec![0],
            brushes: vec![(0, 2, 1)],
            brushsides: vec![(0, 0), (1, -1)],
            areas: vec![(0, 0), (1, 0)],
            areaportals: vec![(0, 0)],
            length_delta: None,
        }
    }

    /// The lumps' bytes in directory order.
    pub fn lumps(&self) -> [Vec<u8>; 19] {
        let mut l: [Vec<u8>; 19] = Default::default();
        l[0] = self.entities.clone();
        for (n, d, t) in &self.planes {
            push_f32(&mut l[1], n);
            push_f32(&mut l[1], &[*d]);
            push_i32(&mut l[1], &[*t]);
        }
        for v in &self.vertexes {
            push_f32(&mut l[2], v);
        }
        l[3] = self.visibility.clone();
        let qbism = self.magic == *b"QBSP";
        for n in &self.nodes {
            push_i32(&mut l[4], &[n.plane, n.children[0], n.children[1]]);
            if qbism {
                push_f32(&mut l[4], &[-64.0, -64.0, -64.0, 64.0, 64.0, 64.0]);
                push_i32(&mut l[4], &[n.firstface.into(), n.numfaces.into()]);
                continue;
            }
            push_i16(&mut l[4], &[-64, -64, -64, 64, 64, 64]);
            l[4].extend_from_slice(&n.firstface.to_le_bytes());
            l[4].extend_from_slice(&n.numfaces.to_le_bytes());
        }
        for t in &self.texinfo {
            push_f32(&mut l[5], &[1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0]);
            push_i32(&mut l[5], &[0, 0]);
            let mut name = [0u8; 32];
            name[..t.name.len()].copy_from_slice(t.name.as_bytes());
            l[5].extend_from_slice(&name);
            push_i32(&mut l[5], &[t.next]);
        }
        for f in &self.faces {
            if qbism {
                push_i32(
                    &mut l[6],
                    &[
                        f.plane.into(),
                        0,
                        f.firstedge,
                        f.numedges.into(),
                        f.texinfo.into(),
                    ],
                );
                l[6].extend_from_slice(&[0, 255, 255, 255]);
                push_i32(&mut l[6], &[f.lightofs]);
                continue;
            }
            l[6].extend_from_slice(&f.plane.to_le_bytes());
            push_i16(&mut l[6], &[0]);
            push_i32(&mut l[6], &[f.firstedge]);
            push_i16(&mut l[6], &[f.numedges, f.texinfo]);
            l[6].extend_from_slice(&[0, 255, 255, 255]);
            push_i32(&mut l[6], &[f.lightofs]);
        }
        l[7] = self.lighting.clone();
        for f in &self.leafs {
            if qbism {
                push_i32(&mut l[8], &[f.contents, f.cluster.into(), f.area.into()]);
                push_f32(&mut l[8], &[-64.0, -64.0, -64.0, 64.0, 64.0, 64.0]);
                for v in [
                    f.leaffaces.0,
                    f.leaffaces.1,
                    f.leafbrushes.0,
                    f.leafbrushes.1,
                ] {
                    push_i32(&mut l[8], &[v.into()]);
                }
                continue;
            }
            push_i32(&mut l[8], &[f.contents]);
            push_i16(&mut l[8], &[f.cluster, f.area, -64, -64, -64, 64, 64, 64]);
            for v in [
                f.leaffaces.0,
                f.leaffaces.1,
                f.leafbrushes.0,
                f.leafbrushes.1,
            ] {
                l[8].extend_from_slice(&v.to_le_bytes());
            }
        }
        let index = |out: &mut Vec<u8>, v: u16| {
            if qbism {
                out.extend_from_slice(&u32::from(v).to_le_bytes());
            } else {
                out.extend_from_slice(&v.to_le_bytes());
            }
        };
        for v in &self.leaffaces {
            index(&mut l[9], *v);
        }
        for v in &self.leafbrushes {
            index(&mut l[10], *v);
        }
        for e in &self.edges {
            for v in e {
                index(&mut l[11], *v);
            }
        }
        push_i32(&mut l[12], &self.surfedges);
        for h in &self.models {
            push_f32(
                &mut l[13],
                &[-64.0, -64.0, -64.0, 64.0, 64.0, 64.0, 0.0, 0.0, 0.0],
            );
            push_i32(&mut l[13], &[*h, 0, 2]);
        }
        for (a, b, c) in &self.brushes {
            push_i32(&mut l[14], &[*a, *b, *c]);
        }
        for (p, t) in &self.brushsides {
            index(&mut l[15], *p);
            if qbism {
                push_i32(&mut l[15], &[(*t).into()]);
            } else {
                push_i16(&mut l[15], &[*t]);
            }
        }
        for (a, b) in &self.areas {
            push_i32(&mut l[17], &[*a, *b]);
        }
        for (a, b) in &self.areaportals {
            push_i32(&mut l[18], &[*a, *b]);
        }
        l
    }

    /// The file: header, then the lumps in order, each 4-byte aligned.
    pub fn bytes(&self) -> Vec<u8> {
        let lumps = self.lumps();
        let mut out = Vec::new();
        out.extend_from_slice(&self.magic);
        out.extend_from_slice(&self.version.to_le_bytes());
        out.resize(160, 0);
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

/// A minimal Quake 1 (29) or GoldSrc (30) map: an entity lump and one embedded 16×16 texture; every
/// other lump empty. `textures` replaces the textures lump when given.
pub fn q1_map(version: u32, textures: Option<Vec<u8>>) -> Vec<u8> {
    q1_map_with(version, textures, &[])
}

/// [`q1_map`] with some other lumps (`(index, bytes)`, index above 2) filled in.
pub fn q1_map_with(version: u32, textures: Option<Vec<u8>>, extra: &[(usize, Vec<u8>)]) -> Vec<u8> {
    let entities = b"{\n\"classname\" \"worldspawn\"\n\"wad\" \"\"\n}\n\0".to_vec();
    let textures = textures.unwrap_or_else(|| {
        let mut t = Vec::new();
        push_i32(&mut t, &[1, 8]);
        let mut name = [0u8; 16];
        name[..5].copy_from_slice(b"floor");
        t.extend_from_slice(&name);
        push_i32(&mut t, &[16, 16, 40, 40 + 256, 40 + 320, 40 + 336]);
        t.extend((0..340u32).map(|i| (i % 251) as u8));
        if version == 30 {
            t.extend_from_slice(&256u16.to_le_bytes());
            t.extend((0..768u32).map(|i| (i % 256) as u8));
            t.extend_from_slice(&[0, 0]);
        }
        t
    });
    let mut out = Vec::new();
    out.extend_from_slice(&version.to_le_bytes());
    out.resize(124, 0);
    for (i, lump) in [entities, Vec::new(), textures].iter().enumerate() {
        while out.len() % 4 != 0 {
            out.push(0);
        }
        let ofs = out.len() as u32;
        out[4 + i * 8..8 + i * 8].copy_from_slice(&ofs.to_le_bytes());
        out[8 + i * 8..12 + i * 8].copy_from_slice(&(lump.len() as u32).to_le_bytes());
        out.extend_from_slice(lump);
    }
    for i in 3..15 {
        let lump = extra
            .iter()
            .find(|(n, _)| *n == i)
            .map_or(&[][..], |(_, b)| b.as_slice());
        while out.len() % 4 != 0 {
            out.push(0);
        }
        let ofs = out.len() as u32;
        out[4 + i * 8..8 + i * 8].copy_from_slice(&ofs.to_le_bytes());
        out[8 + i * 8..12 + i * 8].copy_from_slice(&(lump.len() as u32).to_le_bytes());
        out.extend_from_slice(lump);
    }
    out
}

/// Every BSP sample.
pub fn samples() -> Vec<Sample> {
    let mut s = Vec::new();
    let valid = Q2Map::valid();
    let ok = |name: &str, map: &Q2Map| Sample::new(name, map.bytes(), "ok", &[]);
    s.push(ok("q2_valid.bsp", &valid));
    s.push(ok(
        "q2_no_vis.bsp",
        &Q2Map {
            visibility: Vec::new(),
            ..valid.clone()
        },
    ));
    s.push(Sample::new("q1_valid.bsp", q1_map(29, None), "ok", &[]));
    s.push(Sample::new("hl_valid.bsp", q1_map(30, None), "ok", &[]));

    let mut bad = |name: &str, code: &'static str, status: &'static str, f: &dyn Fn(&mut Q2Map)| {
        let mut m = valid.clone();
        f(&mut m);
        s.push(Sample::new(
            format!("{name}.bsp"),
            m.bytes(),
            status,
            &[code],
        ));
    };
    bad(
        "unsupported_version",
        "bsp-unsupported-version",
        "ok",
        &|m| m.version = 39,
    );
    bad(
        "lump_out_of_bounds",
        "bsp-lump-out-of-bounds",
        "error",
        &|m| m.length_delta = Some((1, 1 << 20)),
    );
    bad("lump_misaligned", "bsp-lump-misaligned", "error", &|m| {
        m.length_delta = Some((1, -3))
    });
    bad(
        "entities_clamped",
        "bsp-entities-clamped",
        "warning",
        &|m| m.length_delta = Some((0, 1 << 20)),
    );
    bad("lump_empty", "bsp-lump-empty", "error", &|m| {
        m.models.clear()
    });
    bad("bad_planenum", "bsp-bad-planenum", "error", &|m| {
        m.nodes[1].plane = 99
    });
    bad("bad_child_node", "bsp-bad-child-node", "error", &|m| {
        m.nodes[0].children[0] = 7
    });
    bad("bad_child_leaf", "bsp-bad-child-leaf", "error", &|m| {
        m.nodes[1].children[1] = -100
    });
    bad("bad_texinfo", "bsp-bad-texinfo", "error", &|m| {
        m.faces[0].texinfo = 50
    });
    bad("bad_face_range", "bsp-bad-face-range", "error", &|m| {
        m.nodes[0].numfaces = 5
    });
    bad("bad_face_edges", "bsp-bad-face-edges", "error", &|m| {
        m.faces[1].firstedge = 2
    });
    bad("face_edge_count", "bsp-face-edge-count", "error", &|m| {
        m.faces[0].numedges = 2
    });
    bad("bad_surfedge", "bsp-bad-surfedge", "error", &|m| {
        m.surfedges[3] = -7
    });
    bad("bad_vertex", "bsp-bad-vertex", "error", &|m| {
        m.edges[2][1] = 50
    });
    bad("bad_leafface", "bsp-bad-leafface", "error", &|m| {
        m.leaffaces[1] = 9
    });
    bad(
        "bad_leafface_range",
        "bsp-bad-leafface-range",
        "error",
        &|m| m.leafs[1].leaffaces.1 = 5,
    );
    bad("bad_leafbrush", "bsp-bad-leafbrush", "error", &|m| {
        m.leafbrushes[0] = 5
    });
    bad(
        "bad_leafbrush_range",
        "bsp-bad-leafbrush-range",
        "error",
        &|m| m.leafs[1].leafbrushes = (1, 1),
    );
    bad(
        "bad_brushside_range",
        "bsp-bad-brushside-range",
        "error",
        &|m| m.brushes[0].1 = 5,
    );
    bad("model0_headnode", "bsp-model0-headnode", "error", &|m| {
        m.models[0] = -1
    });
    bad("leaf0_not_solid", "bsp-leaf0-not-solid", "error", &|m| {
        m.leafs[0].contents = 0
    });
    bad("bad_area", "bsp-bad-area", "error", &|m| {
        m.leafs[1].area = 5
    });
    bad("too_many_areas", "bsp-too-many-areas", "error", &|m| {
        m.areas.resize(257, (0, 0))
    });
    bad(
        "bad_areaportal_range",
        "bsp-bad-areaportal-range",
        "error",
        &|m| m.areas[1].0 = 3,
    );
    bad("bad_otherarea", "bsp-bad-otherarea", "error", &|m| {
        m.areaportals[0].1 = 9
    });
    bad("bad_portalnum", "bsp-bad-portalnum", "error", &|m| {
        m.areaportals[0].0 = 5000
    });
    bad("bad_cluster", "bsp-bad-cluster", "error", &|m| {
        m.leafs[2].cluster = 7
    });
    bad("node_cycle", "bsp-node-cycle", "error", &|m| {
        m.nodes[1].children[0] = 0
    });
    bad("bad_next_texinfo", "bsp-bad-next-texinfo", "error", &|m| {
        m.texinfo[1].next = 10
    });
    bad(
        "texinfo_anim_loop",
        "bsp-texinfo-anim-loop",
        "error",
        &|m| m.texinfo[0].next = 1,
    );
    bad("bad_lightofs", "bsp-bad-lightofs", "error", &|m| {
        m.faces[0].lightofs = 1000
    });
    bad("vis_header_short", "bsp-vis-header-short", "error", &|m| {
        m.visibility.truncate(8)
    });
    bad(
        "vis_too_many_clusters",
        "bsp-vis-too-many-clusters",
        "error",
        &|m| {
            m.visibility[..4].copy_from_slice(&0xFFFF_FFF0u32.to_le_bytes());
        },
    );
    bad("vis_bad_offset", "bsp-vis-bad-offset", "error", &|m| {
        m.visibility[12..16].copy_from_slice(&999u32.to_le_bytes());
    });
    bad("vis_overrun", "bsp-vis-overrun", "warning", &|m| {
        m.visibility = vis_lump(&[0, 5])
    });
    bad("entity_syntax", "bsp-entity-syntax", "error", &|m| {
        m.entities = b"{ \"classname\" }\n\0".to_vec();
    });

    // The bad-headnode case also moves the world's head away from node 0.
    let mut m = valid.clone();
    m.models[0] = 50;
    s.push(Sample::new(
        "bad_headnode.bsp",
        m.bytes(),
        "error",
        &["bsp-bad-headnode", "bsp-model0-headnode"],
    ));
    // Shared subtrees: Q2PRO's BSP_ValidateTree refuses a node or leaf reached twice from the
    // models' head nodes; id Quake 2 and yquake2 load it. Nodes no model reaches are never walked.
    let mut shared_leaf = valid.clone();
    shared_leaf.nodes[0].children[1] = -3;
    let mut shared_by_models = valid.clone();
    shared_by_models.models.push(1);
    for (name, map) in [
        ("node_shared.bsp", shared_leaf),
        ("node_shared_by_models.bsp", shared_by_models),
    ] {
        s.push(
            Sample::new(name, map.bytes(), "warning", &["bsp-node-shared"])
                .under("q2pro", "error")
                .under("quake2", "ok")
                .under("yquake2", "ok"),
        );
    }
    // A node no model reaches, looping on itself and sharing a leaf: no engine walks it.
    let mut unreached = valid.clone();
    unreached.nodes.push(Node {
        plane: 0,
        children: [2, -3],
        firstface: 0,
        numfaces: 0,
    });
    s.push(
        Sample::new("node_unreached.bsp", unreached.bytes(), "ok", &[])
            .under("q2pro", "ok")
            .under("quake2", "ok"),
    );
    let bytes = valid.bytes();
    s.push(Sample::new(
        "truncated_header.bsp",
        bytes[..100].to_vec(),
        "error",
        &["bsp-truncated-header"],
    ));
    let qbism = Q2Map {
        magic: *b"QBSP",
        ..valid.clone()
    };
    s.push(Sample::new(
        "qbism_valid.bsp",
        qbism.bytes(),
        "ok",
        &["bsp-qbism"],
    ));
    let mut qbism_cycle = qbism.clone();
    qbism_cycle.nodes[1].children[0] = 0;
    s.push(Sample::new(
        "qbism_node_cycle.bsp",
        qbism_cycle.bytes(),
        "error",
        &["bsp-qbism", "bsp-node-cycle"],
    ));
    // A texinfo naming texture 5 of 1, and a leaf whose PVS row lies past an empty visibility lump.
    let mut texinfo = Vec::new();
    push_f32(&mut texinfo, &[0.0; 8]);
    push_i32(&mut texinfo, &[5, 0]);
    s.push(Sample::new(
        "q1_bad_miptex_index.bsp",
        q1_map_with(29, None, &[(6, texinfo)]),
        "error",
        &["bsp-bad-miptex-index"],
    ));
    let mut leaf = Vec::new();
    push_i32(&mut leaf, &[-2, 64]);
    push_i16(&mut leaf, &[0; 8]);
    leaf.extend_from_slice(&[0; 4]);
    s.push(Sample::new(
        "q1_bad_visofs.bsp",
        q1_map_with(29, None, &[(4, vec![0xFF; 8]), (10, leaf)]),
        "error",
        &["bsp-bad-visofs"],
    ));
    let mut t = Vec::new();
    push_i32(&mut t, &[100, 8]);
    s.push(Sample::new(
        "q1_textures_header_short.bsp",
        q1_map(29, Some(t)),
        "error",
        &["bsp-textures-header-short"],
    ));
    let mut t = Vec::new();
    push_i32(&mut t, &[1, 5000]);
    s.push(Sample::new(
        "png_named_bsp.bsp",
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(),
        "warning",
        &["lumpkit-extension-mismatch"],
    ));
    s.push(Sample::new(
        "q1_miptex_bad_offset.bsp",
        q1_map(29, Some(t)),
        "error",
        &["bsp-miptex-bad-offset"],
    ));
    s.extend(q1_family_samples());
    s.extend(crate::bsp_limits::samples());
    s.extend(crate::bsp_faces::samples());
    s.extend(crate::bsp_textures::samples());
    s.extend(crate::bsp_hexen2::samples());
    s
}

/// Maps with geometry in every Quake 1 layout, the compiler habits that must stay quiet, and the
/// lighting and vertex rules as the Quake 1 engines apply them.
fn q1_family_samples() -> Vec<Sample> {
    use crate::q1map::{Q1Face, Q1Kind, Q1Map};
    let mut s = Vec::new();
    for (name, kind) in [
        ("q1_lit_valid.bsp", Q1Kind::Bsp29),
        ("hl_lit_valid.bsp", Q1Kind::Bsp30),
        ("bsp2_valid.bsp", Q1Kind::Bsp2),
        ("2psb_valid.bsp", Q1Kind::Bsp2Rmq),
    ] {
        s.push(Sample::new(name, Q1Map::valid(kind).bytes(), "ok", &[]));
    }
    // An unlit face (styles 255) whose lightofs is the compiler's running offset: the end of the
    // lump. Quake and GoldSrc never read lighting for it.
    for (name, kind) in [
        ("q1_unlit_lightofs_at_end.bsp", Q1Kind::Bsp29),
        ("hl_unlit_lightofs_at_end.bsp", Q1Kind::Bsp30),
        ("bsp2_unlit_lightofs_at_end.bsp", Q1Kind::Bsp2),
    ] {
        let mut m = Q1Map::valid(kind);
        m.faces.push(Q1Face {
            styles: [255; 4],
            lightofs: m.lighting.len() as i32,
            ..m.faces[0].clone()
        });
        m.nodes[0].numfaces = 2;
        m.models[0].2 = 2;
        s.push(Sample::new(name, m.bytes(), "ok", &[]));
    }
    // A lit face whose 5 × 5 lightmap is one byte longer than the lump.
    for (name, kind) in [
        ("q1_lightmap_past_lump.bsp", Q1Kind::Bsp29),
        ("hl_lightmap_past_lump.bsp", Q1Kind::Bsp30),
    ] {
        let mut m = Q1Map::valid(kind);
        m.lighting.pop();
        s.push(Sample::new(
            name,
            m.bytes(),
            "warning",
            &["bsp-lightmap-past-lump"],
        ));
    }
    // No faces: only the dummy edge 0 = (0, 0), no vertexes, no lighting.
    let mut m = Q1Map::valid(Q1Kind::Bsp29);
    m.faces.clear();
    m.vertexes.clear();
    m.edges.truncate(1);
    m.surfedges.clear();
    m.lighting.clear();
    m.marks.clear();
    m.leafs[1].nummark = 0;
    m.nodes[0].numfaces = 0;
    m.models[0].2 = 0;
    s.push(Sample::new("q1_no_faces.bsp", m.bytes(), "ok", &[]));
    // A surfedge reaches an edge whose vertex is past the vertexes lump.
    let mut m = Q1Map::valid(Q1Kind::Bsp29);
    m.vertexes.truncate(3);
    s.push(Sample::new(
        "q1_bad_vertex.bsp",
        m.bytes(),
        "error",
        &["bsp-bad-vertex"],
    ));
    // No textures lump: every texinfo gets the engine's checkerboard, whatever its index.
    let mut m = Q1Map::valid(Q1Kind::Bsp29);
    m.textures.clear();
    s.push(Sample::new("q1_no_textures.bsp", m.bytes(), "ok", &[]));
    // The extended layouts go through the same checks with their own records.
    let mut m = Q1Map::valid(Q1Kind::Bsp2);
    m.nodes[0].children[0] = -3;
    s.push(Sample::new(
        "bsp2_bad_child_leaf.bsp",
        m.bytes(),
        "error",
        &["bsp-bad-child-leaf"],
    ));
    let mut m = Q1Map::valid(Q1Kind::Bsp2Rmq);
    m.marks[0] = 70_000;
    s.push(Sample::new(
        "2psb_bad_leafface.bsp",
        m.bytes(),
        "error",
        &["bsp-bad-leafface"],
    ));
    let mut m = Q1Map::valid(Q1Kind::Bsp2);
    m.lighting.truncate(10);
    s.push(Sample::new(
        "bsp2_lightmap_past_lump.bsp",
        m.bytes(),
        "warning",
        &["bsp-lightmap-past-lump"],
    ));
    s
}
