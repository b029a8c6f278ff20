//! Writers of Warcraft III MDX models (versions 800, 900, 1000, 1100, 1200), valid and broken, for
//! `corpus/mdx/`.
//!
//! Written from the layouts in `research/wc3-map.md` §1.1 (mdx-m3-viewer 5.12.0's
//! `parsers/mdlx` for 800–1000, HiveWE's `mdx_reader.cpp` for the 1100 layer and the 1200 light),
//! independently of the reader: each chunk is built field by field here. Every broken sample
//! changes one thing of the valid model, so it has exactly the codes recorded for it; faults that
//! lose an object are put in an extra object at the end of its chunk, which nothing references.

use crate::Sample;

/// A little-endian byte builder.
#[derive(Clone, Debug, Default)]
pub struct Bytes(pub Vec<u8>);

impl Bytes {
    fn u32(&mut self, v: u32) -> &mut Self {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }
    fn i32(&mut self, v: i32) -> &mut Self {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }
    fn f32(&mut self, v: f32) -> &mut Self {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }
    fn tag(&mut self, t: &[u8; 4]) -> &mut Self {
        self.0.extend_from_slice(t);
        self
    }
    fn raw(&mut self, b: &[u8]) -> &mut Self {
        self.0.extend_from_slice(b);
        self
    }
    /// A NUL-padded text field of `len` bytes.
    fn text(&mut self, s: &str, len: usize) -> &mut Self {
        let mut field = vec![0u8; len];
        field[..s.len()].copy_from_slice(s.as_bytes());
        self.0.extend_from_slice(&field);
        self
    }
    fn zeros(&mut self, n: usize) -> &mut Self {
        self.0.resize(self.0.len() + n, 0);
        self
    }
}

/// `content` prefixed by its inclusive size (the size counts its own four bytes).
fn inclusive(content: &[u8]) -> Vec<u8> {
    let mut out = ((content.len() + 4) as u32).to_le_bytes().to_vec();
    out.extend_from_slice(content);
    out
}

/// One keyframe track.
#[derive(Clone, Debug)]
pub struct TrackSpec {
    /// Tag.
    pub tag: [u8; 4],
    /// Interpolation (0 none, 1 linear, 2 Hermite, 3 Bezier).
    pub interpolation: u32,
    /// Global sequence, -1 for none.
    pub global_sequence: i32,
    /// Keys: frame and value words (as many as the tag's value has).
    pub keys: Vec<(i32, Vec<f32>)>,
}

impl TrackSpec {
    fn write(&self, b: &mut Bytes) {
        b.tag(&self.tag)
            .u32(self.keys.len() as u32)
            .u32(self.interpolation)
            .i32(self.global_sequence);
        for (frame, value) in &self.keys {
            b.i32(*frame);
            let copies = if self.interpolation > 1 { 3 } else { 1 };
            for _ in 0..copies {
                for v in value {
                    b.f32(*v);
                }
            }
        }
    }
}

fn tracks(list: &[TrackSpec]) -> Vec<u8> {
    let mut b = Bytes::default();
    for t in list {
        t.write(&mut b);
    }
    b.0
}

/// A node's common part.
#[derive(Clone, Debug)]
pub struct NodeSpec {
    /// Name.
    pub name: String,
    /// Object id.
    pub id: i32,
    /// Parent id.
    pub parent: i32,
    /// Flags.
    pub flags: u32,
    /// Tracks (KGTR, KGRT, KGSC).
    pub tracks: Vec<TrackSpec>,
}

impl NodeSpec {
    fn new(name: &str, id: i32) -> NodeSpec {
        NodeSpec {
            name: name.into(),
            id,
            parent: -1,
            flags: 0,
            tracks: Vec::new(),
        }
    }

    fn bytes(&self) -> Vec<u8> {
        let mut b = Bytes::default();
        b.text(&self.name, 80)
            .i32(self.id)
            .i32(self.parent)
            .u32(self.flags)
            .raw(&tracks(&self.tracks));
        inclusive(&b.0)
    }
}

/// The model, field by field.
#[derive(Clone, Debug)]
pub struct Spec {
    /// VERS (None: no VERS chunk).
    pub version: Option<u32>,
    /// Sequences: name, start, end.
    pub sequences: Vec<(String, u32, u32)>,
    /// Global sequence durations.
    pub global_sequences: Vec<u32>,
    /// Textures: replaceable id, path.
    pub textures: Vec<(u32, String)>,
    /// The one layer's filter mode, texture id, texture animation id, and tracks.
    pub layer: (u32, i32, i32, Vec<TrackSpec>),
    /// Texture animations (each with one KTAT track).
    pub texture_animations: u32,
    /// Geoset: vertex count, normal count, faces, vertex groups, matrix group sizes, matrix
    /// indices, material id.
    pub geoset: GeosetSpec,
    /// A 1000+ skin per vertex (4 bones, 4 weights), when set.
    pub skin: Option<Vec<[u8; 8]>>,
    /// Geoset animation: alpha, geoset id, tracks.
    pub geoset_animation: (f32, i32, Vec<TrackSpec>),
    /// The bone: node, geoset id, geoset animation id.
    pub bone: (NodeSpec, i32, i32),
    /// The helper.
    pub helper: NodeSpec,
    /// The attachment: node, path.
    pub attachment: (NodeSpec, String),
    /// Particle emitter 2: node, texture id, squirt, filter mode, replaceable id, tracks.
    pub emitter2: (NodeSpec, i32, u32, u32, u32, Vec<TrackSpec>),
    /// Popcorn emitter (900+): node, guide.
    pub popcorn: (NodeSpec, String),
    /// Ribbon: node, material id.
    pub ribbon: (NodeSpec, i32),
    /// Event object: node, whether it has KEVT, its global sequence, its key frames.
    pub event: (NodeSpec, bool, i32, Vec<u32>),
    /// Collision sphere.
    pub collision: NodeSpec,
    /// Pivot points to write (None: one per node).
    pub pivots: Option<usize>,
    /// Model extent min and max.
    pub extent: ([f32; 3], [f32; 3]),
    /// Extra bytes appended inside the PIVT chunk (uneven size).
    pub pivot_extra: usize,
    /// An extra camera appended to CAMS, as raw object bytes.
    pub extra_camera: Option<Vec<u8>>,
    /// An extra geoset appended to GEOS, as raw object bytes.
    pub extra_geoset: Option<Vec<u8>>,
    /// Chunks written before everything (unknown tags).
    pub leading: Vec<([u8; 4], Vec<u8>)>,
    /// A TEXS chunk written twice.
    pub repeat_textures: bool,
    /// The light's shadow intensity is written (1200) or not.
    pub light: bool,
}

/// A geoset's content.
#[derive(Clone, Debug)]
pub struct GeosetSpec {
    /// Vertices.
    pub vertices: usize,
    /// Normals.
    pub normals: usize,
    /// Face indices.
    pub faces: Vec<u16>,
    /// Vertex groups (one per vertex).
    pub groups: Vec<u8>,
    /// Matrix group sizes.
    pub matrix_groups: Vec<u32>,
    /// Matrix node indices.
    pub matrices: Vec<u32>,
    /// Material id.
    pub material: u32,
    /// First tag written ("VRTX"), replaced to break the geoset.
    pub normals_tag: [u8; 4],
}

impl Spec {
    /// The valid model of `version`: a bone, a light, a helper, an attachment, an emitter 2, a
    /// popcorn emitter (900+), a ribbon, an event object and a collision shape, one material
    /// with one layer, one triangle, Stand and Death.
    pub fn valid(version: u32) -> Spec {
        let v = version;
        let mut id = 0..;
        let mut next = || id.next().unwrap_or(0);
        let bone = NodeSpec {
            tracks: vec![TrackSpec {
                tag: *b"KGTR",
                interpolation: 1,
                global_sequence: -1,
                keys: vec![(0, vec![0.0, 0.0, 0.0]), (500, vec![0.0, 0.0, 10.0])],
            }],
            ..NodeSpec::new("Bone_Root", next())
        };
        let light_id = next();
        let helper = NodeSpec::new("Helper01", next());
        let attachment = NodeSpec::new("Origin Ref", next());
        let emitter2 = NodeSpec::new("Particle01", next());
        let popcorn = if v > 800 {
            NodeSpec::new("Popcorn01", next())
        } else {
            NodeSpec::new("unused", -1)
        };
        let ribbon = NodeSpec::new("Ribbon01", next());
        let event = NodeSpec::new("SNDxFOOT", next());
        let collision = NodeSpec::new("Collision Sphere01", next());
        let _ = light_id;
        Spec {
            version: Some(version),
            sequences: vec![("Stand".into(), 0, 1000), ("Death".into(), 1100, 2000)],
            global_sequences: vec![1000],
            textures: vec![(0, "Textures\\Test.blp".into()), (1, String::new())],
            layer: (
                2,
                0,
                0,
                vec![TrackSpec {
                    tag: *b"KMTA",
                    interpolation: 0,
                    global_sequence: 0,
                    keys: vec![(0, vec![1.0]), (500, vec![0.5])],
                }],
            ),
            texture_animations: 1,
            geoset: GeosetSpec {
                vertices: 3,
                normals: 3,
                faces: vec![0, 1, 2],
                groups: vec![0, 0, 0],
                matrix_groups: vec![1],
                matrices: vec![0],
                material: 0,
                normals_tag: *b"NRMS",
            },
            skin: None,
            geoset_animation: (1.0, 0, Vec::new()),
            bone: (bone, -1, -1),
            helper,
            attachment: (attachment, String::new()),
            emitter2: (emitter2, 0, 0, 0, 0, Vec::new()),
            popcorn: (popcorn, "Stand".into()),
            ribbon: (ribbon, 0),
            event: (event, true, -1, vec![100]),
            collision,
            pivots: None,
            extent: ([-10.0, -10.0, 0.0], [10.0, 10.0, 20.0]),
            pivot_extra: 0,
            extra_camera: None,
            extra_geoset: None,
            leading: Vec::new(),
            repeat_textures: false,
            light: true,
        }
    }

    fn v(&self) -> u32 {
        self.version.unwrap_or(800)
    }

    fn node_count(&self) -> usize {
        // bone, light, helper, attachment, emitter2, (popcorn), ribbon, event, collision
        if self.v() > 800 { 9 } else { 8 }
    }

    fn extent(b: &mut Bytes, min: [f32; 3], max: [f32; 3]) {
        b.f32(20.0);
        for x in min.iter().chain(&max) {
            b.f32(*x);
        }
    }

    fn material(&self) -> Vec<u8> {
        let v = self.v();
        let (filter, texture, txan, ref layer_tracks) = self.layer;
        let mut layer = Bytes::default();
        layer
            .u32(filter)
            .u32(0)
            .i32(texture)
            .i32(txan)
            .u32(0)
            .f32(1.0);
        if v > 800 {
            // Emissive gain, fresnel colour, opacity, team colour.
            layer.f32(1.0).f32(1.0).f32(1.0).f32(1.0).f32(0.0).f32(0.0);
        }
        if v >= 1100 {
            // Shader, one texture (id, slot, no KMTF).
            layer.u32(0).u32(1).i32(texture).u32(0);
        }
        layer.raw(&tracks(layer_tracks));
        let mut m = Bytes::default();
        m.i32(0).u32(0);
        if (900..1100).contains(&v) {
            m.text("Shader_SD_FixedFunction", 80);
        }
        m.tag(b"LAYS").u32(1).raw(&inclusive(&layer.0));
        inclusive(&m.0)
    }

    fn geoset(&self) -> Vec<u8> {
        let g = &self.geoset;
        let v = self.v();
        let mut b = Bytes::default();
        b.tag(b"VRTX").u32(g.vertices as u32);
        for i in 0..g.vertices {
            b.f32(i as f32).f32((i % 2) as f32).f32(0.0);
        }
        b.tag(&g.normals_tag).u32(g.normals as u32);
        for _ in 0..g.normals {
            b.f32(0.0).f32(0.0).f32(1.0);
        }
        b.tag(b"PTYP").u32(1).u32(4);
        b.tag(b"PCNT").u32(1).u32(g.faces.len() as u32);
        b.tag(b"PVTX").u32(g.faces.len() as u32);
        for f in &g.faces {
            b.raw(&f.to_le_bytes());
        }
        b.tag(b"GNDX").u32(g.groups.len() as u32).raw(&g.groups);
        b.tag(b"MTGC").u32(g.matrix_groups.len() as u32);
        for m in &g.matrix_groups {
            b.u32(*m);
        }
        b.tag(b"MATS").u32(g.matrices.len() as u32);
        for m in &g.matrices {
            b.u32(*m);
        }
        b.u32(g.material).u32(0).u32(0);
        if v > 800 {
            b.i32(0).text("", 80);
        }
        Spec::extent(&mut b, [0.0, 0.0, 0.0], [2.0, 1.0, 0.0]);
        b.u32(self.sequences.len() as u32);
        for _ in &self.sequences {
            Spec::extent(&mut b, [0.0, 0.0, 0.0], [2.0, 1.0, 0.0]);
        }
        if let Some(skin) = &self.skin {
            b.tag(b"SKIN").u32((skin.len() * 8) as u32);
            for s in skin {
                b.raw(s);
            }
        }
        b.tag(b"UVAS").u32(1).tag(b"UVBS").u32(g.vertices as u32);
        for _ in 0..g.vertices {
            b.f32(0.0).f32(0.0);
        }
        inclusive(&b.0)
    }

    /// The file.
    pub fn file(&self) -> Vec<u8> {
        let v = self.v();
        let mut out = Bytes::default();
        out.tag(b"MDLX");
        let mut chunk = |tag: &[u8; 4], content: &[u8]| {
            out.tag(tag).u32(content.len() as u32).raw(content);
        };
        for (tag, content) in &self.leading {
            chunk(tag, content);
        }
        if let Some(version) = self.version {
            chunk(b"VERS", &version.to_le_bytes());
        }
        let mut modl = Bytes::default();
        modl.text("TestModel", 80).text("", 260);
        Spec::extent(&mut modl, self.extent.0, self.extent.1);
        modl.u32(150);
        chunk(b"MODL", &modl.0);
        let mut seqs = Bytes::default();
        for (name, start, end) in &self.sequences {
            seqs.text(name, 80)
                .u32(*start)
                .u32(*end)
                .f32(0.0)
                .u32(0)
                .f32(0.0)
                .u32(0);
            Spec::extent(&mut seqs, [-10.0, -10.0, 0.0], [10.0, 10.0, 20.0]);
        }
        chunk(b"SEQS", &seqs.0);
        let mut glbs = Bytes::default();
        for g in &self.global_sequences {
            glbs.u32(*g);
        }
        chunk(b"GLBS", &glbs.0);
        chunk(b"MTLS", &self.material());
        let mut texs = Bytes::default();
        for (replaceable, path) in &self.textures {
            texs.u32(*replaceable).text(path, 260).u32(0);
        }
        chunk(b"TEXS", &texs.0);
        if self.repeat_textures {
            chunk(b"TEXS", &texs.0);
        }
        let mut txan = Bytes::default();
        for _ in 0..self.texture_animations {
            let t = tracks(&[TrackSpec {
                tag: *b"KTAT",
                interpolation: 0,
                global_sequence: -1,
                keys: vec![(0, vec![0.0, 0.0, 0.0])],
            }]);
            txan.raw(&inclusive(&t));
        }
        chunk(b"TXAN", &txan.0);
        let mut geos = self.geoset();
        if let Some(extra) = &self.extra_geoset {
            geos.extend_from_slice(extra);
        }
        chunk(b"GEOS", &geos);
        let (alpha, geoset, ref geoa_tracks) = self.geoset_animation;
        let mut geoa = Bytes::default();
        geoa.f32(alpha)
            .u32(0)
            .f32(1.0)
            .f32(1.0)
            .f32(1.0)
            .i32(geoset)
            .raw(&tracks(geoa_tracks));
        chunk(b"GEOA", &inclusive(&geoa.0));
        let (ref bone, bone_geoset, bone_geoa) = self.bone;
        let mut bones = Bytes::default();
        bones.raw(&bone.bytes()).i32(bone_geoset).i32(bone_geoa);
        chunk(b"BONE", &bones.0);
        if self.light {
            let mut lite = Bytes::default();
            lite.raw(&NodeSpec::new("Omni01", 1).bytes())
                .u32(0)
                .f32(80.0)
                .f32(200.0);
            lite.f32(1.0)
                .f32(1.0)
                .f32(1.0)
                .f32(1.0)
                .f32(1.0)
                .f32(1.0)
                .f32(1.0)
                .f32(0.5);
            if v >= 1200 {
                lite.f32(0.4);
            }
            chunk(b"LITE", &inclusive(&lite.0));
        }
        chunk(b"HELP", &self.helper.bytes());
        let (ref atch, ref path) = self.attachment;
        let mut a = Bytes::default();
        a.raw(&atch.bytes()).text(path, 260).i32(0);
        chunk(b"ATCH", &inclusive(&a.0));
        let pivots = self.pivots.unwrap_or(self.node_count());
        let mut pivt = Bytes::default();
        for _ in 0..pivots {
            pivt.f32(0.0).f32(0.0).f32(0.0);
        }
        pivt.zeros(self.pivot_extra);
        chunk(b"PIVT", &pivt.0);
        let (ref e2, texture, squirt, filter, replaceable, ref e2_tracks) = self.emitter2;
        let mut p = Bytes::default();
        p.raw(&e2.bytes());
        // speed, variation, latitude, gravity, lifespan, emission rate, width, length
        p.f32(100.0)
            .f32(0.0)
            .f32(10.0)
            .f32(0.0)
            .f32(1.0)
            .f32(10.0)
            .f32(5.0)
            .f32(5.0);
        p.u32(filter).u32(1).u32(1).u32(0).f32(1.0).f32(0.5);
        for _ in 0..9 {
            p.f32(1.0);
        }
        p.raw(&[255, 255, 255]);
        p.f32(1.0).f32(1.0).f32(1.0);
        p.zeros(48);
        p.i32(texture).u32(squirt).i32(0).u32(replaceable);
        p.raw(&tracks(e2_tracks));
        chunk(b"PRE2", &inclusive(&p.0));
        if v > 800 {
            let (ref corn, ref guide) = self.popcorn;
            let mut c = Bytes::default();
            c.raw(&corn.bytes()).f32(1.0).f32(10.0).f32(1.0);
            c.f32(1.0).f32(1.0).f32(1.0).f32(1.0).u32(0);
            c.text("Effects\\Popcorn.pkb", 260).text(guide, 260);
            chunk(b"CORN", &inclusive(&c.0));
        }
        let (ref ribb, material) = self.ribbon;
        let mut r = Bytes::default();
        r.raw(&ribb.bytes()).f32(10.0).f32(10.0).f32(1.0);
        r.f32(1.0).f32(1.0).f32(1.0).f32(1.0);
        r.u32(0).u32(10).u32(1).u32(1).i32(material).f32(0.0);
        chunk(b"RIBB", &inclusive(&r.0));
        let mut cams = Bytes::default();
        let mut cam = Bytes::default();
        cam.text("Camera01", 80)
            .zeros(12)
            .f32(0.8)
            .f32(1000.0)
            .f32(8.0)
            .zeros(12);
        cams.raw(&inclusive(&cam.0));
        if let Some(extra) = &self.extra_camera {
            cams.raw(extra);
        }
        chunk(b"CAMS", &cams.0);
        let (ref evt, has_keys, global, ref frames) = self.event;
        let mut e = Bytes::default();
        e.raw(&evt.bytes());
        if has_keys {
            e.tag(b"KEVT").u32(frames.len() as u32).i32(global);
            for f in frames {
                e.u32(*f);
            }
        }
        chunk(b"EVTS", &e.0);
        let mut clid = Bytes::default();
        clid.raw(&self.collision.bytes())
            .u32(2)
            .f32(0.0)
            .f32(0.0)
            .f32(0.0)
            .f32(50.0);
        chunk(b"CLID", &clid.0);
        if v > 800 {
            let mut fafx = Bytes::default();
            fafx.text("Face", 80).text("Faces\\Test.facefx", 260);
            chunk(b"FAFX", &fafx.0);
            let mut bpos = Bytes::default();
            let n = self.node_count() + 1;
            bpos.u32(n as u32);
            for _ in 0..n * 12 {
                bpos.f32(0.0);
            }
            chunk(b"BPOS", &bpos.0);
        }
        out.0
    }
}

fn model(name: &str, spec: &Spec, status: &'static str, codes: &[&'static str]) -> Sample {
    Sample::new(name, spec.file(), status, codes)
}

/// Every MDX sample.
pub fn samples() -> Vec<Sample> {
    let mut s = Vec::new();
    let reforged = "mdx-version-too-new";
    s.push(model("valid_v800.mdx", &Spec::valid(800), "ok", &[]));
    for v in [1000, 1100, 1200] {
        s.push(
            model(
                &format!("valid_v{v}.mdx"),
                &Spec::valid(v),
                "ok",
                &[reforged],
            )
            .under("wc3-1.26", "error")
            .under("wc3-1.31", "error")
            .under("wc3-reforged", "ok"),
        );
    }
    let base = Spec::valid(800);
    let with = |f: &dyn Fn(&mut Spec)| {
        let mut spec = base.clone();
        f(&mut spec);
        spec
    };
    let mut bad_magic = base.file();
    bad_magic[3] = b'Y';
    s.push(Sample::new(
        "bad_magic.mdx",
        bad_magic,
        "error",
        &["mdx-bad-magic"],
    ));
    let mut past_eof = base.file();
    past_eof.extend_from_slice(b"KGTR");
    past_eof.extend_from_slice(&1000u32.to_le_bytes());
    past_eof.extend_from_slice(&[0; 12]);
    s.push(Sample::new(
        "chunk_past_eof.mdx",
        past_eof,
        "error",
        &["mdx-chunk-past-eof"],
    ));
    s.push(model(
        "chunk_unknown.mdx",
        &with(&|m| m.leading.push((*b"INFO", b"made by a tool".to_vec()))),
        "ok",
        &["mdx-chunk-unknown"],
    ));
    s.push(model(
        "chunk_repeated.mdx",
        &with(&|m| m.repeat_textures = true),
        "warning",
        &["mdx-chunk-repeated"],
    ));
    s.push(model(
        "chunk_size_uneven.mdx",
        &with(&|m| m.pivot_extra = 5),
        "error",
        &["mdx-chunk-size-uneven"],
    ));
    s.push(model(
        "version_missing.mdx",
        &with(&|m| m.version = None),
        "warning",
        &["mdx-version-missing"],
    ));
    s.push(model(
        "version_900.mdx",
        &Spec::valid(900),
        "error",
        &["mdx-version-900"],
    ));
    s.push(model(
        "version_unknown.mdx",
        &with(&|m| m.version = Some(700)),
        "ok",
        &["mdx-version-unknown"],
    ));
    let short_camera = inclusive(&[0u8; 40]);
    s.push(model(
        "object_size.mdx",
        &with(&|m| m.extra_camera = Some(short_camera.clone())),
        "error",
        &["mdx-object-size"],
    ));
    let mut broken_geoset = Spec::valid(800);
    broken_geoset.geoset.normals_tag = *b"NRMZ";
    let extra = broken_geoset.geoset();
    s.push(model(
        "geoset_tag.mdx",
        &with(&|m| m.extra_geoset = Some(extra.clone())),
        "error",
        &["mdx-geoset-tag"],
    ));
    let mut cam = Bytes::default();
    cam.text("Camera02", 80)
        .zeros(36)
        .tag(b"KXYZ")
        .u32(0)
        .u32(0)
        .i32(-1);
    let bad_track = inclusive(&cam.0);
    s.push(model(
        "track_broken.mdx",
        &with(&|m| m.extra_camera = Some(bad_track.clone())),
        "error",
        &["mdx-track-broken"],
    ));
    s.push(model(
        "event_no_keys.mdx",
        &with(&|m| m.event.1 = false),
        "error",
        &["mdx-event-no-keys"],
    ));
    s.push(model(
        "geoset_material.mdx",
        &with(&|m| m.geoset.material = 5),
        "error",
        &["mdx-geoset-material"],
    ));
    s.push(model(
        "layer_texture.mdx",
        &with(&|m| m.layer.1 = 9),
        "error",
        &["mdx-layer-texture"],
    ));
    s.push(model(
        "layer_texture_animation.mdx",
        &with(&|m| m.layer.2 = 3),
        "error",
        &["mdx-layer-texture-animation"],
    ));
    s.push(model(
        "geoset_animation_geoset.mdx",
        &with(&|m| m.geoset_animation.1 = 4),
        "error",
        &["mdx-geoset-animation-geoset"],
    ));
    s.push(model(
        "ribbon_material.mdx",
        &with(&|m| m.ribbon.1 = 7),
        "error",
        &["mdx-ribbon-material"],
    ));
    s.push(model(
        "emitter_texture.mdx",
        &with(&|m| m.emitter2.1 = 9),
        "error",
        &["mdx-emitter-texture"],
    ));
    s.push(model(
        "node_parent.mdx",
        &with(&|m| m.helper.parent = 50),
        "error",
        &["mdx-node-parent"],
    ));
    s.push(model(
        "node_parent_cycle.mdx",
        &with(&|m| {
            m.helper.parent = 3;
            m.attachment.0.parent = 2;
        }),
        "warning",
        &["mdx-node-parent-cycle"],
    ));
    s.push(model(
        "node_id_order.mdx",
        &with(&|m| m.collision.id = 20),
        "warning",
        &["mdx-node-id-order"],
    ));
    s.push(model(
        "vertex_node.mdx",
        &with(&|m| m.geoset.matrices = vec![40]),
        "error",
        &["mdx-vertex-node"],
    ));
    s.push(model(
        "vertex_group.mdx",
        &with(&|m| m.geoset.groups = vec![0, 0, 3]),
        "warning",
        &["mdx-vertex-group"],
    ));
    s.push(model(
        "vertex_not_bone.mdx",
        &with(&|m| m.geoset.matrices = vec![2]),
        "warning",
        &["mdx-vertex-not-bone"],
    ));
    s.push(model(
        "matrix_groups.mdx",
        &with(&|m| m.geoset.matrix_groups = vec![2]),
        "warning",
        &["mdx-matrix-groups"],
    ));
    let mut skinned = Spec::valid(1000);
    skinned.skin = Some(vec![[0, 0, 0, 0, 200, 0, 0, 0]; 3]);
    s.push(model(
        "skin_weights.mdx",
        &skinned,
        "warning",
        &["mdx-skin-weights", reforged],
    ));
    s.push(model(
        "geoset_array_length.mdx",
        &with(&|m| m.geoset.normals = 2),
        "error",
        &["mdx-geoset-array-length"],
    ));
    s.push(model(
        "face_index.mdx",
        &with(&|m| m.geoset.faces = vec![0, 1, 7]),
        "error",
        &["mdx-face-index"],
    ));
    s.push(model(
        "geoset_too_many_vertices.mdx",
        &with(&|m| {
            m.geoset.vertices = 7433;
            m.geoset.normals = 7433;
            m.geoset.groups = vec![0; 7433];
        }),
        "warning",
        &["mdx-geoset-too-many-vertices"],
    ));
    s.push(model(
        "geoset_no_faces.mdx",
        &with(&|m| m.geoset.faces = Vec::new()),
        "ok",
        &["mdx-geoset-no-faces"],
    ));
    s.push(model(
        "bone_geoset.mdx",
        &with(&|m| m.bone.1 = 3),
        "warning",
        &["mdx-bone-geoset"],
    ));
    s.push(model(
        "bone_invisible_geoset.mdx",
        &with(&|m| {
            m.bone.1 = 0;
            m.bone.2 = 0;
            m.geoset_animation.0 = 0.0;
        }),
        "warning",
        &["mdx-bone-invisible-geoset"],
    ));
    s.push(model(
        "global_sequence.mdx",
        &with(&|m| m.layer.3[0].global_sequence = 5),
        "error",
        &["mdx-global-sequence"],
    ));
    s.push(model(
        "replaceable_id.mdx",
        &with(&|m| m.textures[1].0 = 5),
        "warning",
        &["mdx-replaceable-id"],
    ));
    s.push(model(
        "path_extension.mdx",
        &with(&|m| m.textures[0].1 = "Textures\\Test.png".into()),
        "warning",
        &["mdx-path-extension"],
    ));
    s.push(model(
        "filter_mode.mdx",
        &with(&|m| m.layer.0 = 9),
        "warning",
        &["mdx-filter-mode"],
    ));
    s.push(model(
        "pivot_count.mdx",
        &with(&|m| m.pivots = Some(7)),
        "warning",
        &["mdx-pivot-count"],
    ));
    s.push(model(
        "sequence_overlap.mdx",
        &with(&|m| m.sequences[1].1 = 900),
        "warning",
        &["mdx-sequence-overlap"],
    ));
    s.push(model(
        "sequence_length.mdx",
        &with(&|m| m.sequences[1].2 = 1100),
        "warning",
        &["mdx-sequence-length"],
    ));
    s.push(model(
        "sequence_names.mdx",
        &with(&|m| m.sequences[1].0 = "Dance".into()),
        "ok",
        &["mdx-sequence-names"],
    ));
    s.push(model(
        "track_frames_decreasing.mdx",
        &with(&|m| m.bone.0.tracks[0].keys[1].0 = -5),
        "warning",
        &["mdx-track-frames-decreasing"],
    ));
    s.push(model(
        "track_opening_key.mdx",
        &with(&|m| m.bone.0.tracks[0].keys[0].0 = 10),
        "warning",
        &["mdx-track-opening-key"],
    ));
    s.push(model(
        "emitter_settings.mdx",
        &with(&|m| m.emitter2.2 = 1),
        "warning",
        &["mdx-emitter-settings"],
    ));
    let mut no_guide = Spec::valid(1000);
    no_guide.popcorn.1 = String::new();
    s.push(model(
        "popcorn_guide.mdx",
        &no_guide,
        "warning",
        &["mdx-popcorn-guide", reforged],
    ));
    s.push(model(
        "extent_negative.mdx",
        &with(&|m| m.extent = ([10.0, 10.0, 10.0], [-10.0, -10.0, 0.0])),
        "ok",
        &["mdx-extent-negative"],
    ));
    s
}
