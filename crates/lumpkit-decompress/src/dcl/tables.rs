//! The format's fixed Huffman codes, as lookup tables built at compile time.
//!
//! The code lengths are those of zlib's `blast.c` (the facts of the format, in its packed form: each
//! byte is a length in the low nibble and a repeat count minus one in the high nibble). Codes are
//! canonical (shorter first, then by symbol) and are stored in the stream *inverted* and most
//! significant bit first, while the stream is read least significant bit first; each table maps the
//! next `BITS` stream bits (first bit lowest) to `symbol | code length << 8`.

/// Literal code lengths (mode 1, "coded literals"), 256 symbols of 4 to 13 bits.
const LITERAL_LENGTHS: [u8; 98] = [
    11, 124, 8, 7, 28, 7, 188, 13, 76, 4, 10, 8, 12, 10, 12, 10, 8, 23, 8, 9, 7, 6, 7, 8, 7, 6, 55,
    8, 23, 24, 12, 11, 7, 9, 11, 12, 6, 7, 22, 5, 7, 24, 6, 11, 9, 6, 7, 22, 7, 11, 38, 7, 9, 8,
    25, 11, 8, 11, 9, 12, 8, 12, 5, 38, 5, 38, 5, 11, 7, 5, 6, 21, 6, 10, 53, 8, 7, 24, 10, 27, 44,
    253, 253, 253, 252, 252, 252, 13, 12, 45, 12, 45, 12, 61, 12, 45, 44, 173,
];

/// Length code lengths, 16 symbols of 2 to 7 bits.
const LENGTH_LENGTHS: [u8; 6] = [2, 35, 36, 53, 38, 23];

/// Distance code lengths, 64 symbols of 2 to 8 bits.
const DISTANCE_LENGTHS: [u8; 7] = [2, 20, 53, 230, 247, 151, 248];

/// Bits a literal lookup reads (the longest literal code).
pub(super) const LITERAL_BITS: u32 = 13;
/// Bits a length lookup reads.
pub(super) const LENGTH_BITS: u32 = 7;
/// Bits a distance lookup reads.
pub(super) const DISTANCE_BITS: u32 = 8;

pub(super) static LITERAL: [u16; 1 << LITERAL_BITS] =
    lookup::<256, { 1 << LITERAL_BITS }>(&LITERAL_LENGTHS);
pub(super) static LENGTH: [u16; 1 << LENGTH_BITS] =
    lookup::<16, { 1 << LENGTH_BITS }>(&LENGTH_LENGTHS);
pub(super) static DISTANCE: [u16; 1 << DISTANCE_BITS] =
    lookup::<64, { 1 << DISTANCE_BITS }>(&DISTANCE_LENGTHS);

/// The smallest match length of each length symbol (symbol 1 is length 2, symbol 0 length 3).
pub(super) const LENGTH_BASE: [u16; 16] =
    [3, 2, 4, 5, 6, 7, 8, 9, 10, 12, 16, 24, 40, 72, 136, 264];
/// Extra bits after each length symbol.
pub(super) const LENGTH_EXTRA: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8];

/// Builds a table of `SIZE = 2^bits` entries for a code of `SYMBOLS` symbols from packed lengths.
///
/// Evaluated only at compile time (the statics above), where indexing out of bounds or overflowing
/// is a build error, never a runtime panic; the tables are complete, so every entry is filled.
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
const fn lookup<const SYMBOLS: usize, const SIZE: usize>(packed: &[u8]) -> [u16; SIZE] {
    // Unpack the lengths.
    let mut lengths = [0u8; SYMBOLS];
    let mut symbol = 0;
    let mut i = 0;
    while i < packed.len() {
        let mut repeat = (packed[i] >> 4) + 1;
        while repeat > 0 {
            lengths[symbol] = packed[i] & 15;
            symbol += 1;
            repeat -= 1;
        }
        i += 1;
    }
    assert!(symbol == SYMBOLS);
    // Canonical codes: walk lengths from short to long, symbols in order within a length.
    let mut table = [0u16; SIZE];
    let mut code: u32 = 0;
    let mut length: u32 = 1;
    while length <= 15 {
        let mut symbol = 0;
        while symbol < SYMBOLS {
            if lengths[symbol] as u32 == length {
                // The stream carries the code inverted, most significant bit first.
                let mut stream = 0usize;
                let mut bit = 0;
                while bit < length {
                    let value = ((code >> (length - 1 - bit)) & 1) ^ 1;
                    stream |= (value as usize) << bit;
                    bit += 1;
                }
                let mut fill = stream;
                while fill < SIZE {
                    table[fill] = (symbol as u16) | ((length as u16) << 8);
                    fill += 1 << length;
                }
                code += 1;
            }
            symbol += 1;
        }
        code <<= 1;
        length += 1;
    }
    // Complete codes leave no entry empty.
    let mut entry = 0;
    while entry < SIZE {
        assert!(table[entry] != 0);
        entry += 1;
    }
    table
}
