//! Quake 3-engine maps: `IBSP` 46 (Quake III Arena, Quake Live, and the many q3map2 games),
//! `IBSP` 47 (Return to Castle Wolfenstein, Enemy Territory), `RBSP` 1 (Jedi Outcast / Academy,
//! Soldier of Fortune II) and `FBSP` 1 (Qfusion: Warsow, Warfork).
//!
//! Sources (`../shared/research/q3.md`, each rule with its engine source): record layouts from
//! ioquake3 `code/qcommon/qfiles.h`, OpenJK `codemp/qcommon/qfiles.h` and Qfusion
//! `source/common/facilities/qfiles.h` ([`raw`]); the variant by ident and version together and the
//! lightmap page size per variant from Qfusion's format table (`bsp.cpp`, `q3BSPFormats`); validation
//! from the loaders ([`validate`]): what they check becomes the same refusal here, what they trust
//! unchecked (most indexes) is an error because the engine reads past its lump.
//!
//! Nothing here allocates: lumps are typed slices over the caller's bytes.

pub mod entities;
pub mod raw;
pub mod rules;
pub mod validate;
pub mod view;

pub use view::{Directory, Lump, LumpSpec, Map, Records, SurfaceFields, Variant};
