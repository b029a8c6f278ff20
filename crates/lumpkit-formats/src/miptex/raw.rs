//! On-disk records of a miptex (Quake `miptex_t`, Half-Life `miptex_t`/`mip_t`). No logic here.

use zerocopy::little_endian::{U16, U32};
use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

/// The 40-byte miptex header: name, size and the offsets of the four mip levels, each relative to
/// the start of this header.
#[derive(Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct MiptexHeader {
    /// Texture name, NUL-padded (not always NUL-terminated).
    pub name: [u8; 16],
    /// Width of level 0 in pixels.
    pub width: U32,
    /// Height of level 0 in pixels.
    pub height: U32,
    /// Offsets of the pixels of levels 0..=3 from the start of the header; all zero in a BSP30
    /// texture whose pixels live in an external WAD.
    pub offsets: [U32; 4],
}

/// The colour count that precedes a trailing palette (WAD3, BSP30, WAD3 qpic and font).
pub type ColourCount = U16;
