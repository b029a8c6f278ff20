//! Engine count limits of a Quake 1 / GoldSrc map (`bsp-limit-exceeded`): world visleafs, leaf
//! records and brush models against the Quake 1 family table ([`crate::profiles::quake1`]). BSP29
//! is measured against Quake, QuakeSpasm and Xash3D (Hexen II's against Hexen II, [`crate::profiles::hexen2`]),
//! BSP30 against GoldSrc and Xash3D; BSP2 maps
//! are for ports that lifted these limits, so they are not measured.

use crate::diag::Sink;
use crate::error::Error;
use crate::profiles::{Condition, hexen2, quake1};

use super::view::{Bsp1, Game, Variant};

/// Lump numbers in `bspfile.h` order.
const LUMP_LEAFS: usize = 10;
const LUMP_MODELS: usize = 14;

impl Bsp1<'_> {
    /// Reports every count some engine of the family refuses.
    pub fn check_limits(&self, sink: &mut impl Sink) -> Result<(), Error> {
        if self.variant != Variant::Bsp29 {
            return Ok(());
        }
        let at = |i: usize| self.lumps.get(i).map_or(0, |l| l.offset);
        let (models_at, leafs_at) = (at(LUMP_MODELS), at(LUMP_LEAFS));
        let leafs = self.lumps.get(LUMP_LEAFS).map_or(0, |l| l.bytes.len() / 28) as u64;
        let models = self.model_count() as u64;
        let visleafs = self
            .models()
            .next()
            .map_or(0, |m| u64::from(m.visleafs.max(0).unsigned_abs()));
        let checks: [(Option<&'static Condition>, u64, u64); 3] = match self.game {
            Game::GoldSrc => [
                (Some(&quake1::GOLDSRC_VISLEAFS), visleafs, models_at),
                (Some(&quake1::GOLDSRC_MODELS), models, models_at),
                (None, 0, 0),
            ],
            Game::Hexen2 => [
                (Some(&hexen2::VISLEAFS), visleafs, models_at),
                (Some(&hexen2::MODELS), models, models_at),
                (None, 0, 0),
            ],
            Game::Quake => [
                (Some(&quake1::VISLEAFS), visleafs, models_at),
                (Some(&quake1::LEAFS), leafs, leafs_at),
                (Some(&quake1::MODELS), models, models_at),
            ],
        };
        for (condition, value, at) in checks {
            if let Some(d) = condition.and_then(|c| c.check(value, at)) {
                sink.report(d)?;
            }
        }
        Ok(())
    }
}
