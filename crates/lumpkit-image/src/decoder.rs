//! The [`ImageDecoder`] over lumpkit's facade: level 0 of a BLP, PAA or WAL file as RGBA8.

use std::io::{Read, Seek, SeekFrom};

use image::error::{LimitError, LimitErrorKind};
use image::{ColorType, ImageDecoder, ImageError, ImageResult, LimitSupport};
use lumpkit::{Context, Format, Limits, Selection};

use crate::error::{io_error, to_image_error};
use crate::register::Options;

/// The texture formats this crate hands to `image`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Texture {
    /// Warcraft III / World of Warcraft BLP (BLP1, BLP2; BLP0 needs its sibling files).
    Blp,
    /// Arma / OFP PAA (and `.pac`).
    Paa,
    /// Quake 2 WAL (needs a palette: [`Options::wal_palette`]).
    Wal,
}

impl Texture {
    /// Every texture format, in registration order.
    pub const ALL: [Texture; 3] = [Texture::Blp, Texture::Paa, Texture::Wal];

    /// lumpkit's name of the format (`blp`, `paa`, `wal`).
    pub const fn name(self) -> &'static str {
        match self {
            Texture::Blp => "blp",
            Texture::Paa => "paa",
            Texture::Wal => "wal",
        }
    }

    /// The facade's implementation of the format.
    pub(crate) fn format(self) -> Option<&'static dyn Format> {
        lumpkit::by_name(self.name())
    }
}

/// Decodes level 0 of one texture to RGBA8 for the `image` crate.
///
/// Made by the hooks [`register`](crate::register) installs, or directly with
/// [`from_reader`](LumpkitDecoder::from_reader) / [`from_bytes`](LumpkitDecoder::from_bytes) and
/// handed to [`image::DynamicImage::from_decoder`].
pub struct LumpkitDecoder {
    texture: Texture,
    format: &'static dyn Format,
    bytes: Vec<u8>,
    width: u32,
    height: u32,
    limits: Limits,
    wal_palette: Option<[[u8; 3]; 256]>,
}

impl std::fmt::Debug for LumpkitDecoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LumpkitDecoder")
            .field("texture", &self.texture)
            .field("len", &self.bytes.len())
            .field("width", &self.width)
            .field("height", &self.height)
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

impl LumpkitDecoder {
    /// Reads the whole file from `reader` (refused before reading when it is longer than
    /// `options.limits.max_alloc`) and reads the size of its level 0.
    pub fn from_reader(
        texture: Texture,
        mut reader: impl Read + Seek,
        options: &Options,
    ) -> ImageResult<LumpkitDecoder> {
        let start = reader.stream_position().map_err(io_error)?;
        let end = reader.seek(SeekFrom::End(0)).map_err(io_error)?;
        reader.seek(SeekFrom::Start(start)).map_err(io_error)?;
        let len = options
            .limits
            .alloc(end.saturating_sub(start))
            .map_err(|e| to_image_error(texture, e))?;
        let mut bytes = Vec::new();
        bytes.try_reserve_exact(len).map_err(|_| memory_limit())?;
        // `take`: a reader that grows while we read cannot make us read past the checked length.
        reader
            .take(len as u64)
            .read_to_end(&mut bytes)
            .map_err(io_error)?;
        LumpkitDecoder::from_bytes(texture, bytes, options)
    }

    /// Takes the file's bytes and reads the size of its level 0 (a malformed file fails here).
    pub fn from_bytes(
        texture: Texture,
        bytes: Vec<u8>,
        options: &Options,
    ) -> ImageResult<LumpkitDecoder> {
        let Some(format) = texture.format() else {
            return Err(ImageError::Unsupported(
                image::error::UnsupportedError::from_format_and_kind(
                    image::error::ImageFormatHint::Name(texture.name().to_string()),
                    image::error::UnsupportedErrorKind::Format(
                        image::error::ImageFormatHint::Name(texture.name().to_string()),
                    ),
                ),
            ));
        };
        let mut decoder = LumpkitDecoder {
            texture,
            format,
            bytes,
            width: 0,
            height: 0,
            limits: options.limits,
            wal_palette: options.wal_palette,
        };
        let (width, height) = format
            .decoded_size(&decoder.context(), &decoder.bytes, &Selection::default())
            .map_err(|e| to_image_error(texture, e))?;
        // Refuse a picture the limits forbid now, not after `image` has allocated its buffer.
        decoder
            .limits
            .rgba_len(width, height)
            .map_err(|e| to_image_error(texture, e))?;
        decoder.width = width;
        decoder.height = height;
        Ok(decoder)
    }

    /// Which format this decoder reads.
    pub fn texture(&self) -> Texture {
        self.texture
    }

    fn context(&self) -> Context<'_> {
        Context {
            limits: self.limits,
            palette: self.wal_palette.as_ref(),
            ..Context::default()
        }
    }
}

fn memory_limit() -> ImageError {
    ImageError::Limits(LimitError::from_kind(LimitErrorKind::InsufficientMemory))
}

impl ImageDecoder for LumpkitDecoder {
    fn dimensions(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    fn color_type(&self) -> ColorType {
        ColorType::Rgba8
    }

    fn read_image(self, buf: &mut [u8]) -> ImageResult<()> {
        let want = self.limits.rgba_len(self.width, self.height);
        let want = want.map_err(|e| to_image_error(self.texture, e))?;
        if buf.len() != want {
            return Err(ImageError::Parameter(
                image::error::ParameterError::from_kind(
                    image::error::ParameterErrorKind::DimensionMismatch,
                ),
            ));
        }
        let got = self
            .format
            .decode_into(&self.context(), &self.bytes, &Selection::default(), buf)
            .map_err(|e| to_image_error(self.texture, e))?;
        if got != (self.width, self.height) {
            return Err(ImageError::Parameter(
                image::error::ParameterError::from_kind(
                    image::error::ParameterErrorKind::DimensionMismatch,
                ),
            ));
        }
        Ok(())
    }

    fn read_image_boxed(self: Box<Self>, buf: &mut [u8]) -> ImageResult<()> {
        (*self).read_image(buf)
    }

    /// Applies `image`'s limits on top of lumpkit's: its dimension bounds now, its `max_alloc` to
    /// every allocation decoding makes (the smaller of the two wins).
    fn set_limits(&mut self, limits: image::Limits) -> ImageResult<()> {
        limits.check_support(&LimitSupport::default())?;
        limits.check_dimensions(self.width, self.height)?;
        if let Some(max) = limits.max_alloc {
            self.limits.max_alloc = self.limits.max_alloc.min(max);
        }
        Ok(())
    }
}
