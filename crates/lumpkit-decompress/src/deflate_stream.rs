//! Deflate into a bounded buffer that is handed on as it fills, keeping its last 32 KiB as the
//! window: a member checked as it is decoded (never held), and a held one whose room is larger
//! than its input could fill.
//!
//! Why not a 32 KiB wrapping buffer: `miniz_oxide` lets a distance in a wrapping buffer reach
//! before the stream's start and read the buffer's zeros, where the in-place path (and zlib)
//! refuse it. Here the buffer is not wrapping, so the inflater sees all the output it has produced,
//! up to the whole window: it refuses exactly what the in-place path refuses, at the same input
//! offset (the differential test below holds them to that), and a streamed member gets the
//! verdict a held one gets.

use miniz_oxide::inflate::TINFLStatus;
use miniz_oxide::inflate::core::{DecompressorOxide, decompress, inflate_flags};

use crate::Error;
use crate::sink::Output;

/// Deflate's window: the history kept at the front of the buffer when it is emptied.
const WINDOW: usize = 32 * 1024;

/// The buffer: large enough that moving the window to its front costs little (one eighth of the
/// bytes decoded), small enough to be a constant per worker.
const SPAN: usize = 8 * WINDOW;

/// Inflates `input` (with `flags`, on a state ready for a new stream) into `out`, which hands every
/// piece on as it is produced.
pub(crate) fn inflate_sliding(
    state: &mut DecompressorOxide,
    input: &[u8],
    flags: u32,
    out: &mut Output<'_>,
) -> Result<(), Error> {
    let flags = flags | inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
    // The window plus the room: a short stream needs no more.
    let mut buffer = vec![0u8; SPAN.min(out.room().saturating_add(WINDOW))];
    let mut pos = 0usize;
    let mut in_pos = 0usize;
    loop {
        let rest = input.get(in_pos..).unwrap_or_default();
        // All input is given at once (no HAS_MORE_INPUT), so running out of it is a truncation.
        let (status, read, wrote) = decompress(state, rest, &mut buffer, pos, flags);
        in_pos = in_pos.saturating_add(read);
        let end = pos.saturating_add(wrote);
        out.extend(buffer.get(pos..end).unwrap_or_default())?;
        pos = end;
        match status {
            TINFLStatus::Done => return Ok(()),
            TINFLStatus::HasMoreOutput => {
                // The buffer is full: its last window stays as the history of what follows.
                let keep = pos.saturating_sub(WINDOW);
                if keep == 0 {
                    // Full without a window's worth of output: the room was smaller than the
                    // stream (the limit), and `extend` has said so; or nothing moves at all.
                    return Err(out.over_limit());
                }
                buffer.copy_within(keep..pos, 0);
                pos = pos.saturating_sub(keep);
            }
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
