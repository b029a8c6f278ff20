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
/// decompressed size, and the output must be exactly that long. As in StormLib, a sector whose stored
/// size equals `expected` is stored uncompressed and copied as is (no mask byte). Appends to `out`.
pub fn mpq_sector(input: &[u8], expected: usize, out: &mut Vec<u8>) -> Result<(), Error> {
    if input.len() == expected {
        out.extend_from_slice(input);
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
        decompress(method, data, &mut next, expected)?;
        core::mem::swap(&mut current, &mut next);
        data = &current;
        any = true;
    }
    if !any {
        return Err(Error::Corrupt { at: Some(0) });
    }
    if current.len() != expected {
        return Err(Error::Corrupt { at: None });
    }
    out.extend_from_slice(&current);
    Ok(())
}
