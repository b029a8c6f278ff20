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

/// The format as the BI wiki states it, one item at a time with every check, written for
/// clarity: the oracle for the decoder's fast group loop. Returns the output, the input used
/// and the stored sum, or the error the decoder must give.
fn reference_decode(
    input: &[u8],
    len: usize,
) -> Result<(Vec<u8>, usize, u32), lumpkit_lz::LzError> {
    use lumpkit_lz::LzError;
    let overrun = LzError::InputOverrun {
        offset: input.len(),
    };
    let mut out: Vec<u8> = Vec::with_capacity(len);
    let mut at = 0usize;
    while out.len() < len {
        let flags = *input.get(at).ok_or(overrun)?;
        at += 1;
        for bit in 0..8 {
            if out.len() >= len {
                break;
            }
            if flags & (1 << bit) != 0 {
                out.push(*input.get(at).ok_or(overrun)?);
                at += 1;
                continue;
            }
            let (b1, b2) = (
                *input.get(at).ok_or(overrun)?,
                *input.get(at + 1).ok_or(overrun)?,
            );
            let distance = usize::from(b1) | usize::from(b2 & 0xF0) << 4;
            let run = usize::from(b2 & 0x0F) + 3;
            if distance == 0 {
                return Err(LzError::LookBehind {
                    offset: at,
                    distance,
                    produced: out.len(),
                });
            }
            at += 2;
            for _ in 0..run {
                if out.len() >= len {
                    break;
                }
                let b = match out.len().checked_sub(distance) {
                    Some(src) => out[src],
                    None => b' ',
                };
                out.push(b);
            }
        }
    }
    let sum = input.get(at..at + 4).ok_or(overrun)?;
    Ok((out, at + 4, u32::from_le_bytes(sum.try_into().unwrap())))
}

/// Streams that are mostly references (the fast group loop's copies: near, overlapping, far,
/// reaching before the start) with a few literals, sometimes a zero distance.
fn reference_heavy() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(
        prop_oneof![
            Just(0x00u8),
            Just(0xFFu8),
            Just(0x01u8),
            Just(0x0Fu8),
            any::<u8>()
        ],
        0..2000,
    )
}

/// Streams that are mostly literals (the fast group loop's literal runs: flags with long runs of
/// set bits broken by one or two references, at every position in the group).
fn literal_heavy() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(
        prop_oneof![
            Just(0xFFu8),
            Just(0xFEu8),
            Just(0x7Fu8),
            Just(0xEFu8),
            Just(0xBDu8),
            Just(0x20u8),
            any::<u8>()
        ],
        0..2000,
    )
}

proptest! {
    #[test]
    fn agrees_with_the_reference_decoder(
        stream in prop_oneof![reference_heavy(), texture_like(), literal_heavy()],
        len in prop_oneof![0usize..600, 600usize..5000],
    ) {
        let mut out = vec![0xA5u8; len];
        let ours = lzss::decompress(&stream, &mut out);
        match reference_decode(&stream, len) {
            Ok((want, consumed, stored)) => {
                let d = ours.unwrap();
                prop_assert_eq!(&out, &want);
                prop_assert_eq!(d.consumed, consumed);
                let (unsigned, signed) = lzss::sums(&want);
                prop_assert_eq!(d.checksum.matched(), stored == unsigned || stored == signed);
            }
            Err(e) => prop_assert_eq!(ours, Err(e)),
        }
    }

    #[test]
    fn encoded_data_agrees_with_the_reference_decoder(data in prop_oneof![texture_like(), periodic()]) {
        let stream = lzss_compress(&data, Sum::Unsigned);
        let mut out = vec![0u8; data.len()];
        lzss::decompress(&stream, &mut out).unwrap();
        let (want, _, _) = reference_decode(&stream, data.len()).unwrap();
        prop_assert_eq!(out, want);
    }
}

/// Well-formed streams of literals and references with every near distance (1 to 17, the
/// pattern and index-table copies of the fast loop) and some far ones, at every run length.
fn near_references() -> impl Strategy<Value = Vec<u8>> {
    let item = prop_oneof![
        any::<u8>().prop_map(|b| (true, b, 0u8)),
        (1u16..=17, 0u8..16).prop_map(|(d, l)| (false, d as u8, l)),
        (18u16..4096, 0u8..16).prop_map(|(d, l)| (false, d as u8, ((d >> 4) as u8 & 0xF0) | l)),
    ];
    proptest::collection::vec(item, 0..1500).prop_map(|items| {
        let mut stream = Vec::new();
        for group in items.chunks(8) {
            let flags = group
                .iter()
                .enumerate()
                .fold(0u8, |f, (i, &(lit, _, _))| f | (u8::from(lit) << i));
            stream.push(flags);
            for &(lit, a, b) in group {
                stream.push(a);
                if !lit {
                    stream.push(b);
                }
            }
        }
        stream
    })
}

proptest! {
    #[test]
    fn near_references_agree_with_the_reference_decoder(
        stream in near_references(),
        len in 0usize..6000,
    ) {
        let mut out = vec![0xA5u8; len];
        let ours = lzss::decompress(&stream, &mut out);
        match reference_decode(&stream, len) {
            Ok((want, consumed, _)) => {
                let d = ours.unwrap();
                prop_assert_eq!(&out, &want);
                prop_assert_eq!(d.consumed, consumed);
            }
            Err(e) => prop_assert_eq!(ours, Err(e)),
        }
    }
}
