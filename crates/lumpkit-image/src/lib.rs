//! BLP, PAA and WAL textures for the [`image`] crate, decoded by lumpkit without trusting them.
//!
//! Call [`register`] once at start-up; from then on [`image::open`] and [`image::ImageReader`] read
//! `.blp` (Warcraft III, World of Warcraft), `.paa`/`.pac` (Arma, OFP) and `.wal` (Quake 2) files
//! by extension, and BLP and tagged PAA files by content too
//! ([`ImageReader::with_guessed_format`](image::ImageReader::with_guessed_format),
//! [`image::load_from_memory`]). Every picture is level 0 as RGBA8, exactly the pixels
//! `lumpkit decode` writes.
//!
//! ```
//! // A 2×2 uncompressed BLP2 (BGRA, no mipmaps), built here so the example needs no file.
//! let mut blp = Vec::new();
//! blp.extend_from_slice(b"BLP2");
//! blp.extend_from_slice(&1u32.to_le_bytes()); // content: direct
//! blp.extend_from_slice(&[3, 8, 0, 0]); // encoding BGRA, 8 alpha bits, alpha type, no mipmaps
//! blp.extend_from_slice(&2u32.to_le_bytes()); // width
//! blp.extend_from_slice(&2u32.to_le_bytes()); // height
//! let data_at = (blp.len() + 16 * 4 + 16 * 4 + 256 * 4) as u32;
//! let mut offsets = [0u32; 16];
//! let mut sizes = [0u32; 16];
//! offsets[0] = data_at;
//! sizes[0] = 16;
//! for v in offsets.iter().chain(&sizes) {
//!     blp.extend_from_slice(&v.to_le_bytes());
//! }
//! blp.extend_from_slice(&[0; 256 * 4]); // palette (unused by BGRA)
//! blp.extend_from_slice(&[255, 0, 0, 255].repeat(4)); // four blue pixels, stored B, G, R, A
//!
//! lumpkit_image::register();
//! let picture = image::load_from_memory(&blp)?.to_rgba8();
//! assert_eq!(picture.dimensions(), (2, 2));
//! assert_eq!(picture.get_pixel(1, 1).0, [0, 0, 255, 255]);
//! # Ok::<(), image::ImageError>(())
//! ```
//!
//! # Limits
//!
//! A file is read whole into memory (the hooks hand over a reader) after its length is checked
//! against lumpkit's `max_alloc`; decoding is bounded by lumpkit's
//! [`Limits`](lumpkit::Limits) ([`Options::limits`]) and by the `image` crate's own
//! [`image::Limits`] (the dimensions and `max_alloc` given to
//! [`ImageDecoder::set_limits`](image::ImageDecoder::set_limits)), whichever is tighter. A hostile
//! file allocates no more than those.
//!
//! # Errors
//!
//! lumpkit's errors keep their diagnostic code (`blp-magic-unknown: …`) in the message of an
//! [`ImageError::Decoding`](image::ImageError::Decoding) (a malformed file) or an
//! [`ImageError::Unsupported`](image::ImageError::Unsupported) (a feature lumpkit does not read,
//! or a WAL without a palette). An exceeded limit becomes
//! [`ImageError::Limits`](image::ImageError::Limits), whose kind (dimensions or memory) is all
//! that `image`'s limit errors carry: lumpkit's code (`limit-pixels`, `limit-alloc`) is lost there.
//!
//! # WAL palettes
//!
//! WAL textures carry no palette: Quake 2 takes it from `pics/colormap.pcx` in its own `pak0.pak`,
//! which lumpkit cannot ship. Give it with [`register_with`] and [`Options::wal_palette`] (768 RGB
//! bytes: see `lumpkit_pixels::palette::rgb_palette`); without one a WAL opens as
//! `ImageError::Unsupported` naming `lumpkit-palette-required`.
//!
//! BLP0 files (Warcraft III beta) keep their levels in sibling files, which a reader cannot reach;
//! they fail with the same error `lumpkit decode` gives without the file's path.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod decoder;
mod error;
mod register;

pub use decoder::{LumpkitDecoder, Texture};
pub use register::{Options, register, register_with};
