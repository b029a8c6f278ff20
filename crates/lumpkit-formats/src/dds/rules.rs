//! Every malformed-texture rule for DDS (Microsoft's DDS reference; what Microsoft's
//! DDSTextureLoader refuses, where it is named).

use crate::diag::{Rule, Severity};

/// The first four bytes are not `DDS `.
pub static BAD_MAGIC: Rule = Rule {
    code: "dds-bad-magic",
    severity: Severity::Error,
    message: "the file does not start with the magic \"DDS \" ({0x} instead); DDS readers refuse it",
};
/// Shorter than the magic and the header (and the DX10 header it announces).
pub static TRUNCATED_HEADER: Rule = Rule {
    code: "dds-truncated-header",
    severity: Severity::Error,
    message: "the file ({0} bytes) is shorter than its {1}-byte header; DDS readers refuse it",
};
/// `dwSize` is not 124.
pub static HEADER_SIZE: Rule = Rule {
    code: "dds-header-size",
    severity: Severity::Error,
    message: "the header's size field is {0}, not 124; Microsoft's reference says it must be 124 and DDSTextureLoader refuses the file",
};
/// `DDS_PIXELFORMAT.dwSize` is not 32.
pub static PIXEL_FORMAT_SIZE: Rule = Rule {
    code: "dds-pixel-format-size",
    severity: Severity::Warning,
    message: "the pixel format's size field is {0}, not 32; the layout is fixed, so lumpkit reads on, but Microsoft's DDSTextureLoader refuses the file",
};
/// Width or height zero.
pub static ZERO_SIZE: Rule = Rule {
    code: "dds-zero-size",
    severity: Severity::Error,
    message: "the texture is {0}x{1}: there is no picture to load",
};
/// A level runs past the end of the file.
pub static MIP_OUT_OF_FILE: Rule = Rule {
    code: "dds-mip-out-of-file",
    severity: Severity::Error,
    message: "mip {0} needs bytes up to {1}, past the end of the file ({2} bytes): that level cannot be read (an error for mip 0, the picture; a warning for a later level)",
};
/// More levels than the chain down to 1×1 has.
pub static MIP_COUNT_EXCESS: Rule = Rule {
    code: "dds-mip-count-excess",
    severity: Severity::Warning,
    message: "the header declares {0} mip levels, but the chain down to 1x1 has only {1}: levels smaller than 1x1 do not exist, so lumpkit reads the {1} that do",
};
/// A pixel format lumpkit does not decode.
pub static FORMAT_NOT_CHECKED: Rule = Rule {
    code: "dds-format-not-checked",
    severity: Severity::Info,
    message: "pixel format FourCC {0x} / DXGI format {1} ({2} bits a pixel when uncompressed) is one lumpkit does not decode (see `info`'s encoding): its pixels are not checked",
};
/// A cube map, volume texture or texture array.
pub static LAYOUT_NOT_CHECKED: Rule = Rule {
    code: "dds-layout-not-checked",
    severity: Severity::Info,
    message: "a cube map, volume or array texture ({0} faces, depth {1}, {2} array elements): lumpkit reads only plain 2-D textures, so its levels are not checked",
};
/// Bytes after the last level.
pub static TRAILING_BYTES: Rule = Rule {
    code: "dds-trailing-bytes",
    severity: Severity::Info,
    message: "{0} bytes follow the last mip level (which ends at byte {1}); readers ignore them",
};

/// Every DDS rule.
pub static RULES: &[&Rule] = &[
    &BAD_MAGIC,
    &TRUNCATED_HEADER,
    &HEADER_SIZE,
    &PIXEL_FORMAT_SIZE,
    &ZERO_SIZE,
    &MIP_OUT_OF_FILE,
    &MIP_COUNT_EXCESS,
    &FORMAT_NOT_CHECKED,
    &LAYOUT_NOT_CHECKED,
    &TRAILING_BYTES,
];
