//! What an invalid `alphaBits` costs (`blp-alpha-bits-invalid`). The spec (blp-wc3.txt: "Invalid
//! values of alphaBits for the content or encoding used must evaluate as 0 bit") and Warcraft III
//! read such a file as having no alpha: UI images are drawn opaque. Tools write odd values (1, 2,
//! 4, 6, 9 on JPEG content, where only 0 and 8 are valid) on icons whose stored alpha band is
//! opaque anyway, and then nothing is lost: the finding is info. It is a warning only when the
//! stored band holds transparency that the game drops, or when the band could not be read.
//!
//! Indexed content keeps its band as a plane of `alphaBits`-bit fields after the indices, read
//! here in place: opaque means every field at its maximum (all its bits set). JPEG content keeps it
//! as the fourth component of the JPEG, which only a decoder can give: the facade decodes it, and
//! only for files with an invalid value.

use super::encoding::Encoding;
use super::rules;
use super::view::{Blp, Mip};
use crate::diag::Sink;
use crate::error::Error;

/// What the stored alpha band of the levels read holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StoredAlpha {
    /// Levels whose band was read.
    pub levels_read: u32,
    /// Of those, the levels whose band holds a value below opaque.
    pub transparent: u32,
}

impl StoredAlpha {
    /// Counts one level read: `opaque` when its whole band is at the maximum.
    pub fn add(&mut self, opaque: bool) {
        self.levels_read = self.levels_read.saturating_add(1);
        if !opaque {
            self.transparent = self.transparent.saturating_add(1);
        }
    }

    /// Whether every level read is opaque and at least one was read: nothing is dropped.
    pub const fn nothing_dropped(&self) -> bool {
        self.levels_read > 0 && self.transparent == 0
    }
}

/// Whether the indexed level `data` (`pixels` indices, then the alpha plane) stores an opaque band
/// at `bits` bits a pixel: every field of the plane present has all its bits set (fields run from
/// the least significant bit, as the spec packs them). A plane cut short is judged on what is
/// there: the game reads none of it.
pub fn indexed_band_opaque(data: &[u8], pixels: u64, bits: u32) -> bool {
    let plane = usize::try_from(pixels)
        .ok()
        .and_then(|p| data.get(p..))
        .unwrap_or(&[]);
    let total_bits = pixels.saturating_mul(u64::from(bits));
    let whole = usize::try_from(total_bits / 8).unwrap_or(usize::MAX);
    let (full, rest) = plane.split_at(whole.min(plane.len()));
    if full.iter().any(|&b| b != 0xFF) {
        return false;
    }
    // The last byte holds `total_bits % 8` bits of the band (when the plane reaches it).
    let tail_bits = (total_bits % 8) as u32;
    match rest.first() {
        Some(&last) if tail_bits > 0 && whole <= plane.len() => {
            let mask = (1u16 << tail_bits).saturating_sub(1) as u8;
            last & mask == mask
        }
        _ => true,
    }
}

impl Blp<'_> {
    /// The `alphaBits` the header stores when it is not valid for the encoding (the file is then
    /// read as having none: [`Blp::alpha_bits`] is 0); `None` when it is valid.
    pub fn invalid_alpha_bits(&self) -> Option<u32> {
        let bits = self.header().alpha_bits;
        (!self.encoding().alpha_bits_valid(bits)).then_some(bits)
    }

    /// Whether `mip`'s stored band is opaque at the header's invalid `alphaBits`, for indexed
    /// content; `None` for another encoding (JPEG needs a decoder) or a valid value.
    pub fn indexed_band_opaque(&self, mip: &Mip<'_>) -> Option<bool> {
        let bits = self.invalid_alpha_bits()?;
        if self.encoding() != Encoding::Indexed {
            return None;
        }
        let pixels = u64::from(mip.width).saturating_mul(u64::from(mip.height));
        Some(indexed_band_opaque(mip.data, pixels, bits))
    }

    /// Reports `blp-alpha-bits-invalid` for an invalid `alphaBits`, once: info when the levels
    /// read store an opaque band (`stored`), a warning when one holds transparency that the game
    /// drops or none could be read. Nothing for a valid value. [`Blp::parse`] leaves this to its
    /// caller, which knows what the band holds.
    pub fn report_alpha_bits(
        &self,
        stored: StoredAlpha,
        sink: &mut impl Sink,
    ) -> Result<(), Error> {
        let Some(bits) = self.invalid_alpha_bits() else {
            return Ok(());
        };
        let at = self.header().alpha_bits_offset();
        let d = rules::ALPHA_BITS_INVALID.with(
            at,
            [
                bits.into(),
                stored.transparent.into(),
                stored.levels_read.into(),
            ],
        );
        let severity = if stored.nothing_dropped() {
            crate::diag::Severity::Info
        } else {
            crate::diag::Severity::Warning
        };
        sink.report(d.with_severity(severity))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_band_is_opaque_when_every_field_is_at_its_maximum() {
        // Four pixels of 2 bits: one byte, all set.
        assert!(indexed_band_opaque(&[0, 1, 2, 3, 0xFF], 4, 2));
        assert!(!indexed_band_opaque(&[0, 1, 2, 3, 0xFE], 4, 2));
        // Three pixels of 6 bits: 18 bits, two whole bytes and 2 bits of the third.
        assert!(indexed_band_opaque(&[0, 0, 0, 0xFF, 0xFF, 0x03], 3, 6));
        assert!(!indexed_band_opaque(&[0, 0, 0, 0xFF, 0xFF, 0x01], 3, 6));
        // No plane stored: nothing to drop.
        assert!(indexed_band_opaque(&[0, 0, 0], 3, 6));
        // A huge declared depth is judged on the bytes present.
        assert!(indexed_band_opaque(&[0, 0xFF, 0xFF], 1, u32::MAX));
        assert!(!indexed_band_opaque(&[0, 0x7F], 1, u32::MAX));
    }

    #[test]
    fn stored_alpha_drops_nothing_only_when_read_and_opaque() {
        let mut s = StoredAlpha::default();
        assert!(!s.nothing_dropped());
        s.add(true);
        assert!(s.nothing_dropped());
        s.add(false);
        assert!(!s.nothing_dropped());
    }
}
