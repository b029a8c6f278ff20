//! The MPQ sector's compression mask byte: which codecs, in which order.

use crate::{Error, Method, decompress};

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
    if let Some(raw) = input.get(..expected) {
        out.extend_from_slice(raw);
        return Ok(());
    }
    let Some((&mask, mut data)) = input.split_first() else {
        return Err(Error::Truncated);
    };
    let methods = mpq_methods(mask).map_err(|_| Error::Corrupt { at: Some(0) })?;
    let mut current: Vec<u8> = Vec::new();
    let mut next: Vec<u8> = Vec::new();
    let mut any = false;
    for method in methods {
        next.clear();
        match decompress(method, data, &mut next, expected) {
            Ok(_) => {}
            Err(Error::OutputLimit { .. }) if cut_at_buffer_end(method) => {}
            Err(error) => return Err(error),
        }
        core::mem::swap(&mut current, &mut next);
        data = &current;
        any = true;
    }
    if !any {
        // A mask byte with no method bits (StormLib: "not supported").
        return Err(Error::Corrupt { at: Some(0) });
    }
    if current.len() != expected {
        return Err(Error::Corrupt { at: None });
    }
    out.extend_from_slice(&current);
    Ok(())
}

/// Whether StormLib's decoder for `method` stops quietly when its output buffer is full.
const fn cut_at_buffer_end(method: Method) -> bool {
    !matches!(method, Method::Zlib | Method::LzmaMpq)
}
