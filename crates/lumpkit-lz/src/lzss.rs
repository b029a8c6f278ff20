//! Bohemia Interactive's LZSS: PBO `Cprs` entries and the non-DXT mips of PAA textures.
//!
//! Format (BI community wiki, "Compressed LZSS File Format"; checked against the corpus files listed in
//! `../shared/corpus/paa/SOURCES.md` and `../shared/research/paa.md` §2):
//! - a flag byte, read least significant bit first: 1 = the next input byte is a literal, 0 = a
//!   2-byte back-reference `b1, b2` with distance `b1 | (b2 & 0xF0) << 4` (12 bits) and length
//!   `(b2 & 0x0F) + 3`;
//! - a reference reaching before the start of the output emits spaces (0x20) for the missing part;
//! - decoding stops once the expected size (known to the caller) is produced; a reference that runs
//!   past it is cut there, as the reference decoders do;
//! - then a 4-byte little-endian additive checksum of the output. PBO `Cprs` and HEMTT-written PAAs
//!   sum the bytes unsigned; TexView-written PAAs sum them as signed bytes. Both are accepted and the
//!   one that matched is reported ([`Checksum`]).
//!
//! A distance of 0 would copy the byte being written; no encoder emits it and the reference decoders
//! read uninitialised memory there, so it is an error ([`LzError::LookBehind`]).

use crate::{Input, LzError};

/// Which checksum convention the stored sum matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Checksum {
    /// The unsigned byte sum (PBO `Cprs`, HEMTT).
    Unsigned,
    /// The signed byte sum (TexView).
    Signed,
    /// Both sums are equal (no byte ≥ 0x80), so either convention matches.
    Either,
    /// Neither matched.
    Mismatch {
        /// The stored value.
        stored: u32,
        /// The unsigned sum of the output.
        unsigned: u32,
        /// The signed sum of the output.
        signed: u32,
    },
}

impl Checksum {
    /// Whether the stored checksum matched either convention.
    pub const fn matched(self) -> bool {
        !matches!(self, Checksum::Mismatch { .. })
    }
}

/// A successful decode: how much input it used and how the checksum compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decoded {
    /// Input bytes consumed, checksum included. Bytes after it are the caller's concern.
    pub consumed: usize,
    /// The checksum verdict.
    pub checksum: Checksum,
}

/// The longest back-reference: 15 + 3 bytes.
const MAX_RUN: usize = 18;

/// The input the fast loop looks at per flag group: the flag and eight references (17 bytes),
/// plus room for an 8-byte literal copy that starts at the group's last item.
const GROUP_IN: usize = 1 + 16 + 8;

/// The output room the fast loop needs per flag group: eight items of at most 18 bytes, plus 6
/// bytes, since a near reference with a period of 1, 2, 4 or 8 is written as three 8-byte stores
/// ([`repeat_period`]).
const GROUP_OUT: usize = 8 * MAX_RUN + 6;

/// Decodes `input` into exactly `out.len()` bytes and reads the trailing checksum.
///
/// Every loop iteration consumes input, so the work is bounded by `input.len() + out.len()`.
/// Most of the stream goes through `groups_fast`, which decodes whole flag groups while the
/// input and the output both have room for the largest one; the last groups go through the
/// careful step-by-step loop, which cuts runs at the end and reports truncation.
pub fn decompress(input: &[u8], out: &mut [u8]) -> Result<Decoded, LzError> {
    let (mut pos, at) = groups_fast(input, out)?;
    let mut inp = Input::new(input);
    inp.pos = at;
    let len = out.len();
    'outer: while pos < len {
        let flags = inp.byte()?;
        if flags == 0xFF {
            // Eight literals (or the last few): one slice copy instead of eight steps.
            let end = pos.saturating_add(8).min(len);
            let src = inp.take(end.saturating_sub(pos))?;
            if let Some(dst) = out.get_mut(pos..end) {
                dst.copy_from_slice(src);
            }
            pos = end;
            continue;
        }
        for bit in 0..8 {
            if pos >= len {
                break 'outer;
            }
            if flags & (1 << bit) != 0 {
                let b = inp.byte()?;
                if let Some(slot) = out.get_mut(pos) {
                    *slot = b;
                }
                pos = pos.saturating_add(1);
                continue;
            }
            let at = inp.pos;
            let b1 = inp.byte()?;
            let b2 = inp.byte()?;
            let (distance, run) = reference(b1, b2);
            if distance == 0 {
                return Err(LzError::LookBehind {
                    offset: at,
                    distance,
                    produced: pos,
                });
            }
            let end = pos.saturating_add(run).min(len);
            pos = copy_reference(out, pos, distance, end);
        }
    }
    let stored =
        u32::from_le_bytes(inp.take(4)?.try_into().map_err(|_| LzError::InputOverrun {
            offset: input.len(),
        })?);
    let (unsigned, signed) = sums(out);
    let checksum = match (stored == unsigned, stored == signed) {
        (true, true) => Checksum::Either,
        (true, false) => Checksum::Unsigned,
        (false, true) => Checksum::Signed,
        (false, false) => Checksum::Mismatch {
            stored,
            unsigned,
            signed,
        },
    };
    Ok(Decoded {
        consumed: inp.pos,
        checksum,
    })
}

/// A reference's distance (12 bits) and length (4 bits + 3).
#[inline(always)]
fn reference(b1: u8, b2: u8) -> (usize, usize) {
    let distance = usize::from(b1) | (usize::from(b2 & 0xF0) << 4);
    (distance, usize::from(b2 & 0x0F).saturating_add(3))
}

/// For a reference `d` back (1 ≤ d < 18), `REPEAT[d][i]` is where output byte `i` of the run
/// comes from within the 17 bytes before it: `17 - d + i % d`. Row 0 (distance 0, an error) is
/// never used. Built at compile time (the indexing cannot fail at run time).
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
const REPEAT: [[u8; MAX_RUN]; MAX_RUN] = {
    let mut table = [[0u8; MAX_RUN]; MAX_RUN];
    let mut d = 1;
    while d < MAX_RUN {
        let mut i = 0;
        while i < MAX_RUN {
            table[d][i] = (MAX_RUN - 1 - d + i % d) as u8;
            i += 1;
        }
        d += 1;
    }
    table
};

/// Decodes whole flag groups while a group can neither run out of input (25 bytes left) nor
/// reach the end of the output (144 bytes of room), so no item needs those checks; returns the
/// output position and input offset where the careful loop takes over (always a flag byte).
///
/// Positions here advance with `wrapping_add`: they stay below `out.len() + 150` and
/// `input.len() + 25` (the loop's own conditions), so nothing wraps, and every access is still
/// checked; the saturating form costs a compare and a conditional move per step (callgrind:
/// `uint_macros.rs` was 28% of the decode's instructions).
///
/// Why it is faster than one loop with every check: references at least 18 bytes back are one
/// fixed 18-byte copy, and the group's input is one fixed-size array, so the compiler drops the
/// per-item bounds checks on it. Groups with mostly literals ([`LITERAL_HEAVY`] set bits or more)
/// copy each run of literals at once ([`literal_runs`]); the others go item by item
/// ([`item_by_item`]), whose unrolled loop is faster when references dominate. Measured side by
/// side on the shared PAAs (a loaded machine): runs for every group were about 30% faster on
/// `hemtt_mountain_converted` and 10% slower on the reference-heavy `hemtt_argba5`; choosing per
/// group keeps most of the first (20-25%) and loses nothing on the second.
#[inline(always)]
fn groups_fast(input: &[u8], out: &mut [u8]) -> Result<(usize, usize), LzError> {
    let len = out.len();
    let mut pos = 0usize;
    let mut at = 0usize;
    while pos.wrapping_add(GROUP_OUT) <= len {
        let Some(group) = input
            .get(at..)
            .and_then(|rest| rest.first_chunk::<GROUP_IN>())
        else {
            break;
        };
        let [flags, items @ ..] = group;
        if *flags == 0xFF {
            // Eight literals, the commonest group of literal-heavy textures: one 8-byte copy.
            if let (Some(dst), Some(src)) = (
                out.get_mut(pos..)
                    .and_then(|rest| rest.first_chunk_mut::<8>()),
                items.first_chunk::<8>(),
            ) {
                *dst = *src;
            }
            pos = pos.wrapping_add(8);
            at = at.wrapping_add(9);
            continue;
        }
        let heavy = LITERAL_HEAVY_FLAGS.get(usize::from(*flags)).copied() == Some(true);
        let (next, used) = if heavy {
            literal_runs(*flags, items, out, pos, at)?
        } else {
            item_by_item(*flags, items, out, pos, at)?
        };
        pos = next;
        at = at.wrapping_add(1).wrapping_add(used);
    }
    Ok((pos, at))
}

/// The number of literals in a flag group from which [`literal_runs`] is used.
const LITERAL_HEAVY: u32 = 4;

/// Whether a flag byte has [`LITERAL_HEAVY`] set bits or more, as a table: the x86-64 baseline has
/// no `popcnt`, and `count_ones` is a dozen instructions there.
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
const LITERAL_HEAVY_FLAGS: [bool; 256] = {
    let mut table = [false; 256];
    let mut f = 0;
    while f < 256 {
        table[f] = (f as u8).count_ones() >= LITERAL_HEAVY;
        f += 1;
    }
    table
};

/// The items of one group, a flag bit at a time; returns the output position and the item
/// bytes used. (The compiler keeps this a loop; unrolling it by hand, eight calls of a closure
/// with constant bits, cost 40% more instructions on the 16-bit textures.)
#[inline(always)]
fn item_by_item(
    flags: u8,
    items: &[u8; GROUP_IN - 1],
    out: &mut [u8],
    mut pos: usize,
    at: usize,
) -> Result<(usize, usize), LzError> {
    // Item bytes used so far in this group (at most 16).
    let mut k = 0usize;
    for bit in 0..8 {
        if flags & (1 << bit) != 0 {
            // At most 14 item bytes come before the last item: the mask is the identity, and
            // shows the compiler the byte is in `items` ([`reference_fast`] does the same).
            let b = items.get(k & 15).copied().unwrap_or(0);
            if let Some(slot) = out.get_mut(pos) {
                *slot = b;
            }
            pos = pos.wrapping_add(1);
            k = k.wrapping_add(1);
            continue;
        }
        pos = reference_fast(items, k, out, pos, at)?;
        k = k.wrapping_add(2);
    }
    Ok((pos, k))
}

/// The items of one group, each run of literals (consecutive set flag bits, counted with
/// `trailing_ones`) as one fixed 8-byte copy of which the first `literals` bytes count; the rest
/// is overwritten by what follows (the group's room covers it, and `items` holds 8 bytes past
/// any item). Returns the output position and the item bytes used.
#[inline(always)]
fn literal_runs(
    flags: u8,
    items: &[u8; GROUP_IN - 1],
    out: &mut [u8],
    mut pos: usize,
    at: usize,
) -> Result<(usize, usize), LzError> {
    let flags = u32::from(flags);
    // Item bytes used so far in this group (at most 16) and flag bits done (at most 8).
    let mut k = 0usize;
    let mut bit = 0u32;
    while bit < 8 {
        let literals = (flags >> bit).trailing_ones();
        if let (Some(dst), Some(src)) = (
            out.get_mut(pos..)
                .and_then(|rest| rest.first_chunk_mut::<8>()),
            // A run starts at item byte 14 at the latest: `k & 15` is `k`, and shows the
            // compiler that the 8 bytes lie in `items`.
            items.get(k & 15..).and_then(|rest| rest.first_chunk::<8>()),
        ) {
            *dst = *src;
        }
        let run = literals as usize;
        pos = pos.wrapping_add(run);
        k = k.wrapping_add(run);
        bit = bit.wrapping_add(literals);
        if bit >= 8 {
            break;
        }
        pos = reference_fast(items, k, out, pos, at)?;
        k = k.wrapping_add(2);
        bit = bit.wrapping_add(1);
    }
    Ok((pos, k))
}

/// The reference at item byte `k` of the group at input offset `at`, written at `pos` with the
/// group's room (18 bytes may be written); returns the new output position.
#[inline(always)]
fn reference_fast(
    items: &[u8; GROUP_IN - 1],
    k: usize,
    out: &mut [u8],
    pos: usize,
    at: usize,
) -> Result<usize, LzError> {
    // A reference starts at item byte 14 at the latest (seven items before it), so `k & 15` is
    // `k`; the mask lets the compiler see that both bytes lie in `items` and drop the checks.
    let k = k & 15;
    let b1 = items.get(k).copied().unwrap_or(0);
    let b2 = items.get(k.wrapping_add(1)).copied().unwrap_or(0);
    let (distance, run) = reference(b1, b2);
    if distance >= MAX_RUN
        && let Some(src) = pos.checked_sub(distance)
        && pos.wrapping_add(MAX_RUN) <= out.len()
    {
        // The whole source lies in the output, at least 18 bytes back, and 18 bytes fit (the
        // group's room): copy a fixed 18; the bytes past the run are overwritten by what comes
        // next. (`copy_within` of a constant 18 is inlined as two loads and two stores.)
        out.copy_within(src..src.wrapping_add(MAX_RUN), pos);
        return Ok(pos.wrapping_add(run));
    }
    if distance == 0 {
        return Err(LzError::LookBehind {
            offset: at.wrapping_add(1).wrapping_add(k),
            distance,
            produced: pos,
        });
    }
    if pos >= MAX_RUN - 1 {
        let (done, rest) = out.split_at_mut(pos);
        if repeat_period(done, rest, distance).is_some() {
            return Ok(pos.wrapping_add(run));
        }
        if let Some(pattern) = REPEAT.get(distance) {
            // A near reference (1 to 17 back) repeats its last `distance` bytes: each of the 18
            // bytes is read from the 17 before `pos` through a fixed index table, instead of a
            // byte loop where each byte waits for the one written `distance` before.
            let last = done.len().saturating_sub(MAX_RUN - 1);
            if let (Some(from), Some(to)) = (
                done.get(last..)
                    .and_then(|s| s.first_chunk::<{ MAX_RUN - 1 }>()),
                rest.first_chunk_mut::<MAX_RUN>(),
            ) {
                for (slot, &i) in to.iter_mut().zip(pattern) {
                    *slot = from.get(usize::from(i)).copied().unwrap_or(0);
                }
            }
            return Ok(pos.wrapping_add(run));
        }
    }
    let end = pos.wrapping_add(run);
    Ok(copy_reference(out, pos, distance, end))
}

/// A near reference whose period (`distance`) is 1, 2, 4 or 8 (the commonest in 16-bit
/// textures: ARGB4444's repeated pixels are 1 back, ARGB1555's 2 back): the last `distance`
/// bytes of `done` are the period, multiplied out to 8 bytes of the repeating pattern, and
/// stored three times at the start of `rest` (24 bytes, of which the reference's run counts; the
/// rest is overwritten by what follows, within the group's room). `None` (nothing written) for
/// another distance, or without 8 bytes before or 24 after.
#[inline(always)]
fn repeat_period(done: &[u8], rest: &mut [u8], distance: usize) -> Option<()> {
    // The period, read as exactly its own bytes (a wider read would often straddle two of the
    // stores that just wrote them, which the CPU cannot forward), and the multiplier that copies
    // it across a u64.
    let (period, spread) = match distance {
        1 => (u64::from(done.last().copied()?), 0x0101_0101_0101_0101),
        2 => (
            u64::from(u16::from_le_bytes(*done.last_chunk::<2>()?)),
            0x0001_0001_0001_0001,
        ),
        4 => (
            u64::from(u32::from_le_bytes(*done.last_chunk::<4>()?)),
            0x0000_0001_0000_0001,
        ),
        8 => (u64::from_le_bytes(*done.last_chunk::<8>()?), 1),
        _ => return None,
    };
    let pattern = period.wrapping_mul(spread);
    let to = rest.first_chunk_mut::<24>()?;
    let (chunks, _) = to.as_chunks_mut::<8>();
    for chunk in chunks {
        *chunk = pattern.to_le_bytes();
    }
    Some(())
}

/// Writes the reference `distance` back into `out[pos..end]` and returns `end`: spaces for the
/// part before the start of the output, then a copy from `distance` back (repeating when it
/// overlaps itself).
#[inline(always)]
fn copy_reference(out: &mut [u8], pos: usize, distance: usize, end: usize) -> usize {
    let spaces_end = distance.min(end).max(pos);
    if let Some(s) = out.get_mut(pos..spaces_end) {
        s.fill(0x20);
    }
    let src = spaces_end.saturating_sub(distance);
    copy_back(out, src, spaces_end, end);
    end
}

/// Copies `out[src..]` to `out[dst..end]` LZ77-style (a source that overlaps the destination repeats).
#[inline(always)]
pub(crate) fn copy_back(out: &mut [u8], src: usize, dst: usize, end: usize) {
    let n = end.saturating_sub(dst);
    let distance = dst.saturating_sub(src);
    if distance >= n {
        out.copy_within(src..src.saturating_add(n), dst);
    } else if let Some(window) = out.get_mut(src..end) {
        // The source overlaps what is being written: its first `distance` bytes repeat.
        if distance == 1 {
            let b = window.first().copied().unwrap_or(0);
            window.fill(b);
            return;
        }
        for i in distance..window.len() {
            let b = window.get(i.wrapping_sub(distance)).copied().unwrap_or(0);
            if let Some(slot) = window.get_mut(i) {
                *slot = b;
            }
        }
    }
}

/// The unsigned and the signed (each byte as `i8`) additive sums of `data`, modulo 2³².
///
/// Two plain sums in 32 `u16` lanes over blocks of 255 × 32 bytes (at most 255 × 255 = 65,025
/// per lane), which the compiler turns into wide vector adds: the bytes, and the bytes with their
/// top bit cleared. Their difference is 128 × the number of bytes ≥ 0x80, each of which counts
/// 256 less as an `i8`. (Counting the top bits in their own lanes made the compiler shuffle
/// lanes: 13% of an LZSS decode's instructions against 7% now, by callgrind.)
pub fn sums(data: &[u8]) -> (u32, u32) {
    const LANES: usize = 32;
    const ROWS: usize = 255;
    // Exact totals (u64: no input is 2^56 bytes long).
    let mut unsigned = 0u64;
    let mut low = 0u64;
    let (rows, tail) = data.as_chunks::<LANES>();
    for block in rows.chunks(ROWS) {
        let mut sum = [0u16; LANES];
        let mut sum_low = [0u16; LANES];
        for row in block {
            for (s, &b) in sum.iter_mut().zip(row) {
                *s = s.wrapping_add(u16::from(b));
            }
            for (s, &b) in sum_low.iter_mut().zip(row) {
                *s = s.wrapping_add(u16::from(b & 0x7F));
            }
        }
        unsigned = sum
            .iter()
            .fold(unsigned, |acc, &s| acc.wrapping_add(u64::from(s)));
        low = sum_low
            .iter()
            .fold(low, |acc, &s| acc.wrapping_add(u64::from(s)));
    }
    for &b in tail {
        unsigned = unsigned.wrapping_add(u64::from(b));
        low = low.wrapping_add(u64::from(b & 0x7F));
    }
    // Bytes ≥ 0x80: each adds 128 more to `unsigned` than to `low`.
    let high = unsigned.wrapping_sub(low) / 128;
    let signed = unsigned.wrapping_sub(high.wrapping_mul(256));
    // Modulo 2^32, as the format stores them.
    (unsigned as u32, signed as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_and_a_reference() {
        // flags 0b0000_0111: three literals "abc", then a reference distance 3 length 3.
        let (u, s) = sums(b"abcabc");
        assert_eq!(u, s);
        let mut input = vec_like(&[0x07, b'a', b'b', b'c', 3, 0]);
        input.extend_from_slice(&u.to_le_bytes());
        let mut out = [0u8; 6];
        let d = decompress(&input, &mut out).unwrap();
        assert_eq!(&out, b"abcabc");
        assert_eq!(d.checksum, Checksum::Either);
        assert_eq!(d.consumed, input.len());
    }

    #[test]
    fn reference_before_start_gives_spaces() {
        // A reference of distance 2, length 4 with nothing produced: two spaces, then copies of them.
        let mut input = vec_like(&[0x00, 2, 1]);
        input.extend_from_slice(&(0x20u32 * 4).to_le_bytes());
        let mut out = [0u8; 4];
        decompress(&input, &mut out).unwrap();
        assert_eq!(&out, b"    ");
    }

    #[test]
    fn signed_sum_and_mismatch() {
        let mut input = vec_like(&[0x01, 0xFF]);
        input.extend_from_slice(&u32::MAX.to_le_bytes()); // -1 as a signed sum
        let mut out = [0u8; 1];
        assert_eq!(
            decompress(&input, &mut out).unwrap().checksum,
            Checksum::Signed
        );
        let last = input.len() - 1;
        input[last] = 0;
        assert!(!decompress(&input, &mut out).unwrap().checksum.matched());
    }

    #[test]
    fn truncation_and_zero_distance_are_errors() {
        let mut out = [0u8; 4];
        assert_eq!(
            decompress(&[0xFF, 1, 2], &mut out),
            Err(LzError::InputOverrun { offset: 3 })
        );
        assert!(matches!(
            decompress(&[0x00, 0, 0, 0, 0, 0, 0], &mut out),
            Err(LzError::LookBehind { .. })
        ));
        // Checksum missing.
        assert!(decompress(&[0x0F, 1, 2, 3, 4, 0], &mut out).is_err());
    }

    #[test]
    fn sums_match_a_byte_loop_across_lane_blocks() {
        // Lengths around the 32-byte rows and the 8,160-byte lane blocks, all bytes high (the
        // most each u16 lane can hold) and mixed.
        for len in [
            0, 1, 31, 32, 33, 8159, 8160, 8161, 8191, 8192, 8193, 20_000, 70_001,
        ] {
            for fill in [0xFFu8, 0x80, 0x7F] {
                let mut data = vec_like(&[]);
                data.resize(len, fill);
                if let Some(b) = data.get_mut(len / 2) {
                    *b = 0x01;
                }
                let unsigned = data.iter().fold(0u32, |a, &b| a.wrapping_add(u32::from(b)));
                let signed = data
                    .iter()
                    .fold(0u32, |a, &b| a.wrapping_add_signed(i32::from(b as i8)));
                assert_eq!(sums(&data), (unsigned, signed), "{len} {fill:#x}");
            }
        }
    }

    extern crate std;
    use std::vec::Vec;

    fn vec_like(b: &[u8]) -> Vec<u8> {
        b.to_vec()
    }
}
