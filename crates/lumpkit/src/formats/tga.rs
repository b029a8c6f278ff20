//! TGA pictures: checked by [`lumpkit_formats::tga`] (header, colour map, every packet) and then
//! decoded by the `image` crate's TGA decoder, a well-kept one, behind our `Limits`: the picture's
//! size is checked against them before the decoder allocates, and the decoder is also given the
//! allocation limit. `info` prints `width`, `height`, `mips` (1), `encoding`, `image_type`,
//! `bits`, `rle` and `top_down`.

use std::io::Cursor;

use image::ImageDecoder;
use lumpkit_formats::tga::{Kind, Tga};
use lumpkit_formats::{Error, Ignore};
use serde::Serialize;

use crate::rules::{NO_SUCH_ENTRY, TGA_DECODER};
use crate::{Context, Format, Image, Report, Selection};

/// The TGA format.
#[derive(Clone, Copy, Debug, Default)]
pub struct TgaFormat;

/// A TGA's facts.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct TgaInfo {
    /// `indexed`, `bgr8`, `bgra8`, `bgr5551`, `grey8`, `grey16`.
    pub encoding: &'static str,
    /// The header's image type (1–3 raw, 9–11 RLE).
    pub image_type: u8,
    /// Bits per stored pixel.
    pub bits: u8,
    /// Run-length encoded.
    pub rle: bool,
    /// Rows stored top first (descriptor bit 5).
    pub top_down: bool,
}

fn encoding(tga: &Tga<'_>) -> &'static str {
    match (tga.kind, tga.header.pixel_depth) {
        (Kind::ColorMapped, _) => "indexed",
        (Kind::Grey, 8) => "grey8",
        (Kind::Grey, _) => "grey16",
        (Kind::TrueColor, 32) => "bgra8",
        (Kind::TrueColor, 24) => "bgr8",
        (Kind::TrueColor, _) => "bgr5551",
    }
}

impl Format for TgaFormat {
    fn name(&self) -> &'static str {
        "tga"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["tga"]
    }

    /// A TGA has no magic; a TGA 2.0 file ends with its footer's signature.
    fn sniff(&self, bytes: &[u8]) -> bool {
        Tga::has_footer(bytes) && Tga::parse(bytes, &mut Ignore).is_ok()
    }

    fn sniff_by_extension_only(&self) -> bool {
        true
    }

    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        let mut report = Report::for_context("tga", ctx);
        if let Some(h) = Tga::header(bytes) {
            report.width = Some(h.width.get().into());
            report.height = Some(h.height.get().into());
        }
        let tga = match Tga::parse(bytes, &mut report.sink(ctx.strict)) {
            Ok(t) => t,
            Err(e) => {
                report.fail(e);
                return report;
            }
        };
        report.mips = Some(1);
        if report.wants_fields() {
            report.set_info(TgaInfo {
                encoding: encoding(&tga),
                image_type: tga.header.image_type,
                bits: tga.header.pixel_depth,
                rle: tga.rle,
                top_down: tga.header.descriptor & 0x20 != 0,
            });
        }
        if ctx.decode_pixels
            && let Err(e) = self.decode(ctx, bytes, &Selection::default())
        {
            report.fail(e);
        }
        report
    }

    fn decode(&self, ctx: &Context<'_>, bytes: &[u8], sel: &Selection<'_>) -> Result<Image, Error> {
        if sel.mip != 0 || sel.entry.is_some() {
            return Err(Error::caller(&NO_SUCH_ENTRY, [0; 3]));
        }
        decode(ctx, bytes)
    }
}

/// Decodes a TGA (from a file, or a map's sibling) to RGBA8: our checks first, then the `image`
/// crate within `ctx.limits`.
pub fn decode(ctx: &Context<'_>, bytes: &[u8]) -> Result<Image, Error> {
    let tga = Tga::parse(bytes, &mut Ignore)?;
    let (w, h) = (tga.width(), tga.height());
    let len = ctx.limits.rgba_len(w, h)?;
    // The image crate refuses a descriptor whose alpha bits do not fit the pixels, which the
    // games ignore (`tga-descriptor-odd`): such a file is handed over with the descriptor cleaned,
    // a copy of its bytes (it is already in memory, so the copy is no larger than the input).
    let clean = tga.clean_descriptor();
    let bytes: std::borrow::Cow<'_, [u8]> = if tga.header.descriptor == clean {
        std::borrow::Cow::Borrowed(bytes)
    } else {
        ctx.limits.alloc(bytes.len() as u64)?;
        let mut copy = bytes.to_vec();
        if let Some(d) = copy.get_mut(17) {
            *d = clean;
        }
        std::borrow::Cow::Owned(copy)
    };
    let refused = || Error::file(&TGA_DECODER, 0, [0; 3]);
    let mut decoder =
        image::codecs::tga::TgaDecoder::new(Cursor::new(bytes.as_ref())).map_err(|_| refused())?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(ctx.limits.max_width);
    limits.max_image_height = Some(ctx.limits.max_height);
    limits.max_alloc = Some(ctx.limits.max_alloc);
    decoder.set_limits(limits).map_err(|_| refused())?;
    let image = image::DynamicImage::from_decoder(decoder).map_err(|_| refused())?;
    let rgba = image.into_rgba8();
    if rgba.width() != w || rgba.height() != h || rgba.as_raw().len() != len {
        return Err(refused());
    }
    Ok(Image {
        width: w,
        height: h,
        rgba: rgba.into_raw(),
    })
}
