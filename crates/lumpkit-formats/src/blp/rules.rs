//! Every rule of the BLP spec for malformed files, one static each, with what the game does.
//!
//! The text after the colon in each message says what lumpkit (and, where known, the game) does.

use crate::diag::{Rule, Severity};

/// The first four bytes are not `BLP0`, `BLP1` or `BLP2`.
pub static MAGIC_UNKNOWN: Rule = Rule {
    code: "blp-magic-unknown",
    severity: Severity::Error,
    message: "magic {0x} is not BLP0, BLP1 or BLP2",
};

/// The file ends inside the fixed header, the mip locator or the JPEG header size field.
pub static HEADER_TRUNCATED: Rule = Rule {
    code: "blp-header-truncated",
    severity: Severity::Error,
    message: "the file ends at byte {0}, inside a header that needs {1} bytes",
};

/// Width or height is zero.
pub static DIMENSION_ZERO: Rule = Rule {
    code: "blp-dimension-zero",
    severity: Severity::Error,
    message: "the image is {0}x{1}: a zero dimension holds no picture",
};

/// Width or height exceeds 65,535, the format's maximum.
pub static DIMENSION_TOO_LARGE: Rule = Rule {
    code: "blp-dimension-too-large",
    severity: Severity::Error,
    message: "the image is {0}x{1}: BLP allows at most 65,535 pixels a side",
};

/// A BLP1 wider or taller than 512 pixels: Warcraft III before 1.27b does not load it, later
/// patches draw only a level of 512 or less ([`crate::profiles::warcraft::BLP1_SIZE`]).
pub static DIMENSION_OVER_512: Rule = Rule {
    code: "blp-dimension-over-512",
    severity: Severity::Warning,
    message: "BLP1 of {0} {what} on its longest side, over {limit}: {effect}; {sides}",
};

/// Width or height not a power of two: WoW draws it solid green, Warcraft III draws it
/// ([`crate::profiles::wow::BLP_NOT_POWER_OF_TWO`]). Reported once per file.
pub static DIMENSION_NOT_POWER_OF_TWO: Rule = Rule {
    code: "blp-dimension-not-power-of-two",
    severity: Severity::Info,
    message: "a side of {0} pixels is not a power of two: {effect}; {sides}",
};

/// `content` is neither JPEG (0) nor direct (1).
pub static CONTENT_UNKNOWN: Rule = Rule {
    code: "blp-content-unknown",
    severity: Severity::Warning,
    message: "content type {0} is neither JPEG (0) nor direct (1): read as JPEG, as the game does",
};

/// `alphaBits` is not valid for the content and encoding: read as 0 bits, as the spec prescribes
/// and Warcraft III does. Info when the stored alpha band of every level read is opaque (nothing
/// is dropped; tools write odd values on opaque icons), a warning when a level's band holds
/// transparency that is dropped, or when no band could be read ([`super::alpha`]).
/// `args = [alphaBits, levels with transparency, levels read]`.
pub static ALPHA_BITS_INVALID: Rule = Rule {
    code: "blp-alpha-bits-invalid",
    severity: Severity::Warning,
    message: "alphaBits {0} is not valid for this content and encoding: read as 0 bits, as the spec prescribes, so Warcraft III draws UI images opaque (the spec: JPEG model textures still blend with the stored band; `decode --stored-alpha` keeps it); of the {2} levels whose stored band was read, {1} hold transparency that is dropped",
};

/// `hasMipmaps` holds a value other than 0 or 1.
pub static HAS_MIPMAPS_UNUSUAL: Rule = Rule {
    code: "blp-has-mipmaps-unusual",
    severity: Severity::Info,
    message: "hasMipmaps is {0}: any non-zero value means the file has mipmaps",
};

/// A BLP2 encoding / alpha type combination the game does not know.
pub static ENCODING_UNKNOWN: Rule = Rule {
    code: "blp-encoding-unknown",
    severity: Severity::Info,
    message: "BLP2 encoding {0} with alpha type {1} is not one lumpkit decodes (palette, DXT1/3/5, raw BGRA): its pixels are not checked",
};

/// Direct content whose 1024-byte palette is cut short by the end of the file.
pub static PALETTE_TRUNCATED: Rule = Rule {
    code: "blp-palette-truncated",
    severity: Severity::Error,
    message: "the 1024-byte palette at byte {0} is cut short by the end of the file ({1} bytes)",
};

/// A DXT or raw BGRA file that stops before the palette block its header reserves.
pub static PALETTE_ABSENT: Rule = Rule {
    code: "blp-palette-absent",
    severity: Severity::Info,
    message: "the file ends before the 1024-byte palette block at byte {0} ({1} bytes); its encoding does not use a palette, so nothing is lost",
};

/// The shared JPEG header is larger than the 624 bytes Warcraft III reserves for it.
pub static JPEG_HEADER_OVERSIZED: Rule = Rule {
    code: "blp-jpeg-header-oversized",
    severity: Severity::Warning,
    message: "the shared JPEG header is {0} bytes, over the 624 the spec allows: it says readers such as Warcraft III 1.27b are prone to corrupted pixels or crashes on it; used as it is",
};

/// The shared JPEG header runs past the end of the file: an error, because the spec documents
/// Warcraft III crashing on it ("memory could not be read", blp-wc3.txt:192,408); we still read
/// what is there, as the spec recommends.
pub static JPEG_HEADER_PAST_EOF: Rule = Rule {
    code: "blp-jpeg-header-past-eof",
    severity: Severity::Error,
    message: "the shared JPEG header declares {0} bytes but the file holds {1}: Warcraft III overruns its buffer and crashes (\"memory could not be read\"); lumpkit reduces it to fit",
};

/// Fewer mip levels than the dimensions imply although `hasMipmaps` is set.
pub static MIP_CHAIN_SHORT: Rule = Rule {
    code: "blp-mip-chain-short",
    severity: Severity::Warning,
    message: "hasMipmaps is set but the mip table provides {0} levels where the dimensions imply {1}: the missing levels cannot be decoded (the spec requires the full chain for textures drawn with mipmaps, such as on models; what a game draws in their place is not documented)",
};

/// More mip entries than the dimensions imply.
pub static MIP_CHAIN_LONG: Rule = Rule {
    code: "blp-mip-chain-long",
    severity: Severity::Info,
    message: "the mip table has {0} entries but the header and dimensions call for {1}: the extra entries are ignored",
};

/// Level 0 has no data chunk (zero offset or size).
pub static MIP_EMPTY: Rule = Rule {
    code: "blp-mip-empty",
    severity: Severity::Error,
    message: "mip 0 has no data (offset {0}, size {1}): the file holds no picture",
};

/// A mip chunk extends past the end of the file.
pub static MIP_PAST_EOF: Rule = Rule {
    code: "blp-mip-past-eof",
    severity: Severity::Warning,
    message: "mip {0} ends at byte {1}, past the end of the file ({2} bytes): truncated at EOF (Warcraft III reads past its buffer)",
};

/// A mip chunk's offset + size does not fit in 32 bits.
pub static MIP_SIZE_WRAPS: Rule = Rule {
    code: "blp-mip-size-wraps",
    severity: Severity::Warning,
    message: "mip {0}: offset {1} + size {2} wraps 32 bits: read up to the end of the file",
};

/// A mip chunk starts at or past the end of the file.
pub static MIP_OUT_OF_FILE: Rule = Rule {
    code: "blp-mip-out-of-file",
    severity: Severity::Error,
    message: "mip {0} starts at byte {1}, at or past the end of the file ({2} bytes): that level cannot be read (an error for mip 0, the picture; a warning for a later level)",
};

/// A direct-content chunk is shorter than its dimensions and encoding need.
pub static MIP_SIZE_MISMATCH: Rule = Rule {
    code: "blp-mip-size-mismatch",
    severity: Severity::Warning,
    message: "mip {0} is {1} bytes where its size and encoding need {2}: the missing bytes read as zero (the spec says Warcraft III reads the needed count regardless, past the chunk)",
};

/// Direct-content chunks longer than their levels need (icon tools point the small levels at a
/// larger level's chunk): harmless, reported once per file.
pub static MIP_SIZE_EXCESS: Rule = Rule {
    code: "blp-mip-size-excess",
    severity: Severity::Info,
    message: "{0} levels (the first is mip {1}) declare chunks longer than they need: the extra bytes are ignored, as Warcraft III ignores them (the spec: it reads the needed count regardless of the size)",
};

/// The JPEG data (shared header + chunk) is not a decodable four-component JPEG.
pub static JPEG_INVALID: Rule = Rule {
    code: "blp-jpeg-invalid",
    severity: Severity::Error,
    message: "mip {0}: the JPEG data is not a decodable four-component (BGRA) JPEG: that level cannot be read",
};

/// JPEG frames narrower or shorter than their levels, so the levels need padding: a profiled
/// condition ([`crate::profiles::warcraft::JPEG_FRAME_SMALLER`]: Windows pads, some Mac versions
/// fail). Reported once per file, at the first such level. `args = [levels, 0, condition id]`.
pub static JPEG_DIMENSIONS_MISMATCH: Rule = Rule {
    code: "blp-jpeg-dimensions-mismatch",
    severity: Severity::Warning,
    message: "{0} {what} (the first at this offset) have a JPEG frame narrower or shorter than the level (lumpkit pads it as Windows does): {effect}; {sides}",
};

/// JPEG frames larger than their levels (e.g. 1x2 for a 1x1 level, from encoders that stop
/// halving at width 1): Windows only crops them, some Mac versions fail
/// ([`crate::profiles::warcraft::JPEG_FRAME_LARGER`]). Reported once per file, at the first such
/// level. `args = [levels, 0, condition id]`.
pub static JPEG_FRAME_CROPPED: Rule = Rule {
    code: "blp-jpeg-frame-cropped",
    severity: Severity::Info,
    message: "{0} {what} (the first at this offset) have JPEG frames larger than the level (lumpkit crops them as Windows does): {effect}; {sides}",
};

/// A BLP0 mip level's own file (`name.b00`…`name.b15`) cannot be read.
pub static EXTERNAL_MIP_MISSING: Rule = Rule {
    code: "blp-external-mip-missing",
    severity: Severity::Error,
    message: "BLP0 mip {0} lives in its own file beside the .blp (extension b00 to b15), which is not there: the game finds no picture",
};

/// A BLP0 given without its folder or archive: its levels' files cannot be looked for.
pub static EXTERNAL_MIPS_UNREACHABLE: Rule = Rule {
    code: "blp-external-mips-unreachable",
    severity: Severity::Info,
    message: "BLP0 keeps its mip levels in their own files beside it (extension b00 to b15), and this file was given without its folder or archive: its levels are not checked",
};

/// The caller asked for a level the file does not have.
pub static LEVEL_MISSING: Rule = Rule {
    code: "blp-level-missing",
    severity: Severity::Error,
    message: "mip level {0} does not exist: the file provides {1}",
};

/// Every BLP rule.
pub static RULES: &[&Rule] = &[
    &MAGIC_UNKNOWN,
    &HEADER_TRUNCATED,
    &DIMENSION_ZERO,
    &DIMENSION_TOO_LARGE,
    &DIMENSION_OVER_512,
    &DIMENSION_NOT_POWER_OF_TWO,
    &CONTENT_UNKNOWN,
    &ALPHA_BITS_INVALID,
    &HAS_MIPMAPS_UNUSUAL,
    &ENCODING_UNKNOWN,
    &PALETTE_TRUNCATED,
    &PALETTE_ABSENT,
    &JPEG_HEADER_OVERSIZED,
    &JPEG_HEADER_PAST_EOF,
    &MIP_CHAIN_SHORT,
    &MIP_CHAIN_LONG,
    &MIP_EMPTY,
    &MIP_PAST_EOF,
    &MIP_SIZE_WRAPS,
    &MIP_OUT_OF_FILE,
    &MIP_SIZE_MISMATCH,
    &MIP_SIZE_EXCESS,
    &JPEG_INVALID,
    &JPEG_DIMENSIONS_MISMATCH,
    &JPEG_FRAME_CROPPED,
    &EXTERNAL_MIP_MISSING,
    &EXTERNAL_MIPS_UNREACHABLE,
    &LEVEL_MISSING,
];
