//! WAL rules. "The game" is yquake2's `LoadWal` and the software renderer.

use crate::diag::{Rule, Severity};

macro_rules! rule {
    ($name:ident, $code:literal, $sev:ident, $msg:literal) => {
        #[doc = $msg]
        pub static $name: Rule = Rule {
            code: $code,
            severity: Severity::$sev,
            message: $msg,
        };
    };
}

rule!(
    TRUNCATED_HEADER,
    "wal-truncated-header",
    Error,
    "the file ({0} bytes) is shorter than the 100-byte WAL header; the game refuses it"
);
rule!(
    BAD_DIMENSIONS,
    "wal-bad-dimensions",
    Error,
    "the texture is {0}x{1}; a zero dimension makes the game refuse it"
);
rule!(
    MIP0_OUT_OF_BOUNDS,
    "wal-mip0-out-of-bounds",
    Error,
    "level 0 (ending at {0}) lies past the end of the file ({1} bytes); the game refuses the texture"
);
rule!(
    MIP_OUT_OF_BOUNDS,
    "wal-mip-out-of-bounds",
    Warning,
    "level {0} (ending at {1}) lies past the end of the file; GL renderers use only level 0, the software renderer reads garbage"
);
rule!(
    NAME_UNTERMINATED,
    "wal-name-unterminated",
    Warning,
    "the name or animation name fills its 32 bytes without a NUL; the game reads past it"
);

/// Every WAL rule.
pub static RULES: &[&Rule] = &[
    &TRUNCATED_HEADER,
    &BAD_DIMENSIONS,
    &MIP0_OUT_OF_BOUNDS,
    &MIP_OUT_OF_BOUNDS,
    &NAME_UNTERMINATED,
];
