//! Round trips through independent encoders (flate2, bzip2, lzma-rs, ruzstd's encoder) for every
//! method that has one, plus the limit contract on each.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;

use lumpkit_decompress::{Error, Method, decompress, decompress_sized};

/// Text-like data with repeats (compressible) but no run long enough to need deflate's length 258,
/// which deflate64 codes differently.
fn sample(len: usize) -> Vec<u8> {
    let words: [&[u8]; 6] = [
        b"war3map.j ",
        b"textures\\",
        b"units ",
        b"BLP1",
        b"\x00\x01\x02",
        b"mip ",
    ];
    let mut out = Vec::with_capacity(len);
    let mut seed = 0x2545_f491_u32;
    while out.len() < len {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        out.extend_from_slice(words[(seed % 6) as usize]);
        out.push((seed >> 8) as u8);
    }
    out.truncate(len);
    out
}

fn zlib(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn deflate(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::best());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn bzip2(data: &[u8]) -> Vec<u8> {
    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::best());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

/// lzma-rs's `.lzma` output: 5 property bytes, 8-byte size, stream.
fn lzma_alone(data: &[u8], size: Option<u64>) -> Vec<u8> {
    let mut out = Vec::new();
    let options = lzma_rs::compress::Options {
        unpacked_size: lzma_rs::compress::UnpackedSize::WriteToHeader(size),
    };
    lzma_rs::lzma_compress_with_options(&mut &data[..], &mut out, &options).unwrap();
    out
}

/// ZIP method 14 framing: version 9.20, properties size 5, properties, stream (with end marker).
fn lzma_zip(data: &[u8]) -> Vec<u8> {
    let alone = lzma_alone(data, None);
    let mut out = vec![9, 20, 5, 0];
    out.extend_from_slice(&alone[..5]);
    out.extend_from_slice(&alone[13..]);
    out
}

/// StormLib's MPQ framing: filter byte 0, properties, 8-byte size, stream.
fn lzma_mpq(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0];
    out.extend_from_slice(&lzma_alone(data, Some(data.len() as u64)));
    out
}

fn zstd(data: &[u8]) -> Vec<u8> {
    ruzstd::encoding::compress_to_vec(data, ruzstd::encoding::CompressionLevel::Fastest)
}

/// An encoder producing the framing `decompress` expects for its method.
type Encoder = fn(&[u8]) -> Vec<u8>;

fn encoders() -> Vec<(Method, Encoder)> {
    vec![
        (Method::Zlib, zlib),
        (Method::Deflate, deflate),
        (Method::Deflate64, deflate),
        (Method::Bzip2, bzip2),
        (Method::Lzma, lzma_zip),
        (Method::LzmaMpq, lzma_mpq),
        (Method::Zstd, zstd),
    ]
}

#[test]
fn every_encoded_method_round_trips_and_appends() {
    for len in [0usize, 1, 100, 5000, 200_000] {
        let data = sample(len);
        for (method, encode) in encoders() {
            let packed = encode(&data);
            let mut out = b"prefix".to_vec();
            let n = decompress(method, &packed, &mut out, len)
                .unwrap_or_else(|e| panic!("{method} len {len}: {e}"));
            assert_eq!(n, len, "{method}");
            assert_eq!(&out[..6], b"prefix", "{method}: existing bytes kept");
            assert!(out[6..] == data[..], "{method} len {len}: output differs");
        }
    }
}

#[test]
fn every_method_stops_at_the_limit_without_writing_past_it() {
    let data = sample(100_000);
    for (method, encode) in encoders() {
        let packed = encode(&data);
        for limit in [0usize, 1, 999, 65_536, 99_999] {
            let mut out = Vec::new();
            let result = decompress(method, &packed, &mut out, limit);
            assert_eq!(
                result,
                Err(Error::OutputLimit {
                    limit: limit as u64
                }),
                "{method} limit {limit}"
            );
            assert!(
                out.len() <= limit,
                "{method}: {} bytes written under limit {limit}",
                out.len()
            );
            assert!(
                out.capacity() <= limit.max(64),
                "{method}: capacity {} under limit {limit}",
                out.capacity()
            );
            assert!(
                data.starts_with(&out),
                "{method}: the prefix written is the real output"
            );
        }
    }
}

#[test]
fn sized_decoding_checks_the_length() {
    let data = sample(3000);
    for (method, encode) in encoders() {
        let packed = encode(&data);
        let mut out = Vec::new();
        decompress_sized(method, &packed, &mut out, 3000)
            .unwrap_or_else(|e| panic!("{method}: {e}"));
        assert_eq!(out, data, "{method}");
        let longer = decompress_sized(method, &packed, &mut Vec::new(), 3001);
        if method == Method::Lzma {
            // Its end marker contradicts the size the caller gave.
            assert!(
                matches!(longer, Err(Error::Corrupt { .. })),
                "{method}: {longer:?}"
            );
        } else {
            assert_eq!(longer, Err(Error::Truncated), "{method}");
        }
        let shorter = decompress_sized(method, &packed, &mut Vec::new(), 2999);
        if method == Method::Lzma {
            // The size is what ends an LZMA stream here: it is cut there (the container compares sizes).
            assert_eq!(shorter, Ok(()), "{method}");
        } else {
            assert_eq!(shorter, Err(Error::OutputLimit { limit: 2999 }), "{method}");
        }
    }
}

#[test]
fn lzma_without_end_marker_decodes_when_the_size_is_known() {
    // ZIP writers may leave out LZMA's end marker (general-purpose bit 1 clear): the size ends it.
    let data = sample(4000);
    let alone = lzma_alone(&data, Some(data.len() as u64));
    let mut zip = vec![9, 20, 5, 0];
    zip.extend_from_slice(&alone[..5]);
    zip.extend_from_slice(&alone[13..]);
    let mut out = Vec::new();
    decompress_sized(Method::Lzma, &zip, &mut out, data.len()).unwrap();
    assert_eq!(out, data);
}

#[test]
fn truncation_at_every_byte_is_an_error() {
    let data = sample(3000);
    for (method, encode) in encoders() {
        let packed = encode(&data);
        for cut in 0..packed.len() {
            let mut out = Vec::new();
            let result = decompress(method, &packed[..cut], &mut out, data.len());
            assert!(
                result.is_err(),
                "{method}: cut at {cut} of {} decoded",
                packed.len()
            );
        }
    }
}

#[test]
fn tiny_bombs_stop_at_the_limit_without_allocating_past_it() {
    // 16 MiB of zeros packs into a few kilobytes with every encoder.
    let zeros = vec![0u8; 16 << 20];
    // Deflate64 is left out: without a deflate64 encoder, deflate's long-run code (length 258) would
    // mean something else to it.
    for (method, encode) in encoders()
        .into_iter()
        .filter(|(m, _)| *m != Method::Deflate64)
    {
        let packed = encode(&zeros);
        assert!(
            packed.len() < 1 << 20,
            "{method}: {} bytes is not a bomb",
            packed.len()
        );
        let limit = 64 * 1024;
        let mut out = Vec::new();
        assert_eq!(
            decompress(method, &packed, &mut out, limit),
            Err(Error::OutputLimit {
                limit: limit as u64
            }),
            "{method}"
        );
        assert!(
            out.len() <= limit && out.capacity() <= limit,
            "{method}: {} / {}",
            out.len(),
            out.capacity()
        );
        assert!(out.iter().all(|&b| b == 0), "{method}");
    }
}

/// A hand-built deflate64 bomb: one fixed-Huffman block of a zero literal and `matches` copies of
/// deflate64's longest match (code 285 with 16 extra bits: 65 538 bytes) at distance 1.
fn deflate64_bomb(matches: usize) -> Vec<u8> {
    let mut bits: Vec<bool> = Vec::new();
    let value = |bits: &mut Vec<bool>, v: u32, n: u32| bits.extend((0..n).map(|i| v >> i & 1 != 0));
    let code =
        |bits: &mut Vec<bool>, c: u32, n: u32| bits.extend((0..n).rev().map(|i| c >> i & 1 != 0));
    value(&mut bits, 1, 1); // BFINAL
    value(&mut bits, 1, 2); // fixed Huffman
    code(&mut bits, 0b0011_0000, 8); // literal 0
    for _ in 0..matches {
        code(&mut bits, 0b1100_0101, 8); // length code 285
        value(&mut bits, 0xFFFF, 16); // its 16 extra bits in deflate64
        code(&mut bits, 0, 5); // distance code 0: distance 1
    }
    code(&mut bits, 0, 7); // end of block
    bits.chunks(8)
        .map(|c| {
            c.iter()
                .enumerate()
                .fold(0u8, |b, (i, &bit)| b | u8::from(bit) << i)
        })
        .collect()
}

#[test]
fn deflate64_longest_matches_decode_and_a_bomb_stops_at_the_limit() {
    let small = deflate64_bomb(2);
    let mut out = Vec::new();
    assert_eq!(
        decompress(Method::Deflate64, &small, &mut out, 1 << 20),
        Ok(1 + 2 * 65_538)
    );
    assert!(out.iter().all(|&b| b == 0));
    let bomb = deflate64_bomb(300);
    assert!(bomb.len() < 1200);
    let limit = 64 * 1024;
    let mut out = Vec::new();
    assert_eq!(
        decompress(Method::Deflate64, &bomb, &mut out, limit),
        Err(Error::OutputLimit {
            limit: limit as u64
        })
    );
    assert!(out.len() <= limit && out.capacity() <= limit);
}

/// Deflate decodes in place when the room left is one the input could fill (a container's declared
/// size), through its window otherwise (a large limit): both give the same bytes and the same
/// limit errors, at every size around the window's.
#[test]
fn deflate_in_place_and_windowed_paths_agree() {
    for len in [
        1usize,
        300,
        32 * 1024 - 1,
        32 * 1024,
        32 * 1024 + 1,
        100_000,
    ] {
        let data = sample(len);
        for (method, packed) in [
            (Method::Deflate, deflate(&data)),
            (Method::Zlib, zlib(&data)),
        ] {
            let mut in_place = Vec::new();
            decompress_sized(method, &packed, &mut in_place, len).unwrap();
            let mut windowed = Vec::new();
            let n = decompress(method, &packed, &mut windowed, usize::MAX).unwrap();
            assert_eq!(n, len, "{method} len {len}");
            assert!(in_place == data && windowed == data, "{method} len {len}");
            // One byte short of the room: the in-place path stops at the limit as the window does.
            let mut short = Vec::new();
            let err = decompress(method, &packed, &mut short, len - 1).unwrap_err();
            assert!(
                matches!(err, Error::OutputLimit { .. }),
                "{method} {len}: {err}"
            );
            assert_eq!(short.len(), len - 1, "{method} {len}: what fits is kept");
        }
    }
}
