//! Files that are not ours: what `check` says about them.

use crate::Sample;

/// Samples for `corpus/misc/`.
pub fn samples() -> Vec<Sample> {
    vec![Sample::new(
        "readme.txt",
        b"not an asset file\n".to_vec(),
        "ok",
        &["lumpkit-unknown-format"],
    )]
}
