//! `--palette FILE`: read and parsed by [`lumpkit::palette::palette_file`] (a raw 768-byte palette
//! or a 256-colour PCX).

use std::path::Path;

use crate::Fatal;

/// Loads a palette file.
pub fn load(path: &Path) -> Result<[[u8; 3]; 256], Fatal> {
    let bytes = std::fs::read(path).map_err(|e| Fatal(format!("{}: {e}", path.display())))?;
    lumpkit::palette::palette_file(&bytes).ok_or_else(|| {
        Fatal(format!(
            "{}: not a 768-byte palette or a 256-colour PCX",
            path.display()
        ))
    })
}
