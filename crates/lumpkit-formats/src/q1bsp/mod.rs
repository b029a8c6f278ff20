//! Quake 1 (BSP29) and GoldSrc / Half-Life (BSP30) maps: the version number, then 15 lumps in the
//! order of Quake 1's `bspfile.h` (`LUMP_ENTITIES` … `LUMP_MODELS`), record sizes from its `d*_t`
//! structs (node 24, texinfo 40, clipnode 8, leaf 28, marksurface 2, model 64 bytes). The textures
//! lump is a `dmiptexlump_t` (count, then one offset per texture relative to the lump, -1 for a
//! missing texture); the embedded textures themselves are miptex records, decoded by the shared
//! miptex code (WAD3), not here. Directory checks and entity text are shared with [`crate::q2bsp`].

pub mod raw;
pub mod validate;
pub mod view;

pub use view::{Bsp1, LUMPS};
