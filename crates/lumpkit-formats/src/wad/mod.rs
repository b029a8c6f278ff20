//! WAD2 (Quake) and WAD3 (Half-Life) texture archives.
//!
//! Layout (Quake `wad.h`, Half-Life SDK `wadfile.h`/`qlumpy`, `../shared/specs/wad3.txt`): a 12-byte
//! header (`WAD2`/`WAD3`, entry count, directory offset), the entries' data, and a directory of
//! 32-byte records (offset, size on disk, size, type, compression, 2 pad bytes, 16-byte name),
//! usually at the end of the file. Lookups ignore ASCII case, as the engines do (`W_GetLumpinfo` /
//! Xash3D `W_FindLump` compare with `Q_strcasecmp` after `W_CleanupName`).
//!
//! Entry types (Quake `wad.h` `TYP_*`; Xash3D `wadfile.h`; Half-Life SDK `qlumpy`):
//!
//! | code | WAD2 (Quake) | WAD3 (Half-Life) |
//! |---|---|---|
//! | 0x40 | palette (768 RGB bytes) | decal (miptex layout, `tempdecal.wad`) |
//! | 0x42 | qpic (width, height, pixels) | qpic + trailing palette |
//! | 0x43 | — | miptex + trailing palette |
//! | 0x44 | miptex (game palette); `conchars` is a bare 128×128 picture | — |
//! | 0x45 | console picture (qpic layout) | — |
//! | 0x46 | — | font (`qfont_t`, 256 pixels wide, trailing palette) |
//!
//! Quake's `gfx.wad` stores `conchars` as type 0x44 but as 16,384 bare pixels (Xash3D
//! `Image_LoadLMP`: "id software trick (image without header)"). The engine finds it by name and
//! reads those 16,384 bytes whatever the entry's type (`Draw_Init`, QuakeSpasm `Draw_LoadPics`), so
//! every WAD2 entry named `conchars` is read so, as [`Kind::Conchars`]. The font's pixel
//! block is always 256 pixels wide (`qlumpy` `GrabFont` lays glyphs into 256-wide rows; Xash3D
//! `Image_LoadFNT` uses 256 × `height`). WAD2 type 0x45 has no surviving specification; we read the
//! qpic layout.
//!
//! Rules the games imply and we check: the header and directory inside the file (64-bit sums), an
//! entry count the file can hold, every entry inside the file, no overlapping entries, names
//! NUL-terminated and text, no duplicate names, no compression flag (Quake defines `CMP_LZSS` but no
//! engine decompresses: current Xash3D and ReHLDS read the stored bytes and ignore the flag, so we
//! do too and only warn), known types; and per picture, the rules of
//! [`crate::miptex`] and of [`pic`].

pub mod archive;
pub mod entry;
pub mod pic;
pub mod raw;
pub mod rules;

pub use archive::{Version, Wad};
pub use entry::{Content, Entry, Kind};
pub use pic::Pic;

#[cfg(test)]
mod tests;
