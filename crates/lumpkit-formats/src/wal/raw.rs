//! The on-disk WAL header (`miptex_t`, `qcommon/qfiles.h`).

use zerocopy::little_endian::{I32, U32};
use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

/// `miptex_t` (100 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Header {
    /// Texture name, NUL-terminated.
    pub name: [u8; 32],
    /// Width of level 0.
    pub width: U32,
    /// Height of level 0.
    pub height: U32,
    /// Offsets of the four levels from the start of the file.
    pub offsets: [U32; 4],
    /// Next frame of an animation, NUL-terminated.
    pub animname: [u8; 32],
    /// `SURF_*` flags.
    pub flags: I32,
    /// `CONTENTS_*`.
    pub contents: I32,
    /// Light value.
    pub value: I32,
}
