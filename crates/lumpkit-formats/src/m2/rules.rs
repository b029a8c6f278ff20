//! The malformed-input rules of M2 models and `.skin` profiles, one stable code each.
//!
//! "What the client does" comes from the wowdev.wiki M2 pages and from how the client's loaders
//! treat the data (`research/m2.md` §2 and §4): the client reads arrays by raw pointer arithmetic
//! (`base + offset`, 32-bit), so an array past the end reads unrelated memory and usually crashes it.

use crate::diag::{Rule, Severity};

/// The data does not start with `MD20` (or the MD21 chunk does not hold an MD20 blob).
pub static BAD_MAGIC: Rule = Rule {
    code: "m2-bad-magic",
    severity: Severity::Error,
    message: "no MD20 model at byte {0}: the client refuses the file",
};

/// The MD20 header is shorter than its layout (0x130 or 0x144 bytes, +8 with global flag 0x08).
pub static HEADER_TRUNCATED: Rule = Rule {
    code: "m2-header-truncated",
    severity: Severity::Error,
    message: "the model header needs {1} bytes but only {0} are present: the client refuses the file",
};

/// A version outside 256..=274, whose header layout is unknown.
pub static UNKNOWN_VERSION: Rule = Rule {
    code: "m2-unknown-version",
    severity: Severity::Info,
    message: "M2 version {0} is not one of 256..=274, the header layouts lumpkit reads: not checked",
};

/// An array the model needs (name, vertices, textures, materials, lookups, views) reaches past the data.
pub static ARRAY_PAST_EOF: Rule = Rule {
    code: "m2-array-past-eof",
    severity: Severity::Error,
    message: "the M2Array at byte {0x} ({1} records at {2x}) reaches past the model data: the client reads beyond its buffer; lumpkit leaves that array empty",
};

/// count × record size does not fit the 32-bit range the client computes it in.
pub static ARRAY_SIZE_OVERFLOW: Rule = Rule {
    code: "m2-array-size-overflow",
    severity: Severity::Error,
    message: "the M2Array at byte {0x} declares {1} records of {2} bytes, more than 4 GiB: the client's 32-bit size wraps; lumpkit leaves that array empty",
};

/// An optional section (animation, bones, lights, cameras, ribbons, particles, collision…) is broken.
pub static OPTIONAL_SECTION_BROKEN: Rule = Rule {
    code: "m2-optional-section-broken",
    severity: Severity::Warning,
    message: "the optional section whose M2Array is at byte {0x} ({1} records at {2x}) does not fit the model data: lumpkit skips it and keeps geometry, textures and materials",
};

/// Two arrays share bytes. The format does not forbid it; a writer bug often causes it.
pub static ARRAY_OVERLAP: Rule = Rule {
    code: "m2-array-overlap",
    severity: Severity::Warning,
    message: "the M2Arrays at bytes {0x} and {1x} overlap: the client reads both from the same bytes",
};

/// The model name is not NUL-terminated inside its array.
pub static NAME_NOT_TERMINATED: Rule = Rule {
    code: "m2-name-not-terminated",
    severity: Severity::Warning,
    message: "the model name ({0} bytes) has no terminating NUL: C-string readers run past it; lumpkit uses the {0} bytes",
};

/// A material's blending mode is above 7.
pub static BLENDING_MODE_INVALID: Rule = Rule {
    code: "m2-blending-mode-invalid",
    severity: Severity::Error,
    message: "material {0} has blending_mode {1}, above 7: the client indexes its blend table out of bounds; lumpkit gives no render state",
};

/// Blending mode 7 (BlendAdd) in a model from before Mists of Pandaria.
pub static BLENDING_MODE_TOO_NEW: Rule = Rule {
    code: "m2-blending-mode-too-new",
    severity: Severity::Warning,
    message: "material {0} uses blending_mode 7 (BlendAdd) in a version {1} model: BlendAdd was added after Cataclysm, so the clients of that version have no such mode",
};

/// A texture lookup entry names a texture that does not exist.
pub static TEXTURE_LOOKUP_OUT_OF_RANGE: Rule = Rule {
    code: "m2-texture-lookup-out-of-range",
    severity: Severity::Error,
    message: "texture lookup entry {0} is {1} but the model has {2} textures: the client reads past its texture list",
};

/// The MD21 chunk's size reaches past the end of the file.
pub static MD21_PAST_EOF: Rule = Rule {
    code: "m2-md21-chunk-past-eof",
    severity: Severity::Error,
    message: "the MD21 chunk declares {0} bytes but only {1} follow: the client refuses the file; lumpkit reads what is there",
};

/// A chunk after MD21 reaches past the end of the file (or its header is cut off).
pub static CHUNK_PAST_EOF: Rule = Rule {
    code: "m2-chunk-past-eof",
    severity: Severity::Warning,
    message: "chunk {0x} declares {1} bytes but only {2} follow: lumpkit ignores it and the chunks after it",
};

/// A file-id chunk (SFID, TXID, AFID, BFID, SKID…) whose size is not a multiple of 4.
pub static CHUNK_SIZE_MISALIGNED: Rule = Rule {
    code: "m2-chunk-size-misaligned",
    severity: Severity::Warning,
    message: "chunk {0x} of {1} bytes is not a whole number of 4-byte file ids: lumpkit ignores the last {2} bytes",
};

/// A bone's parent is neither -1 nor one of the model's bones.
pub static BONE_PARENT: Rule = Rule {
    code: "m2-bone-parent",
    severity: Severity::Warning,
    message: "bone {0} has parent field {1x}, neither -1 (0xffff) nor one of the model's {2} bones: three-m2loader throws a TypeError on it (models of 8 bones or more) and WoW Model Viewer reads past its bone list for a parent above the count; what WoW does is not known; geometry, textures and materials stay available",
};

/// A bone's parent chain loops back on itself.
pub static BONE_PARENT_CYCLE: Rule = Rule {
    code: "m2-bone-parent-cycle",
    severity: Severity::Warning,
    message: "bone {0}'s parent chain loops back to bone {0} (its parent is bone {1}): WoW Model Viewer's Bone::calcMatrix recurses through the loop until its stack overflows; what WoW does is not known; geometry, textures and materials stay available",
};

/// A bone names a parent stored after it (legal as data, but no shipped model does it).
pub static BONE_PARENT_AFTER_CHILD: Rule = Rule {
    code: "m2-bone-parent-after-child",
    severity: Severity::Warning,
    message: "bone {0} has parent {1}, stored after it (every real model checked lists parents before their children): three-m2loader throws a TypeError on models of 8 bones or more, and a one-pass skinning loop uses the parent before computing it; WoW Model Viewer computes parents first and loads it; what WoW does is not known",
};

/// A vertex is weighted to a bone the model lacks.
pub static VERTEX_BONE_INDEX: Rule = Rule {
    code: "m2-vertex-bone-index",
    severity: Severity::Error,
    message: "vertex {0} is weighted to bone {1} but the model has only {2} bone(s): WoW Model Viewer skins it with a matrix read past its bone list (garbage or a crash), so the geometry itself is broken",
};

/// A bone lookup entry names a bone the model lacks.
pub static BONE_LOOKUP_OUT_OF_RANGE: Rule = Rule {
    code: "m2-bone-lookup-out-of-range",
    severity: Severity::Warning,
    message: "bone lookup entry {0} is {1} but the model has {2} bones: a submesh whose bone palette includes it is skinned with a matrix from past the bone list",
};

/// The file does not start with `SKIN`.
pub static SKIN_BAD_MAGIC: Rule = Rule {
    code: "skin-bad-magic",
    severity: Severity::Error,
    message: "no SKIN magic at byte 0: the client refuses the profile",
};

/// The skin profile header is cut off.
pub static SKIN_HEADER_TRUNCATED: Rule = Rule {
    code: "skin-header-truncated",
    severity: Severity::Error,
    message: "the skin profile header needs {1} bytes but only {0} are present: the client refuses it",
};

/// A skin profile array reaches past the data.
pub static SKIN_ARRAY_PAST_EOF: Rule = Rule {
    code: "skin-array-past-eof",
    severity: Severity::Error,
    message: "the skin M2Array at byte {0x} ({1} records at {2x}) reaches past the data: the client reads beyond its buffer; lumpkit leaves that array empty",
};

/// A skin profile array's count × record size exceeds 4 GiB.
pub static SKIN_ARRAY_SIZE_OVERFLOW: Rule = Rule {
    code: "skin-array-size-overflow",
    severity: Severity::Error,
    message: "the skin M2Array at byte {0x} declares {1} records of {2} bytes, more than 4 GiB: the client's 32-bit size wraps; lumpkit leaves that array empty",
};

/// A submesh's vertex or index range lies outside the profile's arrays.
pub static SKIN_SUBMESH_RANGE: Rule = Rule {
    code: "skin-submesh-out-of-range",
    severity: Severity::Error,
    message: "submesh {0} spans up to {1} but the profile has only {2} (vertices or indices): the client draws from past its buffers",
};

/// A triangle index names a local vertex that does not exist.
pub static SKIN_INDEX_OUT_OF_RANGE: Rule = Rule {
    code: "skin-index-out-of-range",
    severity: Severity::Error,
    message: "index {0} is {1} but the profile has {2} vertices: the GPU reads an undefined vertex",
};

/// A local vertex names a model vertex that does not exist.
pub static SKIN_VERTEX_OUT_OF_RANGE: Rule = Rule {
    code: "skin-vertex-out-of-range",
    severity: Severity::Error,
    message: "local vertex {0} names model vertex {1} but the model has {2}: the client reads past its vertex buffer",
};

/// A batch names a submesh that does not exist.
pub static SKIN_BATCH_SUBMESH: Rule = Rule {
    code: "skin-batch-submesh-out-of-range",
    severity: Severity::Error,
    message: "batch {0} draws submesh {1} but the profile has {2}: the client reads past its submesh list",
};

/// A batch names a material that does not exist.
pub static SKIN_BATCH_MATERIAL: Rule = Rule {
    code: "skin-batch-material-out-of-range",
    severity: Severity::Error,
    message: "batch {0} uses material {1} but the model has {2}: the client reads past its material list; lumpkit gives that batch no render state",
};

/// A batch's textures run past the model's texture lookup.
pub static SKIN_BATCH_TEXTURE: Rule = Rule {
    code: "skin-batch-texture-out-of-range",
    severity: Severity::Error,
    message: "batch {0} uses texture lookup entries up to {1} but the model has {2}: the client binds undefined textures",
};

/// A submesh's bone palette runs past the model's bone lookup.
pub static SKIN_BONE_COMBO: Rule = Rule {
    code: "skin-bone-combo-out-of-range",
    severity: Severity::Warning,
    message: "submesh {0} takes its bones from bone lookup entries up to {1} but the model has {2}: its bone palette is read from past the lookup, so that submesh is skinned with undefined matrices",
};

/// A batch's colour index is neither -1 nor one of the model's colours.
pub static SKIN_BATCH_COLOR: Rule = Rule {
    code: "skin-batch-color-out-of-range",
    severity: Severity::Warning,
    message: "batch {0} has colour index {1x}, neither -1 (0xffff, none) nor one of the model's {2} colours: readers that tint the batch (WoW Model Viewer) read past the colour list",
};

/// A batch's texture weight index runs past the transparency lookup.
pub static SKIN_BATCH_WEIGHT: Rule = Rule {
    code: "skin-batch-weight-out-of-range",
    severity: Severity::Warning,
    message: "batch {0} has texture weight index {1} but the model's transparency lookup has {2} entries: readers (WoW Model Viewer) read the batch's opacity from past the lookup",
};

/// Every M2 and skin rule.
pub static RULES: &[&Rule] = &[
    &BAD_MAGIC,
    &HEADER_TRUNCATED,
    &UNKNOWN_VERSION,
    &ARRAY_PAST_EOF,
    &ARRAY_SIZE_OVERFLOW,
    &OPTIONAL_SECTION_BROKEN,
    &ARRAY_OVERLAP,
    &NAME_NOT_TERMINATED,
    &BLENDING_MODE_INVALID,
    &BLENDING_MODE_TOO_NEW,
    &TEXTURE_LOOKUP_OUT_OF_RANGE,
    &MD21_PAST_EOF,
    &CHUNK_PAST_EOF,
    &CHUNK_SIZE_MISALIGNED,
    &BONE_PARENT,
    &BONE_PARENT_CYCLE,
    &BONE_PARENT_AFTER_CHILD,
    &VERTEX_BONE_INDEX,
    &BONE_LOOKUP_OUT_OF_RANGE,
    &SKIN_BAD_MAGIC,
    &SKIN_HEADER_TRUNCATED,
    &SKIN_ARRAY_PAST_EOF,
    &SKIN_ARRAY_SIZE_OVERFLOW,
    &SKIN_SUBMESH_RANGE,
    &SKIN_INDEX_OUT_OF_RANGE,
    &SKIN_VERTEX_OUT_OF_RANGE,
    &SKIN_BATCH_SUBMESH,
    &SKIN_BATCH_MATERIAL,
    &SKIN_BATCH_TEXTURE,
    &SKIN_BONE_COMBO,
    &SKIN_BATCH_COLOR,
    &SKIN_BATCH_WEIGHT,
];
