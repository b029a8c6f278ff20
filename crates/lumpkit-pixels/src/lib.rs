//! Pixel expansion to RGBA8 for lumpkit, into caller-supplied buffers.
//!
//! Every function takes the exact output slice; lengths are the caller's contract and mismatches are
//! reported as [`SizeMismatch`], never a panic. `no_std`, no allocation, no `unsafe`.
//!
//! ```
//! use lumpkit_pixels::{alpha, bgra};
//!
//! // Two pixels stored B, G, R, A (as BLP and PAA store them), made RGBA8.
//! let stored = [0x10, 0x20, 0x30, 0xff, 0x00, 0x00, 0xff, 0x80];
//! let mut rgba = [0u8; 8];
//! bgra::to_rgba(&stored, &mut rgba)?;
//! assert_eq!(rgba, [0x30, 0x20, 0x10, 0xff, 0xff, 0x00, 0x00, 0x80]);
//!
//! // A 1-bit alpha plane (BLP's alphaBits 1): pixel 0 transparent, pixel 1 opaque.
//! alpha::apply(1, &[0b10], &mut rgba)?;
//! assert_eq!((rgba[3], rgba[7]), (0, 255));
//!
//! // A wrong length is an error, never a panic.
//! assert!(bgra::to_rgba(&stored, &mut [0u8; 4]).is_err());
//! # Ok::<(), lumpkit_pixels::SizeMismatch>(())
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

pub mod alpha;
pub mod bgra;
pub mod crop;
pub mod indexed_alpha;
pub mod masks;
pub mod packed;
pub mod palette;

/// The input or output slice does not have the length the pixel count requires.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeMismatch {
    /// Bytes required.
    pub expected: usize,
    /// Bytes given.
    pub actual: usize,
}

impl core::fmt::Display for SizeMismatch {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "buffer holds {} bytes, {} required",
            self.actual, self.expected
        )
    }
}

/// Checks that `actual == expected`.
pub(crate) fn require(expected: usize, actual: usize) -> Result<(), SizeMismatch> {
    if expected == actual {
        Ok(())
    } else {
        Err(SizeMismatch { expected, actual })
    }
}
