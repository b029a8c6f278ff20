//! Warcraft III: which patch loads a BLP1 over 512 pixels, and which platform loads a JPEG level
//! whose frame is not the level's size. The facts come from the BLP
//! specification write-up (`../shared/specs/blp-wc3.txt`: line 18, "BLP1 used to have the same
//! dimension limit as BLP0 until … patch 1.27b" and "limit the largest useful mipmap level to at
//! most 512 pixels … until … patch 1.29"; line 623, 1.28 "will load BLP files larger than 512*512
//! pixels but it will only use the lowest mipmap level that is at most 512*512").

use super::{Condition, Engine, EngineLimit};
use crate::blp::rules::{DIMENSION_OVER_512, JPEG_DIMENSIONS_MISMATCH, JPEG_FRAME_CROPPED};

const SPEC: &str = "shared/specs/blp-wc3.txt (hiveworkshop BLP Specifications (WC3))";

/// The longest side of a BLP1 image.
pub static BLP1_SIZE: Condition = Condition {
    rule: &DIMENSION_OVER_512,
    limit: "512 px (BLP1 before 1.27b)",
    what: "pixels",
    effect: "Warcraft III before 1.27b does not load it; later patches draw only a mip level of 512 or less",
    engines: &[
        EngineLimit {
            engine: Engine::Wc3_126,
            max: Some(512),
            source: "shared/specs/blp-wc3.txt:18: BLP1 kept BLP0's 512-pixel limit until 1.27b",
        },
        EngineLimit {
            engine: Engine::Wc3_127b,
            max: None,
            source: SPEC,
        },
        EngineLimit {
            engine: Engine::Wc3_128,
            max: None,
            source: "shared/specs/blp-wc3.txt:623: 1.28 loads it and uses the largest level of 512 or less",
        },
    ],
    exhaustive: true,
};

/// What the specification says of a JPEG level whose frame is not the level's size (blp-wc3.txt,
/// the JPEG chunk section: "Such mipmaps are known to cause a fatal error on some Mac versions.
/// For feature parity with the Windows version of Warcraft III such images should be loaded with
/// the right and bottom edges being used to crop or expand the image", padding with transparent
/// black; and in the thread: a 512x512 frame "will load fine as a 384*384 image … reported to
/// cause Mac clients to crash in the past (the 'fake mipmap' problem), however Windows seems to
/// tolerate it perfectly"). No Mac version is named, so the Mac row is one engine, `wc3-mac`;
/// the Windows rows are every patch, which crop or pad.
const FRAME_WINDOWS: &str = "shared/specs/blp-wc3.txt:217,414 (hiveworkshop BLP Specifications (WC3), JPEG content): the Windows version crops a larger frame and pads a smaller one with transparent black at the right and bottom";
const FRAME_MAC: &str = "shared/specs/blp-wc3.txt:217,414 (hiveworkshop BLP Specifications (WC3), JPEG content): frames that are not their level's size \"are known to cause a fatal error on some Mac versions\" (\"reported to cause Mac clients to crash in the past\"); the versions are not named";

/// The Windows patches and the Mac versions, for a JPEG frame of another size than its level.
const FRAME_ROWS: &[EngineLimit] = &[
    EngineLimit {
        engine: Engine::Wc3_126,
        max: None,
        source: FRAME_WINDOWS,
    },
    EngineLimit {
        engine: Engine::Wc3_127b,
        max: None,
        source: FRAME_WINDOWS,
    },
    EngineLimit {
        engine: Engine::Wc3_128,
        max: None,
        source: FRAME_WINDOWS,
    },
    EngineLimit {
        engine: Engine::Wc3Mac,
        max: Some(0),
        source: FRAME_MAC,
    },
];

/// BLP1 JPEG levels whose frame is larger than the level (the value is how many): Windows crops
/// them; some Mac versions fail ([`super::MILD`]: info by default, an error under `wc3-mac`).
pub static JPEG_FRAME_LARGER: Condition = Condition {
    rule: &JPEG_FRAME_CROPPED,
    limit: "JPEG frame of the level's size",
    what: "levels",
    effect: "Warcraft III on Windows crops them at the right and bottom; the spec reports a fatal error on some Mac versions",
    engines: FRAME_ROWS,
    exhaustive: true,
};

/// BLP1 JPEG levels whose frame is narrower or shorter than the level (the value is how many):
/// Windows pads them with transparent black; some Mac versions fail ([`super::MILD`]: a warning
/// wherever it loads, an error under `wc3-mac`).
pub static JPEG_FRAME_SMALLER: Condition = Condition {
    rule: &JPEG_DIMENSIONS_MISMATCH,
    limit: "JPEG frame of the level's size",
    what: "levels",
    effect: "Warcraft III on Windows pads them with transparent black at the right and bottom; the spec reports a fatal error on some Mac versions",
    engines: FRAME_ROWS,
    exhaustive: true,
};
