//! Fitting a picture of one size into another: crop at the right and bottom, pad with transparent
//! black (0, 0, 0, 0). Used when a BLP level's JPEG frame is not the level's size (the spec:
//! "the right and bottom edges being used to crop or expand the image").

use crate::{SizeMismatch, require};

/// Copies the top-left overlap of `src` (`sw × sh` RGBA8) into `dst` (`dw × dh` RGBA8) and zeroes
/// the rest of `dst`.
pub fn crop_or_pad(
    src: &[u8],
    (sw, sh): (usize, usize),
    dst: &mut [u8],
    (dw, dh): (usize, usize),
) -> Result<(), SizeMismatch> {
    require(sw.saturating_mul(sh).saturating_mul(4), src.len())?;
    require(dw.saturating_mul(dh).saturating_mul(4), dst.len())?;
    dst.fill(0);
    let copy = sw.min(dw).saturating_mul(4);
    if copy == 0 {
        return Ok(());
    }
    let src_rows = src.chunks_exact(sw.saturating_mul(4));
    let dst_rows = dst.chunks_exact_mut(dw.saturating_mul(4));
    for (s, d) in src_rows.zip(dst_rows) {
        if let (Some(s), Some(d)) = (s.get(..copy), d.get_mut(..copy)) {
            d.copy_from_slice(s);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crops_and_pads() {
        let src: [u8; 16] = core::array::from_fn(|i| i as u8 + 1);
        let mut dst = [9u8; 3 * 4];
        crop_or_pad(&src, (2, 2), &mut dst, (3, 1)).unwrap();
        assert_eq!(dst, [1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0]);
        let mut dst = [9u8; 4];
        crop_or_pad(&src, (2, 2), &mut dst, (1, 1)).unwrap();
        assert_eq!(dst, [1, 2, 3, 4]);
    }
}
