//! PAA textures through the [`Format`] interface: the container view of `lumpkit-formats`, LZO/LZSS
//! from `lumpkit-lz`, DXT from `lumpkit-dxt`, packed pixels and palettes from `lumpkit-pixels`.
//!
//! `inspect` always runs the decompressors over compressed mips (a checker must find bad LZO/LZSS data
//! and wrong checksums without being asked to decode), bounded by `ctx.limits`; with
//! `ctx.decode_pixels` it also expands every level to RGBA. DXT2/DXT4 decode as DXT3/DXT5 colour
//! with a warning (premultiplied colour is kept as stored, never a panic as in HEMTT). SWIZ is
//! reported and applied only with [`Selection::swizzle`]: byte order A, R, G, B; 0–3 select the
//! source channel A, R, G, B, +4 inverts it, 8 fills with 255, 9 with 0 (the ACRE2 `_as` value
//! `08 08 02 08` keeps G and fills the rest; the AGM `_nohq` value `05 04 02 03` swaps A and R
//! inverted, the known DXT5nm layout).

use lumpkit_dxt::Dxt;
use lumpkit_formats::paa::rules as paa_rules;
use lumpkit_formats::paa::{Compression, Mip, Paa, PaaType};
use lumpkit_formats::{Error, Ignore, Sink};
use lumpkit_lz::lzss::Checksum;
use lumpkit_pixels::packed;
use serde::Serialize;

use crate::format::picture_slice;
use crate::rules::NO_SUCH_ENTRY;
use crate::{Context, Format, Image, Report, Selection};

/// The PAA format.
#[derive(Clone, Copy, Debug, Default)]
pub struct PaaFormat;

/// Whether `bytes` start like a PAA: a known type word followed by a tag or an empty palette, or
/// (OFP palette files) a `GGAT` tag right away.
pub fn looks_like_paa(bytes: &[u8]) -> bool {
    let word = bytes.first_chunk::<2>().map(|w| u16::from_le_bytes(*w));
    let after = bytes.get(2..6);
    match word.and_then(PaaType::from_word) {
        Some(_) => {
            after == Some(b"GGAT".as_slice()) || bytes.get(2..4) == Some([0u8, 0].as_slice())
        }
        None => bytes.starts_with(b"GGAT") && bytes.get(8..12).is_some(),
    }
}

impl Format for PaaFormat {
    fn name(&self) -> &'static str {
        "paa"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["paa", "pac"]
    }

    fn sniff(&self, bytes: &[u8]) -> bool {
        looks_like_paa(bytes)
    }

    fn sniff_by_extension_only(&self) -> bool {
        true
    }

    /// The Real Virtuality engines load every `.paa`/`.pac` name with the PAA loader, which
    /// refuses anything else (the texture is missing in the game).
    fn misnamed_severity(&self) -> lumpkit_formats::Severity {
        lumpkit_formats::Severity::Error
    }

    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        let mut report = Report::for_context("paa", ctx);
        let parsed = Paa::parse(bytes, &mut report.sink(ctx.strict));
        let paa = match parsed {
            Ok(p) => p,
            Err(e) => {
                report.fail(e);
                return report;
            }
        };
        let mut info = describe(&paa, &mut report);
        if let Err(e) = validate_levels(ctx, &paa, &mut report, info.as_mut()) {
            report.fail(e);
        }
        if let Some(info) = info {
            report.set_info(info);
        }
        report
    }

    fn decode(&self, ctx: &Context<'_>, bytes: &[u8], sel: &Selection<'_>) -> Result<Image, Error> {
        let (paa, index) = selected(bytes, sel)?;
        let mut image = decode_level(ctx, &paa, index, &mut Ignore)?;
        if sel.swizzle
            && let Some(swiz) = paa.tags.swiz
        {
            apply_swizzle(&mut image.rgba, swiz);
        }
        Ok(image)
    }

    fn decoded_size(
        &self,
        _ctx: &Context<'_>,
        bytes: &[u8],
        sel: &Selection<'_>,
    ) -> Result<(u32, u32), Error> {
        let (paa, index) = selected(bytes, sel)?;
        let (mip, _) = paa.payload(index)?;
        Ok((mip.width.into(), mip.height.into()))
    }

    /// Writes the level straight into `out` (only LZO/LZSS/RLE levels allocate, for the
    /// decompressed payload).
    fn decode_into(
        &self,
        ctx: &Context<'_>,
        bytes: &[u8],
        sel: &Selection<'_>,
        out: &mut [u8],
    ) -> Result<(u32, u32), Error> {
        let (paa, index) = selected(bytes, sel)?;
        let (mip, _) = paa.payload(index)?;
        let (w, h) = (u32::from(mip.width), u32::from(mip.height));
        let dst = picture_slice(out, ctx.limits.rgba_len(w, h)?)?;
        decode_level_into(ctx, &paa, index, &mut Ignore, dst)?;
        if sel.swizzle
            && let Some(swiz) = paa.tags.swiz
        {
            apply_swizzle(dst, swiz);
        }
        Ok((w, h))
    }
}

/// The parsed file and the index of the level `sel` names.
fn selected<'b>(bytes: &'b [u8], sel: &Selection<'_>) -> Result<(Paa<'b>, usize), Error> {
    let paa = Paa::parse(bytes, &mut Ignore)?;
    let index = usize::try_from(sel.mip).unwrap_or(usize::MAX);
    if index >= paa.mips().len() {
        return Err(Error::caller(
            &NO_SUCH_ENTRY,
            [sel.mip.into(), paa.mips().len() as u64, 0],
        ));
    }
    Ok((paa, index))
}

/// Fills the report's common facts from the parsed view, and returns the typed ones when wanted.
fn describe(paa: &Paa<'_>, report: &mut Report) -> Option<PaaInfo> {
    let mips = paa.mips();
    if let Some(first) = mips.first() {
        report.width = Some(first.width.into());
        report.height = Some(first.height.into());
    }
    report.mips = Some(mips.len() as u32);
    if !report.wants_fields() {
        return None;
    }
    let levels = mips
        .iter()
        .map(|m| PaaLevel {
            width: m.width,
            height: m.height,
            offset: m.offset,
            size: m.stored_len,
            compression: m.compression,
            checksum: None,
        })
        .collect();
    let t = &paa.tags;
    let tags = PaaTags {
        avgc_bgra: t.avgc,
        maxc_bgra: t.maxc,
        flag: t.flag,
        swiz_argb: t.swiz,
        proc_text: t.proc_text.map(|v| String::from_utf8_lossy(v).into_owned()),
        offs: t.offs.is_some(),
    };
    Some(PaaInfo {
        encoding: paa.kind.encoding(),
        type_word: paa.kind.word(),
        levels,
        tags,
        palette_colours: (paa.kind == PaaType::IndexPalette).then_some(paa.palette.len() / 3),
    })
}

/// What a PAA holds beyond the common fields (`info --json`'s `encoding`, `type`, `levels`,
/// `tags`, `palette_colours`).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct PaaInfo {
    /// The pixel encoding's name (`dxt1`, `argb4444`, `index_palette`, …).
    pub encoding: &'static str,
    /// The type word at the start of the file (`type`, printed as hex); none for the files
    /// without one.
    #[serde(
        rename = "type",
        serialize_with = "hex_word",
        skip_serializing_if = "Option::is_none"
    )]
    pub type_word: Option<u16>,
    /// The mip table, largest first.
    pub levels: Vec<PaaLevel>,
    /// The tagg records.
    pub tags: PaaTags,
    /// Colours in the palette, for indexed files.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub palette_colours: Option<usize>,
}

/// One level of a PAA's mip table.
#[derive(Clone, Copy, Debug, Serialize)]
#[non_exhaustive]
pub struct PaaLevel {
    /// Width in pixels (without the LZO flag bit).
    pub width: u16,
    /// Height in pixels.
    pub height: u16,
    /// Where the level's record starts.
    pub offset: u64,
    /// Stored (compressed) size in bytes.
    pub size: u32,
    /// How the level is compressed.
    #[serde(serialize_with = "compression_name")]
    pub compression: Compression,
    /// Which LZSS checksum convention the level matched (`signed`, `unsigned`), when it was
    /// checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checksum: Option<&'static str>,
}

/// A PAA's tagg records (the colours as stored, B G R A or A R G B).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct PaaTags {
    /// `AVGC`: the average colour, B G R A.
    #[serde(serialize_with = "hex4", skip_serializing_if = "Option::is_none")]
    pub avgc_bgra: Option<[u8; 4]>,
    /// `MAXC`: the maximum colour, B G R A.
    #[serde(serialize_with = "hex4", skip_serializing_if = "Option::is_none")]
    pub maxc_bgra: Option<[u8; 4]>,
    /// `FLAG`: the alpha kind.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flag: Option<u32>,
    /// `SWIZ`: the channel swizzle, A R G B.
    #[serde(serialize_with = "hex4", skip_serializing_if = "Option::is_none")]
    pub swiz_argb: Option<[u8; 4]>,
    /// `PROC`: procedural texture text.
    #[serde(rename = "proc", skip_serializing_if = "Option::is_none")]
    pub proc_text: Option<String>,
    /// Whether an `OFFS` record is present.
    pub offs: bool,
}

fn hex_word<S: serde::Serializer>(word: &Option<u16>, s: S) -> Result<S::Ok, S::Error> {
    match word {
        Some(w) => s.serialize_str(&format!("{w:#06x}")),
        None => s.serialize_none(),
    }
}

fn hex4<S: serde::Serializer>(bytes: &Option<[u8; 4]>, s: S) -> Result<S::Ok, S::Error> {
    match bytes {
        Some(b) => s.serialize_str(&b.iter().map(|x| format!("{x:02x}")).collect::<String>()),
        None => s.serialize_none(),
    }
}

fn compression_name<S: serde::Serializer>(c: &Compression, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(c.as_str())
}

/// Runs the decompressors (and, with `ctx.decode_pixels`, the pixel expansion) over every level,
/// reporting what fails. Returns `Err` only when strict mode stops.
fn validate_levels(
    ctx: &Context<'_>,
    paa: &Paa<'_>,
    report: &mut Report,
    info: Option<&mut PaaInfo>,
) -> Result<(), Error> {
    let mut sums = Vec::new();
    {
        let mut sink = report.sink(ctx.strict);
        for index in 0..paa.mips().len() {
            let Ok((mip, payload)) = paa.payload(index) else {
                continue; // Already reported by the walk.
            };
            let outcome = if ctx.decode_pixels {
                decode_level(ctx, paa, index, &mut sink).map(drop)
            } else {
                unpack(ctx, &mip, payload, &mut sink).map(|(_, sum)| sums.push((index, sum)))
            };
            if let Err(e) = outcome {
                if e.fault == lumpkit_formats::Fault::Strict {
                    return Err(e);
                }
                sink.report(e.diagnostic)?;
            }
        }
    }
    // Which LZSS checksum convention each level matched (TexView signs bytes, HEMTT does not).
    if let Some(info) = info {
        for (index, sum) in sums {
            if let (Some(level), Some(sum)) = (info.levels.get_mut(index), sum) {
                level.checksum = Some(sum);
            }
        }
    }
    Ok(())
}

/// The uncompressed payload of a level: borrowed when raw, decompressed otherwise.
fn unpack<'b>(
    ctx: &Context<'_>,
    mip: &Mip,
    payload: &'b [u8],
    sink: &mut impl Sink,
) -> Result<(std::borrow::Cow<'b, [u8]>, Option<&'static str>), Error> {
    let Some(method) = Decompressor::of(mip.compression) else {
        if (payload.len() as u64) < mip.expected_len {
            return Err(Error::file(
                &paa_rules::MIP_SIZE_MISMATCH,
                mip.offset,
                [u64::from(mip.index), payload.len() as u64, mip.expected_len],
            ));
        }
        return Ok((std::borrow::Cow::Borrowed(payload), None));
    };
    let mut out = vec![0u8; ctx.limits.alloc(mip.expected_len)?];
    let sum = unpack_into(method, mip, payload, sink, &mut out)?;
    Ok((std::borrow::Cow::Owned(out), sum))
}

/// How a compressed level is unpacked (a raw one is borrowed, never copied).
#[derive(Clone, Copy)]
enum Decompressor {
    Rle,
    Lzo,
    Lzss,
}

impl Decompressor {
    /// `None` for a raw level.
    fn of(compression: Compression) -> Option<Decompressor> {
        match compression {
            Compression::Raw => None,
            Compression::Rle => Some(Decompressor::Rle),
            Compression::Lzo => Some(Decompressor::Lzo),
            Compression::Lzss => Some(Decompressor::Lzss),
        }
    }
}

/// Decompresses a level's payload into `out` (its `expected_len` bytes, wherever the caller
/// keeps them); returns the LZSS checksum convention it matched.
fn unpack_into(
    method: Decompressor,
    mip: &Mip,
    payload: &[u8],
    sink: &mut impl Sink,
    out: &mut [u8],
) -> Result<Option<&'static str>, Error> {
    let index = u64::from(mip.index);
    match method {
        Decompressor::Rle => {
            lumpkit_lz::rle::decompress(payload, out).map_err(|e| {
                Error::file(
                    &paa_rules::RLE_INVALID,
                    mip.data_offset.saturating_add(e.offset() as u64),
                    [index, e.offset() as u64, 0],
                )
            })?;
            Ok(None)
        }
        Decompressor::Lzo => {
            lumpkit_lz::lzo::decompress(payload, out).map_err(|e| {
                let produced = match e {
                    lumpkit_lz::LzError::OutputShort { produced, .. }
                    | lumpkit_lz::LzError::OutputOverrun { produced, .. }
                    | lumpkit_lz::LzError::LookBehind { produced, .. } => produced as u64,
                    lumpkit_lz::LzError::InputOverrun { .. } => 0,
                };
                Error::file(
                    &paa_rules::LZO_INVALID,
                    mip.data_offset.saturating_add(e.offset() as u64),
                    [index, e.offset() as u64, produced],
                )
            })?;
            Ok(None)
        }
        Decompressor::Lzss => {
            let decoded = lumpkit_lz::lzss::decompress(payload, out).map_err(|e| {
                Error::file(
                    &paa_rules::LZSS_INVALID,
                    mip.data_offset.saturating_add(e.offset() as u64),
                    [index, e.offset() as u64, 0],
                )
            })?;
            if let Checksum::Mismatch {
                stored, unsigned, ..
            } = decoded.checksum
            {
                let at = mip
                    .data_offset
                    .saturating_add(decoded.consumed.saturating_sub(4) as u64);
                sink.report(
                    paa_rules::LZSS_CHECKSUM.with(at, [index, stored.into(), unsigned.into()]),
                )?;
            }
            let sum = match decoded.checksum {
                Checksum::Unsigned => "unsigned",
                Checksum::Signed => "signed",
                Checksum::Either => "either",
                Checksum::Mismatch { .. } => "mismatch",
            };
            Ok(Some(sum))
        }
    }
}

/// Decodes level `index` to RGBA8, checking the limits before allocating.
fn decode_level(
    ctx: &Context<'_>,
    paa: &Paa<'_>,
    index: usize,
    sink: &mut impl Sink,
) -> Result<Image, Error> {
    let (mip, _) = paa.payload(index)?;
    let (w, h) = (u32::from(mip.width), u32::from(mip.height));
    // Zeroed by the allocator (fresh pages for a large image), then written once.
    let mut rgba = vec![0u8; ctx.limits.rgba_len(w, h)?];
    decode_level_into(ctx, paa, index, sink, &mut rgba)?;
    Ok(Image {
        width: w,
        height: h,
        rgba,
    })
}

/// Decodes level `index` to RGBA8 into `out`, which must be exactly the level's
/// `width × height × 4` bytes; every byte is written once.
fn decode_level_into(
    ctx: &Context<'_>,
    paa: &Paa<'_>,
    index: usize,
    sink: &mut impl Sink,
    out: &mut [u8],
) -> Result<(), Error> {
    let (mip, payload) = paa.payload(index)?;
    let (w, h) = (u32::from(mip.width), u32::from(mip.height));
    let size_error = |got: usize| {
        Error::file(
            &paa_rules::MIP_SIZE_MISMATCH,
            mip.offset,
            [mip.index.into(), got as u64, mip.expected_len],
        )
    };
    if ctx.limits.rgba_len(w, h)? != out.len() {
        return Err(size_error(out.len()));
    }
    if decode_in_place(ctx, paa.kind, &mip, payload, sink, out)? {
        return Ok(());
    }
    let (data, _) = unpack(ctx, &mip, payload, sink)?;
    let exact = data
        .get(..usize::try_from(mip.expected_len).unwrap_or(usize::MAX))
        .ok_or(size_error(data.len()))?;
    let dxt = match paa.kind {
        PaaType::Dxt1 => Some(Dxt::Dxt1),
        PaaType::Dxt2 | PaaType::Dxt3 => Some(Dxt::Dxt3),
        PaaType::Dxt4 | PaaType::Dxt5 => Some(Dxt::Dxt5),
        _ => None,
    };
    let expanded = match (dxt, paa.kind) {
        (Some(format), _) => lumpkit_dxt::decode_into(format, w, h, exact, out).is_ok(),
        (None, PaaType::Argb4444) => packed::argb4444_to_rgba(exact, out).is_ok(),
        (None, PaaType::Argb1555) => packed::argb1555_to_rgba(exact, out).is_ok(),
        (None, PaaType::Argb8888) => packed::bgra8888_to_rgba(exact, out).is_ok(),
        (None, PaaType::Ai88) => packed::ai88_to_rgba(exact, out).is_ok(),
        (None, _) => {
            let table = palette_table(paa.palette);
            lumpkit_pixels::palette::rgb_to_rgba(exact, &table, out).is_ok()
        }
    };
    if !expanded {
        return Err(size_error(exact.len()));
    }
    Ok(())
}

/// A compressed level of packed pixels decompressed straight into the end of `out` and expanded
/// there (16-bit types: the second half; ARGB8888: all of it), so that no second buffer is
/// allocated, zero-filled and read back (the PAA profile of issue 15: a third of the memory a
/// 4444 level touched). `Ok(false)` (before anything is decoded) when the type or size does not
/// allow it; the caller then takes the path through a separate buffer, which gives the same pixels
/// and the same verdicts.
fn decode_in_place(
    ctx: &Context<'_>,
    kind: PaaType,
    mip: &Mip,
    payload: &[u8],
    sink: &mut impl Sink,
    out: &mut [u8],
) -> Result<bool, Error> {
    // A raw level is expanded straight from the mapped file: nothing to save.
    let Some(method) = Decompressor::of(mip.compression) else {
        return Ok(false);
    };
    let bytes_per_pixel = match kind {
        PaaType::Argb4444 | PaaType::Argb1555 | PaaType::Ai88 => 2,
        PaaType::Argb8888 => 4,
        _ => return Ok(false),
    };
    let expected = usize::try_from(mip.expected_len).unwrap_or(usize::MAX);
    if expected.checked_mul(4 / bytes_per_pixel) != Some(out.len()) {
        return Ok(false);
    }
    // The limit the separate buffer is checked against, so that the verdict does not change.
    ctx.limits.alloc(mip.expected_len)?;
    let start = out.len().saturating_sub(expected);
    let Some(words) = out.get_mut(start..) else {
        return Ok(false);
    };
    unpack_into(method, mip, payload, sink, words)?;
    let expanded = match kind {
        PaaType::Argb4444 => packed::argb4444_in_place(out),
        PaaType::Argb1555 => packed::argb1555_in_place(out),
        PaaType::Ai88 => packed::ai88_in_place(out),
        _ => {
            lumpkit_pixels::bgra::swap_in_place(out);
            Ok(())
        }
    };
    // Cannot fail (`out` is whole pixels); were it to, the error is the separate buffer's.
    expanded.map_err(|_| {
        Error::file(
            &paa_rules::MIP_SIZE_MISMATCH,
            mip.offset,
            [mip.index.into(), expected as u64, mip.expected_len],
        )
    })?;
    Ok(true)
}

/// The file's BGR palette as an RGB lookup table (entries it lacks are black).
fn palette_table(bgr: &[u8]) -> [[u8; 3]; 256] {
    let mut table = [[0u8; 3]; 256];
    for (entry, c) in table.iter_mut().zip(bgr.chunks_exact(3)) {
        if let [b, g, r] = *c {
            *entry = [r, g, b];
        }
    }
    table
}

/// Applies a SWIZ tag (bytes for A, R, G, B) to RGBA8 pixels in place.
pub fn apply_swizzle(rgba: &mut [u8], swiz: [u8; 4]) {
    // Destination order of the tag (A, R, G, B) as RGBA indices.
    const DEST: [usize; 4] = [3, 0, 1, 2];
    for px in rgba.chunks_exact_mut(4) {
        let [r, g, b, a] = <[u8; 4]>::try_from(&*px).unwrap_or([0; 4]);
        let source = [a, r, g, b];
        let channel = |i: u8| source.get(usize::from(i)).copied().unwrap_or(0);
        let mut out = [r, g, b, a];
        for (&code, &dest) in swiz.iter().zip(DEST.iter()) {
            let v = match code {
                0..=3 => channel(code),
                4..=7 => 255 - channel(code - 4),
                8 => 255,
                9 => 0,
                _ => continue,
            };
            if let Some(slot) = out.get_mut(dest) {
                *slot = v;
            }
        }
        px.copy_from_slice(&out);
    }
}
