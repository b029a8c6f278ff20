//! The lane-at-a-time paths against straightforward per-channel reference code written from the
//! layouts in the module docs: every alpha depth, every packed format, random sizes and contents.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use lumpkit_pixels::{alpha, bgra, packed, palette};
use proptest::prelude::*;

fn ref_palette_alpha(indices: &[u8], pal: &[[u8; 4]; 256], bits: u8, plane: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for (n, &i) in indices.iter().enumerate() {
        let [b, g, r, _] = pal[i as usize];
        let a = match bits {
            8 => plane[n],
            4 => {
                let nibble = (plane[n / 2] >> (4 * (n % 2))) & 0xF;
                nibble * 17
            }
            1 => {
                if (plane[n / 8] >> (n % 8)) & 1 == 1 {
                    255
                } else {
                    0
                }
            }
            _ => 255,
        };
        out.extend_from_slice(&[r, g, b, a]);
    }
    out
}

fn ref_4444(src: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for w in src.chunks_exact(2) {
        let v = u16::from_le_bytes([w[0], w[1]]);
        let n = |s: u16| ((v >> s) & 0xF) as u8 * 17;
        out.extend_from_slice(&[n(8), n(4), n(0), n(12)]);
    }
    out
}

fn ref_1555(src: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for w in src.chunks_exact(2) {
        let v = u16::from_le_bytes([w[0], w[1]]);
        let c = |s: u16| {
            let x = ((v >> s) & 0x1F) as u8;
            (x << 3) | (x >> 2)
        };
        let a = if v >> 15 == 1 { 255 } else { 0 };
        out.extend_from_slice(&[c(10), c(5), c(0), a]);
    }
    out
}

fn bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut state = seed | 1;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// One pass equals the old two passes and the reference, for every depth (2 and 3 included:
    /// treated as opaque with an empty plane).
    #[test]
    fn palette_with_alpha(pixels in 0usize..300, bits in prop::sample::select(&[0u8, 1, 2, 4, 8][..]), seed in any::<u64>()) {
        let indices = bytes(seed, pixels);
        let pal_bytes = bytes(seed ^ 0x55, 1024);
        let pal = palette::bgra_palette(&pal_bytes).unwrap();
        let effective = if matches!(bits, 1 | 4 | 8) { bits } else { 0 };
        let plane = bytes(seed ^ 0xAA, alpha::plane_len(pixels, effective));
        let mut one = vec![0x5Au8; pixels * 4];
        palette::bgrx_with_alpha_to_rgba(&indices, &pal, bits, &plane, &mut one).unwrap();
        let mut two = vec![0u8; pixels * 4];
        palette::bgrx_to_rgba(&indices, &pal, &mut two).unwrap();
        alpha::apply(bits, &plane, &mut two).unwrap();
        prop_assert_eq!(&one, &two);
        prop_assert_eq!(one, ref_palette_alpha(&indices, &pal, effective, &plane));
        if effective != 0 {
            let mut short = vec![0u8; pixels * 4];
            prop_assert!(palette::bgrx_with_alpha_to_rgba(&indices, &pal, bits, &plane[..plane.len().saturating_sub(1)], &mut short).is_err() || plane.is_empty());
        }
    }

    #[test]
    fn rgb_palette(pixels in 0usize..300, seed in any::<u64>()) {
        let indices = bytes(seed, pixels);
        let pal = palette::rgb_palette(&bytes(seed ^ 7, 768)).unwrap();
        let mut out = vec![0u8; pixels * 4];
        palette::rgb_to_rgba(&indices, &pal, &mut out).unwrap();
        let expected: Vec<u8> = indices.iter().flat_map(|&i| { let [r, g, b] = pal[i as usize]; [r, g, b, 255] }).collect();
        prop_assert_eq!(out, expected);
    }

    #[test]
    fn packed_formats(pixels in 0usize..300, seed in any::<u64>()) {
        let src16 = bytes(seed, pixels * 2);
        let mut out = vec![0u8; pixels * 4];
        packed::argb4444_to_rgba(&src16, &mut out).unwrap();
        prop_assert_eq!(&out, &ref_4444(&src16));
        packed::argb1555_to_rgba(&src16, &mut out).unwrap();
        prop_assert_eq!(&out, &ref_1555(&src16));
        packed::ai88_to_rgba(&src16, &mut out).unwrap();
        let ai: Vec<u8> = src16.chunks_exact(2).flat_map(|p| [p[0], p[0], p[0], p[1]]).collect();
        prop_assert_eq!(&out, &ai);
        let src32 = bytes(seed ^ 3, pixels * 4);
        packed::bgra8888_to_rgba(&src32, &mut out).unwrap();
        let swapped: Vec<u8> = src32.chunks_exact(4).flat_map(|p| [p[2], p[1], p[0], p[3]]).collect();
        prop_assert_eq!(&out, &swapped);
        let mut again = vec![0u8; pixels * 4];
        bgra::to_rgba(&src32, &mut again).unwrap();
        prop_assert_eq!(&again, &swapped);
        bgra::to_rgba_opaque(&src32, &mut again).unwrap();
        let opaque: Vec<u8> = src32.chunks_exact(4).flat_map(|p| [p[2], p[1], p[0], 255]).collect();
        prop_assert_eq!(&again, &opaque);
        bgra::to_rgba(&src32, &mut again).unwrap();
        bgra::swap_in_place(&mut again);
        prop_assert_eq!(&again, &src32);
        alpha::force_opaque(&mut again);
        prop_assert!(again.chunks_exact(4).zip(src32.chunks_exact(4)).all(|(a, s)| a[..3] == s[..3] && a[3] == 255));
    }
}

/// Every 16-bit value, not just random ones: the lane arithmetic has no carries between channels.
#[test]
fn every_16_bit_value() {
    let src: Vec<u8> = (0..=u16::MAX).flat_map(u16::to_le_bytes).collect();
    let mut out = vec![0u8; src.len() * 2];
    packed::argb4444_to_rgba(&src, &mut out).unwrap();
    assert_eq!(out, ref_4444(&src));
    packed::argb1555_to_rgba(&src, &mut out).unwrap();
    assert_eq!(out, ref_1555(&src));
    packed::ai88_to_rgba(&src, &mut out).unwrap();
    let ai: Vec<u8> = src
        .chunks_exact(2)
        .flat_map(|p| [p[0], p[0], p[0], p[1]])
        .collect();
    assert_eq!(out, ai);
}

/// Every length around the 64-pixel blocks, so that the per-pixel tail meets every block count.
#[test]
fn lengths_around_blocks() {
    let src: Vec<u8> = (0..=u16::MAX).rev().flat_map(u16::to_le_bytes).collect();
    let lengths: Vec<usize> = if cfg!(miri) {
        vec![0, 1, 63, 64, 65, 129]
    } else {
        (0..200)
            .chain([1023, 1024, 1025, 4095, 4096, 4097])
            .collect()
    };
    for pixels in lengths {
        let src = &src[..pixels * 2];
        let mut out = vec![0u8; pixels * 4];
        packed::argb4444_to_rgba(src, &mut out).unwrap();
        assert_eq!(out, ref_4444(src), "{pixels}");
        packed::argb1555_to_rgba(src, &mut out).unwrap();
        assert_eq!(out, ref_1555(src), "{pixels}");
    }
}
