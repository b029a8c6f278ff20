//! A faster decoder (our own, or a faster crate) where it is measurably better, the reference crate
//! where it refuses.

use crate::sink::Output;

/// Runs our decoder `fast` first and, when it refuses (for any reason), the reference decoder
/// from the same start, whose verdict, offsets and partial output are then the ones returned:
/// ours only ever decides what it fully accepts (bzip2, PKWARE DCL and deflate/zlib, whose fast
/// path is `zlib-rs`; see their module docs).
///
/// A draining output (a member checked as it is decoded: a ZIP member, an MPQ single unit) cannot
/// take back what ours handed on before refusing: the reference decodes the stream again from the
/// start and the caller gets only what ours had not handed on ([`Output::replay_from`]), so the
/// caller sees the reference's output and verdict, as when held. That holds because both decode
/// the same stream the same way up to where ours refuses; the differential tests and the
/// `decompress` fuzz target's streamed-as-held oracle hold every codec to it.
pub(crate) fn ours_then_reference<R>(
    input: &[u8],
    out: &mut Output<'_>,
    fast: impl FnOnce(&[u8], &mut Output<'_>) -> Result<(), R>,
    reference: impl FnOnce(&[u8], &mut Output<'_>) -> Result<(), crate::Error>,
) -> Result<(), crate::Error> {
    if out.drains() {
        let start = out.written();
        if fast(input, out).is_ok() {
            return Ok(());
        }
        out.replay_from(start);
        return reference(input, out);
    }
    let start = out.len();
    if fast(input, out).is_ok() {
        return Ok(());
    }
    out.keep(start, 0);
    reference(input, out)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Ours hands on part of a stream and refuses; the reference decodes it all again: the caller
    /// gets every byte once, and the reference's verdict.
    fn drained(
        ours: &[u8],
        reference: &[u8],
        reference_ok: bool,
        limit: usize,
    ) -> (Vec<u8>, Result<(), crate::Error>) {
        let mut got = Vec::new();
        let mut scratch = Vec::new();
        let mut to = |piece: &[u8]| got.extend_from_slice(piece);
        let mut out = Output::draining(&mut scratch, limit, &mut to);
        let verdict = ours_then_reference(
            b"",
            &mut out,
            |_, out| {
                out.extend(ours).ok();
                Err(())
            },
            |_, out| {
                for piece in reference.chunks(2) {
                    out.extend(piece)?;
                }
                if reference_ok {
                    Ok(())
                } else {
                    Err(crate::Error::Corrupt { at: Some(7) })
                }
            },
        );
        assert_eq!(out.written(), reference.len().min(limit));
        (got, verdict)
    }

    #[test]
    fn a_refusal_after_handing_bytes_on_is_replayed_without_repeating_them() {
        assert_eq!(
            drained(b"abc", b"abcdefg", true, 100),
            (b"abcdefg".to_vec(), Ok(()))
        );
        // The reference stops earlier, or at the limit: nothing is handed twice.
        let (got, verdict) = drained(b"abcde", b"abc", false, 100);
        assert_eq!(
            (got.as_slice(), verdict),
            (&b"abcde"[..], Err(crate::Error::Corrupt { at: Some(7) }))
        );
        let (got, verdict) = drained(b"abcd", b"abcdefgh", true, 6);
        assert_eq!(got, b"abcdef");
        assert!(matches!(verdict, Err(crate::Error::OutputLimit { .. })));
        // Nothing handed before the refusal: the reference's bytes all go through.
        assert_eq!(drained(b"", b"xyz", true, 100), (b"xyz".to_vec(), Ok(())));
    }
}
