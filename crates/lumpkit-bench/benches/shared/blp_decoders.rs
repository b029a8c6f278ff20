//! Level 0 of a BLP file to RGBA8 by lumpkit and by each anchor crate, from the file's bytes: the
//! same calls for the `blp` bench and the `decode_counts` example (included by `#[path]` in both;
//! a folder under `benches/` is not a bench target of its own).

use lumpkit::formats::blp::BlpFormat;
use lumpkit::{Context, Format, Selection};

pub fn lumpkit_decode(bytes: &[u8]) -> Option<Vec<u8>> {
    let image = BlpFormat
        .decode(&Context::default(), bytes, &Selection::default())
        .ok()?;
    Some(image.rgba)
}

pub fn image_blp_decode(bytes: &[u8]) -> Option<Vec<u8>> {
    let blp = image_blp::parser::load_blp_from_buf(bytes).ok()?;
    let image = image_blp::convert::blp_to_image(&blp, 0).ok()?;
    Some(image.to_rgba8().into_raw())
}

pub fn wow_blp_decode(bytes: &[u8]) -> Option<Vec<u8>> {
    let blp = wow_blp::parser::load_blp_from_buf(bytes).ok()?;
    let image = wow_blp::convert::blp_to_image(&blp, 0).ok()?;
    Some(image.to_rgba8().into_raw())
}
