//! Palette files for the textures that carry none (Quake 2 WAL, Quake WAD2): the one parser in
//! `lumpkit-pixels`, reached here so that the CLI's `--palette` and the Python and browser bindings,
//! which depend on the facade alone, read them alike.

pub use lumpkit_pixels::palette::palette_file;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_and_pcx_palettes() {
        let raw: Vec<u8> = (0..768u32).map(|i| i as u8).collect();
        assert_eq!(palette_file(&raw).map(|p| p[1]), Some([3, 4, 5]));
        let mut pcx = vec![0x0A; 200];
        pcx.push(0x0C);
        pcx.extend_from_slice(&raw);
        assert_eq!(palette_file(&pcx).map(|p| p[255]), Some([253, 254, 255]));
        assert!(palette_file(raw.get(..700).unwrap_or_default()).is_none());
        let mut not_pcx_palette = pcx.clone();
        let marker = not_pcx_palette.len() - 769;
        not_pcx_palette[marker] = 0;
        assert!(palette_file(&not_pcx_palette).is_none());
    }
}
