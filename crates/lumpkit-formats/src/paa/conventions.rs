//! What the engines expect of a texture beyond its structure: power-of-two sides, DXT levels of
//! at least one block, and the MAXC value tools write. Checked once per file, on the top level.

use super::rules;
use super::view::Paa;
use crate::diag::Sink;
use crate::error::Error;
use crate::profiles::arma::{PAA_DXT_BELOW_BLOCK, PAA_NOT_POWER_OF_TWO};

/// The only MAXC value real textures hold (`../shared/research/paa.md`).
const MAXC_EXPECTED: [u8; 4] = [0xff; 4];

/// Reports the engine conventions `paa` breaks.
pub fn check(paa: &Paa<'_>, sink: &mut impl Sink) -> Result<(), Error> {
    if let Some(top) = paa.mips().first() {
        let sides = [top.width, top.height];
        if let Some(side) = sides.into_iter().find(|s| !s.is_power_of_two())
            && let Some(d) = PAA_NOT_POWER_OF_TWO.check(side.into(), top.offset)
        {
            sink.report(d)?;
        }
        if paa.kind.is_dxt()
            && let Some(side) = sides.into_iter().find(|&s| s < 4)
            && let Some(d) = PAA_DXT_BELOW_BLOCK.check(side.into(), top.offset)
        {
            sink.report(d)?;
        }
    }
    if let Some(maxc) = paa.tags.maxc
        && maxc != MAXC_EXPECTED
    {
        let value = u64::from(u32::from_le_bytes(maxc));
        sink.report(rules::MAXC_VALUE.with(paa.tags.maxc_at, [value, 0, 0]))?;
    }
    Ok(())
}
