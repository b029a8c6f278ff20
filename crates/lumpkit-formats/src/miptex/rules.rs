//! Rules of the miptex layout shared by WAD2/WAD3 textures and BSP29/BSP30 embedded textures.

use crate::diag::{Rule, Severity};

/// The 40-byte header does not fit.
pub static TRUNCATED: Rule = Rule {
    code: "miptex-truncated",
    severity: Severity::Error,
    message: "the miptex holds {0} bytes, shorter than its 40-byte header; the engine rejects it",
};

/// The 16-byte name has no NUL.
pub static NAME_UNTERMINATED: Rule = Rule {
    code: "miptex-name-unterminated",
    severity: Severity::Warning,
    message: "the texture name fills all 16 bytes without a NUL; engines read exactly 16 bytes",
};

/// Width or height is zero.
pub static SIZE_ZERO: Rule = Rule {
    code: "miptex-size-zero",
    severity: Severity::Error,
    message: "texture of {0}x{1} pixels: a zero dimension; the engine refuses the texture",
};

/// Width or height is not a multiple of 16: a profiled condition
/// ([`crate::profiles::quake1::MIPTEX_NOT_16_ALIGNED`] for WAD2/BSP29,
/// [`crate::profiles::quake1::GOLDSRC_MIPTEX_NOT_16_ALIGNED`] for WAD3/BSP30). Vanilla Quake and
/// GoldSrc `Sys_Error` in `Mod_LoadTextures`; QuakeSpasm warns and Xash3D loads it, so by default
/// it is a warning naming both sides. `args = [side, 0, condition id]`.
pub static SIZE_NOT_MULTIPLE_OF_16: Rule = Rule {
    code: "miptex-size-not-multiple-of-16",
    severity: Severity::Warning,
    message: "a texture side of {0} pixels is not a multiple of 16: {effect}; {sides}",
};

/// Level 0 alone needs more bytes than the miptex holds.
pub static SIZE_TOO_LARGE: Rule = Rule {
    code: "miptex-size-too-large",
    severity: Severity::Error,
    message: "texture of {0}x{1} pixels cannot fit in {2} bytes; the engine rejects it",
};

/// A mip level's pixels lie (partly) outside the miptex.
pub static MIP_OUT_OF_BOUNDS: Rule = Rule {
    code: "miptex-mip-out-of-bounds",
    severity: Severity::Error,
    message: "mip level {0} at offset {1} ({2} bytes) lies outside the texture; that level is unusable",
};

/// All four offsets are zero: the pixels are not stored here.
pub static EXTERNAL: Rule = Rule {
    code: "miptex-external",
    severity: Severity::Info,
    message: "all mip offsets are zero: the pixels are not stored here (a BSP30 map then loads the \
              texture by name from a WAD)",
};

/// The trailing u16 colour count or the 768 palette bytes do not fit.
pub static PALETTE_PAST_END: Rule = Rule {
    code: "miptex-palette-past-end",
    severity: Severity::Error,
    message: "the palette at offset {0} needs {1} bytes but only {2} remain; the picture cannot be \
              coloured",
};

/// The colour count is not 256.
pub static COLOUR_COUNT: Rule = Rule {
    code: "miptex-colour-count",
    severity: Severity::Warning,
    message: "the palette declares {0} colours, not 256; Xash3D then ignores the palette, we read \
              the 256 colours stored",
};

/// A Quake 1 `sky*` texture that is not 256×128 ([`crate::profiles::quake1::SKY_SIZE`],
/// checked by [`super::map::check`]). `args = [the side that is off, 0, condition id]`.
pub static SKY_SIZE: Rule = Rule {
    code: "bsp-sky-size",
    severity: Severity::Info,
    message: "a sky texture has a side of {0} pixels, not 256x128: {effect}; {sides}",
};

/// A Quake 1 texture GLQuake cannot upload ([`crate::profiles::quake1::TEXTURE_UPLOAD`], the
/// arithmetic in [`super::upload`], checked by [`super::map::check`]). `args = [texels, 0,
/// condition id]`.
pub static TEXTURE_TOO_LARGE: Rule = Rule {
    code: "bsp-texture-too-large",
    severity: Severity::Warning,
    message: "a texture of {0} texels is too large for GLQuake's upload buffers: {effect}; {sides}",
};

/// Every miptex rule.
pub static RULES: &[&Rule] = &[
    &TRUNCATED,
    &NAME_UNTERMINATED,
    &SIZE_ZERO,
    &SIZE_NOT_MULTIPLE_OF_16,
    &SIZE_TOO_LARGE,
    &MIP_OUT_OF_BOUNDS,
    &EXTERNAL,
    &PALETTE_PAST_END,
    &COLOUR_COUNT,
    &SKY_SIZE,
    &TEXTURE_TOO_LARGE,
];
