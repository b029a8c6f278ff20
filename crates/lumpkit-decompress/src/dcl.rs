//! PKWARE Data Compression Library "implode" streams (MPQ mask 0x08; not ZIP's method 6): our own
//! decoder first, the `explode` crate (a port of zlib's `blast.c`) as the fallback whose verdict is
//! final.
//!
//! Why our own: the crate decodes through a byte-feeding API (the same byte is fed until it asks for
//! the next, and every output byte goes through a state machine and a ring buffer), which made it
//! about 8% of the CPU of `lumpkit check` over the shared corpus, where Warcraft III maps store most
//! sectors this way. Ours reads the whole stream from the slice with a 64-bit bit buffer and lookup
//! tables, and copies matches from the output itself.
//!
//! The format: a byte for the literal mode (0 raw, 1 Huffman-coded), a byte for the dictionary size
//! (4, 5, 6: distances up to 1, 2, 4 KiB), then flag bit 0 + literal, or flag bit 1 + length code
//! (+ extra bits) + distance code (+ extra bits), until the length code for 519 ends the stream.
//!
//! Whenever ours refuses a stream (a bad header, a distance before the start, input that ends early,
//! output past the limit), it is decoded again by the crate, and that verdict (with the input offset
//! it reports, and the output it wrote) is the one returned: the crate reports the limit only at the
//! end of each 4 KiB chunk, so a corrupt stream can read as corrupt or over the limit depending on
//! where in a chunk it breaks, and only the crate itself says which. The tests in `dcl/tests.rs`
//! hold the two to the same bytes and verdicts.

mod bits;
mod tables;
#[cfg(test)]
mod tests;

use explode::{Error as ExplodeError, Explode};

use self::bits::Bits;
use self::tables::{
    DISTANCE, DISTANCE_BITS, LENGTH, LENGTH_BASE, LENGTH_BITS, LENGTH_EXTRA, LITERAL, LITERAL_BITS,
};
use crate::Error;
use crate::sink::Output;

/// The farthest a match reaches back (distance symbol 63, six extra bits all ones).
const WINDOW: usize = 4096;

/// The buffer of the windowed path: the window plus room for many matches between slides. Rooms up
/// to this size are decoded in place (zero-filling them costs no more than this buffer would).
const BUFFER: usize = 64 * 1024;

/// The length that ends the stream.
const END_LENGTH: u32 = 519;

pub(crate) fn explode(input: &[u8], out: &mut Output<'_>) -> Result<(), Error> {
    crate::fallback::ours_then_reference(input, out, decode_fast, decode_reference)
}

/// Why our decoder gave up; the crate says what the stream really is.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Refused;

/// Why [`decode`] returned without an error.
#[derive(Debug, PartialEq, Eq)]
enum Stop {
    /// The end code was read.
    End,
    /// The next literal or match does not fit in the buffer (nothing of it was consumed).
    Full,
}

/// The two header bytes: whether literals are coded, and the number of low distance bits.
struct Header {
    coded: bool,
    dict: u32,
}

/// Our decoder: the whole stream, or a refusal. What follows the end code is ignored, as by the crate.
fn decode_fast(input: &[u8], out: &mut Output<'_>) -> Result<(), Refused> {
    let [mode, dict, stream @ ..] = input else {
        return Err(Refused);
    };
    let header = Header {
        coded: match mode {
            0 => false,
            1 => true,
            _ => return Err(Refused),
        },
        dict: match dict {
            4..=6 => u32::from(*dict),
            _ => return Err(Refused),
        },
    };
    let mut bits = Bits::new(stream);
    if out.room() <= BUFFER {
        in_place(&header, &mut bits, out)?;
    } else {
        windowed(&header, &mut bits, out)?;
    }
    if bits.within_input() {
        Ok(())
    } else {
        Err(Refused)
    }
}

/// Decodes straight into the output's room, which is the window: used when the room is small (an
/// MPQ sector's known size).
fn in_place(header: &Header, bits: &mut Bits<'_>, out: &mut Output<'_>) -> Result<(), Refused> {
    let region = out.len();
    let room = out.room_in_place();
    let mut pos = 0;
    let stop = decode(header, bits, room, &mut pos);
    out.keep(region, pos);
    match stop? {
        Stop::End => Ok(()),
        Stop::Full => Err(Refused),
    }
}

/// Decodes through a bounded buffer whose last 4 KiB are kept as the window when it is emptied into
/// the output: used when the room is large, so that a short stream never costs a large room.
fn windowed(header: &Header, bits: &mut Bits<'_>, out: &mut Output<'_>) -> Result<(), Refused> {
    let mut buffer = vec![0u8; BUFFER];
    let mut pos = 0;
    let mut flushed = 0;
    loop {
        let stop = decode(header, bits, &mut buffer, &mut pos)?;
        out.extend(buffer.get(flushed..pos).unwrap_or_default())
            .map_err(|_| Refused)?;
        match stop {
            Stop::End => return Ok(()),
            Stop::Full => {
                // A match is at most 518 bytes, so a full buffer holds more than the window.
                let keep = pos.checked_sub(WINDOW).ok_or(Refused)?;
                buffer.copy_within(keep..pos, 0);
                pos = WINDOW;
                flushed = WINDOW;
            }
        }
    }
}

/// Decodes symbols into `buffer` from `*pos` until the end code, or until the next one does not fit.
///
/// Everything before `*pos` is earlier output (all of it, or at least the last 4 KiB), so a match
/// reaching before the buffer's start reaches before the stream's start, which the crate refuses.
#[inline(always)]
fn decode(
    header: &Header,
    bits: &mut Bits<'_>,
    buffer: &mut [u8],
    pos: &mut usize,
) -> Result<Stop, Refused> {
    loop {
        let before = *bits;
        bits.refill()?;
        if bits.take(1) == 0 {
            let byte = if header.coded {
                lookup(bits, &LITERAL, LITERAL_BITS) as u8
            } else {
                bits.take(8) as u8
            };
            let Some(slot) = buffer.get_mut(*pos) else {
                *bits = before;
                return Ok(Stop::Full);
            };
            *slot = byte;
            *pos = pos.wrapping_add(1);
            continue;
        }
        let symbol = usize::from(lookup(bits, &LENGTH, LENGTH_BITS));
        let base = LENGTH_BASE.get(symbol).copied().unwrap_or(0);
        let extra = LENGTH_EXTRA.get(symbol).copied().unwrap_or(0);
        let len = u32::from(base).wrapping_add(bits.take(u32::from(extra)));
        if len == END_LENGTH {
            return Ok(Stop::End);
        }
        let low_bits = if len == 2 { 2 } else { header.dict };
        let high = u32::from(lookup(bits, &DISTANCE, DISTANCE_BITS));
        let dist = (high.wrapping_shl(low_bits) | bits.take(low_bits)).wrapping_add(1) as usize;
        let len = len as usize;
        let Some(from) = pos.checked_sub(dist) else {
            return Err(Refused);
        };
        let Some(end) = pos.checked_add(len).filter(|&end| end <= buffer.len()) else {
            *bits = before;
            return Ok(Stop::Full);
        };
        copy_match(buffer, from, *pos, end);
        *pos = end;
    }
}

/// Decodes one symbol through a lookup table of `width` bits (entry: symbol, code length << 8).
#[inline(always)]
fn lookup(bits: &mut Bits<'_>, table: &[u16], width: u32) -> u16 {
    let index = (bits.peek() & !u64::MAX.wrapping_shl(width)) as usize;
    let entry = table.get(index).copied().unwrap_or(0);
    bits.consume(u32::from(entry >> 8));
    entry & 0xff
}

/// Copies `buffer[from..]` to `buffer[to..end]` byte by byte in effect (an overlapping match
/// repeats its pattern); the caller has checked `from < to <= end <= buffer.len()`.
#[inline(always)]
fn copy_match(buffer: &mut [u8], from: usize, to: usize, end: usize) {
    let dist = to.wrapping_sub(from);
    let len = end.wrapping_sub(to);
    if dist >= len {
        buffer.copy_within(from..from.wrapping_add(len), to);
    } else if dist == 1 {
        let byte = buffer.get(from).copied().unwrap_or(0);
        if let Some(run) = buffer.get_mut(to..end) {
            run.fill(byte);
        }
    } else {
        // Copy the pattern in doubling steps: what is already written is a whole number of periods.
        let mut done = 0;
        while done < len {
            let step = dist.wrapping_add(done).min(len.wrapping_sub(done));
            let at = to.wrapping_add(done);
            buffer.copy_within(from..from.wrapping_add(step), at);
            done = done.wrapping_add(step);
        }
    }
}

/// The `explode` crate, driven byte by byte through its buffer API, so output is taken out in chunks
/// and its window is the format's fixed 4 KiB.
fn decode_reference(input: &[u8], out: &mut Output<'_>) -> Result<(), Error> {
    let mut state = Explode::new();
    let mut chunk = [0u8; WINDOW];
    let mut pos = 0usize;
    loop {
        let mut buffer = state.with_buffer(&mut chunk);
        // Feed the same byte until the decoder asks for the next one (the crate's contract); stop when
        // its buffer is full or the stream's end code is reached.
        let ended_input = loop {
            let Some(&byte) = input.get(pos) else {
                break true;
            };
            match buffer.feed(byte) {
                Ok(()) => break false,
                Err(ExplodeError::IncompleteInput) => pos = pos.saturating_add(1),
                Err(_) => {
                    return Err(Error::Corrupt {
                        at: Some(pos as u64),
                    });
                }
            }
        };
        out.extend(buffer.get())?;
        if buffer.done() {
            return Ok(());
        }
        if ended_input {
            return Err(Error::Truncated);
        }
    }
}
