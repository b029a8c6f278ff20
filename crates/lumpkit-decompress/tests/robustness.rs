//! Hostile input: random bytes never panic for any method or sector mask, tiny bombs stop at the
//! limit having written at most the limit, and the MPQ codecs' fixed vectors.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use lumpkit_decompress::{Error, Method, decompress, mpq_methods, mpq_sector};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic_or_pass_the_limit(input in proptest::collection::vec(any::<u8>(), 0..2048), limit in 0usize..70_000) {
        for method in Method::ALL {
            let mut out = vec![7u8; 3];
            let result = decompress(method, &input, &mut out, limit);
            prop_assert!(out.len() <= 3 + limit, "{method}: {} bytes past a limit of {limit}", out.len() - 3);
            prop_assert_eq!(&out[..3], &[7u8, 7, 7][..]);
            if let Ok(n) = result {
                prop_assert_eq!(n, out.len() - 3);
            }
        }
    }

    #[test]
    fn random_sectors_never_panic(input in proptest::collection::vec(any::<u8>(), 0..1024), expected in 0usize..9000) {
        let mut out = Vec::new();
        if mpq_sector(&input, expected, &mut out).is_ok() {
            prop_assert_eq!(out.len(), expected);
        } else {
            prop_assert!(out.is_empty(), "a failed sector appends nothing");
        }
    }

    #[test]
    fn random_tails_after_each_mpq_mask_never_panic(mask in any::<u8>(), tail in proptest::collection::vec(any::<u8>(), 0..600)) {
        let mut input = vec![mask];
        input.extend_from_slice(&tail);
        let _ = mpq_sector(&input, 4096, &mut Vec::new());
    }
}

#[test]
fn mask_bits_in_decompression_order() {
    let all: Vec<Method> = mpq_methods(0xFB).unwrap().collect();
    assert_eq!(
        all,
        [
            Method::Bzip2,
            Method::PkwareDcl,
            Method::Zlib,
            Method::MpqHuffman,
            Method::MpqAdpcmStereo,
            Method::MpqAdpcmMono,
            Method::MpqSparse
        ]
    );
    assert_eq!(
        mpq_methods(0x12).unwrap().collect::<Vec<_>>(),
        [Method::LzmaMpq]
    );
    assert_eq!(
        mpq_methods(0x22).unwrap().collect::<Vec<_>>(),
        [Method::Zlib, Method::MpqSparse]
    );
    assert_eq!(mpq_methods(0x04).err(), Some(0x04));
    assert_eq!(mpq_methods(0x0C).err(), Some(0x04));
    assert_eq!(mpq_methods(0x00).unwrap().count(), 0);
}

/// The explode crate's documented vector: literals uncoded, 4-bit dictionary, "AIAIAIAIAIAIA".
const DCL_AIAI: [u8; 8] = [0x00, 0x04, 0x82, 0x24, 0x25, 0x8f, 0x80, 0x7f];

#[test]
fn pkware_dcl_vector_and_its_limit_and_truncations() {
    let mut out = Vec::new();
    assert_eq!(
        decompress(Method::PkwareDcl, &DCL_AIAI, &mut out, 100),
        Ok(13)
    );
    assert_eq!(out, b"AIAIAIAIAIAIA");
    let mut short = Vec::new();
    assert_eq!(
        decompress(Method::PkwareDcl, &DCL_AIAI, &mut short, 5),
        Err(Error::OutputLimit { limit: 5 })
    );
    assert_eq!(short, b"AIAIA");
    for cut in 0..DCL_AIAI.len() {
        assert!(
            decompress(Method::PkwareDcl, &DCL_AIAI[..cut], &mut Vec::new(), 100).is_err(),
            "cut {cut}"
        );
    }
    // As a sector: StormLib cuts DCL output at the sector's end without complaint.
    let mut sector = vec![0x08];
    sector.extend_from_slice(&DCL_AIAI);
    let mut out = Vec::new();
    mpq_sector(&sector, 13, &mut out).unwrap();
    assert_eq!(out, b"AIAIAIAIAIAIA");
    let mut cut = Vec::new();
    mpq_sector(&sector, 10, &mut cut).unwrap();
    assert_eq!(cut, b"AIAIAIAIAI");
}

#[test]
fn sparse_vector_bomb_and_truncations() {
    // Declared 10 bytes: 2 literals "ab", 5 zeros, 3 literals "xyz".
    let stream = [0, 0, 0, 10, 0x81, b'a', b'b', 0x02, 0x82, b'x', b'y', b'z'];
    let mut out = Vec::new();
    assert_eq!(decompress(Method::MpqSparse, &stream, &mut out, 10), Ok(10));
    assert_eq!(out, b"ab\0\0\0\0\0xyz");
    for cut in 0..stream.len() {
        assert!(
            decompress(Method::MpqSparse, &stream[..cut], &mut Vec::new(), 10).is_err(),
            "cut {cut}"
        );
    }
    // A 5-byte stream that claims 4 GiB of zeros is refused before anything is written.
    let bomb = [0xff, 0xff, 0xff, 0xff, 0x7f];
    let mut out = Vec::new();
    assert_eq!(
        decompress(Method::MpqSparse, &bomb, &mut out, 1 << 20),
        Err(Error::OutputLimit { limit: 1 << 20 })
    );
    assert!(out.is_empty());
    assert_eq!(out.capacity(), 0);
}

#[test]
fn adpcm_header_samples_and_escapes() {
    // Mono, shift 4, initial sample 0x0100; then 0x80 (repeat, step down), 0x81 (step up), one sample.
    let stream = [0x00, 0x04, 0x00, 0x01, 0x80, 0x81, 0x00];
    let mut out = Vec::new();
    decompress(Method::MpqAdpcmMono, &stream, &mut out, 100).unwrap();
    // 0x0100, repeated, then 0x0100 + (step[0x2C - 1 + 8] >> 4) = 256 + (963 >> 4) = 316.
    let samples: Vec<i16> = out
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect();
    assert_eq!(samples, [256, 256, 316]);
    // Stereo: two initial samples, then the channels alternate.
    let stereo = [0x00, 0x04, 0x10, 0x00, 0x20, 0x00, 0x80, 0x80];
    let mut out = Vec::new();
    decompress(Method::MpqAdpcmStereo, &stereo, &mut out, 100).unwrap();
    let samples: Vec<i16> = out
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect();
    assert_eq!(samples, [0x10, 0x20, 0x10, 0x20]);
    // Output past the limit stops with OutputLimit, at most the limit written.
    let mut short = Vec::new();
    assert_eq!(
        decompress(Method::MpqAdpcmStereo, &stereo, &mut short, 5),
        Err(Error::OutputLimit { limit: 5 })
    );
    assert!(short.len() <= 5);
    // Nothing to decode is an error, as in StormLib (zero bytes out is its failure).
    assert!(decompress(Method::MpqAdpcmMono, &stream[..3], &mut Vec::new(), 100).is_err());
}

#[test]
fn huffman_type_zero_literal_stream_and_limit() {
    // Type 0 starts with only bytes 0x00 and 0xFF in the tree; an empty stream is just the end code.
    // Its code is found by decoding: every bit pattern must give an error or a symbol, never a panic,
    // and a one-byte stream of type 0 followed by garbage must stop within the limit.
    for second in 0..=255u8 {
        let mut out = Vec::new();
        let result = decompress(Method::MpqHuffman, &[0x00, second, 0xAA, 0x55], &mut out, 3);
        assert!(out.len() <= 3);
        if result.is_ok() {
            assert!(out.len() <= 3);
        }
    }
    // Compression types past 8 have no weight table: corrupt, as StormLib would index out of range.
    assert!(matches!(
        decompress(Method::MpqHuffman, &[0x09, 0, 0, 0], &mut Vec::new(), 10),
        Err(Error::Corrupt { .. })
    ));
}

#[test]
fn zstd_reserved_block_is_corrupt_where_the_block_header_ends() {
    // Magic, a single-segment frame header with a 1-byte content size (4), then a block header of
    // the reserved type 3 (last block, size 0) and bytes the decoder never gets to.
    let header = [0x28, 0xB5, 0x2F, 0xFD, 0x20, 0x04];
    let reserved_block = [0x07, 0x00, 0x00];
    let mut stream = [&header[..], &reserved_block[..]].concat();
    stream.extend_from_slice(b"rest");
    let mut out = Vec::new();
    assert_eq!(
        decompress(Method::Zstd, &stream, &mut out, 100),
        Err(Error::Corrupt { at: Some(9) })
    );
    assert!(out.is_empty());
    // With nothing after the block header, the same stream reads as cut short.
    assert_eq!(
        decompress(Method::Zstd, &stream[..9], &mut Vec::new(), 100),
        Err(Error::Truncated)
    );
}
