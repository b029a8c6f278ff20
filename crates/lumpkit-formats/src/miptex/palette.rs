//! The trailing palette block of Half-Life pictures: a little-endian u16 colour count, then 256 RGB
//! triples. WAD3 miptex, decals, qpics and fonts and BSP30 embedded textures all end with it
//! (Half-Life SDK `qlumpy` `GrabPalette16` writes `256` then 768 bytes).

use crate::bytes::{range, u16_le};
use crate::diag::Sink;
use crate::error::Error;

use super::rules::{COLOUR_COUNT, PALETTE_PAST_END};

/// Bytes of the 256 RGB triples.
pub const PALETTE_LEN: u64 = 768;

/// Bytes of the whole block: count and triples.
pub const BLOCK_LEN: u64 = 2 + PALETTE_LEN;

/// Reads the block at `offset` in `bytes` (a whole picture: miptex, qpic or font). Reports a colour
/// count other than 256 and a block that does not fit; returns the 768 palette bytes when they fit.
pub fn trailing_palette<'a, S: Sink + ?Sized>(
    bytes: &'a [u8],
    offset: u64,
    sink: &mut S,
) -> Result<Option<&'a [u8; 768]>, Error> {
    let remaining = (bytes.len() as u64).saturating_sub(offset);
    let Some(count) = u16_le(bytes, offset) else {
        sink.report(PALETTE_PAST_END.with(offset, [offset, BLOCK_LEN, remaining]))?;
        return Ok(None);
    };
    if count != 256 {
        sink.report(COLOUR_COUNT.with(offset, [count.into(), 0, 0]))?;
    }
    let colours = offset
        .checked_add(2)
        .and_then(|start| range(bytes, start, PALETTE_LEN))
        .and_then(|s| <&[u8; 768]>::try_from(s).ok());
    if colours.is_none() {
        sink.report(PALETTE_PAST_END.with(offset, [offset, BLOCK_LEN, remaining]))?;
    }
    Ok(colours)
}
