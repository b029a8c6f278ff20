//! BLP (Warcraft III / World of Warcraft textures) in the facade: joins the zero-copy container view
//! (`lumpkit_formats::blp`) with the codecs, resolves BLP0's sibling mip files, and decodes any
//! level to RGBA8.
//!
//! Decoding rules (`../shared/specs/blp-wc3.txt`, `../shared/research/blp.md`):
//! - indexed: `palette[i]` as B, G, R (the palette's fourth byte is padding), alpha from the
//!   separate plane at 0/1/4/8 bits;
//! - JPEG: the four stored components are B, G, R, A with no colour transform; a frame of another
//!   size than the level is cropped or padded with transparent black at the right and bottom; a
//!   shared header that is a tables-only JPEG (ending in EOI) and chunks that are abbreviated image
//!   streams (starting with SOI) are read as libjpeg reads them: the tables, then the image;
//! - DXT1/3/5 through `lumpkit-dxt` (565 → 888 by bit replication), raw BGRA as stored;
//! - alphaBits 0 means opaque: alpha is 255 unless [`Selection::stored_alpha`] asks for what the
//!   file stores (Warcraft III uses it on models);
//! - a chunk shorter than its level needs is read with the missing bytes as zero (the spec's
//!   "resized"), after checking the buffer against the limits.

use std::borrow::Cow;
use std::path::Path;

use lumpkit_dxt::Dxt;
use lumpkit_formats::blp::{
    Blp, Encoding, Header, Joined, LevelChunk, Mip, StoredAlpha, Version, rules,
};
use lumpkit_formats::{Error, Fault, Ignore, Limits, Sink, Strict};
use lumpkit_pixels::{alpha, bgra, crop, palette};
use serde::Serialize;

use crate::format::picture_slice;
use crate::rules::NO_SUCH_ENTRY;
use crate::{Context, Format, Image, Input, OpenMode, Report, Selection};

/// The BLP format.
#[derive(Clone, Copy, Debug, Default)]
pub struct BlpFormat;

impl Format for BlpFormat {
    fn name(&self) -> &'static str {
        "blp"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["blp"]
    }

    /// `BLP` and a digit: `BLP3` still counts as BLP, so that it is reported as an unknown version.
    fn sniff(&self, bytes: &[u8]) -> bool {
        matches!(bytes, [b'B', b'L', b'P', d, ..] if d.is_ascii_digit())
    }

    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        let mut report = Report::for_context("blp", ctx);
        let mut info = None;
        if let Err(e) = inspect_into(ctx, bytes, &mut report, &mut info) {
            report.fail(e);
        }
        if let Some(info) = info {
            report.set_info(info);
        }
        report
    }

    fn decode(&self, ctx: &Context<'_>, bytes: &[u8], sel: &Selection<'_>) -> Result<Image, Error> {
        with_level(ctx, bytes, sel, |blp, mip| {
            decode_mip(blp, mip, &ctx.limits, sel.stored_alpha)
        })
    }

    fn decoded_size(
        &self,
        ctx: &Context<'_>,
        bytes: &[u8],
        sel: &Selection<'_>,
    ) -> Result<(u32, u32), Error> {
        with_level(ctx, bytes, sel, |_, mip| Ok((mip.width, mip.height)))
    }

    /// Writes the level straight into `out`: no allocation for the picture (only a short chunk's
    /// zero-padded copy, a JPEG's compressed stream, and a JPEG frame that must be cropped or
    /// padded, are allocated).
    fn decode_into(
        &self,
        ctx: &Context<'_>,
        bytes: &[u8],
        sel: &Selection<'_>,
        out: &mut [u8],
    ) -> Result<(u32, u32), Error> {
        with_level(ctx, bytes, sel, |blp, mip| {
            let len = ctx.limits.rgba_len(mip.width, mip.height)?;
            let dst = picture_slice(out, len)?;
            decode_mip_into(blp, mip, &ctx.limits, sel.stored_alpha, dst)?;
            Ok((mip.width, mip.height))
        })
    }
}

/// Where the levels' chunks live: in the file (BLP1/2), in sibling files (BLP0: beside it on disk,
/// or beside it in the archive it is a member of, where Warcraft III's beta maps keep
/// `war3mapMap.b00`), or nowhere lumpkit can look (BLP0 bytes given alone).
enum Levels {
    InFile,
    External(Vec<Input>),
    Unreachable,
}

impl Levels {
    fn resolve(blp: &Blp<'_>, ctx: &Context<'_>) -> Levels {
        if blp.version() != Version::Blp0 {
            return Levels::InFile;
        }
        let mut found = Vec::new();
        if let Some(path) = ctx.path {
            for level in 0..blp.chain_len() {
                match Input::open(&sibling(path, level), OpenMode::Map) {
                    Ok(input) => found.push(input),
                    Err(_) => break,
                }
            }
        } else if ctx.container.is_some() {
            let stem = ctx
                .file_name()
                .map(|n| n.rsplit_once('.').map_or(n, |(stem, _)| stem))
                .unwrap_or_default();
            for level in 0..blp.chain_len() {
                match ctx.sibling(&format!("{stem}.b{level:02}")) {
                    Some(bytes) => found.push(Input::from_vec(bytes.into_owned())),
                    None => break,
                }
            }
        } else {
            return Levels::Unreachable;
        }
        Levels::External(found)
    }

    fn count(&self, blp: &Blp<'_>) -> u32 {
        match self {
            Levels::InFile => blp.level_count(),
            Levels::External(found) => u32::try_from(found.len()).unwrap_or(u32::MAX),
            Levels::Unreachable => 0,
        }
    }

    fn mip<'s>(
        &'s self,
        blp: &Blp<'s>,
        level: u32,
        sink: &mut impl Sink,
    ) -> Result<Mip<'s>, Error> {
        match self {
            Levels::InFile => blp.mip(level, sink),
            Levels::External(found) => {
                let index = usize::try_from(level).unwrap_or(usize::MAX);
                match found.get(index) {
                    Some(input) => blp.external_mip(level, input, sink),
                    None if level == 0 => Err(Error::file(&rules::EXTERNAL_MIP_MISSING, 0, [0; 3])),
                    None => Err(Error::caller(
                        &rules::LEVEL_MISSING,
                        [level.into(), found.len() as u64, 0],
                    )),
                }
            }
            Levels::Unreachable => Err(Error::unsupported(
                &rules::EXTERNAL_MIPS_UNREACHABLE,
                0,
                [0; 3],
            )),
        }
    }
}

/// `name.bNN` beside `name.blp`.
fn sibling(path: &Path, level: u32) -> std::path::PathBuf {
    path.with_extension(format!("b{level:02}"))
}

fn inspect_into(
    ctx: &Context<'_>,
    bytes: &[u8],
    report: &mut Report,
    info: &mut Option<BlpInfo>,
) -> Result<(), Error> {
    let header = Header::parse(bytes)?;
    report.version = Some(header.version.number().into());
    report.width = Some(header.width);
    report.height = Some(header.height);
    let blp = Blp::parse(bytes, &mut report.sink(ctx.strict))?;
    let facts = info.insert(BlpInfo {
        encoding: blp.encoding(),
        alpha_bits: blp.alpha_bits(),
        has_mipmaps: header.has_mipmaps(),
        levels: None,
    });
    let levels = Levels::resolve(&blp, ctx);
    let count = levels.count(&blp);
    if let Levels::Unreachable = levels {
        let unreachable = rules::EXTERNAL_MIPS_UNREACHABLE.at(0);
        report.sink(ctx.strict).report(unreachable)?;
    }
    if let Levels::External(found) = &levels {
        if found.is_empty() {
            let missing = rules::EXTERNAL_MIP_MISSING.with(0, [0; 3]);
            report.sink(ctx.strict).report(missing)?;
        } else {
            let mut sink = report.sink(ctx.strict);
            blp.check_chain(count, &mut sink)?;
            let chunks = (0u32..).zip(found).map(|(level, input)| LevelChunk {
                level,
                offset: 0,
                declared_size: input.len() as u64,
                data: input,
            });
            blp.check_levels(chunks, &mut sink)?;
        }
    }
    report.mips = Some(count);
    let keep = report.wants_fields();
    let mut listed = Vec::new();
    // An invalid alphaBits reads as 0: what that drops is what the levels' stored bands hold.
    let odd_alpha = blp.invalid_alpha_bits().is_some();
    let mut stored = StoredAlpha::default();
    for level in 0..count {
        let (width, height) = blp.level_size(level);
        let (offset, size) = blp.entry(level).unwrap_or((0, 0));
        let mut entry = keep.then_some(BlpLevel {
            width,
            height,
            offset,
            size,
        });
        match levels.mip(&blp, level, &mut report.sink(ctx.strict)) {
            Ok(mip) => {
                if let (Levels::External(_), Some(entry)) = (&levels, entry.as_mut()) {
                    entry.size = mip.declared_size;
                }
                if odd_alpha
                    && let Some(opaque) = blp
                        .indexed_band_opaque(&mip)
                        .or_else(|| jpeg_band_opaque(&blp, &mip, &ctx.limits))
                {
                    stored.add(opaque);
                }
                if ctx.decode_pixels
                    && let Err(e) = decode_mip(&blp, &mip, &ctx.limits, false)
                {
                    record(report, e)?;
                }
            }
            Err(e) => record(report, e)?,
        }
        listed.extend(entry);
    }
    facts.levels = Some(listed);
    blp.report_alpha_bits(stored, &mut report.sink(ctx.strict))
}

/// Whether a JPEG level's stored alpha band (the fourth component) is opaque over the level's
/// pixels; `None` for other content or a level that does not decode. Run only for a file whose
/// alphaBits is invalid (`blp-alpha-bits-invalid`): the game reads it as 0 bits, and whether that
/// drops transparency (a warning) or nothing (info, the tools' habit on opaque icons) is only in
/// the decoded band. The frame is checked against `limits` before the decoder allocates, as for
/// any decode; the part of a larger frame that is cropped away is never drawn, so it is not looked
/// at.
fn jpeg_band_opaque(blp: &Blp<'_>, mip: &Mip<'_>, limits: &Limits) -> Option<bool> {
    if blp.encoding() != Encoding::Jpeg {
        return None;
    }
    let (pieces, frame) = jpeg_pieces(blp, mip, limits).ok()?;
    let samples = jpeg_samples(&pieces, frame, mip, limits, false).ok()?;
    let stride = (frame.0 as usize).saturating_mul(4);
    let width = (mip.width.min(frame.0) as usize).saturating_mul(4);
    let rows = mip.height.min(frame.1) as usize;
    Some(samples.chunks_exact(stride.max(4)).take(rows).all(|row| {
        row.get(..width)
            .unwrap_or(row)
            .chunks_exact(4)
            .all(|p| p.get(3) == Some(&255))
    }))
}

/// What a BLP holds beyond the common fields (`info --json`'s `encoding`, `alpha_bits`,
/// `has_mipmaps`, `levels`).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct BlpInfo {
    /// How the pixels are stored (`encoding`: `indexed`, `jpeg`, `dxt1`, …).
    #[serde(serialize_with = "encoding_name")]
    pub encoding: Encoding,
    /// Bits of alpha per pixel the header declares (0 = opaque).
    pub alpha_bits: u8,
    /// Whether the header says the file has mip levels beyond the first.
    pub has_mipmaps: bool,
    /// The levels present, largest first; absent when a strict-mode stop came before the walk.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub levels: Option<Vec<BlpLevel>>,
}

/// One level of a BLP's mip table.
#[derive(Clone, Copy, Debug, Serialize)]
#[non_exhaustive]
pub struct BlpLevel {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Where the level's chunk starts (0 for BLP0's sibling files).
    pub offset: u64,
    /// The chunk's declared size (a BLP0 sibling file's length).
    pub size: u64,
}

fn encoding_name<S: serde::Serializer>(encoding: &Encoding, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(encoding.name())
}

/// Records a level's failure without stopping (a bad later level leaves the others usable); a
/// strict-mode stop ends the inspection.
fn record(report: &mut Report, e: Error) -> Result<(), Error> {
    if e.fault == Fault::Strict {
        return Err(e);
    }
    report.diagnostics.push(e.diagnostic);
    Ok(())
}

/// The parsed file and the level `sel` names (BLP0's sibling files opened), for `decode`,
/// `decode_into` and `decoded_size` alike.
fn with_level<T>(
    ctx: &Context<'_>,
    bytes: &[u8],
    sel: &Selection<'_>,
    then: impl FnOnce(&Blp<'_>, &Mip<'_>) -> Result<T, Error>,
) -> Result<T, Error> {
    if sel.entry.is_some() {
        return Err(Error::caller(&NO_SUCH_ENTRY, [0; 3]));
    }
    let mut strict = Strict(Ignore);
    let mut ignore = Ignore;
    let mut sink: &mut dyn Sink = if ctx.strict { &mut strict } else { &mut ignore };
    let blp = Blp::parse(bytes, &mut sink)?;
    let levels = Levels::resolve(&blp, ctx);
    let mip = levels.mip(&blp, sel.mip, &mut sink)?;
    then(&blp, &mip)
}

/// Decodes one level to RGBA8, checking every buffer against `limits` before allocating it.
///
/// The output is allocated zeroed (`vec![0; n]`: for a large image the allocator hands out fresh
/// zero pages, so no fill pass is paid) and written once by [`decode_mip_into`]; a JPEG level
/// keeps the decoder's own buffer when the frame is the level's size.
pub fn decode_mip(
    blp: &Blp<'_>,
    mip: &Mip<'_>,
    limits: &Limits,
    stored_alpha: bool,
) -> Result<Image, Error> {
    let (w, h) = (mip.width, mip.height);
    if blp.encoding() == Encoding::Jpeg {
        let opaque = blp.alpha_bits() == 0 && !stored_alpha;
        return decode_jpeg(blp, mip, limits, opaque);
    }
    let mut rgba = vec![0; limits.rgba_len(w, h)?];
    decode_mip_into(blp, mip, limits, stored_alpha, &mut rgba)?;
    Ok(Image {
        width: w,
        height: h,
        rgba,
    })
}

/// Decodes one level to RGBA8 into `out`, which must be exactly `width × height × 4` bytes of
/// the level (checked against `limits` too). Every byte of `out` is written once: the codecs
/// write in place, and an opaque level (alphaBits 0) gets its alpha in the same pass.
pub fn decode_mip_into(
    blp: &Blp<'_>,
    mip: &Mip<'_>,
    limits: &Limits,
    stored_alpha: bool,
    out: &mut [u8],
) -> Result<(), Error> {
    let (w, h) = (mip.width, mip.height);
    if limits.rgba_len(w, h)? != out.len() {
        return Err(size_error(mip));
    }
    let alpha_bits = blp.alpha_bits();
    let opaque = alpha_bits == 0 && !stored_alpha;
    match blp.encoding() {
        Encoding::Jpeg => {
            let (pieces, frame) = jpeg_pieces(blp, mip, limits)?;
            if frame == (w, h) {
                // The frame is the level: decoded straight into `out`.
                jpeg_decode_into(&pieces, mip, limits, opaque, out)?;
                return Ok(());
            }
            let samples = jpeg_samples(&pieces, frame, mip, limits, opaque)?;
            let src = (frame.0 as usize, frame.1 as usize);
            crop::crop_or_pad(&samples, src, out, (w as usize, h as usize))
                .map_err(|_| jpeg_invalid(mip))?;
        }
        Encoding::Indexed => {
            let data = padded(blp, mip, limits)?;
            let pixels = (w as usize).saturating_mul(h as usize);
            let (indices, plane) = data.split_at(pixels.min(data.len()));
            let plane = plane
                .get(..alpha::plane_len(pixels, alpha_bits))
                .unwrap_or(plane);
            let pal = blp.palette().ok_or_else(|| size_error(mip))?;
            palette::bgrx_with_alpha_to_rgba(indices, pal, alpha_bits, plane, out)
                .map_err(|_| size_error(mip))?;
        }
        Encoding::Dxt1 | Encoding::Dxt3 | Encoding::Dxt5 => {
            let format = match blp.encoding() {
                Encoding::Dxt1 => Dxt::Dxt1,
                Encoding::Dxt3 => Dxt::Dxt3,
                _ => Dxt::Dxt5,
            };
            let data = padded(blp, mip, limits)?;
            let decoded = if opaque {
                lumpkit_dxt::decode_into_opaque(format, w, h, &data, out)
            } else {
                lumpkit_dxt::decode_into(format, w, h, &data, out)
            };
            decoded.map_err(|_| size_error(mip))?;
        }
        Encoding::Bgra => {
            let data = padded(blp, mip, limits)?;
            let converted = if opaque {
                bgra::to_rgba_opaque(&data, out)
            } else {
                bgra::to_rgba(&data, out)
            };
            converted.map_err(|_| size_error(mip))?;
        }
    }
    Ok(())
}

/// The level's data at exactly the length its encoding needs: borrowed when the chunk is long
/// enough, else copied with the missing bytes as zero (bounded by `limits`).
fn padded<'d>(blp: &Blp<'_>, mip: &Mip<'d>, limits: &Limits) -> Result<Cow<'d, [u8]>, Error> {
    let need = blp.data_len(mip.level).ok_or_else(|| size_error(mip))?;
    let need = limits.alloc(need)?;
    if let Some(exact) = mip.data.get(..need) {
        return Ok(Cow::Borrowed(exact));
    }
    let mut owned = Vec::with_capacity(need);
    owned.extend_from_slice(mip.data);
    owned.resize(need, 0);
    Ok(Cow::Owned(owned))
}

fn size_error(mip: &Mip<'_>) -> Error {
    Error::file(
        &rules::MIP_SIZE_MISMATCH,
        mip.offset,
        [mip.level.into(), mip.data.len() as u64, 0],
    )
}

/// Stored B, G, R, A components in R, G, B, A order.
const BGRA_TO_RGBA: [usize; 4] = [2, 1, 0, 3];

fn jpeg_invalid(mip: &Mip<'_>) -> Error {
    Error::file(&rules::JPEG_INVALID, mip.offset, [mip.level.into(), 0, 0])
}

/// A JPEG stream's pieces, read one after the other.
type JpegPieces<'d> = Vec<&'d [u8]>;

/// The level's JPEG stream as the pieces the decoder reads one after the other (header and
/// chunk, or the pieces around a tables-only header's EOI and the image's SOI), and the frame's
/// size, which may differ from the level's; the frame's RGBA8 length is checked against `limits`
/// (the decoder allocates the frame and its component planes before anything can be cropped).
fn jpeg_pieces<'d>(
    blp: &Blp<'d>,
    mip: &Mip<'d>,
    limits: &Limits,
) -> Result<(JpegPieces<'d>, (u32, u32)), Error> {
    let joined = Joined {
        head: blp.jpeg_header(),
        tail: mip.data,
    };
    let frame = joined.frame().ok_or_else(|| jpeg_invalid(mip))?;
    let (fw, fh) = (u32::from(frame.width), u32::from(frame.height));
    limits.rgba_len(fw, fh)?;
    let mut pieces = Vec::with_capacity(2);
    joined.spliced(|piece| pieces.push(piece));
    Ok((pieces, (fw, fh)))
}

/// Alpha 255 is written in the decoder's own pass over the pixels, not in a second pass here.
fn jpeg_alpha(opaque: bool) -> lumpkit_jpeg::Alpha {
    if opaque {
        lumpkit_jpeg::Alpha::Opaque
    } else {
        lumpkit_jpeg::Alpha::Stored
    }
}

/// A decoder error as the level's diagnostic (or the allocation limit it hit).
fn jpeg_error(e: lumpkit_jpeg::JpegError, mip: &Mip<'_>) -> Error {
    match e {
        lumpkit_jpeg::JpegError::TooLarge { needed, allowed } => {
            Error::limit(&lumpkit_formats::rules::LIMIT_ALLOC, [needed, allowed, 0])
        }
        _ => jpeg_invalid(mip),
    }
}

/// A frame of the level's size decoded straight into `out` (no frame buffer, no copy).
fn jpeg_decode_into(
    pieces: &[&[u8]],
    mip: &Mip<'_>,
    limits: &Limits,
    opaque: bool,
    out: &mut [u8],
) -> Result<(), Error> {
    let size = lumpkit_jpeg::decode_into_with_alpha(
        lumpkit_jpeg::Backend::default(),
        pieces,
        limits.max_alloc,
        BGRA_TO_RGBA,
        jpeg_alpha(opaque),
        out,
    )
    .map_err(|e| jpeg_error(e, mip))?;
    if size != (mip.width, mip.height) {
        return Err(jpeg_invalid(mip));
    }
    Ok(())
}

/// The level's JPEG frame (of the size `frame`, which may differ from the level's) decoded to
/// RGBA8 (alpha 255 when `opaque`) in a buffer of its own.
fn jpeg_samples(
    pieces: &[&[u8]],
    (fw, fh): (u32, u32),
    mip: &Mip<'_>,
    limits: &Limits,
    opaque: bool,
) -> Result<Vec<u8>, Error> {
    let frame_len = limits.rgba_len(fw, fh)?;
    let decoded = lumpkit_jpeg::decode_with_alpha(
        lumpkit_jpeg::Backend::default(),
        pieces,
        limits.max_alloc,
        BGRA_TO_RGBA,
        jpeg_alpha(opaque),
    )
    .map_err(|e| jpeg_error(e, mip))?;
    let samples = decoded.samples;
    if samples.len() != frame_len || (decoded.width, decoded.height) != (fw, fh) {
        return Err(jpeg_invalid(mip));
    }
    Ok(samples)
}

/// A JPEG level as an image: the decoder's buffer itself when the frame is the level's size.
fn decode_jpeg(
    blp: &Blp<'_>,
    mip: &Mip<'_>,
    limits: &Limits,
    opaque: bool,
) -> Result<Image, Error> {
    let out_len = limits.rgba_len(mip.width, mip.height)?;
    let (pieces, (fw, fh)) = jpeg_pieces(blp, mip, limits)?;
    let samples = jpeg_samples(&pieces, (fw, fh), mip, limits, opaque)?;
    if (fw, fh) == (mip.width, mip.height) {
        return Ok(Image {
            width: fw,
            height: fh,
            rgba: samples,
        });
    }
    let mut rgba = vec![0; out_len];
    let src = (fw as usize, fh as usize);
    let dst = (mip.width as usize, mip.height as usize);
    crop::crop_or_pad(&samples, src, &mut rgba, dst).map_err(|_| jpeg_invalid(mip))?;
    Ok(Image {
        width: mip.width,
        height: mip.height,
        rgba,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use lumpkit_formats::Severity;

    /// A BLP0 handed over as bytes alone has nowhere to look for its levels: "not checked", not
    /// broken. On disk (or in an archive) the missing levels are an error: `corpus/`.
    #[test]
    fn blp0_bytes_alone_are_not_checked() {
        let sample = lumpkit_testgen::blp::samples()
            .into_iter()
            .find(|s| s.name == "blp0-without-mip-files.blp")
            .expect("the corpus has a BLP0 without its files");
        let report = BlpFormat.inspect(&Context::default(), &sample.bytes);
        assert_eq!(report.status(), crate::Status::Ok);
        let codes: Vec<_> = report
            .diagnostics
            .iter()
            .map(|d| (d.code(), d.severity()))
            .collect();
        assert_eq!(
            codes,
            [("blp-external-mips-unreachable", Severity::Info)],
            "{codes:?}"
        );
        let decoded = BlpFormat.decode(&Context::default(), &sample.bytes, &Selection::default());
        assert_eq!(
            decoded.map(|_| ()).unwrap_err().code(),
            "blp-external-mips-unreachable"
        );
    }
}
