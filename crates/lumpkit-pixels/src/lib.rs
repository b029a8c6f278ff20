//! Pixel expansion to RGBA8 for lumpkit, into caller-supplied buffers.
//!
//! Every function takes the exact output slice; lengths are the caller's contract and mismatches are
//! reported as [`SizeMismatch`], never a panic. `no_std`, no allocation, no `unsafe`.
#![no_std]
#![forbid(unsafe_code)]
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

pub mod alpha;
pub mod bgra;
pub mod crop;
pub mod indexed_alpha;
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
