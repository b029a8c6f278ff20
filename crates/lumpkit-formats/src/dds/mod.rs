//! DDS textures (DirectDraw Surface): Warcraft III Reforged maps and many mods ship them. This
//! module reads the header and its optional DX10 extension as typed views, classifies the pixel
//! format, and locates every mip level without allocating, so that the facade's decoders only see
//! levels that are inside the file.
//!
//! Sources: Microsoft's DDS reference, "DDS_HEADER structure", "DDS_PIXELFORMAT structure" and
//! "DDS_HEADER_DXT10 structure" (learn.microsoft.com/windows/win32/direct3ddds), for the layout,
//! the flags and the level sizes (block formats: `max(1, ⌈w/4⌉) × max(1, ⌈h/4⌉)` blocks; others
//! `⌈w × bits / 8⌉` bytes a row); the DXGI_FORMAT enumeration (learn.microsoft.com,
//! `dxgiformat.h`) for the DX10 format numbers; Microsoft's DDSTextureLoader (DirectXTK), which
//! refuses a header or pixel-format size other than 124 and 32 and reads a `mipMapCount` of 0 as 1.

pub mod levels;
pub mod pixel_format;
pub mod raw;
pub mod rules;
pub mod view;

pub use levels::Level;
pub use pixel_format::{Encoding, Layout, Masks, PixelFormat, Unit};
pub use view::Dds;
