//! Maps whose faces or textures some renderers refuse (`bsp-surface-extents` in Quake 1, GoldSrc
//! and Quake 2, `bsp-lightmap-pages`, `bsp-anim-sequence`), each next to the nearest map every engine loads,
//! with the verdict each engine profile must give (`Sample::under`).

use crate::Sample;
use crate::q1map::{Q1Face, Q1Kind, Q1Map, Q1Node};

/// A textures lump of 16×16 textures with these names (with a palette each in BSP30).
fn named_textures(names: &[&str], goldsrc: bool) -> Vec<u8> {
    let record_len = 40 + 340 + if goldsrc { 772 } else { 0 };
    let table = 4 + 4 * names.len();
    let mut t = Vec::new();
    t.extend_from_slice(&(names.len() as i32).to_le_bytes());
    for i in 0..names.len() {
        t.extend_from_slice(&((table + i * record_len) as i32).to_le_bytes());
    }
    for name in names {
        let mut n = [0u8; 16];
        n[..name.len()].copy_from_slice(name.as_bytes());
        t.extend_from_slice(&n);
        for v in [16i32, 16, 40, 40 + 256, 40 + 320, 40 + 336] {
            t.extend_from_slice(&v.to_le_bytes());
        }
        t.extend((0..340u32).map(|i| (i % 251) as u8));
        if goldsrc {
            t.extend_from_slice(&256u16.to_le_bytes());
            t.extend((0..768u32).map(|i| (i % 256) as u8));
            t.extend_from_slice(&[0, 0]);
        }
    }
    t
}

/// The valid map with its floor face stretched to `w` × `h` units (1 texel a unit) and a
/// lighting lump that holds exactly its lightmap.
fn wide_face(kind: Q1Kind, w: f32, h: f32) -> Q1Map {
    let mut m = Q1Map::valid(kind);
    m.vertexes = vec![[0.0, 0.0, 0.0], [w, 0.0, 0.0], [w, h, 0.0], [0.0, h, 0.0]];
    let samples = |e: f32| (e / 16.0).ceil() as usize + 1;
    let bytes = if kind == Q1Kind::Bsp30 { 3 } else { 1 };
    m.lighting = vec![90; samples(w) * samples(h) * bytes];
    m
}

/// Every face/texture sample.
pub fn samples() -> Vec<Sample> {
    let extents = &["bsp-surface-extents"];
    let mut s = Vec::new();
    // 300 texels wide: WinQuake refuses it past 256; QuakeSpasm and Xash3D load it.
    s.push(
        Sample::new(
            "q1_surface_extents.bsp",
            wide_face(Q1Kind::Bsp29, 300.0, 64.0).bytes(),
            "warning",
            extents,
        )
        .under("quake", "error")
        .under("quakespasm", "ok")
        .under("xash3d", "ok"),
    );
    // 2016 texels: QuakeSpasm refuses it too (past 2000); Xash3D still loads it.
    s.push(
        Sample::new(
            "q1_surface_extents_2016.bsp",
            wide_face(Q1Kind::Bsp29, 2016.0, 64.0).bytes(),
            "warning",
            extents,
        )
        .under("quake", "error")
        .under("quakespasm", "error")
        .under("xash3d", "ok"),
    );
    // The same wide face on a TEX_SPECIAL (sky / liquid) texinfo: exempt in every engine.
    let mut m = wide_face(Q1Kind::Bsp29, 2016.0, 64.0);
    m.texinfo[0].flags = 1;
    s.push(
        Sample::new("q1_surface_extents_special.bsp", m.bytes(), "ok", &[]).under("quake", "ok"),
    );
    // Exactly 256 texels: at WinQuake's limit, loads everywhere.
    s.push(
        Sample::new(
            "q1_surface_extents_256.bsp",
            wide_face(Q1Kind::Bsp29, 256.0, 256.0).bytes(),
            "ok",
            &[],
        )
        .under("quake", "ok"),
    );
    // GoldSrc: 300 texels past ReHLDS's 256; Xash3D loads it.
    s.push(
        Sample::new(
            "hl_surface_extents.bsp",
            wide_face(Q1Kind::Bsp30, 300.0, 64.0).bytes(),
            "warning",
            extents,
        )
        .under("goldsrc", "error")
        .under("xash3d", "ok"),
    );
    // 3200 unlit 256×256 faces: 17×17 blocks, 49 to a page, fill more than GLQuake's 64 pages.
    let mut m = wide_face(Q1Kind::Bsp29, 256.0, 256.0);
    m.lighting.clear();
    m.faces = vec![
        Q1Face {
            planenum: 0,
            firstedge: 0,
            numedges: 4,
            texinfo: 0,
            styles: [255; 4],
            lightofs: -1,
        };
        3200
    ];
    s.push(
        Sample::new(
            "q1_lightmap_pages.bsp",
            m.bytes(),
            "warning",
            &["bsp-lightmap-pages"],
        )
        .under("quake", "error")
        .under("quakespasm", "ok"),
    );
    // Animated textures: a hole in the frames, a bad frame character, and a good sequence.
    let anim = &["bsp-anim-sequence"];
    let with = |kind: Q1Kind, names: &[&str]| {
        let mut m = Q1Map::valid(kind);
        m.textures = named_textures(names, kind == Q1Kind::Bsp30);
        m.bytes()
    };
    s.push(
        Sample::new(
            "q1_anim_gap.bsp",
            with(Q1Kind::Bsp29, &["+0lava", "+2lava"]),
            "warning",
            anim,
        )
        .under("quake", "error")
        .under("quakespasm", "error")
        .under("xash3d", "ok"),
    );
    s.push(
        Sample::new(
            "q1_anim_bad_frame.bsp",
            with(Q1Kind::Bsp29, &["+0slime", "+kslime"]),
            "warning",
            anim,
        )
        .under("quake", "error")
        .under("xash3d", "ok"),
    );
    s.push(
        Sample::new(
            "q1_anim_valid.bsp",
            with(
                Q1Kind::Bsp29,
                &["+1lava", "+Alava", "+0lava", "+blava", "floor"],
            ),
            "ok",
            &[],
        )
        .under("quake", "ok"),
    );
    s.push(
        Sample::new(
            "hl_anim_gap.bsp",
            with(Q1Kind::Bsp30, &["-0rand", "-2rand"]),
            "warning",
            anim,
        )
        .under("goldsrc", "error")
        .under("xash3d", "ok"),
    );
    // A face of 2 edges (a sliver, as a BSP2 map in the field has): Quake 1 engines load the map
    // (QuakeSpasm warns "bad numedges"), so a warning, where Q2PRO refuses a Quake 2 map with it.
    let mut m = Q1Map::valid(Q1Kind::Bsp29);
    m.faces[0].numedges = 2;
    s.push(Sample::new(
        "q1_face_edge_count.bsp",
        m.bytes(),
        "warning",
        &["bsp-face-edge-count"],
    ));
    // Clipping hulls: one clipnode; hull 1 of the world starting at clipnode 5 is past it, while
    // the same map with hull heads 0 loads (a contents value, -1, would too).
    let mut m = Q1Map::valid(Q1Kind::Bsp29);
    m.clipnodes = vec![(0, [-1, -2])];
    s.push(Sample::new("q1_clipnodes_valid.bsp", m.bytes(), "ok", &[]));
    s.push(Sample::new(
        "q1_bad_clip_headnode.bsp",
        with_hull_head(&m.bytes(), 1, 5),
        "error",
        &["bsp-bad-clip-headnode"],
    ));
    // Trees that loop: node 0 as its own child (`Mod_SetParent` from node 0 never returns), and
    // hull 1's clipnode as its own child (a trace through it never ends). The same maps with
    // children that end load.
    let mut m = Q1Map::valid(Q1Kind::Bsp29);
    m.nodes[0].children = [0, -1];
    s.push(Sample::new(
        "q1_node_cycle.bsp",
        m.bytes(),
        "error",
        &["bsp-node-cycle"],
    ));
    let mut m = Q1Map::valid(Q1Kind::Bsp2);
    m.nodes.push(Q1Node {
        planenum: 0,
        children: [1, -2],
        firstface: 0,
        numfaces: 0,
    });
    m.models.push((1, 0, 0));
    s.push(Sample::new(
        "bsp2_submodel_node_cycle.bsp",
        m.bytes(),
        "error",
        &["bsp-node-cycle"],
    ));
    let mut m = Q1Map::valid(Q1Kind::Bsp29);
    m.clipnodes = vec![(0, [0, -2])];
    s.push(Sample::new(
        "q1_clipnode_cycle.bsp",
        with_hull_head(&m.bytes(), 1, 0),
        "error",
        &["bsp-clipnode-cycle"],
    ));
    // Quake 2: faces 300 texels wide, refused by the software renderers (id ref_soft, yquake2's
    // soft) and loaded by ref_gl; a target names the engine, not the renderer, so it stays a
    // warning. Exactly 256 texels loads everywhere.
    for (name, width, status, codes) in [
        ("q2_surface_extents.bsp", 300.0, "warning", &extents[..]),
        ("q2_surface_extents_256.bsp", 256.0, "ok", &[][..]),
    ] {
        let mut m = crate::bsp::Q2Map::valid();
        m.vertexes[1][0] = width;
        m.vertexes[2][0] = width;
        s.push(
            Sample::new(name, m.bytes(), status, codes)
                .under("quake2", status)
                .under("yquake2", status)
                .under("q2pro", status),
        );
    }
    s
}

/// `bytes` with model 0's `headnode[hull]` set to `head` (the models lump is lump 14; a
/// `dmodel_t` has 36 bytes of bounds and origin before its four head nodes).
pub(crate) fn with_hull_head(bytes: &[u8], hull: usize, head: i32) -> Vec<u8> {
    let mut out = bytes.to_vec();
    let d = 4 + 14 * 8;
    let ofs = u32::from_le_bytes([out[d], out[d + 1], out[d + 2], out[d + 3]]) as usize;
    let at = ofs + 36 + 4 * hull;
    out[at..at + 4].copy_from_slice(&head.to_le_bytes());
    out
}
