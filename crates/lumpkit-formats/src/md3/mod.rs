//! MD3 models (`IDP3` 15): Quake III Arena and every engine of its family.
//!
//! Layout from ioquake3 `code/qcommon/qfiles.h` ([`raw`]); the loaders' rules from
//! `R_LoadMD3` (ioq3 `code/renderergl1/tr_model.c`, etlegacy `src/renderer/tr_model.c`, OpenJK
//! `codemp/rd-vanilla/tr_model.cpp`) and Qfusion's `Mod_LoadAliasMD3Model`
//! (`source/client/renderer/alias.cpp`); the per-engine limits are [`crate::profiles::quake3`]
//! conditions. The engines check the version, the frame count and (per engine) the surface sizes,
//! and trust every offset; [`view`] bounds them all. Levels of detail come by file name
//! ([`view::lod_of`]).

pub mod raw;
pub mod rules;
pub mod view;

pub use view::{IDENT, Md3, SurfaceView, VERSION, lod_of};
