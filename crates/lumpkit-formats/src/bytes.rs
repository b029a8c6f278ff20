//! Checked access to untrusted byte ranges. Offsets and lengths from files are `u64` and every sum is
//! checked, so no declared value can wrap, panic, or reach outside the slice.

/// The sub-slice `data[offset .. offset + len]`, or `None` when any part lies outside `data` or the
/// arithmetic overflows.
pub fn range(data: &[u8], offset: u64, len: u64) -> Option<&[u8]> {
    let start = usize::try_from(offset).ok()?;
    let len = usize::try_from(len).ok()?;
    let end = start.checked_add(len)?;
    data.get(start..end)
}

/// The bytes from `offset` to the end of `data`, or `None` when `offset` is past the end.
pub fn tail(data: &[u8], offset: u64) -> Option<&[u8]> {
    data.get(usize::try_from(offset).ok()?..)
}

/// `N` bytes at `offset` as an array.
pub fn array<const N: usize>(data: &[u8], offset: u64) -> Option<[u8; N]> {
    range(data, offset, N as u64)?.try_into().ok()
}

/// Little-endian `u16` at `offset`.
pub fn u16_le(data: &[u8], offset: u64) -> Option<u16> {
    array(data, offset).map(u16::from_le_bytes)
}

/// Little-endian `u32` at `offset`.
pub fn u32_le(data: &[u8], offset: u64) -> Option<u32> {
    array(data, offset).map(u32::from_le_bytes)
}

/// Little-endian `i32` at `offset`.
pub fn i32_le(data: &[u8], offset: u64) -> Option<i32> {
    array(data, offset).map(i32::from_le_bytes)
}

/// The end (`offset + len`) of a declared range, or `None` when it overflows `u64`.
pub fn end(offset: u64, len: u64) -> Option<u64> {
    offset.checked_add(len)
}

/// The index of the first `needle` in `hay`, eight bytes to a `u64`: each byte equal to `needle`
/// becomes zero, and the classic has-zero-byte test flags it (its false positives only sit above
/// a true zero, so the lowest flag is exact). Ours rather than `memchr`'s: the entity strings and
/// name fields it ends are about ten bytes long, where `memchr` spent about 90 instructions a call
/// on setting up its vector path (callgrind on a 40 KB entity lump) and this about 20.
pub fn find_byte(needle: u8, hay: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let pattern = ONES.wrapping_mul(u64::from(needle));
    let mut chunks = hay.chunks_exact(8);
    let mut base = 0usize;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([!needle; 8])) ^ pattern;
        let zero = word.wrapping_sub(ONES) & !word & 0x8080_8080_8080_8080;
        if zero != 0 {
            return Some(base.saturating_add((zero.trailing_zeros() / 8) as usize));
        }
        base = base.saturating_add(8);
    }
    let at = chunks.remainder().iter().position(|&b| b == needle)?;
    Some(base.saturating_add(at))
}

/// The bytes of a fixed-size name field up to the first NUL (all of it when there is none), and
/// whether a NUL was found (a PAK asks this of every directory entry).
pub fn nul_terminated(field: &[u8]) -> (&[u8], bool) {
    match find_byte(0, field) {
        Some(n) => (field.get(..n).unwrap_or(field), true),
        None => (field, false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_rejects_overflow_and_out_of_bounds() {
        let data = [1u8, 2, 3, 4];
        assert_eq!(range(&data, 1, 2), Some(&data[1..3]));
        assert_eq!(range(&data, 4, 0), Some(&data[4..4]));
        assert_eq!(range(&data, 3, 2), None);
        assert_eq!(range(&data, u64::MAX, 2), None);
        assert_eq!(range(&data, 2, u64::MAX), None);
        assert_eq!(u32_le(&data, 0), Some(0x0403_0201));
        assert_eq!(u32_le(&data, 1), None);
    }

    #[test]
    fn nul_terminated_names() {
        assert_eq!(nul_terminated(b"abc\0def"), (&b"abc"[..], true));
        assert_eq!(nul_terminated(b"abcd"), (&b"abcd"[..], false));
        // Every position of the first NUL, every length, with high bytes around it (the word
        // test must not flag 0x80 or 0x01 bytes, nor a NUL after the first).
        // Under Miri, which interprets every step, the lengths around one and two words.
        for len in (0..40usize).filter(|&len| !cfg!(miri) || len < 18 || len == 39) {
            for first in 0..=len {
                let mut field = [0x81u8; 40];
                for (i, b) in field.iter_mut().enumerate().take(len) {
                    *b = [0x01, 0x80, 0xFF, b'a'][i % 4];
                }
                let field = &mut field[..len];
                if let Some(b) = field.get_mut(first) {
                    *b = 0;
                }
                if let Some(b) = field.get_mut(first + 3) {
                    *b = 0;
                }
                let want = match field.iter().position(|&b| b == 0) {
                    Some(n) => (&field[..n], true),
                    None => (&field[..], false),
                };
                assert_eq!(nul_terminated(field), want, "len {len}, first {first}");
            }
        }
    }

    #[test]
    fn find_byte_agrees_with_a_byte_scan() {
        let text: [u8; 300] = core::array::from_fn(|i| (i * 37 % 251) as u8);
        // Every alignment and length natively; a sample under Miri, which interprets each step.
        let (starts, lengths) = if cfg!(miri) { (9, 20) } else { (40, 90) };
        let needles: &[u8] = if cfg!(miri) {
            &[0, 0x80, 0xFF]
        } else {
            &[0, b'"', b'\n', 0x80, 0xFF, 0x7F, 1]
        };
        for &needle in needles {
            for start in 0..starts {
                for end in start..text.len().min(start + lengths) {
                    let hay = &text[start..end];
                    let expected = hay.iter().position(|&b| b == needle);
                    assert_eq!(find_byte(needle, hay), expected, "{needle} {start}..{end}");
                }
            }
        }
    }
}
