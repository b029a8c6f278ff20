//! Quake 1 family (BSP29 for Quake and its ports, BSP30 for GoldSrc and Xash3D): map count limits,
//! each engine's number with the source it was read from.

use super::{Condition, Engine, EngineLimit};
use crate::q2bsp::rules::LIMIT_EXCEEDED;

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
