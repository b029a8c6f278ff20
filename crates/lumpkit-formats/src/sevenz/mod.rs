//! 7z archives: only the rules live here. The archive is read by the `sevenz-rust2` crate in the
//! facade (`lumpkit::formats::sevenz`): its headers are a compressed, variable-length structure whose
//! parsing allocates, and a well-kept pure-Rust reader exists.

pub mod rules;

/// The 7z signature (`7z\xBC\xAF\x27\x1C`).
pub const SIGNATURE: [u8; 6] = *b"7z\xbc\xaf\x27\x1c";
