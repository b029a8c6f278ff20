//! LZSS: random and repetitive data → the test encoder (`lumpkit_testgen::lz`) → our decoder, both checksum
//! conventions; truncated and corrupted streams fail with typed errors, never a panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use lumpkit_lz::lzss::{self, Checksum};
use lumpkit_testgen::lz::{Sum, lzss_compress};
use proptest::prelude::*;

fn texture_like() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(
        prop_oneof![Just(0x20u8), Just(0xFFu8), Just(0u8), any::<u8>()],
        0..3000,
    )
}

/// A random block repeated with a few changed bytes: references far back (the decoder's
/// fixed-size copy) as well as the near, overlapping ones `texture_like` gives.
fn periodic() -> impl Strategy<Value = Vec<u8>> {
    (
        proptest::collection::vec(any::<u8>(), 1..300),
        1usize..40,
        proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..8),
    )
        .prop_map(|(block, copies, edits)| {
            let mut data = block.repeat(copies);
            for (at, v) in edits {
                let i = at.index(data.len());
                data[i] = v;
            }
            data
        })
}

proptest! {
    #[test]
    fn round_trip_unsigned_and_signed(data in prop_oneof![texture_like(), periodic()]) {
        for sum in [Sum::Unsigned, Sum::Signed] {
            let stream = lzss_compress(&data, sum);
            let mut out = vec![0u8; data.len()];
            let d = lzss::decompress(&stream, &mut out).unwrap();
            prop_assert_eq!(&out, &data);
            prop_assert_eq!(d.consumed, stream.len());
            let high = data.iter().any(|&b| b >= 0x80);
            let want = match (sum, high) {
                (_, false) => Checksum::Either,
                (Sum::Unsigned, true) => Checksum::Unsigned,
                (Sum::Signed, true) => Checksum::Signed,
            };
            // Sums can coincide modulo 2^32 only with > 16 M high bytes: not at these sizes.
            prop_assert_eq!(d.checksum, want);
        }
    }

    #[test]
    fn truncations_are_typed_errors(data in texture_like()) {
        let stream = lzss_compress(&data, Sum::Unsigned);
        let mut out = vec![0u8; data.len()];
        for cut in 0..stream.len() {
            let r = lzss::decompress(&stream[..cut], &mut out);
            prop_assert!(r.is_err(), "cut at {} decoded", cut);
        }
    }

    #[test]
    fn corruption_never_panics(
        data in texture_like(),
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
        size in 0usize..5000,
    ) {
        let mut stream = lzss_compress(&data, Sum::Signed);
        for (i, v) in flips {
            let at = i.index(stream.len());
            stream[at] = v;
        }
        let mut out = vec![0u8; size];
        if let Ok(d) = lzss::decompress(&stream, &mut out) {
            prop_assert!(d.consumed <= stream.len());
        }
    }
}

#[test]
fn checksum_mismatch_is_reported_with_both_sums() {
    let data = b"\xFFabc\xFE".repeat(50);
    let mut stream = lzss_compress(&data, Sum::Unsigned);
    let n = stream.len();
    stream[n - 4] ^= 1;
    let mut out = vec![0u8; data.len()];
    let d = lzss::decompress(&stream, &mut out).unwrap();
    assert!(matches!(d.checksum, Checksum::Mismatch { .. }));
    assert_eq!(out, data);
}
