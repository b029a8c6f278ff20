//! Writing decoded pictures: PNG, raw RGBA8 to a file, or raw RGBA8 to stdout (`-`).

use std::io::Write;
use std::path::Path;

use lumpkit::Image;

use crate::Fatal;

/// Encodes `image` as an RGBA8 PNG.
pub fn encode_png(image: &Image) -> Result<Vec<u8>, Fatal> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, image.width, image.height);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        let mut writer = enc.write_header()?;
        writer.write_image_data(&image.rgba)?;
        writer.finish()?;
    }
    Ok(out)
}

/// Writes `image` to `out`: `-` is raw RGBA8 on stdout, `*.png` is PNG, anything else raw RGBA8.
pub fn write_image(image: &Image, out: &Path) -> Result<(), Fatal> {
    if out.as_os_str() == "-" {
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(&image.rgba)?;
        stdout.flush()?;
        return Ok(());
    }
    let is_png = out
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    let bytes = if is_png {
        encode_png(image)?
    } else {
        image.rgba.clone()
    };
    std::fs::write(out, bytes).map_err(|e| Fatal(format!("{}: {e}", out.display())))
}
