//! bzip2 (ZIP method 12, MPQ mask 0x10): our own decoder first, the `bzip2` crate (on
//! `libbz2-rs-sys`, a port of the reference libbzip2) as the fallback whose verdict is final.
//!
//! Why our own: MPQ stores every sector as its own bzip2 stream, and `libbz2-rs-sys` allocates *and
//! zeroes* the whole `tt` array the header declares for every stream (3.6 MB for `BZh9`) while a
//! 16 KB sector uses 64 KB of it, and it cannot reset a decoder for reuse: that memset was a third of
//! the instructions `lumpkit check` spent on a StarCraft II replay. Ours grows `tt` to the block's real
//! length (never past the declared size). `bzip2-rs` was tried first and rejected: besides refusing
//! randomised blocks and skipping the combined CRC, it builds its Huffman trees so that an incomplete
//! table (all code lengths raised) decodes as if it were complete, accepting streams libbzip2 refuses.
//!
//! Ours is deliberately partial: it reads what encoders write, and refuses anything libbzip2 reads in
//! its own particular way (randomised blocks, incomplete or overfull Huffman tables, more than 18,002
//! selectors, a block ending in a run without its count). Whenever it refuses a stream, for any reason
//! (corrupt, truncated, over the limit, or merely unusual), the stream is decoded again by the
//! reference port, and that verdict (and the input offset it reports) is the one returned: a refusal
//! costs two decodes and reads exactly as before. The differential tests in `bzip2/tests.rs` hold the
//! two to the same bytes and verdicts.

mod bits;
mod block;
mod block_output;
mod code;
#[cfg(test)]
mod tests;

use bzip2::{Decompress, Status};

use crate::Error;
use crate::chunked::CHUNK;
use crate::sink::Output;

/// The 48-bit marker before each block (the digits of pi).
const BLOCK_MARKER: u64 = 0x3141_5926_5359;

/// The 48-bit marker after the last block (the digits of sqrt(pi)), followed by the combined CRC.
const END_MARKER: u64 = 0x1772_4538_5090;

pub(crate) fn decode(input: &[u8], out: &mut Output<'_>) -> Result<(), Error> {
    crate::fallback::ours_then_reference(input, out, decode_fast, decode_reference)
}

/// Why our decoder gave up; the reference decoder says what the stream really is.
#[derive(Debug, PartialEq, Eq)]
struct Refused;

/// Our decoder: one stream ("BZh1" to "BZh9", blocks, end marker, combined CRC); what follows the
/// stream is ignored, as by the reference decoder.
fn decode_fast(input: &[u8], out: &mut Output<'_>) -> Result<(), Refused> {
    let (b'B', b'Z', b'h', level @ b'1'..=b'9') = (
        input.first().copied().unwrap_or(0),
        input.get(1).copied().unwrap_or(0),
        input.get(2).copied().unwrap_or(0),
        input.get(3).copied().unwrap_or(0),
    ) else {
        return Err(Refused);
    };
    let max_len = usize::from(level.wrapping_sub(b'0')).wrapping_mul(100_000);
    let mut bits = bits::Bits::new(input.get(4..).unwrap_or_default());
    let mut tt = Vec::new();
    let mut combined = 0u32;
    loop {
        match bits.marker().ok_or(Refused)? {
            BLOCK_MARKER => {
                let block = block::read(&mut bits, &mut tt, max_len)?;
                let crc = block_output::write(&mut tt, block.orig_ptr, out)?;
                if crc != block.crc {
                    return Err(Refused);
                }
                combined = combined.rotate_left(1) ^ crc;
            }
            END_MARKER => {
                return if bits.take(32).ok_or(Refused)? == combined {
                    Ok(())
                } else {
                    Err(Refused)
                };
            }
            _ => return Err(Refused),
        }
    }
}

/// The `bzip2` crate on `libbz2-rs-sys`: its low-level `Decompress` writes into a caller-sized
/// buffer, so output is taken out in chunks; its state is bounded by the 900 kB block.
fn decode_reference(input: &[u8], out: &mut Output<'_>) -> Result<(), Error> {
    let mut state = Decompress::new(false);
    let mut chunk = vec![0u8; CHUNK];
    loop {
        let read = usize::try_from(state.total_in()).unwrap_or(usize::MAX);
        let wrote_before = state.total_out();
        let rest = input.get(read..).unwrap_or_default();
        let status = state
            .decompress(rest, &mut chunk)
            .map_err(|_| Error::Corrupt {
                at: Some(read as u64),
            })?;
        let wrote =
            usize::try_from(state.total_out().saturating_sub(wrote_before)).unwrap_or(usize::MAX);
        out.extend(chunk.get(..wrote).unwrap_or_default())?;
        if status == Status::StreamEnd {
            return Ok(());
        }
        let read_now = usize::try_from(state.total_in()).unwrap_or(usize::MAX);
        if read_now == read && wrote == 0 {
            return Err(Error::Truncated);
        }
    }
}
