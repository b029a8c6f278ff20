//! Quake / Quake 2 PAK archives (`PACK`).
//!
//! Layout from `qcommon/qfiles.h` of id-Software/Quake-2 (`dpackheader_t`: ident, dirofs, dirlen;
//! `dpackfile_t`: name[56], filepos, filelen) and `FS_LoadPackFile` in `qcommon/files.c`
//! (`numpackfiles = dirlen / sizeof(dpackfile_t)`, refused above `MAX_FILES_IN_PACK` = 4096). The
//! directory is a typed slice over the caller's bytes; entries are borrowed.

pub mod raw;
pub mod rules;
pub mod view;

pub use view::{Entry, Pak};
