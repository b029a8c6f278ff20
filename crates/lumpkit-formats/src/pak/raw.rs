//! On-disk records of a PAK (`dpackheader_t`, `dpackfile_t` in `qcommon/qfiles.h`).

use zerocopy::little_endian::U32;
use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

/// `dpackheader_t` (12 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Header {
    /// `PACK`.
    pub ident: [u8; 4],
    /// Offset of the directory.
    pub dirofs: U32,
    /// Length of the directory in bytes.
    pub dirlen: U32,
}

/// `dpackfile_t` (64 bytes).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct DirEntry {
    /// NUL-terminated path, `/`-separated.
    pub name: [u8; 56],
    /// Offset of the data.
    pub filepos: U32,
    /// Length of the data.
    pub filelen: U32,
}

/// Daikatana's directory entry (72 bytes, TrenchBroom `DkPakFileSystem`): the Quake entry plus
/// the stored (compressed) length and a compressed flag.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct DkDirEntry {
    /// NUL-terminated path, `/`-separated.
    pub name: [u8; 56],
    /// Offset of the data.
    pub filepos: U32,
    /// Length of the data once decompressed.
    pub filelen: U32,
    /// Length of the stored data when compressed.
    pub compressed_len: U32,
    /// Non-zero when the data is compressed (Daikatana's RLE).
    pub compressed: U32,
}
