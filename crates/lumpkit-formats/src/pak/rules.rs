//! PAK rules. "The game" is id Quake 2's `FS_LoadPackFile` (`qcommon/files.c`); for Daikatana's
//! layout no engine source is public, so its rules say what is known instead.

use crate::diag::{Rule, Severity};

/// the file (0 bytes) is shorter than the 12-byte PACK header
pub static TRUNCATED_HEADER: Rule = Rule {
    code: "pak-truncated-header",
    severity: Severity::Error,
    message: "the file ({0} bytes) is shorter than the 12-byte PACK header",
};
/// the directory (ending at 0) lies past the end of the file (1 bytes); the game cannot open the pak
pub static DIRECTORY_OUT_OF_BOUNDS: Rule = Rule {
    code: "pak-directory-out-of-bounds",
    severity: Severity::Error,
    message: "the directory (ending at {0}) lies past the end of the file ({1} bytes); the game cannot open the pak",
};
/// the directory is 0 bytes, not a multiple of 64; the game ignores the last 1 bytes
pub static DIRECTORY_MISALIGNED: Rule = Rule {
    code: "pak-directory-misaligned",
    severity: Severity::Warning,
    message: "the directory is {0} bytes, not a multiple of 64; the game ignores the last {1} bytes",
};
/// More entries than an engine's `MAX_FILES_IN_PACK`: Quake 1 engines 2048, id Quake 2 4096
/// (the per-engine table is [`crate::profiles::pak::FILES`]).
pub static TOO_MANY_FILES: Rule = Rule {
    code: "pak-too-many-files",
    severity: Severity::Warning,
    message: "the pak holds {0} {what}, over {limit} {1}: {effect}; {sides}",
};
/// entry 0 (ending at 1) lies past the end of the file (2 bytes); reading it fails in the game
pub static ENTRY_OUT_OF_BOUNDS: Rule = Rule {
    code: "pak-entry-out-of-bounds",
    severity: Severity::Error,
    message: "entry {0} (ending at {1}) lies past the end of the file ({2} bytes); reading it fails in the game",
};
/// entry 0's name fills all 56 bytes without a NUL; the game reads past it into the offset field
pub static NAME_UNTERMINATED: Rule = Rule {
    code: "pak-name-unterminated",
    severity: Severity::Warning,
    message: "entry {0}'s name fills all 56 bytes without a NUL; the game reads past it into the offset field",
};
/// entry 0 has an empty name; no path can reach it
pub static NAME_EMPTY: Rule = Rule {
    code: "pak-name-empty",
    severity: Severity::Warning,
    message: "entry {0} has an empty name; no path can reach it",
};
/// entry 0's name is absolute, has a drive letter, a colon (a Windows stream or drive name) or `..`; lumpkit extracts it only inside the output folder, or not at all
pub static NAME_UNSAFE: Rule = Rule {
    code: "pak-name-unsafe",
    severity: Severity::Warning,
    message: "entry {0}'s name is absolute, has a drive letter, a colon (a Windows stream or drive name) or `..`; lumpkit extracts it only inside the output folder, or not at all",
};

/// A Daikatana entry's compressed data does not decode to its declared length.
pub static COMPRESSION_INVALID: Rule = Rule {
    code: "pak-entry-compression-invalid",
    severity: Severity::Error,
    message: "entry {0}'s compressed data does not decode to its declared {2} bytes (decoding stops at byte {1} of the stored data); the entry cannot be read as stored",
};

/// Every PAK rule.
pub static RULES: &[&Rule] = &[
    &TRUNCATED_HEADER,
    &DIRECTORY_OUT_OF_BOUNDS,
    &DIRECTORY_MISALIGNED,
    &TOO_MANY_FILES,
    &ENTRY_OUT_OF_BOUNDS,
    &NAME_UNTERMINATED,
    &NAME_EMPTY,
    &NAME_UNSAFE,
    &COMPRESSION_INVALID,
];
