//! One module per format, each implementing [`crate::Format`], and the shared miptex decoder.

pub mod miptex;
pub mod wad;
