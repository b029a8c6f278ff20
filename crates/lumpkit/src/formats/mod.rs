//! One module per format, each implementing [`crate::Format`] and registered in
//! [`crate::registry::FORMATS`], and the shared miptex decoder (WAD and BSP textures).

pub mod blp;
pub mod bsp;
pub mod bsp_textures;
pub mod dds;
pub mod m2;
pub mod md3;
pub mod mdx;
pub mod miptex;
pub mod mpq;
pub mod paa;
pub mod pak;
pub mod pbo;
pub mod q3bsp;
pub mod q3text;
pub mod sevenz;
pub mod tga;
pub mod w3x;
pub mod wad;
pub mod wal;
pub mod zip;
pub mod zip_names;
