//! On-disk records of WAD2 (Quake) and WAD3 (Half-Life) files. No logic here.

use zerocopy::little_endian::{U16, U32};
use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

/// The 12-byte header (`wadinfo_t`).
#[derive(Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Header {
    /// `WAD2` or `WAD3`.
    pub magic: [u8; 4],
    /// Number of directory entries (`numlumps`).
    pub count: U32,
    /// Offset of the directory (`infotableofs`), usually at the end of the file.
    pub directory_offset: U32,
}

/// One 32-byte directory entry (`lumpinfo_t`).
#[derive(Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct DirEntry {
    /// Offset of the entry's data from the start of the file (`filepos`).
    pub offset: U32,
    /// Bytes stored in the file (`disksize`).
    pub disk_size: U32,
    /// Bytes once uncompressed (`size`).
    pub size: U32,
    /// Entry type (`type`): 0x43 miptex, 0x42 qpic, …
    pub kind: u8,
    /// Compression (`compression`): 0 none, 1 LZSS (never used by the games).
    pub compression: u8,
    /// Padding.
    pub pad: [u8; 2],
    /// Name, NUL-padded.
    pub name: [u8; 16],
}

/// The header of a qpic (`qpic_t` / `lmp_t`): pixels follow.
#[derive(Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct QpicHeader {
    /// Width in pixels.
    pub width: U32,
    /// Height in pixels.
    pub height: U32,
}

/// One glyph of a font (`charinfo`).
#[derive(Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct CharInfo {
    /// Offset of the glyph's top-left pixel in the font's pixel block.
    pub start_offset: U16,
    /// Glyph width in pixels.
    pub char_width: U16,
}

/// The header of a Half-Life font (`qfont_t` without its trailing pixels): 1040 bytes.
#[derive(Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct FontHeader {
    /// Stored width (qlumpy writes the row height here; the pixel block is always 256 wide).
    pub width: U32,
    /// Height of the pixel block in rows.
    pub height: U32,
    /// Number of glyph rows.
    pub row_count: U32,
    /// Height of one glyph row.
    pub row_height: U32,
    /// The 256 glyphs.
    pub glyphs: [CharInfo; 256],
}
