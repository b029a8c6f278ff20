//! BC1/BC2/BC3 (DXT1/DXT3/DXT5) block decoding to RGBA8 through `texpresso`.
//!
//! texpresso panics on a zero width (it chunks the output by `width * 16`) and indexes past short
//! block data, so everything it relies on is checked here first: non-zero dimensions, enough block
//! bytes for the `ceil(w/4) × ceil(h/4)` grid, and an output of exactly `w × h × 4` bytes.
//! Pixels outside the image in edge blocks are dropped, as every engine does.
#![forbid(unsafe_code)]
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::fmt;

/// Which block compression.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dxt {
    /// BC1: 8-byte blocks, 1-bit alpha in the 3-colour mode.
    Dxt1,
    /// BC2: 16-byte blocks, explicit 4-bit alpha.
    Dxt3,
    /// BC3: 16-byte blocks, interpolated 8-bit alpha.
    Dxt5,
}

impl Dxt {
    /// Bytes per 4×4 block.
    pub const fn block_bytes(self) -> u64 {
        match self {
            Dxt::Dxt1 => 8,
            Dxt::Dxt3 | Dxt::Dxt5 => 16,
        }
    }

    /// Bytes of block data a `width × height` image needs (`None` on overflow).
    pub fn data_len(self, width: u32, height: u32) -> Option<u64> {
        let bw = u64::from(width).div_ceil(4);
        let bh = u64::from(height).div_ceil(4);
        bw.checked_mul(bh)?.checked_mul(self.block_bytes())
    }

    fn texpresso(self) -> texpresso::Format {
        match self {
            Dxt::Dxt1 => texpresso::Format::Bc1,
            Dxt::Dxt3 => texpresso::Format::Bc2,
            Dxt::Dxt5 => texpresso::Format::Bc3,
        }
    }
}

/// Why a DXT decode was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DxtError {
    /// Width or height is zero.
    EmptyImage,
    /// Fewer block bytes than the image needs.
    ShortData {
        /// Bytes required.
        needed: u64,
        /// Bytes given.
        got: u64,
    },
    /// The output buffer is not `width × height × 4` bytes.
    OutputSize {
        /// Bytes required.
        needed: u64,
        /// Bytes given.
        got: u64,
    },
}

impl fmt::Display for DxtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DxtError::EmptyImage => f.write_str("zero width or height"),
            DxtError::ShortData { needed, got } => {
                write!(f, "{got} bytes of block data, {needed} needed")
            }
            DxtError::OutputSize { needed, got } => {
                write!(f, "output buffer of {got} bytes, {needed} needed")
            }
        }
    }
}

impl std::error::Error for DxtError {}

/// Decodes `data` (extra trailing bytes are ignored) into `out`, RGBA8, top row first.
pub fn decode(
    format: Dxt,
    width: u32,
    height: u32,
    data: &[u8],
    out: &mut [u8],
) -> Result<(), DxtError> {
    if width == 0 || height == 0 {
        return Err(DxtError::EmptyImage);
    }
    let needed = format.data_len(width, height).unwrap_or(u64::MAX);
    let got = data.len() as u64;
    if got < needed {
        return Err(DxtError::ShortData { needed, got });
    }
    let out_needed = u64::from(width)
        .saturating_mul(u64::from(height))
        .saturating_mul(4);
    if out.len() as u64 != out_needed {
        return Err(DxtError::OutputSize {
            needed: out_needed,
            got: out.len() as u64,
        });
    }
    // Both fit in usize: they equal lengths of slices we hold.
    let (w, h) = (width as usize, height as usize);
    format.texpresso().decompress(data, w, h, out);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_what_texpresso_would_panic_on() {
        let mut out = [0u8; 64];
        assert_eq!(
            decode(Dxt::Dxt1, 0, 4, &[0; 8], &mut []),
            Err(DxtError::EmptyImage)
        );
        assert!(matches!(
            decode(Dxt::Dxt5, 4, 4, &[0; 15], &mut out),
            Err(DxtError::ShortData { .. })
        ));
        assert!(matches!(
            decode(Dxt::Dxt1, 4, 4, &[0; 8], &mut out[..60]),
            Err(DxtError::OutputSize { .. })
        ));
    }

    #[test]
    fn decodes_a_solid_dxt1_block_and_crops_edges() {
        // colour0 = white (0xFFFF) > colour1 = black: 4-colour mode, all indices 0 → white, opaque.
        let block = [0xFF, 0xFF, 0, 0, 0, 0, 0, 0];
        let mut out = [0u8; 3 * 2 * 4];
        decode(Dxt::Dxt1, 3, 2, &block, &mut out).unwrap();
        assert!(out.iter().all(|&b| b == 255));
    }

    #[test]
    fn dxt1_three_colour_mode_index_3_is_transparent_black() {
        // colour0 <= colour1 selects the 3-colour mode; index 3 everywhere → (0,0,0,0).
        let block = [0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF];
        let mut out = [9u8; 16 * 4];
        decode(Dxt::Dxt1, 4, 4, &block, &mut out).unwrap();
        assert!(out.iter().all(|&b| b == 0));
    }
}
