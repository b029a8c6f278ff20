//! Bounded decompression for the codecs of Bohemia Interactive's formats: the LZSS variant of
//! PBO `Cprs` entries and non-DXT PAA mips ([`lzss`]), LZO1X for DXT PAA mips ([`lzo`]), and the block RLE of OFP palette
//! mips ([`rle`]), and the run-length compression of Daikatana PAK members ([`dkrle`]).
//!
//! Both decode into a caller-supplied buffer whose length is the expected output size (the formats
//! always know it: the PBO entry's original size, or `w × h × bpp` / the DXT block count of a mip).
//! Neither can write past that buffer, read past its input, or loop without consuming input: every
//! step reads at least one byte or fails. Failures are typed ([`LzError`]) and carry the input offset
//! where decoding stopped. `no_std`, no allocation, no `unsafe`.
//!
//! ```
//! use lumpkit_lz::lzss;
//!
//! // Bohemia LZSS: a flag byte of 0xff says the next eight bytes are literals, then the 32-bit
//! // byte sum of the output.
//! let text = b"lumpkit!";
//! let sum: u32 = text.iter().map(|&b| u32::from(b)).sum();
//! let mut stream = vec![0xff];
//! stream.extend_from_slice(text);
//! stream.extend_from_slice(&sum.to_le_bytes());
//!
//! let mut out = [0u8; 8];
//! let decoded = lzss::decompress(&stream, &mut out)?;
//! assert_eq!(&out, text);
//! assert!(decoded.checksum.matched());
//!
//! // A stream that ends early is an error, not a read past the end.
//! assert!(lzss::decompress(&stream[..4], &mut out).is_err());
//! # Ok::<(), lumpkit_lz::LzError>(())
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

pub mod dkrle;
pub mod lzo;
pub mod lzss;
pub mod rle;

use core::fmt;

/// Where `count` output bytes written from `pos` end, or `OutputOverrun` (at input offset `at`)
/// when they would pass the `len` bytes expected: every decoder here checks a run or copy this way
/// before writing it.
#[inline(always)]
fn output_end(pos: usize, count: usize, len: usize, at: usize) -> Result<usize, LzError> {
    pos.checked_add(count)
        .filter(|&e| e <= len)
        .ok_or(LzError::OutputOverrun {
            offset: at,
            produced: pos,
        })
}

/// Why a stream could not be decoded into the expected number of bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LzError {
    /// The input ended while more was needed (`offset` = input length).
    InputOverrun {
        /// Input offset where reading failed.
        offset: usize,
    },
    /// The stream would produce more bytes than the expected output size.
    OutputOverrun {
        /// Input offset of the instruction that overflows.
        offset: usize,
        /// Output position when it happened.
        produced: usize,
    },
    /// A back-reference points before the start of the output (LZO) or at the byte being written.
    LookBehind {
        /// Input offset of the instruction.
        offset: usize,
        /// The distance it asks for.
        distance: usize,
        /// Bytes produced so far.
        produced: usize,
    },
    /// The stream ended (LZO end marker) before producing the expected output.
    OutputShort {
        /// Input offset just after the end marker.
        offset: usize,
        /// Bytes produced.
        produced: usize,
    },
}

impl LzError {
    /// The input offset at which decoding stopped.
    pub const fn offset(&self) -> usize {
        match *self {
            LzError::InputOverrun { offset }
            | LzError::OutputOverrun { offset, .. }
            | LzError::LookBehind { offset, .. }
            | LzError::OutputShort { offset, .. } => offset,
        }
    }
}

impl fmt::Display for LzError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LzError::InputOverrun { offset } => {
                write!(
                    f,
                    "compressed data ends at byte {offset} before the output is complete"
                )
            }
            LzError::OutputOverrun { offset, produced } => write!(
                f,
                "compressed data at byte {offset} produces more than the expected size (after {produced} bytes)"
            ),
            LzError::LookBehind {
                offset,
                distance,
                produced,
            } => write!(
                f,
                "back-reference at byte {offset} reaches {distance} bytes back with only {produced} produced"
            ),
            LzError::OutputShort { offset, produced } => write!(
                f,
                "compressed data ends at byte {offset} after only {produced} bytes of output"
            ),
        }
    }
}

impl core::error::Error for LzError {}

/// A cursor over the input that fails with [`LzError::InputOverrun`] instead of reading past it.
#[derive(Debug)]
struct Input<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Input<'a> {
    const fn new(data: &'a [u8]) -> Self {
        Input { data, pos: 0 }
    }

    #[inline(always)]
    fn byte(&mut self) -> Result<u8, LzError> {
        let b = *self.data.get(self.pos).ok_or(LzError::InputOverrun {
            offset: self.data.len(),
        })?;
        self.pos = self.pos.saturating_add(1);
        Ok(b)
    }

    #[inline(always)]
    fn peek(&self) -> Result<u8, LzError> {
        self.data
            .get(self.pos)
            .copied()
            .ok_or(LzError::InputOverrun {
                offset: self.data.len(),
            })
    }

    #[inline(always)]
    fn le16(&mut self) -> Result<u16, LzError> {
        let lo = self.byte()?;
        let hi = self.byte()?;
        Ok(u16::from_le_bytes([lo, hi]))
    }

    #[inline(always)]
    fn take(&mut self, n: usize) -> Result<&'a [u8], LzError> {
        let end = self
            .pos
            .checked_add(n)
            .filter(|&e| e <= self.data.len())
            .ok_or(LzError::InputOverrun {
                offset: self.data.len(),
            })?;
        let s = self.data.get(self.pos..end).unwrap_or(&[]);
        self.pos = end;
        Ok(s)
    }
}
