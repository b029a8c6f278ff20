//! Indexed colour with alpha decided per index: the palettes of masked textures (one index fully
//! transparent) and gradient decals (one colour, alpha = index), expanded to RGBA8.

use crate::{SizeMismatch, require};

/// An RGBA lookup table built from an RGB palette.
pub type RgbaTable = [[u8; 4]; 256];

/// Every entry opaque.
pub fn opaque(palette: &[[u8; 3]; 256]) -> RgbaTable {
    palette.map(|[r, g, b]| [r, g, b, 255])
}

/// Every entry opaque except `key`, which becomes (0, 0, 0, 0).
pub fn masked(palette: &[[u8; 3]; 256], key: u8) -> RgbaTable {
    let mut table = opaque(palette);
    if let Some(entry) = table.get_mut(usize::from(key)) {
        *entry = [0; 4];
    }
    table
}

/// Every entry has the colour of `palette[colour]` and alpha equal to its own index.
pub fn gradient(palette: &[[u8; 3]; 256], colour: u8) -> RgbaTable {
    let [r, g, b] = palette.get(usize::from(colour)).copied().unwrap_or([0; 3]);
    let mut table = [[0u8; 4]; 256];
    for (entry, alpha) in table.iter_mut().zip(0u8..=255) {
        *entry = [r, g, b, alpha];
    }
    table
}

/// Expands indices through an RGBA table. `out` must hold `4 * indices.len()` bytes.
pub fn expand(indices: &[u8], table: &RgbaTable, out: &mut [u8]) -> Result<(), SizeMismatch> {
    require(indices.len().saturating_mul(4), out.len())?;
    for (&i, px) in indices.iter().zip(out.chunks_exact_mut(4)) {
        #[allow(clippy::indexing_slicing)] // a u8 index into 256 entries cannot miss
        px.copy_from_slice(&table[usize::from(i)]);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    #[test]
    fn masked_and_gradient_tables() {
        let mut pal = [[1u8, 2, 3]; 256];
        pal[255] = [9, 8, 7];
        let mut out = [0u8; 8];
        expand(&[0, 255], &masked(&pal, 255), &mut out).unwrap();
        assert_eq!(out, [1, 2, 3, 255, 0, 0, 0, 0]);
        expand(&[0, 200], &gradient(&pal, 255), &mut out).unwrap();
        assert_eq!(out, [9, 8, 7, 0, 9, 8, 7, 200]);
        assert!(expand(&[0], &opaque(&pal), &mut out).is_err());
    }
}
