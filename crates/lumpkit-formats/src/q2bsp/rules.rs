//! Every malformed-map rule for Quake 2 BSP (and the directory rules shared with Quake 1 / GoldSrc).
//! "The game" is Q2PRO's `BSP_Load` (`src/common/bsp.c`), the strictest loader; id's `CMod_Load*`
//! in `qcommon/cmodel.c` checks a subset and crashes or reads garbage on the rest.

use crate::diag::{Rule, Severity};

/// the file (0 bytes) is shorter than the 1-byte BSP header; the game refuses it
pub static TRUNCATED_HEADER: Rule = Rule {
    code: "bsp-truncated-header",
    severity: Severity::Error,
    message: "the file ({0} bytes) is shorter than the {1}-byte BSP header; the game refuses it",
};
/// BSP version 0 is not one lumpkit reads (Quake 2: 38, Quake 1: 29, GoldSrc: 30); the game refuses it
pub static UNSUPPORTED_VERSION: Rule = Rule {
    code: "bsp-unsupported-version",
    severity: Severity::Info,
    message: "BSP version {0} is a variant lumpkit does not read (it reads Quake 2's 38 and Qbism, Quake 1's 29, BSP2 and 2PSB, GoldSrc's 30): not checked",
};
/// A Qbism `QBSP` map: read and validated with the extended record layout.
pub static QBISM: Rule = Rule {
    code: "bsp-qbism",
    severity: Severity::Info,
    message: "Qbism QBSP map (32-bit indices, larger records): read and validated with the extended layout; id Quake 2 refuses it, Q2PRO and yquake2 load it",
};
/// lump 0 (offset + length = 1) ends past the end of the file (2 bytes); Quake 2 engines refuse the map,
/// Quake 1 engines (id `gl_model.c`, QuakeSpasm) take the index unchecked and read past the lump
pub static LUMP_OUT_OF_BOUNDS: Rule = Rule {
    code: "bsp-lump-out-of-bounds",
    severity: Severity::Error,
    message: "lump {0} (offset + length = {1}) ends past the end of the file ({2} bytes); Quake 2 engines refuse the map, Quake 1 engines do not check the directory and read past the file",
};
/// lump 0 is 1 bytes, not a multiple of its 2-byte record; the game refuses it (funny lump size)
pub static LUMP_MISALIGNED: Rule = Rule {
    code: "bsp-lump-misaligned",
    severity: Severity::Error,
    message: "lump {0} is {1} bytes, not a multiple of its {2}-byte record; the game refuses it (funny lump size)",
};
/// the entity lump ends past the end of the file; clamped to the 0 bytes present (as Q2PRO does)
pub static ENTITIES_CLAMPED: Rule = Rule {
    code: "bsp-entities-clamped",
    severity: Severity::Warning,
    message: "the entity lump ends past the end of the file; clamped to the {0} bytes present (as Q2PRO does)",
};
/// lump 0 has no records; a map needs at least one node, leaf and model
pub static LUMP_EMPTY: Rule = Rule {
    code: "bsp-lump-empty",
    severity: Severity::Error,
    message: "lump {0} has no records; a map needs at least one node, leaf and model",
};
/// lump 0 record 1 names plane 2, past the planes lump; Quake 2 engines refuse the map,
/// Quake 1 engines (id `gl_model.c`, QuakeSpasm) take the index unchecked and read past the lump
pub static BAD_PLANENUM: Rule = Rule {
    code: "bsp-bad-planenum",
    severity: Severity::Error,
    message: "lump {0} record {1} names plane {2}, past the planes lump; Quake 2 engines refuse the map; Quake 1 engines take a node's or face's plane unchecked and read past the planes (a clipnode's: QuakeSpasm refuses the map, id Quake reads past)",
};
/// node 0 has child node 1, past the nodes lump; Quake 2 engines refuse the map,
/// Quake 1 engines (id `gl_model.c`, QuakeSpasm) take the index unchecked and read past the lump
pub static BAD_CHILD_NODE: Rule = Rule {
    code: "bsp-bad-child-node",
    severity: Severity::Error,
    message: "node {0} has child node {1}, past the nodes lump; Quake 2 engines refuse the map; Quake 1 engines take a clipnode's child unchecked and traces read past the clipnodes",
};
/// A node's child leaf is past the leafs lump: Q2PRO refuses the map; Quake 1 engines differ
/// (QuakeSpasm and DarkPlaces `Mod_LoadNodes` substitute the solid leaf, id Quake does not check).
pub static BAD_CHILD_LEAF: Rule = Rule {
    code: "bsp-bad-child-leaf",
    severity: Severity::Error,
    message: "node {0} has child leaf {1}, past the leafs lump; Q2PRO refuses the map, QuakeSpasm and DarkPlaces put the solid leaf there, id Quake points past the leafs",
};
/// lump 0 record 1 names texinfo 2, past the texinfo lump; Quake 2 engines refuse the map,
/// Quake 1 engines (id `gl_model.c`, QuakeSpasm) take the index unchecked and read past the lump
pub static BAD_TEXINFO: Rule = Rule {
    code: "bsp-bad-texinfo",
    severity: Severity::Error,
    message: "lump {0} record {1} names texinfo {2}, past the texinfo lump; Quake 2 engines refuse the map, Quake 1 engines take it unchecked and read past the texinfo",
};
/// lump 0 record 1: faces up to 2 lie past the faces lump; Quake 2 engines refuse the map,
/// Quake 1 engines (id `gl_model.c`, QuakeSpasm) take the index unchecked and read past the lump
pub static BAD_FACE_RANGE: Rule = Rule {
    code: "bsp-bad-face-range",
    severity: Severity::Error,
    message: "lump {0} record {1}: faces up to {2} lie past the faces lump; Quake 2 engines refuse the map, Quake 1 engines take the range unchecked and read past the faces",
};
/// face 0: surfedges up to 1 lie past the surfedges lump; Quake 2 engines refuse the map,
/// Quake 1 engines (id `gl_model.c`, QuakeSpasm) take the index unchecked and read past the lump
pub static BAD_FACE_EDGES: Rule = Rule {
    code: "bsp-bad-face-edges",
    severity: Severity::Error,
    message: "face {0}: surfedges up to {1} lie past the surfedges lump; Quake 2 engines refuse the map, Quake 1 engines read past the surfedges (CalcSurfaceExtents)",
};
/// A face with fewer than 3 edges (Quake 2 also more than 4096). Q2PRO refuses such a Quake 2
/// map (`LoadFace: bad surfedges`): an error. The Quake 1 family loads it: QuakeSpasm
/// `Mod_LoadFaces` prints "bad numedges" and goes on, id Quake (`gl_model.c`, `model.c`) does not
/// check; the face is a sliver that draws nothing. The Quake 1 check reports it as a warning, once.
pub static FACE_EDGE_COUNT: Rule = Rule {
    code: "bsp-face-edge-count",
    severity: Severity::Error,
    message: "face {0} has {1} edges (3 to 4096 allowed): Q2PRO refuses a Quake 2 map with it (bad surfedges); Quake 1 engines load the map (QuakeSpasm warns: bad numedges) and draw nothing for the face",
};
/// surfedge 0 names edge 1, past the edges lump; Quake 2 engines refuse the map,
/// Quake 1 engines (id `gl_model.c`, QuakeSpasm) take the index unchecked and read past the lump
pub static BAD_SURFEDGE: Rule = Rule {
    code: "bsp-bad-surfedge",
    severity: Severity::Error,
    message: "surfedge {0} names edge {1}, past the edges lump; Quake 2 engines refuse the map, Quake 1 engines read past the edges when they build the face",
};
/// An edge names a vertex past the vertexes lump: Q2PRO checks every edge and refuses the map;
/// Quake 1 engines copy edges unchecked and read the vertex a surfedge uses (only those are
/// checked there).
pub static BAD_VERTEX: Rule = Rule {
    code: "bsp-bad-vertex",
    severity: Severity::Error,
    message: "edge {0} names vertex {1}, past the vertexes lump; Q2PRO refuses the map, Quake 1 engines read past the vertexes when they build the face",
};
/// leafface 0 names face 1, past the faces lump; the game refuses the map
pub static BAD_LEAFFACE: Rule = Rule {
    code: "bsp-bad-leafface",
    severity: Severity::Error,
    message: "leafface {0} names face {1}, past the faces lump; the game refuses the map",
};
/// leaf 0: leaffaces up to 1 lie past the leaffaces lump; Quake 2 engines refuse the map,
/// Quake 1 engines (id `gl_model.c`, QuakeSpasm) take the index unchecked and read past the lump
pub static BAD_LEAFFACE_RANGE: Rule = Rule {
    code: "bsp-bad-leafface-range",
    severity: Severity::Error,
    message: "leaf {0}: leaffaces up to {1} lie past the leaffaces lump; Quake 2 engines refuse the map, Quake 1 engines take the range unchecked and read past the marksurfaces",
};
/// leafbrush 0 names brush 1, past the brushes lump; the game refuses the map
pub static BAD_LEAFBRUSH: Rule = Rule {
    code: "bsp-bad-leafbrush",
    severity: Severity::Error,
    message: "leafbrush {0} names brush {1}, past the brushes lump; the game refuses the map",
};
/// leaf 0: leafbrushes up to 1 lie past the leafbrushes lump; the game refuses the map
pub static BAD_LEAFBRUSH_RANGE: Rule = Rule {
    code: "bsp-bad-leafbrush-range",
    severity: Severity::Error,
    message: "leaf {0}: leafbrushes up to {1} lie past the leafbrushes lump; the game refuses the map",
};
/// brush 0: brushsides up to 1 lie past the brushsides lump; the game refuses the map
pub static BAD_BRUSHSIDE_RANGE: Rule = Rule {
    code: "bsp-bad-brushside-range",
    severity: Severity::Error,
    message: "brush {0}: brushsides up to {1} lie past the brushsides lump; the game refuses the map",
};
/// model 0 has head node 1 (negative: leaf), past its lump; Quake 2 engines refuse the map,
/// Quake 1 engines (id `gl_model.c`, QuakeSpasm) take the index unchecked and read past the lump
pub static BAD_HEADNODE: Rule = Rule {
    code: "bsp-bad-headnode",
    severity: Severity::Error,
    message: "model {0} has head node {1} (negative: leaf), past its lump; Quake 2 engines refuse the map, Quake 1 engines take it unchecked (Mod_LoadSubmodels) and read past the nodes",
};
/// the world model's head node is 0, not node 0; the game refuses the map
pub static MODEL0_HEADNODE: Rule = Rule {
    code: "bsp-model0-headnode",
    severity: Severity::Error,
    message: "the world model's head node is {0}, not node 0; the game refuses the map",
};
/// leaf 0 has contents 0x, not CONTENTS_SOLID; the game refuses the map
pub static LEAF0_NOT_SOLID: Rule = Rule {
    code: "bsp-leaf0-not-solid",
    severity: Severity::Error,
    message: "leaf 0 has contents {0x}, not CONTENTS_SOLID; the game refuses the map",
};
/// leaf 0 is in area 1, but the map has 2 areas; the game refuses the map
pub static BAD_AREA: Rule = Rule {
    code: "bsp-bad-area",
    severity: Severity::Error,
    message: "leaf {0} is in area {1}, but the map has {2} areas; the game refuses the map",
};
/// the map has 0 areas (at most 1); the game refuses the map
pub static TOO_MANY_AREAS: Rule = Rule {
    code: "bsp-too-many-areas",
    severity: Severity::Error,
    message: "the map has {0} areas (at most {1}); the game refuses the map",
};
/// area 0: areaportals up to 1 lie past the areaportals lump; the game refuses the map
pub static BAD_AREAPORTAL_RANGE: Rule = Rule {
    code: "bsp-bad-areaportal-range",
    severity: Severity::Error,
    message: "area {0}: areaportals up to {1} lie past the areaportals lump; the game refuses the map",
};
/// areaportal 0 leads to area 1, but the map has 2 areas; the game refuses the map
pub static BAD_OTHERAREA: Rule = Rule {
    code: "bsp-bad-otherarea",
    severity: Severity::Error,
    message: "areaportal {0} leads to area {1}, but the map has {2} areas; the game refuses the map",
};
/// areaportal 0 has portal number 1 (at most 2); the game refuses the map
pub static BAD_PORTALNUM: Rule = Rule {
    code: "bsp-bad-portalnum",
    severity: Severity::Error,
    message: "areaportal {0} has portal number {1} (at most {2}); the game refuses the map",
};
/// leaf 0 is in cluster 1, but the visibility lump has 2 clusters; the game refuses the map
pub static BAD_CLUSTER: Rule = Rule {
    code: "bsp-bad-cluster",
    severity: Severity::Error,
    message: "leaf {0} is in cluster {1}, but the visibility lump has {2} clusters; the game refuses the map",
};
/// A loop reachable from a model's head node: every engine's tree walk recurses without end.
pub static NODE_CYCLE: Rule = Rule {
    code: "bsp-node-cycle",
    severity: Severity::Error,
    message: "node {0} has child {1}, which is on the path from model {2}'s head node to it: the tree loops; engines walk it without end (Quake 1's Mod_SetParent from node 0, id Quake 2 and yquake2's Mod_SetParent and traces) or refuse it (Q2PRO: cycle encountered)",
};
/// A clipping-hull loop in a Quake 1 / GoldSrc map: `SV_HullPointContents` and
/// `SV_RecursiveHullCheck` follow clipnode children until a contents value, so a trace that enters
/// the loop never ends.
pub static CLIPNODE_CYCLE: Rule = Rule {
    code: "bsp-clipnode-cycle",
    severity: Severity::Error,
    message: "clipnode {0} has child {1}, which is on the path from model {2}'s hull head to it: the clipping hull loops; a trace that enters it never ends (SV_HullPointContents, SV_RecursiveHullCheck)",
};
/// A node or leaf that a model's tree reaches twice without a loop (a shared subtree):
/// Q2PRO refuses the map, id Quake 2 and yquake2 load it
/// ([`crate::profiles::quake2::NODE_SHARED`]). Nodes no model reaches are not walked by any engine.
pub static NODE_SHARED: Rule = Rule {
    code: "bsp-node-shared",
    severity: Severity::Warning,
    message: "the node or model at this offset reaches a node or leaf that the models' trees already reach (a subtree with two parents): {effect}; {sides}",
};
/// texinfo 0 animates into texinfo 1, past the texinfo lump; the game refuses the map
pub static BAD_NEXT_TEXINFO: Rule = Rule {
    code: "bsp-bad-next-texinfo",
    severity: Severity::Error,
    message: "texinfo {0} animates into texinfo {1}, past the texinfo lump; the game refuses the map",
};
/// texinfo 0's animation chain enters a loop that does not return to it; the game refuses the map
pub static TEXINFO_ANIM_LOOP: Rule = Rule {
    code: "bsp-texinfo-anim-loop",
    severity: Severity::Error,
    message: "texinfo {0}'s animation chain enters a loop that does not return to it; the game refuses the map",
};
/// A Quake 2 face's lightmap offset is past the lighting lump (Q2PRO `BSP_LoadFaces` checks it
/// for every face with an offset, lit or not).
pub static BAD_LIGHTOFS: Rule = Rule {
    code: "bsp-bad-lightofs",
    severity: Severity::Error,
    message: "face {0} has lightmap offset {1}, past the {2}-byte lighting lump; Q2PRO refuses the map (bad lightofs)",
};
/// A lit Quake 1 / GoldSrc / BSP2 face's lightmaps (extents × styles) end past the lighting lump.
/// These engines take `lightdata + lightofs` unchecked (QuakeSpasm and id `Mod_LoadFaces`), so the
/// map loads and the face is lit from the bytes after the lump.
pub static LIGHTMAP_PAST_LUMP: Rule = Rule {
    code: "bsp-lightmap-past-lump",
    severity: Severity::Warning,
    message: "face {0}'s lightmaps end at byte {1} of the {2}-byte lighting lump; Quake 1 and GoldSrc engines load the map without checking and light the face from whatever memory follows the lump",
};
/// the visibility lump (0 bytes) is shorter than its header for 1 clusters; the game refuses the map
pub static VIS_HEADER_SHORT: Rule = Rule {
    code: "bsp-vis-header-short",
    severity: Severity::Error,
    message: "the visibility lump ({0} bytes) is shorter than its header for {1} clusters; the game refuses the map",
};
/// the visibility lump claims 0 clusters (at most 1); the game refuses the map
pub static VIS_TOO_MANY_CLUSTERS: Rule = Rule {
    code: "bsp-vis-too-many-clusters",
    severity: Severity::Error,
    message: "the visibility lump claims {0} clusters (at most {1}); the game refuses the map",
};
/// cluster 0's 1 row (0 = PVS, 1 = PHS) starts at 2, outside the visibility lump's data; the game refuses the map
pub static VIS_BAD_OFFSET: Rule = Rule {
    code: "bsp-vis-bad-offset",
    severity: Severity::Error,
    message: "cluster {0}'s {1} row (0 = PVS, 1 = PHS) starts at {2}, outside the visibility lump's data; the game refuses the map",
};
/// cluster 0's 1 row (0 = PVS, 1 = PHS) runs past the row or the lump end; the game clamps it (vis decompression overrun)
pub static VIS_OVERRUN: Rule = Rule {
    code: "bsp-vis-overrun",
    severity: Severity::Warning,
    message: "cluster {0}'s {1} row (0 = PVS, 1 = PHS) runs past the row or the lump end; the game clamps it (vis decompression overrun)",
};
/// The entity text is not `{ "key" "value" … }` blocks. Quake `Sys_Error`s (`pr_edict.c`
/// `ED_LoadFromFile` "found %s when expecting {", `ED_ParseEdict` "EOF without closing brace"),
/// QuakeSpasm `Host_Error`s, Xash3D `HOST_ERROR`s, Quake 2's game DLL (`g_spawn.c`) `gi.error`s: the map is
/// refused.
pub static ENTITY_SYNTAX: Rule = Rule {
    code: "bsp-entity-syntax",
    severity: Severity::Error,
    message: "the entity lump has a syntax error at byte {0}; the game refuses the map (ED_LoadFromFile / ED_ParseEdict error)",
};
/// The textures lump is shorter than its offset table: Quake 1 engines read the offsets unchecked.
pub static TEXTURES_HEADER_SHORT: Rule = Rule {
    code: "bsp-textures-header-short",
    severity: Severity::Error,
    message: "the textures lump ({0} bytes) is shorter than its header for {1} textures; the engines read the offsets past it unchecked (Mod_LoadTextures)",
};
/// A texinfo names a texture past the textures lump's count.
pub static BAD_MIPTEX_INDEX: Rule = Rule {
    code: "bsp-bad-miptex-index",
    severity: Severity::Error,
    message: "texinfo {0} names texture {1}, but the textures lump has {2}; id Quake refuses the map (miptex >= numtextures), QuakeSpasm draws a checkerboard",
};

/// A Quake 1 leaf's PVS offset lies past the visibility lump.
pub static BAD_VISOFS: Rule = Rule {
    code: "bsp-bad-visofs",
    severity: Severity::Error,
    message: "leaf {0} has its PVS row at {1}, past the {2}-byte visibility lump; the game reads garbage",
};

/// A texture offset outside the textures lump: Quake 1 engines take it unchecked.
pub static MIPTEX_BAD_OFFSET: Rule = Rule {
    code: "bsp-miptex-bad-offset",
    severity: Severity::Error,
    message: "texture {0} of the textures lump starts at {1}, outside the {2}-byte lump; the engines take the offset unchecked and read the texture from outside the lump (Mod_LoadTextures)",
};

/// A count or size over an engine's limit (`MAX_MAP_*`): which engines refuse it comes from the
/// profile tables in [`crate::profiles`]; a warning when only some engines refuse it, an error when
/// all do or when a chosen target does.
pub static LIMIT_EXCEEDED: Rule = Rule {
    code: "bsp-limit-exceeded",
    severity: Severity::Warning,
    message: "{0} {what} exceed {limit} {1}: {effect}; {sides}",
};

/// No leaf past leaf 0 has contents 0: id Quake 2 needs one for its box hull
/// ([`crate::profiles::quake2::NO_EMPTY_LEAF`]).
pub static NO_EMPTY_LEAF: Rule = Rule {
    code: "bsp-no-empty-leaf",
    severity: Severity::Warning,
    message: "the map has {what}: {effect}; {sides}",
};

/// The leafbrushes lump is empty ([`crate::profiles::quake2::NO_LEAFBRUSHES`]).
pub static LEAFBRUSHES_EMPTY: Rule = Rule {
    code: "bsp-leafbrushes-empty",
    severity: Severity::Warning,
    message: "the map has {what}: {effect}; {sides}",
};

/// A face's lightmap extents (`CalcSurfaceExtents`) over a renderer's limit
/// ([`crate::profiles::quake1::SURFACE_EXTENTS`], [`crate::profiles::quake2::SURFACE_EXTENTS`]):
/// which engines refuse it comes from the profile.
pub static SURFACE_EXTENTS: Rule = Rule {
    code: "bsp-surface-extents",
    severity: Severity::Warning,
    message: "a face's lightmap spans {0} texels along a texture axis (the widest face with a lightmap: not TEX_SPECIAL in Quake 1, not SURF_SKY or SURF_WARP in Quake 2; the smallest limit is {1}): {effect}; {sides}",
};

/// The faces' lightmaps overflow GLQuake's lightmap pages (`AllocBlock`,
/// [`crate::profiles::quake1::LIGHTMAP_PAGES`]).
pub static LIGHTMAP_PAGES: Rule = Rule {
    code: "bsp-lightmap-pages",
    severity: Severity::Warning,
    message: "the map's own faces overflow {limit} {1} lightmap pages of 128x128 (a lower bound: other brush models share the pages): {effect}; {sides}",
};

/// An animated texture sequence (`+0name` …) with a bad frame character or a missing frame
/// ([`crate::profiles::quake1::ANIM_SEQUENCE`]); the offset is the texture's record.
pub static ANIM_SEQUENCE: Rule = Rule {
    code: "bsp-anim-sequence",
    severity: Severity::Warning,
    message: "a broken animated texture sequence (the texture at this offset: a frame character outside 0-9 / A-J, or a gap in its frames): {effect}; {sides}",
};

/// An areaportal's portal number is at or past the areaportal count (but below 1024): Q2PRO
/// refuses the map, id Quake 2 loads it ([`crate::profiles::quake2::PORTALNUM_PAST_COUNT`]).
pub static PORTALNUM_PAST_COUNT: Rule = Rule {
    code: "bsp-portalnum-past-count",
    severity: Severity::Warning,
    message: "an areaportal (the record at this offset) has {what}: {effect}; {sides}",
};

/// A Quake 1 / GoldSrc / Hexen II model's clipping-hull head node is past the clipnodes lump:
/// `Mod_LoadSubmodels` copies the head nodes unchecked, `Mod_LoadBrushModel` (id `gl_model.c`,
/// ReHLDS `model.cpp`, uHexen2 `gl_model.c`) makes each the hull's first clipnode, and the first
/// collision test against the model (`SV_HullPointContents`) reads past the lump.
pub static BAD_CLIP_HEADNODE: Rule = Rule {
    code: "bsp-bad-clip-headnode",
    severity: Severity::Error,
    message: "model {0}'s clipping hull {2} starts at clipnode {1}, past the clipnodes lump; the engines take it unchecked (Mod_LoadSubmodels, Mod_LoadBrushModel) and collision tests read past the clipnodes (SV_HullPointContents)",
};

/// Every Quake 1 / Quake 2 BSP rule.
pub static RULES: &[&Rule] = &[
    &TRUNCATED_HEADER,
    &UNSUPPORTED_VERSION,
    &QBISM,
    &LUMP_OUT_OF_BOUNDS,
    &LUMP_MISALIGNED,
    &ENTITIES_CLAMPED,
    &LUMP_EMPTY,
    &BAD_PLANENUM,
    &BAD_CHILD_NODE,
    &BAD_CHILD_LEAF,
    &BAD_TEXINFO,
    &BAD_FACE_RANGE,
    &BAD_FACE_EDGES,
    &FACE_EDGE_COUNT,
    &BAD_SURFEDGE,
    &BAD_VERTEX,
    &BAD_LEAFFACE,
    &BAD_LEAFFACE_RANGE,
    &BAD_LEAFBRUSH,
    &BAD_LEAFBRUSH_RANGE,
    &BAD_BRUSHSIDE_RANGE,
    &BAD_HEADNODE,
    &MODEL0_HEADNODE,
    &LEAF0_NOT_SOLID,
    &BAD_AREA,
    &TOO_MANY_AREAS,
    &BAD_AREAPORTAL_RANGE,
    &BAD_OTHERAREA,
    &BAD_PORTALNUM,
    &BAD_CLUSTER,
    &NODE_CYCLE,
    &CLIPNODE_CYCLE,
    &NODE_SHARED,
    &BAD_NEXT_TEXINFO,
    &TEXINFO_ANIM_LOOP,
    &BAD_LIGHTOFS,
    &LIGHTMAP_PAST_LUMP,
    &VIS_HEADER_SHORT,
    &VIS_TOO_MANY_CLUSTERS,
    &VIS_BAD_OFFSET,
    &VIS_OVERRUN,
    &ENTITY_SYNTAX,
    &TEXTURES_HEADER_SHORT,
    &MIPTEX_BAD_OFFSET,
    &BAD_MIPTEX_INDEX,
    &BAD_VISOFS,
    &LIMIT_EXCEEDED,
    &NO_EMPTY_LEAF,
    &LEAFBRUSHES_EMPTY,
    &SURFACE_EXTENTS,
    &LIGHTMAP_PAGES,
    &ANIM_SEQUENCE,
    &PORTALNUM_PAST_COUNT,
    &BAD_CLIP_HEADNODE,
];
