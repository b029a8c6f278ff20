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

const XASH_MIPTEX: &str = "FWGS/xash3d-fwgs engine/common/mod_bmodel.c Mod_LoadTexture / Mod_LoadTextureData: no 16-alignment check; the miptex goes to GL_LoadTexture as it is";

/// A WAD2 or BSP29 miptex side that is not a multiple of 16 (the value is that side).
pub static MIPTEX_NOT_16_ALIGNED: Condition = Condition {
    rule: &crate::miptex::rules::SIZE_NOT_MULTIPLE_OF_16,
    limit: "16-pixel alignment",
    what: "texture side not a multiple of 16",
    effect: "vanilla Quake Sys_Errors \"Texture is not 16 aligned\" in Mod_LoadTextures, and qbsp refuses the texture",
    engines: &[
        EngineLimit {
            engine: Engine::Quake,
            max: Some(0),
            source: "id-Software/Quake WinQuake/gl_model.c and WinQuake/model.c Mod_LoadTextures: (width & 15) || (height & 15) is a Sys_Error",
        },
        EngineLimit {
            engine: Engine::QuakeSpasm,
            max: None,
            source: "sezero/quakespasm Quake/gl_model.c Mod_LoadTextures: Con_Warning \"Texture %s (%d x %d) is not 16 aligned\" and loads it",
        },
        EngineLimit {
            engine: Engine::Xash3d,
            max: None,
            source: XASH_MIPTEX,
        },
    ],
    exhaustive: true,
};

/// A WAD3 or BSP30 miptex side that is not a multiple of 16. GoldSrc checks the texture after
/// reading it from the map or, for an external texture, from the WAD (`TEX_LoadLump`), so a WAD3
/// texture a map uses is refused the same way.
pub static GOLDSRC_MIPTEX_NOT_16_ALIGNED: Condition = Condition {
    rule: &crate::miptex::rules::SIZE_NOT_MULTIPLE_OF_16,
    limit: "16-pixel alignment",
    what: "texture side not a multiple of 16",
    effect: "GoldSrc Sys_Errors \"Texture is not 16 aligned\" in Mod_LoadTextures, for map and WAD textures alike",
    engines: &[
        EngineLimit {
            engine: Engine::GoldSrc,
            max: Some(0),
            source: "dreamstalker/rehlds rehlds/engine/model.cpp Mod_LoadTextures: after TEX_LoadLump for external textures, (width & 0xF) || (height & 0xF) is a Sys_Error",
        },
        EngineLimit {
            engine: Engine::Xash3d,
            max: None,
            source: XASH_MIPTEX,
        },
    ],
    exhaustive: true,
};

/// A WAD3 texture entry's stored size against GoldSrc's texture buffer: for a texture a map takes
/// from a WAD, `Mod_LoadTextures` reads the whole lump into `char dtexdata[348996]` on the stack
/// (the size of a 512×512 miptex with its mips and palette) with no size check.
pub static GOLDSRC_WAD_TEXTURE_SIZE: Condition = Condition {
    rule: &crate::wad::rules::TEXTURE_TOO_LARGE,
    limit: "dtexdata[348996]",
    what: "bytes in a WAD3 texture entry",
    effect: "GoldSrc reads a map's WAD texture into a 348,996-byte stack buffer (512x512 with mips and palette) without a size check, so a larger one overruns it",
    engines: &[
        EngineLimit {
            engine: Engine::GoldSrc,
            max: Some(348_996),
            source: "dreamstalker/rehlds rehlds/engine/model.cpp Mod_LoadTextures: char dtexdata[348996]; rehlds/engine/textures.cpp TEX_LoadLump: SafeRead(..., dest, lump.disksize) unchecked",
        },
        EngineLimit {
            engine: Engine::Xash3d,
            max: None,
            source: "FWGS/xash3d-fwgs filesystem/wad.c W_ReadLump allocates the lump's size; engine/common/imagelib/img_wad.c Image_LoadMIP takes up to IMAGE_MAXWIDTH x IMAGE_MAXHEIGHT (8192) pixels",
        },
    ],
    exhaustive: true,
};

/// A BSP29 `sky*` texture that is not 256×128 (the value is the side that is off). A mis-draw,
/// not a refusal: see [`super::MILD`].
pub static SKY_SIZE: Condition = Condition {
    rule: &crate::miptex::rules::SKY_SIZE,
    limit: "256x128 sky",
    what: "sky texture side",
    effect: "GLQuake and WinQuake read the sky as 256x128 whatever its size (R_InitSky), so it draws garbled, read past the texture when smaller; QuakeSpasm warns and splits it at half its width",
    engines: &[
        EngineLimit {
            engine: Engine::Quake,
            max: Some(0),
            source: "id-Software/Quake WinQuake/gl_warp.c R_InitSky: src[i*256 + j + 128] for 128 rows from offsets[0]; WinQuake/r_sky.c R_InitSky the same 256-wide copy",
        },
        EngineLimit {
            engine: Engine::QuakeSpasm,
            max: None,
            source: "sezero/quakespasm Quake/gl_sky.c Sky_LoadTexture: Con_Warning \"Sky texture %s is %d x %d, expected 256 x 128\", then halfwidth = width / 2",
        },
        EngineLimit {
            engine: Engine::Xash3d,
            max: None,
            source: "FWGS/xash3d-fwgs engine/common/mod_bmodel.c Mod_LoadTextureData: a 2:1 sky goes to Mod_InitSkyClouds, any other size loads as a plain texture",
        },
    ],
    exhaustive: true,
};

/// A BSP29 texture (not `sky*`) GLQuake cannot upload: more texels than `trans[640*480]`, or
/// more than `scaled[1024*512]` once rounded up to powers of two (`crate::miptex::upload`). The
/// value is its texel count, reported only when it does not fit.
pub static TEXTURE_UPLOAD: Condition = Condition {
    rule: &crate::miptex::rules::TEXTURE_TOO_LARGE,
    limit: "GLQuake trans[640*480] / scaled[1024*512]",
    what: "texels",
    effect: "GLQuake's GL_Upload8 writes past its static trans[640*480] buffer, or GL_Upload32 Sys_Errors \"GL_LoadTexture: too big\" past scaled[1024*512] after rounding up to powers of two",
    engines: &[
        EngineLimit {
            engine: Engine::Quake,
            max: Some(0),
            source: "id-Software/Quake WinQuake/gl_draw.c GL_Upload8: static unsigned trans[640*480] filled for width*height texels unchecked; GL_Upload32: static unsigned scaled[1024*512], sides rounded to powers of two and clamped to gl_max_size (1024), else Sys_Error",
        },
        EngineLimit {
            engine: Engine::QuakeSpasm,
            max: None,
            source: "sezero/quakespasm Quake/gl_texmgr.c TexMgr_LoadImage8/TexMgr_LoadImage32: no fixed upload buffer; sides are scaled down to TexMgr_SafeTextureSize",
        },
        EngineLimit {
            engine: Engine::Xash3d,
            max: None,
            source: "FWGS/xash3d-fwgs engine/common/imagelib/img_wad.c Image_LoadMIP: Image_ValidSize allows up to IMAGE_MAXWIDTH x IMAGE_MAXHEIGHT (8192)",
        },
    ],
    exhaustive: true,
};
