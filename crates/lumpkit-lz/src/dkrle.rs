//! The run-length compression of Daikatana PAK members, as TrenchBroom's `DkPakFileSystem` reads
//! it (no specification exists; that reader is the reference). One control byte `x` per step:
//! `x < 0x40`: `x + 1` literal bytes follow; `0x40..0x80`: `x - 62` zero bytes; `0x80..0xC0`:
//! the next byte `x - 126` times; `0xC0..0xFE`: `x - 190` bytes copied from `offset + 2` bytes back
//! in the output, `offset` being the next byte; `0xFE` does nothing; `0xFF` ends the stream.
//! Back-references are copied byte by byte, so an overlapping one repeats, as in LZ77.

use crate::{Input, LzError};

/// The most output one input byte can produce (`0x7F`: 65 zero bytes), to bound a declared size
/// before allocating.
pub const MAX_RATIO: u64 = 65;

/// Decodes `input` into exactly `out.len()` bytes; returns the input bytes consumed (up to and
/// including the `0xFF` end marker when there is one).
pub fn decompress(input: &[u8], out: &mut [u8]) -> Result<usize, LzError> {
    let mut inp = Input::new(input);
    let mut pos = 0usize;
    loop {
        let at = inp.pos;
        let Ok(x) = inp.byte() else { break };
        if x == 0xFF {
            break;
        }
        let count = match x {
            0x00..=0x3F => usize::from(x).saturating_add(1),
            0x40..=0x7F => usize::from(x).saturating_sub(62),
            0x80..=0xBF => usize::from(x).saturating_sub(126),
            0xC0..=0xFD => usize::from(x).saturating_sub(190),
            _ => continue,
        };
        let end = crate::output_end(pos, count, out.len(), at)?;
        match x {
            0x00..=0x3F => {
                let src = inp.take(count)?;
                out.get_mut(pos..end)
                    .unwrap_or(&mut [])
                    .copy_from_slice(src);
            }
            0x40..=0x7F => out.get_mut(pos..end).unwrap_or(&mut []).fill(0),
            0x80..=0xBF => {
                let b = inp.byte()?;
                out.get_mut(pos..end).unwrap_or(&mut []).fill(b);
            }
            _ => {
                let distance = usize::from(inp.byte()?).saturating_add(2);
                let start = pos.checked_sub(distance).ok_or(LzError::LookBehind {
                    offset: at,
                    distance,
                    produced: pos,
                })?;
                for k in 0..count {
                    let b = out.get(start.saturating_add(k)).copied().unwrap_or(0);
                    if let Some(slot) = out.get_mut(pos.saturating_add(k)) {
                        *slot = b;
                    }
                }
            }
        }
        pos = end;
    }
    if pos < out.len() {
        return Err(LzError::OutputShort {
            offset: inp.pos,
            produced: pos,
        });
    }
    Ok(inp.pos)
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
mod tests {
    use super::*;

    /// Compresses `data` with literals and byte runs only (what a test writer needs; real tools also
    /// use zero runs and back-references, which [`decompress`] reads).
    fn compress_simple(data: &[u8], out: &mut [u8]) -> usize {
        let mut n = 0;
        let mut put = |b: u8, n: &mut usize| {
            if let Some(s) = out.get_mut(*n) {
                *s = b;
            }
            *n += 1;
        };
        for chunk in data.chunks(64) {
            put((chunk.len() - 1) as u8, &mut n);
            for &b in chunk {
                put(b, &mut n);
            }
        }
        put(0xFF, &mut n);
        n
    }

    #[test]
    fn every_control_kind() {
        // Literal "ab", 3 zeros, 4 × 'x', 3 bytes copied from 5 + 2 = 7 back (the zeros), end.
        let input = [
            0x01, b'a', b'b', // "ab"
            0x41, // 3 zeros
            0x82, b'x', // 4 × x
            0xC1, 0x05, // 3 bytes from 7 back
            0xFE, // no-op
            0xFF,
        ];
        let mut out = [0xAAu8; 12];
        assert_eq!(decompress(&input, &mut out), Ok(input.len()));
        assert_eq!(&out, b"ab\0\0\0xxxx\0\0\0");
        // Overlapping back-reference repeats: "ab" then 4 bytes from 2 back.
        let mut out = [0u8; 6];
        assert_eq!(
            decompress(&[0x01, b'a', b'b', 0xC2, 0x00, 0xFF], &mut out),
            Ok(6)
        );
        assert_eq!(&out, b"ababab");
    }

    #[test]
    fn damaged_streams_are_typed_errors() {
        let mut out = [0u8; 4];
        assert!(matches!(
            decompress(&[0x01, b'a', b'b', 0xFF], &mut out),
            Err(LzError::OutputShort { produced: 2, .. })
        ));
        assert!(matches!(
            decompress(&[0x7F], &mut out),
            Err(LzError::OutputOverrun { .. })
        ));
        assert!(matches!(
            decompress(&[0x02, 1], &mut out),
            Err(LzError::InputOverrun { .. })
        ));
        assert!(matches!(
            decompress(&[0x00, 1, 0xC0, 9], &mut out),
            Err(LzError::LookBehind { .. })
        ));
        assert!(matches!(
            decompress(&[], &mut out),
            Err(LzError::OutputShort { produced: 0, .. })
        ));
    }

    #[test]
    fn literals_round_trip() {
        let data: [u8; 200] = core::array::from_fn(|i| (i * 31) as u8);
        let mut packed = [0u8; 256];
        let n = compress_simple(&data, &mut packed);
        let mut out = [0u8; 200];
        assert_eq!(decompress(&packed[..n], &mut out), Ok(n));
        assert_eq!(out, data);
    }
}
