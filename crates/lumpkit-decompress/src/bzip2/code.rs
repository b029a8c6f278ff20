//! One Huffman table of a bzip2 block, as canonical codes: lengths 1 to 20, the shorter codes first
//! and, within a length, the symbols in order (libbzip2's `hbCreateDecodeTables`).
//!
//! Only *complete* codes are taken (every bit string starts some code), which is what encoders
//! write. libbzip2 also reads incomplete or overfull tables in its own particular way; such a block
//! is left to the reference decoder rather than imitated here.

use super::Refused;
use super::bits::Bits;

/// The longest code bzip2 allows.
pub(super) const MAX_LENGTH: u8 = 20;

/// At most 256 byte values plus RUNA/RUNB (one of them counted in the 256) and the end of block.
pub(super) const MAX_SYMBOLS: usize = 258;

/// Codes up to this long are decoded by one table lookup; longer ones bit by bit from there.
const LOOKUP_BITS: u32 = 10;

/// Slots of [`Code::limit`] and [`Code::first_index`], one per length 0 to 20.
const LENGTH_SLOTS: usize = MAX_LENGTH as usize + 1;

pub(super) struct Code {
    shortest: u32,
    longest: u32,
    /// One past the last code of each length (canonical codes of a length are consecutive).
    limit: [u32; LENGTH_SLOTS],
    /// `code - first_code(length) + first_index[length]` is the symbol's place in `symbols`.
    first_index: [u32; LENGTH_SLOTS],
    /// Symbols ordered by (length, symbol).
    symbols: [u16; MAX_SYMBOLS],
    /// For every `LOOKUP_BITS`-bit window, `symbol << 5 | length` of the code it starts with, or 0
    /// when that code is longer.
    lookup: [u16; 1 << LOOKUP_BITS],
}

impl Code {
    /// The code for `lengths` (one per symbol, each 1 to 20), or `Refused` if it is not complete.
    pub(super) fn new(lengths: &[u8]) -> Result<Self, Refused> {
        let mut counts = [0u32; LENGTH_SLOTS];
        let mut kraft = 0u32;
        for &length in lengths {
            let count = counts.get_mut(usize::from(length)).ok_or(Refused)?;
            *count = count.wrapping_add(1);
            // 258 symbols of at most 2^19 each: no overflow.
            kraft =
                kraft.wrapping_add(1u32.wrapping_shl(u32::from(MAX_LENGTH.wrapping_sub(length))));
        }
        if kraft != 1 << MAX_LENGTH || lengths.contains(&0) {
            return Err(Refused);
        }
        let shortest = lengths.iter().copied().min().ok_or(Refused)?;
        let longest = lengths.iter().copied().max().ok_or(Refused)?;

        let mut code = Code {
            shortest: u32::from(shortest),
            longest: u32::from(longest),
            limit: [0; LENGTH_SLOTS],
            first_index: [0; LENGTH_SLOTS],
            symbols: [0; MAX_SYMBOLS],
            lookup: [0; 1 << LOOKUP_BITS],
        };
        let mut next_code = 0u32;
        let mut next_index = 0u32;
        for length in 1..LENGTH_SLOTS {
            let count = counts.get(length).copied().unwrap_or(0);
            // Complete codes keep these below 2^20 and 258.
            let limit = next_code.wrapping_add(count);
            if let (Some(slot), Some(index)) =
                (code.limit.get_mut(length), code.first_index.get_mut(length))
            {
                *slot = limit;
                *index = next_index.wrapping_sub(next_code);
            }
            next_index = next_index.wrapping_add(count);
            next_code = limit.wrapping_shl(1);
        }
        let mut place = 0usize;
        for length in shortest..=longest {
            let slot = usize::from(length);
            let count = counts.get(slot).copied().unwrap_or(0);
            let mut next = code
                .limit
                .get(slot)
                .copied()
                .unwrap_or(0)
                .wrapping_sub(count);
            for (symbol, _) in lengths.iter().enumerate().filter(|&(_, &l)| l == length) {
                let symbol = u16::try_from(symbol).map_err(|_| Refused)?;
                *code.symbols.get_mut(place).ok_or(Refused)? = symbol;
                place = place.wrapping_add(1);
                let length = u32::from(length);
                if length <= LOOKUP_BITS {
                    // Every window that starts with this code.
                    let spare = LOOKUP_BITS.wrapping_sub(length);
                    let first = usize::try_from(next.wrapping_shl(spare)).map_err(|_| Refused)?;
                    let end = first.wrapping_add(1usize.wrapping_shl(spare));
                    let entry = symbol.wrapping_shl(5) | length as u16;
                    code.lookup.get_mut(first..end).ok_or(Refused)?.fill(entry);
                }
                next = next.wrapping_add(1);
            }
        }
        Ok(code)
    }

    /// Decodes one symbol.
    #[inline]
    pub(super) fn decode(&self, bits: &mut Bits<'_>) -> Result<u16, Refused> {
        let window = bits.peek_padded(LOOKUP_BITS);
        let entry = self
            .lookup
            .get(usize::try_from(window).map_err(|_| Refused)?)
            .copied()
            .ok_or(Refused)?;
        let length = u32::from(entry & 31);
        if length == 0 {
            return self.decode_long(bits);
        }
        if length > bits.available() {
            return Err(Refused);
        }
        bits.skip(length);
        Ok(entry >> 5)
    }

    /// Decodes a symbol whose code is longer than the lookup table's window.
    #[cold]
    fn decode_long(&self, bits: &mut Bits<'_>) -> Result<u16, Refused> {
        let window = bits.peek_padded(self.longest);
        let mut length = self.shortest;
        loop {
            let prefix = window.wrapping_shr(self.longest.wrapping_sub(length));
            let slot = usize::try_from(length).map_err(|_| Refused)?;
            if prefix < self.limit.get(slot).copied().ok_or(Refused)? {
                if length > bits.available() {
                    return Err(Refused);
                }
                bits.skip(length);
                let index = self.first_index.get(slot).copied().ok_or(Refused)?;
                let place = usize::try_from(prefix.wrapping_add(index)).map_err(|_| Refused)?;
                return self.symbols.get(place).copied().ok_or(Refused);
            }
            if length >= self.longest {
                return Err(Refused);
            }
            length = length.wrapping_add(1);
        }
    }
}
