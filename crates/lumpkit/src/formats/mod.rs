//! One module per format, each a unit struct implementing [`crate::Format`].

pub mod paa;
pub mod pbo;
