//! Palette files for the textures that carry none (Quake 2 WAL, Quake WAD2): a raw 768-byte RGB
//! palette (Quake's `palette.lmp`) or a PCX whose trailing 769 bytes are `0x0C` and the 256-colour
//! palette (how Quake 2 ships `pics/colormap.pcx`). The CLI's `--palette` and the Python binding
//! read them through this one parser.

use lumpkit_pixels::palette::rgb_palette;

/// The 256 colours of a palette file's bytes, or `None` when they are neither form.
pub fn parse(bytes: &[u8]) -> Option<[[u8; 3]; 256]> {
    let is_pcx = bytes.len() > 128 + 769 && bytes.first() == Some(&0x0A);
    if is_pcx {
        let start = bytes.len().checked_sub(769)?;
        let tail = bytes.get(start..)?;
        if tail.first() == Some(&0x0C) {
            return rgb_palette(tail.get(1..)?);
        }
        return None;
    }
    if bytes.len() >= 768 {
        rgb_palette(bytes)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_and_pcx_palettes() {
        let raw: Vec<u8> = (0..768u32).map(|i| i as u8).collect();
        assert_eq!(parse(&raw).map(|p| p[1]), Some([3, 4, 5]));
        let mut pcx = vec![0x0A; 200];
        pcx.push(0x0C);
        pcx.extend_from_slice(&raw);
        assert_eq!(parse(&pcx).map(|p| p[255]), Some([253, 254, 255]));
        assert!(parse(raw.get(..700).unwrap_or_default()).is_none());
    }
}
