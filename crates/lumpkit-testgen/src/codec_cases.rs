//! The codec fuzz targets' cases (`fuzz/fuzz_targets/{jpeg,dxt,pixels}_built.rs`), shared with the
//! replay of their reproducers (`tests/regression.rs`): fuzzer bytes become a described case
//! (`arbitrary`), the codec runs on it through every entry point, and what must hold is checked
//! against an oracle or a plain model of the format, so a wrong picture is a finding too, not only
//! a crash.
//!
//! - [`jpeg`]: a [`Stream`] cut into pieces (or into a tables-only header and an abbreviated image,
//!   spliced as BLP stores them), decoded by both backends of `lumpkit-jpeg` with every option. A
//!   stream the builder calls clean must decode; where decoders must agree, they must
//!   ([`Built::comparable`](crate::jpeg_stream::Built::comparable)).
//! - [`dxt`]: BC1/BC2/BC3 blocks at odd sizes through every `lumpkit-dxt` entry point, bit-exact
//!   with texpresso.
//! - [`pixels`]: every `lumpkit-pixels` expander at fuzzed sizes, against a per-pixel model.

use arbitrary::{Arbitrary, Unstructured};
use lumpkit_formats::blp::Joined;
use lumpkit_jpeg::{Alpha, Backend, JpegError};

use crate::jpeg_stream::Stream;

/// Runs the case of codec target `target` (`jpeg_built`, `dxt_built`, `pixels_built`) on `data`;
/// `false` when `target` is not a codec target.
pub fn replay(target: &str, data: &[u8]) -> bool {
    match target {
        "jpeg" | "jpeg_built" => jpeg(data),
        "dxt" | "dxt_built" => dxt(data),
        "pixels" | "pixels_built" => pixels(data),
        _ => return false,
    }
    true
}

/// `data` as `len` bytes: repeated when shorter, cut when longer (zeros when empty).
fn filled(data: &[u8], len: usize) -> Vec<u8> {
    if data.is_empty() {
        return vec![0; len];
    }
    data.iter().copied().cycle().take(len).collect()
}

/// A JPEG decode: the stream, how it is cut, and the options.
#[derive(Arbitrary, Debug)]
pub struct JpegCase {
    /// The stream.
    pub stream: Stream,
    /// Offsets where the stream is cut into pieces (up to 4).
    pub cuts: Vec<u16>,
    /// The output order (each entry `% 5`: 4 is past the components, read as 3).
    pub order: [u8; 4],
    /// Alpha forced opaque.
    pub opaque: bool,
    /// The allocation bound: 0 for 256 KiB, else this value `% 1 MiB`.
    pub max_alloc: u32,
    /// Store the tables as a tables-only datastream (SOI … EOI) and the frame as an abbreviated
    /// image (SOI, SOF …), joined by [`Joined::spliced`] as BLP1 files from some tools need.
    pub tables_only: bool,
}

/// The JPEG codec target: see the module docs.
pub fn jpeg(data: &[u8]) {
    let Ok(case) = JpegCase::arbitrary(&mut Unstructured::new(data)) else {
        return;
    };
    let built = case.stream.build();
    let bytes = &built.bytes;
    let split = built.frame_at.min(bytes.len());
    let (tables, image) = bytes.split_at(split);
    let head: Vec<u8>;
    let tail: Vec<u8>;
    let mut pieces: Vec<&[u8]> = Vec::new();
    let joined = if case.tables_only {
        head = [tables, &[0xFF, 0xD9]].concat();
        tail = [&[0xFF, 0xD8], image].concat();
        Joined {
            head: &head,
            tail: &tail,
        }
    } else {
        let cut = case
            .cuts
            .first()
            .map_or(split, |&c| usize::from(c) % (bytes.len() + 1));
        let (h, t) = bytes.split_at(cut);
        Joined { head: h, tail: t }
    };
    let frame = joined.frame();
    if case.tables_only {
        joined.spliced(|p| pieces.push(p));
    } else {
        let mut cuts: Vec<usize> = case
            .cuts
            .iter()
            .take(4)
            .map(|&c| usize::from(c) % (bytes.len() + 1))
            .collect();
        cuts.sort_unstable();
        let mut from = 0;
        for c in cuts.into_iter().chain([bytes.len()]) {
            pieces.push(&bytes[from..c]);
            from = c;
        }
    }
    if built.clean {
        // The walker finds the frame the builder wrote, wherever the stream is cut.
        assert!(frame.is_some(), "no frame found in a clean stream");
        if let Some(f) = frame {
            assert_eq!(
                (f.width, f.height, usize::from(f.components)),
                (built.width, built.height, built.components)
            );
        }
    }
    let order = case.order.map(|o| usize::from(o % 5));
    let alpha = if case.opaque {
        Alpha::Opaque
    } else {
        Alpha::Stored
    };
    let limit = match case.max_alloc {
        0 => 1 << 18,
        n => u64::from(n % (1 << 20)),
    };
    let mut results = Vec::new();
    for backend in [Backend::Zune, Backend::JpegDecoder] {
        let result = lumpkit_jpeg::decode_with_alpha(backend, &pieces, limit, order, alpha);
        match &result {
            Ok(d) => {
                let len = (d.width as usize) * (d.height as usize) * 4;
                assert_eq!(d.samples.len(), len, "{backend:?}");
                if alpha == Alpha::Opaque {
                    assert!(d.samples.chunks_exact(4).all(|px| px[3] == 0xFF));
                }
                // Into a buffer of the right size: the same samples; of a wrong one: refused.
                let mut out = vec![0u8; len];
                let into = lumpkit_jpeg::decode_into_with_alpha(
                    backend, &pieces, limit, order, alpha, &mut out,
                );
                assert_eq!(into, Ok((d.width, d.height)), "{backend:?}");
                assert!(
                    out == d.samples,
                    "{backend:?}: decode_into differs from decode"
                );
                let mut wrong = vec![0u8; len + 4];
                let refused = lumpkit_jpeg::decode_into_with_alpha(
                    backend, &pieces, limit, order, alpha, &mut wrong,
                );
                assert!(
                    matches!(refused, Err(JpegError::BufferSize { .. })),
                    "{backend:?}: {refused:?}"
                );
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
        results.push(result);
    }
    // The order applied while decoding equals the stored order reordered afterwards.
    if let Some(Ok(ordered)) = results.first() {
        let stored = lumpkit_jpeg::decode_with_alpha(
            Backend::Zune,
            &pieces,
            limit,
            [0, 1, 2, 3],
            Alpha::Stored,
        );
        if let Ok(mut stored) = stored {
            lumpkit_jpeg::order_components_alpha(&mut stored.samples, order, alpha);
            assert!(
                stored.samples == ordered.samples,
                "ordering while decoding differs from ordering after: {case:?} {order:?} {:?} {:?}",
                &stored.samples[..stored.samples.len().min(16)],
                &ordered.samples[..ordered.samples.len().min(16)]
            );
        }
    }
    let fits = u64::from(built.width) * u64::from(built.height) <= 64 * 64 && limit >= 1 << 18;
    if built.clean && built.components == 4 && fits {
        for r in &results {
            assert!(r.is_ok(), "a clean stream was refused: {r:?}");
        }
    }
    if built.comparable
        && let [Ok(z), Ok(o)] = results.as_slice()
    {
        assert_eq!((z.width, z.height), (o.width, o.height));
        let worst = z
            .samples
            .iter()
            .zip(&o.samples)
            .map(|(a, b)| a.abs_diff(*b))
            .max()
            .unwrap_or(0);
        assert!(worst <= 3, "backends differ by {worst}");
    }
}

/// A DXT decode: mode, size, blocks and the output buffer's size.
#[derive(Arbitrary, Debug)]
pub struct DxtCase {
    /// `% 3`: DXT1, DXT3, DXT5.
    pub mode: u8,
    /// `width % 37` (0 included) unless `huge`.
    pub width: u16,
    /// `height % 37` unless `huge`.
    pub height: u16,
    /// Width and height as they are.
    pub huge: bool,
    /// Block bytes (repeated to the size the image needs).
    pub blocks: Vec<u8>,
    /// Bytes left off the end of the block data (`% 4`, 0 most of the time).
    pub short: u8,
    /// Extra bytes after the blocks (ignored by every decoder).
    pub extra: u8,
    /// Bytes added to (positive) or removed from the output buffer.
    pub out_delta: i8,
}

/// The DXT codec target: see the module docs.
pub fn dxt(data: &[u8]) {
    use lumpkit_dxt::{Dxt, DxtError};
    let Ok(case) = DxtCase::arbitrary(&mut Unstructured::new(data)) else {
        return;
    };
    let (format, oracle) = match case.mode % 3 {
        0 => (Dxt::Dxt1, texpresso::Format::Bc1),
        1 => (Dxt::Dxt3, texpresso::Format::Bc2),
        _ => (Dxt::Dxt5, texpresso::Format::Bc3),
    };
    let (w, h) = if case.huge {
        (u32::from(case.width), u32::from(case.height))
    } else {
        (u32::from(case.width % 37), u32::from(case.height % 37))
    };
    let needed = format.data_len(w, h).unwrap_or(u64::MAX);
    let pixels = u64::from(w) * u64::from(h);
    // Large images keep the fuzzer's bytes as they are (so they are short); small ones get all
    // their blocks unless `short` takes some off.
    let mut blocks = if pixels <= 1 << 16 {
        let short = if case.short % 4 == 3 {
            usize::from(case.short % 16)
        } else {
            0
        };
        filled(&case.blocks, (needed as usize).saturating_sub(short))
    } else {
        case.blocks.clone()
    };
    blocks.extend(std::iter::repeat_n(0xA5, usize::from(case.extra % 8)));
    let out_len = (pixels * 4).min(1 << 22) as usize;
    let given = out_len.saturating_add_signed(isize::from(case.out_delta % 8));
    let mut out = vec![0x5Au8; given];
    let result = lumpkit_dxt::decode_into(format, w, h, &blocks, &mut out);
    // The refusals, in the order the decoder checks them.
    let expected = if w == 0 || h == 0 {
        Err(DxtError::EmptyImage)
    } else if (blocks.len() as u64) < needed {
        Err(DxtError::ShortData {
            needed,
            got: blocks.len() as u64,
        })
    } else if given as u64 != pixels * 4 {
        Err(DxtError::OutputSize {
            needed: pixels * 4,
            got: given as u64,
        })
    } else {
        Ok(())
    };
    assert_eq!(result, expected);
    if let Err(e) = result {
        let _ = e.to_string();
        assert_eq!(lumpkit_dxt::decode_to_vec(format, w, h, &blocks).err(), {
            match e {
                DxtError::OutputSize { .. } => None,
                other => Some(other),
            }
        });
        return;
    }
    // Bit-exact with texpresso, and every other entry point agrees.
    let mut want = vec![0u8; out_len];
    oracle.decompress(&blocks, w as usize, h as usize, &mut want);
    assert!(out == want, "{format:?} {w}x{h}: differs from texpresso");
    let mut same = vec![0u8; out_len];
    assert_eq!(
        lumpkit_dxt::decode(format, w, h, &blocks, &mut same),
        Ok(())
    );
    assert!(same == want);
    assert_eq!(
        lumpkit_dxt::decode_to_vec(format, w, h, &blocks).as_deref(),
        Ok(want.as_slice())
    );
    let mut opaque = vec![0u8; out_len];
    assert_eq!(
        lumpkit_dxt::decode_into_opaque(format, w, h, &blocks, &mut opaque),
        Ok(())
    );
    for (o, px) in opaque.chunks_exact(4).zip(want.chunks_exact(4)) {
        assert!(o[..3] == px[..3] && o[3] == 0xFF);
    }
}

/// One expander call: which, and the sizes it is given.
#[derive(Arbitrary, Debug)]
pub enum PixelOp {
    /// `alpha::apply` of `bits` over `pixels` (`% 600`), the plane off by `delta`.
    Alpha {
        /// Alpha depth as given (1, 4, 8, anything else read as none).
        bits: u8,
        /// Pixels.
        pixels: u16,
        /// Plane bytes added or removed.
        delta: i8,
    },
    /// `alpha::force_opaque` over `len % 2400` bytes.
    Opaque {
        /// Bytes.
        len: u16,
    },
    /// `bgra::to_rgba` (or `_opaque`) of `len % 2400` bytes into `len + delta`.
    Bgra {
        /// Opaque variant.
        opaque: bool,
        /// Source bytes.
        len: u16,
        /// Output bytes added or removed.
        delta: i8,
    },
    /// `bgra::swap_in_place` over `len % 2400` bytes.
    Swap {
        /// Bytes.
        len: u16,
    },
    /// `crop::crop_or_pad` between two sizes (`% 40` each), the source off by `delta`.
    Crop {
        /// Source width.
        sw: u8,
        /// Source height.
        sh: u8,
        /// Destination width.
        dw: u8,
        /// Destination height.
        dh: u8,
        /// Source bytes added or removed.
        delta: i8,
    },
    /// `indexed_alpha::expand` through an `opaque`, `masked` or `gradient` table (`kind % 3`).
    IndexedAlpha {
        /// Which table.
        kind: u8,
        /// The key or colour index.
        key: u8,
        /// Pixels (`% 600`).
        pixels: u16,
        /// Output bytes added or removed.
        delta: i8,
    },
    /// A packed expander (`kind % 4`: ARGB4444, ARGB1555, BGRA8888, AI88), two buffers or (not
    /// for BGRA8888) in place.
    Packed {
        /// Which.
        kind: u8,
        /// In place.
        in_place: bool,
        /// Pixels (`% 600`).
        pixels: u16,
        /// Source bytes added or removed.
        delta: i8,
    },
    /// A palette expander (`kind % 3`: RGB, BGRX, BGRX with an alpha plane of `bits`).
    Palette {
        /// Which.
        kind: u8,
        /// Alpha depth (for the plane).
        bits: u8,
        /// Pixels (`% 600`).
        pixels: u16,
        /// Plane bytes added or removed.
        delta: i8,
    },
    /// `palette::palette_file` / `rgb_palette` / `bgra_palette` of `len % 1200` bytes, made to look
    /// like a PCX file (`0x0A` first, `0x0C` before the last 768) when `pcx`.
    PaletteFile {
        /// PCX-like.
        pcx: bool,
        /// Bytes.
        len: u16,
    },
}

/// A few expander calls over the fuzzer's bytes.
#[derive(Arbitrary, Debug)]
pub struct PixelCase {
    /// The calls (up to 8).
    pub ops: Vec<PixelOp>,
    /// Source bytes, repeated to each call's size.
    pub data: Vec<u8>,
}

/// `n` adjusted by `delta`, not below 0.
fn off(n: usize, delta: i8) -> usize {
    n.saturating_add_signed(isize::from(delta))
}

/// The expected alpha of pixel `i` for a plane of `bits` (1, 4, 8; anything else: 255).
fn alpha_of(bits: u8, plane: &[u8], i: usize) -> u8 {
    match bits {
        8 => plane[i],
        4 => {
            let n = (plane[i / 2] >> (4 * (i % 2))) & 15;
            n * 17
        }
        1 => {
            if (plane[i / 8] >> (i % 8)) & 1 == 1 {
                255
            } else {
                0
            }
        }
        _ => 255,
    }
}

/// The pixels codec target: see the module docs.
pub fn pixels(data: &[u8]) {
    use lumpkit_pixels::{alpha, bgra, crop, indexed_alpha, packed, palette};
    let Ok(case) = PixelCase::arbitrary(&mut Unstructured::new(data)) else {
        return;
    };
    let src = |len: usize| filled(&case.data, len);
    let pal3: [[u8; 3]; 256] =
        std::array::from_fn(|i| [case.data.get(i).copied().unwrap_or(i as u8), i as u8, 7]);
    let pal4: [[u8; 4]; 256] = std::array::from_fn(|i| [i as u8, 3, !(i as u8), 9]);
    for op in case.ops.iter().take(8) {
        match *op {
            PixelOp::Alpha {
                bits,
                pixels,
                delta,
            } => {
                let n = usize::from(pixels % 600);
                let depth = if matches!(bits, 1 | 4 | 8) { bits } else { 0 };
                let right = alpha::plane_len(n, depth);
                let plane = src(off(right, delta));
                let mut rgba = src(n * 4);
                let before = rgba.clone();
                let r = alpha::apply(bits, &plane, &mut rgba);
                assert_eq!(r.is_ok(), plane.len() == right);
                if r.is_ok() {
                    for (i, (px, old)) in
                        rgba.chunks_exact(4).zip(before.chunks_exact(4)).enumerate()
                    {
                        assert!(px[..3] == old[..3] && px[3] == alpha_of(depth, &plane, i));
                    }
                } else {
                    let _ = r.map_err(|e| e.to_string());
                }
            }
            PixelOp::Opaque { len } => {
                let mut buf = src(usize::from(len % 2400));
                let before = buf.clone();
                alpha::force_opaque(&mut buf);
                let whole = buf.len() / 4 * 4;
                for (i, (a, b)) in buf.iter().zip(&before).enumerate() {
                    assert_eq!(*a, if i < whole && i % 4 == 3 { 255 } else { *b });
                }
            }
            PixelOp::Bgra { opaque, len, delta } => {
                let input = src(usize::from(len % 2400));
                let mut out = vec![0u8; off(input.len(), delta)];
                let r = if opaque {
                    bgra::to_rgba_opaque(&input, &mut out)
                } else {
                    bgra::to_rgba(&input, &mut out)
                };
                assert_eq!(
                    r.is_ok(),
                    out.len() == input.len() && input.len().is_multiple_of(4)
                );
                if r.is_ok() {
                    for (o, i) in out.chunks_exact(4).zip(input.chunks_exact(4)) {
                        let a = if opaque { 255 } else { i[3] };
                        assert!(o == [i[2], i[1], i[0], a]);
                    }
                }
            }
            PixelOp::Swap { len } => {
                let mut buf = src(usize::from(len % 2400));
                let before = buf.clone();
                bgra::swap_in_place(&mut buf);
                let whole = buf.len() / 4 * 4;
                for (i, b) in buf.iter().enumerate() {
                    let from = if i < whole {
                        i - i % 4 + [2, 1, 0, 3][i % 4]
                    } else {
                        i
                    };
                    assert_eq!(*b, before[from]);
                }
            }
            PixelOp::Crop {
                sw,
                sh,
                dw,
                dh,
                delta,
            } => {
                let (sw, sh, dw, dh) = (
                    usize::from(sw % 40),
                    usize::from(sh % 40),
                    usize::from(dw % 40),
                    usize::from(dh % 40),
                );
                let input = src(off(sw * sh * 4, delta));
                let mut out = vec![0x77u8; dw * dh * 4];
                let r = crop::crop_or_pad(&input, (sw, sh), &mut out, (dw, dh));
                assert_eq!(r.is_ok(), input.len() == sw * sh * 4);
                if r.is_ok() {
                    for y in 0..dh {
                        for x in 0..dw {
                            let want = if x < sw && y < sh {
                                &input[(y * sw + x) * 4..][..4]
                            } else {
                                &[0, 0, 0, 0][..]
                            };
                            assert!(out[(y * dw + x) * 4..][..4] == *want);
                        }
                    }
                }
            }
            PixelOp::IndexedAlpha {
                kind,
                key,
                pixels,
                delta,
            } => {
                let table = match kind % 3 {
                    0 => indexed_alpha::opaque(&pal3),
                    1 => indexed_alpha::masked(&pal3, key),
                    _ => indexed_alpha::gradient(&pal3, key),
                };
                let indices = src(usize::from(pixels % 600));
                let mut out = vec![0u8; off(indices.len() * 4, delta)];
                let r = indexed_alpha::expand(&indices, &table, &mut out);
                assert_eq!(r.is_ok(), out.len() == indices.len() * 4);
                if r.is_ok() {
                    for (&i, px) in indices.iter().zip(out.chunks_exact(4)) {
                        let [r, g, b] = pal3[usize::from(i)];
                        let want = match kind % 3 {
                            0 => [r, g, b, 255],
                            1 if i == key => [0, 0, 0, 0],
                            1 => [r, g, b, 255],
                            _ => {
                                let [r, g, b] = pal3[usize::from(key)];
                                [r, g, b, i]
                            }
                        };
                        assert!(px == want);
                    }
                }
            }
            PixelOp::Packed {
                kind,
                in_place,
                pixels,
                delta,
            } => {
                let n = usize::from(pixels % 600);
                let bpp = if kind % 4 == 2 { 4 } else { 2 };
                let input = src(off(n * bpp, delta));
                let model = |p: &[u8]| -> [u8; 4] {
                    let v = u16::from_le_bytes([p[0], p.get(1).copied().unwrap_or(0)]);
                    let five = |x: u16| ((x << 3) | (x >> 2)) as u8;
                    match kind % 4 {
                        0 => {
                            let n4 = |s: u16| ((v >> s) & 15) as u8 * 17;
                            [n4(8), n4(4), n4(0), n4(12)]
                        }
                        1 => [
                            five((v >> 10) & 31),
                            five((v >> 5) & 31),
                            five(v & 31),
                            if v >> 15 == 1 { 255 } else { 0 },
                        ],
                        2 => [p[2], p[1], p[0], p[3]],
                        _ => [p[0], p[0], p[0], p[1]],
                    }
                };
                let fits = input.len() == n * bpp;
                if in_place && kind % 4 != 2 {
                    let mut buf = vec![0xEEu8; off(n * 4, delta)];
                    let half = buf.len() / 2;
                    let words = src(half);
                    buf[half..half + words.len()].copy_from_slice(&words);
                    let r = match kind % 4 {
                        0 => packed::argb4444_in_place(&mut buf),
                        1 => packed::argb1555_in_place(&mut buf),
                        _ => packed::ai88_in_place(&mut buf),
                    };
                    assert_eq!(r.is_ok(), buf.len().is_multiple_of(4));
                    if r.is_ok() {
                        for (px, w) in buf.chunks_exact(4).zip(words.chunks_exact(2)) {
                            assert!(px == model(w));
                        }
                    }
                } else {
                    let mut out = vec![0u8; n * 4];
                    let r = match kind % 4 {
                        0 => packed::argb4444_to_rgba(&input, &mut out),
                        1 => packed::argb1555_to_rgba(&input, &mut out),
                        2 => packed::bgra8888_to_rgba(&input, &mut out),
                        _ => packed::ai88_to_rgba(&input, &mut out),
                    };
                    assert_eq!(r.is_ok(), fits);
                    if r.is_ok() {
                        for (px, p) in out.chunks_exact(4).zip(input.chunks_exact(bpp)) {
                            assert!(px == model(p));
                        }
                    }
                }
            }
            PixelOp::Palette {
                kind,
                bits,
                pixels,
                delta,
            } => {
                let indices = src(usize::from(pixels % 600));
                let n = indices.len();
                let mut out = vec![0u8; n * 4];
                let colour = |i: u8| {
                    let [b, g, r, _] = pal4[usize::from(i)];
                    [r, g, b]
                };
                match kind % 3 {
                    0 | 1 => {
                        let mut out = vec![0u8; off(n * 4, delta)];
                        let r = if kind % 3 == 0 {
                            palette::rgb_to_rgba(&indices, &pal3, &mut out)
                        } else {
                            palette::bgrx_to_rgba(&indices, &pal4, &mut out)
                        };
                        assert_eq!(r.is_ok(), out.len() == n * 4);
                        if r.is_ok() {
                            for (&i, px) in indices.iter().zip(out.chunks_exact(4)) {
                                let [r, g, b] = if kind % 3 == 0 {
                                    pal3[usize::from(i)]
                                } else {
                                    colour(i)
                                };
                                assert!(px == [r, g, b, 255]);
                            }
                        }
                    }
                    _ => {
                        let depth = if matches!(bits, 1 | 4 | 8) { bits } else { 0 };
                        let right = alpha::plane_len(n, depth);
                        let plane = src(off(right, delta));
                        let r = palette::bgrx_with_alpha_to_rgba(
                            &indices, &pal4, bits, &plane, &mut out,
                        );
                        assert_eq!(r.is_ok(), plane.len() == right);
                        if r.is_ok() {
                            for (k, (&i, px)) in indices.iter().zip(out.chunks_exact(4)).enumerate()
                            {
                                let [r, g, b] = colour(i);
                                assert!(px == [r, g, b, alpha_of(depth, &plane, k)]);
                            }
                        }
                    }
                }
            }
            PixelOp::PaletteFile { pcx, len } => {
                let mut bytes = src(usize::from(len % 1200));
                if pcx && bytes.len() > 769 {
                    bytes[0] = 0x0A;
                    let at = bytes.len() - 769;
                    bytes[at] = 0x0C;
                }
                let is_pcx = bytes.len() > 128 + 769 && bytes[0] == 0x0A;
                let want = if is_pcx {
                    let tail = &bytes[bytes.len() - 769..];
                    (tail[0] == 0x0C).then(|| &tail[1..])
                } else {
                    bytes.get(..768)
                };
                let got = palette::palette_file(&bytes);
                assert_eq!(got.is_some(), want.is_some());
                if let (Some(got), Some(want)) = (got, want) {
                    assert!(got.as_flattened() == want);
                }
                assert_eq!(palette::rgb_palette(&bytes).is_some(), bytes.len() >= 768);
                let bgra = palette::bgra_palette(&bytes);
                assert_eq!(bgra.is_some(), bytes.len() >= 1024);
                if let Some(t) = bgra {
                    assert!(t.as_flattened() == &bytes[..1024]);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cases hold on random inputs (their checks are the fuzz targets' oracles: a failure
    /// here is either a codec bug or a wrong model, never noise).
    #[test]
    fn cases_hold_on_random_inputs() {
        let mut state = 0x2545_F491u32;
        for round in 0..300 {
            let len = 64 + round * 7;
            let input: Vec<u8> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 17;
                    state ^= state << 5;
                    (state >> 24) as u8
                })
                .collect();
            for target in ["jpeg", "dxt", "pixels"] {
                assert!(replay(target, &input));
            }
            assert!(crate::fuzzed::build("blp", &input).is_some());
            assert!(crate::fuzzed::build("facade", &input).is_some());
        }
    }
}
