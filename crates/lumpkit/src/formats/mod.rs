//! One module per format, each implementing [`crate::Format`] and registered in
//! [`crate::registry::FORMATS`], and the shared miptex decoder (WAD and BSP textures).

pub mod blp;
pub mod m2;
pub mod miptex;
pub mod paa;
pub mod pbo;
pub mod wad;
