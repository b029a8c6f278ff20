//! On-disk records of MDX chunks made of fixed-size records, as zerocopy little-endian types
//! (mdx-m3-viewer 5.12.0 `parsers/mdlx/{sequence,texture,extent,faceeffect}.js`). No logic here.

use zerocopy::little_endian::{F32, U32};
use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

/// Three floats.
#[derive(Clone, Copy, Debug, PartialEq, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Vec3 {
    /// X, Y, Z.
    pub xyz: [F32; 3],
}

/// A bounding radius and box (28 bytes).
#[derive(Clone, Copy, Debug, PartialEq, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Extent {
    /// Bounds radius.
    pub radius: F32,
    /// Minimum corner.
    pub min: Vec3,
    /// Maximum corner.
    pub max: Vec3,
}

impl Extent {
    /// Whether the minimum lies above the maximum on some axis.
    pub fn negative(&self) -> bool {
        self.min
            .xyz
            .iter()
            .zip(&self.max.xyz)
            .any(|(lo, hi)| hi.get() - lo.get() < 0.0)
    }
}

/// `MODL` (372 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Model {
    /// Model name, NUL-padded.
    pub name: [u8; 80],
    /// Animation file (should be empty).
    pub animation_file: [u8; 260],
    /// Extent.
    pub extent: Extent,
    /// Blend time.
    pub blend_time: U32,
}

/// One `SEQS` record (132 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Sequence {
    /// Name, NUL-padded.
    pub name: [u8; 80],
    /// First frame.
    pub start: U32,
    /// Last frame.
    pub end: U32,
    /// Move speed.
    pub move_speed: F32,
    /// 1 = non-looping.
    pub flags: U32,
    /// Rarity.
    pub rarity: F32,
    /// Sync point.
    pub sync_point: U32,
    /// Extent.
    pub extent: Extent,
}

/// One `TEXS` record (268 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Texture {
    /// Replaceable id (0 = the path is used).
    pub replaceable_id: U32,
    /// Path, NUL-padded.
    pub path: [u8; 260],
    /// Wrap flags.
    pub flags: U32,
}

/// One `FAFX` record (340 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct FaceEffect {
    /// Target name.
    pub target: [u8; 80],
    /// Path of the `.facefx` file.
    pub path: [u8; 260],
}
