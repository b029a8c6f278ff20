//! Zstandard (ZIP method 93) through `ruzstd`, decoded a bounded number of bytes at a time and drained
//! between steps; frames are decoded one after another until the input ends, as the format allows.
//! The decoder holds back up to one window of output before it can be drained, so the window a frame
//! may declare is capped at [`window_cap`]: the limit, but never below 8 MiB (what zstd's levels 1–19
//! use, so ordinary files always decode) nor above the crate's 128 MiB default. A frame asking for
//! more is refused as [`Error::OutputLimit`] before anything is allocated. Skippable frames are skipped.

use std::io::Read;

use ruzstd::decoding::errors::{FrameDecoderError, ReadFrameHeaderError};
use ruzstd::decoding::{BlockDecodingStrategy, DEFAULT_MAX_WINDOW_SIZE, FrameDecoder};

use crate::Error;
use crate::chunked::{CHUNK, io_error};
use crate::sink::Output;

pub(crate) fn decode(input: &[u8], out: &mut Output<'_>) -> Result<(), Error> {
    let mut chunk = vec![0u8; CHUNK];
    let mut rest = input;
    let mut frame = FrameDecoder::new();
    frame.set_max_window_size(window_cap(out.room()));
    loop {
        let at = |rest: &[u8]| input.len().saturating_sub(rest.len());
        match frame.init(&mut rest) {
            Ok(()) => {}
            Err(FrameDecoderError::ReadFrameHeaderError(ReadFrameHeaderError::SkipFrame {
                length,
                ..
            })) => {
                let skip = usize::try_from(length).unwrap_or(usize::MAX);
                rest = rest.get(skip..).ok_or(Error::Truncated)?;
                if rest.is_empty() {
                    return Ok(());
                }
                continue;
            }
            Err(FrameDecoderError::WindowSizeTooBig { .. }) => return Err(out.over_limit()),
            Err(_) if rest.is_empty() => return Err(Error::Truncated),
            Err(_) => {
                return Err(Error::Corrupt {
                    at: Some(at(rest) as u64),
                });
            }
        }
        loop {
            if !frame.is_finished()
                && frame
                    .decode_blocks(&mut rest, BlockDecodingStrategy::UptoBytes(CHUNK))
                    .is_err()
            {
                return Err(if rest.is_empty() {
                    Error::Truncated
                } else {
                    Error::Corrupt {
                        at: Some(at(rest) as u64),
                    }
                });
            }
            loop {
                let n = frame.read(&mut chunk).map_err(|e| io_error(&e, at(rest)))?;
                if n == 0 {
                    break;
                }
                out.extend(chunk.get(..n).unwrap_or_default())?;
            }
            if frame.is_finished() && frame.can_collect() == 0 {
                break;
            }
        }
        if rest.is_empty() {
            return Ok(());
        }
    }
}

/// The largest window a frame may declare for a given output limit (see the module docs).
fn window_cap(limit: usize) -> u64 {
    const ORDINARY: u64 = 8 * 1024 * 1024;
    (limit as u64).clamp(ORDINARY, DEFAULT_MAX_WINDOW_SIZE)
}
