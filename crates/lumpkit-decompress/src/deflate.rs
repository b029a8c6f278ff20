//! zlib (RFC 1950) and raw deflate (RFC 1951) through `miniz_oxide`: straight into the output when
//! the room left is one the input could fill, else streamed through a 32 KiB window so output is
//! copied out in bounded chunks and never exceeds the limit.

use miniz_oxide::inflate::TINFLStatus;
use miniz_oxide::inflate::core::{DecompressorOxide, decompress, inflate_flags};

use crate::Error;
use crate::sink::Output;

/// Deflate's window: the wrapping output buffer must hold at least this much history.
const WINDOW: usize = 32 * 1024;

/// Deflate's largest expansion: a 258-byte match costs at least 2 bits, so one input byte makes at
/// most 1,032 output bytes (zlib's documented bound); plus a little for the shortest streams.
const MAX_RATIO: usize = 1032;
const MAX_EXPANSION_SLACK: usize = 1024;

/// Decodes a zlib stream (`zlib = true`, header and Adler-32 checked) or a raw deflate stream.
pub(crate) fn inflate(input: &[u8], zlib: bool, out: &mut Output<'_>) -> Result<(), Error> {
    let mut state = Box::<DecompressorOxide>::default();
    let flags = if zlib {
        inflate_flags::TINFL_FLAG_PARSE_ZLIB_HEADER
    } else {
        0
    };
    let most = input
        .len()
        .saturating_mul(MAX_RATIO)
        .saturating_add(MAX_EXPANSION_SLACK);
    let room = out.room();
    if room > 0 && room <= most {
        return inflate_in_place(&mut state, input, flags, out);
    }
    let mut window = vec![0u8; WINDOW];
    let mut in_pos = 0usize;
    let mut out_pos = 0usize;
    loop {
        let rest = input.get(in_pos..).unwrap_or_default();
        // All input is given at once (no HAS_MORE_INPUT), so running out of it is a truncation.
        let (status, read, wrote) = decompress(&mut state, rest, &mut window, out_pos, flags);
        in_pos = in_pos.saturating_add(read);
        let produced = window
            .get(out_pos..out_pos.saturating_add(wrote))
            .unwrap_or_default();
        out.extend(produced)?;
        out_pos = out_pos.saturating_add(wrote) & (WINDOW - 1);
        match status {
            TINFLStatus::Done => return Ok(()),
            TINFLStatus::HasMoreOutput => continue,
            TINFLStatus::NeedsMoreInput | TINFLStatus::FailedCannotMakeProgress => {
                return Err(Error::Truncated);
            }
            _ => {
                return Err(Error::Corrupt {
                    at: Some(in_pos as u64),
                });
            }
        }
    }
}

/// Decodes into the output's whole remaining room at once: no window to zero and copy out of, which
/// for the small members most archives hold was most of the work. The room is at most what the input
/// could expand to, so the allocation is bounded by the input's size.
///
/// A distance reaching before the stream's start is an error here (as zlib reports "invalid
/// distance too far back"); the windowed path reads the window's zeros there instead.
fn inflate_in_place(
    state: &mut DecompressorOxide,
    input: &[u8],
    flags: u32,
    out: &mut Output<'_>,
) -> Result<(), Error> {
    let region = out.len();
    let buf = out.room_in_place();
    let (status, read, wrote) = decompress(
        state,
        input,
        buf,
        0,
        flags | inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF,
    );
    out.keep(region, wrote);
    match status {
        TINFLStatus::Done => Ok(()),
        TINFLStatus::HasMoreOutput => Err(out.over_limit()),
        TINFLStatus::NeedsMoreInput | TINFLStatus::FailedCannotMakeProgress => {
            Err(Error::Truncated)
        }
        _ => Err(Error::Corrupt {
            at: Some(read as u64),
        }),
    }
}
