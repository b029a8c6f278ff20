//! Operation Flashpoint and Arma: texture rules of the Real Virtuality engines and which of them
//! read `Cprs` (LZSS-compressed) PBO entries. A value over 0 breaks the rule: the side that is
//! not a power of two, the side below a block, the number of `Cprs` entries.

use super::{Condition, Engine, EngineLimit};
use crate::paa::rules::{DIMENSION_NOT_POWER_OF_TWO, DXT_BELOW_BLOCK};
use crate::pbo::rules::ENTRY_COMPRESSED;

/// A PAA whose top level is not a power of two on each side. HEMTT, Arma 3's mod builder, warns
/// that such an image "will not work as a standard texture" (UI icons such as ACRE2's 38×35 load).
pub static PAA_NOT_POWER_OF_TWO: Condition = Condition {
    rule: &DIMENSION_NOT_POWER_OF_TWO,
    limit: "power-of-two sides",
    what: "pixels on a side that is not a power of two",
    effect: "HEMTT warns it will not work as a standard (model) texture in Arma 3; UI images load",
    engines: &[EngineLimit {
        engine: Engine::Arma3,
        max: Some(0),
        source: "BrettMayson/HEMTT bin/src/commands/utils/paa/convert.rs: non-power-of-two \"will not work as a standard texture\"",
    }],
    // OFP and ArmA 1 are not listed: no source was read for them.
    exhaustive: false,
};

/// A DXT PAA whose top level is narrower or shorter than one 4×4 block.
pub static PAA_DXT_BELOW_BLOCK: Condition = Condition {
    rule: &DXT_BELOW_BLOCK,
    limit: "4x4 BC block",
    what: "pixels on a side of a DXT top level, below one 4x4 block",
    effect: "Direct3D 11 creates a block-compressed texture only when the top level is a multiple of 4 on each side, so Arma 3 (Direct3D 11) cannot create it",
    engines: &[EngineLimit {
        engine: Engine::Arma3,
        max: Some(0),
        source: "microsoft/DirectXTex pull #152 (texconv -fixbc4x4): Direct3D can only create a BC resource if the top-most mip level is a multiple of 4",
    }],
    // OFP (Direct3D 7/8) and ArmA 1 (Direct3D 9) are not listed: no source was read for them.
    exhaustive: false,
};

/// A PBO entry stored with the `Cprs` (LZSS) packing method.
pub static PBO_CPRS: Condition = Condition {
    rule: &ENTRY_COMPRESSED,
    limit: "Cprs entries",
    what: "Cprs",
    effect: "Operation Flashpoint: Elite and ArmA cannot work with compressed PBO files",
    engines: &[
        EngineLimit {
            engine: Engine::Ofp,
            max: None,
            source: "pmc.editing.wiki/doku.php?id=ofp:file_formats:pbo: compression is an OFP-era packing option (MakePbo), refused only by Elite and ArmA",
        },
        EngineLimit {
            engine: Engine::OfpElite,
            max: Some(0),
            source: "community.bistudio.com/wiki/PBO_File_Format (2006): \"Operation Flashpoint Elite, for instance, cannot work with compressed pbo files\"",
        },
        EngineLimit {
            engine: Engine::Arma1,
            max: Some(0),
            source: "pmc.editing.wiki/doku.php?id=ofp:file_formats:pbo: \"Neither Operation Flashpoint Elite, nor ArmA, can work with compressed pbo files\"",
        },
    ],
    // Arma 2 and Arma 3 are not listed: no source read says whether they read `Cprs`.
    exhaustive: false,
};
