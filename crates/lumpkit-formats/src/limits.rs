//! Resource limits: how large an image or allocation a file may make us produce.

use crate::error::Error;
use crate::rules;

/// Bounds on what a decoder may allocate on behalf of a file. Checked before any allocation.
///
/// The defaults admit every legitimate file of the supported games (BLP allows 65,535 pixels a side;
/// real textures stay far below 8,192) while capping one decode at 256 MiB of RGBA output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Largest accepted width in pixels. Default 65,535 (the BLP maximum).
    pub max_width: u32,
    /// Largest accepted height in pixels. Default 65,535.
    pub max_height: u32,
    /// Largest accepted width × height. Default 64 Mi pixels (8192 × 8192).
    pub max_pixels: u64,
    /// Largest single allocation (output or scratch) in bytes. Default 256 MiB.
    pub max_alloc: u64,
    /// Largest total of bytes decompressed out of one top-level file, archives inside archives
    /// included (the facade's `UnpackBudget` counts it). Default 1 GiB: archive bombs claim far
    /// more, while the largest real mod archives (WoW client patches) stay below it per file.
    pub max_unpacked: u64,
}

/// How many times its own size a file may unpack to before running past `Limits::max_unpacked`
/// reads as an archive bomb (`limit-unpacked-bomb`, `zip-declared-total-too-large`) rather than as a
/// large archive not checked whole (`limit-unpacked`, a warning). Real content stays far below it
/// (game assets compress 2–20:1; Apache POI's zip-bomb guard refuses entries past the same 100:1);
/// bombs are made of runs of zeros, which deflate packs about 1,000:1 and bzip2 or LZMA far more.
pub const BOMB_RATIO: u64 = 100;

impl Limits {
    /// The documented defaults.
    pub const DEFAULT: Limits = Limits {
        max_width: 65_535,
        max_height: 65_535,
        max_pixels: 64 * 1024 * 1024,
        max_alloc: 256 * 1024 * 1024,
        max_unpacked: 1024 * 1024 * 1024,
    };

    /// No limits beyond what addressable memory implies. For trusted input only.
    pub const UNLIMITED: Limits = Limits {
        max_width: u32::MAX,
        max_height: u32::MAX,
        max_pixels: u64::MAX,
        max_alloc: u64::MAX,
        max_unpacked: u64::MAX,
    };

    /// Checks an image of `width` × `height` and returns the size of its RGBA8 buffer in bytes.
    pub fn rgba_len(&self, width: u32, height: u32) -> Result<usize, Error> {
        if width > self.max_width || height > self.max_height {
            return Err(Error::limit(
                &rules::LIMIT_DIMENSIONS,
                [width.into(), height.into(), 0],
            ));
        }
        let pixels = u64::from(width).saturating_mul(u64::from(height));
        if pixels > self.max_pixels {
            return Err(Error::limit(
                &rules::LIMIT_PIXELS,
                [pixels, self.max_pixels, 0],
            ));
        }
        self.alloc(pixels.saturating_mul(4))
    }

    /// Checks one allocation of `bytes` bytes and returns it as `usize`.
    pub fn alloc(&self, bytes: u64) -> Result<usize, Error> {
        if bytes > self.max_alloc {
            return Err(Error::limit(
                &rules::LIMIT_ALLOC,
                [bytes, self.max_alloc, 0],
            ));
        }
        usize::try_from(bytes)
            .map_err(|_| Error::limit(&rules::LIMIT_ALLOC, [bytes, self.max_alloc, 0]))
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}
