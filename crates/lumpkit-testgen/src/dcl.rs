//! A PKWARE Data Compression Library "implode" encoder (MPQ mask 0x08), for round trips of our
//! decoder and imploded MPQ members: literals and greedy matches found through two hash tables (the
//! last position of each 3-byte and 2-byte prefix), in either literal mode and any dictionary size.
//!
//! Written from the format's description (zlib's `blast.c` documents it), not from an encoder: it
//! only has to be valid and to use every kind of code, not to compress well.

/// How literals are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Literals {
    /// Eight raw bits each (header byte 0).
    Raw,
    /// The format's fixed Huffman code (header byte 1).
    Coded,
}

/// Every literal mode with every dictionary size (4, 5, 6 low distance bits: 1, 2, 4 KiB).
pub const MODES: [(Literals, u8); 6] = [
    (Literals::Raw, 4),
    (Literals::Raw, 5),
    (Literals::Raw, 6),
    (Literals::Coded, 4),
    (Literals::Coded, 5),
    (Literals::Coded, 6),
];

/// Packed code lengths of the format (low nibble: length; high nibble: repeat count minus one).
const LITERAL_LENGTHS: [u8; 98] = [
    11, 124, 8, 7, 28, 7, 188, 13, 76, 4, 10, 8, 12, 10, 12, 10, 8, 23, 8, 9, 7, 6, 7, 8, 7, 6, 55,
    8, 23, 24, 12, 11, 7, 9, 11, 12, 6, 7, 22, 5, 7, 24, 6, 11, 9, 6, 7, 22, 7, 11, 38, 7, 9, 8,
    25, 11, 8, 11, 9, 12, 8, 12, 5, 38, 5, 38, 5, 11, 7, 5, 6, 21, 6, 10, 53, 8, 7, 24, 10, 27, 44,
    253, 253, 253, 252, 252, 252, 13, 12, 45, 12, 45, 12, 61, 12, 45, 44, 173,
];
const LENGTH_LENGTHS: [u8; 6] = [2, 35, 36, 53, 38, 23];
const DISTANCE_LENGTHS: [u8; 7] = [2, 20, 53, 230, 247, 151, 248];
const LENGTH_BASE: [usize; 16] = [3, 2, 4, 5, 6, 7, 8, 9, 10, 12, 16, 24, 40, 72, 136, 264];
const LENGTH_EXTRA: [u32; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8];

/// The longest match (the length 519 is the end code).
const MAX_MATCH: usize = 518;

/// Canonical codes `(code, length)` per symbol from packed lengths.
fn codes(packed: &[u8]) -> Vec<(u32, u32)> {
    let lengths: Vec<u32> = packed
        .iter()
        .flat_map(|&b| std::iter::repeat_n(u32::from(b & 15), usize::from(b >> 4) + 1))
        .collect();
    let mut codes = vec![(0, 0); lengths.len()];
    let mut code = 0u32;
    for length in 1..=15 {
        for (symbol, &l) in lengths.iter().enumerate() {
            if l == length {
                codes[symbol] = (code, length);
                code += 1;
            }
        }
        code <<= 1;
    }
    codes
}

/// Least significant bit first.
struct BitWriter {
    out: Vec<u8>,
    buffer: u64,
    count: u32,
}

impl BitWriter {
    fn bits(&mut self, value: u32, n: u32) {
        self.buffer |= u64::from(value & ((1u32 << n) - 1)) << self.count;
        self.count += n;
        while self.count >= 8 {
            self.out.push(self.buffer as u8);
            self.buffer >>= 8;
            self.count -= 8;
        }
    }

    /// A Huffman code: inverted, most significant bit first.
    fn code(&mut self, (code, length): (u32, u32)) {
        for bit in (0..length).rev() {
            self.bits(((code >> bit) & 1) ^ 1, 1);
        }
    }
}

/// Implodes `data`.
pub fn implode(data: &[u8], literals: Literals, dict: u8) -> Vec<u8> {
    assert!((4..=6).contains(&dict), "dictionary size is 4, 5 or 6");
    let literal_codes = codes(&LITERAL_LENGTHS);
    let length_codes = codes(&LENGTH_LENGTHS);
    let distance_codes = codes(&DISTANCE_LENGTHS);
    let dict = u32::from(dict);
    let far = 64usize << dict;
    let mut w = BitWriter {
        out: vec![u8::from(literals == Literals::Coded), dict as u8],
        buffer: 0,
        count: 0,
    };
    let length = |w: &mut BitWriter, len: usize| {
        let symbol = (0..16)
            .rev()
            .find(|&s| LENGTH_BASE[s] <= len && len < LENGTH_BASE[s] + (1 << LENGTH_EXTRA[s]))
            .unwrap_or(15);
        w.bits(1, 1);
        w.code(length_codes[symbol]);
        w.bits((len - LENGTH_BASE[symbol]) as u32, LENGTH_EXTRA[symbol]);
    };
    let mut last3 = vec![usize::MAX; 1 << 16];
    let mut last2 = vec![usize::MAX; 1 << 16];
    let hash3 = |at: usize| {
        let (a, b, c) = (
            data[at] as usize,
            data[at + 1] as usize,
            data[at + 2] as usize,
        );
        (a << 8 ^ b << 4 ^ c ^ c << 11) & 0xffff
    };
    let hash2 = |at: usize| (data[at] as usize) << 8 | data[at + 1] as usize;
    let mut at = 0;
    while at < data.len() {
        let mut best = (0usize, 0usize);
        if at + 3 <= data.len() {
            let candidate = last3[hash3(at)];
            if candidate != usize::MAX && at - candidate <= far {
                let len = data[at..]
                    .iter()
                    .zip(&data[candidate..])
                    .take(MAX_MATCH)
                    .take_while(|(a, b)| a == b)
                    .count();
                if len >= 3 {
                    best = (len, at - candidate);
                }
            }
        }
        if best.0 == 0 && at + 2 <= data.len() {
            let candidate = last2[hash2(at)];
            if candidate != usize::MAX && at - candidate <= 256 {
                best = (2, at - candidate);
            }
        }
        let step = best.0.max(1);
        for p in at..(at + step) {
            if p + 3 <= data.len() {
                last3[hash3(p)] = p;
            }
            if p + 2 <= data.len() {
                last2[hash2(p)] = p;
            }
        }
        if best.0 >= 2 {
            let (len, dist) = best;
            length(&mut w, len);
            let low = if len == 2 { 2 } else { dict };
            let d = (dist - 1) as u32;
            w.code(distance_codes[(d >> low) as usize]);
            w.bits(d, low);
        } else {
            w.bits(0, 1);
            match literals {
                Literals::Raw => w.bits(u32::from(data[at]), 8),
                Literals::Coded => w.code(literal_codes[usize::from(data[at])]),
            }
        }
        at += step;
    }
    length(&mut w, 519);
    if w.count > 0 {
        w.bits(0, 8 - w.count);
    }
    w.out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explode_reads_what_we_write() {
        let text = b"the quick brown fox jumps over the lazy dog; the quick brown fox again, aaaaaaaaaaaaaaaaaaaaaaaaaaaaab".repeat(40);
        for (literals, dict) in MODES {
            let stream = implode(&text, literals, dict);
            assert!(
                stream.len() < text.len() / 2,
                "{literals:?} {dict}: it compresses"
            );
            assert_eq!(
                explode::explode(&stream).unwrap(),
                text,
                "{literals:?} {dict}"
            );
        }
    }
}
