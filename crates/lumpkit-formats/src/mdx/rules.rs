//! The malformed-input rules of Warcraft III MDX models, one stable code each.
//!
//! Strengths follow `research/wc3-map.md` §1.2–1.4: what a public source reports crashing the game
//! is an error; what mdx-m3-viewer 5.12.0's sanity test (the checker behind Hive Workshop's model
//! uploads, "SANITY") calls an error because an index points at nothing is an error too, since the
//! renderer indexes its arrays with it; what it calls severe (wrong rendering, no crash) is a
//! warning; naming conventions are `info`. Structural rules (a chunk or object whose declared size
//! disagrees with its content) are errors: the game's reader and every tool's reader walk the file
//! by those sizes, so nothing after the fault is where they look for it.

use crate::diag::{Rule, Severity};

/// The file does not start with `MDLX`.
pub static BAD_MAGIC: Rule = Rule {
    code: "mdx-bad-magic",
    severity: Severity::Error,
    message: "no MDLX magic at byte 0: not a binary Warcraft III model",
};

/// A chunk's declared size reaches past the end of the file, or its header is cut off.
pub static CHUNK_PAST_EOF: Rule = Rule {
    code: "mdx-chunk-past-eof",
    severity: Severity::Error,
    message: "chunk {0x} declares {1} bytes but only {2} follow: the model is cut off; lumpkit reads the chunks before it",
};

/// A chunk tag lumpkit does not read (skipped by its size, as the game's reader skips it).
pub static CHUNK_UNKNOWN: Rule = Rule {
    code: "mdx-chunk-unknown",
    severity: Severity::Info,
    message: "chunk {0x} of {1} bytes is not one lumpkit reads: not checked; readers skip it by its size",
};

/// A chunk kind that appears twice.
pub static CHUNK_REPEATED: Rule = Rule {
    code: "mdx-chunk-repeated",
    severity: Severity::Warning,
    message: "chunk {0x} appears again: tools disagree on which copy counts (mdx-m3-viewer appends both); lumpkit reads the first",
};

/// A chunk of fixed-size records whose size is not a whole number of them.
pub static CHUNK_SIZE_UNEVEN: Rule = Rule {
    code: "mdx-chunk-size-uneven",
    severity: Severity::Error,
    message: "chunk {0x} of {1} bytes is not a whole number of {2}-byte records: readers that count records by size read into the next chunk",
};

/// No `VERS` chunk.
pub static VERSION_MISSING: Rule = Rule {
    code: "mdx-version-missing",
    severity: Severity::Warning,
    message: "the model has no VERS chunk: readers assume version 800 (classic), and so does lumpkit",
};

/// Version 900 (the Reforged beta format).
pub static VERSION_900: Rule = Rule {
    code: "mdx-version-900",
    severity: Severity::Error,
    message: "version 900 is the Reforged beta format: no released Warcraft III loads it (mdx-m3-viewer's sanity test: \"Version 900 is not supported\")",
};

/// A version lumpkit does not know the layout of.
pub static VERSION_UNKNOWN: Rule = Rule {
    code: "mdx-version-unknown",
    severity: Severity::Info,
    message: "MDX version {0} is not one of 800, 900, 1000, 1100, 1200: its object layouts are not known, so only the chunk list was checked",
};

/// A version newer than the targeted client (engine-profiled).
pub static VERSION_TOO_NEW: Rule = Rule {
    code: "mdx-version-too-new",
    severity: Severity::Info,
    message: "MDX version {0} is a Reforged model: {sides}; {effect}",
};

/// An object (material, layer, geoset, node, emitter…) whose inclusive size disagrees with its
/// fields, or objects that do not end exactly at their chunk's end.
pub static OBJECT_SIZE: Rule = Rule {
    code: "mdx-object-size",
    severity: Severity::Error,
    message: "object {1} of chunk {0x} declares an inclusive size that disagrees with its fields: the game's reader loses its place in the chunk; lumpkit reads the objects before it",
};

/// A geoset sub-chunk tag that is not the one its place requires.
pub static GEOSET_TAG: Rule = Rule {
    code: "mdx-geoset-tag",
    severity: Severity::Error,
    message: "geoset {0} has {1x} where sub-chunk {2x} belongs: geoset readers take the sub-chunks in fixed order, so the geoset cannot be read",
};

/// A keyframe track whose keys run past the object holding it, or an unknown track tag.
pub static TRACK_BROKEN: Rule = Rule {
    code: "mdx-track-broken",
    severity: Severity::Error,
    message: "track {0x} of object {1} in chunk {2x} is unknown or runs past its object: no reader can tell where the next field starts",
};

/// An event object without its `KEVT` keyframes (or with none).
pub static EVENT_NO_KEYS: Rule = Rule {
    code: "mdx-event-no-keys",
    severity: Severity::Error,
    message: "event object {0} has no KEVT keyframes: the game crashes loading the model (khalv/mdl-exporter issue #12; mdx-m3-viewer's sanity test: \"Zero tracks\")",
};

/// A geoset naming a material that does not exist.
pub static GEOSET_MATERIAL: Rule = Rule {
    code: "mdx-geoset-material",
    severity: Severity::Error,
    message: "geoset {0} uses material {1} but the model has {2}: the renderer indexes its material list with it (mdx-m3-viewer's sanity test: \"Invalid material\")",
};

/// A layer (or a KMTF key) naming a texture that does not exist.
pub static LAYER_TEXTURE: Rule = Rule {
    code: "mdx-layer-texture",
    severity: Severity::Error,
    message: "a layer of material {0} uses texture {1} but the model has {2}: the renderer indexes its texture list with it (mdx-m3-viewer's sanity test: \"Invalid texture\")",
};

/// A layer naming a texture animation that does not exist.
pub static LAYER_TEXTURE_ANIMATION: Rule = Rule {
    code: "mdx-layer-texture-animation",
    severity: Severity::Error,
    message: "a layer of material {0} uses texture animation {1} but the model has {2}: mdx-m3-viewer's sanity test rejects it (\"Invalid texture animation\")",
};

/// A geoset animation naming a geoset that does not exist.
pub static GEOSET_ANIMATION_GEOSET: Rule = Rule {
    code: "mdx-geoset-animation-geoset",
    severity: Severity::Error,
    message: "geoset animation {0} animates geoset {1} but the model has {2}: Warcraft III crashes on it (Rao Dao Zao, wc3c \"Things In Models That Make the Game Crash\")",
};

/// A ribbon emitter naming a material that does not exist.
pub static RIBBON_MATERIAL: Rule = Rule {
    code: "mdx-ribbon-material",
    severity: Severity::Error,
    message: "ribbon emitter {0} uses material {1} but the model has {2}: Warcraft III crashes on it (Rao Dao Zao, wc3c \"Things In Models That Make the Game Crash\")",
};

/// A particle emitter 2 naming a texture that does not exist.
pub static EMITTER_TEXTURE: Rule = Rule {
    code: "mdx-emitter-texture",
    severity: Severity::Error,
    message: "particle emitter 2 number {0} uses texture {1} but the model has {2}: mdx-m3-viewer's sanity test rejects it (\"Invalid texture\")",
};

/// A node whose parent is neither -1 nor an existing node (or is itself).
pub static NODE_PARENT: Rule = Rule {
    code: "mdx-node-parent",
    severity: Severity::Error,
    message: "node {0} has parent {1}, neither -1 nor another node's object id: mdx-m3-viewer's sanity test rejects it (\"Invalid parent\" / \"Same object and parent\")",
};

/// Node parents that form a loop.
pub static NODE_PARENT_CYCLE: Rule = Rule {
    code: "mdx-node-parent-cycle",
    severity: Severity::Warning,
    message: "node {0}'s parent chain loops back on itself (through node {1}): a hierarchy walk that follows parents never ends; what Warcraft III does is not known",
};

/// Node object ids that are not their position in the global node order.
pub static NODE_ID_ORDER: Rule = Rule {
    code: "mdx-node-id-order",
    severity: Severity::Warning,
    message: "node {0} has object id {1}: object ids are the node's place in the order BONE, LITE, HELP, ATCH, PREM, PRE2, CORN, RIBB, EVTS, CLID, and its pivot point is looked up by it",
};

/// A vertex skinned to a node that does not exist.
pub static VERTEX_NODE: Rule = Rule {
    code: "mdx-vertex-node",
    severity: Severity::Error,
    message: "geoset {0} skins vertices to node {1} but the model has {2} nodes: mdx-m3-viewer's sanity test rejects it (\"Attached to object which does not exist\")",
};

/// A vertex in a matrix group that does not exist (or in none).
pub static VERTEX_GROUP: Rule = Rule {
    code: "mdx-vertex-group",
    severity: Severity::Warning,
    message: "geoset {0} puts vertices in matrix group {1} but it has {2} groups: those vertices follow no bone (mdx-m3-viewer's sanity test: severe)",
};

/// A vertex skinned to a node that is not a bone.
pub static VERTEX_NOT_BONE: Rule = Rule {
    code: "mdx-vertex-not-bone",
    severity: Severity::Warning,
    message: "geoset {0} skins vertices to node {1}, which is not a bone: mdx-m3-viewer's sanity test calls it severe",
};

/// Matrix group sizes that do not add up to the matrix index count.
pub static MATRIX_GROUPS: Rule = Rule {
    code: "mdx-matrix-groups",
    severity: Severity::Warning,
    message: "geoset {0}'s matrix groups add up to {1} node indices but MATS holds {2}: the last groups read past MATS or some indices are unused",
};

/// Skin (v900+) bone weights that name a node that does not exist, or that are not normalised.
pub static SKIN_WEIGHTS: Rule = Rule {
    code: "mdx-skin-weights",
    severity: Severity::Warning,
    message: "geoset {0} has {1} vertices whose SKIN weights do not add up to 255 or are all zero: mdx-m3-viewer's sanity test calls it severe",
};

/// A per-vertex array (normals, vertex groups, UVs, tangents, skin) of the wrong length.
pub static GEOSET_ARRAY_LENGTH: Rule = Rule {
    code: "mdx-geoset-array-length",
    severity: Severity::Error,
    message: "geoset {0} has {1} entries in a per-vertex array for {2} vertices: the renderer reads that array for every vertex",
};

/// A face index naming a vertex that does not exist, or faces that are not whole triangles.
pub static FACE_INDEX: Rule = Rule {
    code: "mdx-face-index",
    severity: Severity::Error,
    message: "geoset {0} has face index {1} but only {2} vertices (or an index count that is not whole triangles): the GPU reads an undefined vertex",
};

/// A geoset with more vertices than the SD renderer draws correctly.
pub static GEOSET_TOO_MANY_VERTICES: Rule = Rule {
    code: "mdx-geoset-too-many-vertices",
    severity: Severity::Warning,
    message: "geoset {0} has {1} vertices: SD geosets of 7433 vertices render completely bugged in Warcraft III (7394 tested good; mdx-m3-viewer's sanity test)",
};

/// A geoset with no faces.
pub static GEOSET_NO_FACES: Rule = Rule {
    code: "mdx-geoset-no-faces",
    severity: Severity::Info,
    message: "geoset {0} has no faces: the game loads it, Magos (War3ModelEditor) crashes on it",
};

/// A bone or index pointing at a geoset / geoset animation that does not exist.
pub static BONE_GEOSET: Rule = Rule {
    code: "mdx-bone-geoset",
    severity: Severity::Warning,
    message: "bone {0} names geoset (or geoset animation) {1} but the model has {2}: editor metadata the game ignores (shipped models carry it), though mdx-m3-viewer's sanity test calls it an error",
};

/// A bone whose geoset animation makes its geoset invisible.
pub static BONE_INVISIBLE_GEOSET: Rule = Rule {
    code: "mdx-bone-invisible-geoset",
    severity: Severity::Warning,
    message: "bone {0} references geoset animation {1}, whose alpha is below 0.1 and not animated: the geoset may be invisible (mdx-m3-viewer's sanity test: severe)",
};

/// A global sequence id (of a track or event object) that does not exist.
pub static GLOBAL_SEQUENCE: Rule = Rule {
    code: "mdx-global-sequence",
    severity: Severity::Error,
    message: "a track at this offset uses global sequence {0} but the model has {1}: mdx-m3-viewer's sanity test rejects it (\"Invalid global sequence\")",
};

/// A replaceable id that is none of the known ones.
pub static REPLACEABLE_ID: Rule = Rule {
    code: "mdx-replaceable-id",
    severity: Severity::Warning,
    message: "replaceable id {0} is none of the game's (1, 2, 11, 21, 31-37): the texture stays empty; mdx-m3-viewer's sanity test calls it an error",
};

/// A texture, attachment or emitter path with an extension the game does not load.
pub static PATH_EXTENSION: Rule = Rule {
    code: "mdx-path-extension",
    severity: Severity::Warning,
    message: "a path at this offset does not end in the extension its field needs (textures .blp/.tga/.tif/.dds, models .mdl/.mdx): the game finds no such file; mdx-m3-viewer's sanity test calls it corrupted",
};

/// A layer or emitter filter mode outside the known range.
pub static FILTER_MODE: Rule = Rule {
    code: "mdx-filter-mode",
    severity: Severity::Warning,
    message: "filter mode {0} is outside 0..={1}: readers fall back to another blending (mdx-m3-viewer draws it as Blend); lumpkit gives no render state",
};

/// Pivot points that are not one per node.
pub static PIVOT_COUNT: Rule = Rule {
    code: "mdx-pivot-count",
    severity: Severity::Warning,
    message: "the model has {0} pivot points for {1} nodes: nodes past the last pivot rotate around an undefined point (mdx-m3-viewer's sanity test: warning)",
};

/// v800 sequences that overlap or start on the same frame.
pub static SEQUENCE_OVERLAP: Rule = Rule {
    code: "mdx-sequence-overlap",
    severity: Severity::Warning,
    message: "sequence {0} starts before sequence {1} ends (or on its first frame): classic Warcraft III bleeds animation between them ({2} such pairs; mdx-m3-viewer's sanity test: severe, fixed by Reforged)",
};

/// A sequence of zero (or negative) length.
pub static SEQUENCE_LENGTH: Rule = Rule {
    code: "mdx-sequence-length",
    severity: Severity::Warning,
    message: "sequence {0} runs from frame {1} to {2}: a sequence must be longer than zero frames (community lore: corruption; mdx-m3-viewer's sanity test: warning)",
};

/// No Stand or no Death sequence, or names the game's animation lookup does not know.
pub static SEQUENCE_NAMES: Rule = Rule {
    code: "mdx-sequence-names",
    severity: Severity::Info,
    message: "{0} sequence names are not standard animation names, or Stand/Death is missing (missing: {1} Stand, {2} Death): the game cannot play that animation by name (a convention)",
};

/// Keyframes whose frames go backwards.
pub static TRACK_FRAMES_DECREASING: Rule = Rule {
    code: "mdx-track-frames-decreasing",
    severity: Severity::Warning,
    message: "{0} tracks have a keyframe earlier than the one before it (first at this offset): interpolation runs backwards (mdx-m3-viewer's sanity test: severe)",
};

/// Interpolated tracks with no key at the start of a sequence they animate.
pub static TRACK_OPENING_KEY: Rule = Rule {
    code: "mdx-track-opening-key",
    severity: Severity::Warning,
    message: "{0} interpolated tracks have no key at the first frame of a sequence they animate (first at this offset, sequence {1}): the value warps in from the previous sequence (mdx-m3-viewer's sanity test: severe)",
};

/// A particle emitter 2 that emits nothing visible: squirt without an animated emission rate,
/// an XY quad without speed or latitude, or a time middle outside 0..1.
pub static EMITTER_SETTINGS: Rule = Rule {
    code: "mdx-emitter-settings",
    severity: Severity::Warning,
    message: "particle emitter 2 number {0} cannot emit as set ({1}: 1 squirt without KP2E, 2 XY quad without speed and latitude, 3 time middle outside 0..1): mdx-m3-viewer's sanity test calls it severe",
};

/// A Reforged popcorn emitter without an animation visibility guide.
pub static POPCORN_GUIDE: Rule = Rule {
    code: "mdx-popcorn-guide",
    severity: Severity::Warning,
    message: "popcorn emitter {0} has no animation visibility guide: it shows in no animation (mdx-m3-viewer's sanity test: severe)",
};

/// An extent whose minimum lies above its maximum.
pub static EXTENT_NEGATIVE: Rule = Rule {
    code: "mdx-extent-negative",
    severity: Severity::Info,
    message: "{0} extents have a minimum above their maximum (first at this offset): culling may hide the model (community lore: \"dodgy extents\"; mdx-m3-viewer's sanity test: warning)",
};

/// Every MDX rule.
pub static RULES: &[&Rule] = &[
    &BAD_MAGIC,
    &CHUNK_PAST_EOF,
    &CHUNK_UNKNOWN,
    &CHUNK_REPEATED,
    &CHUNK_SIZE_UNEVEN,
    &VERSION_MISSING,
    &VERSION_900,
    &VERSION_UNKNOWN,
    &VERSION_TOO_NEW,
    &OBJECT_SIZE,
    &GEOSET_TAG,
    &TRACK_BROKEN,
    &EVENT_NO_KEYS,
    &GEOSET_MATERIAL,
    &LAYER_TEXTURE,
    &LAYER_TEXTURE_ANIMATION,
    &GEOSET_ANIMATION_GEOSET,
    &RIBBON_MATERIAL,
    &EMITTER_TEXTURE,
    &NODE_PARENT,
    &NODE_PARENT_CYCLE,
    &NODE_ID_ORDER,
    &VERTEX_NODE,
    &VERTEX_GROUP,
    &VERTEX_NOT_BONE,
    &MATRIX_GROUPS,
    &SKIN_WEIGHTS,
    &GEOSET_ARRAY_LENGTH,
    &FACE_INDEX,
    &GEOSET_TOO_MANY_VERTICES,
    &GEOSET_NO_FACES,
    &BONE_GEOSET,
    &BONE_INVISIBLE_GEOSET,
    &GLOBAL_SEQUENCE,
    &REPLACEABLE_ID,
    &PATH_EXTENSION,
    &FILTER_MODE,
    &PIVOT_COUNT,
    &SEQUENCE_OVERLAP,
    &SEQUENCE_LENGTH,
    &SEQUENCE_NAMES,
    &TRACK_FRAMES_DECREASING,
    &TRACK_OPENING_KEY,
    &EMITTER_SETTINGS,
    &POPCORN_GUIDE,
    &EXTENT_NEGATIVE,
];
