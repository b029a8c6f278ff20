//! Quake 2 BSP maps (IBSP version 38), and the directory, entity and rule code shared with Quake 1
//! and GoldSrc maps ([`crate::q1bsp`]).
//!
//! Sources: `../shared/specs/quake2-bsp.txt` (header and lump list only); record layouts from
//! `qcommon/qfiles.h` of id-Software/Quake-2 (`dheader_t`, `lump_t` and every `d*_t` record, see
//! [`raw`]); visibility decompression from `CM_DecompressVis` in `qcommon/cmodel.c`; validation from
//! Q2PRO's `src/common/bsp.c` (`BSP_Load`, `BSP_Load*`, `BSP_ValidateTree`,
//! `BSP_ValidateAreaPortals`), whose "lump out of bounds", "odd size", "bad planenum", "bad
//! nodenum", "cycle encountered", "bad bitofs", "bad cluster" … checks each map to a rule in
//! [`rules`]. Qbism `QBSP` maps (same header, `QBSP` magic, 32-bit index records and float bounds:
//! Q2PRO `IDBSPHEADER_EXT`, record sizes from its `bsp_lumps` table) are read through the same
//! validation with their own record layout ([`layout`]), never parsed as IBSP.
//!
//! Nothing here allocates: lumps are typed slices over the caller's bytes, the tree check takes a
//! caller-provided bitset, PVS/PHS rows decompress into a caller buffer.

pub mod dir;
pub mod entities;
pub mod layout;
pub mod limits;
pub mod raw;
pub mod rules;
pub mod surfaces;
pub mod textures;
pub mod tree;
pub mod validate;
pub mod view;
pub mod vis;

pub use layout::{Ibsp, Layout, Qbism};
pub use view::{Bsp, Directory, Lump, Map, QbismBsp, Variant};
pub use vis::{Row, Vis};
