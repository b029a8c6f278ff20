//! A real ZIP member per method from the shared corpus (`../shared/corpus/zip`) must decode to the
//! sha256 Python's zipfile gives in `expected.tsv`. Skips with a notice when the corpus is absent,
//! unless `LUMPKIT_REQUIRE_SHARED_CORPUS=1`. Only the first local header is read: the container
//! belongs to the ZIP reader, not to this crate.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use lumpkit_decompress::{Method, decompress, decompress_sized};
use sha2::Digest;

/// The first member: (name, method, flags, compressed bytes, uncompressed size) from its local header.
fn first_member(bytes: &[u8]) -> (String, u16, u16, &[u8], usize) {
    assert_eq!(&bytes[..4], b"PK\x03\x04");
    let u16_at = |o: usize| u16::from_le_bytes([bytes[o], bytes[o + 1]]);
    let u32_at = |o: usize| u32::from_le_bytes(bytes[o..o + 4].try_into().unwrap());
    let (flags, method) = (u16_at(6), u16_at(8));
    let (packed, size) = (u32_at(18) as usize, u32_at(22) as usize);
    let (name_len, extra_len) = (usize::from(u16_at(26)), usize::from(u16_at(28)));
    let name = String::from_utf8(bytes[30..30 + name_len].to_vec()).unwrap();
    let start = 30 + name_len + extra_len;
    (name, method, flags, &bytes[start..start + packed], size)
}

#[test]
fn real_lzma_member_decodes_to_zipfiles_bytes() {
    let Some(dir) = common::shared_corpus("zip") else {
        return;
    };
    let file = "zip2__lzma.zip";
    let bytes = std::fs::read(dir.join(file)).unwrap();
    let (name, method, flags, packed, size) = first_member(&bytes);
    assert_eq!(method, 14, "LZMA");
    let want = common::expected_sha256(&dir, file, &name);
    let hex = |out: &[u8]| {
        sha2::Sha256::digest(out)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    };
    let mut out = Vec::new();
    decompress_sized(Method::Lzma, packed, &mut out, size).unwrap();
    assert_eq!(hex(&out), want);
    // Bit 1 set: the stream also carries the end marker, so it decodes without the size too.
    assert_eq!(flags & 2, 2);
    let mut out = Vec::new();
    assert_eq!(decompress(Method::Lzma, packed, &mut out, size), Ok(size));
    assert_eq!(hex(&out), want);
    // And a limit below its size stops it there.
    let mut short = Vec::new();
    assert!(decompress(Method::Lzma, packed, &mut short, size / 3).is_err());
    assert!(short.len() <= size / 3);
}

#[test]
fn real_deflate_member_decodes_to_zipfiles_bytes() {
    let Some(dir) = common::shared_corpus("zip") else {
        return;
    };
    // A Quake 3 map pack's level shot (flags 0: sizes in the local header).
    let file = "q3defrag__de4th_run2.pk3";
    let bytes = std::fs::read(dir.join(file)).unwrap();
    let (name, method, _, packed, size) = first_member(&bytes);
    if method != 8 {
        panic!("{file}: first member uses method {method}, not deflate");
    }
    let mut out = Vec::new();
    decompress_sized(Method::Deflate, packed, &mut out, size).unwrap();
    let got: String = sha2::Sha256::digest(&out)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(got, common::expected_sha256(&dir, file, &name));
}
