//! Every malformed-model rule for MD3 (`IDP3` 15), with what the engines do
//! (`../shared/research/q3.md` §11): ioq3 `R_LoadMD3` (code/renderergl1/tr_model.c) trusts every
//! offset and count after the version and frame checks, so a value that reaches outside the model
//! is an error here.

use crate::diag::{Rule, Severity};

/// Shorter than the 108-byte header.
pub static TRUNCATED_HEADER: Rule = Rule {
    code: "md3-truncated-header",
    severity: Severity::Error,
    message: "the file ({0} bytes) is shorter than the 108-byte MD3 header; R_LoadMD3 reads it unchecked",
};
/// A version other than 15.
pub static UNSUPPORTED_VERSION: Rule = Rule {
    code: "md3-unsupported-version",
    severity: Severity::Error,
    message: "MD3 version {0}, not 15; the engines refuse the model (R_LoadMD3: \"has wrong version\")",
};
/// No frames.
pub static NO_FRAMES: Rule = Rule {
    code: "md3-no-frames",
    severity: Severity::Error,
    message: "the model has {0} frames; the engines refuse it (R_LoadMD3: \"has no frames\")",
};
/// A negative count.
pub static BAD_COUNT: Rule = Rule {
    code: "md3-bad-count",
    severity: Severity::Error,
    message: "a count is negative ({0} at header or surface offset {1}); the engines loop over it unchecked",
};
/// `ofsEnd` past the file.
pub static END_PAST_EOF: Rule = Rule {
    code: "md3-end-past-eof",
    severity: Severity::Error,
    message: "the model's end (ofsEnd {0}) lies past the end of the file ({1} bytes) or inside the header; R_LoadMD3 copies ofsEnd bytes unchecked",
};
/// The frames or tags lie outside the model.
pub static TABLE_OUT_OF_BOUNDS: Rule = Rule {
    code: "md3-table-out-of-bounds",
    severity: Severity::Error,
    message: "table {0} (1: frames, 2: tags, 3: surfaces) at offset {1} runs past the model's end ({2}); R_LoadMD3 reads past it",
};
/// A surface header or its arrays lie outside the model.
pub static SURFACE_OUT_OF_BOUNDS: Rule = Rule {
    code: "md3-surface-out-of-bounds",
    severity: Severity::Error,
    message: "surface {0}: part {1} (1: header, 2: triangles, 3: shaders, 4: texture coordinates, 5: vertices) runs past the surface or the model (to byte {2}); R_LoadMD3 reads past it",
};
/// A triangle names a vertex the surface does not have.
pub static BAD_TRIANGLE_INDEX: Rule = Rule {
    code: "md3-bad-triangle-index",
    severity: Severity::Error,
    message: "surface {0}: triangle {1} names vertex {2}, past the surface's vertices; the renderer reads past them",
};
/// A surface with fewer frames than the model.
pub static SURFACE_FRAMES: Rule = Rule {
    code: "md3-surface-frames",
    severity: Severity::Error,
    message: "surface {0} holds vertices for {1} frames but the model has {2}; animating it reads vertices past the surface",
};
/// Too many vertices on one surface (profiled).
pub static SURFACE_VERTS: Rule = Rule {
    code: "md3-surface-verts",
    severity: Severity::Warning,
    message: "a surface has {0} {what} ({limit}): {sides}; {effect}",
};
/// Too many triangles on one surface (profiled).
pub static SURFACE_TRIANGLES: Rule = Rule {
    code: "md3-surface-triangles",
    severity: Severity::Warning,
    message: "a surface has {0} {what} ({limit}): {sides}; {effect}",
};
/// Too many shaders on one surface (profiled).
pub static SURFACE_SHADERS: Rule = Rule {
    code: "md3-surface-shaders",
    severity: Severity::Warning,
    message: "a surface has {0} {what} ({limit}): {sides}; {effect}",
};
/// Too many tags (profiled).
pub static TAGS: Rule = Rule {
    code: "md3-tags",
    severity: Severity::Warning,
    message: "the model has {0} {what} ({limit}): {sides}; {effect}",
};
/// An empty surface or model (profiled).
pub static EMPTY: Rule = Rule {
    code: "md3-empty",
    severity: Severity::Warning,
    message: "{what}: {sides}; {effect}",
};
/// A surface ident other than `IDP3` (profiled).
pub static SURFACE_IDENT: Rule = Rule {
    code: "md3-surface-ident",
    severity: Severity::Warning,
    message: "{what}: {sides}; {effect}",
};
/// Over a limit `qfiles.h` defines and no loader enforces.
pub static EXPORTER_LIMIT: Rule = Rule {
    code: "md3-exporter-limit",
    severity: Severity::Info,
    message: "the model has {0} of kind {1} (1: frames, 2: surfaces), over the {2} qfiles.h defines (MD3_MAX_FRAMES, MD3_MAX_SURFACES); no engine loader enforces it, exporters may",
};

/// Every MD3 rule.
pub static RULES: &[&Rule] = &[
    &TRUNCATED_HEADER,
    &UNSUPPORTED_VERSION,
    &NO_FRAMES,
    &BAD_COUNT,
    &END_PAST_EOF,
    &TABLE_OUT_OF_BOUNDS,
    &SURFACE_OUT_OF_BOUNDS,
    &BAD_TRIANGLE_INDEX,
    &SURFACE_FRAMES,
    &SURFACE_VERTS,
    &SURFACE_TRIANGLES,
    &SURFACE_SHADERS,
    &TAGS,
    &EMPTY,
    &SURFACE_IDENT,
    &EXPORTER_LIMIT,
];
