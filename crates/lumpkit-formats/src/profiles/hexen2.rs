//! Hexen II maps (BSP29 with Hexen II's 80-byte model record, [`crate::q1bsp::hexen2`]), judged
//! against the Hexen II engine as Hammer of Thyrion (uHexen2, `sezero/uhexen2`) carries Raven's
//! released code. Its loader and renderers are Quake's with Hexen II's numbers, so these are
//! Quake's conditions ([`super::quake1`]) with its rows.
//!
//! Every condition here has one engine row and is not exhaustive: other engines load Hexen II maps
//! (FTEQW among them) and were not read, so without a target a refusal is a warning that names
//! `hexen2`, and an error under `--target hexen2`. Not measured for Hexen II: GLQuake's lightmap
//! pages (uHexen2's GL renderer has 128, `MAX_LIGHTMAPS` in `engine/h2shared/glquake.h`; the
//! packing lumpkit simulates is GLQuake's 64) and GLQuake's texture upload buffers (not read in
//! uHexen2).

use super::{Condition, Engine, EngineLimit};
use crate::q2bsp::rules::{
    ANIM_SEQUENCE as ANIM_SEQUENCE_RULE, LIMIT_EXCEEDED, SURFACE_EXTENTS as SURFACE_EXTENTS_RULE,
};

/// World visleafs against `Mod_DecompressVis`'s `static byte decompressed[MAX_MAP_LEAFS/8]`,
/// `MAX_MAP_LEAFS` 65535: a row of `(visleafs + 7) / 8` bytes fits up to 65,528.
pub static VISLEAFS: Condition = Condition {
    rule: &LIMIT_EXCEEDED,
    limit: "MAX_MAP_LEAFS",
    what: "visleafs",
    effect: "Hexen II overflows the PVS buffer in Mod_DecompressVis",
    engines: &[EngineLimit {
        engine: Engine::Hexen2,
        max: Some(65_528),
        source: "sezero/uhexen2 engine/h2shared/gl_model.c Mod_DecompressVis: static decompressed[MAX_MAP_LEAFS/8], MAX_MAP_LEAFS 65535 in common/bspfile.h",
    }],
    exhaustive: false,
};

/// Brush models (model records, the world included) against the precache table.
pub static MODELS: Condition = Condition {
    rule: &LIMIT_EXCEEDED,
    limit: "MAX_MODELS",
    what: "brush models",
    effect: "SV_SpawnServer writes past model_precache[MAX_MODELS]",
    engines: &[EngineLimit {
        engine: Engine::Hexen2,
        max: Some(511),
        source: "sezero/uhexen2 engine/hexen2/sv_main.c SV_SpawnServer: model_precache[1+i] for each submodel, MAX_MODELS 512 in engine/hexen2/quakedef.h",
    }],
    exhaustive: false,
};

/// The widest lit face (texels on one texture axis, `CalcSurfaceExtents`; `TEX_SPECIAL` faces
/// are exempt).
pub static SURFACE_EXTENTS: Condition = Condition {
    rule: &SURFACE_EXTENTS_RULE,
    limit: "surface extents",
    what: "surface extents",
    effect: "Hexen II's software renderer Sys_Errors \"Bad surface extents\" past 256 texels (its GL renderer past 4064)",
    engines: &[EngineLimit {
        engine: Engine::Hexen2,
        max: Some(256),
        source: "sezero/uhexen2 engine/h2shared/model.c CalcSurfaceExtents: extents > 256 is a Sys_Error (engine/h2shared/gl_model.c: (extents >> 4) + 1 > MAX_SURFACE_LIGHTMAP 255)",
    }],
    exhaustive: false,
};

/// A broken `+N` animated texture sequence (value 1).
pub static ANIM_SEQUENCE: Condition = Condition {
    rule: &ANIM_SEQUENCE_RULE,
    limit: "animated texture sequence",
    what: "broken texture animation",
    effect: "Hexen II Sys_Errors (\"Bad animating texture\" / \"Missing frame\")",
    engines: &[EngineLimit {
        engine: Engine::Hexen2,
        max: Some(0),
        source: "sezero/uhexen2 engine/h2shared/gl_model.c Mod_LoadTextures: a frame character outside 0-9/A-J or a missing frame is a Sys_Error",
    }],
    exhaustive: false,
};

/// A texture side that is not a multiple of 16 (the value is that side).
pub static MIPTEX_NOT_16_ALIGNED: Condition = Condition {
    rule: &crate::miptex::rules::SIZE_NOT_MULTIPLE_OF_16,
    limit: "16-pixel alignment",
    what: "texture side not a multiple of 16",
    effect: "Hexen II Sys_Errors \"Texture is not 16 aligned\" in Mod_LoadTextures",
    engines: &[EngineLimit {
        engine: Engine::Hexen2,
        max: Some(0),
        source: "sezero/uhexen2 engine/h2shared/gl_model.c and engine/h2shared/model.c Mod_LoadTextures: (width & 15) || (height & 15) is a Sys_Error",
    }],
    exhaustive: false,
};

/// A `sky*` texture that is not 256×128 (a mis-draw: see [`super::MILD`]).
pub static SKY_SIZE: Condition = Condition {
    rule: &crate::miptex::rules::SKY_SIZE,
    limit: "256x128 sky",
    what: "sky texture side",
    effect: "Hexen II reads the sky as 256x128 whatever its size (R_InitSky), so it draws garbled, read past the texture when smaller",
    engines: &[EngineLimit {
        engine: Engine::Hexen2,
        max: Some(0),
        source: "sezero/uhexen2 engine/h2shared/gl_warp.c R_InitSky: src[i*256 + j + 128] for 128 rows; engine/h2shared/r_sky.c R_InitSky the same 256-wide copy",
    }],
    exhaustive: false,
};
