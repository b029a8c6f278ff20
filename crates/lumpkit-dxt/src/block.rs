//! One 4×4 block to four rows of four RGBA8 pixels, each pixel a `u32` lane `R | G<<8 | B<<16 |
//! A<<24` (little-endian byte order once stored).
//!
//! The arithmetic is texpresso's (itself libsquish's), so the output is bit-exact with it: 565
//! endpoints expanded by bit replication, the interpolated colours and alphas by truncating integer
//! division. Tables are built once per block. The 16 colours are then chosen by mask arithmetic on
//! all 16 lanes at once (which the compiler vectorises, four pixels per SSE2 instruction); alphas by
//! 3-bit table look-ups, which it unrolls into straight-line code.

/// The 16 pixels of a block, row by row.
pub(crate) type Block = [u32; 16];

/// Little-endian `u16` from two bytes.
#[inline(always)]
fn le16(lo: u8, hi: u8) -> u16 {
    u16::from_le_bytes([lo, hi])
}

/// A 565 colour's channels expanded to 8 bits by bit replication.
#[inline(always)]
fn rgb565(v: u16) -> [u32; 3] {
    let r = u32::from(v >> 11) & 0x1F;
    let g = u32::from(v >> 5) & 0x3F;
    let b = u32::from(v) & 0x1F;
    [
        (r << 3) | (r >> 2),
        (g << 2) | (g >> 4),
        (b << 3) | (b >> 2),
    ]
}

/// Channels into a lane, alpha 0.
#[inline(always)]
fn lane([r, g, b]: [u32; 3]) -> u32 {
    r | (g << 8) | (b << 16)
}

/// The four colours of a colour block, alpha 0 (the caller ORs alpha in). `three_colour` is BC1's
/// mode for `c0 <= c1`: colour 2 is the mean and colour 3 black (made transparent by the caller).
#[inline(always)]
fn colour_table(c0: u16, c1: u16, three_colour: bool) -> [u32; 4] {
    let a = rgb565(c0);
    let b = rgb565(c1);
    let (c2, c3) = if three_colour {
        (mix(a, b, 1, 1, 2), [0; 3])
    } else {
        (mix(a, b, 2, 1, 3), mix(a, b, 1, 2, 3))
    };
    [lane(a), lane(b), lane(c2), lane(c3)]
}

/// `(wa × a + wb × b) / d` per channel, truncating as texpresso does.
#[inline(always)]
// Channels are at most 255 and weights at most 2, so the sums cannot overflow; `d` is 2 or 3.
#[allow(clippy::arithmetic_side_effects)]
fn mix([ar, ag, ab]: [u32; 3], [br, bg, bb]: [u32; 3], wa: u32, wb: u32, d: u32) -> [u32; 3] {
    [
        (wa * ar + wb * br) / d,
        (wa * ag + wb * bg) / d,
        (wa * ab + wb * bb) / d,
    ]
}

/// The low and high bit of each pixel's 2-bit index in the block's 32-bit index word. Constant
/// masks (not shifts by the lane number) so the selects vectorise with plain SSE2.
// Evaluated at compile time: an index out of range would fail the build, not panic.
#[allow(clippy::indexing_slicing)]
const INDEX_BIT0: [u32; 16] = {
    let mut m = [0u32; 16];
    let mut k = 0;
    while k < 16 {
        m[k] = 1 << (2 * k);
        k += 1;
    }
    m
};
/// See [`INDEX_BIT0`].
#[allow(clippy::indexing_slicing)]
const INDEX_BIT1: [u32; 16] = {
    let mut m = [0u32; 16];
    let mut k = 0;
    while k < 16 {
        m[k] = 2 << (2 * k);
        k += 1;
    }
    m
};

/// All-ones when `bits & mask` is set, else zero.
#[inline(always)]
fn mask_if(bits: u32, mask: u32) -> u32 {
    u32::from(bits & mask != 0).wrapping_neg()
}

/// The 16 pixels of a colour block chosen from `table` by the 2-bit indices in `bits` (pixel 0 in
/// the low bits): branch-free selects between the pairs (0, 1) and (2, 3) by the low index bit,
/// then between the pairs by the high bit.
#[inline(always)]
fn select(table: [u32; 4], bits: u32) -> Block {
    let [t0, t1, t2, t3] = table;
    let (d01, d23) = (t0 ^ t1, t2 ^ t3);
    let mut px = [0u32; 16];
    for ((p, &b0), &b1) in px.iter_mut().zip(&INDEX_BIT0).zip(&INDEX_BIT1) {
        let (lo, hi) = (mask_if(bits, b0), mask_if(bits, b1));
        let x = t0 ^ (d01 & lo);
        let y = t2 ^ (d23 & lo);
        *p = x ^ ((x ^ y) & hi);
    }
    px
}

/// The colour half of a block (8 bytes): `bc1` enables the 3-colour mode and 1-bit alpha;
/// otherwise (BC2/BC3) it is always 4-colour and alpha is left 0 for the alpha half to fill.
///
/// `solid_shortcut` returns early when every index is 0, skipping the table and the select: one
/// solid colour, as flat areas of real textures are stored. Only BC3 asks for it. For BC1 and BC2
/// the test costs more than it saves, because with it the compiler vectorises the rest of the
/// block decode worse (callgrind: random 1024² BC1 18.2M instructions against 11.2M,
/// `wowserhq-format__dxt3` 1.40M against 0.92M); BC3 files with flat areas take up to 2.5x fewer
/// with it (`cba_scopeblack_small_70_ca` 24.0M against 9.8M).
#[inline(always)]
fn colour(block: &[u8; 8], bc1: bool, solid_shortcut: bool) -> Block {
    let [c0l, c0h, c1l, c1h, i0, i1, i2, i3] = *block;
    let (c0, c1) = (le16(c0l, c0h), le16(c1l, c1h));
    let bits = u32::from_le_bytes([i0, i1, i2, i3]);
    if solid_shortcut && bits == 0 {
        // Opaque in BC1's either mode, as the table below would make it (a constant: free).
        let alpha = if bc1 { 0xFF00_0000 } else { 0 };
        return [lane(rgb565(c0)) | alpha; 16];
    }
    let three = bc1 && c0 <= c1;
    let mut table = colour_table(c0, c1, three);
    if bc1 {
        let [t0, t1, t2, t3] = &mut table;
        *t0 |= 0xFF00_0000;
        *t1 |= 0xFF00_0000;
        *t2 |= 0xFF00_0000;
        if !three {
            *t3 |= 0xFF00_0000;
        }
    }
    select(table, bits)
}

/// A block format: its block size and how one block decodes. Implemented by unit types so the row
/// loop is compiled once per format with the block decode inlined into it.
pub(crate) trait BlockFormat<const N: usize> {
    /// One block's pixels.
    fn decode(block: &[u8; N]) -> Block;
}

/// BC1 (DXT1).
#[derive(Debug)]
pub(crate) struct Bc1;

/// BC2 (DXT3).
#[derive(Debug)]
pub(crate) struct Bc2;

/// BC3 (DXT5).
#[derive(Debug)]
pub(crate) struct Bc3;

impl BlockFormat<8> for Bc1 {
    #[inline(always)]
    fn decode(block: &[u8; 8]) -> Block {
        colour(block, true, false)
    }
}

impl BlockFormat<16> for Bc2 {
    #[inline(always)]
    fn decode(block: &[u8; 16]) -> Block {
        bc2(block)
    }
}

impl BlockFormat<16> for Bc3 {
    #[inline(always)]
    fn decode(block: &[u8; 16]) -> Block {
        bc3(block)
    }
}

/// The halves of a 16-byte block: alpha first, colour second.
#[inline(always)]
fn halves(block: &[u8; 16]) -> (&[u8; 8], &[u8; 8]) {
    let (alpha, colour) = block.split_at(8);
    // Both halves are 8 bytes of a 16-byte array, so the conversions cannot fail.
    (
        alpha.try_into().unwrap_or(&[0; 8]),
        colour.try_into().unwrap_or(&[0; 8]),
    )
}

/// BC2 (DXT3): explicit 4-bit alpha, expanded as `v | v << 4`.
#[inline(always)]
fn bc2(block: &[u8; 16]) -> Block {
    let (alpha, colour_half) = halves(block);
    let mut px = colour(colour_half, false, false);
    let (pairs, _) = px.as_chunks_mut::<2>();
    for ([p0, p1], &a) in pairs.iter_mut().zip(alpha) {
        let (lo, hi) = (u32::from(a & 0xF), u32::from(a >> 4));
        *p0 |= (lo | (lo << 4)) << 24;
        *p1 |= (hi | (hi << 4)) << 24;
    }
    px
}

/// BC3's alpha table, each entry already shifted into the alpha byte.
#[inline(always)]
// a0 and a1 are at most 255, so every weighted sum is at most 7 × 255.
#[allow(clippy::arithmetic_side_effects)]
fn alpha_table(a0: u8, a1: u8) -> [u32; 8] {
    let (a0, a1) = (u32::from(a0), u32::from(a1));
    let mut t = [a0, a1, 0, 0, 0, 0, 0, 255];
    if a0 > a1 {
        for (i, e) in (1..7u32).zip(t.iter_mut().skip(2)) {
            *e = ((7 - i) * a0 + i * a1) / 7;
        }
    } else {
        for (i, e) in (1..5u32).zip(t.iter_mut().skip(2)) {
            *e = ((5 - i) * a0 + i * a1) / 5;
        }
    }
    for e in &mut t {
        *e <<= 24;
    }
    t
}

/// BC3 (DXT5): interpolated 8-bit alpha with 3-bit indices.
#[inline(always)]
fn bc3(block: &[u8; 16]) -> Block {
    let (alpha, colour_half) = halves(block);
    let mut px = colour(colour_half, false, true);
    let [a0, a1, b0, b1, b2, b3, b4, b5] = *alpha;
    let bits = u64::from_le_bytes([b0, b1, b2, b3, b4, b5, 0, 0]);
    if bits == 0 {
        // Every alpha index 0: alpha `a0` throughout (as for a solid colour, common in real files).
        let a = u32::from(a0) << 24;
        for p in &mut px {
            *p |= a;
        }
        return px;
    }
    let table = alpha_table(a0, a1);
    for (p, shift) in px.iter_mut().zip((0u32..48).step_by(3)) {
        // `& 7` keeps every index inside the eight entries.
        #[allow(clippy::indexing_slicing)]
        let a = table[((bits >> shift) & 7) as usize];
        *p |= a;
    }
    px
}
