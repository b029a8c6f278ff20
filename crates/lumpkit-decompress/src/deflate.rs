//! zlib (RFC 1950) and raw deflate (RFC 1951): `zlib-rs` first (see [`fast`]), and `miniz_oxide`,
//! the reference whose verdict stands, on anything it refuses. Both decode straight into the output
//! when the room left is one the input could fill, else through a bounded buffer handed on as it
//! fills (`deflate_stream`), so output never exceeds the limit; both refuse a distance that reaches
//! before the stream's start, as zlib does.

mod fast;

use miniz_oxide::inflate::TINFLStatus;
use miniz_oxide::inflate::core::{DecompressorOxide, decompress, inflate_flags};

use crate::Error;
use crate::sink::Output;

/// Deflate's window, the size of the fast path's output pieces on a roomy output.
const WINDOW: usize = 32 * 1024;

/// Deflate's largest expansion: a 258-byte match costs at least 2 bits, so one input byte makes at
/// most 1,032 output bytes (zlib's documented bound); plus a little for the shortest streams.
const MAX_RATIO: usize = 1032;
const MAX_EXPANSION_SLACK: usize = 1024;

/// Decodes a zlib stream (`zlib = true`, header and Adler-32 checked) or a raw deflate stream.
pub(crate) fn inflate(input: &[u8], zlib: bool, out: &mut Output<'_>) -> Result<(), Error> {
    crate::fallback::ours_then_reference(
        input,
        out,
        |input, out| fast::inflate(input, zlib, out),
        |input, out| reference(input, zlib, out),
    )
}

/// `miniz_oxide`: the verdict (and the input offset of a failure) for every stream the fast path
/// refuses.
fn reference(input: &[u8], zlib: bool, out: &mut Output<'_>) -> Result<(), Error> {
    let mut state = INFLATER.take().unwrap_or_default();
    // What `miniz_oxide` asks before a new stream: the rest of the state is reset or overwritten
    // as the stream uses it (the test `a_reused_inflater_decodes_as_a_new_one` holds it to that).
    state.init();
    let result = inflate_with(&mut state, input, zlib, out);
    INFLATER.set(Some(state));
    result
}

std::thread_local! {
    /// The inflater state of this thread's last stream, for the next one. A new
    /// `DecompressorOxide` is 11 KB of tables, zero-filled on the stack and then copied into its
    /// box: about 25,000 instructions a stream, and each MPQ sector is a stream of its own
    /// (17% of `lumpkit check`'s instructions on the shared MPQ corpus, callgrind).
    static INFLATER: core::cell::Cell<Option<Box<DecompressorOxide>>> =
        const { core::cell::Cell::new(None) };
}

/// [`inflate`] with a state ready for a new stream.
fn inflate_with(
    state: &mut DecompressorOxide,
    input: &[u8],
    zlib: bool,
    out: &mut Output<'_>,
) -> Result<(), Error> {
    let flags = if zlib {
        inflate_flags::TINFL_FLAG_PARSE_ZLIB_HEADER
    } else {
        0
    };
    let most = input
        .len()
        .saturating_mul(MAX_RATIO)
        .saturating_add(MAX_EXPANSION_SLACK);
    let room = out.room();
    if room > 0 && room <= most && !out.drains() {
        return inflate_in_place(state, input, flags, out);
    }
    // Larger rooms and draining outputs: a bounded buffer handed on as it fills. Not a 32 KiB
    // wrapping window: there `miniz_oxide` lets a distance reach before the stream's start and read
    // the window's zeros, so a stream's verdict depended on the room it was given.
    crate::deflate_stream::inflate_sliding(state, input, flags, out)
}

/// Decodes into the output's whole remaining room at once: no window to zero and copy out of, which
/// for the small members most archives hold was most of the work. The room is at most what the input
/// could expand to, so the allocation is bounded by the input's size.
///
/// A distance reaching before the stream's start is an error here, as zlib reports "invalid
/// distance too far back" (and so it is in `deflate_stream`).
fn inflate_in_place(
    state: &mut DecompressorOxide,
    input: &[u8],
    flags: u32,
    out: &mut Output<'_>,
) -> Result<(), Error> {
    let region = out.len();
    let buf = out.room_in_place();
    let (status, read, wrote) = decompress(
        state,
        input,
        buf,
        0,
        flags | inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF,
    );
    out.keep(region, wrote);
    match status {
        TINFLStatus::Done => Ok(()),
        TINFLStatus::HasMoreOutput => Err(out.over_limit()),
        TINFLStatus::NeedsMoreInput | TINFLStatus::FailedCannotMakeProgress => {
            Err(Error::Truncated)
        }
        _ => Err(Error::Corrupt {
            at: Some(read as u64),
        }),
    }
}

#[cfg(test)]
#[allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]
mod tests {
    use std::io::Write;

    use proptest::prelude::*;

    use super::*;

    /// A fresh inflater's answer: the status and every byte it wrote.
    fn fresh(input: &[u8], zlib: bool, limit: usize) -> (Result<(), Error>, Vec<u8>) {
        let mut out = Vec::new();
        let mut state = Box::<DecompressorOxide>::default();
        let result = inflate_with(&mut state, input, zlib, &mut Output::new(&mut out, limit));
        (result, out)
    }

    /// The answer every caller gets (`inflate`: the fast path, then the thread's reused reference
    /// inflater on refusal).
    fn reused(input: &[u8], zlib: bool, limit: usize) -> (Result<(), Error>, Vec<u8>) {
        let mut out = Vec::new();
        let result = inflate(input, zlib, &mut Output::new(&mut out, limit));
        (result, out)
    }

    /// What `inflate` gives a draining output (a member checked as it is decoded): the verdict and
    /// every piece handed on.
    fn drained(input: &[u8], zlib: bool, limit: usize) -> (Result<(), Error>, Vec<u8>) {
        let mut streamed = Vec::new();
        let mut scratch = Vec::new();
        let mut to = |piece: &[u8]| streamed.extend_from_slice(piece);
        let result = inflate(
            input,
            zlib,
            &mut Output::draining(&mut scratch, limit, &mut to),
        );
        (result, streamed)
    }

    fn deflated(data: &[u8], zlib: bool) -> Vec<u8> {
        if zlib {
            let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
            e.write_all(data).unwrap();
            e.finish().unwrap()
        } else {
            let mut e = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::fast());
            e.write_all(data).unwrap();
            e.finish().unwrap()
        }
    }

    /// The fast path alone, on a fresh output.
    fn fast_only(input: &[u8], zlib: bool, limit: usize) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        fast::inflate(input, zlib, &mut Output::new(&mut out, limit)).ok()?;
        Some(out)
    }

    /// Text-like bytes with repeats far and near, so streams have dynamic trees, long matches and
    /// distances across the whole window.
    fn sample(len: usize, seed: u32) -> Vec<u8> {
        let mut x = seed | 1;
        let mut v: Vec<u8> = Vec::with_capacity(len);
        while v.len() < len {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            if x.is_multiple_of(3) && v.len() > 300 {
                let back = (x as usize >> 8) % v.len().min(40_000) + 1;
                let from = v.len() - back;
                for i in 0..(x as usize >> 20) % 200 {
                    v.push(v[from + i % back]);
                }
            } else {
                v.push(b"etaoin shrdlu\n"[(x >> 4) as usize % 14]);
            }
        }
        v.truncate(len);
        v
    }

    /// Valid streams take the fast path (else the differential tests below would only ever test
    /// the reference), in place and in pieces, at every size archives hold.
    #[test]
    fn valid_streams_take_the_fast_path_and_decode_as_the_reference_does() {
        for (len, seed) in [
            (0, 1),
            (1, 2),
            (700, 3),
            (4096, 4),
            (16_384, 5),
            (200_000, 6),
        ] {
            let data = sample(len, seed);
            for zlib in [true, false] {
                let stream = deflated(&data, zlib);
                for limit in [len, len + 1, 1 << 24] {
                    assert_eq!(fast_only(&stream, zlib, limit).as_deref(), Some(&data[..]));
                    assert_eq!(fresh(&stream, zlib, limit), (Ok(()), data.clone()));
                    assert_eq!(reused(&stream, zlib, limit), (Ok(()), data.clone()));
                }
                if len > 0 {
                    // One byte short of the output: the reference's `OutputLimit`, its prefix.
                    assert!(fast_only(&stream, zlib, len - 1).is_none());
                    assert_eq!(
                        reused(&stream, zlib, len - 1),
                        fresh(&stream, zlib, len - 1)
                    );
                }
            }
        }
    }

    /// What zlib refuses and the reference's windowed path reads (a distance before the stream's
    /// start, read as zeros): refused by the fast path, so the reference's answer stands.
    #[test]
    fn a_distance_before_the_start_is_the_references_call() {
        // Fixed-Huffman block: literal 'a', then length 3 at distance 2 (one byte too far back).
        // Bits (LSB first): BFINAL=1, BTYPE=01; 'a' = 0x61 -> 8-bit code 0x91; length 3 = code 257
        // (7 bits 0000001); distance 2 = code 1 (5 bits 00001); end = code 256 (7 bits 0).
        let mut bits: Vec<bool> = vec![true, true, false];
        let push = |bits: &mut Vec<bool>, code: u32, n: u32| {
            for i in (0..n).rev() {
                bits.push(code >> i & 1 == 1);
            }
        };
        push(&mut bits, 0x30 + 0x61, 8);
        push(&mut bits, 1, 7);
        push(&mut bits, 1, 5);
        push(&mut bits, 0, 7);
        let mut stream = vec![0u8; bits.len().div_ceil(8)];
        for (i, b) in bits.iter().enumerate() {
            stream[i / 8] |= u8::from(*b) << (i % 8);
        }
        assert_eq!(fast_only(&stream, false, 1 << 20), None);
        // Refused whatever the room (it once read zeros when the room was large), held or
        // streamed, at the same offset.
        for limit in [4, 1 << 20] {
            let (verdict, _) = reused(&stream, false, limit);
            assert!(
                matches!(verdict, Err(Error::Corrupt { .. })),
                "{limit}: {verdict:?}"
            );
            assert_eq!(reused(&stream, false, limit), fresh(&stream, false, limit));
            assert_eq!(drained(&stream, false, limit).0, verdict);
        }
    }

    /// The decompress fuzz target's finding (corpus/decompress/regression/crash-6ca83abf…): a
    /// fixed-Huffman match at distance 1 before any output, with a 64 KiB room. Held it read the
    /// wrapping window's zeros and then ran out of input (`Truncated`); streamed it was refused at
    /// byte 2. Now both refuse it where zlib does.
    #[test]
    fn a_match_before_any_output_is_refused_held_or_streamed() {
        let stream = [0x42, 0x00];
        let held = reused(&stream, false, 65_536);
        assert_eq!(held, (Err(Error::Corrupt { at: Some(2) }), Vec::new()));
        assert_eq!(drained(&stream, false, 65_536).0, held.0);
    }

    proptest! {
        /// Whatever the stream before it left in the reused state (dynamic trees, a window, a
        /// failure half-way), the next stream decodes as a new inflater decodes it: valid
        /// streams, the same streams with bytes flipped or cut, and random bytes.
        #[test]
        fn a_reused_inflater_decodes_as_a_new_one(
            before in proptest::collection::vec(any::<u8>(), 0..3000),
            data in proptest::collection::vec(0u8..8, 0..3000),
            flips in proptest::collection::vec((any::<usize>(), any::<u8>()), 0..4),
            cut in any::<usize>(),
            zlib in any::<bool>(),
            limit in prop_oneof![Just(1usize << 20), 0usize..4000],
        ) {
            // The stream before: a valid one of other data, then a broken one of it.
            let previous = deflated(&before, !zlib);
            prop_assert_eq!(reused(&previous, !zlib, 1 << 20), (Ok(()), before.clone()));
            let mut broken = previous.clone();
            if let Some(b) = broken.get_mut(previous.len() / 2) {
                *b ^= 0x5A;
            }
            prop_assert_eq!(reused(&broken, !zlib, 1 << 20), fresh(&broken, !zlib, 1 << 20));
            let mut stream = deflated(&data, zlib);
            for (at, x) in &flips {
                let n = stream.len();
                if n > 0 {
                    stream[at % n] ^= x;
                }
            }
            if !flips.is_empty() {
                stream.truncate(cut % (stream.len() + 1));
            }
            prop_assert_eq!(reused(&stream, zlib, limit), fresh(&stream, zlib, limit));
            // Random bytes after a half-decoded stream too.
            prop_assert_eq!(reused(&before, zlib, limit), fresh(&before, zlib, limit));
        }
    }
}
