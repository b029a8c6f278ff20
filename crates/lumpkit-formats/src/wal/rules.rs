//! WAL rules. "The game" is yquake2's `LoadWal` and the software renderer.

use crate::diag::{Rule, Severity};

/// the file (0 bytes) is shorter than the 100-byte WAL header; the game refuses it
pub static TRUNCATED_HEADER: Rule = Rule {
    code: "wal-truncated-header",
    severity: Severity::Error,
    message: "the file ({0} bytes) is shorter than the 100-byte WAL header; the game refuses it",
};
/// the texture is 0x1; a zero dimension makes the game refuse it
pub static BAD_DIMENSIONS: Rule = Rule {
    code: "wal-bad-dimensions",
    severity: Severity::Error,
    message: "the texture is {0}x{1}; a zero dimension makes the game refuse it",
};
/// level 0 (ending at 0) lies past the end of the file (1 bytes); the game refuses the texture
pub static MIP0_OUT_OF_BOUNDS: Rule = Rule {
    code: "wal-mip0-out-of-bounds",
    severity: Severity::Error,
    message: "level 0 (ending at {0}) lies past the end of the file ({1} bytes); the game refuses the texture",
};
/// level 0 (ending at 1) lies past the end of the file; GL renderers use only level 0, the software renderer reads garbage
pub static MIP_OUT_OF_BOUNDS: Rule = Rule {
    code: "wal-mip-out-of-bounds",
    severity: Severity::Warning,
    message: "level {0} (ending at {1}) lies past the end of the file; GL renderers use only level 0, the software renderer reads garbage",
};
/// the name or animation name fills its 32 bytes without a NUL; the game reads past it
pub static NAME_UNTERMINATED: Rule = Rule {
    code: "wal-name-unterminated",
    severity: Severity::Warning,
    message: "the name or animation name fills its 32 bytes without a NUL; the game reads past it",
};

/// Every WAL rule.
pub static RULES: &[&Rule] = &[
    &TRUNCATED_HEADER,
    &BAD_DIMENSIONS,
    &MIP0_OUT_OF_BOUNDS,
    &MIP_OUT_OF_BOUNDS,
    &NAME_UNTERMINATED,
];
