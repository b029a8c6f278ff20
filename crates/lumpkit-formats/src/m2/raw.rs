//! On-disk records of M2 models and `.skin` profiles, as zerocopy little-endian types (read in place,
//! no alignment needed). Layouts: wowdev.wiki `M2` and `M2/.skin`, checked against the real files in
//! `../shared/corpus/m2` (see `research/m2.md` §2). No logic here.

use zerocopy::little_endian::{F32, I16, U16, U32};
use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

/// `M2Array<T>`: a count and an offset into the model data (the MD20 blob).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, FromBytes, KnownLayout, Immutable, Unaligned,
)]
#[repr(C)]
pub struct RawArray {
    /// Number of records.
    pub count: U32,
    /// Byte offset of the first record from the start of the MD20 blob.
    pub offset: U32,
}

/// Three floats.
#[derive(Clone, Copy, Debug, Default, PartialEq, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Vec3 {
    /// X.
    pub x: F32,
    /// Y.
    pub y: F32,
    /// Z.
    pub z: F32,
}

/// An axis-aligned box (`CAaBox`): minimum and maximum corners.
#[derive(Clone, Copy, Debug, Default, PartialEq, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct BoundingBox {
    /// Minimum corner.
    pub min: Vec3,
    /// Maximum corner.
    pub max: Vec3,
}

/// `M2Vertex`, 48 bytes in every version.
#[derive(Clone, Copy, Debug, PartialEq, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Vertex {
    /// Position.
    pub position: Vec3,
    /// Bone weights (sum 255).
    pub bone_weights: [u8; 4],
    /// Bone indices into the bone lookup.
    pub bone_indices: [u8; 4],
    /// Normal.
    pub normal: Vec3,
    /// Two texture coordinate sets.
    pub tex_coords: [[F32; 2]; 2],
}

/// `M2Texture`, 16 bytes: type (0 = file name given, otherwise a replaceable slot), flags (0x1 wrap
/// X, 0x2 wrap Y) and the file name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Texture {
    /// Texture type.
    pub kind: U32,
    /// Texture flags.
    pub flags: U32,
    /// `M2Array<char>`, NUL-terminated.
    pub filename: RawArray,
}

/// `M2Material`, 4 bytes: render flags and the on-disk blending mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Material {
    /// Render flags (0x01 unlit, 0x02 unfogged, 0x04 two-sided, 0x08 no depth test, 0x10 no depth write).
    pub flags: U16,
    /// On-disk blending mode, 0..=7.
    pub blending_mode: U16,
}

/// `M2SkinProfile` header without the magic: the five arrays and the bone influence maximum. In a
/// `.skin` file it follows the `SKIN` magic; in models up to version 263 it is embedded (44 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct SkinProfile {
    /// `M2Array<u16>`: model vertex index for each local vertex.
    pub vertices: RawArray,
    /// `M2Array<u16>`: triangle list into the local vertices.
    pub indices: RawArray,
    /// `M2Array<u8[4]>`: bone indices per local vertex.
    pub bones: RawArray,
    /// `M2Array<M2SkinSection>`.
    pub submeshes: RawArray,
    /// `M2Array<M2Batch>`.
    pub batches: RawArray,
    /// Largest number of bones one draw call uses.
    pub bone_count_max: U32,
}

/// The first 32 bytes of `M2SkinSection` (a submesh): all of it in version 256; from The Burning
/// Crusade on the record is 48 bytes, the rest being a sort centre and radius (not exposed).
#[derive(Clone, Copy, Debug, PartialEq, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Submesh {
    /// Mesh part id (geoset).
    pub id: U16,
    /// High 16 bits of `index_start` for large models.
    pub level: U16,
    /// First local vertex.
    pub vertex_start: U16,
    /// Number of local vertices.
    pub vertex_count: U16,
    /// First index (low 16 bits).
    pub index_start: U16,
    /// Number of indices.
    pub index_count: U16,
    /// Bones used.
    pub bone_count: U16,
    /// First bone in the bone lookup.
    pub bone_combo_index: U16,
    /// Bone influences per vertex.
    pub bone_influences: U16,
    /// Centre bone.
    pub center_bone_index: U16,
    /// Centre position.
    pub center_position: Vec3,
}

/// `M2Batch` (a texture unit), 24 bytes: one draw of a submesh with a material and textures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Batch {
    /// Batch flags.
    pub flags: u8,
    /// Priority plane (sorting).
    pub priority_plane: i8,
    /// Shader id (high bit: built from texture combiners, Cataclysm on).
    pub shader_id: U16,
    /// Submesh this batch draws.
    pub submesh_index: U16,
    /// Geoset index (a copy of the submesh index in real files).
    pub geoset_index: U16,
    /// Colour animation, -1 for none.
    pub color_index: I16,
    /// Material (`M2Material`) index.
    pub material_index: U16,
    /// Material layer.
    pub material_layer: U16,
    /// Number of textures (1..4).
    pub texture_count: U16,
    /// First entry in the texture lookup.
    pub texture_combo_index: U16,
    /// First entry in the texture unit (coordinate) lookup.
    pub texture_coord_combo_index: U16,
    /// First entry in the transparency lookup.
    pub texture_weight_combo_index: U16,
    /// First entry in the texture transform lookup.
    pub texture_transform_combo_index: U16,
}

/// A chunk header of a chunked (MD21) file: four-character id and payload size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct ChunkHeader {
    /// Chunk id as it reads in the file (`MD21`, `SFID`, …).
    pub id: [u8; 4],
    /// Payload size in bytes.
    pub size: U32,
}
