//! Engine count limits of a Quake 1 / GoldSrc map (`bsp-limit-exceeded`): world visleafs, leaf
//! records and brush models against the Quake 1 family table ([`crate::profiles::quake1`]). BSP29
//! is measured against Quake, QuakeSpasm and Xash3D, BSP30 against GoldSrc and Xash3D; BSP2 maps
//! are for ports that lifted these limits, so they are not measured.

use zerocopy::FromBytes;

use crate::diag::Sink;
use crate::error::Error;
use crate::profiles::{Condition, quake1};

use super::raw::Model;
use super::view::{Bsp1, Variant};

/// Lump numbers in `bspfile.h` order.
const LUMP_LEAFS: usize = 10;
const LUMP_MODELS: usize = 14;

impl Bsp1<'_> {
    /// Reports every count some engine of the family refuses.
    pub fn check_limits(&self, sink: &mut impl Sink) -> Result<(), Error> {
        if self.variant != Variant::Bsp29 {
            return Ok(());
        }
        let lump = |i: usize| {
            self.lumps
                .get(i)
                .map_or((&[][..], 0), |l| (l.bytes, l.offset))
        };
        let (models_bytes, models_at) = lump(LUMP_MODELS);
        let models = <[Model]>::ref_from_bytes(models_bytes).unwrap_or(&[]);
        let (leafs_bytes, leafs_at) = lump(LUMP_LEAFS);
        let leafs = (leafs_bytes.len() / 28) as u64;
        let visleafs = models
            .first()
            .map_or(0, |m| u64::from(m.visleafs.get().max(0).unsigned_abs()));
        let goldsrc = self.version == 30;
        let checks: [(Option<&'static Condition>, u64, u64); 3] = if goldsrc {
            [
                (Some(&quake1::GOLDSRC_VISLEAFS), visleafs, models_at),
                (
                    Some(&quake1::GOLDSRC_MODELS),
                    models.len() as u64,
                    models_at,
                ),
                (None, 0, 0),
            ]
        } else {
            [
                (Some(&quake1::VISLEAFS), visleafs, models_at),
                (Some(&quake1::LEAFS), leafs, leafs_at),
                (Some(&quake1::MODELS), models.len() as u64, models_at),
            ]
        };
        for (condition, value, at) in checks {
            if let Some(d) = condition.and_then(|c| c.check(value, at)) {
                sink.report(d)?;
            }
        }
        Ok(())
    }
}
