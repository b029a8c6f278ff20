//! lumpkit's errors as `image`'s, keeping the diagnostic code in the message.

use image::ImageError;
use image::error::{
    DecodingError, ImageFormatHint, LimitError, LimitErrorKind, UnsupportedError,
    UnsupportedErrorKind,
};
use lumpkit::{Error, Fault};

use crate::Texture;

/// Maps a lumpkit error: a malformed file (or a strict-mode warning, or a level the file lacks) is
/// a decoding error, an unread feature or a missing palette is unsupported, a limit is a limit.
pub(crate) fn to_image_error(texture: Texture, error: Error) -> ImageError {
    let hint = ImageFormatHint::Name(texture.name().to_string());
    match error.fault {
        Fault::Limit => {
            let kind = match error.code() {
                "limit-dimensions" | "limit-pixels" => LimitErrorKind::DimensionError,
                _ => LimitErrorKind::InsufficientMemory,
            };
            ImageError::Limits(LimitError::from_kind(kind))
        }
        Fault::Unsupported => unsupported(hint, error),
        Fault::Caller if error.code() == "lumpkit-palette-required" => unsupported(hint, error),
        Fault::File | Fault::Strict | Fault::Caller => {
            ImageError::Decoding(DecodingError::new(hint, error))
        }
    }
}

fn unsupported(hint: ImageFormatHint, error: Error) -> ImageError {
    ImageError::Unsupported(UnsupportedError::from_format_and_kind(
        hint,
        UnsupportedErrorKind::GenericFeature(error.to_string()),
    ))
}

/// A failed read of the file itself.
pub(crate) fn io_error(error: std::io::Error) -> ImageError {
    ImageError::IoError(error)
}
