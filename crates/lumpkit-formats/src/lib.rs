//! Container parsing for classic game asset formats, without trusting the input.
//!
//! This crate is `no_std` and never allocates: every header, directory and record array is a typed,
//! zero-copy view over the caller's bytes. Problems are reported as [`Diagnostic`]s through a caller
//! supplied [`Sink`]; a file that cannot be understood at all is an [`Error`]. Pixel decoding lives in
//! the codec crates and the `lumpkit` facade, never here.
//!
//! ```
//! use lumpkit_formats::pak::Pak;
//! use lumpkit_formats::{Diagnostic, Error, Sink};
//!
//! // A Quake PAK with one 4-byte member: header, data, then one 64-byte directory record.
//! let mut file = Vec::new();
//! file.extend_from_slice(b"PACK");
//! file.extend_from_slice(&16u32.to_le_bytes()); // directory offset
//! file.extend_from_slice(&64u32.to_le_bytes()); // directory length
//! file.extend_from_slice(b"abcd");
//! let mut name = [0u8; 56];
//! name[..9].copy_from_slice(b"maps/e1m1");
//! file.extend_from_slice(&name);
//! file.extend_from_slice(&12u32.to_le_bytes()); // member offset
//! file.extend_from_slice(&4u32.to_le_bytes()); // member size
//!
//! // A sink decides what a diagnostic means to the caller; this one counts them.
//! struct Count(usize);
//! impl Sink for Count {
//!     fn report(&mut self, _: Diagnostic) -> Result<(), Error> {
//!         self.0 += 1;
//!         Ok(())
//!     }
//! }
//! let mut found = Count(0);
//! let pak = Pak::parse(&file, &mut found)?;
//! let entry = pak.entries().next().ok_or("no entry")?;
//! assert_eq!((entry.name, entry.offset, entry.size), (&b"maps/e1m1"[..], 12, 4));
//! assert_eq!(found.0, 0);
//!
//! // A directory past the end of the file is an error with a stable code, not a panic.
//! let broken = Pak::parse(&file[..40], &mut found);
//! assert!(broken.is_err() || found.0 > 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

pub mod blp;
pub mod bytes;
pub mod dds;
pub mod diag;
pub mod dictionary;
pub mod error;
pub mod limits;
pub mod m2;
pub mod md3;
pub mod mdx;
pub mod miptex;
pub mod mpq;
pub mod paa;
pub mod pbo;
pub mod profiles;
pub mod rules;
pub mod wad;

pub use diag::{Diagnostic, Ignore, Rule, Severity, Sink, Strict};
pub use error::{Error, Fault};
pub use limits::Limits;
pub mod pak;
pub mod q1bsp;
pub mod q2bsp;
pub mod q3bsp;
pub mod q3text;
pub mod sevenz;
pub mod tga;
pub mod w3x;
pub mod wal;
pub mod zip;

/// A seeded xorshift64 stream for the randomised tests that compare a fast check with its plain
/// reference (the same draws on every run, so a failure replays).
#[cfg(test)]
pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
