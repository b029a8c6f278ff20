//! Every malformed-map rule for Quake 3-engine maps (IBSP 46/47, RBSP 1, FBSP 1), each with the
//! engine behaviour it stands for (`../shared/research/q3.md`, sources in [`super`]). "Refuses" is
//! `Com_Error(ERR_DROP)`: the load is aborted and the game returns to the console. "Reads past" is
//! a value no loader checks, used as an index: undefined behaviour, so an error here.

use crate::diag::{Rule, Severity};

/// The file is shorter than its header.
pub static TRUNCATED_HEADER: Rule = Rule {
    code: "q3bsp-truncated-header",
    severity: Severity::Error,
    message: "the file ({0} bytes) is shorter than the {1}-byte header of its Quake 3 BSP variant; every engine reads the lump directory from it unchecked",
};
/// A lump lies outside the file.
pub static LUMP_OUT_OF_BOUNDS: Rule = Rule {
    code: "q3bsp-lump-out-of-bounds",
    severity: Severity::Error,
    message: "lump {0} (offset {1}, length {2}) lies outside the file; no Quake 3 engine checks lump bounds (CM_LoadMap, RE_LoadWorldMap read past the file)",
};
/// A lump is not a whole number of records ("funny lump size").
pub static LUMP_MISALIGNED: Rule = Rule {
    code: "q3bsp-lump-misaligned",
    severity: Severity::Error,
    message: "lump {0} is {1} bytes, not a multiple of its {2}-byte record; the engines refuse the map (\"funny lump size\")",
};
/// A lump every engine needs is empty.
pub static LUMP_EMPTY: Rule = Rule {
    code: "q3bsp-lump-empty",
    severity: Severity::Error,
    message: "lump {0} is empty; the engines refuse a map with no shaders, planes, nodes, leafs or models (CM_LoadMap: \"Map with no ...\")",
};
/// A lump only Qfusion requires is empty (profiled).
pub static LUMP_EMPTY_QFUSION: Rule = Rule {
    code: "q3bsp-lump-empty-qfusion",
    severity: Severity::Warning,
    message: "an empty vertex, surface, leaf-surface, leaf-brush, brush-side or brush lump: {sides}; {effect}",
};
/// A shader index out of range (checked by the engines).
pub static BAD_SHADER: Rule = Rule {
    code: "q3bsp-bad-shader",
    severity: Severity::Error,
    message: "lump {0} record {1} names shader {2}, past the shaders lump; the engines refuse the map (\"bad shaderNum\")",
};
/// A plane index out of range.
pub static BAD_PLANE: Rule = Rule {
    code: "q3bsp-bad-plane",
    severity: Severity::Error,
    message: "lump {0} record {1} names plane {2}, past the planes lump; the engines read past it (CMod_LoadNodes / CMod_LoadBrushSides do not check)",
};
/// A node child out of range.
pub static BAD_CHILD: Rule = Rule {
    code: "q3bsp-bad-child",
    severity: Severity::Error,
    message: "node {0} has child {1} (negative: leaf -1 - child), past its lump ({2} records); the engines read past it",
};
/// A brush's sides run past the brush sides lump.
pub static BAD_BRUSHSIDE_RANGE: Rule = Rule {
    code: "q3bsp-bad-brushside-range",
    severity: Severity::Error,
    message: "brush {0}: brush sides up to {1} lie past the brush sides lump ({2}); CMod_LoadBrushes reads past it",
};
/// A leaf's surface list runs past `leaf_surfaces`.
pub static BAD_LEAFSURFACE_RANGE: Rule = Rule {
    code: "q3bsp-bad-leafsurface-range",
    severity: Severity::Error,
    message: "leaf {0}: leaf surfaces up to {1} lie past the leaf_surfaces lump ({2}); the engines read past it",
};
/// A leaf's brush list runs past `leaf_brushes`.
pub static BAD_LEAFBRUSH_RANGE: Rule = Rule {
    code: "q3bsp-bad-leafbrush-range",
    severity: Severity::Error,
    message: "leaf {0}: leaf brushes up to {1} lie past the leaf_brushes lump ({2}); the engines read past it",
};
/// A `leaf_surfaces` entry names no surface.
pub static BAD_LEAFSURFACE: Rule = Rule {
    code: "q3bsp-bad-leafsurface",
    severity: Severity::Error,
    message: "leaf surface {0} names surface {1}, past the surfaces lump ({2}); ioq3 reads past it, Qfusion refuses the map (\"bad surface number\")",
};
/// A `leaf_brushes` entry names no brush.
pub static BAD_LEAFBRUSH: Rule = Rule {
    code: "q3bsp-bad-leafbrush",
    severity: Severity::Error,
    message: "leaf brush {0} names brush {1}, past the brushes lump ({2}); the engines read past it",
};
/// A model's surfaces or brushes run past their lumps.
pub static BAD_MODEL_RANGE: Rule = Rule {
    code: "q3bsp-bad-model-range",
    severity: Severity::Error,
    message: "model {0}: its {1} (first + count = {2}) run past their lump; CMod_LoadSubmodels and R_LoadSubmodels read past it",
};
/// A surface's vertices run past `draw_verts`.
pub static BAD_SURFACE_VERTS: Rule = Rule {
    code: "q3bsp-bad-surface-verts",
    severity: Severity::Error,
    message: "surface {0}: vertices up to {1} lie past the draw_verts lump ({2}); ParseFace / ParseMesh / ParseTriSurf read past it",
};
/// A surface's indexes run past `draw_indexes`.
pub static BAD_SURFACE_INDEXES: Rule = Rule {
    code: "q3bsp-bad-surface-indexes",
    severity: Severity::Error,
    message: "surface {0}: indexes up to {1} lie past the draw_indexes lump ({2}); ParseFace / ParseTriSurf read past it",
};
/// A draw index names a vertex outside its surface.
pub static BAD_INDEX: Rule = Rule {
    code: "q3bsp-bad-index",
    severity: Severity::Error,
    message: "surface {0}: index {1} names vertex {2}, outside the surface's vertices; ioq3 refuses a triangle soup (\"Bad index in triangle surface\") and reads past the vertices of a planar face",
};
/// A surface type other than 1..4.
pub static BAD_SURFACE_TYPE: Rule = Rule {
    code: "q3bsp-bad-surface-type",
    severity: Severity::Error,
    message: "surface {0} has type {1} (1 planar, 2 patch, 3 triangle soup, 4 flare); R_LoadSurfaces refuses the map (\"Bad surfaceType\")",
};
/// A surface's fog index is past the fogs lump.
pub static BAD_FOG: Rule = Rule {
    code: "q3bsp-bad-fog",
    severity: Severity::Error,
    message: "surface {0} names fog {1}, past the fogs lump ({2}); the renderer reads past its fog table",
};
/// A fog names a brush or side that does not exist.
pub static BAD_FOG_BRUSH: Rule = Rule {
    code: "q3bsp-bad-fog-brush",
    severity: Severity::Error,
    message: "fog {0} names brush {1} side {2}, past the brushes or that brush's sides; R_LoadFogs refuses the map (\"fog brushNumber out of range\")",
};
/// A patch the collision code refuses.
pub static BAD_PATCH_SIZE: Rule = Rule {
    code: "q3bsp-bad-patch-size",
    severity: Severity::Error,
    message: "surface {0} is a {1}x{2} patch; a patch needs odd sizes of at least 3, at most 129, and at most 1024 control points (CM_GeneratePatchCollide, CMod_LoadPatches refuse the map)",
};
/// A patch wider than the renderer's `MAX_PATCH_SIZE`.
pub static PATCH_OVER_RENDERER: Rule = Rule {
    code: "q3bsp-patch-over-renderer",
    severity: Severity::Warning,
    message: "surface {0} is a {1}x{2} patch, over the renderer's MAX_PATCH_SIZE of 32; ioq3's renderergl2 refuses the map (\"ParseMesh: bad size\"), renderergl1 loads it",
};
/// A planar face over `MAX_FACE_POINTS` (profiled).
pub static FACE_POINTS: Rule = Rule {
    code: "q3bsp-face-points",
    severity: Severity::Info,
    message: "a planar surface has {0} vertices ({limit}): {sides}; {effect}",
};
/// A lightmap index below the special values.
pub static BAD_LIGHTMAP_INDEX: Rule = Rule {
    code: "q3bsp-bad-lightmap-index",
    severity: Severity::Warning,
    message: "surface {0} has lightmap index {1}; R_FindShader warns (\"invalid lightmap index\") and lights it by vertex",
};
/// Surfaces use lightmaps the map does not hold (q3map2 `-external`).
pub static EXTERNAL_LIGHTMAPS: Rule = Rule {
    code: "q3bsp-external-lightmaps",
    severity: Severity::Info,
    message: "surfaces use lightmap pages up to {0} but the map holds {1}; the engines light those by vertex unless the pages ship beside the map (q3map2 -external writes maps/<name>/lm_NNNN.tga)",
};
/// The lightmap lump is not whole pages.
pub static LIGHTMAPS_PARTIAL: Rule = Rule {
    code: "q3bsp-lightmaps-partial",
    severity: Severity::Warning,
    message: "the lightmap lump holds {0} bytes after its last whole {1}-byte page; R_LoadLightmaps ignores them",
};
/// The light grid does not match the world bounds and grid size.
pub static LIGHT_GRID_MISMATCH: Rule = Rule {
    code: "q3bsp-light-grid-mismatch",
    severity: Severity::Warning,
    message: "the light grid holds {0} points where the world model's bounds and the worldspawn gridsize give {1}; the renderer warns (\"light grid mismatch\") and lights models without it",
};
/// The submodel count over `MAX_SUBMODELS` (profiled).
pub static TOO_MANY_SUBMODELS: Rule = Rule {
    code: "q3bsp-too-many-submodels",
    severity: Severity::Error,
    message: "{0} {what} ({limit}): {sides}; {effect}",
};
/// A leaf area past `MAX_MAP_AREAS`.
pub static BAD_AREA: Rule = Rule {
    code: "q3bsp-bad-area",
    severity: Severity::Error,
    message: "leaf {0} is in area {1}; the snapshot area mask holds 256 areas (MAX_MAP_AREA_BYTES), and the engines size portal state by the largest area",
};
/// A leaf cluster past the visibility header's cluster count.
pub static BAD_CLUSTER: Rule = Rule {
    code: "q3bsp-bad-cluster",
    severity: Severity::Error,
    message: "leaf {0} is in cluster {1}, but the visibility lump has {2} clusters; the engines read its row past the lump",
};
/// The visibility lump is shorter than its header.
pub static VIS_HEADER_SHORT: Rule = Rule {
    code: "q3bsp-vis-header-short",
    severity: Severity::Error,
    message: "the visibility lump is {0} bytes, shorter than its 8-byte header; CMod_LoadVisibility reads past it",
};
/// The visibility rows do not fit.
pub static VIS_OVERRUN: Rule = Rule {
    code: "q3bsp-vis-overrun",
    severity: Severity::Error,
    message: "the visibility header declares {0} clusters of {1} bytes, more than the lump holds ({2} bytes); the engines read rows past it",
};
/// A visibility row too short for the cluster count.
pub static VIS_ROW_SHORT: Rule = Rule {
    code: "q3bsp-vis-row-short",
    severity: Severity::Error,
    message: "visibility rows are {0} bytes, too short for {1} clusters (one bit each); the engines read the last clusters' bits past their row",
};
/// The entity text is not a sequence of `{ "key" "value" ... }` blocks.
pub static ENTITY_SYNTAX: Rule = Rule {
    code: "q3bsp-entity-syntax",
    severity: Severity::Error,
    message: "the entity text breaks at byte {0} (not a brace-delimited block of quoted key/value pairs); G_ParseSpawnVars stops the server (G_Error)",
};
/// The first entity is not worldspawn.
pub static NO_WORLDSPAWN: Rule = Rule {
    code: "q3bsp-no-worldspawn",
    severity: Severity::Error,
    message: "the first entity is not worldspawn; SP_worldspawn stops the server (\"The first entity isn't 'worldspawn'\")",
};
/// An entity over the spawn-variable limits.
pub static SPAWN_VARS: Rule = Rule {
    code: "q3bsp-spawn-vars",
    severity: Severity::Error,
    message: "entity {0} holds {1} key/value pairs in {2} characters; G_ParseSpawnVars stops the server past 64 pairs (MAX_SPAWN_VARS) or 4096 characters (MAX_SPAWN_VARS_CHARS)",
};

/// Every Quake 3 BSP rule.
pub static RULES: &[&Rule] = &[
    &TRUNCATED_HEADER,
    &LUMP_OUT_OF_BOUNDS,
    &LUMP_MISALIGNED,
    &LUMP_EMPTY,
    &LUMP_EMPTY_QFUSION,
    &BAD_SHADER,
    &BAD_PLANE,
    &BAD_CHILD,
    &BAD_BRUSHSIDE_RANGE,
    &BAD_LEAFSURFACE_RANGE,
    &BAD_LEAFBRUSH_RANGE,
    &BAD_LEAFSURFACE,
    &BAD_LEAFBRUSH,
    &BAD_MODEL_RANGE,
    &BAD_SURFACE_VERTS,
    &BAD_SURFACE_INDEXES,
    &BAD_INDEX,
    &BAD_SURFACE_TYPE,
    &BAD_FOG,
    &BAD_FOG_BRUSH,
    &BAD_PATCH_SIZE,
    &PATCH_OVER_RENDERER,
    &FACE_POINTS,
    &BAD_LIGHTMAP_INDEX,
    &EXTERNAL_LIGHTMAPS,
    &LIGHTMAPS_PARTIAL,
    &LIGHT_GRID_MISMATCH,
    &TOO_MANY_SUBMODELS,
    &BAD_AREA,
    &BAD_CLUSTER,
    &VIS_HEADER_SHORT,
    &VIS_OVERRUN,
    &VIS_ROW_SHORT,
    &ENTITY_SYNTAX,
    &NO_WORLDSPAWN,
    &SPAWN_VARS,
];
