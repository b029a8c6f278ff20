//! The fast path of [`super::inflate`]: `zlib-rs` (a memory-safe port of zlib; its own `unsafe`
//! stays inside it, we call only its safe `Inflate`), which decodes the small streams archives are
//! made of faster than `miniz_oxide`: every MPQ sector is a zlib stream of its own, and zlib's
//! 9-bit root tables cost less to build per stream than miniz's 10-bit ones plus its 288-entry
//! fast lookup (figures in the `inflate` bench and the commit).
//!
//! It only ever *accepts*: a stream it does not decode to its end within the limit, for any reason
//! (corrupt, truncated, over the limit, a preset dictionary, a distance before the stream's start),
//! is refused, and `miniz_oxide` decides it as it did before, offsets and partial output included.
//! Where both accept, the bytes are the same (RFC 1951 leaves a valid stream no choice): the
//! differential tests in `super::tests` and the `decompress` fuzz target hold them to that.

use zlib_rs::{Inflate, InflateFlush, Status};

use super::{MAX_EXPANSION_SLACK, MAX_RATIO, WINDOW};
use crate::sink::Output;

/// Why the fast path gave up; the reference decoder says what the stream really is.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Refused;

std::thread_local! {
    /// This thread's inflater, reset for each stream: `Inflate::new` allocates its state (and, once
    /// used, its window), and an MPQ is thousands of streams.
    static INFLATER: core::cell::Cell<Option<Inflate>> = const { core::cell::Cell::new(None) };
}

/// Decodes a whole zlib (`zlib = true`) or raw deflate stream into `out`, or refuses it.
pub(super) fn inflate(input: &[u8], zlib: bool, out: &mut Output<'_>) -> Result<(), Refused> {
    let mut state = match INFLATER.take() {
        Some(mut state) => {
            state.reset(zlib);
            state
        }
        None => Inflate::new(zlib, 15),
    };
    let result = inflate_with(&mut state, input, out);
    INFLATER.set(Some(state));
    result
}

/// [`inflate`] with a state ready for a new stream.
fn inflate_with(state: &mut Inflate, input: &[u8], out: &mut Output<'_>) -> Result<(), Refused> {
    let most = input
        .len()
        .saturating_mul(MAX_RATIO)
        .saturating_add(MAX_EXPANSION_SLACK);
    let room = out.room();
    // A draining output is handed its bytes piece by piece: never the whole room at once.
    if room > 0 && room <= most && !out.drains() {
        return inflate_in_place(state, input, out);
    }
    // A roomy limit: decode in window-sized pieces (zlib keeps its own history), so that the
    // output grows only by what the stream really holds.
    let mut piece = vec![0u8; WINDOW];
    let mut read = 0usize;
    loop {
        let rest = input.get(read..).unwrap_or_default();
        let before = (state.total_in(), state.total_out());
        let status = state
            .decompress(rest, &mut piece, InflateFlush::NoFlush)
            .map_err(|_| Refused)?;
        let consumed =
            usize::try_from(state.total_in().saturating_sub(before.0)).map_err(|_| Refused)?;
        let wrote =
            usize::try_from(state.total_out().saturating_sub(before.1)).map_err(|_| Refused)?;
        read = read.saturating_add(consumed);
        out.extend(piece.get(..wrote).ok_or(Refused)?)
            .map_err(|_| Refused)?;
        match status {
            Status::StreamEnd => return Ok(()),
            // No progress with all the input given: the stream is cut short.
            Status::Ok | Status::BufError if consumed == 0 && wrote == 0 => return Err(Refused),
            Status::Ok | Status::BufError => {}
        }
    }
}

/// Decodes into the output's whole remaining room at once (bounded by the input's size, as in
/// the reference path): with `Finish`, zlib copies nothing into a window of its own.
fn inflate_in_place(
    state: &mut Inflate,
    input: &[u8],
    out: &mut Output<'_>,
) -> Result<(), Refused> {
    let region = out.len();
    let buf = out.room_in_place();
    let status = state.decompress(input, buf, InflateFlush::Finish);
    let wrote = usize::try_from(state.total_out()).unwrap_or(usize::MAX);
    match status {
        Ok(Status::StreamEnd) => {
            out.keep(region, wrote);
            Ok(())
        }
        _ => Err(Refused),
    }
}
