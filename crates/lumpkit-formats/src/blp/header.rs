//! The versioned BLP header: stream-shaped (its fields depend on the magic), so it is read field by
//! field with nom's `complete` parsers, where running out of input is an error, never a guess.
//!
//! Layout (hiveworkshop "BLP Specifications (WC3)", `BLPHeader_t`; wowdev.wiki "BLP" for BLP2):
//! BLP0/BLP1: `magic, content u32, alphaBits u32, width u32, height u32, extra u32, hasMipmaps u32`
//! (28 bytes); BLP2: `magic, content u32, encoding u8, alphaBits u8, alphaType u8, hasMipmaps u8,
//! width u32, height u32` (20 bytes).

use nom::Parser;
use nom::number::complete::{le_u8, le_u32};

use super::rules;
use crate::error::Error;

/// Which BLP version the magic names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Version {
    /// Warcraft III Reign of Chaos beta: mip chunks live in sibling files `name.b00`…`name.b15`.
    Blp0,
    /// Warcraft III: JPEG or indexed content, mip locator in the file.
    Blp1,
    /// World of Warcraft: adds DXT and raw BGRA encodings.
    Blp2,
}

impl Version {
    /// Every version, oldest first.
    pub const ALL: [Version; 3] = [Version::Blp0, Version::Blp1, Version::Blp2];

    /// The four bytes a file of this version starts with (`BLP0`, `BLP1`, `BLP2`): the one list
    /// the parser, `image` format detection and the fuzzing dictionaries share.
    pub const fn magic(self) -> &'static [u8; 4] {
        match self {
            Version::Blp0 => b"BLP0",
            Version::Blp1 => b"BLP1",
            Version::Blp2 => b"BLP2",
        }
    }

    /// 0, 1 or 2.
    pub const fn number(self) -> u8 {
        match self {
            Version::Blp0 => 0,
            Version::Blp1 => 1,
            Version::Blp2 => 2,
        }
    }
}

/// The header fields exactly as stored (no defaults applied yet: see [`super::Blp`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Header {
    /// Version from the magic.
    pub version: Version,
    /// `content`: 0 = JPEG, 1 = direct; other values are read as JPEG.
    pub content: u32,
    /// BLP2 `encodingType` (1 = indexed, 2 = DXT, 3 = raw BGRA); 0 for BLP0/1.
    pub encoding: u8,
    /// `alphaBits` as stored (a u32 in BLP0/1, a u8 in BLP2).
    pub alpha_bits: u32,
    /// BLP2 `alphaType`/`sampleType` (selects DXT1/3/5); 0 for BLP0/1.
    pub alpha_type: u8,
    /// Width of level 0.
    pub width: u32,
    /// Height of level 0.
    pub height: u32,
    /// BLP0/1 `extra` (also called pictureType): has no effect in the game; 0 for BLP2.
    pub extra: u32,
    /// `hasMipmaps` as stored: any non-zero value means "has mipmaps".
    pub has_mipmaps: u32,
}

/// Bytes of the fixed header of BLP0/BLP1.
pub const V1_HEADER_LEN: u64 = 28;
/// Bytes of the fixed header of BLP2.
pub const V2_HEADER_LEN: u64 = 20;

type Res<'a, T> = nom::IResult<&'a [u8], T>;

fn v1_fields(input: &[u8]) -> Res<'_, (u32, u32, u32, u32, u32, u32)> {
    (le_u32, le_u32, le_u32, le_u32, le_u32, le_u32).parse(input)
}

fn v2_fields(input: &[u8]) -> Res<'_, (u32, u8, u8, u8, u8, u32, u32)> {
    (le_u32, le_u8, le_u8, le_u8, le_u8, le_u32, le_u32).parse(input)
}

impl Header {
    /// Reads the header at the start of `bytes`. Fails on an unknown magic or a short file.
    pub fn parse(bytes: &[u8]) -> Result<Header, Error> {
        let len = bytes.len() as u64;
        let Some(magic) = bytes.get(..4) else {
            return Err(Error::file(&rules::HEADER_TRUNCATED, 0, [len, 4, 0]));
        };
        let version = match Version::ALL.into_iter().find(|v| v.magic() == magic) {
            Some(version) => version,
            None => {
                let raw = crate::bytes::u32_le(bytes, 0).unwrap_or(0);
                return Err(Error::file(&rules::MAGIC_UNKNOWN, 0, [raw.into(), 0, 0]));
            }
        };
        let rest = bytes.get(4..).unwrap_or_default();
        let header = match version {
            Version::Blp0 | Version::Blp1 => {
                let (_, (content, alpha_bits, width, height, extra, has_mipmaps)) =
                    v1_fields(rest).map_err(|_| truncated(len, V1_HEADER_LEN))?;
                Header {
                    version,
                    content,
                    encoding: 0,
                    alpha_bits,
                    alpha_type: 0,
                    width,
                    height,
                    extra,
                    has_mipmaps,
                }
            }
            Version::Blp2 => {
                let (_, (content, encoding, alpha_bits, alpha_type, has_mipmaps, width, height)) =
                    v2_fields(rest).map_err(|_| truncated(len, V2_HEADER_LEN))?;
                Header {
                    version,
                    content,
                    encoding,
                    alpha_bits: alpha_bits.into(),
                    alpha_type,
                    width,
                    height,
                    extra: 0,
                    has_mipmaps: has_mipmaps.into(),
                }
            }
        };
        Ok(header)
    }

    /// Length of the fixed header in bytes (where the mip locator or content header starts).
    pub const fn fixed_len(&self) -> u64 {
        match self.version {
            Version::Blp2 => V2_HEADER_LEN,
            Version::Blp0 | Version::Blp1 => V1_HEADER_LEN,
        }
    }

    /// Byte offset of the `alphaBits` field (BLP2's `alphaDepth` byte).
    pub const fn alpha_bits_offset(&self) -> u64 {
        match self.version {
            Version::Blp2 => 9,
            Version::Blp0 | Version::Blp1 => 8,
        }
    }

    /// Whether the file declares mipmaps (the spec: any non-zero value).
    pub const fn has_mipmaps(&self) -> bool {
        self.has_mipmaps != 0
    }
}

fn truncated(len: u64, needed: u64) -> Error {
    Error::file(&rules::HEADER_TRUNCATED, len, [len, needed, 0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_layouts_and_rejects_short_or_foreign_input() {
        let mut v1 = [0u8; 28];
        v1[..4].copy_from_slice(b"BLP1");
        v1[4] = 1;
        v1[8] = 8;
        v1[12] = 64;
        v1[16] = 32;
        v1[24] = 5;
        let h = Header::parse(&v1).unwrap();
        assert_eq!(
            (h.version, h.content, h.alpha_bits, h.width, h.height),
            (Version::Blp1, 1, 8, 64, 32)
        );
        assert_eq!(h.has_mipmaps, 5);
        assert!(h.has_mipmaps());
        assert_eq!(
            Header::parse(&v1[..27]).unwrap_err().code(),
            "blp-header-truncated"
        );
        let mut v2 = [0u8; 20];
        v2[..4].copy_from_slice(b"BLP2");
        v2[4] = 1;
        v2[8] = 2;
        v2[9] = 8;
        v2[10] = 7;
        v2[12] = 16;
        v2[16] = 4;
        let h = Header::parse(&v2).unwrap();
        assert_eq!(
            (h.encoding, h.alpha_bits, h.alpha_type, h.width, h.height),
            (2, 8, 7, 16, 4)
        );
        assert_eq!(
            Header::parse(b"BLP3aaaaaaaa").unwrap_err().code(),
            "blp-magic-unknown"
        );
        assert_eq!(
            Header::parse(b"BL").unwrap_err().code(),
            "blp-header-truncated"
        );
    }
}
