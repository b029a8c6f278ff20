//! The zune-jpeg backend: CMYK in, CMYK out, which zune-jpeg copies without conversion, with the
//! frame's components listed in output order first where that is safe ([`put_in_order`]).
//! Streams zune-jpeg is known to decode wrongly go to jpeg-decoder
//! ([`zune_misreads`]).

use zune_jpeg::JpegDecoder;
use zune_jpeg::zune_core::bytestream::ZCursor;
use zune_jpeg::zune_core::colorspace::ColorSpace;
use zune_jpeg::zune_core::options::DecoderOptions;

use crate::frame::put_in_order;
use crate::scans::zune_misreads;
use crate::{Alpha, Decoded, JpegError, frame_len, order_components_alpha};

/// zune-jpeg's MCU is at most 16 pixels wide and high; its coefficient planes are padded to it.
const MCU: u64 = 16;

pub(crate) fn decode(
    pieces: &[&[u8]],
    max_alloc: u64,
    order: [usize; 4],
    alpha: Alpha,
) -> Result<Decoded, JpegError> {
    let (stream, rest) = prepare(pieces, max_alloc, order)?;
    if zune_misreads(&stream) {
        return crate::decode_jpeg_decoder(&[&stream], max_alloc, rest, alpha);
    }
    let mut decoder = decoder(&stream);
    let frame = open(&mut decoder, max_alloc)?;
    let mut samples = vec![0u8; frame.len];
    decoder.decode_into(&mut samples).map_err(malformed)?;
    order_components_alpha(&mut samples, rest, alpha);
    Ok(Decoded {
        width: frame.width,
        height: frame.height,
        samples,
    })
}

/// [`decode`] into `out`, which must be exactly the frame's `width × height × 4` bytes.
pub(crate) fn decode_into(
    pieces: &[&[u8]],
    max_alloc: u64,
    order: [usize; 4],
    alpha: Alpha,
    out: &mut [u8],
) -> Result<(u32, u32), JpegError> {
    let (stream, rest) = prepare(pieces, max_alloc, order)?;
    if zune_misreads(&stream) {
        return crate::jpeg_decoder_into(&[&stream], max_alloc, rest, alpha, out);
    }
    let mut decoder = decoder(&stream);
    let frame = open(&mut decoder, max_alloc)?;
    if out.len() != frame.len {
        return Err(JpegError::BufferSize {
            needed: frame.len as u64,
            given: out.len() as u64,
        });
    }
    decoder.decode_into(out).map_err(malformed)?;
    order_components_alpha(out, rest, alpha);
    Ok((frame.width, frame.height))
}

/// The pieces joined into the one buffer zune-jpeg reads (a copy of the compressed bytes only),
/// with the frame's components listed in `order` when that is safe ([`put_in_order`]); and the
/// order still to apply to the decoded pixels (`[0, 1, 2, 3]`, nothing, when it was done).
fn prepare(
    pieces: &[&[u8]],
    max_alloc: u64,
    order: [usize; 4],
) -> Result<(Vec<u8>, [usize; 4]), JpegError> {
    let total = pieces
        .iter()
        .fold(0u64, |sum, p| sum.saturating_add(p.len() as u64));
    if total > max_alloc {
        return Err(JpegError::TooLarge {
            needed: total,
            allowed: max_alloc,
        });
    }
    let mut stream = pieces.concat();
    let rest = if put_in_order(&mut stream, order) {
        [0, 1, 2, 3]
    } else {
        order
    };
    Ok((stream, rest))
}

/// zune-jpeg reading a joined stream.
type Decoder<'s> = JpegDecoder<ZCursor<&'s [u8]>>;

/// The frame's size and output length.
struct Frame {
    width: u32,
    height: u32,
    len: usize,
}

/// A decoder of `stream` asked for CMYK out (the stored samples) at any BLP size.
///
/// The decoder is about 29 KB (its Huffman tables are inline), so it is built where it is used and
/// only borrowed after: returning it through a `Result` cost two copies of it, half the
/// instructions of decoding a 2×2 level (callgrind, `wowblp__test_simple_jpg.blp`).
#[inline(always)]
fn decoder(stream: &[u8]) -> Decoder<'_> {
    let options = DecoderOptions::default()
        .jpeg_set_out_colorspace(ColorSpace::CMYK)
        .set_max_width(usize::from(u16::MAX))
        .set_max_height(usize::from(u16::MAX));
    JpegDecoder::new_with_options(ZCursor::new(stream), options)
}

/// Reads the headers: the frame must have four components, and its output and coefficient planes
/// must fit in `max_alloc`.
fn open(decoder: &mut Decoder<'_>, max_alloc: u64) -> Result<Frame, JpegError> {
    decoder.decode_headers().map_err(malformed)?;
    let info = decoder
        .info()
        .ok_or_else(|| JpegError::Malformed("no frame header".into()))?;
    if info.components != 4 || decoder.input_colorspace() != Some(ColorSpace::CMYK) {
        return Err(JpegError::NotFourComponents);
    }
    let (width, height) = (u32::from(info.width), u32::from(info.height));
    let needed = frame_len(width, height, max_alloc)?;
    // One component's 16-bit coefficient plane, padded to whole MCUs.
    let plane = u64::from(width)
        .div_ceil(MCU)
        .saturating_mul(u64::from(height).div_ceil(MCU))
        .saturating_mul(MCU * MCU * 2);
    if plane > max_alloc {
        return Err(JpegError::TooLarge {
            needed: plane,
            allowed: max_alloc,
        });
    }
    let len = usize::try_from(needed).map_err(|_| JpegError::TooLarge {
        needed,
        allowed: max_alloc,
    })?;
    if decoder.output_buffer_size() != Some(len) {
        return Err(JpegError::Malformed(format!(
            "decoder wants {:?} bytes for a {width}x{height} frame",
            decoder.output_buffer_size()
        )));
    }
    Ok(Frame { width, height, len })
}

fn malformed(e: zune_jpeg::errors::DecodeErrors) -> JpegError {
    JpegError::Malformed(e.to_string())
}
