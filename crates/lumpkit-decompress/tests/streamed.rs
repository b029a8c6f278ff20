//! `decompress_sized_to` (a member checked as it is decoded, never held) against
//! `decompress_sized` (the member held whole): the same bytes, the same verdict and the same
//! offset for valid, truncated, corrupted and mis-sized streams of every method that has an
//! encoder, and for deflate distances that reach before the stream's start. The same of
//! `mpq_sector_to` (an MPQ single unit checked as it is decoded) against `mpq_sector`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;

use lumpkit_decompress::{
    Error, Method, decompress_sized, decompress_sized_to, mpq_sector, mpq_sector_to,
};
use proptest::prelude::*;

/// Compressible bytes with runs and noise, from `seed`.
fn sample(len: usize, seed: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity(len);
    let mut s = seed | 1;
    while out.len() < len {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        match s % 4 {
            0 => out.extend(std::iter::repeat_n(
                (s >> 8) as u8,
                (s >> 16) as usize % 300,
            )),
            1 => out.extend_from_slice(b"textures\\units\\war3map.j "),
            _ => out.push((s >> 8) as u8),
        }
    }
    out.truncate(len);
    out
}

/// Flips bytes of `packed` and cuts it, at or after `from` only: `flips` are (position, xor)
/// pairs, `cut` a length, both taken modulo what is there.
fn damage(packed: &mut Vec<u8>, from: usize, flips: &[(usize, u8)], cut: Option<usize>) {
    let n = packed.len().saturating_sub(from);
    for (at, x) in flips {
        if n > 0 {
            packed[from + at % n] ^= x;
        }
    }
    if let Some(cut) = cut {
        packed.truncate(from + cut % (n + 1));
    }
}

fn deflate(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn zlib(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn bzip2(data: &[u8]) -> Vec<u8> {
    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

/// ZIP method 14 framing, with the end marker.
fn lzma_zip(data: &[u8]) -> Vec<u8> {
    let mut alone = Vec::new();
    let options = lzma_rs::compress::Options {
        unpacked_size: lzma_rs::compress::UnpackedSize::WriteToHeader(None),
    };
    lzma_rs::lzma_compress_with_options(&mut &data[..], &mut alone, &options).unwrap();
    let mut out = vec![9, 20, 5, 0];
    out.extend_from_slice(&alone[..5]);
    out.extend_from_slice(&alone[13..]);
    out
}

fn zstd(data: &[u8]) -> Vec<u8> {
    ruzstd::encoding::compress_to_vec(data, ruzstd::encoding::CompressionLevel::Fastest)
}

type Encoder = fn(&[u8]) -> Vec<u8>;

const ENCODERS: [(Method, Encoder); 6] = [
    (Method::Deflate, deflate),
    (Method::Zlib, zlib),
    (Method::Deflate64, deflate),
    (Method::Bzip2, bzip2),
    (Method::Lzma, lzma_zip),
    (Method::Zstd, zstd),
];

/// What holding the member gives: the verdict and the bytes when it is valid.
fn held(method: Method, input: &[u8], size: usize) -> (Result<(), Error>, Option<Vec<u8>>) {
    let mut out = Vec::new();
    let verdict = decompress_sized(method, input, &mut out, size);
    let bytes = verdict.is_ok().then_some(out);
    (verdict, bytes)
}

/// What streaming it gives, with no empty piece handed over.
fn streamed(method: Method, input: &[u8], size: usize) -> (Result<(), Error>, Option<Vec<u8>>) {
    let mut out = Vec::new();
    let mut empty = false;
    let verdict = decompress_sized_to(method, input, size as u64, &mut |piece| {
        empty |= piece.is_empty();
        out.extend_from_slice(piece);
    });
    assert!(!empty, "{method}: an empty piece");
    assert!(
        out.len() <= size,
        "{method}: more than the size handed over"
    );
    let bytes = verdict.is_ok().then_some(out);
    (verdict, bytes)
}

#[test]
fn valid_streams_of_every_size_stream_as_they_decode_whole() {
    for len in [0usize, 1, 777, 32 * 1024, 256 * 1024 + 5, 700_000] {
        let data = sample(len, len as u32);
        for (method, encode) in ENCODERS {
            let packed = encode(&data);
            let (verdict, bytes) = streamed(method, &packed, len);
            // Deflate64 reads deflate's length 258 as another length: the held bytes are its own.
            if method != Method::Deflate64 {
                assert_eq!(verdict, Ok(()), "{method} len {len}");
                assert!(bytes.as_deref() == Some(&data[..]), "{method} len {len}");
            }
            assert!(
                (verdict, bytes) == held(method, &packed, len),
                "{method} len {len}"
            );
            // A size that lies, either way, gets the held verdict.
            for size in [len.saturating_sub(1), len + 1, len + 100_000] {
                assert_eq!(
                    streamed(method, &packed, size).0,
                    held(method, &packed, size).0,
                    "{method} len {len} size {size}"
                );
            }
        }
    }
}

#[test]
fn a_size_past_the_address_space_is_refused() {
    let packed = deflate(b"abc");
    if usize::try_from(u64::MAX).is_err() {
        assert!(matches!(
            decompress_sized_to(Method::Deflate, &packed, u64::MAX, &mut |_| {}),
            Err(Error::OutputLimit { .. })
        ));
    }
}

/// A raw deflate stream (fixed Huffman) of a literal then a match at `distance`: a distance past
/// the one byte written reaches before the stream's start.
fn far_match(distance: u16) -> Vec<u8> {
    let mut bits: Vec<bool> = Vec::new();
    let mut put = |value: u32, count: u32, msb_first: bool| {
        for i in 0..count {
            let bit = if msb_first {
                (value >> (count - 1 - i)) & 1
            } else {
                (value >> i) & 1
            };
            bits.push(bit == 1);
        }
    };
    put(1, 1, false); // final block
    put(1, 2, false); // fixed Huffman
    put(0x30 + u32::from(b'a'), 8, true); // literal 'a'
    put(1, 7, true); // length 3 (code 257)
    // Distance code and extra bits for `distance`.
    let d = u32::from(distance) - 1;
    let (code, extra, base) = if d < 4 {
        (d, 0, d)
    } else {
        let bits_len = 31 - d.leading_zeros(); // >= 2
        let extra = bits_len - 1;
        let code = 2 * bits_len + ((d >> extra) & 1);
        (code, extra, (2 + ((d >> extra) & 1)) << extra)
    };
    put(code, 5, true);
    put(d - base, extra, false);
    put(0, 7, true); // end of block (256)
    let mut out = vec![0u8; bits.len().div_ceil(8)];
    for (i, bit) in bits.iter().enumerate() {
        if *bit {
            out[i / 8] |= 1 << (i % 8);
        }
    }
    out
}

#[test]
fn a_deflate_distance_before_the_start_is_refused_as_when_held() {
    for distance in [1u16, 2, 5, 300, 32768] {
        let packed = far_match(distance);
        let (h, s) = (
            held(Method::Deflate, &packed, 4),
            streamed(Method::Deflate, &packed, 4),
        );
        assert_eq!(s, h, "distance {distance}");
        assert_eq!(h.0.is_ok(), distance == 1, "distance {distance}: {:?}", h.0);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Flipped and cut streams: the verdict and offset streaming gives is the one holding gives.
    #[test]
    fn damaged_streams_get_the_held_verdict(
        seed in any::<u32>(),
        len in 0usize..300_000,
        which in 0usize..ENCODERS.len(),
        flips in proptest::collection::vec((any::<usize>(), 1u8..=255), 0..4),
        cut in proptest::option::of(any::<usize>()),
    ) {
        let (method, encode) = ENCODERS[which];
        let data = sample(len, seed);
        let mut packed = encode(&data);
        damage(&mut packed, 0, &flips, cut);
        prop_assert_eq!(streamed(method, &packed, len), held(method, &packed, len));
    }
}

/// An MPQ sector: the mask byte, then `data` packed by its codec.
fn mpq_packed(mask: u8, data: &[u8]) -> Vec<u8> {
    let body = match mask {
        0x02 => zlib(data),
        0x10 => bzip2(data),
        0x08 => lumpkit_testgen::dcl::implode(data, lumpkit_testgen::dcl::Literals::Raw, 6),
        // A chain: imploded, then bzip2 (undone in the other order), decoded whole stage by stage.
        0x18 => bzip2(&lumpkit_testgen::dcl::implode(
            data,
            lumpkit_testgen::dcl::Literals::Raw,
            6,
        )),
        _ => unreachable!("no encoder for mask {mask:#x}"),
    };
    let mut out = vec![mask];
    out.extend_from_slice(&body);
    out
}

/// `mpq_sector` (held) against `mpq_sector_to` (streamed): the same verdict, and the same bytes
/// when it is a success.
fn mpq_both(input: &[u8], expected: usize) {
    let mut whole = Vec::new();
    let held = mpq_sector(input, expected, &mut whole);
    let mut pieces = Vec::new();
    let mut empty = false;
    let streamed = mpq_sector_to(input, expected, &mut |piece| {
        empty |= piece.is_empty();
        pieces.extend_from_slice(piece);
    });
    assert!(!empty, "an empty piece");
    assert_eq!(streamed, held, "expected {expected}");
    if held.is_ok() {
        assert!(pieces == whole, "expected {expected}: other bytes");
    } else {
        assert!(whole.is_empty(), "a refused sector left bytes");
    }
}

#[test]
fn a_single_unit_streams_as_its_sector_decodes_whole() {
    for len in [1usize, 4096, 70_000, 300_001] {
        let data = sample(len, len as u32 ^ 0x5a);
        for mask in [0x02, 0x10, 0x08, 0x18] {
            let packed = mpq_packed(mask, &data);
            let mut whole = Vec::new();
            assert_eq!(
                mpq_sector(&packed, len, &mut whole),
                Ok(()),
                "mask {mask:#x}"
            );
            for expected in [len, len - 1, len + 1, len + 70_000] {
                mpq_both(&packed, expected);
            }
        }
        // Stored (as long as the size, or longer), an unknown mask, a mask with no codec, no data
        // at all.
        mpq_both(&data, len);
        mpq_both(&data, len - 1);
        mpq_both(&[0x04, 1, 2, 3], len);
        mpq_both(&[0x00, 1, 2, 3], len);
        mpq_both(&[], len);
    }
}

/// A sparse sector declaring more than its room is refused over the limit before writing a byte:
/// short, as held (the `decompress` fuzz target's first finding on `mpq_sector_to`,
/// `corpus/decompress/regression/crash-47bda5cc`).
#[test]
fn a_refusal_over_the_limit_before_any_byte_is_short_as_held() {
    let sector = [0x20, 0x78, 0xda, 0x02, 0x35];
    mpq_both(&sector, 64);
    let mut out = Vec::new();
    assert_eq!(
        mpq_sector(&sector, 64, &mut out),
        Err(Error::Corrupt { at: None })
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Damaged single units: streaming gives the verdict (and, on success, the bytes) holding gives.
    #[test]
    fn a_damaged_single_unit_gets_the_held_verdict(
        seed in any::<u32>(),
        len in 1usize..200_000,
        mask in prop::sample::select(vec![0x02u8, 0x10, 0x08, 0x18]),
        flips in proptest::collection::vec((any::<usize>(), 1u8..=255), 0..4),
        cut in proptest::option::of(any::<usize>()),
    ) {
        let mut packed = mpq_packed(mask, &sample(len, seed));
        // The mask byte stays: a changed mask is another codec's stream.
        damage(&mut packed, 1, &flips, cut);
        mpq_both(&packed, len);
    }
}
