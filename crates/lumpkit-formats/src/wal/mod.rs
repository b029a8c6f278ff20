//! Quake 2 WAL textures: the `miptex_t` of `qcommon/qfiles.h` (name\[32\], width, height, offsets\[4\],
//! animname\[32\], flags, contents, value: 100 bytes), then four 8-bit indexed mip levels of
//! `width >> n` × `height >> n`. There is no palette: the game uses `pics/colormap.pcx`, so decoding
//! takes the caller's. Loader facts from yquake2 `src/client/refresh/files/wal.c` (`LoadWal`: mip 0
//! must lie inside the file, width and height non-zero); the software renderer reads all four levels.

pub mod raw;
pub mod rules;
pub mod view;

pub use view::{Level, Wal};
