//! Content for codec tests and benches: seeded, so a failure or a figure reproduces.

/// Bytes of a seeded xorshift64 stream (noise: nothing to compress).
pub fn random_bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut state = seed | 1;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 32) as u8
        })
        .collect()
}

/// Game-file-like bytes: runs of small integers, text and noise, from a fixed seed.
pub fn game_like(len: usize) -> Vec<u8> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut out = Vec::with_capacity(len);
    while out.len() < len {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        match state % 4 {
            0 => out.extend_from_slice(b"unit.attack.range "),
            1 => out.extend((0..16u8).map(|i| i.wrapping_mul((state >> 8) as u8))),
            2 => out.extend(std::iter::repeat_n(
                (state >> 16) as u8,
                (state >> 24) as usize % 24,
            )),
            _ => out.extend_from_slice(&state.to_le_bytes()),
        }
    }
    out.truncate(len);
    out
}
