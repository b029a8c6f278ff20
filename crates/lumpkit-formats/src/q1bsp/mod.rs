//! Quake 1 (BSP29), GoldSrc / Half-Life (BSP30) and ericw-tools' extended BSP2 / 2PSB maps: the version number, then 15 lumps in the
//! order of Quake 1's `bspfile.h` (`LUMP_ENTITIES` … `LUMP_MODELS`), record sizes from its `d*_t`
//! structs (node 24, texinfo 40, clipnode 8, leaf 28, marksurface 2, model 64 bytes). The textures
//! lump is a `dmiptexlump_t` (count, then one offset per texture relative to the lump, -1 for a
//! missing texture); the embedded textures themselves are miptex records, decoded by the shared
//! miptex code (WAD3), not here. `BSP2` and `2PSB` (ericw-tools and QuakeSpasm `bspfile.h`) put
//! their magic in the version field and widen the records ([`layout`]); the lumps are the same.
//! Hexen II maps are BSP29 (or BSP2 / 2PSB) with an 80-byte model record of eight head nodes
//! ([`hexen2`]); they are told from Quake's as ericw-tools tells them and validated as Hexen II's.
//! Directory checks and entity text are shared with [`crate::q2bsp`].

pub mod anim;
pub mod hexen2;
pub mod layout;
pub mod limits;
pub mod models;
pub mod raw;
pub mod surfaces;
pub mod tree;
pub mod validate;
pub mod view;

pub use models::ModelRecord;
pub use view::{Bsp1, Game, LUMPS, Variant};
