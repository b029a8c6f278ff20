//! Writers of M2 models (MD20 v256/v260, v264, v272, MD21 v274) and `.skin` profiles, valid and
//! broken, for `corpus/m2/`.
//!
//! Written independently of the reader, from the byte layout in `research/m2.md` §2 and wowdev.wiki
//! `M2` / `M2/.skin`: the header offsets here are this writer's own table, so a reader mistake shows
//! up as a mismatch rather than being shared. No game bytes are used.

use crate::Sample;

/// One texture: type, flags, file name (written with its NUL; empty for replaceable textures).
#[derive(Clone, Debug)]
pub struct TextureSpec {
    /// Texture type (0: file name given).
    pub kind: u32,
    /// Flags (wrap X/Y).
    pub flags: u32,
    /// File name without NUL.
    pub filename: Vec<u8>,
}

/// One submesh: vertex range and index range.
#[derive(Clone, Copy, Debug)]
pub struct SubmeshSpec {
    /// First local vertex.
    pub vertex_start: u16,
    /// Local vertices.
    pub vertex_count: u16,
    /// First index.
    pub index_start: u16,
    /// Indices.
    pub index_count: u16,
    /// Bones in the submesh's palette.
    pub bone_count: u16,
    /// First bone lookup entry of the palette.
    pub bone_combo: u16,
}

/// One batch.
#[derive(Clone, Copy, Debug)]
pub struct BatchSpec {
    /// Submesh drawn.
    pub submesh: u16,
    /// Material used.
    pub material: u16,
    /// Textures used.
    pub texture_count: u16,
    /// First texture lookup entry.
    pub texture_combo: u16,
    /// Colour animation, -1 for none.
    pub color: i16,
    /// Transparency lookup entry.
    pub weight_combo: u16,
}

/// A skin profile (embedded or a `.skin` file).
#[derive(Clone, Debug)]
pub struct ProfileSpec {
    /// Model vertex index per local vertex.
    pub vertices: Vec<u16>,
    /// Triangle list.
    pub indices: Vec<u16>,
    /// Submeshes.
    pub submeshes: Vec<SubmeshSpec>,
    /// Batches.
    pub batches: Vec<BatchSpec>,
    /// Submesh record size: 32 (v256) or 48.
    pub submesh_size: usize,
}

impl ProfileSpec {
    /// One triangle, one submesh, and one batch per material in `0..materials`.
    pub fn triangle(materials: u16, submesh_size: usize) -> ProfileSpec {
        ProfileSpec {
            vertices: vec![0, 1, 2],
            indices: vec![0, 1, 2],
            submeshes: vec![SubmeshSpec {
                vertex_start: 0,
                vertex_count: 3,
                index_start: 0,
                index_count: 3,
                bone_count: 1,
                bone_combo: 0,
            }],
            batches: (0..materials)
                .map(|m| BatchSpec {
                    submesh: 0,
                    material: m,
                    texture_count: 1,
                    texture_combo: 0,
                    color: -1,
                    weight_combo: 0,
                })
                .collect(),
            submesh_size,
        }
    }
}

/// A model.
#[derive(Clone, Debug)]
pub struct ModelSpec {
    /// Version (256..=274).
    pub version: u32,
    /// Name without NUL; `name_nul` decides whether the NUL is written.
    pub name: Vec<u8>,
    /// Whether the name array includes its NUL.
    pub name_nul: bool,
    /// Global flags (0x08 adds the blend-map override array).
    pub global_flags: u32,
    /// Vertex count (positions on a small fan).
    pub vertices: u32,
    /// The bone each vertex is fully weighted to (0 for vertices past the list).
    pub vertex_bones: Vec<u8>,
    /// Bones, by their parent (-1 for a root).
    pub bones: Vec<i16>,
    /// Bone lookup (submesh palettes → bones).
    pub bone_lookup: Vec<u16>,
    /// Colour animations (empty tracks).
    pub colors: u32,
    /// Transparency lookup (batches → texture weight tracks).
    pub transparency_lookup: Vec<u16>,
    /// Textures.
    pub textures: Vec<TextureSpec>,
    /// Materials (flags, blending_mode).
    pub materials: Vec<(u16, u16)>,
    /// Texture lookup.
    pub texture_lookup: Vec<u16>,
    /// Texture unit lookup.
    pub texture_units: Vec<u16>,
    /// Blend-map overrides (written when global flag 0x08 is set).
    pub blend_overrides: Vec<u16>,
    /// Embedded views (≤263) — for ≥264 only their number is written.
    pub views: Vec<ProfileSpec>,
    /// Skin profile count for ≥264.
    pub skin_profiles: u32,
}

impl ModelSpec {
    /// A small valid model: one texture, one material per blending mode in `modes`.
    pub fn with_modes(version: u32, modes: &[u16]) -> ModelSpec {
        let flags = [0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x03, 0x11];
        let materials: Vec<(u16, u16)> = modes
            .iter()
            .enumerate()
            .map(|(i, &m)| (flags[i % flags.len()], m))
            .collect();
        let legacy = version < 264;
        let submesh_size = if version < 260 { 32 } else { 48 };
        ModelSpec {
            version,
            name: b"LumpkitModel".to_vec(),
            name_nul: true,
            global_flags: 0,
            vertices: 3,
            vertex_bones: Vec::new(),
            bones: vec![-1],
            bone_lookup: vec![0],
            colors: 0,
            transparency_lookup: vec![0],
            textures: vec![TextureSpec {
                kind: 0,
                flags: 3,
                filename: b"TEST\\WHITE.BLP".to_vec(),
            }],
            materials,
            texture_lookup: vec![0],
            texture_units: vec![0],
            blend_overrides: Vec::new(),
            views: if legacy {
                vec![ProfileSpec::triangle(modes.len() as u16, submesh_size)]
            } else {
                Vec::new()
            },
            skin_profiles: if legacy { 0 } else { 1 },
        }
    }
}

/// Where each array's `M2Array` sits in the header (≤263, ≥264), and the header length.
struct Offsets {
    name: usize,
    bones: usize,
    vertices: usize,
    colors: usize,
    texture_weights: usize,
    bone_lookup: usize,
    transparency_lookup: usize,
    views: usize,
    textures: usize,
    materials: usize,
    texture_lookup: usize,
    texture_units: usize,
    bounding_box: usize,
    particles: usize,
    header: usize,
}

const LEGACY: Offsets = Offsets {
    name: 0x08,
    bones: 0x34,
    vertices: 0x44,
    colors: 0x54,
    texture_weights: 0x64,
    bone_lookup: 0x8C,
    transparency_lookup: 0xA4,
    views: 0x4C,
    textures: 0x5C,
    materials: 0x84,
    texture_lookup: 0x94,
    texture_units: 0x9C,
    bounding_box: 0xB4,
    particles: 0x13C,
    header: 0x144,
};

const MODERN: Offsets = Offsets {
    name: 0x08,
    bones: 0x2C,
    vertices: 0x3C,
    colors: 0x48,
    texture_weights: 0x58,
    bone_lookup: 0x78,
    transparency_lookup: 0x90,
    views: 0x44,
    textures: 0x50,
    materials: 0x70,
    texture_lookup: 0x80,
    texture_units: 0x88,
    bounding_box: 0xA0,
    particles: 0x128,
    header: 0x130,
};

fn offsets(version: u32) -> &'static Offsets {
    if version < 264 { &LEGACY } else { &MODERN }
}

/// Header offset of the particle emitter array (an optional section) for `version`.
pub fn particles_at(version: u32) -> usize {
    offsets(version).particles
}

/// Header offset of the materials array for `version`.
pub fn materials_at(version: u32) -> usize {
    offsets(version).materials
}

/// Header offset of the vertices array for `version`.
pub fn vertices_at(version: u32) -> usize {
    offsets(version).vertices
}

/// Header offset of the texture lookup array for `version`.
pub fn texture_lookup_at(version: u32) -> usize {
    offsets(version).texture_lookup
}

/// Header offset of the texture unit lookup array for `version`.
pub fn texture_units_at(version: u32) -> usize {
    offsets(version).texture_units
}

fn put_u32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

/// Writes `count` and `offset` of an M2Array at `at`.
pub fn put_array(b: &mut [u8], at: usize, count: u32, offset: u32) {
    put_u32(b, at, count);
    put_u32(b, at + 4, offset);
}

/// Reads the (count, offset) of the M2Array at `at`.
pub fn get_array(b: &[u8], at: usize) -> (u32, u32) {
    let r = |o: usize| u32::from_le_bytes(b[o..o + 4].try_into().unwrap_or([0; 4]));
    (r(at), r(at + 4))
}

fn u16s(v: &[u16]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Appends `data` to `out`, returning its offset.
fn append(out: &mut Vec<u8>, data: &[u8]) -> u32 {
    let at = out.len() as u32;
    out.extend_from_slice(data);
    at
}

/// Appends a profile's arrays to `out` and returns the 44-byte header that points at them.
fn profile_arrays(out: &mut Vec<u8>, p: &ProfileSpec) -> [u8; 44] {
    let mut h = [0u8; 44];
    let vertices = append(out, &u16s(&p.vertices));
    put_array(&mut h, 0, p.vertices.len() as u32, vertices);
    let indices = append(out, &u16s(&p.indices));
    put_array(&mut h, 8, p.indices.len() as u32, indices);
    let bones: Vec<u8> = p.vertices.iter().flat_map(|_| [0u8; 4]).collect();
    let b = append(out, &bones);
    put_array(&mut h, 16, p.vertices.len() as u32, b);
    let mut subs = Vec::new();
    for s in &p.submeshes {
        let mut r = vec![0u8; p.submesh_size];
        for (i, v) in [
            0,
            0,
            s.vertex_start,
            s.vertex_count,
            s.index_start,
            s.index_count,
            s.bone_count,
            s.bone_combo,
            1,
            0,
        ]
        .into_iter()
        .enumerate()
        {
            r[i * 2..i * 2 + 2].copy_from_slice(&v.to_le_bytes());
        }
        subs.extend(r);
    }
    let s = append(out, &subs);
    put_array(&mut h, 24, p.submeshes.len() as u32, s);
    let mut batches = Vec::new();
    for (i, bt) in p.batches.iter().enumerate() {
        batches.push(0x10u8);
        batches.push(0);
        let fields: [u16; 11] = [
            0,
            bt.submesh,
            bt.submesh,
            u16::from_le_bytes(bt.color.to_le_bytes()),
            bt.material,
            0,
            bt.texture_count,
            bt.texture_combo,
            0,
            bt.weight_combo,
            0,
        ];
        batches.extend(u16s(&fields));
        let _ = i;
    }
    let bt = append(out, &batches);
    put_array(&mut h, 32, p.batches.len() as u32, bt);
    put_u32(&mut h, 40, 21);
    h
}

/// The MD20 blob of `spec` (offsets from its first byte).
pub fn md20(spec: &ModelSpec) -> Vec<u8> {
    let o = offsets(spec.version);
    let overrides = spec.global_flags & 0x08 != 0;
    let header = o.header + if overrides { 8 } else { 0 };
    let mut out = vec![0u8; header];
    out[0..4].copy_from_slice(b"MD20");
    put_u32(&mut out, 4, spec.version);
    put_u32(&mut out, 0x10, spec.global_flags);
    let mut name = spec.name.clone();
    if spec.name_nul {
        name.push(0);
    }
    let n = append(&mut out, &name);
    put_array(&mut out, o.name, name.len() as u32, n);
    let mut verts = Vec::new();
    for i in 0..spec.vertices {
        let pos = [i as f32, (i % 2) as f32, 0.0];
        pos.iter().for_each(|f| verts.extend(f.to_le_bytes()));
        let bone = spec.vertex_bones.get(i as usize).copied().unwrap_or(0);
        verts.extend([255, 0, 0, 0, bone, 0, 0, 0]);
        [0.0f32, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0]
            .iter()
            .for_each(|f| verts.extend(f.to_le_bytes()));
    }
    let v = append(&mut out, &verts);
    put_array(&mut out, o.vertices, spec.vertices, v);
    // Bones: key bone id -1, flags 0, the parent, the rest (tracks, pivot) zero.
    let (bone_len, track_len, color_len) = match spec.version {
        ..=259 => (108, 28, 56),
        260..=263 => (112, 28, 56),
        _ => (88, 20, 40),
    };
    let mut bones = Vec::new();
    for &parent in &spec.bones {
        let mut r = vec![0u8; bone_len];
        r[0..4].copy_from_slice(&(-1i32).to_le_bytes());
        r[8..10].copy_from_slice(&parent.to_le_bytes());
        bones.extend(r);
    }
    let b = append(&mut out, &bones);
    put_array(&mut out, o.bones, spec.bones.len() as u32, b);
    let bl = append(&mut out, &u16s(&spec.bone_lookup));
    put_array(&mut out, o.bone_lookup, spec.bone_lookup.len() as u32, bl);
    let c = append(&mut out, &vec![0u8; color_len * spec.colors as usize]);
    put_array(&mut out, o.colors, spec.colors, c);
    // One (empty) texture weight track per transparency lookup entry.
    let weights = spec.transparency_lookup.len();
    let w = append(&mut out, &vec![0u8; track_len * weights]);
    put_array(&mut out, o.texture_weights, weights as u32, w);
    let tl = append(&mut out, &u16s(&spec.transparency_lookup));
    put_array(
        &mut out,
        o.transparency_lookup,
        spec.transparency_lookup.len() as u32,
        tl,
    );
    let mut tex = vec![0u8; spec.textures.len() * 16];
    let mut names = Vec::new();
    for t in &spec.textures {
        let mut f = t.filename.clone();
        if !f.is_empty() {
            f.push(0);
        }
        names.push(f);
    }
    let tex_at = out.len();
    out.extend_from_slice(&tex);
    for (i, (t, f)) in spec.textures.iter().zip(&names).enumerate() {
        let at = if f.is_empty() { 0 } else { append(&mut out, f) };
        put_u32(&mut tex, i * 16, t.kind);
        put_u32(&mut tex, i * 16 + 4, t.flags);
        put_array(&mut tex, i * 16 + 8, f.len() as u32, at);
    }
    out[tex_at..tex_at + tex.len()].copy_from_slice(&tex);
    put_array(
        &mut out,
        o.textures,
        spec.textures.len() as u32,
        tex_at as u32,
    );
    let mats: Vec<u8> = spec
        .materials
        .iter()
        .flat_map(|&(f, m)| [f.to_le_bytes(), m.to_le_bytes()].concat())
        .collect();
    let m = append(&mut out, &mats);
    put_array(&mut out, o.materials, spec.materials.len() as u32, m);
    let tl = append(&mut out, &u16s(&spec.texture_lookup));
    put_array(
        &mut out,
        o.texture_lookup,
        spec.texture_lookup.len() as u32,
        tl,
    );
    let tu = append(&mut out, &u16s(&spec.texture_units));
    put_array(
        &mut out,
        o.texture_units,
        spec.texture_units.len() as u32,
        tu,
    );
    if overrides {
        let bo = append(&mut out, &u16s(&spec.blend_overrides));
        put_array(&mut out, o.header, spec.blend_overrides.len() as u32, bo);
    }
    for (i, f) in [-1.0f32, -1.0, -1.0, 2.0, 2.0, 2.0].iter().enumerate() {
        out[o.bounding_box + i * 4..o.bounding_box + i * 4 + 4].copy_from_slice(&f.to_le_bytes());
    }
    if spec.version < 264 {
        let mut headers = Vec::new();
        for p in &spec.views {
            headers.extend(profile_arrays(&mut out, p));
        }
        let at = append(&mut out, &headers);
        put_array(&mut out, o.views, spec.views.len() as u32, at);
    } else {
        put_u32(&mut out, o.views, spec.skin_profiles);
    }
    out
}

/// A chunked (MD21) file: the MD20 blob in MD21, then the given chunks.
pub fn md21(blob: &[u8], chunks: &[([u8; 4], Vec<u8>)]) -> Vec<u8> {
    let mut out = b"MD21".to_vec();
    out.extend((blob.len() as u32).to_le_bytes());
    out.extend_from_slice(blob);
    for (id, data) in chunks {
        out.extend_from_slice(id);
        out.extend((data.len() as u32).to_le_bytes());
        out.extend_from_slice(data);
    }
    out
}

/// A `.skin` file (offsets from the file start).
pub fn skin_file(p: &ProfileSpec) -> Vec<u8> {
    let mut out = vec![0u8; 48];
    out[0..4].copy_from_slice(b"SKIN");
    let h = profile_arrays(&mut out, p);
    out[4..48].copy_from_slice(&h);
    out
}

/// The samples for `corpus/m2/`.
pub fn samples() -> Vec<Sample> {
    let mut s = Vec::new();
    let ok = |name: &str, bytes: Vec<u8>| Sample::new(name, bytes, "ok", &[]);
    // Valid: each header layout, one material per on-disk blending mode.
    s.push(ok(
        "classic_v256.m2",
        md20(&ModelSpec::with_modes(256, &[0, 1, 2, 3, 4, 5, 6])),
    ));
    s.push(ok(
        "tbc_v260.m2",
        md20(&ModelSpec::with_modes(260, &[0, 1, 2, 3, 4, 5, 6])),
    ));
    let wotlk = ModelSpec::with_modes(264, &[0, 1, 2, 3, 4, 5, 6]);
    s.push(ok("wotlk_v264.m2", md20(&wotlk)));
    s.push(ok(
        "wotlk_v26400.skin",
        skin_file(&ProfileSpec::triangle(7, 48)),
    ));
    let mut cata = ModelSpec::with_modes(272, &[0, 1, 2, 3, 4, 5, 6, 7]);
    cata.global_flags = 0x08;
    cata.blend_overrides = vec![0, 1];
    s.push(ok("cata_v272_blend_overrides.m2", md20(&cata)));
    let legion = ModelSpec::with_modes(274, &[0, 1, 2, 3, 4, 5, 6, 7]);
    let chunks = vec![
        (*b"SFID", 1_000_001u32.to_le_bytes().to_vec()),
        (*b"TXID", 1_000_002u32.to_le_bytes().to_vec()),
        (*b"AFID", [0u8, 0, 0, 0, 0x41, 0x42, 0x0F, 0].to_vec()),
        (*b"ZZZZ", b"unknown chunk, skipped".to_vec()),
    ];
    s.push(ok("legion_v274_md21.m2", md21(&md20(&legion), &chunks)));

    let v264 = || md20(&ModelSpec::with_modes(264, &[0, 1, 2]));
    let bad = |name: &str, bytes: Vec<u8>, status: &'static str, code: &'static str| {
        Sample::new(name, bytes, status, &[code])
    };
    // m2-bad-magic: the MD21 chunk holds no MD20.
    let mut blob = v264();
    blob[0..4].copy_from_slice(b"MD2X");
    s.push(bad(
        "bad_md21_without_md20.m2",
        md21(&blob, &[]),
        "error",
        "m2-bad-magic",
    ));
    let mut b = v264();
    b.truncate(100);
    s.push(bad(
        "bad_header_truncated.m2",
        b,
        "error",
        "m2-header-truncated",
    ));
    let mut b = v264();
    put_u32(&mut b, 4, 300);
    s.push(bad("bad_unknown_version.m2", b, "ok", "m2-unknown-version"));
    let mut b = v264();
    let len = b.len() as u32;
    put_array(&mut b, materials_at(264), 3, len + 0x1000);
    s.push(bad(
        "bad_materials_past_eof.m2",
        b,
        "error",
        "m2-array-past-eof",
    ));
    let mut b = v264();
    let (_, off) = get_array(&b, vertices_at(264));
    put_array(&mut b, vertices_at(264), u32::MAX, off);
    s.push(bad(
        "bad_vertex_count_overflow.m2",
        b,
        "error",
        "m2-array-size-overflow",
    ));
    let mut b = v264();
    let len = b.len() as u32;
    put_array(&mut b, particles_at(264), 5, len - 4);
    s.push(bad(
        "warn_particles_past_eof.m2",
        b,
        "warning",
        "m2-optional-section-broken",
    ));
    let mut b = v264();
    let (n, off) = get_array(&b, texture_lookup_at(264));
    put_array(&mut b, texture_units_at(264), n, off);
    s.push(bad(
        "warn_lookups_overlap.m2",
        b,
        "warning",
        "m2-array-overlap",
    ));
    let mut spec = ModelSpec::with_modes(264, &[0]);
    spec.name_nul = false;
    s.push(bad(
        "warn_name_not_terminated.m2",
        md20(&spec),
        "warning",
        "m2-name-not-terminated",
    ));
    s.push(bad(
        "bad_blending_mode_9.m2",
        md20(&ModelSpec::with_modes(264, &[0, 9])),
        "error",
        "m2-blending-mode-invalid",
    ));
    s.push(bad(
        "warn_blend_add_in_v264.m2",
        md20(&ModelSpec::with_modes(264, &[0, 7])),
        "warning",
        "m2-blending-mode-too-new",
    ));
    let mut spec = ModelSpec::with_modes(264, &[0]);
    spec.texture_lookup = vec![0, 5];
    s.push(bad(
        "bad_texture_lookup.m2",
        md20(&spec),
        "error",
        "m2-texture-lookup-out-of-range",
    ));
    let mut b = md21(&md20(&legion), &chunks);
    b[4..8].copy_from_slice(&0x7FFF_FFF0u32.to_le_bytes());
    s.push(bad(
        "bad_md21_past_eof.m2",
        b,
        "error",
        "m2-md21-chunk-past-eof",
    ));
    let mut b = md21(&md20(&legion), &[(*b"SFID", 7u32.to_le_bytes().to_vec())]);
    let n = b.len();
    b[n - 8..n - 4].copy_from_slice(&100u32.to_le_bytes());
    s.push(bad(
        "warn_sfid_past_eof.m2",
        b,
        "warning",
        "m2-chunk-past-eof",
    ));
    let b = md21(&md20(&legion), &[(*b"TXID", vec![1, 0, 0, 0, 2, 0])]);
    s.push(bad(
        "warn_txid_misaligned.m2",
        b,
        "warning",
        "m2-chunk-size-misaligned",
    ));

    // Skin profiles.
    let tri = || ProfileSpec::triangle(1, 48);
    let mut b = skin_file(&tri());
    b[0..4].copy_from_slice(b"NIKS");
    s.push(bad("bad_magic.skin", b, "error", "skin-bad-magic"));
    s.push(bad(
        "bad_header_truncated.skin",
        b"SKIN\0\0\0\0\0\0\0\0\0\0\0\0".to_vec(),
        "error",
        "skin-header-truncated",
    ));
    let mut b = skin_file(&tri());
    let len = b.len() as u32;
    put_array(&mut b, 4 + 32, 1, len);
    s.push(bad(
        "bad_batches_past_eof.skin",
        b,
        "error",
        "skin-array-past-eof",
    ));
    let mut b = skin_file(&tri());
    let (_, off) = get_array(&b, 4 + 8);
    put_array(&mut b, 4 + 8, u32::MAX, off);
    s.push(bad(
        "bad_index_count_overflow.skin",
        b,
        "error",
        "skin-array-size-overflow",
    ));
    let mut p = tri();
    p.submeshes[0].index_count = 6;
    s.push(bad(
        "bad_submesh_range.skin",
        skin_file(&p),
        "error",
        "skin-submesh-out-of-range",
    ));
    let mut p = tri();
    p.indices = vec![0, 1, 7];
    s.push(bad(
        "bad_index_value.skin",
        skin_file(&p),
        "error",
        "skin-index-out-of-range",
    ));
    let mut p = tri();
    p.batches[0].submesh = 3;
    s.push(bad(
        "bad_batch_submesh.skin",
        skin_file(&p),
        "error",
        "skin-batch-submesh-out-of-range",
    ));
    // Checks that need the model: embedded views of a v256 model.
    let embedded = |edit: &dyn Fn(&mut ProfileSpec)| {
        let mut spec = ModelSpec::with_modes(256, &[0, 1]);
        edit(&mut spec.views[0]);
        md20(&spec)
    };
    s.push(bad(
        "bad_view_vertex.m2",
        embedded(&|p| p.vertices[2] = 40),
        "error",
        "skin-vertex-out-of-range",
    ));
    s.push(bad(
        "bad_view_batch_material.m2",
        embedded(&|p| p.batches[1].material = 20),
        "error",
        "skin-batch-material-out-of-range",
    ));
    s.push(bad(
        "bad_view_batch_texture.m2",
        embedded(&|p| p.batches[0].texture_combo = 9),
        "error",
        "skin-batch-texture-out-of-range",
    ));
    // The skeleton: bone parents, the bone lookup, vertex bones (model rules), then the profile
    // rules that need the model's bone lookup, colours and transparency lookup (embedded views).
    let skeleton = |edit: &dyn Fn(&mut ModelSpec)| {
        let mut spec = ModelSpec::with_modes(264, &[0]);
        edit(&mut spec);
        md20(&spec)
    };
    s.push(ok(
        "skeleton_v264.m2",
        skeleton(&|m| {
            m.bones = vec![-1, 0, 1, 1, 0];
            m.bone_lookup = vec![0, 2, 4];
            m.vertex_bones = vec![0, 2, 4];
        }),
    ));
    s.push(bad(
        "warn_bone_parent_out_of_range.m2",
        skeleton(&|m| m.bones = vec![-1, 0, 5]),
        "warning",
        "m2-bone-parent",
    ));
    s.push(bad(
        "warn_bone_parent_cycle.m2",
        skeleton(&|m| m.bones = vec![-1, 2, 1]),
        "warning",
        "m2-bone-parent-cycle",
    ));
    s.push(bad(
        "warn_bone_parent_after_child.m2",
        skeleton(&|m| m.bones = vec![-1, 2, 0]),
        "warning",
        "m2-bone-parent-after-child",
    ));
    s.push(bad(
        "bad_vertex_bone_index.m2",
        skeleton(&|m| m.vertex_bones = vec![0, 0, 3]),
        "error",
        "m2-vertex-bone-index",
    ));
    s.push(bad(
        "warn_bone_lookup_out_of_range.m2",
        skeleton(&|m| m.bone_lookup = vec![0, 4]),
        "warning",
        "m2-bone-lookup-out-of-range",
    ));
    s.push(bad(
        "warn_view_bone_combo.m2",
        embedded(&|p| p.submeshes[0].bone_combo = 1),
        "warning",
        "skin-bone-combo-out-of-range",
    ));
    s.push(bad(
        "warn_view_batch_color.m2",
        embedded(&|p| p.batches[1].color = 2),
        "warning",
        "skin-batch-color-out-of-range",
    ));
    s.push(bad(
        "warn_view_batch_weight.m2",
        embedded(&|p| p.batches[0].weight_combo = 1),
        "warning",
        "skin-batch-weight-out-of-range",
    ));
    // The same three rules through `.skin` files beside their model (`Name0N.skin` → `Name.m2`).
    s.push(ok(
        "skinpair_v264.m2",
        md20(&ModelSpec::with_modes(264, &[0])),
    ));
    let pair = |edit: &dyn Fn(&mut ProfileSpec)| {
        let mut p = ProfileSpec::triangle(1, 48);
        edit(&mut p);
        skin_file(&p)
    };
    s.push(bad(
        "skinpair_v26400.skin",
        pair(&|p| p.batches[0].color = 1),
        "warning",
        "skin-batch-color-out-of-range",
    ));
    s.push(bad(
        "skinpair_v26401.skin",
        pair(&|p| p.submeshes[0].bone_count = 2),
        "warning",
        "skin-bone-combo-out-of-range",
    ));
    s.push(bad(
        "skinpair_v26402.skin",
        pair(&|p| p.batches[0].weight_combo = 3),
        "warning",
        "skin-batch-weight-out-of-range",
    ));
    // A batch naming a material the model beside it does not have: `check` reports it through the
    // model's facts, `info` describes the batch's render state as that error.
    s.push(bad(
        "skinpair_v26403.skin",
        pair(&|p| p.batches[0].material = 20),
        "error",
        "skin-batch-material-out-of-range",
    ));
    // A skin-only fault beside the model: reported once by the skin's own checks, not again by the
    // pass against the model's facts (which keeps only the model rules).
    s.push(bad(
        "skinpair_v26404.skin",
        pair(&|p| p.submeshes[0].index_count = 6),
        "error",
        "skin-submesh-out-of-range",
    ));
    // A `.m2` with neither magic is still checked as a model (the name is the only hint).
    let mut blob = md20(&ModelSpec::with_modes(264, &[0]));
    blob[0..4].copy_from_slice(b"MX20");
    s.push(bad("no_magic.m2", blob, "error", "m2-bad-magic"));
    // A `.m2` whose content is another format (a PNG signature).
    s.push(bad(
        "png_named_as_model.m2",
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(),
        "warning",
        "lumpkit-extension-mismatch",
    ));
    s
}
