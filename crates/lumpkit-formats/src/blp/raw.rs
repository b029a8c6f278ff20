//! On-disk records of a BLP file that have a fixed layout: the mip locator and the palette.
//!
//! The versioned header is stream-shaped (its fields depend on the magic) and is read by
//! `header.rs`; these records follow it and are read in place, without copying.

use zerocopy::little_endian::U32;
use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

/// Number of entries in the mip locator (and the most levels a BLP can have: 65,535 px → 16 levels).
pub const MIP_SLOTS: usize = 16;

/// `MipmapLocator_t`: where each level's data chunk lies in the file (BLP1 and BLP2 only).
#[derive(Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct MipLocator {
    /// `mmOffsets[16]`: byte offset of each level's chunk from the start of the file.
    pub offsets: [U32; MIP_SLOTS],
    /// `mmSizes[16]`: byte size of each level's chunk.
    pub sizes: [U32; MIP_SLOTS],
}

/// One palette entry as stored: blue, green, red, and a padding byte the game ignores.
pub type PaletteEntry = [u8; 4];

/// `cmap[256]`: the colour table of direct content.
pub type Palette = [PaletteEntry; 256];
