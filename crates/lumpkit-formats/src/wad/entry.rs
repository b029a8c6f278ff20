//! One directory entry: its record checks, its bytes, and what it holds.

use core::str;

use crate::bytes::{nul_terminated, range};
use crate::diag::Sink;
use crate::error::Error;
use crate::miptex::{Miptex, PaletteLayout};

use super::archive::Version;
use super::pic::Pic;
use super::raw::DirEntry;
use super::rules::{
    ENTRY_OUT_OF_BOUNDS, ENTRY_TYPE_UNKNOWN, NAME_NOT_TEXT, NAME_UNTERMINATED, PALETTE_SHORT,
};

/// What an entry holds, from its type code and the WAD version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// WAD3 0x43 / WAD2 0x44: a mip texture.
    Miptex,
    /// WAD3 0x40: a decal (miptex layout).
    Decal,
    /// 0x42: a picture (`qpic_t`).
    Qpic,
    /// WAD3 0x46: a font (`qfont_t`).
    Font,
    /// WAD2 0x40: a 768-byte palette.
    Palette,
    /// WAD2 0x45: a console picture (qpic layout).
    ConsolePic,
    /// A WAD2 entry named `conchars`, whatever its type: Quake's bare 128×128 character sheet,
    /// which the engine looks up by name and reads as 16,384 bytes from the entry's start.
    Conchars,
    /// Anything else: listed and skipped.
    Unknown,
}

impl Kind {
    /// Whether entries of this kind are pictures.
    pub const fn is_picture(self) -> bool {
        !matches!(self, Kind::Palette | Kind::Unknown)
    }
}

/// The decoded view of an entry's content.
#[derive(Clone, Copy, Debug)]
pub enum Content<'a> {
    /// A mip texture (miptex or decal).
    Miptex(Miptex<'a>),
    /// A single-level picture (qpic, font, console picture, conchars).
    Pic(Pic<'a>),
    /// A palette (WAD2 0x40).
    Palette(&'a [u8; 768]),
    /// Not understood: the raw bytes.
    Unknown(&'a [u8]),
}

/// One directory entry of a [`super::Wad`].
#[derive(Clone, Copy, Debug)]
pub struct Entry<'a> {
    file: &'a [u8],
    version: Version,
    index: usize,
    record: &'a DirEntry,
    record_offset: u64,
}

impl<'a> Entry<'a> {
    pub(super) fn new(
        file: &'a [u8],
        version: Version,
        index: usize,
        record: &'a DirEntry,
        record_offset: u64,
    ) -> Entry<'a> {
        Entry {
            file,
            version,
            index,
            record,
            record_offset,
        }
    }

    /// Position in the directory.
    pub fn index(&self) -> usize {
        self.index
    }

    /// Offset of this entry's 32-byte directory record in the file.
    pub fn record_offset(&self) -> u64 {
        self.record_offset
    }

    /// The name up to its first NUL (all 16 bytes when there is none), as stored.
    pub fn name(&self) -> &'a [u8] {
        nul_terminated(&self.record.name).0
    }

    /// The name as text, when it is valid UTF-8.
    pub fn name_str(&self) -> Option<&'a str> {
        str::from_utf8(self.name()).ok()
    }

    /// The stored type code.
    pub fn type_code(&self) -> u8 {
        self.record.kind
    }

    /// Offset of the data in the file.
    pub fn offset(&self) -> u64 {
        self.record.offset.get().into()
    }

    /// Bytes stored in the file.
    pub fn disk_size(&self) -> u64 {
        self.record.disk_size.get().into()
    }

    /// Bytes once uncompressed.
    pub fn size(&self) -> u64 {
        self.record.size.get().into()
    }

    /// The compression method (0 = none).
    pub fn compression(&self) -> u8 {
        self.record.compression
    }

    /// What this entry holds. Quake's `conchars` goes by its name, not its type: `Draw_Init`
    /// (id `draw.c`, `gl_draw.c`) and QuakeSpasm's `Draw_LoadPics` take `W_GetLumpName
    /// ("conchars")` and read 128×128 bytes from the entry's start, and `W_GetLumpName` looks at
    /// names only, so a mod's `gfx.wad` that stores it as a qpic (0x42) or anything else still
    /// draws it as the bare sheet.
    pub fn kind(&self) -> Kind {
        if self.version == Version::Wad2 && self.name().eq_ignore_ascii_case(b"conchars") {
            return Kind::Conchars;
        }
        match (self.version, self.record.kind) {
            (Version::Wad3, 0x43) => Kind::Miptex,
            (Version::Wad3, 0x40) => Kind::Decal,
            (_, 0x42) => Kind::Qpic,
            (Version::Wad3, 0x46) => Kind::Font,
            (Version::Wad2, 0x40) => Kind::Palette,
            (Version::Wad2, 0x45) => Kind::ConsolePic,
            (Version::Wad2, 0x44) => Kind::Miptex,
            _ => Kind::Unknown,
        }
    }

    /// Reports the problems of the directory record itself: name, bounds, type (a set compression
    /// flag is reported once per archive, by [`crate::wad::Wad::parse`]).
    pub fn check_record<S: Sink + ?Sized>(&self, sink: &mut S) -> Result<(), Error> {
        let at = self.record_offset;
        let index = self.index as u64;
        let name_at = at.saturating_add(16);
        if !nul_terminated(&self.record.name).1 {
            sink.report(NAME_UNTERMINATED.with(name_at, [index, 0, 0]))?;
        }
        if self.name_str().is_none() {
            sink.report(NAME_NOT_TEXT.with(name_at, [index, 0, 0]))?;
        }
        if let Err(e) = self.data() {
            sink.report(e.diagnostic)?;
        }
        if self.kind() == Kind::Unknown {
            sink.report(
                ENTRY_TYPE_UNKNOWN.with(at.saturating_add(12), [index, self.type_code().into(), 0]),
            )?;
        }
        Ok(())
    }

    /// The entry's stored bytes, borrowed from the file. Fails when they lie outside the file
    /// (then the entry is unusable; the rest of the archive is not affected). A set compression
    /// flag is ignored, as the engines ignore it ([`super::rules::ENTRY_COMPRESSED`]).
    pub fn data(&self) -> Result<&'a [u8], Error> {
        let index = self.index as u64;
        range(self.file, self.offset(), self.disk_size()).ok_or(Error::file(
            &ENTRY_OUT_OF_BOUNDS,
            self.record_offset,
            [index, self.offset(), self.disk_size()],
        ))
    }

    /// Parses the content. Diagnostics are reported with offsets from the start of the entry's
    /// data (rebase them by [`Entry::offset`]).
    pub fn content<S: Sink + ?Sized>(&self, sink: &mut S) -> Result<Content<'a>, Error> {
        let data = self.data()?;
        let trailing = match self.version {
            Version::Wad2 => PaletteLayout::External,
            Version::Wad3 => PaletteLayout::Trailing,
        };
        Ok(match self.kind() {
            Kind::Miptex | Kind::Decal => Content::Miptex(Miptex::parse(data, trailing, sink)?),
            Kind::Qpic | Kind::ConsolePic => Content::Pic(Pic::qpic(data, trailing, sink)?),
            Kind::Font => Content::Pic(Pic::font(data, sink)?),
            Kind::Conchars => Content::Pic(Pic::conchars(self.file, self.offset(), data, sink)?),
            Kind::Palette => match range(data, 0, 768).and_then(|p| p.try_into().ok()) {
                Some(palette) => Content::Palette(palette),
                None => {
                    return Err(Error::file(&PALETTE_SHORT, 0, [data.len() as u64, 0, 0]));
                }
            },
            Kind::Unknown => Content::Unknown(data),
        })
    }
}
