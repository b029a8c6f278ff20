//! Indexed colour: one byte per pixel looked up in a 256-entry palette.

use crate::{SizeMismatch, alpha, require};

/// A palette as whole RGBA8 pixels, `R | G<<8 | B<<16 | A<<24`: one load and one 4-byte store per
/// pixel instead of assembling the pixel from channels.
type Lanes = [u32; 256];

/// One pixel lane from its channels.
#[inline(always)]
fn lane(r: u8, g: u8, b: u8, a: u8) -> u32 {
    u32::from_le_bytes([r, g, b, a])
}

/// Looks up `index` (a `u8` cannot miss 256 entries).
#[inline(always)]
fn at(table: &Lanes, index: u8) -> u32 {
    #[allow(clippy::indexing_slicing)] // a u8 index into 256 entries cannot miss
    table[usize::from(index)]
}

/// Writes `table[i]` for every index, one pixel per store.
fn expand_lanes(indices: &[u8], table: &Lanes, out: &mut [u8]) -> Result<(), SizeMismatch> {
    require(indices.len().saturating_mul(4), out.len())?;
    let (pixels, _) = out.as_chunks_mut::<4>();
    for (&i, px) in indices.iter().zip(pixels) {
        *px = at(table, i).to_le_bytes();
    }
    Ok(())
}

/// Expands indices through an RGB palette (768 bytes, as Quake/Half-Life store it) to RGBA8 with
/// alpha 255. `out` must hold `4 * indices.len()` bytes.
pub fn rgb_to_rgba(
    indices: &[u8],
    palette: &[[u8; 3]; 256],
    out: &mut [u8],
) -> Result<(), SizeMismatch> {
    let table = palette.map(|[r, g, b]| lane(r, g, b, 255));
    expand_lanes(indices, &table, out)
}

/// Expands indices through a BGRA-ordered palette (as BLP stores it: B, G, R, A per entry) to RGBA8.
/// The palette's fourth byte is ignored and alpha is set to 255; BLP carries alpha in its own plane.
pub fn bgrx_to_rgba(
    indices: &[u8],
    palette: &[[u8; 4]; 256],
    out: &mut [u8],
) -> Result<(), SizeMismatch> {
    expand_lanes(indices, &bgrx_lanes(palette, 255), out)
}

/// A BGRx palette as RGBA lanes with the given alpha.
fn bgrx_lanes(palette: &[[u8; 4]; 256], alpha: u8) -> Lanes {
    palette.map(|[b, g, r, _]| lane(r, g, b, alpha))
}

/// BLP's indexed pixels in one pass: colour from the BGRx palette and alpha from the separate plane
/// (`alpha_bits` 0, 1, 4 or 8, packed as [`alpha::apply`] reads it), each output pixel written once.
/// The same result as [`bgrx_to_rgba`] followed by [`alpha::apply`], and the same size checks:
/// `out` holds `4 * indices.len()` bytes and `plane` exactly [`alpha::plane_len`] bytes (other
/// depths than 1, 4 and 8 are treated as 0: opaque, empty plane).
pub fn bgrx_with_alpha_to_rgba(
    indices: &[u8],
    palette: &[[u8; 4]; 256],
    alpha_bits: u8,
    plane: &[u8],
    out: &mut [u8],
) -> Result<(), SizeMismatch> {
    let pixels = indices.len();
    require(pixels.saturating_mul(4), out.len())?;
    let bits = if matches!(alpha_bits, 1 | 4 | 8) {
        alpha_bits
    } else {
        0
    };
    require(alpha::plane_len(pixels, bits), plane.len())?;
    let table = bgrx_lanes(palette, 0);
    let (out, _) = out.as_chunks_mut::<4>();
    match bits {
        8 => with_alpha8(indices, &table, plane, out),
        4 => with_alpha4(indices, &table, plane, out),
        1 => with_alpha1(indices, &table, plane, out),
        _ => {
            for (&i, px) in indices.iter().zip(out) {
                *px = (at(&table, i) | 0xFF00_0000).to_le_bytes();
            }
        }
    }
    Ok(())
}

/// One alpha byte per pixel.
fn with_alpha8(indices: &[u8], table: &Lanes, plane: &[u8], out: &mut [[u8; 4]]) {
    for ((&i, &a), px) in indices.iter().zip(plane).zip(out) {
        *px = (at(table, i) | (u32::from(a) << 24)).to_le_bytes();
    }
}

/// 4-bit alpha, ×17 to 8 bits.
#[inline(always)]
fn alpha4(nibble: u8) -> u32 {
    let n = u32::from(nibble & 0xF);
    (n | (n << 4)) << 24
}

/// Two pixels per alpha byte, low nibble first.
fn with_alpha4(indices: &[u8], table: &Lanes, plane: &[u8], out: &mut [[u8; 4]]) {
    let (pairs, odd) = indices.as_chunks::<2>();
    let (out_pairs, out_odd) = out.as_chunks_mut::<2>();
    for ((&[i0, i1], &a), [p0, p1]) in pairs.iter().zip(plane).zip(out_pairs.iter_mut()) {
        *p0 = (at(table, i0) | alpha4(a)).to_le_bytes();
        *p1 = (at(table, i1) | alpha4(a >> 4)).to_le_bytes();
    }
    if let (Some(&i), Some(&a), Some(px)) = (odd.first(), plane.last(), out_odd.first_mut()) {
        *px = (at(table, i) | alpha4(a)).to_le_bytes();
    }
}

/// 1-bit alpha: 0 or 255.
#[inline(always)]
fn alpha1(byte: u8, bit: u32) -> u32 {
    0u32.wrapping_sub((u32::from(byte) >> bit) & 1) << 24
}

/// Eight pixels per alpha byte, least significant bit first.
fn with_alpha1(indices: &[u8], table: &Lanes, plane: &[u8], out: &mut [[u8; 4]]) {
    let (octets, rest) = indices.as_chunks::<8>();
    let (out_octets, out_rest) = out.as_chunks_mut::<8>();
    for ((idx, &a), px) in octets.iter().zip(plane).zip(out_octets.iter_mut()) {
        for ((&i, p), bit) in idx.iter().zip(px.iter_mut()).zip(0u32..8) {
            *p = (at(table, i) | alpha1(a, bit)).to_le_bytes();
        }
    }
    if let Some(&a) = plane.get(octets.len()) {
        for ((&i, p), bit) in rest.iter().zip(out_rest.iter_mut()).zip(0u32..8) {
            *p = (at(table, i) | alpha1(a, bit)).to_le_bytes();
        }
    }
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

/// Reads a palette file for formats that carry none (WAD2, WAL): 768 raw RGB bytes (Quake's
/// `palette.lmp`) or a 256-colour PCX, whose last 769 bytes are `0x0C` and the palette (how Quake 2
/// ships `pics/colormap.pcx`). The CLI's `--palette` and the browser build both read it here.
pub fn palette_file(bytes: &[u8]) -> Option<[[u8; 3]; 256]> {
    let is_pcx = bytes.len() > 128 + 769 && bytes.first() == Some(&0x0A);
    if is_pcx {
        let tail = bytes.get(bytes.len().checked_sub(769)?..)?;
        return match tail.split_first() {
            Some((0x0C, colours)) => rgb_palette(colours),
            _ => None,
        };
    }
    rgb_palette(bytes)
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
