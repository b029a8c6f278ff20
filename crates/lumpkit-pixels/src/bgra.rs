//! Four bytes per pixel stored B, G, R, A (BLP2 raw, and BLP's JPEG components) to RGBA8.

use crate::{SizeMismatch, require};

/// Copies B, G, R, A pixels from `bgra` into `rgba` as R, G, B, A. Both must be the same length,
/// a multiple of 4.
pub fn to_rgba(bgra: &[u8], rgba: &mut [u8]) -> Result<(), SizeMismatch> {
    require(bgra.len(), rgba.len())?;
    require(bgra.len().saturating_sub(bgra.len() % 4), bgra.len())?;
    for (src, dst) in bgra.chunks_exact(4).zip(rgba.chunks_exact_mut(4)) {
        if let ([b, g, r, a], [dr, dg, db, da]) = (src, dst) {
            (*dr, *dg, *db, *da) = (*r, *g, *b, *a);
        }
    }
    Ok(())
}

/// Turns B, G, R, A pixels into R, G, B, A in place (a trailing partial pixel is left alone).
pub fn swap_in_place(pixels: &mut [u8]) {
    for px in pixels.chunks_exact_mut(4) {
        px.swap(0, 2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swaps_blue_and_red() {
        let mut out = [0u8; 8];
        to_rgba(&[1, 2, 3, 4, 5, 6, 7, 8], &mut out).unwrap();
        assert_eq!(out, [3, 2, 1, 4, 7, 6, 5, 8]);
        swap_in_place(&mut out);
        assert_eq!(out, [1, 2, 3, 4, 5, 6, 7, 8]);
        assert!(to_rgba(&[0; 4], &mut [0; 8]).is_err());
    }
}
