//! BLP's JPEG content: a shared JPEG header joined with one level's chunk, four components
//! (B, G, R, A) returned as stored, without any colour transform.
//!
//! Two backends ([`Backend`]) decode the same streams to the same samples within the shared
//! tolerance references (their IDCTs round differently by a unit or two):
//! - **zune-jpeg** (the default): the `image` crate's JPEG decoder, actively kept, and faster on
//!   every BLP JPEG in the shared corpus (measured in `lumpkit-bench`'s `blp` bench). A
//!   four-component frame without an Adobe marker is read as CMYK, and asking for CMYK output
//!   copies the four stored planes interleaved per pixel with no conversion
//!   (`color_convert::copy_removing_padding_4x`), so the samples come back exactly as stored. It
//!   reads one contiguous buffer, so the pieces are joined (a copy of the compressed bytes only:
//!   under 1% of the instructions of a 256×256 decode), and in that copy the frame header lists the
//!   components in output order where that is safe, so that zune-jpeg writes them in place and no
//!   reordering pass follows (`frame.rs`).
//! - **jpeg-decoder**, which the design named first, kept as the oracle the tests compare against
//!   and as a fallback a caller can choose. The zune backend hands it the streams zune-jpeg
//!   decodes wrongly: sequential frames coded in separate scans (`scans.rs`).
//!
//! The frame header is read first and its size checked against the caller's allocation bound
//! before any pixel buffer exists. zune-jpeg's largest allocation is the output itself; its
//! per-component coefficient planes (16-bit samples padded to whole 16-pixel MCUs) are checked
//! too. jpeg-decoder's own buffer cap is set to the same bound.
//!
//! The stream is handed over as pieces read one after the other ([`Pieces`]): the container crate
//! cuts them (a header and a chunk, or around the EOI/SOI between a tables-only header and an
//! abbreviated image stream, which jpeg-decoder 0.3 cannot read across: it stops at the first EOI).
//!
//! On the jpeg-decoder path the stored samples are obtained through its CMYK conversion, which
//! only inverts each sample (`color_convert_line_cmyk`: `255 - c`), then inverted back here: exact,
//! and interleaved per pixel for every sampling factor. `ColorTransform::None` is not used: in
//! 0.3.2 its `color_no_convert` copies whole upsampling line buffers into the output row, which
//! lays a row out planar and, when a component is subsampled horizontally (line buffers wider than
//! the row), panics on `unwrap` (found by fuzzing `blp_decode`).
//!
//! ```
//! use lumpkit_jpeg::uninvert_and_order;
//!
//! // Samples as jpeg-decoder's CMYK path returns them (each inverted), put back as stored and
//! // reordered: here the stored B, G, R, A becomes R, G, B, A.
//! let mut samples = [255 - 1, 255 - 2, 255 - 3, 255 - 4];
//! uninvert_and_order(&mut samples, [2, 1, 0, 3]);
//! assert_eq!(samples, [3, 2, 1, 4]);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use core::fmt;
use std::io::Read;

use jpeg_decoder::{ColorTransform, Decoder, PixelFormat};

mod frame;
mod scans;
mod zune;

/// A decoded frame: `width × height` pixels of four stored components each (for BLP: B, G, R, A).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// Frame width.
    pub width: u32,
    /// Frame height.
    pub height: u32,
    /// `width × height × 4` bytes, components in stored order.
    pub samples: Vec<u8>,
}

/// Why a JPEG was not decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JpegError {
    /// The frame does not have four 8-bit components.
    NotFourComponents,
    /// The frame's width or height is zero.
    EmptyFrame,
    /// Decoding would need more than the allowed bytes.
    TooLarge {
        /// Bytes the frame needs.
        needed: u64,
        /// Bytes allowed.
        allowed: u64,
    },
    /// The caller's buffer is not the frame's `width × height × 4` bytes.
    BufferSize {
        /// Bytes the frame needs.
        needed: u64,
        /// Bytes given.
        given: u64,
    },
    /// The decoder rejected the data (its message).
    Malformed(String),
}

impl fmt::Display for JpegError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JpegError::NotFourComponents => f.write_str("not a four-component 8-bit JPEG"),
            JpegError::EmptyFrame => f.write_str("zero-sized JPEG frame"),
            JpegError::TooLarge { needed, allowed } => {
                write!(f, "JPEG frame needs {needed} bytes, {allowed} allowed")
            }
            JpegError::BufferSize { needed, given } => {
                write!(f, "JPEG frame needs {needed} bytes, buffer has {given}")
            }
            JpegError::Malformed(m) => write!(f, "malformed JPEG: {m}"),
        }
    }
}

impl std::error::Error for JpegError {}

/// Byte slices read as one stream, in order, without copying them together.
#[derive(Clone, Copy, Debug)]
pub struct Pieces<'a> {
    rest: &'a [&'a [u8]],
    at: usize,
}

impl<'a> Pieces<'a> {
    /// The stream `pieces[0]`, then `pieces[1]`, and so on.
    pub const fn new(pieces: &'a [&'a [u8]]) -> Pieces<'a> {
        Pieces {
            rest: pieces,
            at: 0,
        }
    }
}

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while let Some((first, others)) = self.rest.split_first() {
            let left = first.get(self.at..).unwrap_or_default();
            if left.is_empty() {
                self.rest = others;
                self.at = 0;
                continue;
            }
            let n = left.len().min(buf.len());
            if let (Some(dst), Some(src)) = (buf.get_mut(..n), left.get(..n)) {
                dst.copy_from_slice(src);
            }
            self.at = self.at.saturating_add(n);
            return Ok(n);
        }
        Ok(0)
    }
}

/// Which decoder does the work.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Backend {
    /// zune-jpeg (the default: faster, actively kept).
    #[default]
    Zune,
    /// jpeg-decoder (the oracle; in maintenance mode upstream).
    JpegDecoder,
}

/// What the fourth output byte of each pixel holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Alpha {
    /// The stored component `order[3]` names.
    #[default]
    Stored,
    /// 255 (BLP with alphaBits 0): written in the same pass that reorders the components, so
    /// the caller needs no second pass over the frame.
    Opaque,
}

/// Decodes `pieces` read one after the other (e.g. BLP's shared header and a level's chunk) as
/// one JPEG, returning four components per pixel: output byte `i` of each pixel is stored
/// component `order[i]` (BLP's B, G, R, A become R, G, B, A with `[2, 1, 0, 3]`; `[0, 1, 2, 3]`
/// keeps the stored order). Nothing larger than `max_alloc` bytes is allocated for the pixels.
/// Uses the default [`Backend`].
pub fn decode_four_components(
    pieces: &[&[u8]],
    max_alloc: u64,
    order: [usize; 4],
) -> Result<Decoded, JpegError> {
    decode_four_components_with(Backend::default(), pieces, max_alloc, order)
}

/// [`decode_four_components`] through the chosen backend.
pub fn decode_four_components_with(
    backend: Backend,
    pieces: &[&[u8]],
    max_alloc: u64,
    order: [usize; 4],
) -> Result<Decoded, JpegError> {
    decode_with_alpha(backend, pieces, max_alloc, order, Alpha::Stored)
}

/// [`decode_four_components_with`], with the fourth output byte chosen by `alpha`.
pub fn decode_with_alpha(
    backend: Backend,
    pieces: &[&[u8]],
    max_alloc: u64,
    order: [usize; 4],
    alpha: Alpha,
) -> Result<Decoded, JpegError> {
    match backend {
        Backend::Zune => zune::decode(pieces, max_alloc, order, alpha),
        Backend::JpegDecoder => decode_jpeg_decoder(pieces, max_alloc, order, alpha),
    }
}

/// [`decode_with_alpha`] into the caller's buffer, which must be exactly the frame's
/// `width × height × 4` bytes (read the frame's size from its header first); returns the frame's
/// size. zune-jpeg decodes straight into `out` (no output allocation, no copy); the jpeg-decoder
/// backend decodes into its own buffer, which is then copied.
pub fn decode_into_with_alpha(
    backend: Backend,
    pieces: &[&[u8]],
    max_alloc: u64,
    order: [usize; 4],
    alpha: Alpha,
    out: &mut [u8],
) -> Result<(u32, u32), JpegError> {
    match backend {
        Backend::Zune => zune::decode_into(pieces, max_alloc, order, alpha, out),
        Backend::JpegDecoder => jpeg_decoder_into(pieces, max_alloc, order, alpha, out),
    }
}

/// jpeg-decoder into the caller's buffer (through its own: it has no decode-into).
fn jpeg_decoder_into(
    pieces: &[&[u8]],
    max_alloc: u64,
    order: [usize; 4],
    alpha: Alpha,
    out: &mut [u8],
) -> Result<(u32, u32), JpegError> {
    let decoded = decode_jpeg_decoder(pieces, max_alloc, order, alpha)?;
    if decoded.samples.len() != out.len() {
        return Err(JpegError::BufferSize {
            needed: decoded.samples.len() as u64,
            given: out.len() as u64,
        });
    }
    out.copy_from_slice(&decoded.samples);
    Ok((decoded.width, decoded.height))
}

/// The frame's output size, or why it is refused: zero-sized, or over `max_alloc`.
fn frame_len(width: u32, height: u32, max_alloc: u64) -> Result<u64, JpegError> {
    if width == 0 || height == 0 {
        return Err(JpegError::EmptyFrame);
    }
    let needed = u64::from(width)
        .saturating_mul(u64::from(height))
        .saturating_mul(4);
    if needed > max_alloc {
        return Err(JpegError::TooLarge {
            needed,
            allowed: max_alloc,
        });
    }
    Ok(needed)
}

fn decode_jpeg_decoder(
    pieces: &[&[u8]],
    max_alloc: u64,
    order: [usize; 4],
    alpha: Alpha,
) -> Result<Decoded, JpegError> {
    let mut decoder = Decoder::new(Pieces::new(pieces));
    decoder.set_color_transform(ColorTransform::CMYK);
    decoder.set_max_decoding_buffer_size(usize::try_from(max_alloc).unwrap_or(usize::MAX));
    decoder
        .read_info()
        .map_err(|e| JpegError::Malformed(e.to_string()))?;
    let info = decoder
        .info()
        .ok_or_else(|| JpegError::Malformed("no frame header".into()))?;
    if info.pixel_format != PixelFormat::CMYK32 {
        return Err(JpegError::NotFourComponents);
    }
    let (width, height) = (u32::from(info.width), u32::from(info.height));
    let needed = frame_len(width, height, max_alloc)?;
    let mut samples = decoder
        .decode()
        .map_err(|e| JpegError::Malformed(e.to_string()))?;
    if samples.len() as u64 != needed {
        return Err(JpegError::Malformed(format!(
            "decoder returned {} bytes for a {width}x{height} frame",
            samples.len()
        )));
    }
    uninvert_and_order(&mut samples, order);
    if alpha == Alpha::Opaque {
        for px in samples.chunks_exact_mut(4) {
            if let Some(a) = px.get_mut(3) {
                *a = 0xFF;
            }
        }
    }
    Ok(Decoded {
        width,
        height,
        samples,
    })
}

/// Puts each pixel's stored components in `order` (an entry above 3 is read as 3), in place.
pub fn order_components(samples: &mut [u8], order: [usize; 4]) {
    order_components_alpha(samples, order, Alpha::Stored);
}

/// [`order_components`], with the fourth byte chosen by `alpha`: one pass over the frame.
pub fn order_components_alpha(samples: &mut [u8], order: [usize; 4], alpha: Alpha) {
    // Bits forced on in each pixel as a little-endian u32: the alpha byte when opaque.
    let set = match alpha {
        Alpha::Stored => 0,
        Alpha::Opaque => 0xFF00_0000u32,
    };
    let (pixels, _) = samples.as_chunks_mut::<4>();
    if order == [0, 1, 2, 3] {
        if set != 0 {
            for px in pixels {
                *px = (u32::from_le_bytes(*px) | set).to_le_bytes();
            }
        }
        return;
    }
    if order == [2, 1, 0, 3] {
        // BLP's B, G, R, A to R, G, B, A: swap bytes 0 and 2 of each pixel as one u32 lane (and
        // set alpha), a loop the compiler vectorises.
        for px in pixels {
            let v = u32::from_le_bytes(*px);
            let swapped = (v & 0xFF00_FF00) | ((v >> 16) & 0xFF) | ((v & 0xFF) << 16) | set;
            *px = swapped.to_le_bytes();
        }
        return;
    }
    for px in pixels {
        let stored = *px;
        let pick = |i: usize| stored.get(i).or(stored.last()).copied().unwrap_or(0);
        *px = (u32::from_le_bytes(order.map(pick)) | set).to_le_bytes();
    }
}

/// Turns jpeg-decoder's CMYK output (each stored sample `c` as `255 - c`, interleaved per pixel)
/// back into the stored samples, pixel byte `i` taken from stored component `order[i]` (an entry
/// above 3 is read as 3).
pub fn uninvert_and_order(samples: &mut [u8], order: [usize; 4]) {
    for px in samples.chunks_exact_mut(4) {
        let mut stored = [0u8; 4];
        for (s, c) in stored.iter_mut().zip(px.iter()) {
            *s = !*c; // 255 - c
        }
        let pick = |i: usize| stored.get(i).or(stored.last()).copied().unwrap_or(0);
        px.copy_from_slice(&order.map(pick));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uninverts_and_orders_pixels() {
        let mut px = [255, 254, 200, 0, 0, 1, 2, 3];
        uninvert_and_order(&mut px, [0, 1, 2, 3]);
        assert_eq!(px, [0, 1, 55, 255, 255, 254, 253, 252]);
        let mut px = [255 - 10, 255 - 20, 255 - 30, 255 - 40];
        uninvert_and_order(&mut px, [2, 1, 0, 3]);
        assert_eq!(px, [30, 20, 10, 40]);
    }

    #[test]
    fn orders_components_like_the_general_path() {
        let stored: Vec<u8> = (0..=255).collect();
        for order in [[2, 1, 0, 3], [0, 1, 2, 3], [3, 2, 1, 0]] {
            let mut ours = stored.clone();
            order_components(&mut ours, order);
            let want: Vec<u8> = stored
                .chunks_exact(4)
                .flat_map(|px| order.map(|i| px.get(i).copied().unwrap_or(0)))
                .collect();
            assert_eq!(ours, want, "{order:?}");
        }
    }

    #[test]
    fn opaque_alpha_is_set_in_the_reordering_pass() {
        let stored: Vec<u8> = (0..=255).collect();
        for order in [[2, 1, 0, 3], [0, 1, 2, 3], [3, 2, 1, 0]] {
            let mut ours = stored.clone();
            order_components_alpha(&mut ours, order, Alpha::Opaque);
            let mut want = stored.clone();
            order_components(&mut want, order);
            for px in want.chunks_exact_mut(4) {
                px[3] = 0xFF;
            }
            assert_eq!(ours, want, "{order:?}");
        }
    }

    #[test]
    fn pieces_read_as_one_stream() {
        let parts: [&[u8]; 4] = [b"ab", b"", b"cde", b"f"];
        let mut out = Vec::new();
        let mut reader = Pieces::new(&parts);
        let mut buf = [0u8; 2];
        loop {
            let n = reader.read(&mut buf).unwrap_or(0);
            if n == 0 {
                break;
            }
            out.extend_from_slice(buf.get(..n).unwrap_or_default());
        }
        assert_eq!(out, b"abcdef");
    }

    #[test]
    fn refuses_garbage_and_empty_input() {
        assert!(matches!(
            decode_four_components(&[], 1 << 20, [0, 1, 2, 3]),
            Err(JpegError::Malformed(_))
        ));
        assert!(matches!(
            decode_four_components(&[&[0xFF, 0xD8], &[0xFF, 0xD9]], 1 << 20, [0, 1, 2, 3]),
            Err(JpegError::Malformed(_))
        ));
    }
}
