//! World of Warcraft against Warcraft III: textures whose sides are not powers of two. Wowpedia's
//! XML/Texture page says WoW shows such images "as solid green textures"; the Warcraft III BLP
//! specification (`../shared/specs/blp-wc3.txt`: line 142, "it is not required to be such"; lines
//! 621 and 639, the game loads whatever size the driver allows) says Warcraft III draws them.
//! The value is the first side (width, then height) that is not a power of two.

use super::{Condition, Engine, EngineLimit};
use crate::blp::rules::DIMENSION_NOT_POWER_OF_TWO;

const WOWPEDIA: &str = "wowpedia.fandom.com/wiki/XML/Texture: \"Images that have non-power of two dimensions will show up as solid green textures\"";
const WC3_SPEC: &str = "shared/specs/blp-wc3.txt:142,621,639: not required to be a power of two; Warcraft III loads any size the driver allows";

/// A BLP whose width or height is not a power of two.
pub static BLP_NOT_POWER_OF_TWO: Condition = Condition {
    rule: &DIMENSION_NOT_POWER_OF_TWO,
    limit: "power-of-two sides",
    what: "pixels on a side that is not a power of two",
    effect: "WoW draws such a texture solid green (Wowpedia, XML/Texture); Warcraft III draws it",
    engines: &[
        EngineLimit {
            engine: Engine::Wc3_126,
            max: None,
            source: WC3_SPEC,
        },
        EngineLimit {
            engine: Engine::Wc3_127b,
            max: None,
            source: WC3_SPEC,
        },
        EngineLimit {
            engine: Engine::Wc3_128,
            max: None,
            source: WC3_SPEC,
        },
        EngineLimit {
            engine: Engine::Wc3_131,
            max: None,
            source: WC3_SPEC,
        },
        EngineLimit {
            engine: Engine::Wc3Reforged,
            max: None,
            source: WC3_SPEC,
        },
        EngineLimit {
            engine: Engine::Wow335,
            max: Some(0),
            source: WOWPEDIA,
        },
        EngineLimit {
            engine: Engine::WowRetail,
            max: Some(0),
            source: WOWPEDIA,
        },
    ],
    exhaustive: true,
};
