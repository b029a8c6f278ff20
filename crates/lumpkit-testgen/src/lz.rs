//! Test-only encoders for the codecs in `lumpkit-lz`: a greedy Bohemia LZSS encoder (so that PBO
//! `Cprs` entries and non-DXT PAA mips can be written) and a literal-only LZO1X writer (a valid
//! stream that any LZO1X decoder accepts). Neither aims at a good ratio.

/// Which additive checksum the LZSS stream ends with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sum {
    /// Bytes summed unsigned (PBO `Cprs`, HEMTT).
    Unsigned,
    /// Bytes summed as `i8` (TexView).
    Signed,
}

/// The checksum of `data` under `sum`.
pub fn checksum(data: &[u8], sum: Sum) -> u32 {
    data.iter().fold(0u32, |acc, &b| match sum {
        Sum::Unsigned => acc.wrapping_add(u32::from(b)),
        Sum::Signed => acc.wrapping_add(i32::from(b as i8) as u32),
    })
}

/// LZSS-compresses `data`: greedy longest match within the last 4095 bytes (lengths 3..=18),
/// followed by the checksum.
pub fn lzss_compress(data: &[u8], sum: Sum) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + data.len() / 8 + 8);
    let mut pos = 0;
    while pos < data.len() {
        let flag_at = out.len();
        out.push(0u8);
        let mut flags = 0u8;
        for bit in 0..8 {
            if pos >= data.len() {
                break;
            }
            let (dist, len) = longest_match(data, pos);
            if len >= 3 {
                out.push((dist & 0xFF) as u8);
                out.push((((dist >> 4) & 0xF0) as u8) | (len - 3) as u8);
                pos += len;
            } else {
                out.push(data[pos]);
                flags |= 1 << bit;
                pos += 1;
            }
        }
        out[flag_at] = flags;
    }
    out.extend_from_slice(&checksum(data, sum).to_le_bytes());
    out
}

fn longest_match(data: &[u8], pos: usize) -> (usize, usize) {
    let max_len = (data.len() - pos).min(18);
    let mut best = (0, 0);
    if max_len < 3 {
        return best;
    }
    for dist in 1..=pos.min(4095) {
        let start = pos - dist;
        let mut n = 0;
        while n < max_len && data[start + n % dist] == data[pos + n] {
            n += 1;
        }
        if n > best.1 {
            best = (dist, n);
            if n == max_len {
                break;
            }
        }
    }
    best
}

/// An LZO1X stream of literals only, then the end marker `0x11 0 0`.
pub fn lzo_literals(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + 16);
    let n = data.len();
    if n == 0 {
    } else if n <= 238 {
        out.push((n + 17) as u8);
    } else {
        // Literal run `t + 3` with t = 0: extended length 15 + zeros × 255 + last.
        out.push(0);
        let mut rest = n - 3 - 15;
        while rest > 255 {
            out.push(0);
            rest -= 255;
        }
        // `rest` is 1..=255 here unless it hit 0 exactly, which the `> 255` loop avoids for n ≥ 19.
        out.push(rest as u8);
    }
    out.extend_from_slice(data);
    out.extend_from_slice(&[0x11, 0, 0]);
    out
}

/// The OFP palette block RLE: runs of 3 or more as `0x80 | (n - 1), byte`, the rest as literal
/// blocks `n - 1, bytes…` (n ≤ 128).
pub fn rle_compress(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut literal: Vec<u8> = Vec::new();
    let flush = |out: &mut Vec<u8>, literal: &mut Vec<u8>| {
        for chunk in literal.chunks(128) {
            out.push((chunk.len() - 1) as u8);
            out.extend_from_slice(chunk);
        }
        literal.clear();
    };
    let mut i = 0;
    while i < data.len() {
        let run = data[i..]
            .iter()
            .take(128)
            .take_while(|&&b| b == data[i])
            .count();
        if run >= 3 {
            flush(&mut out, &mut literal);
            out.push(0x80 | (run - 1) as u8);
            out.push(data[i]);
            i += run;
        } else {
            literal.push(data[i]);
            i += 1;
        }
    }
    flush(&mut out, &mut literal);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_and_unsigned_sums_differ_on_high_bytes() {
        assert_eq!(checksum(&[0xFF, 1], Sum::Unsigned), 256);
        assert_eq!(checksum(&[0xFF, 1], Sum::Signed), 0);
    }

    #[test]
    fn compresses_repetition() {
        let data = vec![7u8; 1000];
        assert!(lzss_compress(&data, Sum::Unsigned).len() < 200);
    }
}
