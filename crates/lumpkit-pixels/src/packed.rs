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

/// Pixels per block of [`map16_halves`]: 128 bytes of input, two 128-byte half arrays.
const BLOCK: usize = 64;

/// Runs `f` over every 2-byte pixel of `src` (checked against `out` first), which gives the
/// pixel's two output halves (R, G and B, A) as `u16`s. A block of pixels at a time, `f` fills
/// two arrays of halves and a second loop interleaves them into `out`: each loop is then plain
/// eight-lane 16-bit vector code, where one loop doing both gets half-filled vectors, and the
/// earlier 32-bit lane per pixel did twice the work (callgrind, per pixel: 4444 5.5 → 3.1
/// instructions, 1555 6.0 → 3.6, AI88 4.1 → 1.5). 64 is the measured best block: 32 and 128
/// undo most of it for some formats. The last partial block goes pixel by pixel.
#[inline(always)]
fn map16_halves(
    src: &[u8],
    out: &mut [u8],
    f: impl Fn(u16) -> [u16; 2],
) -> Result<(), SizeMismatch> {
    check(src, 2, out)?;
    let (blocks, words) = src.as_chunks::<{ 2 * BLOCK }>();
    let (pixel_blocks, pixels) = out.as_chunks_mut::<{ 4 * BLOCK }>();
    for (block, px) in blocks.iter().zip(pixel_blocks) {
        expand_block(block, px, &f);
    }
    let (words, _) = words.as_chunks::<2>();
    let (pixels, _) = pixels.as_chunks_mut::<4>();
    for (&w, px) in words.iter().zip(pixels) {
        *px = pixel16(w, &f);
    }
    Ok(())
}

/// [`map16_halves`] in place: `buf` holds the 2-byte pixels in its second half (where a
/// decompressor can write them, so that no second buffer is allocated and filled) and receives
/// their RGBA8 over the whole of it. Front to back, pixel `i`'s four bytes end at `4i + 4`, at or
/// before the word of pixel `i + 1` at `len/2 + 2i + 2`, so no word is overwritten before it is
/// read; a block's own words are copied out first because its output covers them near the end.
#[inline(always)]
fn map16_halves_in_place(buf: &mut [u8], f: impl Fn(u16) -> [u16; 2]) -> Result<(), SizeMismatch> {
    require(buf.len().saturating_sub(buf.len() % 4), buf.len())?;
    let half = buf.len() / 2;
    let pixels = half / 2;
    let blocks = pixels / BLOCK;
    for k in 0..blocks {
        let at = k.saturating_mul(2 * BLOCK).saturating_add(half);
        let mut words = [0u8; 2 * BLOCK];
        if let Some(src) = buf.get(at..at.saturating_add(2 * BLOCK)) {
            words.copy_from_slice(src);
        }
        let to = k.saturating_mul(4 * BLOCK);
        if let Some(px) = buf
            .get_mut(to..to.saturating_add(4 * BLOCK))
            .and_then(|px| <&mut [u8; 4 * BLOCK]>::try_from(px).ok())
        {
            expand_block(&words, px, &f);
        }
    }
    for i in blocks.saturating_mul(BLOCK)..pixels {
        let at = half.saturating_add(i.saturating_mul(2));
        let w = [
            buf.get(at).copied().unwrap_or(0),
            buf.get(at.saturating_add(1)).copied().unwrap_or(0),
        ];
        let to = i.saturating_mul(4);
        if let Some(px) = buf.get_mut(to..to.saturating_add(4)) {
            px.copy_from_slice(&pixel16(w, &f));
        }
    }
    Ok(())
}

/// One block of [`BLOCK`] pixels: `f` fills two arrays of halves, a second loop interleaves them.
#[inline(always)]
fn expand_block(block: &[u8; 2 * BLOCK], px: &mut [u8; 4 * BLOCK], f: &impl Fn(u16) -> [u16; 2]) {
    let mut rg = [0u16; BLOCK];
    let mut ba = [0u16; BLOCK];
    let (block, _) = block.as_chunks::<2>();
    for ((rg, ba), &w) in rg.iter_mut().zip(ba.iter_mut()).zip(block) {
        [*rg, *ba] = f(u16::from_le_bytes(w));
    }
    let (px, _) = px.as_chunks_mut::<4>();
    for ((px, rg), ba) in px.iter_mut().zip(rg).zip(ba) {
        let [r, g] = rg.to_le_bytes();
        let [b, a] = ba.to_le_bytes();
        *px = [r, g, b, a];
    }
}

/// One 2-byte pixel to RGBA8 (the pixels after the last whole block).
#[inline(always)]
fn pixel16(w: [u8; 2], f: &impl Fn(u16) -> [u16; 2]) -> [u8; 4] {
    let [rg, ba] = f(u16::from_le_bytes(w));
    let [r, g] = rg.to_le_bytes();
    let [b, a] = ba.to_le_bytes();
    [r, g, b, a]
}

/// ARGB4444 to its R, G and B, A halves: each pair of nibbles moved to its bytes, then ×17.
#[inline(always)]
fn halves4444(v: u16) -> [u16; 2] {
    let rg = ((v >> 8) & 0xF) | ((v << 4) & 0x0F00);
    let ba = (v & 0xF) | ((v >> 4) & 0x0F00);
    [rg | (rg << 4), ba | (ba << 4)]
}

/// ARGB1555 to its R, G and B, A halves: R and G moved to their bytes and bit-replicated
/// together (the masks keep each byte's own bits), B alone, alpha 0 or 255 from the sign.
#[inline(always)]
fn halves1555(v: u16) -> [u16; 2] {
    let rg = ((v >> 10) & 0x1F) | ((v << 3) & 0x1F00);
    let rg = ((rg << 3) & 0xF8F8) | ((rg >> 2) & 0x0707);
    let b = v & 0x1F;
    let b = (b << 3) | (b >> 2);
    [rg, b | (0u16.wrapping_sub(v >> 15) & 0xFF00)]
}

/// AI88 to its I, I and I, A halves.
#[inline(always)]
fn halves88(v: u16) -> [u16; 2] {
    let i = v & 0xFF;
    [i | (i << 8), v]
}

/// ARGB4444 words to RGBA8. `out` must be twice as long as `src`.
pub fn argb4444_to_rgba(src: &[u8], out: &mut [u8]) -> Result<(), SizeMismatch> {
    map16_halves(src, out, halves4444)
}

/// ARGB1555 words to RGBA8. `out` must be twice as long as `src`.
pub fn argb1555_to_rgba(src: &[u8], out: &mut [u8]) -> Result<(), SizeMismatch> {
    map16_halves(src, out, halves1555)
}

/// B, G, R, A bytes to RGBA8. `out` must be as long as `src`.
pub fn bgra8888_to_rgba(src: &[u8], out: &mut [u8]) -> Result<(), SizeMismatch> {
    check(src, 4, out)?;
    crate::bgra::to_rgba(src, out)
}

/// Intensity, alpha byte pairs to RGBA8. `out` must be twice as long as `src`.
pub fn ai88_to_rgba(src: &[u8], out: &mut [u8]) -> Result<(), SizeMismatch> {
    map16_halves(src, out, halves88)
}

/// [`argb4444_to_rgba`] in place: the words are in the second half of `buf` (a multiple of 4
/// bytes long), the RGBA8 pixels fill all of it.
pub fn argb4444_in_place(buf: &mut [u8]) -> Result<(), SizeMismatch> {
    map16_halves_in_place(buf, halves4444)
}

/// [`argb1555_to_rgba`] in place, as [`argb4444_in_place`].
pub fn argb1555_in_place(buf: &mut [u8]) -> Result<(), SizeMismatch> {
    map16_halves_in_place(buf, halves1555)
}

/// [`ai88_to_rgba`] in place, as [`argb4444_in_place`].
pub fn ai88_in_place(buf: &mut [u8]) -> Result<(), SizeMismatch> {
    map16_halves_in_place(buf, halves88)
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

    /// In place and into a second buffer agree, for lengths around the block size (the tail
    /// pixel by pixel, blocks whose output covers their own words).
    #[test]
    fn in_place_equals_two_buffers() {
        type Pair = (
            fn(&[u8], &mut [u8]) -> Result<(), SizeMismatch>,
            fn(&mut [u8]) -> Result<(), SizeMismatch>,
        );
        let pairs: [Pair; 3] = [
            (argb4444_to_rgba, argb4444_in_place),
            (argb1555_to_rgba, argb1555_in_place),
            (ai88_to_rgba, ai88_in_place),
        ];
        for pixels in [0, 1, 63, 64, 65, 127, 128, 129, 1000] {
            let mut words = [0u8; 2000];
            for (i, w) in words.iter_mut().enumerate() {
                *w = (i.wrapping_mul(151) ^ (i >> 3)) as u8;
            }
            let src = &words[..2 * pixels];
            for (two, one) in pairs {
                let mut expected = [0u8; 4000];
                two(src, &mut expected[..4 * pixels]).unwrap();
                let mut buf = [0xAAu8; 4000];
                let buf = &mut buf[..4 * pixels];
                buf[2 * pixels..].copy_from_slice(src);
                one(buf).unwrap();
                assert_eq!(buf, &expected[..4 * pixels], "{pixels} pixels");
            }
        }
        assert!(argb4444_in_place(&mut [0; 6]).is_err());
    }

    #[test]
    fn sizes_are_checked() {
        assert!(argb4444_to_rgba(&[0; 4], &mut [0; 4]).is_err());
        assert!(bgra8888_to_rgba(&[0; 5], &mut [0; 5]).is_err());
        assert!(ai88_to_rgba(&[0; 3], &mut [0; 6]).is_err());
    }
}
