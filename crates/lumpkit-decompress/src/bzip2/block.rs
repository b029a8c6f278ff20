//! One bzip2 block from its header to the end-of-block symbol: the symbol map, the Huffman tables
//! and their selectors, then Huffman → run-length of zeros (RUNA/RUNB) → move-to-front, into the
//! BWT column `tt` (one byte per entry in the low 8 bits).
//!
//! Checks are libbzip2's (`decompress.c`), and anything it would read in its own particular way
//! (randomised blocks, incomplete Huffman tables, more selectors than it keeps) is refused here so
//! that the reference decoder gives the verdict.

use super::Refused;
use super::bits::Bits;
use super::code::{Code, MAX_LENGTH, MAX_SYMBOLS};

/// libbzip2 keeps at most this many selectors (`BZ_MAX_SELECTORS`).
const MAX_SELECTORS: usize = 18_002;

/// Symbols per selector.
const GROUP_SIZE: u32 = 50;

/// A decoded block: its stored CRC and where the BWT's original row is.
pub(super) struct Block {
    pub(super) crc: u32,
    pub(super) orig_ptr: usize,
}

/// Reads a block (after its 48-bit marker) into `tt`, which holds at most `max_len` entries.
pub(super) fn read(
    bits: &mut Bits<'_>,
    tt: &mut Vec<u32>,
    max_len: usize,
) -> Result<Block, Refused> {
    tt.clear();
    let crc = bits.take(32).ok_or(Refused)?;
    if bits.bit().ok_or(Refused)? {
        // Randomised (bzip2 0.9.0): left to the reference decoder.
        return Err(Refused);
    }
    let orig_ptr = usize::try_from(bits.take(24).ok_or(Refused)?).map_err(|_| Refused)?;

    let (byte_of, in_use) = symbol_map(bits)?;
    // RUNA, RUNB, the MTF positions 1..in_use-1, and the end of block.
    let alphabet = in_use.wrapping_add(2);
    let end_of_block = u16::try_from(in_use.wrapping_add(1)).map_err(|_| Refused)?;

    let groups = bits.take(3).ok_or(Refused)?;
    if !(2..=6).contains(&groups) {
        return Err(Refused);
    }
    let selector_count = usize::try_from(bits.take(15).ok_or(Refused)?).map_err(|_| Refused)?;
    if selector_count == 0 || selector_count > MAX_SELECTORS {
        return Err(Refused);
    }
    let mut selectors = [0u8; MAX_SELECTORS];
    let mut recent = [0u8, 1, 2, 3, 4, 5];
    for selector in selectors.iter_mut().take(selector_count) {
        let mut position = 0u32;
        while bits.bit().ok_or(Refused)? {
            position = position.wrapping_add(1);
            if position >= groups {
                return Err(Refused);
            }
        }
        *selector = move_to_front(&mut recent, usize::try_from(position).map_err(|_| Refused)?)?;
    }

    let mut codes = Vec::with_capacity(6);
    let mut lengths = [0u8; MAX_SYMBOLS];
    for _ in 0..groups {
        let mut length = u8::try_from(bits.take(5).ok_or(Refused)?).map_err(|_| Refused)?;
        for slot in lengths.iter_mut().take(alphabet) {
            loop {
                if !(1..=MAX_LENGTH).contains(&length) {
                    return Err(Refused);
                }
                if !bits.bit().ok_or(Refused)? {
                    break;
                }
                length = if bits.bit().ok_or(Refused)? {
                    length.wrapping_sub(1)
                } else {
                    length.wrapping_add(1)
                };
            }
            *slot = length;
        }
        codes.push(Code::new(lengths.get(..alphabet).ok_or(Refused)?)?);
    }

    // The move-to-front list of the bytes in use.
    let mut order = byte_of;
    let mut selector_index = 0usize;
    let mut left_in_group = 0u32;
    let mut code = codes.first().ok_or(Refused)?;
    let mut run = 0usize;
    let mut run_weight = 0u32;
    loop {
        if left_in_group == 0 {
            let selector = selectors
                .get(selector_index)
                .copied()
                .filter(|_| selector_index < selector_count)
                .ok_or(Refused)?;
            code = codes.get(usize::from(selector)).ok_or(Refused)?;
            selector_index = selector_index.wrapping_add(1);
            left_in_group = GROUP_SIZE;
        }
        left_in_group = left_in_group.wrapping_sub(1);
        let symbol = code.decode(bits)?;
        if symbol <= 1 {
            // RUNA adds 1 × weight, RUNB 2 × weight; the weight doubles (bijective base 2).
            if run_weight > 20 {
                return Err(Refused);
            }
            let digit = usize::from(symbol).wrapping_add(1);
            run = run.wrapping_add(digit.wrapping_shl(run_weight));
            run_weight = run_weight.wrapping_add(1);
            continue;
        }
        if run > 0 {
            let byte = u32::from(*order.first().ok_or(Refused)?);
            let new_len = tt
                .len()
                .checked_add(run)
                .filter(|&len| len <= max_len)
                .ok_or(Refused)?;
            make_room(tt, new_len, max_len);
            tt.resize(new_len, byte);
            run = 0;
            run_weight = 0;
        }
        if symbol == end_of_block {
            break;
        }
        if tt.len() >= max_len {
            return Err(Refused);
        }
        // Symbol n > 1 is move-to-front position n - 1.
        let byte = move_to_front(&mut order, usize::from(symbol.wrapping_sub(1)))?;
        make_room(tt, tt.len().wrapping_add(1), max_len);
        tt.push(u32::from(byte));
    }
    if orig_ptr >= tt.len() {
        return Err(Refused);
    }
    Ok(Block { crc, orig_ptr })
}

/// Grows `tt` to hold `needed` entries (at most `max_len`, checked by the caller), doubling but never
/// past `max_len`: the column takes what the block holds, not what the header allows.
#[inline]
fn make_room(tt: &mut Vec<u32>, needed: usize, max_len: usize) {
    if needed > tt.capacity() {
        grow(tt, needed, max_len);
    }
}

#[cold]
fn grow(tt: &mut Vec<u32>, needed: usize, max_len: usize) {
    let target = tt
        .capacity()
        .saturating_mul(2)
        .max(needed)
        .max(4096)
        .min(max_len)
        .max(needed);
    tt.reserve_exact(target.saturating_sub(tt.len()));
}

/// The bytes the block uses (16 flags for ranges of 16, then 16 flags per range in use), in order.
fn symbol_map(bits: &mut Bits<'_>) -> Result<([u8; 256], usize), Refused> {
    let ranges = bits.take(16).ok_or(Refused)?;
    let mut byte_of = [0u8; 256];
    let mut in_use = 0usize;
    for range in 0u8..16 {
        if ranges & (0x8000 >> range) == 0 {
            continue;
        }
        let flags = bits.take(16).ok_or(Refused)?;
        for low in 0u8..16 {
            if flags & (0x8000 >> low) != 0 {
                *byte_of.get_mut(in_use).ok_or(Refused)? = range.wrapping_mul(16) | low;
                in_use = in_use.wrapping_add(1);
            }
        }
    }
    if in_use == 0 {
        return Err(Refused);
    }
    Ok((byte_of, in_use))
}

/// Takes the entry at `position` to the front of `list` and returns it.
fn move_to_front<const N: usize>(list: &mut [u8; N], position: usize) -> Result<u8, Refused> {
    let value = *list.get(position).ok_or(Refused)?;
    list.copy_within(..position, 1);
    if let Some(front) = list.first_mut() {
        *front = value;
    }
    Ok(value)
}
