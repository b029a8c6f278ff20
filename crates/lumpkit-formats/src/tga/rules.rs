//! Every malformed-picture rule for TGA (Truevision TGA 1.0/2.0 as its specification lays it out,
//! and as ioquake3's `LoadTGA`, `code/renderercommon/tr_image_tga.c`, reads it).

use crate::diag::{Rule, Severity};

/// Shorter than the 18-byte header.
pub static TRUNCATED_HEADER: Rule = Rule {
    code: "tga-truncated-header",
    severity: Severity::Error,
    message: "the file ({0} bytes) is shorter than the 18-byte TGA header; loaders refuse it (LoadTGA: \"header too short\")",
};
/// An image type no TGA reader decodes.
pub static BAD_TYPE: Rule = Rule {
    code: "tga-bad-type",
    severity: Severity::Error,
    message: "image type {0} with colour-map type {1} is not a TGA kind (1/9 colour-mapped, 2/10 true colour, 3/11 grey, each raw or RLE); loaders refuse it",
};
/// A pixel or colour-map entry depth the type does not allow.
pub static BAD_DEPTH: Rule = Rule {
    code: "tga-bad-depth",
    severity: Severity::Error,
    message: "image type {0} with {1}-bit pixels (colour-map entries of {2} bits) is not a valid combination; loaders refuse it",
};
/// Width or height zero.
pub static ZERO_SIZE: Rule = Rule {
    code: "tga-zero-size",
    severity: Severity::Error,
    message: "the picture is {0}x{1}; loaders refuse an empty picture (LoadTGA: \"invalid image size\")",
};
/// The colour map runs past the file.
pub static COLORMAP_OUT_OF_BOUNDS: Rule = Rule {
    code: "tga-colormap-out-of-bounds",
    severity: Severity::Error,
    message: "the colour map ({0} entries of {1} bits) runs past the end of the file; loaders refuse it",
};
/// A pixel names a colour-map entry the map does not have.
pub static COLORMAP_INDEX: Rule = Rule {
    code: "tga-colormap-index",
    severity: Severity::Error,
    message: "a pixel names colour {0}, outside the colour map's entries {1} up to {2}; loaders refuse it or draw garbage",
};
/// Pixel data shorter than the picture.
pub static DATA_SHORT: Rule = Rule {
    code: "tga-data-short",
    severity: Severity::Error,
    message: "the pixel data ends after {0} of {1} pixels; loaders refuse it (LoadTGA: \"file truncated\")",
};
/// The last RLE packet runs past the picture.
pub static RLE_OVERRUN: Rule = Rule {
    code: "tga-rle-overrun",
    severity: Severity::Warning,
    message: "an RLE packet runs {0} pixels past the end of the picture; LoadTGA and the image crate stop at the picture's end",
};
/// The descriptor's alpha-bit count or interleave bits do not fit the pixels.
pub static DESCRIPTOR_ODD: Rule = Rule {
    code: "tga-descriptor-odd",
    severity: Severity::Info,
    message: "the image descriptor ({0x}) declares {1} alpha bits or interleaving, which {2}-bit pixels do not have; LoadTGA ignores both, and so does lumpkit",
};
/// A TGA kind the Quake 3 renderer refuses (profiled).
pub static ENGINE_UNSUPPORTED: Rule = Rule {
    code: "tga-engine-unsupported",
    severity: Severity::Info,
    message: "{what}: {sides}; {effect}",
};

/// Every TGA rule.
pub static RULES: &[&Rule] = &[
    &TRUNCATED_HEADER,
    &BAD_TYPE,
    &BAD_DEPTH,
    &ZERO_SIZE,
    &COLORMAP_OUT_OF_BOUNDS,
    &COLORMAP_INDEX,
    &DATA_SHORT,
    &RLE_OVERRUN,
    &DESCRIPTOR_ODD,
    &ENGINE_UNSUPPORTED,
];
