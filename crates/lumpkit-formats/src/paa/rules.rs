//! Every malformed-file rule of PAA, one [`Rule`] each.

use crate::diag::{Rule, Severity};

/// The file ends inside a header, tag header or mip header.
pub static TRUNCATED: Rule = Rule {
    code: "paa-truncated",
    severity: Severity::Error,
    message: "the file ends at byte {0} inside a {1}-byte structure; the game reads past the end and fails",
};

/// Neither a known TypeOfPaX word nor an OFP palette file starting with `GGAT`.
pub static UNKNOWN_TYPE: Rule = Rule {
    code: "paa-unknown-type",
    severity: Severity::Error,
    message: "type word {0x} is not a PAA type and no GGAT tag follows; the game refuses the texture",
};

/// A tag's length runs past the end of the file.
pub static TAG_PAST_EOF: Rule = Rule {
    code: "paa-tag-past-eof",
    severity: Severity::Error,
    message: "tag at byte {0} declares {1} bytes but only {2} remain; the game fails to load the texture",
};

/// A known tag has a length other than its fixed one.
pub static TAG_SIZE: Rule = Rule {
    code: "paa-tag-size",
    severity: Severity::Warning,
    message: "tag {0x} has {1} bytes where {2} are defined; its content is ignored (skipped by length)",
};

/// A tag name lumpkit does not know; skipped by its length, as the game does.
pub static TAG_UNKNOWN: Rule = Rule {
    code: "paa-tag-unknown",
    severity: Severity::Info,
    message: "unknown tag {0x} of {1} bytes skipped",
};

/// FLAG holds a value other than 0, 1 or 2.
pub static FLAG_VALUE: Rule = Rule {
    code: "paa-flag-value",
    severity: Severity::Info,
    message: "FLAG tag value {0} is not 0, 1 (interpolated alpha) or 2 (binary alpha): what the engine does with it is not documented; FLAG only says whether distant LODs interpolate alpha",
};

/// A SWIZ channel byte is outside 0..=9.
pub static SWIZ_VALUE: Rule = Rule {
    code: "paa-swiz-value",
    severity: Severity::Warning,
    message: "SWIZ channel {0} holds {1}, not a source channel (0-3), inverted channel (4-7) or fill (8, 9); that channel is kept as stored",
};

/// The palette block runs past the end of the file.
pub static PALETTE_PAST_EOF: Rule = Rule {
    code: "paa-palette-past-eof",
    severity: Severity::Error,
    message: "palette of {0} colours at byte {1} runs past the end of the file",
};

/// A mip's data runs past the end of the file.
pub static MIP_PAST_EOF: Rule = Rule {
    code: "paa-mip-past-eof",
    severity: Severity::Error,
    message: "mip {0} declares {1} bytes of data but only {2} remain; it and the levels after it are unusable",
};

/// A mip record has one zero dimension (both zero is the terminator).
pub static ZERO_DIMENSION: Rule = Rule {
    code: "paa-zero-dimension",
    severity: Severity::Error,
    message: "mip {0} is {1}x{2}: a zero dimension that is not the terminator; the walk stops here",
};

/// Uncompressed DXT data whose size is not the block count the dimensions need.
pub static MIP_SIZE_MISMATCH: Rule = Rule {
    code: "paa-mip-size-mismatch",
    severity: Severity::Error,
    message: "mip {0} stores {1} bytes of uncompressed block data where its dimensions need {2}",
};

/// The dimensions demand more output than the compressed data could ever expand to.
pub static MIP_OVERSIZED: Rule = Rule {
    code: "paa-mip-oversized",
    severity: Severity::Error,
    message: "mip {0} needs {1} bytes of output but its {2} compressed bytes cannot expand that far; not decoded",
};

/// LZO data that does not produce exactly the expected bytes.
pub static LZO_INVALID: Rule = Rule {
    code: "paa-lzo-invalid",
    severity: Severity::Error,
    message: "mip {0}: LZO data fails at byte {1} of its payload after {2} bytes of output; the level cannot be used",
};

/// LZSS data that does not produce exactly the expected bytes.
pub static LZSS_INVALID: Rule = Rule {
    code: "paa-lzss-invalid",
    severity: Severity::Error,
    message: "mip {0}: LZSS data fails at byte {1} of its payload; the level cannot be used",
};

/// The LZSS checksum matches neither the signed nor the unsigned byte sum.
pub static LZSS_CHECKSUM: Rule = Rule {
    code: "paa-lzss-checksum",
    severity: Severity::Warning,
    message: "mip {0}: stored LZSS checksum {1x} matches neither the unsigned ({2x}) nor the signed byte sum; pixels decoded anyway",
};

/// DXT2 / DXT4 (premultiplied alpha): decoded as DXT3 / DXT5 colour.
pub static DXT_PREMULTIPLIED: Rule = Rule {
    code: "paa-dxt-premultiplied",
    severity: Severity::Warning,
    message: "type DXT{0} stores premultiplied colour; decoded as DXT{1} without un-premultiplying",
};

/// OFFS disagrees with the positions of the sequential walk. The spec (`../shared/specs/paa.txt`)
/// calls OFFS redundant: each block follows the previous one. Real mods ship such files (OFFS two
/// bytes early) and work; tools that find mips through OFFS alone (HEMTT's hemtt-paa, armake:
/// `../shared/research/paa.md`) misread them.
pub static OFFS_MISMATCH: Rule = Rule {
    code: "paa-offs-mismatch",
    severity: Severity::Info,
    message: "OFFS entry {0} holds {1} but that mip record lies at {2}: tools that seek through OFFS (HEMTT, armake) misread this file; the spec calls OFFS redundant, working mods ship such files, and lumpkit reads the mips in sequence",
};

/// No terminator (w = h = 0 and two zero bytes) after the last mip.
pub static TERMINATOR: Rule = Rule {
    code: "paa-terminator",
    severity: Severity::Warning,
    message: "the mip list ends at byte {0} without the 6-byte zero terminator",
};

/// Bytes after the terminator.
pub static TRAILING_DATA: Rule = Rule {
    code: "paa-trailing-data",
    severity: Severity::Info,
    message: "{0} bytes after the terminator are ignored",
};

/// No mip record at all.
pub static NO_MIPS: Rule = Rule {
    code: "paa-no-mips",
    severity: Severity::Error,
    message: "the texture has no mip level",
};

/// More than 16 mip records (OFFS has 16 slots and a 32767-pixel side halves 16 times).
pub static TOO_MANY_MIPS: Rule = Rule {
    code: "paa-too-many-mips",
    severity: Severity::Warning,
    message: "more than {0} mip records; the ones after are ignored",
};

/// A palette mip's block RLE that does not produce exactly the expected bytes.
pub static RLE_INVALID: Rule = Rule {
    code: "paa-rle-invalid",
    severity: Severity::Error,
    message: "mip {0}: palette RLE data fails at byte {1} of its payload; the level cannot be used",
};

/// The top level is not a power of two on each side: HEMTT warns it will not work as a standard
/// texture in Arma 3; UI images (ACRE2's 38×35 icons) load
/// ([`crate::profiles::arma::PAA_NOT_POWER_OF_TWO`]). Reported once per file.
pub static DIMENSION_NOT_POWER_OF_TWO: Rule = Rule {
    code: "paa-dimension-not-power-of-two",
    severity: Severity::Info,
    message: "the top level has a side of {0} pixels, not a power of two: {effect}; {sides}",
};

/// A DXT texture whose top level is below one 4×4 block on a side: Direct3D 11 cannot create it
/// ([`crate::profiles::arma::PAA_DXT_BELOW_BLOCK`]).
pub static DXT_BELOW_BLOCK: Rule = Rule {
    code: "paa-dxt-below-block",
    severity: Severity::Warning,
    message: "the DXT top level has a side of {0} pixels, below one 4x4 block: {effect}; {sides}",
};

/// MAXC holds something other than `ff ff ff ff`: textures HEMTT wrote with a computed maximum
/// colour rendered wrong in game (HEMTT #1177); its fix (#1197) writes `ffffffff`, the value of
/// every real file in `../shared/research/paa.md`. How the engine uses MAXC is not documented.
pub static MAXC_VALUE: Rule = Rule {
    code: "paa-maxc-value",
    severity: Severity::Warning,
    message: "MAXC tag holds {0x}, not 0xffffffff: textures written with a computed maximum colour rendered wrong in game (HEMTT #1177, fixed by writing 0xffffffff in #1197); every real texture holds 0xffffffff",
};

/// Every PAA rule.
pub static RULES: &[&Rule] = &[
    &TRUNCATED,
    &UNKNOWN_TYPE,
    &TAG_PAST_EOF,
    &TAG_SIZE,
    &TAG_UNKNOWN,
    &FLAG_VALUE,
    &SWIZ_VALUE,
    &PALETTE_PAST_EOF,
    &MIP_PAST_EOF,
    &ZERO_DIMENSION,
    &MIP_SIZE_MISMATCH,
    &MIP_OVERSIZED,
    &LZO_INVALID,
    &LZSS_INVALID,
    &LZSS_CHECKSUM,
    &DXT_PREMULTIPLIED,
    &OFFS_MISMATCH,
    &TERMINATOR,
    &TRAILING_DATA,
    &NO_MIPS,
    &TOO_MANY_MIPS,
    &RLE_INVALID,
    &DIMENSION_NOT_POWER_OF_TWO,
    &DXT_BELOW_BLOCK,
    &MAXC_VALUE,
];
