//! Decoded pixels.

/// An RGBA8 image: row-major, top row first, un-premultiplied, `width * height * 4` bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width * height * 4` bytes of R, G, B, A.
    pub rgba: Vec<u8>,
}

impl Image {
    /// A transparent-black image of the given size whose buffer was checked against `limits` first.
    pub fn zeroed(width: u32, height: u32, limits: &crate::Limits) -> Result<Image, crate::Error> {
        let len = limits.rgba_len(width, height)?;
        Ok(Image {
            width,
            height,
            rgba: vec![0; len],
        })
    }
}
