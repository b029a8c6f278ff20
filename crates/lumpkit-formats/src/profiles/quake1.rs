//! Quake 1 family (BSP29 for Quake and its ports, BSP30 for GoldSrc and Xash3D): map count limits,
//! each engine's number with the source it was read from.

use super::{Condition, Engine, EngineLimit};
use crate::q2bsp::rules::{
    ANIM_SEQUENCE as ANIM_SEQUENCE_RULE, LIGHTMAP_PAGES as LIGHTMAP_PAGES_RULE, LIMIT_EXCEEDED,
    SURFACE_EXTENTS as SURFACE_EXTENTS_RULE,
};

const QUAKE_DECOMPRESS_VIS: &str = "id-Software/Quake WinQuake/gl_model.c Mod_DecompressVis: static decompressed[MAX_MAP_LEAFS/8], MAX_MAP_LEAFS 8192 in WinQuake/bspfile.h";
const QS_DECOMPRESS_VIS: &str = "sezero/quakespasm Quake/gl_model.c Mod_DecompressVis: mod_decompressed grown with realloc to the map's row";
const XASH_MODELS: &str =
    "FWGS/xash3d-fwgs engine/common/protocol.h MAX_MODELS (1<<MAX_MODEL_BITS), MAX_MODEL_BITS 12";
const XASH_BSPFILE: &str = "FWGS/xash3d-fwgs common/bspfile.h: MAX_MAP_* \"not using by modelloader but only for displaying 'mapstats'\"";

/// BSP29 world visleafs (`dmodel_t.visleafs` of model 0): the row size of vanilla's PVS buffer.
pub static VISLEAFS: Condition = Condition {
    rule: &LIMIT_EXCEEDED,
    limit: "MAX_MAP_LEAFS",
    what: "visleafs",
    effect: "WinQuake/GLQuake overflow the PVS buffer in Mod_DecompressVis",
    engines: &[
        EngineLimit {
            engine: Engine::Quake,
            max: Some(8192),
            source: QUAKE_DECOMPRESS_VIS,
        },
        EngineLimit {
            engine: Engine::QuakeSpasm,
            max: None,
            source: QS_DECOMPRESS_VIS,
        },
        EngineLimit {
            engine: Engine::Xash3d,
            max: None,
            source: XASH_BSPFILE,
        },
    ],
    exhaustive: true,
};

/// BSP29 leaf records: QuakeSpasm refuses more than a signed short can index.
pub static LEAFS: Condition = Condition {
    rule: &LIMIT_EXCEEDED,
    limit: "leafs (signed short children)",
    what: "leafs",
    effect: "QuakeSpasm refuses the map (Host_Error in Mod_LoadLeafs)",
    engines: &[
        EngineLimit {
            engine: Engine::QuakeSpasm,
            max: Some(32767),
            source: "sezero/quakespasm Quake/gl_model.c Mod_ProcessLeafs_S: count > 32767 is a Host_Error",
        },
        EngineLimit {
            engine: Engine::Xash3d,
            max: None,
            source: XASH_BSPFILE,
        },
    ],
    exhaustive: true,
};

/// BSP29 brush models (model records, the world included): `sv.model_precache[1 + i]` for each
/// submodel, so more than MAX_MODELS - 1 write past the array.
pub static MODELS: Condition = Condition {
    rule: &LIMIT_EXCEEDED,
    limit: "MAX_MODELS",
    what: "brush models",
    effect: "SV_SpawnServer writes past model_precache[MAX_MODELS]",
    engines: &[
        EngineLimit {
            engine: Engine::Quake,
            max: Some(255),
            source: "id-Software/Quake WinQuake/sv_main.c SV_SpawnServer: model_precache[1+i] for i < numsubmodels, MAX_MODELS 256 in WinQuake/quakedef.h",
        },
        EngineLimit {
            engine: Engine::QuakeSpasm,
            max: Some(2047),
            source: "sezero/quakespasm Quake/sv_main.c SV_SpawnServer, MAX_MODELS 2048 in Quake/quakedef.h (\"johnfitz -- was 256\")",
        },
        EngineLimit {
            engine: Engine::Xash3d,
            max: Some(4095),
            source: XASH_MODELS,
        },
    ],
    exhaustive: true,
};

/// BSP30 world visleafs: GoldSrc keeps vanilla's PVS buffer.
pub static GOLDSRC_VISLEAFS: Condition = Condition {
    rule: &LIMIT_EXCEEDED,
    limit: "MAX_MAP_LEAFS",
    what: "visleafs",
    effect: "GoldSrc's Mod_DecompressVis buffer holds MAX_MAP_LEAFS/8 bytes",
    engines: &[
        EngineLimit {
            engine: Engine::GoldSrc,
            max: Some(8192),
            source: "dreamstalker/rehlds rehlds/public/rehlds/bspfile.h MAX_MAP_LEAFS 8192; rehlds/engine/model.cpp Mod_DecompressVis",
        },
        EngineLimit {
            engine: Engine::Xash3d,
            max: None,
            source: XASH_BSPFILE,
        },
    ],
    exhaustive: true,
};

/// BSP30 brush models against GoldSrc's precache table.
pub static GOLDSRC_MODELS: Condition = Condition {
    rule: &LIMIT_EXCEEDED,
    limit: "MAX_MODELS",
    what: "brush models",
    effect: "GoldSrc's model precache table has MAX_MODELS entries",
    engines: &[
        EngineLimit {
            engine: Engine::GoldSrc,
            max: Some(511),
            source: "dreamstalker/rehlds rehlds/common/qlimits.h MAX_MODELS (1<<9); SV_SpawnServer precaches the world and each submodel",
        },
        EngineLimit {
            engine: Engine::Xash3d,
            max: Some(4095),
            source: XASH_MODELS,
        },
    ],
    exhaustive: true,
};

const XASH_EXTENTS: &str = "FWGS/xash3d-fwgs engine/common/mod_bmodel.c Mod_CalcSurfaceExtents: the \"Bad surface extents\" report is compiled out (#if !XASH_DEDICATED && 0)";

/// BSP29: the widest lit face (texels on one texture axis, `CalcSurfaceExtents`). Faces with
/// `TEX_SPECIAL` are exempt in every engine below.
pub static SURFACE_EXTENTS: Condition = Condition {
    rule: &SURFACE_EXTENTS_RULE,
    limit: "surface extents",
    what: "surface extents",
    effect: "WinQuake Sys_Errors \"Bad surface extents\" past 256 texels, GLQuake past 512, QuakeSpasm past 2000",
    engines: &[
        EngineLimit {
            engine: Engine::Quake,
            max: Some(256),
            source: "id-Software/Quake WinQuake/model.c CalcSurfaceExtents: extents > 256 is a Sys_Error (GLQuake WinQuake/gl_model.c: > 512)",
        },
        EngineLimit {
            engine: Engine::QuakeSpasm,
            max: Some(2000),
            source: "sezero/quakespasm Quake/gl_model.c CalcSurfaceExtents: extents > 2000 is a Sys_Error (\"johnfitz -- was 512 in glquake, 256 in winquake\")",
        },
        EngineLimit {
            engine: Engine::Xash3d,
            max: None,
            source: XASH_EXTENTS,
        },
    ],
    exhaustive: true,
};

/// BSP30: the widest lit face against GoldSrc's `CalcSurfaceExtents`.
pub static GOLDSRC_SURFACE_EXTENTS: Condition = Condition {
    rule: &SURFACE_EXTENTS_RULE,
    limit: "surface extents",
    what: "surface extents",
    effect: "GoldSrc Sys_Errors \"Bad surface extents\" past 256 texels",
    engines: &[
        EngineLimit {
            engine: Engine::GoldSrc,
            max: Some(256),
            source: "dreamstalker/rehlds rehlds/engine/model.cpp CalcSurfaceExtents: extents > 256 without TEX_SPECIAL is a Sys_Error",
        },
        EngineLimit {
            engine: Engine::Xash3d,
            max: None,
            source: XASH_EXTENTS,
        },
    ],
    exhaustive: true,
};

/// BSP29: 128×128 lightmap pages the map's own faces fill, packed as GLQuake's `AllocBlock`
/// packs them (every face but `sky*` and `*` textures, lit or not). Other brush models (ammo
/// boxes) take pages too, so the count is a lower bound.
pub static LIGHTMAP_PAGES: Condition = Condition {
    rule: &LIGHTMAP_PAGES_RULE,
    limit: "MAX_LIGHTMAPS",
    what: "lightmap pages",
    effect: "GLQuake Sys_Errors \"AllocBlock: full\" (WinQuake's software renderer has no pages)",
    engines: &[
        EngineLimit {
            engine: Engine::Quake,
            max: Some(64),
            source: "id-Software/Quake WinQuake/gl_rsurf.c AllocBlock, GL_BuildLightmaps: MAX_LIGHTMAPS 64 pages of BLOCK_WIDTH x BLOCK_HEIGHT 128",
        },
        EngineLimit {
            engine: Engine::QuakeSpasm,
            max: None,
            source: "sezero/quakespasm Quake/r_brush.c AllocBlock: lightmap_count grows with realloc",
        },
    ],
    // Xash3D's lightmap allocator was not re-read.
    exhaustive: false,
};

/// BSP29: a broken `+N` animated texture sequence (value 1).
pub static ANIM_SEQUENCE: Condition = Condition {
    rule: &ANIM_SEQUENCE_RULE,
    limit: "animated texture sequence",
    what: "broken texture animation",
    effect: "Quake and QuakeSpasm Sys_Error (\"Bad animating texture\" / \"Missing frame\")",
    engines: &[
        EngineLimit {
            engine: Engine::Quake,
            max: Some(0),
            source: "id-Software/Quake WinQuake/gl_model.c Mod_LoadTextures: a frame character outside 0-9/A-J or a missing frame is a Sys_Error",
        },
        EngineLimit {
            engine: Engine::QuakeSpasm,
            max: Some(0),
            source: "sezero/quakespasm Quake/gl_model.c Mod_LoadTextures: the same Sys_Errors",
        },
        EngineLimit {
            engine: Engine::Xash3d,
            max: None,
            source: XASH_ANIM,
        },
    ],
    exhaustive: true,
};

const XASH_ANIM: &str = "FWGS/xash3d-fwgs engine/common/mod_bmodel.c Mod_SequenceAnimatedTexture: a missing frame is a console S_ERROR and the animation is dropped";

/// BSP30: a broken `+N` / `-N` animated texture sequence (value 1).
pub static GOLDSRC_ANIM_SEQUENCE: Condition = Condition {
    rule: &ANIM_SEQUENCE_RULE,
    limit: "animated texture sequence",
    what: "broken texture animation",
    effect: "GoldSrc Sys_Errors (\"Bad animating texture\" / \"Missing frame\")",
    engines: &[
        EngineLimit {
            engine: Engine::GoldSrc,
            max: Some(0),
            source: "dreamstalker/rehlds rehlds/engine/model.cpp Mod_LoadTextures: '+' or '-' names, a bad frame character or a missing frame is a Sys_Error",
        },
        EngineLimit {
            engine: Engine::Xash3d,
            max: None,
            source: XASH_ANIM,
        },
    ],
    exhaustive: true,
};
