//! A minimal baseline JPEG writer for test files: four components (BLP's B, G, R, A), no
//! subsampling, every 8×8 block flat (DC only), so that decoding reproduces the samples exactly.
//!
//! The output is split as BLP stores it: a shared header (SOI, DQT, DHT: the tables every level
//! uses) and one chunk per level (SOF0, SOS, entropy-coded data, EOI). T.81 allows tables before
//! the frame header, so header + chunk is a complete JPEG.
//!
//! [`crate::jpeg_stream`] writes every other kind of stream (progressive, subsampled, with restart
//! markers); both share its entropy-coded bit writer.

use crate::jpeg_stream::BitWriter;

/// The shared header: SOI, a quantisation table of ones, and the two Huffman tables used.
pub fn shared_header() -> Vec<u8> {
    let mut out = vec![0xFF, 0xD8];
    // DQT: table 0, 8-bit, all ones.
    out.extend_from_slice(&[0xFF, 0xDB, 0x00, 67, 0x00]);
    out.extend_from_slice(&[1u8; 64]);
    // DHT DC table 0: categories 0..=11, each a 4-bit code (canonical 0000…1011).
    out.extend_from_slice(&[0xFF, 0xC4, 0x00, 31, 0x00]);
    let mut bits = [0u8; 16];
    bits[3] = 12;
    out.extend_from_slice(&bits);
    out.extend(0u8..12);
    // DHT AC table 0: only end-of-block (0x00), a 1-bit code `0`.
    out.extend_from_slice(&[0xFF, 0xC4, 0x00, 20, 0x10]);
    let mut bits = [0u8; 16];
    bits[0] = 1;
    out.extend_from_slice(&bits);
    out.push(0x00);
    out
}

/// One level's chunk: a `width × height` frame whose block at (bx, by) has component c equal to
/// `sample(bx, by, c)`.
pub fn level_chunk(width: u16, height: u16, sample: impl Fn(u32, u32, usize) -> u8) -> Vec<u8> {
    frame_chunk(width, height, 4, sample)
}

/// [`level_chunk`] with `components` components (1 to 4): BLP stores four, and a frame with any
/// other count is what a decoder must refuse.
pub fn frame_chunk(
    width: u16,
    height: u16,
    components: u8,
    sample: impl Fn(u32, u32, usize) -> u8,
) -> Vec<u8> {
    let components = components.clamp(1, 4);
    let mut out = Vec::new();
    // SOF0: precision 8, height, width, the components (id, 1x1 sampling, quant table 0).
    out.extend_from_slice(&[0xFF, 0xC0, 0x00, 8 + 3 * components, 8]);
    out.extend_from_slice(&height.to_be_bytes());
    out.extend_from_slice(&width.to_be_bytes());
    out.push(components);
    for id in 1..=components {
        out.extend_from_slice(&[id, 0x11, 0]);
    }
    // SOS: every component, all DC table 0 / AC table 0, full spectrum.
    out.extend_from_slice(&[0xFF, 0xDA, 0x00, 6 + 2 * components, components]);
    for id in 1..=components {
        out.extend_from_slice(&[id, 0x00]);
    }
    out.extend_from_slice(&[0, 63, 0]);
    let mut bits = BitWriter::default();
    let mut predictor = vec![0i32; usize::from(components)];
    let (bw, bh) = (u32::from(width).div_ceil(8), u32::from(height).div_ceil(8));
    for by in 0..bh {
        for bx in 0..bw {
            for (c, pred) in predictor.iter_mut().enumerate() {
                let dc = 8 * (i32::from(sample(bx, by, c)) - 128);
                let diff = dc - *pred;
                *pred = dc;
                let category = 32 - diff.unsigned_abs().leading_zeros();
                bits.put(category, 4);
                if category > 0 {
                    let extra = if diff >= 0 {
                        diff
                    } else {
                        diff + (1 << category) - 1
                    };
                    bits.put(extra as u32, category);
                }
                bits.put(0, 1); // end of block
            }
        }
    }
    out.extend(bits.finish());
    out.extend_from_slice(&[0xFF, 0xD9]);
    out
}
