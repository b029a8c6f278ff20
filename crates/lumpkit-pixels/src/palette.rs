//! Indexed colour: one byte per pixel looked up in a 256-entry palette.

use crate::{SizeMismatch, require};

/// Expands indices through an RGB palette (768 bytes, as Quake/Half-Life store it) to RGBA8 with
/// alpha 255. `out` must hold `4 * indices.len()` bytes.
pub fn rgb_to_rgba(
    indices: &[u8],
    palette: &[[u8; 3]; 256],
    out: &mut [u8],
) -> Result<(), SizeMismatch> {
    require(indices.len().saturating_mul(4), out.len())?;
    for (&i, px) in indices.iter().zip(out.chunks_exact_mut(4)) {
        #[allow(clippy::indexing_slicing)] // a u8 index into 256 entries cannot miss
        let [r, g, b] = palette[usize::from(i)];
        px.copy_from_slice(&[r, g, b, 255]);
    }
    Ok(())
}

/// Expands indices through a BGRA-ordered palette (as BLP stores it: B, G, R, A per entry) to RGBA8.
/// The palette's fourth byte is ignored and alpha is set to 255; BLP carries alpha in its own plane.
pub fn bgrx_to_rgba(
    indices: &[u8],
    palette: &[[u8; 4]; 256],
    out: &mut [u8],
) -> Result<(), SizeMismatch> {
    require(indices.len().saturating_mul(4), out.len())?;
    for (&i, px) in indices.iter().zip(out.chunks_exact_mut(4)) {
        #[allow(clippy::indexing_slicing)] // a u8 index into 256 entries cannot miss
        let [b, g, r, _] = palette[usize::from(i)];
        px.copy_from_slice(&[r, g, b, 255]);
    }
    Ok(())
}

/// Reads a 768-byte RGB palette into the lookup form used above. `None` when shorter than 768 bytes.
pub fn rgb_palette(bytes: &[u8]) -> Option<[[u8; 3]; 256]> {
    let mut table = [[0u8; 3]; 256];
    let body = bytes.get(..768)?;
    for (entry, rgb) in table.iter_mut().zip(body.chunks_exact(3)) {
        entry.copy_from_slice(rgb);
    }
    Some(table)
}

/// Reads a 1024-byte BGRA palette (BLP's layout). `None` when shorter than 1024 bytes.
pub fn bgra_palette(bytes: &[u8]) -> Option<[[u8; 4]; 256]> {
    let mut table = [[0u8; 4]; 256];
    let body = bytes.get(..1024)?;
    for (entry, bgra) in table.iter_mut().zip(body.chunks_exact(4)) {
        entry.copy_from_slice(bgra);
    }
    Some(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expands_rgb_and_bgrx() {
        let mut pal = [[0u8; 3]; 256];
        pal[7] = [1, 2, 3];
        let mut out = [0u8; 8];
        rgb_to_rgba(&[7, 0], &pal, &mut out).unwrap();
        assert_eq!(out, [1, 2, 3, 255, 0, 0, 0, 255]);
        let mut bgra = [[0u8; 4]; 256];
        bgra[1] = [10, 20, 30, 40];
        let mut out = [0u8; 4];
        bgrx_to_rgba(&[1], &bgra, &mut out).unwrap();
        assert_eq!(out, [30, 20, 10, 255]);
        assert!(rgb_to_rgba(&[1], &pal, &mut [0u8; 3]).is_err());
    }
}
