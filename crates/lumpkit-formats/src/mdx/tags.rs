//! The four-character tags of MDX chunks, geoset sub-chunks and keyframe tracks, as the file
//! holds them, and what each track's values are (mdx-m3-viewer 5.12.0 `parsers/mdlx/animationmap.js`,
//! HiveWE `src/file_formats/mdx/mdx_reader.cpp`).

/// The file magic.
pub const MAGIC: [u8; 4] = *b"MDLX";

/// The top-level chunks lumpkit reads, in the order Blizzard's exporter writes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Kind {
    /// `VERS`: the format version.
    Vers,
    /// `MODL`: name, animation file, extent, blend time.
    Modl,
    /// `SEQS`: sequences (132 bytes each).
    Seqs,
    /// `GLBS`: global sequence durations.
    Glbs,
    /// `MTLS`: materials and their layers.
    Mtls,
    /// `TEXS`: textures (268 bytes each).
    Texs,
    /// `TXAN`: texture animations.
    Txan,
    /// `GEOS`: geosets.
    Geos,
    /// `GEOA`: geoset animations.
    Geoa,
    /// `BONE`: bones.
    Bone,
    /// `LITE`: lights.
    Lite,
    /// `HELP`: helpers.
    Help,
    /// `ATCH`: attachment points.
    Atch,
    /// `PIVT`: pivot points (12 bytes each).
    Pivt,
    /// `PREM`: particle emitters (version 1).
    Prem,
    /// `PRE2`: particle emitters 2.
    Pre2,
    /// `CORN`: Reforged popcorn emitters.
    Corn,
    /// `RIBB`: ribbon emitters.
    Ribb,
    /// `CAMS`: cameras.
    Cams,
    /// `EVTS`: event objects.
    Evts,
    /// `CLID`: collision shapes.
    Clid,
    /// `FAFX`: Reforged face effects (340 bytes each).
    Fafx,
    /// `BPOS`: Reforged bind pose matrices.
    Bpos,
}

impl Kind {
    /// Every kind, in [`Kind`] order.
    pub const ALL: [Kind; 23] = [
        Kind::Vers,
        Kind::Modl,
        Kind::Seqs,
        Kind::Glbs,
        Kind::Mtls,
        Kind::Texs,
        Kind::Txan,
        Kind::Geos,
        Kind::Geoa,
        Kind::Bone,
        Kind::Lite,
        Kind::Help,
        Kind::Atch,
        Kind::Pivt,
        Kind::Prem,
        Kind::Pre2,
        Kind::Corn,
        Kind::Ribb,
        Kind::Cams,
        Kind::Evts,
        Kind::Clid,
        Kind::Fafx,
        Kind::Bpos,
    ];

    /// The tag as stored.
    pub const fn tag(self) -> [u8; 4] {
        match self {
            Kind::Vers => *b"VERS",
            Kind::Modl => *b"MODL",
            Kind::Seqs => *b"SEQS",
            Kind::Glbs => *b"GLBS",
            Kind::Mtls => *b"MTLS",
            Kind::Texs => *b"TEXS",
            Kind::Txan => *b"TXAN",
            Kind::Geos => *b"GEOS",
            Kind::Geoa => *b"GEOA",
            Kind::Bone => *b"BONE",
            Kind::Lite => *b"LITE",
            Kind::Help => *b"HELP",
            Kind::Atch => *b"ATCH",
            Kind::Pivt => *b"PIVT",
            Kind::Prem => *b"PREM",
            Kind::Pre2 => *b"PRE2",
            Kind::Corn => *b"CORN",
            Kind::Ribb => *b"RIBB",
            Kind::Cams => *b"CAMS",
            Kind::Evts => *b"EVTS",
            Kind::Clid => *b"CLID",
            Kind::Fafx => *b"FAFX",
            Kind::Bpos => *b"BPOS",
        }
    }

    /// The kind a tag names.
    pub fn from_tag(tag: [u8; 4]) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.tag() == tag)
    }

    /// Record size of chunks made of fixed-size records.
    pub const fn record_size(self) -> Option<u32> {
        match self {
            Kind::Vers => Some(4),
            Kind::Modl => Some(372),
            Kind::Seqs => Some(132),
            Kind::Glbs => Some(4),
            Kind::Texs => Some(268),
            Kind::Pivt => Some(12),
            Kind::Fafx => Some(340),
            _ => None,
        }
    }

    /// The tag as a little-endian number (how diagnostics print it, `{0x}`).
    pub const fn code(self) -> u32 {
        u32::from_le_bytes(self.tag())
    }
}

/// The node kinds in the order their object ids are numbered (`research/wc3-map.md` §1.1).
pub const NODE_KINDS: [Kind; 10] = [
    Kind::Bone,
    Kind::Lite,
    Kind::Help,
    Kind::Atch,
    Kind::Prem,
    Kind::Pre2,
    Kind::Corn,
    Kind::Ribb,
    Kind::Evts,
    Kind::Clid,
];

/// The Reforged texture-set chunk of 1100+: known to exist, read by no reference tool.
pub const TXST: [u8; 4] = *b"TXST";

/// Geoset sub-chunk tags, in the order a geoset holds them.
pub mod geoset {
    /// Vertex positions.
    pub const VRTX: [u8; 4] = *b"VRTX";
    /// Normals.
    pub const NRMS: [u8; 4] = *b"NRMS";
    /// Face types.
    pub const PTYP: [u8; 4] = *b"PTYP";
    /// Index counts per face group.
    pub const PCNT: [u8; 4] = *b"PCNT";
    /// Face indices (u16).
    pub const PVTX: [u8; 4] = *b"PVTX";
    /// Vertex → matrix group (u8).
    pub const GNDX: [u8; 4] = *b"GNDX";
    /// Matrix group sizes.
    pub const MTGC: [u8; 4] = *b"MTGC";
    /// Matrix node indices.
    pub const MATS: [u8; 4] = *b"MATS";
    /// Reforged tangents.
    pub const TANG: [u8; 4] = *b"TANG";
    /// Reforged skin weights.
    pub const SKIN: [u8; 4] = *b"SKIN";
    /// UV set count.
    pub const UVAS: [u8; 4] = *b"UVAS";
    /// One UV set.
    pub const UVBS: [u8; 4] = *b"UVBS";
}

/// The `LAYS` marker before a material's layers.
pub const LAYS: [u8; 4] = *b"LAYS";
/// The `KEVT` keyframes of an event object.
pub const KEVT: [u8; 4] = *b"KEVT";

/// What one keyframe value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// One u32 (texture ids, texture slots).
    Uint,
    /// One f32.
    Float,
    /// Three f32.
    Vec3,
    /// Four f32 (a quaternion).
    Vec4,
}

impl Value {
    /// Bytes per value.
    pub const fn size(self) -> u32 {
        match self {
            Value::Uint | Value::Float => 4,
            Value::Vec3 => 12,
            Value::Vec4 => 16,
        }
    }
}

/// Every track tag with its value kind.
pub const TRACKS: [([u8; 4], Value); 52] = [
    (*b"KMTF", Value::Uint),
    (*b"KMTA", Value::Float),
    (*b"KMTE", Value::Float),
    (*b"KFC3", Value::Vec3),
    (*b"KFCA", Value::Float),
    (*b"KFTC", Value::Float),
    (*b"KTAT", Value::Vec3),
    (*b"KTAR", Value::Vec4),
    (*b"KTAS", Value::Vec3),
    (*b"KGAO", Value::Float),
    (*b"KGAC", Value::Vec3),
    (*b"KGTR", Value::Vec3),
    (*b"KGRT", Value::Vec4),
    (*b"KGSC", Value::Vec3),
    (*b"KLAS", Value::Float),
    (*b"KLAE", Value::Float),
    (*b"KLAC", Value::Vec3),
    (*b"KLAI", Value::Float),
    (*b"KLBI", Value::Float),
    (*b"KLBC", Value::Vec3),
    (*b"KLAV", Value::Float),
    (*b"KATV", Value::Float),
    (*b"KPEE", Value::Float),
    (*b"KPEG", Value::Float),
    (*b"KPLN", Value::Float),
    (*b"KPLT", Value::Float),
    (*b"KPEL", Value::Float),
    (*b"KPES", Value::Float),
    (*b"KPEV", Value::Float),
    (*b"KP2S", Value::Float),
    (*b"KP2R", Value::Float),
    (*b"KP2L", Value::Float),
    (*b"KP2G", Value::Float),
    (*b"KP2E", Value::Float),
    (*b"KP2N", Value::Float),
    (*b"KP2W", Value::Float),
    (*b"KP2V", Value::Float),
    (*b"KPPA", Value::Float),
    (*b"KPPC", Value::Vec3),
    (*b"KPPE", Value::Float),
    (*b"KPPL", Value::Float),
    (*b"KPPS", Value::Float),
    (*b"KPPV", Value::Float),
    (*b"KRHA", Value::Float),
    (*b"KRHB", Value::Float),
    (*b"KRAL", Value::Float),
    (*b"KRCO", Value::Vec3),
    (*b"KRTX", Value::Uint),
    (*b"KRVS", Value::Float),
    (*b"KCTR", Value::Vec3),
    (*b"KTTR", Value::Vec3),
    (*b"KCRL", Value::Float),
];

/// The value kind of a track tag, when it is one.
pub fn track_value(tag: [u8; 4]) -> Option<Value> {
    TRACKS.iter().find(|(t, _)| *t == tag).map(|&(_, v)| v)
}
