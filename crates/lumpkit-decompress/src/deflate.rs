//! zlib (RFC 1950) and raw deflate (RFC 1951) through `miniz_oxide`, streamed through a 32 KiB window
//! so output is copied out in bounded chunks and never exceeds the limit.

use miniz_oxide::inflate::TINFLStatus;
use miniz_oxide::inflate::core::{DecompressorOxide, decompress, inflate_flags};

use crate::Error;
use crate::sink::Output;

/// Deflate's window: the wrapping output buffer must hold at least this much history.
const WINDOW: usize = 32 * 1024;

/// Decodes a zlib stream (`zlib = true`, header and Adler-32 checked) or a raw deflate stream.
pub(crate) fn inflate(input: &[u8], zlib: bool, out: &mut Output<'_>) -> Result<(), Error> {
    let mut state = Box::<DecompressorOxide>::default();
    let mut window = vec![0u8; WINDOW];
    let flags = if zlib {
        inflate_flags::TINFL_FLAG_PARSE_ZLIB_HEADER
    } else {
        0
    };
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
