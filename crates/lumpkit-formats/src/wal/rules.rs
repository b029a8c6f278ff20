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
/// The animation name fills its 32 bytes without a NUL. The game never reads a WAL's names (it
/// finds textures by path; animation chains are compiled into texinfo), but qbsp3's `FindMiptex`
/// copies `animname` with `strcpy` into a 32-byte field. The `name` field is read by neither, so
/// a full one is not reported.
pub static NAME_UNTERMINATED: Rule = Rule {
    code: "wal-name-unterminated",
    severity: Severity::Warning,
    message: "the animation name fills its 32 bytes without a NUL; qbsp3 copies it with strcpy and overruns its buffer when compiling a map that uses this texture (the game itself does not read it)",
};

/// Levels 1–3 are not where the software renderer looks. id's `ref_soft` (`R_LoadWal`, kept by
/// Yamagi's soft renderer) copies `width × height × 85/64` bytes from `offsets[0]` and takes the
/// smaller levels from that copy, whatever `offsets[1..3]` say; `ref_gl` uploads level 0 only. The
/// engine profiles cannot tell the renderers apart, so this stays a warning naming them.
pub static MIPS_NOT_CONTIGUOUS: Rule = Rule {
    code: "wal-mips-not-contiguous",
    severity: Severity::Warning,
    message: "level {0} is at offset {1}, not at {2} right after the level before it: Quake 2's software renderer (ref_soft R_LoadWal) copies the levels from offset 0's position in one block and draws whatever bytes follow level 0 as the smaller levels (or reads past the file); the GL renderers use only level 0",
};

/// Every WAL rule.
pub static RULES: &[&Rule] = &[
    &TRUNCATED_HEADER,
    &BAD_DIMENSIONS,
    &MIP0_OUT_OF_BOUNDS,
    &MIP_OUT_OF_BOUNDS,
    &NAME_UNTERMINATED,
    &MIPS_NOT_CONTIGUOUS,
];
