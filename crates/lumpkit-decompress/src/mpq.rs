//! The MPQ sector's compression mask byte: which codecs, in which order.

use crate::{Error, Method, decompress, decompress_to};

/// Mask bits in decompression order (the reverse of the order StormLib compresses in): the general
/// codecs undo the last compression first, then Huffman, then ADPCM, then sparse.
const ORDER: [(u8, Method); 7] = [
    (0x10, Method::Bzip2),
    (0x08, Method::PkwareDcl),
    (0x02, Method::Zlib),
    (0x01, Method::MpqHuffman),
    (0x80, Method::MpqAdpcmStereo),
    (0x40, Method::MpqAdpcmMono),
    (0x20, Method::MpqSparse),
];

/// LZMA's mask: it stands alone (its bits would otherwise read as bzip2 + zlib).
const LZMA: u8 = 0x12;

/// MPQ: the mask byte's methods in decompression order, for diagnostics.
///
/// Unknown bits are reported as `Err(bits)`. `0x12` is LZMA alone, as in StormLib.
pub fn mpq_methods(mask: u8) -> Result<impl Iterator<Item = Method>, u8> {
    let known = ORDER.iter().fold(0u8, |acc, (bit, _)| acc | bit);
    if mask & !known != 0 {
        return Err(mask & !known);
    }
    let lzma = mask == LZMA;
    let steps = ORDER
        .iter()
        .filter(move |(bit, _)| !lzma && mask & bit != 0)
        .map(|&(_, method)| method);
    Ok(core::iter::once(Method::LzmaMpq)
        .filter(move |_| lzma)
        .chain(steps))
}

/// MPQ: one compressed sector or single-unit file.
///
/// The first byte is the compression mask (see [`mpq_methods`]); `expected` is the sector's
/// decompressed size, and the output must be exactly that long. Appends to `out`.
///
/// Read the way StormLib (and so the game's Storm.dll, as far as the maps show) reads it:
/// - a sector stored in at least `expected` bytes is not compressed (there is no mask byte): its
///   first `expected` bytes are the data. Writers store a sector raw when compression does not pay;
///   the longer case occurs in real maps (a map tool's padding) and reads this way in StormLib;
/// - every stage decodes into a buffer of `expected` bytes; a stream that goes on past it is cut
///   there without complaint by every codec except zlib and LZMA, which fail, so only those two
///   report [`Error::OutputLimit`] here.
pub fn mpq_sector(input: &[u8], expected: usize, out: &mut Vec<u8>) -> Result<(), Error> {
    let start = out.len();
    let result = match sector_methods(input, expected)? {
        Sector::Stored(raw) => {
            out.extend_from_slice(raw);
            return Ok(());
        }
        // Nearly every sector: decoded straight into `out`, no buffer in between.
        Sector::One(method, data) => {
            let decoded = decompress(method, data, out, expected);
            finish_one(method, decoded, out.len().saturating_sub(start), expected)
        }
        Sector::Chain(mask, data) => {
            let current = chain(mask, data, expected)?;
            out.extend_from_slice(&current);
            Ok(())
        }
    };
    if result.is_err() {
        out.truncate(start);
    }
    result
}

/// [`mpq_sector`], handing the bytes to `take` as they are decoded instead of appending them: for
/// a single-unit member, whose one "sector" is the whole member (as large as its block entry
/// says), so that it is checked without being held. The verdict is `mpq_sector`'s; on an error
/// `take` may have had a prefix. A chain of several codecs is still decoded whole (each stage
/// needs the previous one's output).
pub fn mpq_sector_to(
    input: &[u8],
    expected: usize,
    take: &mut dyn FnMut(&[u8]),
) -> Result<(), Error> {
    match sector_methods(input, expected)? {
        Sector::Stored(raw) => {
            if !raw.is_empty() {
                take(raw);
            }
            Ok(())
        }
        Sector::One(method, data) => {
            // Counted as handed on: a codec may refuse over the limit before reaching it.
            let mut written = 0usize;
            let decoded = decompress_to(method, data, expected, &mut |piece| {
                written = written.saturating_add(piece.len());
                take(piece);
            });
            finish_one(method, decoded, written, expected)
        }
        Sector::Chain(mask, data) => {
            let current = chain(mask, data, expected)?;
            if !current.is_empty() {
                take(&current);
            }
            Ok(())
        }
    }
}

/// How a sector is stored.
enum Sector<'a> {
    /// Not compressed: these are its bytes.
    Stored(&'a [u8]),
    /// One codec over the data after the mask byte.
    One(Method, &'a [u8]),
    /// Several codecs (the mask byte) over the data after it.
    Chain(u8, &'a [u8]),
}

/// How `input`, a sector of `expected` bytes, is stored: raw when it is at least that long, else
/// after the mask byte, whose methods are checked here.
fn sector_methods(input: &[u8], expected: usize) -> Result<Sector<'_>, Error> {
    if let Some(raw) = input.get(..expected) {
        return Ok(Sector::Stored(raw));
    }
    let Some((&mask, data)) = input.split_first() else {
        return Err(Error::Truncated);
    };
    let mut methods = mpq_methods(mask).map_err(|_| Error::Corrupt { at: Some(0) })?;
    match (methods.next(), methods.next()) {
        (Some(method), None) => Ok(Sector::One(method, data)),
        // A mask byte with no method bits (StormLib: "not supported").
        (None, _) => Err(Error::Corrupt { at: Some(0) }),
        (Some(_), Some(_)) => Ok(Sector::Chain(mask, data)),
    }
}

/// The verdict on one codec's decode of `written` bytes where `expected` were due.
fn finish_one(
    method: Method,
    decoded: Result<usize, Error>,
    written: usize,
    expected: usize,
) -> Result<(), Error> {
    match decoded {
        Ok(_) => {}
        Err(Error::OutputLimit { .. }) if cut_at_buffer_end(method) => {}
        Err(error) => return Err(error),
    }
    if written == expected {
        Ok(())
    } else {
        Err(Error::Corrupt { at: None })
    }
}

/// Every codec of `mask` in turn, each over the previous one's output.
fn chain(mask: u8, input: &[u8], expected: usize) -> Result<Vec<u8>, Error> {
    let mut data = input;
    let methods = mpq_methods(mask).map_err(|_| Error::Corrupt { at: Some(0) })?;
    let mut current: Vec<u8> = Vec::new();
    let mut next: Vec<u8> = Vec::new();
    for method in methods {
        next.clear();
        match decompress(method, data, &mut next, expected) {
            Ok(_) => {}
            Err(Error::OutputLimit { .. }) if cut_at_buffer_end(method) => {}
            Err(error) => return Err(error),
        }
        core::mem::swap(&mut current, &mut next);
        data = &current;
    }
    if current.len() != expected {
        return Err(Error::Corrupt { at: None });
    }
    Ok(current)
}

/// Whether StormLib's decoder for `method` stops quietly when its output buffer is full.
const fn cut_at_buffer_end(method: Method) -> bool {
    !matches!(method, Method::Zlib | Method::LzmaMpq)
}
