//! Quake / Quake 2 PAK archives (`PACK`).
//!
//! Layout from `qcommon/qfiles.h` of id-Software/Quake-2 (`dpackheader_t`: ident, dirofs, dirlen;
//! `dpackfile_t`: name\[56\], filepos, filelen) and `FS_LoadPackFile` in `qcommon/files.c`
//! (`numpackfiles = dirlen / sizeof(dpackfile_t)`, refused above `MAX_FILES_IN_PACK`: 2048 in Quake 1 engines, 4096 in id Quake 2). The
//! directory is a typed slice over the caller's bytes; entries are borrowed.
//!
//! Daikatana's PAKs carry the same `PACK` header but 72-byte entries (name\[56\], offset, length,
//! compressed length, compressed flag; layout as TrenchBroom's `DkPakFileSystem` reads it); the
//! directory itself tells the two apart ([`view::Layout::detect`]). Compressed members are
//! Daikatana's RLE (`lumpkit_lz::dkrle`), decoded by the facade.

pub mod raw;
pub mod rules;
pub mod view;

pub use view::{Entry, Layout, Pak};
