//! LZO1X decompression, the stock `lzo1x_decompress_safe` stream (liblzo2 `lzo1x_d.ch`), used by DXT
//! PAA mips whose stored width has bit 0x8000 set (`../shared/research/paa.md` §2: all 13 LZO files
//! of the corpus decode with liblzo2 given the block-count size).
//!
//! Instructions, by the first byte `t` (state = the low two bits of the byte two before the end of
//! the last match, i.e. how many literals follow it):
//! - first byte > 17: a literal run of `t - 17` bytes starts the stream;
//! - `t < 16` after a literal run or at the start: literal run of `t + 3` bytes (`t = 0`: extended
//!   length, each 0 byte adds 255, then `15 + next`);
//! - `t < 16` right after a literal run of ≥ 4: 3-byte match at distance `0x801 + (t >> 2) + (next << 2)`;
//! - `t < 16` after a match with 1–3 trailing literals: 2-byte match at distance `1 + (t >> 2) + (next << 2)`;
//! - `t ≥ 64` (M2): length `(t >> 5) + 1`, distance `1 + ((t >> 2) & 7) + (next << 3)`;
//! - `32 ≤ t < 64` (M3): length `(t & 31) + 2` (extended when 0), distance `1 + (le16 >> 2)`;
//! - `16 ≤ t < 32` (M4): length `(t & 7) + 2` (extended when 0), distance
//!   `0x4000 + ((t & 8) << 11) + (le16 >> 2)`; a distance of exactly `0x4000` (`0x11 0 0`) ends the stream.
//!
//! The output size is the caller's: a stream that would write more is [`LzError::OutputOverrun`],
//! one that ends sooner [`LzError::OutputShort`]. Each instruction consumes at least one input byte,
//! so a stream cannot loop without progress.

use crate::lzss::copy_back;
use crate::{Input, LzError};

/// A successful decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decoded {
    /// Input bytes consumed up to and including the end marker; anything after it is the caller's.
    pub consumed: usize,
}

/// Which instruction the decoder expects next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// After a match with no trailing literals (or at the start): `t < 16` is a literal run.
    Literals,
    /// Right after a literal run: `t < 16` is a 3-byte far match.
    AfterLiterals,
    /// After a match with 1–3 trailing literals: `t < 16` is a 2-byte near match.
    AfterShortLiterals,
}

/// Decodes `input` into exactly `out.len()` bytes.
pub fn decompress(input: &[u8], out: &mut [u8]) -> Result<Decoded, LzError> {
    let mut inp = Input::new(input);
    let mut op = 0usize;
    let mut state = State::Literals;
    // The first byte may open with a literal run of `first - 17` bytes.
    let first = inp.peek()?;
    if first > 17 {
        inp.byte()?;
        let run = usize::from(first.saturating_sub(17));
        literals(&mut inp, out, &mut op, run)?;
        state = if run < 4 {
            State::AfterShortLiterals
        } else {
            State::AfterLiterals
        };
    }
    loop {
        let at = inp.pos;
        let t = inp.byte()?;
        let (distance, length, trailing) = if t >= 64 {
            let next = inp.byte()?;
            let distance = sum3(1, usize::from((t >> 2) & 7), usize::from(next) << 3);
            (distance, usize::from(t >> 5).saturating_add(1), t & 3)
        } else if t >= 32 {
            let length = extended(&mut inp, usize::from(t & 31), 31)?.saturating_add(2);
            let d = inp.le16()?;
            (usize::from(d >> 2).saturating_add(1), length, (d & 3) as u8)
        } else if t >= 16 {
            let length = extended(&mut inp, usize::from(t & 7), 7)?.saturating_add(2);
            let d = inp.le16()?;
            let distance = (usize::from(t & 8) << 11) | usize::from(d >> 2);
            if distance == 0 {
                // End of stream.
                if op != out.len() {
                    return Err(LzError::OutputShort {
                        offset: inp.pos,
                        produced: op,
                    });
                }
                return Ok(Decoded { consumed: inp.pos });
            }
            (distance.saturating_add(0x4000), length, (d & 3) as u8)
        } else {
            match state {
                State::Literals => {
                    let run = extended(&mut inp, usize::from(t), 15)?.saturating_add(3);
                    literals(&mut inp, out, &mut op, run)?;
                    state = State::AfterLiterals;
                    continue;
                }
                State::AfterLiterals => {
                    let next = inp.byte()?;
                    (
                        sum3(0x801, usize::from(t >> 2), usize::from(next) << 2),
                        3,
                        t & 3,
                    )
                }
                State::AfterShortLiterals => {
                    let next = inp.byte()?;
                    (
                        sum3(1, usize::from(t >> 2), usize::from(next) << 2),
                        2,
                        t & 3,
                    )
                }
            }
        };
        copy_match(out, &mut op, at, distance, length)?;
        let run = usize::from(trailing);
        if run == 0 {
            state = State::Literals;
        } else {
            literals(&mut inp, out, &mut op, run)?;
            state = State::AfterShortLiterals;
        }
    }
}

/// `a + b + c` for the small distance fields (each at most a few thousand).
#[inline(always)]
const fn sum3(a: usize, b: usize, c: usize) -> usize {
    a.saturating_add(b).saturating_add(c)
}

/// A length field: `base` when non-zero, else `limit` + the zero bytes × 255 + the next byte.
#[inline(always)]
fn extended(inp: &mut Input<'_>, base: usize, limit: usize) -> Result<usize, LzError> {
    if base != 0 {
        return Ok(base);
    }
    let mut n = limit;
    while inp.peek()? == 0 {
        n = n.saturating_add(255);
        inp.byte()?;
    }
    Ok(n.saturating_add(usize::from(inp.byte()?)))
}

#[inline(always)]
fn literals(
    inp: &mut Input<'_>,
    out: &mut [u8],
    op: &mut usize,
    run: usize,
) -> Result<(), LzError> {
    let at = inp.pos;
    let end = crate::output_end(*op, run, out.len(), at)?;
    let src = inp.take(run)?;
    if let Some(dst) = out.get_mut(*op..end) {
        dst.copy_from_slice(src);
    }
    *op = end;
    Ok(())
}

#[inline(always)]
fn copy_match(
    out: &mut [u8],
    op: &mut usize,
    at: usize,
    distance: usize,
    length: usize,
) -> Result<(), LzError> {
    if distance > *op {
        return Err(LzError::LookBehind {
            offset: at,
            distance,
            produced: *op,
        });
    }
    let end = crate::output_end(*op, length, out.len(), at)?;
    copy_back(out, op.saturating_sub(distance), *op, end);
    *op = end;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_only_stream() {
        // 0x11 + 4 = 21: a 4-literal run, then the end marker.
        let input = [21, b'a', b'b', b'c', b'd', 0x11, 0, 0];
        let mut out = [0u8; 4];
        assert_eq!(decompress(&input, &mut out), Ok(Decoded { consumed: 8 }));
        assert_eq!(&out, b"abcd");
    }

    #[test]
    fn errors_are_typed() {
        let mut out = [0u8; 3];
        // Stream ends after 4 bytes of output into a 3-byte buffer.
        assert!(matches!(
            decompress(&[21, 1, 2, 3, 4, 0x11, 0, 0], &mut out),
            Err(LzError::OutputOverrun { .. })
        ));
        let mut out = [0u8; 8];
        assert!(matches!(
            decompress(&[21, 1, 2, 3, 4, 0x11, 0, 0], &mut out),
            Err(LzError::OutputShort { produced: 4, .. })
        ));
        assert!(matches!(
            decompress(&[21, 1, 2], &mut out),
            Err(LzError::InputOverrun { .. })
        ));
        assert!(matches!(
            decompress(&[], &mut out),
            Err(LzError::InputOverrun { offset: 0 })
        ));
        // An M2 match at distance 9 with 4 bytes produced.
        assert!(matches!(
            decompress(&[21, 1, 2, 3, 4, 0x40, 1], &mut out),
            Err(LzError::LookBehind { .. })
        ));
    }
}
