//! On-disk records of an MD3 model, exactly as ioquake3 `code/qcommon/qfiles.h` declares them
//! (`md3Header_t`, `md3Frame_t`, `md3Tag_t`, `md3Surface_t`, `md3Shader_t`, `md3Triangle_t`,
//! `md3St_t`, `md3XyzNormal_t`). Little-endian, unaligned, read in place. No logic here.

use zerocopy::little_endian::{F32, I16, I32};
use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

/// `md3Header_t` (108 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Header {
    /// `IDP3`.
    pub ident: [u8; 4],
    /// 15.
    pub version: I32,
    /// Model name, NUL-padded.
    pub name: [u8; 64],
    /// Unused flags.
    pub flags: I32,
    /// Animation frames.
    pub num_frames: I32,
    /// Tags per frame.
    pub num_tags: I32,
    /// Surfaces.
    pub num_surfaces: I32,
    /// Unused skin count.
    pub num_skins: I32,
    /// Offset of the frames.
    pub ofs_frames: I32,
    /// Offset of the tags (`num_frames × num_tags`, frame-major).
    pub ofs_tags: I32,
    /// Offset of the first surface.
    pub ofs_surfaces: I32,
    /// End of the model (the bytes the engine copies).
    pub ofs_end: I32,
}

/// `md3Frame_t` (56 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Frame {
    /// Bounds (min, max).
    pub bounds: [[F32; 3]; 2],
    /// Local origin.
    pub local_origin: [F32; 3],
    /// Bounding sphere radius.
    pub radius: F32,
    /// Frame name.
    pub name: [u8; 16],
}

/// `md3Tag_t` (112 bytes): an attachment point.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Tag {
    /// Tag name (`tag_head`).
    pub name: [u8; 64],
    /// Origin.
    pub origin: [F32; 3],
    /// Orientation.
    pub axis: [[F32; 3]; 3],
}

/// `md3Surface_t` (108 bytes); its offsets are relative to the surface's start.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Surface {
    /// `IDP3`.
    pub ident: [u8; 4],
    /// Surface name (skins map it to a texture).
    pub name: [u8; 64],
    /// Unused flags.
    pub flags: I32,
    /// Frames (must cover the model's).
    pub num_frames: I32,
    /// Shaders.
    pub num_shaders: I32,
    /// Vertices per frame.
    pub num_verts: I32,
    /// Triangles.
    pub num_triangles: I32,
    /// Offset of the triangles.
    pub ofs_triangles: I32,
    /// Offset of the shaders.
    pub ofs_shaders: I32,
    /// Offset of the texture coordinates.
    pub ofs_st: I32,
    /// Offset of the vertices (`num_verts × num_frames`).
    pub ofs_xyz_normals: I32,
    /// Offset of the next surface.
    pub ofs_end: I32,
}

/// `md3Shader_t` (68 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Shader {
    /// Shader or texture path.
    pub name: [u8; 64],
    /// Filled in by the engine at load.
    pub index: I32,
}

/// `md3Triangle_t` (12 bytes): vertex indexes of one triangle.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Triangle {
    /// Three vertex indexes.
    pub indexes: [I32; 3],
}

/// `md3St_t` (8 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct St {
    /// Texture coordinates.
    pub st: [F32; 2],
}

/// `md3XyzNormal_t` (8 bytes): position in 1/64 units and a packed normal.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct XyzNormal {
    /// Position × 64.
    pub xyz: [I16; 3],
    /// Latitude/longitude normal.
    pub normal: I16,
}
