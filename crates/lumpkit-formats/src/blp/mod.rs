//! BLP: the texture format of Warcraft III (BLP0, BLP1) and World of Warcraft (BLP2).
//!
//! Zero-copy and allocation-free: [`Blp::parse`] reads the versioned header ([`header`]), the
//! 16-entry mip locator and the content header (shared JPEG header or 256-entry palette) in place;
//! [`Blp::mip`] borrows one level's chunk. Pixel decoding lives in the codec crates and the facade.
//!
//! Where the facts come from:
//! - `../shared/specs/blp-wc3.txt` (Dr Super Good, hiveworkshop "BLP Specifications (WC3)"): the
//!   BLP0/BLP1 layout and every malformed-file rule: unknown content → JPEG; invalid alphaBits → 0;
//!   hasMipmaps non-zero = true; width/height over 65,535; mip chunk past EOF → truncate + warn;
//!   jpegHeaderSize over 624 → warn and continue; JPEG header past EOF → reduce + warn; JPEG frame
//!   size ≠ level size → crop/pad with transparent black; indexed size ≠ expected → resize + warn;
//!   access to a level that does not exist → error; BLP0 levels in sibling files `name.bNN`.
//! - wowdev.wiki "BLP" and SereniaBLPLib `BlpFile.cs` (WoW-Tools/SereniaBLPLib): the BLP2 header
//!   (`encoding`, `alphaDepth`, `alphaEncoding`, `hasMips` as bytes) and DXT selection by alpha type
//!   (0 DXT1, 1 DXT3, 7 DXT5).
//! - `../shared/research/blp.md` and `../shared/corpus/blp/SOURCES.md`: real files with zero-size
//!   entries at EOF (WeakAuras), offset + size wrapping 32 bits, more table entries than levels, and
//!   `hasMipmaps` values like 5 or 50. The level count is the leading table entries with data, capped
//!   by the dimension chain (as BLPIIO, SereniaBLPLib and BLPConverter count it).

pub mod alpha;
pub mod encoding;
pub mod header;
pub mod jpeg;
pub mod raw;
pub mod rules;
pub mod view;

pub use alpha::StoredAlpha;
pub use encoding::Encoding;
pub use header::{Header, Version};
pub use jpeg::{Frame, Joined};
pub use view::{Blp, LevelChunk, MAX_DIMENSION, Mip};
