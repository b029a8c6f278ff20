//! Quake 2 family: id's `CMod_Load*` count checks (kept by Yamagi Quake II), which Q2PRO does not
//! have. Each number is id's `qcommon/qfiles.h` constant as `qcommon/cmodel.c` compares it,
//! including the room `CM_InitBoxHull` reserves after the map's own records.

use super::{Condition, Engine, EngineLimit};
use crate::q2bsp::rules::{
    LEAFBRUSHES_EMPTY, LIMIT_EXCEEDED, NO_EMPTY_LEAF as NO_EMPTY_LEAF_RULE,
    NODE_SHARED as NODE_SHARED_RULE, PORTALNUM_PAST_COUNT as PORTALNUM_RULE,
    SURFACE_EXTENTS as SURFACE_EXTENTS_RULE,
};

const Q2PRO: &str = "skullernet/q2pro src/common/bsp.c BSP_Load*: lumps allocated to their size, no MAX_MAP_* count check";

/// A Quake 2 count limit shared by id Quake 2 and Yamagi Quake II; Q2PRO has none.
macro_rules! q2_limit {
    ($name:ident, $limit:literal, $what:literal, $max:expr, $id:literal, $yq:literal) => {
        #[doc = concat!("`", $limit, "`: ", $what, ".")]
        pub static $name: Condition = Condition {
            rule: &LIMIT_EXCEEDED,
            limit: $limit,
            what: $what,
            effect: "id Quake 2 refuses the map (Com_Error ERR_DROP)",
            engines: &[
                EngineLimit {
                    engine: Engine::Quake2,
                    max: Some($max),
                    source: concat!("id-Software/Quake-2 qcommon/cmodel.c ", $id),
                },
                EngineLimit {
                    engine: Engine::Yquake2,
                    max: Some($max),
                    source: concat!("yquake2/yquake2 src/common/collision.c ", $yq),
                },
                EngineLimit {
                    engine: Engine::Q2pro,
                    max: None,
                    source: Q2PRO,
                },
            ],
            exhaustive: true,
        };
    };
}

q2_limit!(
    MODELS,
    "MAX_MAP_MODELS",
    "models",
    1024,
    "CMod_LoadSubmodels: count > MAX_MAP_MODELS (1024)",
    "CMod_LoadSubmodels"
);
q2_limit!(
    TEXINFO,
    "MAX_MAP_TEXINFO",
    "texinfo records",
    8192,
    "CMod_LoadSurfaces: count > MAX_MAP_TEXINFO (8192)",
    "CMod_LoadSurfaces"
);
q2_limit!(
    BRUSHES,
    "MAX_MAP_BRUSHES",
    "brushes",
    8191,
    "CMod_LoadBrushes, CM_InitBoxHull: numbrushes + 1 > MAX_MAP_BRUSHES (8192)",
    "CMod_LoadBrushes, CM_InitBoxHull"
);
q2_limit!(
    PLANES,
    "MAX_MAP_PLANES",
    "planes",
    65524,
    "CMod_LoadPlanes, CM_InitBoxHull: numplanes + 12 > MAX_MAP_PLANES (65536)",
    "CMod_LoadPlanes, CM_InitBoxHull"
);
q2_limit!(
    NODES,
    "MAX_MAP_NODES",
    "nodes",
    65530,
    "CMod_LoadNodes, CM_InitBoxHull: numnodes + 6 > MAX_MAP_NODES (65536)",
    "CMod_LoadNodes, CM_InitBoxHull"
);
q2_limit!(
    LEAFS,
    "MAX_MAP_LEAFS",
    "leafs",
    65535,
    "CMod_LoadLeafs: count > MAX_MAP_PLANES (65536), and CM_InitBoxHull writes map_leafs[numleafs] of MAX_MAP_LEAFS (65536)",
    "CMod_LoadLeafs, CM_InitBoxHull"
);
q2_limit!(
    LEAFBRUSHES,
    "MAX_MAP_LEAFBRUSHES",
    "leafbrushes",
    65535,
    "CMod_LoadLeafBrushes, CM_InitBoxHull: numleafbrushes + 1 > MAX_MAP_LEAFBRUSHES (65536)",
    "CMod_LoadLeafBrushes, CM_InitBoxHull"
);
q2_limit!(
    BRUSHSIDES,
    "MAX_MAP_BRUSHSIDES",
    "brushsides",
    65530,
    "CMod_LoadBrushSides, CM_InitBoxHull: numbrushsides + 6 > MAX_MAP_BRUSHSIDES (65536)",
    "CMod_LoadBrushSides, CM_InitBoxHull"
);
q2_limit!(
    AREAPORTALS,
    "MAX_MAP_AREAS",
    "areaportals",
    256,
    "CMod_LoadAreaPortals: count > MAX_MAP_AREAS (256), not MAX_MAP_AREAPORTALS",
    "CMod_LoadAreaPortals"
);
q2_limit!(
    VISIBILITY,
    "MAX_MAP_VISIBILITY",
    "bytes of visibility",
    0x10_0000,
    "CMod_LoadVisibility: filelen > MAX_MAP_VISIBILITY (0x100000)",
    "CMod_LoadVisibility"
);
q2_limit!(
    ENTSTRING,
    "MAX_MAP_ENTSTRING",
    "bytes of entity text",
    0x4_0000,
    "CMod_LoadEntityString: filelen > MAX_MAP_ENTSTRING (0x40000)",
    "CMod_LoadEntityString"
);

/// A structural check of id's loader that Q2PRO does not make: value 1 when the map breaks it.
macro_rules! q2_refusal {
    ($name:ident, $rule:expr, $limit:literal, $what:literal, $effect:literal, $id:literal) => {
        #[doc = concat!($what, " (", $effect, ").")]
        pub static $name: Condition = Condition {
            rule: $rule,
            limit: $limit,
            what: $what,
            effect: $effect,
            engines: &[
                EngineLimit {
                    engine: Engine::Quake2,
                    max: Some(0),
                    source: concat!("id-Software/Quake-2 qcommon/cmodel.c ", $id),
                },
                EngineLimit {
                    engine: Engine::Yquake2,
                    max: Some(0),
                    source: concat!("yquake2/yquake2 src/common/collision.c ", $id),
                },
            ],
            // Q2PRO is not listed: its source was not re-read for these checks.
            exhaustive: false,
        };
    };
}

q2_refusal!(
    NO_EMPTY_LEAF,
    &NO_EMPTY_LEAF_RULE,
    "empty leaf",
    "no empty leaf",
    "id Quake 2 refuses the map (\"Map does not have an empty leaf\")",
    "CMod_LoadLeafs: emptyleaf == -1 is a Com_Error"
);
q2_refusal!(
    NO_LEAFBRUSHES,
    &LEAFBRUSHES_EMPTY,
    "leafbrushes",
    "no leafbrushes",
    "id Quake 2 refuses the map (\"Map with no planes\" in CMod_LoadLeafBrushes)",
    "CMod_LoadLeafBrushes: count < 1 is a Com_Error"
);

/// An areaportal whose portal number is at or past the areaportal count (value 1). Q2PRO sizes
/// its `portalopen` state by the portals it validates; id Quake 2 copies the number unchecked
/// and indexes its fixed `portalopen[MAX_MAP_AREAPORTALS]`, so below 1024 it loads the map (at
/// 1024 and past, `bsp-bad-portalnum` is an error).
pub static PORTALNUM_PAST_COUNT: Condition = Condition {
    rule: &PORTALNUM_RULE,
    limit: "numareaportals",
    what: "a portal number at or past the areaportal count",
    effect: "Q2PRO refuses the map (\"Bad portalnum\")",
    engines: &[
        EngineLimit {
            engine: Engine::Q2pro,
            max: Some(0),
            source: "skullernet/q2pro src/common/bsp.c BSP_ValidateAreaPortals: BSP_ENSURE(p->portalnum < bsp->numareaportals, \"Bad portalnum\")",
        },
        EngineLimit {
            engine: Engine::Quake2,
            max: None,
            source: "id-Software/Quake-2 qcommon/cmodel.c CMod_LoadAreaPortals: portalnum copied unchecked, used as an index of portalopen[MAX_MAP_AREAPORTALS] in FloodArea_r",
        },
    ],
    // Yamagi Quake II was not re-read for this check.
    exhaustive: false,
};

/// A node or leaf reached twice from the models' head nodes without a loop (value 1): a subtree
/// with two parents. Q2PRO refuses it; id's loaders never look, so the map loads there (each
/// node keeps the last parent `Mod_SetParent` gives it). Loops are `bsp-node-cycle`, an error.
pub static NODE_SHARED: Condition = Condition {
    rule: &NODE_SHARED_RULE,
    limit: "one parent per node",
    what: "a shared subtree",
    effect: "Q2PRO refuses the map (BSP_SetParent: cycle encountered)",
    engines: &[
        EngineLimit {
            engine: Engine::Q2pro,
            max: Some(0),
            source: "skullernet/q2pro src/common/bsp.c BSP_ValidateTree, BSP_SetParent: walks each model from its head node and refuses a child that already has a parent",
        },
        EngineLimit {
            engine: Engine::Quake2,
            max: None,
            source: "id-Software/Quake-2 ref_gl/gl_model.c Mod_SetParent, qcommon/cmodel.c CMod_LoadNodes: children range-checked only, a second parent overwrites the first",
        },
        EngineLimit {
            engine: Engine::Yquake2,
            max: None,
            source: "yquake2/yquake2 src/client/refresh/files/models.c Mod_SetParent, src/common/collision.c CMod_LoadNodes: no sharing check",
        },
    ],
    exhaustive: true,
};

/// The widest face with a lightmap (`CalcSurfaceExtents`, texels on one texture axis; `SURF_SKY`
/// and `SURF_WARP` faces are exempt). The limit is the software renderer's: id's ref_soft and
/// yquake2's soft renderer drop the map past 256 texels, while id's ref_gl has the same check
/// commented out and only fails (`LM_AllocBlock`, ERR_FATAL) when a lightmap is wider than its
/// 128-sample page. A profile names an engine, not its renderer, so this stays a warning under
/// every target ([`super::MILD`]) and the message names both renderers.
pub static SURFACE_EXTENTS: Condition = Condition {
    rule: &SURFACE_EXTENTS_RULE,
    limit: "surface extents",
    what: "surface extents",
    effect: "the software renderers (id ref_soft, yquake2's soft) drop the map past 256 texels (\"Bad surface extents\"); id's ref_gl loads it up to 2016 texels along s and 2032 along t, past which LM_AllocBlock fails (ERR_FATAL); a target names the engine, not its renderer",
    engines: &[
        EngineLimit {
            engine: Engine::Quake2,
            max: Some(256),
            source: "id-Software/Quake-2 ref_soft/r_model.c CalcSurfaceExtents: extents > 256 without SURF_WARP|SURF_SKY is an ERR_DROP (ref_gl/gl_model.c: the check is commented out; ref_gl/gl_rsurf.c GL_CreateSurfaceLightmap fails past a 128-sample page)",
        },
        EngineLimit {
            engine: Engine::Yquake2,
            max: Some(256),
            source: "yquake2/yquake2 src/client/refresh/soft/sw_model.c Mod_CalcSurfaceExtents: the same ERR_DROP in the software renderer",
        },
    ],
    // Q2PRO's renderer (GL only) and yquake2's GL renderers were not re-read for this check.
    exhaustive: false,
};
