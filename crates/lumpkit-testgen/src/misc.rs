//! Files that are not ours: what `check` says about them.

use crate::Sample;

/// Samples for `corpus/misc/`.
pub fn samples() -> Vec<Sample> {
    vec![
        Sample::new(
            "readme.txt",
            b"not an asset file\n".to_vec(),
            "ok",
            &["lumpkit-unknown-format"],
        ),
        // A PNG saved with a .blp name: the content wins, the name is flagged.
        Sample::new(
            "png-named.blp",
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(),
            "warning",
            &["lumpkit-extension-mismatch"],
        ),
    ]
}
