//! Test inputs shared by the unit tests of our own decoders.

/// A seeded xorshift64, so failures reproduce.
pub(crate) fn random_bytes(seed: u64, len: usize) -> Vec<u8> {
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
