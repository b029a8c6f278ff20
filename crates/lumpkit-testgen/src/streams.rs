//! Seeds for the `decompress` fuzz target: one small stream per method of `lumpkit-decompress`,
//! written by real encoders (flate2, bzip2, lzma-rust2's encoder, ruzstd's encoder) or by hand
//! where the form matters more than the content (zstd skippable frames and oversized windows, the
//! MPQ LZMA framing). Blind mutation starting from nothing rarely writes a bzip2 block or an LZMA
//! range-coder state the decoder accepts; from these it explores the decoders' inner states and
//! their error and output-limit paths.
//!
//! A seed is the target's input: a selector byte (the index of the method in
//! [`Method::ALL`], or 0xF0 and up for an MPQ sector whose first byte is its compression mask), a
//! size byte `s` (the output limit is `s² × 16` bytes), then the stream.

use std::io::Write;

use lumpkit_decompress::Method;

/// Content that compresses a little and has matches: text with a counter, then a few zeros.
fn text(len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len);
    let mut i = 0u32;
    while out.len() < len {
        out.extend_from_slice(format!("texture {i} floor1_{} ", i % 7).as_bytes());
        i += 1;
    }
    out.truncate(len);
    out.extend_from_slice(&[0; 64]);
    out
}

/// The size byte whose limit (`s² × 16`) first holds `len` bytes.
fn roomy(len: usize) -> u8 {
    (1..=255u8)
        .find(|s| usize::from(*s) * usize::from(*s) * 16 >= len)
        .unwrap_or(255)
}

fn selector(method: Method) -> u8 {
    Method::ALL
        .iter()
        .position(|m| *m == method)
        .and_then(|i| u8::try_from(i).ok())
        .unwrap_or(0)
}

fn zlib(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    let _ = e.write_all(data);
    e.finish().unwrap_or_default()
}

fn deflate(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::best());
    let _ = e.write_all(data);
    e.finish().unwrap_or_default()
}

fn bzip2(data: &[u8]) -> Vec<u8> {
    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    let _ = e.write_all(data);
    e.finish().unwrap_or_default()
}

/// The `.lzma` form: 5 property bytes, the 8-byte size (`u64::MAX` and an end marker when
/// `size` is `None`), the stream.
fn lzma_alone(data: &[u8], size: Option<u64>) -> Vec<u8> {
    let mut options = lzma_rust2::LzmaOptions::with_preset(1);
    options.dict_size = 1 << 16;
    let Ok(mut w) = lzma_rust2::LzmaWriter::new_use_header(Vec::new(), &options, size) else {
        return Vec::new();
    };
    let _ = w.write_all(data);
    w.finish().unwrap_or_default()
}

/// ZIP method 14: version, properties size 5, the properties, the stream with its end marker.
fn lzma_zip(data: &[u8]) -> Vec<u8> {
    let alone = lzma_alone(data, None);
    let mut out = vec![9, 20, 5, 0];
    out.extend(alone.iter().take(5));
    out.extend(alone.iter().skip(13));
    out
}

/// StormLib's MPQ framing: filter byte 0, then the `.lzma` form with the size.
fn lzma_mpq(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0];
    out.extend(lzma_alone(data, Some(data.len() as u64)));
    out
}

fn zstd(data: &[u8], level: ruzstd::encoding::CompressionLevel) -> Vec<u8> {
    ruzstd::encoding::compress_to_vec(data, level)
}

/// A zstd skippable frame (magic 0x184D2A50..5F) of `len` bytes.
fn zstd_skippable(len: u32) -> Vec<u8> {
    let mut out = 0x184D_2A53u32.to_le_bytes().to_vec();
    out.extend(len.to_le_bytes());
    out.extend(std::iter::repeat_n(0xAB, len as usize));
    out
}

/// A zstd frame header declaring a 2 GiB window (window descriptor exponent 21), no content size
/// and no blocks: refused before anything is allocated.
fn zstd_huge_window() -> Vec<u8> {
    let mut out = 0xFD2F_B528u32.to_le_bytes().to_vec();
    // Frame header descriptor: no single segment, no checksum, no dictionary, no content size.
    out.push(0x00);
    // Window descriptor: exponent 21 → 2^(10+21) bytes.
    out.push(21 << 3);
    // One raw last block of 1 byte.
    out.extend([0x09, 0x00, 0x00, b'x']);
    out
}

/// A seed: selector, size byte, stream.
fn seed(selector: u8, size: u8, stream: &[u8]) -> Vec<u8> {
    let mut out = vec![selector, size];
    out.extend_from_slice(stream);
    out
}

/// Every seed, named `<method>-<variant>`: a whole stream with room for its output, the same
/// stream with too little room (the output-limit path), and cut in half (the truncation path).
pub fn decompress_seeds() -> Vec<(String, Vec<u8>)> {
    use ruzstd::encoding::CompressionLevel;
    let data = text(3000);
    let room = roomy(data.len());
    let tight = 4; // 256 bytes
    let mut streams: Vec<(&str, Method, Vec<u8>)> = vec![
        ("zlib", Method::Zlib, zlib(&data)),
        ("deflate", Method::Deflate, deflate(&data)),
        ("bzip2", Method::Bzip2, bzip2(&data)),
        ("lzma", Method::Lzma, lzma_zip(&data)),
        ("lzma-mpq", Method::LzmaMpq, lzma_mpq(&data)),
        ("zstd", Method::Zstd, zstd(&data, CompressionLevel::Fastest)),
        (
            "zstd-raw",
            Method::Zstd,
            zstd(&data, CompressionLevel::Uncompressed),
        ),
    ];
    // Two frames one after the other, a skippable frame between them.
    let mut frames = zstd(b"first frame ", CompressionLevel::Fastest);
    frames.extend(zstd_skippable(5));
    frames.extend(zstd(&data, CompressionLevel::Fastest));
    streams.push(("zstd-frames", Method::Zstd, frames));
    let mut out = Vec::new();
    for (name, method, stream) in &streams {
        let sel = selector(*method);
        out.push((format!("{name}-whole"), seed(sel, room, stream)));
        out.push((format!("{name}-tight"), seed(sel, tight, stream)));
        let half = stream.get(..stream.len() / 2).unwrap_or_default();
        out.push((format!("{name}-half"), seed(sel, room, half)));
    }
    let zstd_sel = selector(Method::Zstd);
    // A frame whose output passes the decoder's 64 KiB step, so a frame is drained in turns.
    let long = text(70_000);
    out.push((
        "zstd-long".into(),
        seed(
            zstd_sel,
            roomy(long.len()),
            &zstd(&long, CompressionLevel::Fastest),
        ),
    ));
    out.push((
        "zstd-skippable-only".into(),
        seed(zstd_sel, room, &zstd_skippable(16)),
    ));
    out.push((
        "zstd-window-too-big".into(),
        seed(zstd_sel, room, &zstd_huge_window()),
    ));
    // An MPQ LZMA stream with a filter byte StormLib refuses.
    let mut filtered = lzma_mpq(&data);
    if let Some(f) = filtered.first_mut() {
        *f = 1;
    }
    out.push((
        "lzma-mpq-filter".into(),
        seed(selector(Method::LzmaMpq), room, &filtered),
    ));
    // MPQ sectors (selector 0xF0): the sector's size is the output limit, capped at 64 KiB, and
    // its first byte the mask: 0x02 zlib, 0x10 bzip2, 0x12 LZMA.
    let sector = text(1024 - 64);
    let size = roomy(1024);
    for (name, mask, stream) in [
        ("sector-zlib", 0x02u8, zlib(&sector)),
        ("sector-bzip2", 0x10, bzip2(&sector)),
        ("sector-lzma", 0x12, lzma_mpq(&sector)),
    ] {
        let mut s = vec![mask];
        s.extend(stream);
        out.push((name.into(), seed(0xF0, size, &s)));
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]
    use super::*;

    /// The whole streams decode to the content they were written from: a seed that does not
    /// decode would only reach the error paths.
    #[test]
    fn whole_seeds_decode() {
        let data = text(3000);
        let seeds = decompress_seeds();
        let mut checked = 0;
        for (name, bytes) in &seeds {
            if !name.ends_with("-whole") || name.starts_with("zstd-frames") {
                continue;
            }
            let [sel, size, stream @ ..] = bytes.as_slice() else {
                panic!("{name}: too short");
            };
            let method = Method::ALL[usize::from(*sel)];
            let limit = (usize::from(*size) * usize::from(*size)) << 4;
            let mut out = Vec::new();
            lumpkit_decompress::decompress(method, stream, &mut out, limit)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(out, data, "{name}");
            checked += 1;
        }
        assert_eq!(checked, 7);
        let (_, long) = seeds.iter().find(|(n, _)| n == "zstd-long").unwrap();
        let mut out = Vec::new();
        lumpkit_decompress::decompress(Method::Zstd, &long[2..], &mut out, 1 << 20).unwrap();
        assert_eq!(out, text(70_000));
    }

    /// The MPQ sector seeds decode to exactly the sector size, as the target asserts.
    #[test]
    fn sector_seeds_fill_the_sector() {
        for (name, bytes) in decompress_seeds() {
            let Some(("sector", _)) = name.split_once('-') else {
                continue;
            };
            let limit = (usize::from(bytes[1]) * usize::from(bytes[1])) << 4;
            let mut out = Vec::new();
            lumpkit_decompress::mpq_sector(&bytes[2..], limit, &mut out)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(out.len(), limit, "{name}");
        }
    }
}
