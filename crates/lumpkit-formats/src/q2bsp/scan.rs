//! Byte scans for the entity lexer.

/// The index of the first `needle` in `hay`, eight bytes to a `u64` (each byte equal to `needle`
/// becomes zero, and the exact zero-byte test marks it). Ours rather than `memchr`'s: the entity
/// strings it ends are about ten bytes long, where `memchr` spent about 90 instructions a call on
/// choosing and setting up its vector path (callgrind on a 40 KB entity lump) and this about 20.
/// [`crate::bytes::nul_terminated`] is the same scan for a NUL (a cheaper test, valid for zero only).
pub(crate) fn find_byte(needle: u8, hay: &[u8]) -> Option<usize> {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let pattern = 0x0101_0101_0101_0101u64.wrapping_mul(u64::from(needle));
    let mut chunks = hay.chunks_exact(8);
    let mut base = 0usize;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(<[u8; 8]>::try_from(chunk).unwrap_or([0; 8])) ^ pattern;
        // High bit of each byte: set when the byte is zero (no carry crosses bytes).
        let zero = !((word & LOW7).wrapping_add(LOW7) | word | LOW7);
        if zero != 0 {
            return Some(base.saturating_add((zero.trailing_zeros() / 8) as usize));
        }
        base = base.saturating_add(8);
    }
    let rest = chunks.remainder();
    let at = rest.iter().position(|&b| b == needle)?;
    Some(base.saturating_add(at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_byte_agrees_with_a_byte_scan() {
        let text: [u8; 300] = core::array::from_fn(|i| (i * 37 % 251) as u8);
        // Every alignment and length natively; a sample under Miri, which interprets each step.
        let (starts, lengths) = if cfg!(miri) { (9, 20) } else { (40, 90) };
        for needle in [0u8, b'"', b'\n', 0x80, 0xFF, 0x7F, 1] {
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
