//! PAK rules. "The game" is id Quake 2's `FS_LoadPackFile` (`qcommon/files.c`).

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
    "pak-truncated-header",
    Error,
    "the file ({0} bytes) is shorter than the 12-byte PACK header"
);
rule!(
    DIRECTORY_OUT_OF_BOUNDS,
    "pak-directory-out-of-bounds",
    Error,
    "the directory (ending at {0}) lies past the end of the file ({1} bytes); the game cannot open the pak"
);
rule!(
    DIRECTORY_MISALIGNED,
    "pak-directory-misaligned",
    Warning,
    "the directory is {0} bytes, not a multiple of 64; the game ignores the last {1} bytes"
);
rule!(
    TOO_MANY_FILES,
    "pak-too-many-files",
    Warning,
    "the pak holds {0} files; id Quake 2 refuses more than {1} (later engines accept them)"
);
rule!(
    ENTRY_OUT_OF_BOUNDS,
    "pak-entry-out-of-bounds",
    Error,
    "entry {0} (ending at {1}) lies past the end of the file ({2} bytes); reading it fails in the game"
);
rule!(
    NAME_UNTERMINATED,
    "pak-name-unterminated",
    Warning,
    "entry {0}'s name fills all 56 bytes without a NUL; the game reads past it into the offset field"
);
rule!(
    NAME_EMPTY,
    "pak-name-empty",
    Warning,
    "entry {0} has an empty name; no path can reach it"
);
rule!(
    NAME_UNSAFE,
    "pak-name-unsafe",
    Warning,
    "entry {0}'s name is absolute, has a drive letter or `..`; lumpkit extracts it only inside the output folder, or not at all"
);

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
];
