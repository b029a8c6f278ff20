//! Warcraft III: which patch loads a BLP1 over 512 pixels. The facts come from the BLP
//! specification write-up (`../shared/specs/blp-wc3.txt`: line 18, "BLP1 used to have the same
//! dimension limit as BLP0 until … patch 1.27b" and "limit the largest useful mipmap level to at
//! most 512 pixels … until … patch 1.29"; line 623, 1.28 "will load BLP files larger than 512*512
//! pixels but it will only use the lowest mipmap level that is at most 512*512").

use super::{Condition, Engine, EngineLimit};
use crate::blp::rules::DIMENSION_OVER_512;

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
