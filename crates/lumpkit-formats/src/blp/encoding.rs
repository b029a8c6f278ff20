//! How a BLP's pixels are stored, resolved from the header with the spec's defaults applied.
//!
//! BLP0/1: `content` 0 = JPEG, 1 = indexed; anything else is JPEG (spec: "If content field is
//! invalid then CONTENT_JPEG must be assumed"). BLP2 direct content selects by `encodingType`
//! (1 indexed, 2 DXT, 3 raw BGRA) and, for DXT, by `alphaType` (0 DXT1, 1 DXT3, 7 DXT5), as the
//! WoW client does (wowdev.wiki "BLP", `BLPPixelFormat`; SereniaBLPLib `BlpFile.cs`).

/// The stored pixel encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// Four-component (B, G, R, A) JPEG: a shared header + one chunk per level.
    Jpeg,
    /// One palette index per pixel, then a separate alpha plane of `alphaBits` per pixel.
    Indexed,
    /// BC1 blocks.
    Dxt1,
    /// BC2 blocks.
    Dxt3,
    /// BC3 blocks.
    Dxt5,
    /// Four bytes per pixel: B, G, R, A.
    Bgra,
}

impl Encoding {
    /// The name `info` prints (DESIGN.md's `encoding` values).
    pub const fn name(self) -> &'static str {
        match self {
            Encoding::Jpeg => "jpeg",
            Encoding::Indexed => "indexed",
            Encoding::Dxt1 => "dxt1",
            Encoding::Dxt3 => "dxt3",
            Encoding::Dxt5 => "dxt5",
            Encoding::Bgra => "bgra8",
        }
    }

    /// Whether `bits` is a valid `alphaBits` for this encoding. JPEG: 0 or 8 (spec); indexed: 0, 1,
    /// 4 or 8 (spec); DXT1: 0 or 1 (1-bit punch-through); DXT3: 0, 4 or 8 (explicit 4-bit alpha,
    /// which WoW files declare as 8); DXT5 and raw BGRA: 0 or 8.
    pub const fn alpha_bits_valid(self, bits: u32) -> bool {
        match self {
            Encoding::Jpeg | Encoding::Dxt5 | Encoding::Bgra => matches!(bits, 0 | 8),
            Encoding::Indexed => matches!(bits, 0 | 1 | 4 | 8),
            Encoding::Dxt1 => matches!(bits, 0 | 1),
            Encoding::Dxt3 => matches!(bits, 0 | 4 | 8),
        }
    }

    /// Bytes a `width × height` level needs in this encoding with `alpha_bits` of alpha, or `None`
    /// for JPEG (whose size is whatever the compressor produced) and on overflow.
    pub fn data_len(self, width: u32, height: u32, alpha_bits: u8) -> Option<u64> {
        let pixels = u64::from(width).checked_mul(u64::from(height))?;
        match self {
            Encoding::Jpeg => None,
            Encoding::Indexed => {
                let alpha = pixels.checked_mul(u64::from(alpha_bits))?.div_ceil(8);
                pixels.checked_add(alpha)
            }
            Encoding::Dxt1 | Encoding::Dxt3 | Encoding::Dxt5 => {
                let blocks = u64::from(width)
                    .div_ceil(4)
                    .checked_mul(u64::from(height).div_ceil(4))?;
                let block = if matches!(self, Encoding::Dxt1) {
                    8
                } else {
                    16
                };
                blocks.checked_mul(block)
            }
            Encoding::Bgra => pixels.checked_mul(4),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_lengths_follow_the_spec() {
        assert_eq!(Encoding::Indexed.data_len(32, 32, 1), Some(1024 + 128));
        assert_eq!(Encoding::Indexed.data_len(2, 2, 1), Some(5));
        assert_eq!(Encoding::Indexed.data_len(1, 1, 4), Some(2));
        assert_eq!(Encoding::Dxt1.data_len(2, 1, 0), Some(8));
        assert_eq!(Encoding::Dxt5.data_len(32, 4, 8), Some(128));
        assert_eq!(Encoding::Bgra.data_len(3, 3, 8), Some(36));
        assert_eq!(Encoding::Jpeg.data_len(3, 3, 8), None);
        assert!(!Encoding::Jpeg.alpha_bits_valid(4));
        assert!(Encoding::Indexed.alpha_bits_valid(4));
    }
}
