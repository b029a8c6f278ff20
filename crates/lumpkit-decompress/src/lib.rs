//! Bounded decompression for the members of archives (MPQ, ZIP): every codec appends to the caller's
//! `Vec` and stops at a byte limit, so a tiny member that claims gigabytes costs at most the limit.
//!
//! | Method | Decoder | Why |
//! |---|---|---|
//! | zlib, deflate | `zlib-rs`, then `miniz_oxide` on refusal | zlib-rs (its safe `Inflate`) decodes the small streams archives hold (every MPQ sector is one) faster; anything it refuses goes to `miniz_oxide`, the reference pure-Rust inflater, whose verdict and offsets stand; streamed through a 32 KiB window when the room is more than the input could fill |
//! | deflate64 | `deflate64` | the only pure-Rust one (a port of .NET's); fed in 64 KiB chunks |
//! | bzip2 | ours, then `bzip2` on `libbz2-rs-sys` | ours reads what encoders write without zeroing the declared 900 kB block per stream (one MPQ sector each); anything it refuses goes to the pure-Rust port of libbzip2, whose verdict stands |
//! | LZMA | `lzma-rust2` | pure Rust (the 7z decoder's), faster than `lzma-rs` (now the tests' oracle); its dictionary is cut to the output room before it is allocated |
//! | zstd | `ruzstd` | pure Rust; the window a frame may claim is capped (8 MiB, or the limit up to 128 MiB) |
//! | PKWARE DCL | ours, then `explode` | the crate (a port of zlib's `blast.c`) decodes through a byte-feeding API that was 8% of `lumpkit check`'s CPU; ours reads the slice with a bit buffer and lookup tables, and anything it refuses goes to the crate, whose verdict stands. `pklib` was rejected (its library pulls in clap and indicatif). The crate's two `panic!`s are unreachable through the byte-feeding API used here (a double read needs API misuse; the code tables are fixed and complete) and fuzzing found none |
//! | MPQ sparse, Huffman, IMA ADPCM | ours | no crate implements them; learned from StormLib's `sparse.cpp`, `huff.cpp`, `adpcm.cpp` (not copied) |
//!
//! Every codec writes through one bounded sink, so no codec can append past the limit or make the
//! caller's `Vec` reserve more than it. Tests: round trips through independent encoders, limit and
//! truncation tests, proptests over random input, real MPQ and ZIP members from the shared corpus
//! (skipped when it is absent), and the `decompress` fuzz target.
//!
//! This crate knows nothing about containers: it takes one compressed stream (or one MPQ sector) and
//! the number of bytes the caller is willing to receive. It also has [`md5`], the checksum MPQ's
//! `(attributes)` keeps of unpacked members (ours is faster than `md-5`'s portable code; see its
//! module).
//!
//! ```
//! use lumpkit_decompress::{decompress, Error, Method};
//!
//! // A raw deflate stream of the five bytes "hello" (one fixed-Huffman block).
//! let stream = [0xcb, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00];
//! let mut out = Vec::new();
//! assert_eq!(decompress(Method::Deflate, &stream, &mut out, 1024), Ok(5));
//! assert_eq!(out, b"hello");
//!
//! // The same stream under a 3-byte limit: stopped, with no more than 3 bytes appended.
//! let mut short = Vec::new();
//! assert_eq!(decompress(Method::Deflate, &stream, &mut short, 3), Err(Error::OutputLimit { limit: 3 }));
//! assert!(short.len() <= 3);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

mod adpcm;
mod bzip2;
mod chunked;
mod dcl;
mod deflate;
mod deflate64;
mod deflate_stream;
mod fallback;
mod huffman;
mod huffman_weights;
mod lzma;
mod md5;
mod mpq;
mod sink;
mod sparse;
mod stream;
mod zstd;

use core::fmt;

pub use md5::{Md5, md5};
pub use mpq::{mpq_methods, mpq_sector, mpq_sector_to};
pub use stream::{decompress_sized_to, decompress_to};

/// A compression method, as the archive formats name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// zlib (RFC 1950): MPQ mask 0x02.
    Zlib,
    /// Raw deflate (RFC 1951): ZIP method 8.
    Deflate,
    /// Deflate64 ("enhanced deflate"): ZIP method 9.
    Deflate64,
    /// bzip2: ZIP method 12, MPQ mask 0x10.
    Bzip2,
    /// LZMA with ZIP method 14 framing (2-byte version, 2-byte properties size, 5 properties bytes).
    Lzma,
    /// LZMA as MPQ stores it (mask 0x12, alone): StormLib's framing of properties and raw stream.
    LzmaMpq,
    /// Zstandard: ZIP method 93.
    Zstd,
    /// PKWARE Data Compression Library "implode" (not ZIP's method 6): MPQ mask 0x08.
    PkwareDcl,
    /// MPQ sparse (run-length of zeros): mask 0x20.
    MpqSparse,
    /// MPQ adaptive Huffman (used for WAV): mask 0x01.
    MpqHuffman,
    /// MPQ IMA ADPCM, one channel: mask 0x40.
    MpqAdpcmMono,
    /// MPQ IMA ADPCM, two channels: mask 0x80.
    MpqAdpcmStereo,
}

impl Method {
    /// Every method, for tests and fuzzers that try them all.
    pub const ALL: [Method; 12] = [
        Method::Zlib,
        Method::Deflate,
        Method::Deflate64,
        Method::Bzip2,
        Method::Lzma,
        Method::LzmaMpq,
        Method::Zstd,
        Method::PkwareDcl,
        Method::MpqSparse,
        Method::MpqHuffman,
        Method::MpqAdpcmMono,
        Method::MpqAdpcmStereo,
    ];

    /// A short lowercase name for diagnostics.
    pub const fn name(self) -> &'static str {
        match self {
            Method::Zlib => "zlib",
            Method::Deflate => "deflate",
            Method::Deflate64 => "deflate64",
            Method::Bzip2 => "bzip2",
            Method::Lzma => "lzma",
            Method::LzmaMpq => "lzma (mpq)",
            Method::Zstd => "zstd",
            Method::PkwareDcl => "pkware dcl",
            Method::MpqSparse => "sparse",
            Method::MpqHuffman => "huffman",
            Method::MpqAdpcmMono => "adpcm mono",
            Method::MpqAdpcmStereo => "adpcm stereo",
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a stream could not be decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// The stream is corrupt; `at` is the input byte offset where decoding failed, when known.
    Corrupt {
        /// Input offset where decoding failed, when the codec reports it.
        at: Option<u64>,
    },
    /// The stream would produce more than `limit` bytes (nothing past the limit was written).
    OutputLimit {
        /// The limit that was reached.
        limit: u64,
    },
    /// The input ended before the stream did.
    Truncated,
    /// A method this build cannot decode.
    Unsupported(&'static str),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Error::Corrupt { at: Some(at) } => {
                write!(f, "corrupt compressed data at input byte {at}")
            }
            Error::Corrupt { at: None } => f.write_str("corrupt compressed data"),
            Error::OutputLimit { limit } => {
                write!(f, "decompressed data exceeds the limit of {limit} bytes")
            }
            Error::Truncated => f.write_str("compressed data ends early"),
            Error::Unsupported(what) => write!(f, "unsupported compression: {what}"),
        }
    }
}

impl std::error::Error for Error {}

/// Decodes `input` with `method`, appending at most `limit` bytes to `out`.
///
/// Never allocates more than `limit` bytes of output (plus codec state bounded by constants); stops with
/// [`Error::OutputLimit`] when the stream would exceed it, having appended at most `limit` bytes;
/// [`Error::Truncated`] or [`Error::Corrupt`] otherwise. On error, `out` may hold a partial prefix
/// past its original length. Returns the number of bytes appended.
pub fn decompress(
    method: Method,
    input: &[u8],
    out: &mut Vec<u8>,
    limit: usize,
) -> Result<usize, Error> {
    let mut sink = sink::Output::new(out, limit);
    run(method, input, lzma::Length::EndMarker, &mut sink)?;
    Ok(sink.written())
}

/// Decodes `input` with `method` into exactly `size` bytes appended to `out`, for containers that
/// record the decompressed size (ZIP's central directory, MPQ's block table).
///
/// The same as [`decompress`] with `limit = size` plus a length check, except for [`Method::Lzma`],
/// where the size is what ends the stream (ZIP writers may omit LZMA's end marker when general-purpose
/// bit 1 is clear). A stream that ends early is [`Error::Truncated`] (for LZMA, an end marker before
/// `size` is [`Error::Corrupt`]); one that would go on is [`Error::OutputLimit`] (except LZMA, whose
/// stream the size ends).
pub fn decompress_sized(
    method: Method,
    input: &[u8],
    out: &mut Vec<u8>,
    size: usize,
) -> Result<(), Error> {
    let mut sink = sink::Output::new(out, size);
    run(method, input, lzma::Length::Known(size as u64), &mut sink)?;
    if sink.written() == size {
        Ok(())
    } else {
        Err(Error::Truncated)
    }
}

fn run(
    method: Method,
    input: &[u8],
    lzma_length: lzma::Length,
    sink: &mut sink::Output<'_>,
) -> Result<(), Error> {
    match method {
        Method::Zlib => deflate::inflate(input, true, sink),
        Method::Deflate => deflate::inflate(input, false, sink),
        Method::Deflate64 => deflate64::inflate64(input, sink),
        Method::Bzip2 => bzip2::decode(input, sink),
        Method::Lzma => lzma::zip(input, lzma_length, sink),
        Method::LzmaMpq => lzma::mpq(input, sink),
        Method::Zstd => zstd::decode(input, sink),
        Method::PkwareDcl => dcl::explode(input, sink),
        Method::MpqSparse => sparse::decode(input, sink),
        Method::MpqHuffman => huffman::decode(input, sink),
        Method::MpqAdpcmMono => adpcm::decode(input, 1, sink),
        Method::MpqAdpcmStereo => adpcm::decode(input, 2, sink),
    }
}
