//! The zune-jpeg backend: CMYK in, CMYK out, which zune-jpeg copies without conversion.

use zune_jpeg::JpegDecoder;
use zune_jpeg::zune_core::bytestream::ZCursor;
use zune_jpeg::zune_core::colorspace::ColorSpace;
use zune_jpeg::zune_core::options::DecoderOptions;

use crate::{Alpha, Decoded, JpegError, frame_len, order_components_alpha};

/// zune-jpeg's MCU is at most 16 pixels wide and high; its coefficient planes are padded to it.
const MCU: u64 = 16;

pub(crate) fn decode(
    pieces: &[&[u8]],
    max_alloc: u64,
    order: [usize; 4],
    alpha: Alpha,
) -> Result<Decoded, JpegError> {
    let total = pieces
        .iter()
        .fold(0u64, |sum, p| sum.saturating_add(p.len() as u64));
    if total > max_alloc {
        return Err(JpegError::TooLarge {
            needed: total,
            allowed: max_alloc,
        });
    }
    let stream = pieces.concat();
    let options = DecoderOptions::default()
        .jpeg_set_out_colorspace(ColorSpace::CMYK)
        .set_max_width(usize::from(u16::MAX))
        .set_max_height(usize::from(u16::MAX));
    let mut decoder = JpegDecoder::new_with_options(ZCursor::new(&stream), options);
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
    let mut samples = vec![0u8; len];
    decoder.decode_into(&mut samples).map_err(malformed)?;
    order_components_alpha(&mut samples, order, alpha);
    Ok(Decoded {
        width,
        height,
        samples,
    })
}

fn malformed(e: zune_jpeg::errors::DecodeErrors) -> JpegError {
    JpegError::Malformed(e.to_string())
}
