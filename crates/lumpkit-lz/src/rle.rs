//! The block RLE of OFP palette-texture mips (those without the `1234 × 8765` LZSS marker), as
//! bohemia-compression's `RleReader` (used by a3-paa) reads it: a header byte whose bit 0x80 marks a
//! run; `(header & 0x7F) + 1` is the count; a run repeats the next byte that many times, otherwise
//! that many literal bytes follow. No real file of this kind was available to check it against
//! (`../shared/research/paa.md` §2), so this follows that one implementation.

use crate::{Input, LzError};

/// Decodes `input` into exactly `out.len()` bytes; returns the input bytes consumed.
pub fn decompress(input: &[u8], out: &mut [u8]) -> Result<usize, LzError> {
    let mut inp = Input::new(input);
    let mut pos = 0usize;
    while pos < out.len() {
        let at = inp.pos;
        let header = inp.byte()?;
        let count = usize::from(header & 0x7F).saturating_add(1);
        let end = crate::output_end(pos, count, out.len(), at)?;
        let dst = out.get_mut(pos..end).unwrap_or(&mut []);
        if header & 0x80 != 0 {
            dst.fill(inp.byte()?);
        } else {
            dst.copy_from_slice(inp.take(count)?);
        }
        pos = end;
    }
    Ok(inp.pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_and_literals() {
        // bohemia-compression's own example: 0x61 0x61 0x84 0x84 0x10.
        let mut out = [0u8; 5];
        assert_eq!(
            decompress(&[0x81, 0x61, 0x81, 0x84, 0x00, 0x10], &mut out),
            Ok(6)
        );
        assert_eq!(out, [0x61, 0x61, 0x84, 0x84, 0x10]);
        assert!(matches!(
            decompress(&[0x85, 1], &mut out),
            Err(LzError::OutputOverrun { .. })
        ));
        assert!(matches!(
            decompress(&[0x02, 1], &mut out),
            Err(LzError::InputOverrun { .. })
        ));
    }
}
