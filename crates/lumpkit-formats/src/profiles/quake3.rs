//! Quake 3-engine family: where ioquake3, Enemy Territory (ET: Legacy), Jedi Academy (OpenJK) and
//! Qfusion (Warsow, Warfork) load a map, a model or a texture differently. Each number is the
//! engine constant as its loader compares it (repository, file, function). Quake Live has no
//! public source and is in no row, so no condition here is exhaustive.

use super::{Condition, Engine, EngineLimit};
use crate::md3::rules::{
    EMPTY as MD3_EMPTY_RULE, SURFACE_IDENT as MD3_SURFACE_IDENT_RULE, SURFACE_SHADERS,
    SURFACE_TRIANGLES, SURFACE_VERTS, TAGS as MD3_TAGS_RULE,
};
use crate::q3bsp::rules::{
    FACE_POINTS as FACE_POINTS_RULE, LUMP_EMPTY_QFUSION, TOO_MANY_SUBMODELS,
};
use crate::tga::rules::ENGINE_UNSUPPORTED;

const fn row(engine: Engine, max: Option<u64>, source: &'static str) -> EngineLimit {
    EngineLimit {
        engine,
        max,
        source,
    }
}

/// Submodels (the map's `models` lump) the collision loader accepts.
pub static SUBMODELS: Condition = Condition {
    rule: &TOO_MANY_SUBMODELS,
    limit: "MAX_SUBMODELS",
    what: "submodels",
    effect: "a refusing engine drops the map (CMod_LoadSubmodels: \"MAX_SUBMODELS exceeded\")",
    engines: &[
        row(
            Engine::Ioq3,
            Some(256),
            "ioquake/ioq3 code/qcommon/cm_load.c CMod_LoadSubmodels: count > MAX_SUBMODELS (256, cm_local.h)",
        ),
        row(
            Engine::Et,
            Some(512),
            "etlegacy/etlegacy src/qcommon/cm_load.c CMod_LoadSubmodels: count > MAX_SUBMODELS (512, cm_local.h)",
        ),
        row(
            Engine::Jka,
            Some(512),
            "JACoders/OpenJK codemp/qcommon/cm_load.cpp CMod_LoadSubmodels: count > MAX_SUBMODELS (512, cm_local.h)",
        ),
        row(
            Engine::Qfusion,
            None,
            "Warsow/qfusion source/common/facilities/cm_q3bsp.cpp CMod_LoadSubmodels: allocated to the lump's count, no cap",
        ),
    ],
    exhaustive: false,
};

/// Vertices of a planar surface: the id renderers keep `MAX_FACE_POINTS` and draw a larger face
/// cut and with the default shader; ET: Legacy's renderer and Qfusion have no such cap.
pub static FACE_POINTS: Condition = Condition {
    rule: &FACE_POINTS_RULE,
    limit: "MAX_FACE_POINTS",
    what: "vertices",
    effect: "a refusing renderer warns (\"MAX_FACE_POINTS exceeded\"), cuts the face and draws it with the default shader",
    engines: &[
        row(
            Engine::Ioq3,
            Some(64),
            "ioquake/ioq3 code/renderergl1/tr_bsp.c ParseFace and renderergl2/tr_bsp.c ParseFace: numVerts > MAX_FACE_POINTS (64, tr_local.h)",
        ),
        row(
            Engine::Jka,
            Some(64),
            "JACoders/OpenJK codemp/rd-vanilla/tr_bsp.cpp ParseFace: numPoints > MAX_FACE_POINTS (64)",
        ),
        row(
            Engine::Et,
            None,
            "etlegacy/etlegacy src/renderer/tr_bsp.c ParseFace: no cap (MAX_FACE_POINTS is 1024 in tr_local.h and not compared there)",
        ),
        row(
            Engine::Qfusion,
            None,
            "Warsow/qfusion source/client/renderer: no MAX_FACE_POINTS",
        ),
    ],
    exhaustive: false,
};

/// A lump only Qfusion's collision loader refuses when empty (value 1).
pub static QFUSION_EMPTY_LUMP: Condition = Condition {
    rule: &LUMP_EMPTY_QFUSION,
    limit: "non-empty lump",
    what: "an empty lump",
    effect: "Qfusion drops the map (\"Map with no vertexes\", \"... no faces\", \"... no leaffaces\", \"... no leafbrushes\", \"... no brushsides\", \"... no brushes\")",
    engines: &[
        row(
            Engine::Qfusion,
            Some(0),
            "Warsow/qfusion source/common/facilities/cm_q3bsp.cpp CMod_LoadVertexes, CMod_LoadFaces, CMod_LoadMarkFaces, CMod_LoadMarkBrushes, CMod_LoadBrushSides, CMod_LoadBrushes: count < 1 is ERR_DROP",
        ),
        row(
            Engine::Ioq3,
            None,
            "ioquake/ioq3 code/qcommon/cm_load.c: only shaders, models, nodes, leafs and planes must be non-empty",
        ),
    ],
    exhaustive: false,
};

/// Vertices of one MD3 surface.
pub static MD3_VERTS: Condition = Condition {
    rule: &SURFACE_VERTS,
    limit: "SHADER_MAX_VERTEXES",
    what: "vertices on one surface",
    effect: "a refusing engine does not load the model at all (the whole model, every surface)",
    engines: &[
        row(
            Engine::Ioq3,
            Some(999),
            "ioquake/ioq3 code/renderergl1/tr_model.c R_LoadMD3: numVerts >= SHADER_MAX_VERTEXES (1000, qfiles.h) is a warning and the model is refused",
        ),
        row(
            Engine::Jka,
            Some(999),
            "JACoders/OpenJK codemp/rd-vanilla/tr_model.cpp R_LoadMD3: numVerts >= SHADER_MAX_VERTEXES (1000) is ERR_DROP",
        ),
        row(
            Engine::Et,
            Some(10_000),
            "etlegacy/etlegacy src/renderer/tr_model.c R_LoadMD3: numVerts > SHADER_MAX_VERTEXES (10000, qfiles.h)",
        ),
        row(
            Engine::Qfusion,
            Some(4096),
            "Warsow/qfusion source/client/renderer/alias.cpp Mod_LoadAliasMD3Model: numverts > MD3_MAX_VERTS (4096) is ERR_DROP",
        ),
    ],
    exhaustive: false,
};

/// Triangles of one MD3 surface.
pub static MD3_TRIANGLES: Condition = Condition {
    rule: &SURFACE_TRIANGLES,
    limit: "SHADER_MAX_INDEXES",
    what: "triangles on one surface",
    effect: "a refusing engine does not load the model at all (the whole model, every surface)",
    engines: &[
        row(
            Engine::Ioq3,
            Some(1999),
            "ioquake/ioq3 code/renderergl1/tr_model.c R_LoadMD3: numTriangles * 3 >= SHADER_MAX_INDEXES (6000) is a warning and the model is refused",
        ),
        row(
            Engine::Jka,
            Some(1999),
            "JACoders/OpenJK codemp/rd-vanilla/tr_model.cpp R_LoadMD3: numTriangles * 3 >= SHADER_MAX_INDEXES (6000) is ERR_DROP",
        ),
        row(
            Engine::Et,
            Some(20_000),
            "etlegacy/etlegacy src/renderer/tr_model.c R_LoadMD3: numTriangles * 3 > SHADER_MAX_INDEXES (60000)",
        ),
        row(
            Engine::Qfusion,
            Some(8192),
            "Warsow/qfusion source/client/renderer/alias.cpp Mod_LoadAliasMD3Model: numtris > MD3_MAX_TRIANGLES (8192) is ERR_DROP",
        ),
    ],
    exhaustive: false,
};

/// Tags per frame of an MD3.
pub static MD3_TAGS: Condition = Condition {
    rule: &MD3_TAGS_RULE,
    limit: "MD3_MAX_TAGS",
    what: "tags per frame",
    effect: "Qfusion drops the model (\"has too many tags\")",
    engines: &[
        row(
            Engine::Qfusion,
            Some(16),
            "Warsow/qfusion source/client/renderer/alias.cpp Mod_LoadAliasMD3Model: numtags > MD3_MAX_TAGS (16) is ERR_DROP",
        ),
        row(
            Engine::Ioq3,
            None,
            "ioquake/ioq3 code/renderergl1/tr_model.c R_LoadMD3: MD3_MAX_TAGS is defined in qfiles.h, never compared",
        ),
    ],
    exhaustive: false,
};

/// Shaders of one MD3 surface.
pub static MD3_SHADERS: Condition = Condition {
    rule: &SURFACE_SHADERS,
    limit: "MD3_MAX_SHADERS",
    what: "shaders on one surface",
    effect: "Qfusion drops the model (\"has too many skins\")",
    engines: &[
        row(
            Engine::Qfusion,
            Some(256),
            "Warsow/qfusion source/client/renderer/alias.cpp Mod_LoadAliasMD3Model: numskins > MD3_MAX_SHADERS (256) is ERR_DROP",
        ),
        row(
            Engine::Ioq3,
            None,
            "ioquake/ioq3 code/renderergl1/tr_model.c R_LoadMD3: MD3_MAX_SHADERS is defined in qfiles.h, never compared",
        ),
    ],
    exhaustive: false,
};

/// A surface with no vertices or no triangles, or a model with neither surfaces nor tags (value 1).
pub static MD3_EMPTY: Condition = Condition {
    rule: &MD3_EMPTY_RULE,
    limit: "non-empty mesh",
    what: "an empty surface or model",
    effect: "Qfusion drops the model (\"has no elements\", \"has no vertices\", \"has no meshes and no tags\")",
    engines: &[
        row(
            Engine::Qfusion,
            Some(0),
            "Warsow/qfusion source/client/renderer/alias.cpp Mod_LoadAliasMD3Model: numtris <= 0, numverts <= 0, or no meshes and no tags is ERR_DROP",
        ),
        row(
            Engine::Ioq3,
            None,
            "ioquake/ioq3 code/renderergl1/tr_model.c R_LoadMD3: empty surfaces are loaded and draw nothing",
        ),
    ],
    exhaustive: false,
};

/// A surface whose ident is not `IDP3` (value 1).
pub static MD3_SURFACE_IDENT: Condition = Condition {
    rule: &MD3_SURFACE_IDENT_RULE,
    limit: "IDP3 surface ident",
    what: "a surface ident other than IDP3",
    effect: "Qfusion drops the model (\"has wrong id\")",
    engines: &[
        row(
            Engine::Qfusion,
            Some(0),
            "Warsow/qfusion source/client/renderer/alias.cpp Mod_LoadAliasMD3Model: strncmp(id, IDMD3HEADER) is ERR_DROP",
        ),
        row(
            Engine::Ioq3,
            None,
            "ioquake/ioq3 code/renderergl1/tr_model.c R_LoadMD3: the surface ident is overwritten with SF_MD3, never compared",
        ),
    ],
    exhaustive: false,
};

/// A TGA the Quake 3 renderer's loader refuses (value 1): colour-mapped, 16-bit, or RLE grey.
pub static TGA_RENDERER: Condition = Condition {
    rule: &ENGINE_UNSUPPORTED,
    limit: "LoadTGA kinds",
    what: "a TGA kind other than 24/32-bit true colour (raw or RLE) or raw grey",
    effect: "ioq3 drops the map or model that uses it (LoadTGA: ERR_DROP \"Only type 2 (RGB), 3 (gray), and 10 (RGB) TGA images supported\", \"colormaps not supported\", \"Only 32 or 24 bit images supported\")",
    engines: &[row(
        Engine::Ioq3,
        Some(0),
        "ioquake/ioq3 code/renderercommon/tr_image_tga.c LoadTGA: image_type not 2, 3 or 10, colormap_type != 0, or pixel_size not 24/32 (type 2, 10) is ERR_DROP",
    )],
    exhaustive: false,
};
