//! Our decoder against texpresso, the decoder lumpkit used before: every block of random data, both
//! BC1 modes, BC2, BC3 with both alpha modes, solid blocks (all indices 0, which take their own
//! path), odd sizes, and short input.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use lumpkit_dxt::{Dxt, DxtError, decode, decode_into, decode_to_vec};
use proptest::prelude::*;

const ALL: [Dxt; 3] = [Dxt::Dxt1, Dxt::Dxt3, Dxt::Dxt5];

fn texpresso_format(format: Dxt) -> texpresso::Format {
    match format {
        Dxt::Dxt1 => texpresso::Format::Bc1,
        Dxt::Dxt3 => texpresso::Format::Bc2,
        Dxt::Dxt5 => texpresso::Format::Bc3,
    }
}

/// texpresso's pixels for a `w × h` image.
fn oracle(format: Dxt, w: u32, h: u32, data: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; (w * h * 4) as usize];
    texpresso_format(format).decompress(data, w as usize, h as usize, &mut out);
    out
}

/// Ours, through every entry point, checked to agree with each other.
fn ours(format: Dxt, w: u32, h: u32, data: &[u8]) -> Vec<u8> {
    // A filled buffer: every byte must be overwritten.
    let mut out = vec![0xA5u8; (w * h * 4) as usize];
    decode_into(format, w, h, data, &mut out).unwrap();
    let mut old = vec![0u8; out.len()];
    decode(format, w, h, data, &mut old).unwrap();
    assert_eq!(old, out);
    assert_eq!(decode_to_vec(format, w, h, data).unwrap(), out);
    out
}

/// Forces a colour block's mode by ordering its endpoints: `c0 > c1` for 4 colours, `c0 <= c1` for
/// BC1's 3-colour mode (equal endpoints included).
fn set_colour_mode(block: &mut [u8], four: bool) {
    let c0 = u16::from_le_bytes([block[0], block[1]]);
    let c1 = u16::from_le_bytes([block[2], block[3]]);
    let (lo, hi) = (c0.min(c1), c0.max(c1));
    let (a, b) = if four { (hi, lo) } else { (lo, hi) };
    block[..2].copy_from_slice(&a.to_le_bytes());
    block[2..4].copy_from_slice(&b.to_le_bytes());
}

/// Forces a BC3 alpha block's mode: `a0 > a1` for 8 alphas, `a0 <= a1` for 6 plus 0 and 255.
fn set_alpha_mode(block: &mut [u8], eight: bool) {
    let (lo, hi) = (block[0].min(block[1]), block[0].max(block[1]));
    (block[0], block[1]) = if eight { (hi, lo) } else { (lo, hi) };
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Every block of a random image, each block in a random mode, any size 1..=67 each way.
    #[test]
    fn matches_texpresso(
        format in prop::sample::select(&ALL[..]),
        w in 1u32..=67,
        h in 1u32..=67,
        seed in any::<u64>(),
        modes in any::<u64>(),
        solid in any::<u64>(),
    ) {
        let len = format.data_len(w, h).unwrap() as usize;
        let mut data = vec![0u8; len];
        let mut state = seed | 1;
        for b in &mut data {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            *b = state as u8;
        }
        let block = format.block_bytes() as usize;
        for (i, blk) in data.chunks_exact_mut(block).enumerate() {
            let bit = |k: usize| (modes >> ((2 * i + k) % 64)) & 1 == 1;
            // Solid blocks: every colour index 0, every alpha index 0, each in about a quarter
            // of the blocks (texpresso has no such path; ours does).
            let solid = |k: usize| (solid >> ((2 * i + k) % 64)) & 3 == 3;
            let colour_at = block - 8;
            match format {
                Dxt::Dxt1 => set_colour_mode(blk, bit(0)),
                Dxt::Dxt3 => set_colour_mode(&mut blk[8..], bit(0)),
                Dxt::Dxt5 => {
                    set_colour_mode(&mut blk[8..], bit(0));
                    set_alpha_mode(blk, bit(1));
                    if solid(1) {
                        blk[2..8].fill(0);
                    }
                }
            }
            if solid(0) {
                blk[colour_at + 4..colour_at + 8].fill(0);
            }
        }
        prop_assert_eq!(ours(format, w, h, &data), oracle(format, w, h, &data));
    }

    /// Short block data is refused with the sizes, and trailing bytes are ignored.
    #[test]
    fn short_and_long_data(
        format in prop::sample::select(&ALL[..]),
        w in 1u32..=20,
        h in 1u32..=20,
        cut in 1usize..16,
        fill in any::<u8>(),
    ) {
        let len = format.data_len(w, h).unwrap() as usize;
        let mut out = vec![0u8; (w * h * 4) as usize];
        let short = vec![fill; len.saturating_sub(cut)];
        prop_assert_eq!(
            decode_into(format, w, h, &short, &mut out),
            Err(DxtError::ShortData { needed: len as u64, got: short.len() as u64 })
        );
        let long = vec![fill; len + cut];
        prop_assert_eq!(ours(format, w, h, &long), oracle(format, w, h, &long[..len]));
    }
}

/// Exhaustive over every pair of endpoints that matter for the 565 expansion and the divisions:
/// every 5-bit and 6-bit channel value against a spread of partners, both BC1 modes.
#[test]
fn every_endpoint_channel_value() {
    for v in 0u16..64 {
        for partner in [0u16, 1, 2, 30, 31, 32, 62, 63] {
            let r = (v & 31, partner & 31);
            let c0 = (r.0 << 11) | (v << 5) | r.0;
            let c1 = (r.1 << 11) | (partner << 5) | r.1;
            for (a, b) in [(c0, c1), (c1, c0)] {
                let mut block = [0u8; 8];
                block[..2].copy_from_slice(&a.to_le_bytes());
                block[2..4].copy_from_slice(&b.to_le_bytes());
                block[4..].copy_from_slice(&[0b1110_0100; 4]);
                assert_eq!(
                    ours(Dxt::Dxt1, 4, 4, &block),
                    oracle(Dxt::Dxt1, 4, 4, &block)
                );
                let mut bc3 = [0u8; 16];
                bc3[0] = (v * 4) as u8;
                bc3[1] = (partner * 4) as u8;
                bc3[2..8].copy_from_slice(&[
                    0b1100_0110,
                    0b0100_0110,
                    0b1101_1111,
                    0x88,
                    0x46,
                    0xFA,
                ]);
                bc3[8..].copy_from_slice(&block);
                assert_eq!(ours(Dxt::Dxt5, 4, 4, &bc3), oracle(Dxt::Dxt5, 4, 4, &bc3));
            }
        }
    }
}

#[test]
fn tiny_images() {
    let data: Vec<u8> = (0u8..32).map(|i| i.wrapping_mul(73)).collect();
    for format in ALL {
        for (w, h) in [(1, 1), (2, 2), (1, 4), (4, 1), (3, 5), (5, 3)] {
            assert_eq!(
                ours(format, w, h, &data),
                oracle(
                    format,
                    w,
                    h,
                    &data[..format.data_len(w, h).unwrap() as usize]
                ),
                "{format:?} {w}x{h}"
            );
        }
        assert_eq!(
            decode_to_vec(format, 0, 1, &data),
            Err(DxtError::EmptyImage)
        );
    }
}

/// Every pair of BC3 alpha endpoints (both modes, all 65 536), every index, against texpresso.
#[test]
fn every_bc3_alpha_pair() {
    // Indices 0..8 twice: 3-bit fields 0,1,2,…,7,0,1,…,7 packed little-endian.
    let mut bits = 0u64;
    for k in 0..16u64 {
        bits |= (k % 8) << (3 * k);
    }
    let idx = bits.to_le_bytes();
    let mut data = Vec::with_capacity(65536 * 16);
    for a0 in 0..=255u8 {
        for a1 in 0..=255u8 {
            data.extend_from_slice(&[a0, a1]);
            data.extend_from_slice(&idx[..6]);
            data.extend_from_slice(&[0x1F, 0xF8, 0xE0, 0x07, 0x1B, 0x6C, 0xB1, 0xE4]);
        }
    }
    // 256 × 256 blocks as a 1024 × 1024 image.
    assert_eq!(
        ours(Dxt::Dxt5, 1024, 1024, &data),
        oracle(Dxt::Dxt5, 1024, 1024, &data)
    );
}
