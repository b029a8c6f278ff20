//! Container parsing for classic game asset formats, without trusting the input.
//!
//! This crate is `no_std` and never allocates: every header, directory and record array is a typed,
//! zero-copy view over the caller's bytes. Problems are reported as [`Diagnostic`]s through a caller
//! supplied [`Sink`]; a file that cannot be understood at all is an [`Error`]. Pixel decoding lives in
//! the codec crates and the `lumpkit` facade, never here.
#![no_std]
#![forbid(unsafe_code)]
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

pub mod blp;
pub mod bytes;
pub mod diag;
pub mod dictionary;
pub mod error;
pub mod limits;
pub mod m2;
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
pub mod sevenz;
pub mod wal;
pub mod zip;
