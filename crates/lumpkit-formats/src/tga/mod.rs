//! TGA pictures (Truevision TGA): the textures of every Quake 3-engine game and of Warcraft III
//! maps. This module validates a file without allocating (header, colour map, the pixel data walked
//! packet by packet) so that the decoder behind it (the `image` crate's, in the facade) only sees
//! files it can finish; the Quake 3 renderer's narrower set of kinds is a
//! [`crate::profiles::quake3::TGA_RENDERER`] condition.
//!
//! Sources: the Truevision TGA 2.0 specification's header layout and image types; ioquake3
//! `code/renderercommon/tr_image_tga.c` (`LoadTGA`) for what a Quake 3 engine accepts and refuses.

pub mod rules;
pub mod view;

pub use view::{Header, Kind, Tga};
