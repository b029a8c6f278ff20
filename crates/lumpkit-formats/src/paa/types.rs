//! TypeOfPaX words, what each means for the pixel data, and how a mip's payload is stored.

/// The pixel encoding of a PAA (the `u16` TypeOfPaX word, or an OFP palette file without one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PaaType {
    /// 0xFF01: BC1.
    Dxt1,
    /// 0xFF02: BC2 with premultiplied colour.
    Dxt2,
    /// 0xFF03: BC2.
    Dxt3,
    /// 0xFF04: BC3 with premultiplied colour.
    Dxt4,
    /// 0xFF05: BC3.
    Dxt5,
    /// 0x4444: 16-bit `A<<12 | R<<8 | G<<4 | B`.
    Argb4444,
    /// 0x1555: 16-bit `A<<15 | R<<10 | G<<5 | B`.
    Argb1555,
    /// 0x8888: bytes B, G, R, A.
    Argb8888,
    /// 0x8080: bytes intensity, alpha.
    Ai88,
    /// OFP palette-index file: no type word, one palette index per pixel.
    IndexPalette,
}

impl PaaType {
    /// Every type, those with a TypeOfPaX word first.
    pub const ALL: [PaaType; 10] = [
        PaaType::Dxt1,
        PaaType::Dxt2,
        PaaType::Dxt3,
        PaaType::Dxt4,
        PaaType::Dxt5,
        PaaType::Argb4444,
        PaaType::Argb1555,
        PaaType::Argb8888,
        PaaType::Ai88,
        PaaType::IndexPalette,
    ];

    /// The type a TypeOfPaX word names.
    pub const fn from_word(word: u16) -> Option<PaaType> {
        Some(match word {
            0xFF01 => PaaType::Dxt1,
            0xFF02 => PaaType::Dxt2,
            0xFF03 => PaaType::Dxt3,
            0xFF04 => PaaType::Dxt4,
            0xFF05 => PaaType::Dxt5,
            0x4444 => PaaType::Argb4444,
            0x1555 => PaaType::Argb1555,
            0x8888 => PaaType::Argb8888,
            0x8080 => PaaType::Ai88,
            _ => return None,
        })
    }

    /// The word stored in the file (`None` for palette files, which have none).
    pub const fn word(self) -> Option<u16> {
        Some(match self {
            PaaType::Dxt1 => 0xFF01,
            PaaType::Dxt2 => 0xFF02,
            PaaType::Dxt3 => 0xFF03,
            PaaType::Dxt4 => 0xFF04,
            PaaType::Dxt5 => 0xFF05,
            PaaType::Argb4444 => 0x4444,
            PaaType::Argb1555 => 0x1555,
            PaaType::Argb8888 => 0x8888,
            PaaType::Ai88 => 0x8080,
            PaaType::IndexPalette => return None,
        })
    }

    /// The `encoding` name used in `info --json` (DESIGN.md).
    pub const fn encoding(self) -> &'static str {
        match self {
            PaaType::Dxt1 => "dxt1",
            PaaType::Dxt2 => "dxt2",
            PaaType::Dxt3 => "dxt3",
            PaaType::Dxt4 => "dxt4",
            PaaType::Dxt5 => "dxt5",
            PaaType::Argb4444 => "argb4444",
            PaaType::Argb1555 => "argb1555",
            PaaType::Argb8888 => "argb8888",
            PaaType::Ai88 => "ai88",
            PaaType::IndexPalette => "palette",
        }
    }

    /// Whether the pixels are DXT blocks (the only types whose width may carry the LZO bit).
    pub const fn is_dxt(self) -> bool {
        matches!(
            self,
            PaaType::Dxt1 | PaaType::Dxt2 | PaaType::Dxt3 | PaaType::Dxt4 | PaaType::Dxt5
        )
    }

    /// Bytes per 4×4 block (DXT) or per pixel (the rest).
    pub const fn unit_bytes(self) -> u64 {
        match self {
            PaaType::Dxt1 => 8,
            PaaType::Dxt2 | PaaType::Dxt3 | PaaType::Dxt4 | PaaType::Dxt5 => 16,
            PaaType::Argb8888 => 4,
            PaaType::Argb4444 | PaaType::Argb1555 | PaaType::Ai88 => 2,
            PaaType::IndexPalette => 1,
        }
    }

    /// Bytes of uncompressed pixel data for a `width × height` level: the DXT block count × block
    /// size, or pixels × bytes per pixel.
    pub fn data_len(self, width: u16, height: u16) -> u64 {
        let (w, h) = (u64::from(width), u64::from(height));
        let units = if self.is_dxt() {
            w.div_ceil(4).saturating_mul(h.div_ceil(4))
        } else {
            w.saturating_mul(h)
        };
        units.saturating_mul(self.unit_bytes())
    }
}

/// How a mip's payload is stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Compression {
    /// As is.
    #[default]
    Raw,
    /// LZO1X (DXT with width bit 0x8000).
    Lzo,
    /// Bohemia LZSS with a trailing checksum (non-DXT whose size is not the raw size; palette mips
    /// behind the `1234 × 8765` marker).
    Lzss,
    /// The OFP palette block RLE (palette mips without the marker).
    Rle,
}

impl Compression {
    /// Lower-case name for output.
    pub const fn as_str(self) -> &'static str {
        match self {
            Compression::Raw => "raw",
            Compression::Lzo => "lzo",
            Compression::Lzss => "lzss",
            Compression::Rle => "rle",
        }
    }
}
