//! `--palette`: a raw 768-byte RGB palette (Quake's `palette.lmp`) or a PCX whose trailing 769 bytes
//! are `0x0C` and the 256-colour palette (how Quake 2 ships `pics/colormap.pcx`).

use std::path::Path;

use lumpkit_pixels::palette::palette_file;

use crate::Fatal;

/// Loads a palette file.
pub fn load(path: &Path) -> Result<[[u8; 3]; 256], Fatal> {
    let bytes = std::fs::read(path).map_err(|e| Fatal(format!("{}: {e}", path.display())))?;
    parse(&bytes).ok_or_else(|| {
        Fatal(format!(
            "{}: not a 768-byte palette or a 256-colour PCX",
            path.display()
        ))
    })
}

/// Parses palette bytes (see the module docs).
pub fn parse(bytes: &[u8]) -> Option<[[u8; 3]; 256]> {
    palette_file(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_and_pcx_palettes() {
        let raw: Vec<u8> = (0..768u32).map(|i| i as u8).collect();
        assert_eq!(parse(&raw).unwrap()[1], [3, 4, 5]);
        let mut pcx = vec![0x0A; 200];
        pcx.push(0x0C);
        pcx.extend_from_slice(&raw);
        assert_eq!(parse(&pcx).unwrap()[255], [253, 254, 255]);
        assert!(parse(&raw[..700]).is_none());
    }
}
