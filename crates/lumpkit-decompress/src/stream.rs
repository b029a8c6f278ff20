//! Decoding a member without holding it: every piece is handed to the caller as it is produced.

use crate::sink::Output;
use crate::{Error, Method, lzma, run};

/// Decodes `input` with `method` into exactly `size` bytes, handing them to `take` in order, piece
/// by piece as they are produced, and keeping none: a member is checked (CRC-32, MD5, a format's
/// sniff of its first bytes) while it is decoded, in memory bounded by the codec's state whatever
/// its size (deflate: a 256 KiB buffer; LZMA: its dictionary, cut to `size`).
///
/// The verdict is [`decompress_sized`](crate::decompress_sized)'s for the same stream: a stream
/// that ends early is [`Error::Truncated`], one that would go on is [`Error::OutputLimit`] (LZMA
/// excepted, whose stream the size ends), and a corrupt one is [`Error::Corrupt`] at the same input
/// offset. On an error, `take` has received a prefix of the output. Pieces have no fixed size;
/// none is empty.
///
/// ```
/// use lumpkit_decompress::{decompress_sized_to, Method};
///
/// // "hello" as a raw deflate stream, checked without a buffer for it.
/// let stream = [0xcb, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00];
/// let mut seen = 0;
/// let mut crc = 0u32;
/// decompress_sized_to(Method::Deflate, &stream, 5, &mut |piece| {
///     seen += piece.len();
///     crc = crc.wrapping_add(piece.iter().map(|&b| u32::from(b)).sum::<u32>());
/// })?;
/// assert_eq!(seen, 5);
/// # Ok::<(), lumpkit_decompress::Error>(())
/// ```
pub fn decompress_sized_to(
    method: Method,
    input: &[u8],
    size: u64,
    take: &mut dyn FnMut(&[u8]),
) -> Result<(), Error> {
    let Ok(limit) = usize::try_from(size) else {
        return Err(Error::OutputLimit { limit: size });
    };
    if drain(method, input, limit, lzma::Length::Known(size), take)? == limit {
        Ok(())
    } else {
        Err(Error::Truncated)
    }
}

/// Decodes `input` with `method`, handing at most `limit` bytes to `take` in order as they are
/// produced and keeping none: [`decompress`](crate::decompress)'s verdict (the stream's own end
/// ends it; [`Error::OutputLimit`] when it would go past `limit`), without a buffer for the
/// output. Returns how many bytes were handed over. On an error, `take` has received a prefix.
pub fn decompress_to(
    method: Method,
    input: &[u8],
    limit: usize,
    take: &mut dyn FnMut(&[u8]),
) -> Result<usize, Error> {
    drain(method, input, limit, lzma::Length::EndMarker, take)
}

/// Runs `method` into a draining output of `limit` bytes; how many it handed on.
fn drain(
    method: Method,
    input: &[u8],
    limit: usize,
    length: lzma::Length,
    take: &mut dyn FnMut(&[u8]),
) -> Result<usize, Error> {
    let mut scratch = Vec::new();
    let mut sink = Output::draining(&mut scratch, limit, take);
    run(method, input, length, &mut sink)?;
    Ok(sink.written())
}
