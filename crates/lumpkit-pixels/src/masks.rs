//! Uncompressed pixels described by bit masks (DDS's `DDS_PIXELFORMAT`: 8, 16, 24 or 32 bits a
//! pixel, little-endian, one mask per channel) to RGBA8.
//!
//! The common layouts go through the dedicated expanders (B, G, R, A bytes through [`crate::bgra`],
//! ARGB1555 and ARGB4444 through [`crate::packed`], so a DDS and a PAA of the same pixels decode
//! alike); any other mask is scaled to 8 bits as `round(v × 255 / max)`, the value a mask of n
//! bits can hold being `max`. A missing colour channel is 0, a missing alpha 255.

use crate::{SizeMismatch, require};

/// A pixel layout: bits a pixel and the R, G, B, A masks (0: the channel is absent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MaskLayout {
    /// 8, 16, 24 or 32.
    pub bits: u32,
    /// Red, green, blue, alpha masks.
    pub rgba: [u32; 4],
}

/// One channel's position and range.
#[derive(Clone, Copy)]
struct Channel {
    mask: u32,
    shift: u32,
    max: u32,
    absent: u8,
}

impl Channel {
    fn new(mask: u32, absent: u8) -> Channel {
        let shift = mask.trailing_zeros().min(31);
        Channel {
            mask,
            shift,
            max: mask.checked_shr(shift).unwrap_or(0),
            absent,
        }
    }

    #[inline(always)]
    fn get(&self, px: u32) -> u8 {
        if self.max == 0 {
            return self.absent;
        }
        let v = u64::from((px & self.mask).checked_shr(self.shift).unwrap_or(0));
        let max = u64::from(self.max);
        let scaled = v
            .saturating_mul(255)
            .saturating_add(max / 2)
            .checked_div(max)
            .unwrap_or(0);
        u8::try_from(scaled).unwrap_or(u8::MAX)
    }
}

/// Expands `src` (pixels of `layout.bits` bits, little-endian) into `out`, RGBA8. `src` must hold
/// exactly `out.len() / 4` pixels; a bit count other than 8, 16, 24 or 32 is a mismatch.
pub fn to_rgba(layout: MaskLayout, src: &[u8], out: &mut [u8]) -> Result<(), SizeMismatch> {
    let bytes = match layout.bits {
        8 => 1,
        16 => 2,
        24 => 3,
        32 => 4,
        _ => {
            return Err(SizeMismatch {
                expected: 0,
                actual: src.len(),
            });
        }
    };
    let pixels = out.len() / 4;
    require(pixels.saturating_mul(4), out.len())?;
    require(pixels.saturating_mul(bytes), src.len())?;
    match (layout.bits, layout.rgba) {
        (32, [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0xFF00_0000]) => {
            return crate::bgra::to_rgba(src, out);
        }
        (32, [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0]) => {
            return crate::bgra::to_rgba_opaque(src, out);
        }
        (32, [0x0000_00FF, 0x0000_FF00, 0x00FF_0000, 0xFF00_0000]) => {
            out.copy_from_slice(src);
            return Ok(());
        }
        (16, [0x7C00, 0x03E0, 0x001F, 0x8000]) => return crate::packed::argb1555_to_rgba(src, out),
        (16, [0x0F00, 0x00F0, 0x000F, 0xF000]) => return crate::packed::argb4444_to_rgba(src, out),
        _ => {}
    }
    let [r, g, b, a] = layout.rgba;
    let channels = [
        Channel::new(r, 0),
        Channel::new(g, 0),
        Channel::new(b, 0),
        Channel::new(a, 255),
    ];
    let (dst, _) = out.as_chunks_mut::<4>();
    for (px, d) in src.chunks_exact(bytes).zip(dst) {
        let mut word = [0u8; 4];
        for (w, s) in word.iter_mut().zip(px) {
            *w = *s;
        }
        let v = u32::from_le_bytes(word);
        *d = channels.map(|c| c.get(v));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts() {
        let mut out = [0u8; 8];
        // B, G, R, X: alpha forced opaque.
        let bgrx = MaskLayout {
            bits: 32,
            rgba: [0xFF_0000, 0xFF00, 0xFF, 0],
        };
        to_rgba(bgrx, &[1, 2, 3, 9, 4, 5, 6, 9], &mut out).unwrap();
        assert_eq!(out, [3, 2, 1, 255, 6, 5, 4, 255]);
        // 24-bit B, G, R.
        let mut out = [0u8; 4];
        to_rgba(bgrx.with_bits(24), &[10, 20, 30], &mut out).unwrap();
        assert_eq!(out, [30, 20, 10, 255]);
        // 565: full red, green 31 of 63 (125.48 rounds to 125), no blue.
        let rgb565 = MaskLayout {
            bits: 16,
            rgba: [0xF800, 0x07E0, 0x001F, 0],
        };
        to_rgba(rgb565, &(0xF800u16 | (31 << 5)).to_le_bytes(), &mut out).unwrap();
        assert_eq!(out, [255, 125, 0, 255]);
        // 8-bit luminance in the red mask, copied to all three.
        let l8 = MaskLayout {
            bits: 8,
            rgba: [0xFF, 0xFF, 0xFF, 0],
        };
        to_rgba(l8, &[77], &mut out).unwrap();
        assert_eq!(out, [77, 77, 77, 255]);
        // Wrong lengths and bit counts are errors.
        assert!(to_rgba(rgb565, &[0; 3], &mut out).is_err());
        assert!(to_rgba(rgb565.with_bits(12), &[0; 2], &mut out).is_err());
    }

    impl MaskLayout {
        fn with_bits(self, bits: u32) -> MaskLayout {
            MaskLayout { bits, ..self }
        }
    }
}
