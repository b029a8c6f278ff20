//! Packed 16- and 32-bit pixels (PAA's non-DXT types) to RGBA8.
//!
//! Layouts (`../shared/research/paa.md` §2; 16-bit words little-endian):
//! - ARGB4444: `A<<12 | R<<8 | G<<4 | B`; 4 → 8 bits as `v × 17` (= `v<<4 | v`), as armaio, a3-paa
//!   and the corpus reference do (HEMTT swaps R and B and scales by `v<<4`, which is wrong).
//! - ARGB1555: `A<<15 | R<<10 | G<<5 | B`; 5 → 8 bits by bit replication `v<<3 | v>>2` (the
//!   corpus reference; `round(v × 255 / 31)` differs for v ∈ {3, 7, 24, 28}); 1-bit alpha → 0 or 255.
//! - ARGB8888: bytes B, G, R, A.
//! - AI88: bytes intensity, alpha; R = G = B = intensity.

use crate::{SizeMismatch, require};

/// `src` holds `pixels × in_bytes` bytes and `out` `pixels × 4`.
fn check(src: &[u8], in_bytes: usize, out: &[u8]) -> Result<(), SizeMismatch> {
    let pixels = src.len().checked_div(in_bytes).unwrap_or(0);
    require(pixels.saturating_mul(in_bytes), src.len())?;
    require(pixels.saturating_mul(4), out.len())
}

/// Runs `f` over every 2-byte pixel of `src` (checked against `out` first), one 4-byte store each.
#[inline(always)]
fn map16(src: &[u8], out: &mut [u8], f: impl Fn(u32) -> u32) -> Result<(), SizeMismatch> {
    check(src, 2, out)?;
    let (words, _) = src.as_chunks::<2>();
    let (pixels, _) = out.as_chunks_mut::<4>();
    for (&w, px) in words.iter().zip(pixels) {
        *px = f(u32::from(u16::from_le_bytes(w))).to_le_bytes();
    }
    Ok(())
}

/// ARGB4444 to an RGBA lane: the four nibbles spread one per byte, then ×17 for all four at once
/// (`n | n << 4`, which cannot carry between bytes since every nibble is below 16).
#[inline(always)]
fn lane4444(v: u32) -> u32 {
    let spread = ((v >> 8) & 0xF) | (((v >> 4) & 0xF) << 8) | ((v & 0xF) << 16) | ((v >> 12) << 24);
    spread | (spread << 4)
}

/// ARGB1555 to an RGBA lane: the three 5-bit channels spread one per byte, then bit replication
/// `v << 3 | v >> 2` for all three at once (the mask keeps each byte's own bits); alpha 0 or 255.
#[inline(always)]
fn lane1555(v: u32) -> u32 {
    let spread = ((v >> 10) & 0x1F) | (((v >> 5) & 0x1F) << 8) | ((v & 0x1F) << 16);
    let rgb = (spread << 3) | ((spread >> 2) & 0x0007_0707);
    rgb | (0u32.wrapping_sub(v >> 15) << 24)
}

/// AI88 (`intensity | alpha << 8`) to an RGBA lane.
#[inline(always)]
fn lane88(v: u32) -> u32 {
    let i = v & 0xFF;
    i | (i << 8) | (i << 16) | ((v >> 8) << 24)
}

/// ARGB4444 words to RGBA8. `out` must be twice as long as `src`.
pub fn argb4444_to_rgba(src: &[u8], out: &mut [u8]) -> Result<(), SizeMismatch> {
    map16(src, out, lane4444)
}

/// ARGB1555 words to RGBA8. `out` must be twice as long as `src`.
pub fn argb1555_to_rgba(src: &[u8], out: &mut [u8]) -> Result<(), SizeMismatch> {
    map16(src, out, lane1555)
}

/// B, G, R, A bytes to RGBA8. `out` must be as long as `src`.
pub fn bgra8888_to_rgba(src: &[u8], out: &mut [u8]) -> Result<(), SizeMismatch> {
    check(src, 4, out)?;
    crate::bgra::to_rgba(src, out)
}

/// Intensity, alpha byte pairs to RGBA8. `out` must be twice as long as `src`.
pub fn ai88_to_rgba(src: &[u8], out: &mut [u8]) -> Result<(), SizeMismatch> {
    map16(src, out, lane88)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn argb4444_scales_by_17_in_a_r_g_b_order() {
        let mut out = [0u8; 4];
        argb4444_to_rgba(&0xF1A3u16.to_le_bytes(), &mut out).unwrap();
        assert_eq!(out, [0x11, 0xAA, 0x33, 0xFF]);
    }

    #[test]
    fn argb1555_replicates_bits() {
        let mut out = [0u8; 4];
        // A=1, R=3, G=7, B=24: the values where replication and rounding disagree.
        let v: u16 = 0x8000 | (3 << 10) | (7 << 5) | 24;
        argb1555_to_rgba(&v.to_le_bytes(), &mut out).unwrap();
        assert_eq!(out, [24, 57, 198, 255]);
        argb1555_to_rgba(&0x7FFFu16.to_le_bytes(), &mut out).unwrap();
        assert_eq!(out, [255, 255, 255, 0]);
    }

    #[test]
    fn bgra_and_ai88() {
        let mut out = [0u8; 4];
        bgra8888_to_rgba(&[1, 2, 3, 4], &mut out).unwrap();
        assert_eq!(out, [3, 2, 1, 4]);
        ai88_to_rgba(&[9, 200], &mut out).unwrap();
        assert_eq!(out, [9, 9, 9, 200]);
    }

    #[test]
    fn sizes_are_checked() {
        assert!(argb4444_to_rgba(&[0; 4], &mut [0; 4]).is_err());
        assert!(bgra8888_to_rgba(&[0; 5], &mut [0; 5]).is_err());
        assert!(ai88_to_rgba(&[0; 3], &mut [0; 6]).is_err());
    }
}
