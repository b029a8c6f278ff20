//! A Quake 1 family map built from typed records ([`Q1Map`]) and written in any of the four
//! layouts: BSP29, GoldSrc's BSP30, and ericw-tools' BSP2 / 2PSB (32-bit indices; float or 16-bit
//! bounds), with Quake's or Hexen II's model record. The valid map is one lit 64×64 floor face under one node, so that each malformed
//! sample changes exactly one field and each layout carries the same content.

/// Which header and record layout to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Q1Kind {
    /// Quake's version 29.
    Bsp29,
    /// GoldSrc's version 30 (RGB lighting, palettes in the textures).
    Bsp30,
    /// ericw-tools' `BSP2`.
    Bsp2,
    /// RMQ's `2PSB`.
    Bsp2Rmq,
}

impl Q1Kind {
    fn wide(self) -> bool {
        matches!(self, Q1Kind::Bsp2 | Q1Kind::Bsp2Rmq)
    }

    /// The 4 bytes of the version field.
    pub fn version_bytes(self) -> [u8; 4] {
        match self {
            Q1Kind::Bsp29 => 29u32.to_le_bytes(),
            Q1Kind::Bsp30 => 30u32.to_le_bytes(),
            Q1Kind::Bsp2 => *b"BSP2",
            Q1Kind::Bsp2Rmq => *b"2PSB",
        }
    }
}

/// A face: plane, first surfedge, edge count, texinfo, light styles and lightmap offset.
#[derive(Clone, Debug)]
pub struct Q1Face {
    /// Plane.
    pub planenum: u32,
    /// First surfedge.
    pub firstedge: i32,
    /// Surfedge count.
    pub numedges: i32,
    /// Texinfo.
    pub texinfo: i32,
    /// Light styles (255 = none).
    pub styles: [u8; 4],
    /// Lightmap offset, -1 for none.
    pub lightofs: i32,
}

/// A node: plane, children (negative: leaf `-1 - c`), first face, face count.
#[derive(Clone, Debug)]
pub struct Q1Node {
    /// Plane.
    pub planenum: i32,
    /// Children.
    pub children: [i32; 2],
    /// First face.
    pub firstface: u32,
    /// Face count.
    pub numfaces: u32,
}

/// A leaf: contents, PVS offset, first marksurface, count.
#[derive(Clone, Debug)]
pub struct Q1Leaf {
    /// `CONTENTS_*`.
    pub contents: i32,
    /// PVS offset, -1 for none.
    pub visofs: i32,
    /// First marksurface.
    pub firstmark: u32,
    /// Marksurface count.
    pub nummark: u32,
}

/// A texinfo: axes, texture, flags.
#[derive(Clone, Debug)]
pub struct Q1TexInfo {
    /// `vecs[2][4]`.
    pub vecs: [[f32; 4]; 2],
    /// Texture index.
    pub miptex: i32,
    /// Flags (`TEX_SPECIAL` = 1).
    pub flags: i32,
}

/// A whole map as records.
#[derive(Clone, Debug)]
pub struct Q1Map {
    /// Layout to write.
    pub kind: Q1Kind,
    /// Entity text.
    pub entities: Vec<u8>,
    /// Planes: normal, dist, type.
    pub planes: Vec<([f32; 3], f32, i32)>,
    /// The textures lump bytes.
    pub textures: Vec<u8>,
    /// Vertex positions.
    pub vertexes: Vec<[f32; 3]>,
    /// Visibility bytes.
    pub visibility: Vec<u8>,
    /// Nodes.
    pub nodes: Vec<Q1Node>,
    /// Texinfo.
    pub texinfo: Vec<Q1TexInfo>,
    /// Faces.
    pub faces: Vec<Q1Face>,
    /// Lighting bytes.
    pub lighting: Vec<u8>,
    /// Clip nodes: plane and children (negative: contents).
    pub clipnodes: Vec<(i32, [i32; 2])>,
    /// Leafs.
    pub leafs: Vec<Q1Leaf>,
    /// Marksurfaces.
    pub marks: Vec<u32>,
    /// Edges (edge 0 is the reserved dummy).
    pub edges: Vec<[u32; 2]>,
    /// Surfedges.
    pub surfedges: Vec<i32>,
    /// Models: head node, first face, face count.
    pub models: Vec<(i32, i32, i32)>,
    /// Write Hexen II's 80-byte model records (eight head nodes) instead of Quake's 64-byte ones.
    pub hexen2: bool,
}

/// The textures lump of the small maps: one 16×16 texture `floor` (with a palette in BSP30).
pub fn textures_lump(goldsrc: bool) -> Vec<u8> {
    let mut t = Vec::new();
    for v in [1i32, 8] {
        t.extend_from_slice(&v.to_le_bytes());
    }
    let mut name = [0u8; 16];
    name[..5].copy_from_slice(b"floor");
    t.extend_from_slice(&name);
    for v in [16i32, 16, 40, 40 + 256, 40 + 320, 40 + 336] {
        t.extend_from_slice(&v.to_le_bytes());
    }
    t.extend((0..340u32).map(|i| (i % 251) as u8));
    if goldsrc {
        t.extend_from_slice(&256u16.to_le_bytes());
        t.extend((0..768u32).map(|i| (i % 256) as u8));
        t.extend_from_slice(&[0, 0]);
    }
    t
}

/// Bytes of one style's lightmap of the valid face: 64 units = 5 × 5 samples.
pub const FACE_SAMPLES: usize = 25;

impl Q1Map {
    /// A valid map: one lit floor face (styles `[0]`, its lightmap filling the lighting lump).
    pub fn valid(kind: Q1Kind) -> Q1Map {
        let sample = if kind == Q1Kind::Bsp30 { 3 } else { 1 };
        Q1Map {
            kind,
            entities: b"{\n\"classname\" \"worldspawn\"\n\"wad\" \"\"\n}\n\0".to_vec(),
            planes: vec![([0.0, 0.0, 1.0], 0.0, 2)],
            textures: textures_lump(kind == Q1Kind::Bsp30),
            vertexes: vec![
                [0.0, 0.0, 0.0],
                [64.0, 0.0, 0.0],
                [64.0, 64.0, 0.0],
                [0.0, 64.0, 0.0],
            ],
            visibility: Vec::new(),
            nodes: vec![Q1Node {
                planenum: 0,
                children: [-2, -1],
                firstface: 0,
                numfaces: 1,
            }],
            texinfo: vec![Q1TexInfo {
                vecs: [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]],
                miptex: 0,
                flags: 0,
            }],
            faces: vec![Q1Face {
                planenum: 0,
                firstedge: 0,
                numedges: 4,
                texinfo: 0,
                styles: [0, 255, 255, 255],
                lightofs: 0,
            }],
            lighting: (0..FACE_SAMPLES * sample).map(|i| (i * 7) as u8).collect(),
            clipnodes: Vec::new(),
            leafs: vec![
                Q1Leaf {
                    contents: -2,
                    visofs: -1,
                    firstmark: 0,
                    nummark: 0,
                },
                Q1Leaf {
                    contents: -1,
                    visofs: -1,
                    firstmark: 0,
                    nummark: 1,
                },
            ],
            marks: vec![0],
            edges: vec![[0, 0], [0, 1], [1, 2], [2, 3], [3, 0]],
            surfedges: vec![1, 2, 3, 4],
            models: vec![(0, 0, 1)],
            hexen2: false,
        }
    }

    /// The 15 lumps in `bspfile.h` order.
    pub fn lumps(&self) -> [Vec<u8>; 15] {
        let wide = self.kind.wide();
        let mut planes = Vec::new();
        for (n, d, t) in &self.planes {
            f32s(&mut planes, n);
            f32s(&mut planes, &[*d]);
            i32s(&mut planes, &[*t]);
        }
        let mut vertexes = Vec::new();
        for v in &self.vertexes {
            f32s(&mut vertexes, v);
        }
        let mut nodes = Vec::new();
        for n in &self.nodes {
            i32s(&mut nodes, &[n.planenum]);
            match self.kind {
                Q1Kind::Bsp29 | Q1Kind::Bsp30 => {
                    for c in n.children {
                        nodes.extend_from_slice(&(c as i16).to_le_bytes());
                    }
                    nodes.extend_from_slice(&[0; 12]);
                    u16s(&mut nodes, &[n.firstface as u16, n.numfaces as u16]);
                }
                Q1Kind::Bsp2 => {
                    i32s(&mut nodes, &n.children);
                    f32s(&mut nodes, &[0.0, 0.0, -8.0, 64.0, 64.0, 8.0]);
                    u32s(&mut nodes, &[n.firstface, n.numfaces]);
                }
                Q1Kind::Bsp2Rmq => {
                    i32s(&mut nodes, &n.children);
                    nodes.extend_from_slice(&[0; 12]);
                    u32s(&mut nodes, &[n.firstface, n.numfaces]);
                }
            }
        }
        let mut texinfo = Vec::new();
        for t in &self.texinfo {
            f32s(&mut texinfo, &t.vecs[0]);
            f32s(&mut texinfo, &t.vecs[1]);
            i32s(&mut texinfo, &[t.miptex, t.flags]);
        }
        let mut faces = Vec::new();
        for f in &self.faces {
            if wide {
                u32s(&mut faces, &[f.planenum]);
                i32s(&mut faces, &[0, f.firstedge, f.numedges, f.texinfo]);
            } else {
                u16s(&mut faces, &[f.planenum as u16, 0]);
                i32s(&mut faces, &[f.firstedge]);
                u16s(&mut faces, &[f.numedges as u16, f.texinfo as u16]);
            }
            faces.extend_from_slice(&f.styles);
            i32s(&mut faces, &[f.lightofs]);
        }
        let mut clipnodes = Vec::new();
        for (plane, children) in &self.clipnodes {
            i32s(&mut clipnodes, &[*plane]);
            if wide {
                i32s(&mut clipnodes, children);
            } else {
                u16s(&mut clipnodes, &children.map(|c| c as i16 as u16));
            }
        }
        let mut leafs = Vec::new();
        for l in &self.leafs {
            i32s(&mut leafs, &[l.contents, l.visofs]);
            match self.kind {
                Q1Kind::Bsp29 | Q1Kind::Bsp30 => {
                    leafs.extend_from_slice(&[0; 12]);
                    u16s(&mut leafs, &[l.firstmark as u16, l.nummark as u16]);
                }
                Q1Kind::Bsp2 => {
                    f32s(&mut leafs, &[0.0; 6]);
                    u32s(&mut leafs, &[l.firstmark, l.nummark]);
                }
                Q1Kind::Bsp2Rmq => {
                    leafs.extend_from_slice(&[0; 12]);
                    u32s(&mut leafs, &[l.firstmark, l.nummark]);
                }
            }
            leafs.extend_from_slice(&[0; 4]);
        }
        let mut marks = Vec::new();
        let mut edges = Vec::new();
        if wide {
            u32s(&mut marks, &self.marks);
            for e in &self.edges {
                u32s(&mut edges, e);
            }
        } else {
            u16s(
                &mut marks,
                &self.marks.iter().map(|&m| m as u16).collect::<Vec<_>>(),
            );
            for e in &self.edges {
                u16s(&mut edges, &[e[0] as u16, e[1] as u16]);
            }
        }
        let mut surfedges = Vec::new();
        i32s(&mut surfedges, &self.surfedges);
        let mut models = Vec::new();
        for (head, first, count) in &self.models {
            f32s(
                &mut models,
                &[0.0, 0.0, -8.0, 64.0, 64.0, 8.0, 0.0, 0.0, 0.0],
            );
            i32s(&mut models, &[*head, 0, 0, 0]);
            if self.hexen2 {
                i32s(&mut models, &[0, 0, 0, 0]);
            }
            i32s(&mut models, &[1, *first, *count]);
        }
        [
            self.entities.clone(),
            planes,
            self.textures.clone(),
            vertexes,
            self.visibility.clone(),
            nodes,
            texinfo,
            faces,
            self.lighting.clone(),
            clipnodes,
            leafs,
            marks,
            edges,
            surfedges,
            models,
        ]
    }

    /// The file: version field, directory, then each lump 4-aligned.
    pub fn bytes(&self) -> Vec<u8> {
        let mut out = self.kind.version_bytes().to_vec();
        out.resize(124, 0);
        for (i, lump) in self.lumps().iter().enumerate() {
            while !out.len().is_multiple_of(4) {
                out.push(0);
            }
            let ofs = out.len() as u32;
            out[4 + i * 8..8 + i * 8].copy_from_slice(&ofs.to_le_bytes());
            out[8 + i * 8..12 + i * 8].copy_from_slice(&(lump.len() as u32).to_le_bytes());
            out.extend_from_slice(lump);
        }
        out
    }
}

fn i32s(out: &mut Vec<u8>, vals: &[i32]) {
    vals.iter()
        .for_each(|v| out.extend_from_slice(&v.to_le_bytes()));
}

fn u32s(out: &mut Vec<u8>, vals: &[u32]) {
    vals.iter()
        .for_each(|v| out.extend_from_slice(&v.to_le_bytes()));
}

fn u16s(out: &mut Vec<u8>, vals: &[u16]) {
    vals.iter()
        .for_each(|v| out.extend_from_slice(&v.to_le_bytes()));
}

fn f32s(out: &mut Vec<u8>, vals: &[f32]) {
    vals.iter()
        .for_each(|v| out.extend_from_slice(&v.to_le_bytes()));
}
