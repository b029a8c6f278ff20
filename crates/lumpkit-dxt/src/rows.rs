//! Whole rows of blocks at a time: each block is decoded once into four rows of four `u32` pixels,
//! which are stored as 16-byte runs straight into the four output rows they belong to. Pixels of
//! edge blocks past the right or bottom edge are dropped.

use crate::block::{Block, BlockFormat};

/// Decodes every block row of `data` into `out` (`width × height` RGBA8). The caller has checked
/// that `width` and `height` are non-zero, `out` is exactly `width × height × 4` bytes and `data`
/// holds at least `ceil(w/4) × ceil(h/4)` blocks of `N` bytes. `alpha_or` is ORed into every
/// pixel lane (`0xFF00_0000` makes the image opaque in the same pass, `0` keeps the alpha).
pub(crate) fn decode_image<const N: usize, F: BlockFormat<N>>(
    data: &[u8],
    width: usize,
    out: &mut [u8],
    alpha_or: u32,
) {
    if width == 0 {
        // Nothing to write, and chunking by zero would panic.
        return;
    }
    let blocks_wide = width.div_ceil(4);
    let row_bytes = width.saturating_mul(4);
    let (blocks, _) = data.as_chunks::<N>();
    let block_rows = blocks.chunks_exact(blocks_wide);
    let out_rows = out.chunks_mut(row_bytes.saturating_mul(4));
    for (block_row, rows) in block_rows.zip(out_rows) {
        decode_block_row::<N, F>(block_row, rows, row_bytes, alpha_or);
    }
}

/// One row of blocks into up to four output rows (fewer at the bottom edge).
#[inline(always)]
fn decode_block_row<const N: usize, F: BlockFormat<N>>(
    blocks: &[[u8; N]],
    rows: &mut [u8],
    row_bytes: usize,
    alpha_or: u32,
) {
    // Whole 4-pixel runs of each row, and the 0–3 pixels left at its right edge.
    let full = row_bytes / 16;
    let mut runs: [core::slice::IterMut<'_, [u8; 16]>; 4] = Default::default();
    let mut edges: [&mut [u8]; 4] = Default::default();
    for ((row, run), edge) in rows
        .chunks_exact_mut(row_bytes)
        .zip(runs.iter_mut())
        .zip(edges.iter_mut())
    {
        let (head, tail) = row.as_chunks_mut::<16>();
        *run = head.iter_mut();
        *edge = tail;
    }
    let (whole, partial) = blocks.split_at(full.min(blocks.len()));
    let all_four = runs.iter().all(|run| run.len() == full);
    if all_four {
        let [r0, r1, r2, r3] = &mut runs;
        {
            // The common case: four full rows, written without per-row checks.
            for ((((block, d0), d1), d2), d3) in whole
                .iter()
                .zip(r0.by_ref())
                .zip(r1.by_ref())
                .zip(r2.by_ref())
                .zip(r3.by_ref())
            {
                let [p0, p1, p2, p3] = rows_of(F::decode(block), alpha_or);
                *d0 = p0;
                *d1 = p1;
                *d2 = p2;
                *d3 = p3;
            }
        }
    } else {
        for block in whole {
            let px = rows_of(F::decode(block), alpha_or);
            for (run, p) in runs.iter_mut().zip(px) {
                if let Some(dst) = run.next() {
                    *dst = p;
                }
            }
        }
    }
    if let Some(block) = partial.first() {
        let px = rows_of(F::decode(block), alpha_or);
        for (edge, src) in edges.iter_mut().zip(px) {
            if let Some(src) = src.get(..edge.len()) {
                edge.copy_from_slice(src);
            }
        }
    }
}

/// A block's four rows as the 16 bytes R, G, B, A, R, … each is stored as, with `alpha_or` ORed
/// into every pixel.
#[inline(always)]
fn rows_of(mut px: Block, alpha_or: u32) -> [[u8; 16]; 4] {
    for p in &mut px {
        *p = (*p | alpha_or).to_le();
    }
    bytemuck::cast(px)
}
