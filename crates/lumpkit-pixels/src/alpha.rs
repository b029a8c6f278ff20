//! BLP's separate alpha plane: `alphaBits` (0, 1, 4 or 8) per pixel, packed from the least
//! significant bit up, in the same pixel order as the index plane.
//!
//! The spec (`blp-wc3.txt`, "Indexed Mipmap Data") draws one byte as `ALPHA_8B -> 11111111`,
//! `ALPHA_4B -> 22221111`, `ALPHA_1B -> 87654321` (MSB to LSB, digits = pixel order). 1-bit values
//! expand to 0 or 255, 4-bit values by ×17 (so 15 → 255, not 240 as SereniaBLPLib's ×16 gives).

use crate::{SizeMismatch, require};

/// Bytes of an alpha plane of `pixels` pixels at `bits` per pixel (rounded up to whole bytes).
pub const fn plane_len(pixels: usize, bits: u8) -> usize {
    pixels.saturating_mul(bits as usize).div_ceil(8)
}

/// Writes the alpha of every RGBA8 pixel in `rgba` from `plane`. `bits` 0 writes 255 (opaque) and
/// needs an empty plane; other values than 0, 1, 4 and 8 are treated as 0. `plane` must be exactly
/// [`plane_len`] bytes.
pub fn apply(bits: u8, plane: &[u8], rgba: &mut [u8]) -> Result<(), SizeMismatch> {
    let pixels = rgba.len() / 4;
    require(pixels.saturating_mul(4), rgba.len())?;
    let bits = if matches!(bits, 1 | 4 | 8) { bits } else { 0 };
    require(plane_len(pixels, bits), plane.len())?;
    let alphas = rgba.chunks_exact_mut(4).filter_map(|px| px.get_mut(3));
    match bits {
        8 => alphas.zip(plane).for_each(|(a, &v)| *a = v),
        4 => {
            let values = plane.iter().flat_map(|&b| [b & 0x0F, b >> 4]);
            alphas
                .zip(values)
                .for_each(|(a, v)| *a = v.saturating_mul(17));
        }
        1 => {
            let values = plane
                .iter()
                .flat_map(|&b| (0..8).map(move |i| (b >> i) & 1));
            alphas
                .zip(values)
                .for_each(|(a, v)| *a = if v == 1 { 255 } else { 0 });
        }
        _ => alphas.for_each(|a| *a = 255),
    }
    Ok(())
}

/// Sets every pixel's alpha to 255 (content whose alphaBits is 0 but which stores alpha anyway).
pub fn force_opaque(rgba: &mut [u8]) {
    let (pixels, _) = rgba.as_chunks_mut::<4>();
    for px in pixels {
        *px = (u32::from_le_bytes(*px) | 0xFF00_0000).to_le_bytes();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unpacks_lsb_first() {
        let mut rgba = [0u8; 9 * 4];
        apply(1, &[0b1000_0101, 0b1], &mut rgba).unwrap();
        let a: [u8; 9] = core::array::from_fn(|i| rgba[i * 4 + 3]);
        assert_eq!(a, [255, 0, 255, 0, 0, 0, 0, 255, 255]);
        let mut rgba = [0u8; 3 * 4];
        apply(4, &[0x1F, 0x08], &mut rgba).unwrap();
        assert_eq!([rgba[3], rgba[7], rgba[11]], [255, 17, 136]);
        let mut rgba = [0u8; 2 * 4];
        apply(8, &[7, 9], &mut rgba).unwrap();
        assert_eq!([rgba[3], rgba[7]], [7, 9]);
        apply(0, &[], &mut rgba).unwrap();
        assert_eq!([rgba[3], rgba[7]], [255, 255]);
        assert!(apply(4, &[0], &mut [0u8; 12]).is_err());
    }
}
