//! Every malformed-map rule for Quake 2 BSP (and the directory rules shared with Quake 1 / GoldSrc).
//! "The game" is Q2PRO's `BSP_Load` (`src/common/bsp.c`), the strictest loader; id's `CMod_Load*`
//! in `qcommon/cmodel.c` checks a subset and crashes or reads garbage on the rest.

use crate::diag::{Rule, Severity};

macro_rules! rule {
    ($name:ident, $code:literal, $sev:ident, $msg:literal) => {
        #[doc = $msg]
        pub static $name: Rule = Rule {
            code: $code,
            severity: Severity::$sev,
            message: $msg,
        };
    };
}

rule!(
    TRUNCATED_HEADER,
    "bsp-truncated-header",
    Error,
    "the file ({0} bytes) is shorter than the {1}-byte BSP header; the game refuses it"
);
rule!(
    UNSUPPORTED_VERSION,
    "bsp-unsupported-version",
    Error,
    "BSP version {0} is not one lumpkit reads (Quake 2: 38, Quake 1: 29, GoldSrc: 30); the game refuses it"
);
rule!(
    QBISM_UNSUPPORTED,
    "bsp-qbism-unsupported",
    Error,
    "Qbism QBSP map (32-bit indices, larger records): lump directory listed, records not validated"
);
rule!(
    LUMP_OUT_OF_BOUNDS,
    "bsp-lump-out-of-bounds",
    Error,
    "lump {0} (offset + length = {1}) ends past the end of the file ({2} bytes); the game refuses the map"
);
rule!(
    LUMP_MISALIGNED,
    "bsp-lump-misaligned",
    Error,
    "lump {0} is {1} bytes, not a multiple of its {2}-byte record; the game refuses it (funny lump size)"
);
rule!(
    ENTITIES_CLAMPED,
    "bsp-entities-clamped",
    Warning,
    "the entity lump ends past the end of the file; clamped to the {0} bytes present (as Q2PRO does)"
);
rule!(
    LUMP_EMPTY,
    "bsp-lump-empty",
    Error,
    "lump {0} has no records; a map needs at least one node, leaf and model"
);
rule!(
    BAD_PLANENUM,
    "bsp-bad-planenum",
    Error,
    "lump {0} record {1} names plane {2}, past the planes lump; the game refuses the map"
);
rule!(
    BAD_CHILD_NODE,
    "bsp-bad-child-node",
    Error,
    "node {0} has child node {1}, past the nodes lump; the game refuses the map"
);
rule!(
    BAD_CHILD_LEAF,
    "bsp-bad-child-leaf",
    Error,
    "node {0} has child leaf {1}, past the leafs lump; the game refuses the map"
);
rule!(
    BAD_TEXINFO,
    "bsp-bad-texinfo",
    Error,
    "lump {0} record {1} names texinfo {2}, past the texinfo lump; the game refuses the map"
);
rule!(
    BAD_FACE_RANGE,
    "bsp-bad-face-range",
    Error,
    "lump {0} record {1}: faces up to {2} lie past the faces lump; the game refuses the map"
);
rule!(
    BAD_FACE_EDGES,
    "bsp-bad-face-edges",
    Error,
    "face {0}: surfedges up to {1} lie past the surfedges lump; the game refuses the map"
);
rule!(
    FACE_EDGE_COUNT,
    "bsp-face-edge-count",
    Error,
    "face {0} has {1} edges (3 to 4096 allowed); the game refuses the map"
);
rule!(
    BAD_SURFEDGE,
    "bsp-bad-surfedge",
    Error,
    "surfedge {0} names edge {1}, past the edges lump; the game refuses the map"
);
rule!(
    BAD_VERTEX,
    "bsp-bad-vertex",
    Error,
    "edge {0} names vertex {1}, past the vertexes lump; the game refuses the map"
);
rule!(
    BAD_LEAFFACE,
    "bsp-bad-leafface",
    Error,
    "leafface {0} names face {1}, past the faces lump; the game refuses the map"
);
rule!(
    BAD_LEAFFACE_RANGE,
    "bsp-bad-leafface-range",
    Error,
    "leaf {0}: leaffaces up to {1} lie past the leaffaces lump; the game refuses the map"
);
rule!(
    BAD_LEAFBRUSH,
    "bsp-bad-leafbrush",
    Error,
    "leafbrush {0} names brush {1}, past the brushes lump; the game refuses the map"
);
rule!(
    BAD_LEAFBRUSH_RANGE,
    "bsp-bad-leafbrush-range",
    Error,
    "leaf {0}: leafbrushes up to {1} lie past the leafbrushes lump; the game refuses the map"
);
rule!(
    BAD_BRUSHSIDE_RANGE,
    "bsp-bad-brushside-range",
    Error,
    "brush {0}: brushsides up to {1} lie past the brushsides lump; the game refuses the map"
);
rule!(
    BAD_HEADNODE,
    "bsp-bad-headnode",
    Error,
    "model {0} has head node {1} (negative: leaf), past its lump; the game refuses the map"
);
rule!(
    MODEL0_HEADNODE,
    "bsp-model0-headnode",
    Error,
    "the world model's head node is {0}, not node 0; the game refuses the map"
);
rule!(
    LEAF0_NOT_SOLID,
    "bsp-leaf0-not-solid",
    Error,
    "leaf 0 has contents {0x}, not CONTENTS_SOLID; the game refuses the map"
);
rule!(
    BAD_AREA,
    "bsp-bad-area",
    Error,
    "leaf {0} is in area {1}, but the map has {2} areas; the game refuses the map"
);
rule!(
    TOO_MANY_AREAS,
    "bsp-too-many-areas",
    Error,
    "the map has {0} areas (at most {1}); the game refuses the map"
);
rule!(
    BAD_AREAPORTAL_RANGE,
    "bsp-bad-areaportal-range",
    Error,
    "area {0}: areaportals up to {1} lie past the areaportals lump; the game refuses the map"
);
rule!(
    BAD_OTHERAREA,
    "bsp-bad-otherarea",
    Error,
    "areaportal {0} leads to area {1}, but the map has {2} areas; the game refuses the map"
);
rule!(
    BAD_PORTALNUM,
    "bsp-bad-portalnum",
    Error,
    "areaportal {0} has portal number {1} (at most {2}); the game refuses the map"
);
rule!(
    BAD_CLUSTER,
    "bsp-bad-cluster",
    Error,
    "leaf {0} is in cluster {1}, but the visibility lump has {2} clusters; the game refuses the map"
);
rule!(
    NODE_CYCLE,
    "bsp-node-cycle",
    Error,
    "node {0} leads back to the head node {1} of a model: the tree loops, and point queries would never end"
);
rule!(
    NODE_SHARED,
    "bsp-node-shared",
    Error,
    "node {0} has child {1} (negative: leaf) that another node already has: a shared subtree or a loop; the game refuses the map"
);
rule!(
    BAD_NEXT_TEXINFO,
    "bsp-bad-next-texinfo",
    Error,
    "texinfo {0} animates into texinfo {1}, past the texinfo lump; the game refuses the map"
);
rule!(
    TEXINFO_ANIM_LOOP,
    "bsp-texinfo-anim-loop",
    Error,
    "texinfo {0}'s animation chain enters a loop that does not return to it; the game refuses the map"
);
rule!(
    BAD_LIGHTOFS,
    "bsp-bad-lightofs",
    Error,
    "face {0} has lightmap offset {1}, past the {2}-byte lighting lump; the game refuses the map"
);
rule!(
    VIS_HEADER_SHORT,
    "bsp-vis-header-short",
    Error,
    "the visibility lump ({0} bytes) is shorter than its header for {1} clusters; the game refuses the map"
);
rule!(
    VIS_TOO_MANY_CLUSTERS,
    "bsp-vis-too-many-clusters",
    Error,
    "the visibility lump claims {0} clusters (at most {1}); the game refuses the map"
);
rule!(
    VIS_BAD_OFFSET,
    "bsp-vis-bad-offset",
    Error,
    "cluster {0}'s {1} row (0 = PVS, 1 = PHS) starts at {2}, outside the visibility lump's data; the game refuses the map"
);
rule!(
    VIS_OVERRUN,
    "bsp-vis-overrun",
    Warning,
    "cluster {0}'s {1} row (0 = PVS, 1 = PHS) runs past the row or the lump end; the game clamps it (vis decompression overrun)"
);
rule!(
    ENTITY_SYNTAX,
    "bsp-entity-syntax",
    Warning,
    "the entity lump has a syntax error at byte {0}; the game stops parsing entities there"
);
rule!(
    TEXTURES_HEADER_SHORT,
    "bsp-textures-header-short",
    Error,
    "the textures lump ({0} bytes) is shorter than its header for {1} textures; the game refuses the map"
);
rule!(
    MIPTEX_BAD_OFFSET,
    "bsp-miptex-bad-offset",
    Error,
    "texture {0} of the textures lump starts at {1}, outside the {2}-byte lump; the game refuses the map"
);

/// Every Quake 1 / Quake 2 BSP rule.
pub static RULES: &[&Rule] = &[
    &TRUNCATED_HEADER,
    &UNSUPPORTED_VERSION,
    &QBISM_UNSUPPORTED,
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
    &NODE_SHARED,
    &BAD_NEXT_TEXINFO,
    &TEXINFO_ANIM_LOOP,
    &BAD_LIGHTOFS,
    &VIS_HEADER_SHORT,
    &VIS_TOO_MANY_CLUSTERS,
    &VIS_BAD_OFFSET,
    &VIS_OVERRUN,
    &ENTITY_SYNTAX,
    &TEXTURES_HEADER_SHORT,
    &MIPTEX_BAD_OFFSET,
];
