//! One module per format, each implementing [`crate::Format`].

pub mod wad;
