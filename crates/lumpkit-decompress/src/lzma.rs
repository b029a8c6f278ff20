//! LZMA through `lzma-rust2` (the decoder `sevenz-rust2` already uses for 7z), in the two framings
//! archives use: ZIP method 14 (a 4-byte version/size prefix before the 5 property bytes) and MPQ
//! mask 0x12 (StormLib's: a filter byte that must be 0, the 5 property bytes, the 8-byte output size).
//!
//! Why lzma-rust2 and not lzma-rs (which decoded here before): on the shared ZIP's 2.6 MB LZMA member
//! it takes far fewer instructions (figures in the `lzma` bench and the commit), and it is kept up;
//! lzma-rs stays as the oracle of the tests. The dictionary (allocated up front) is cut to the
//! output room first, and the output goes through [`Output`], so neither can pass the limit.

use std::io::Read;

use lzma_rust2::LzmaReader;

use crate::Error;
use crate::chunked::{CHUNK, io_error};
use crate::sink::Output;

/// How the output length is known.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Length {
    /// The stream ends with the end-of-stream marker (ZIP with general-purpose bit 1 set).
    EndMarker,
    /// The caller knows the size (ZIP without the marker): decode exactly this many bytes.
    Known(u64),
}

/// ZIP method 14: `[version: u16][props size: u16 = 5][props: 5][stream]`.
pub(crate) fn zip(input: &[u8], length: Length, out: &mut Output<'_>) -> Result<(), Error> {
    let Some((head, rest)) = input.split_first_chunk::<4>() else {
        return Err(Error::Truncated);
    };
    let [_, _, size_lo, size_hi] = *head;
    if u16::from_le_bytes([size_lo, size_hi]) != 5 {
        return Err(Error::Corrupt { at: Some(2) });
    }
    let unpacked = match length {
        Length::EndMarker => None,
        Length::Known(size) => Some(size),
    };
    let (byte, dict, stream) = props(rest)?;
    run((byte, dict), stream, 9, unpacked, out)
}

/// MPQ mask 0x12: `[filter: u8 = 0][props: 5][size: u64][stream]`, as StormLib writes it.
pub(crate) fn mpq(input: &[u8], out: &mut Output<'_>) -> Result<(), Error> {
    let Some((&filter, rest)) = input.split_first() else {
        return Err(Error::Truncated);
    };
    if filter != 0 {
        // StormLib refuses any filter: Blizzard's MPQs never use one.
        return Err(Error::Corrupt { at: Some(0) });
    }
    let Some((head, stream)) = rest.split_first_chunk::<13>() else {
        return Err(Error::Truncated);
    };
    let [p0, p1, p2, p3, p4, s0, s1, s2, s3, s4, s5, s6, s7] = *head;
    let declared = u64::from_le_bytes([s0, s1, s2, s3, s4, s5, s6, s7]);
    if declared > out.room() as u64 {
        return Err(out.over_limit());
    }
    let dict = u32::from_le_bytes([p1, p2, p3, p4]);
    run((p0, dict), stream, 14, Some(declared), out)
}

/// LZMA's 5 property bytes: the lc/lp/pb byte and the little-endian dictionary size.
fn props(stream: &[u8]) -> Result<(u8, u32, &[u8]), Error> {
    let Some((&[byte, d0, d1, d2, d3], rest)) = stream.split_first_chunk::<5>() else {
        return Err(Error::Truncated);
    };
    Ok((byte, u32::from_le_bytes([d0, d1, d2, d3]), rest))
}

/// Decodes the raw LZMA `body` (which starts at input offset `offset`) with the properties
/// `(byte, dictionary size)`, `unpacked` bytes or up to the end-of-stream marker.
fn run(
    (byte, dict): (u8, u32),
    body: &[u8],
    offset: usize,
    unpacked: Option<u64>,
    out: &mut Output<'_>,
) -> Result<(), Error> {
    let room = out.room();
    if unpacked.is_some_and(|size| size > room as u64) {
        return Err(out.over_limit());
    }
    // The dictionary never needs to hold more than the whole output, which is at most `room`
    // bytes: a larger one is cut to that before lzma-rust2 allocates it (it cuts a dictionary
    // larger than a known size itself), so no back-reference the output can hold is lost.
    let dict = dict.min(u32::try_from(room).unwrap_or(u32::MAX));
    let size = unpacked.unwrap_or(u64::MAX);
    let at = |left: usize| offset.saturating_add(body.len().saturating_sub(left));
    let mut reader =
        LzmaReader::new_with_props(body, size, byte, dict, None).map_err(|_| Error::Corrupt {
            at: Some(offset as u64),
        })?;
    let mut chunk = vec![0u8; CHUNK.min(room.max(1))];
    loop {
        let n = reader
            .read(&mut chunk)
            .map_err(|e| io_error(&e, at(reader.inner().len())))?;
        if n == 0 {
            break;
        }
        out.extend(chunk.get(..n).unwrap_or_default())?;
    }
    if unpacked.is_some_and(|size| out.written() as u64 != size) {
        return Err(Error::Truncated);
    }
    Ok(())
}
