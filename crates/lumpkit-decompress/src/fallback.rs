//! A faster decoder (our own, or a faster crate) where it is measurably better, the reference crate
//! where it refuses.

use crate::sink::Output;

/// Runs our decoder `fast` first and, when it refuses (for any reason), the reference decoder
/// from the same start, whose verdict, offsets and partial output are then the ones returned:
/// ours only ever decides what it fully accepts (bzip2, PKWARE DCL and deflate/zlib, whose fast
/// path is `zlib-rs`; see their module docs).
///
/// A draining output (a member checked as it is decoded) cannot take back what ours handed on
/// before refusing, so it goes to the reference decoder alone: its verdict is the one either way.
pub(crate) fn ours_then_reference<R>(
    input: &[u8],
    out: &mut Output<'_>,
    fast: impl FnOnce(&[u8], &mut Output<'_>) -> Result<(), R>,
    reference: impl FnOnce(&[u8], &mut Output<'_>) -> Result<(), crate::Error>,
) -> Result<(), crate::Error> {
    if out.drains() {
        return reference(input, out);
    }
    let start = out.len();
    if fast(input, out).is_ok() {
        return Ok(());
    }
    out.keep(start, 0);
    reference(input, out)
}
