//! Arma / OFP PAA textures: zero-copy view of the type word, the `GGAT` tag table, the palette and the
//! mip records.
//!
//! Layout (BI community wiki "PAA File Format", `../shared/specs/paa.txt`, checked against the real
//! files of `../shared/corpus/paa/SOURCES.md` as recorded in `../shared/research/paa.md`):
//! `u16` TypeOfPaX (0xFF01–0xFF05 DXT1–5, 0x4444, 0x1555, 0x8888, 0x8080; absent in OFP palette files,
//! which start with `GGAT`), tags, `u16` palette count + count × 3 bytes BGR, then mip records
//! `u16 width` (bit 0x8000 = LZO payload for DXT), `u16 height`, `u24 size`, payload; the list ends
//! with `w = h = 0` and two more zero bytes. Palette mips behind the `1234 × 8765` marker carry the real
//! size next and are LZSS (a3-paa `mipmap.rs`); other palette mips use the OFP block RLE.
//! Non-DXT payloads exactly `w × h × bpp` long are raw, otherwise LZSS (a3-paa's rule; HEMTT and
//! armaio always assume LZSS, which fails on raw data).

pub mod conventions;
pub mod rules;
pub mod tags;
pub mod types;
pub mod view;

pub use tags::Tags;
pub use types::{Compression, PaaType};
pub use view::{MAX_MIPS, Mip, Paa};
