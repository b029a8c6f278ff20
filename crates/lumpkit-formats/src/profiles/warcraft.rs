//! Warcraft III: which patch loads a BLP1 over 512 pixels, an MDX model of a given version, a map
//! of a given `war3map.w3i` version, and which platform loads a JPEG level whose frame is not the
//! level's size. The facts come from the BLP
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
        EngineLimit {
            engine: Engine::Wc3_131,
            max: None,
            source: SPEC,
        },
        EngineLimit {
            engine: Engine::Wc3Reforged,
            max: None,
            source: SPEC,
        },
    ],
    exhaustive: true,
};

/// Where the Reforged model versions come from (research/wc3-map.md §1.3).
const TM_ISSUES: &str = "TaylorMouse/warcraft_III_reforged_tools issues #4 and #7 (1100 models from 1.33 need converting to 1000 for older readers; 1200 from 2.0)";

/// The MDX version of a model: classic clients read only 800 (research/wc3-map.md §1.1, §1.3).
pub static MDX_VERSION: Condition = Condition {
    rule: &crate::mdx::rules::VERSION_TOO_NEW,
    limit: "MDX 800 (classic clients)",
    what: "MDX version",
    effect: "classic clients read only version 800; Reforged 1.32 reads up to 1000, 1.33 up to 1100, 2.0 up to 1200",
    engines: &[
        EngineLimit {
            engine: Engine::Wc3_126,
            max: Some(800),
            source: TM_ISSUES,
        },
        EngineLimit {
            engine: Engine::Wc3_127b,
            max: Some(800),
            source: TM_ISSUES,
        },
        EngineLimit {
            engine: Engine::Wc3_128,
            max: Some(800),
            source: TM_ISSUES,
        },
        EngineLimit {
            engine: Engine::Wc3_131,
            max: Some(800),
            source: TM_ISSUES,
        },
        EngineLimit {
            engine: Engine::Wc3Reforged,
            max: Some(1200),
            source: TM_ISSUES,
        },
    ],
    exhaustive: true,
};

/// The `war3map.w3i` format version a map needs: 18 (Reign of Chaos) and 25 (The Frozen Throne)
/// load in every classic client, 28 needs 1.31, 31 and later need Reforged (HiveWE wiki
/// "war3map.w3i", research/wc3-map.md §2.2).
pub static W3I_VERSION: Condition = Condition {
    rule: &crate::w3x::rules::W3I_VERSION_TOO_NEW,
    limit: "w3i 25 (classic before 1.31)",
    what: "w3i version",
    effect: "the client does not list or load a map saved by a newer World Editor",
    engines: &[
        EngineLimit {
            engine: Engine::Wc3_126,
            max: Some(25),
            source: "stijnherfst/HiveWE wiki war3map.w3i: 25 = The Frozen Throne",
        },
        EngineLimit {
            engine: Engine::Wc3_127b,
            max: Some(25),
            source: "stijnherfst/HiveWE wiki war3map.w3i: 25 = The Frozen Throne",
        },
        EngineLimit {
            engine: Engine::Wc3_128,
            max: Some(25),
            source: "stijnherfst/HiveWE wiki war3map.w3i: 28 = 1.31",
        },
        EngineLimit {
            engine: Engine::Wc3_131,
            max: Some(28),
            source: "stijnherfst/HiveWE wiki war3map.w3i: 28 = 1.31, 31 = 1.32",
        },
        EngineLimit {
            engine: Engine::Wc3Reforged,
            max: Some(33),
            source: "stijnherfst/HiveWE src/base/map_info.ixx reads up to 33 (2.0)",
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
