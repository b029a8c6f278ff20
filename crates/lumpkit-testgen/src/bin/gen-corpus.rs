//! Writes every generated sample to `corpus/<format>/` (the folder given, default `corpus`), with an
//! `expect.tsv` per folder. Run from the workspace root: `cargo run -p lumpkit-testgen --bin gen-corpus`.
#![forbid(unsafe_code)]

use std::path::PathBuf;

fn main() -> std::io::Result<()> {
    let root = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("corpus"));
    for (folder, samples) in lumpkit_testgen::all() {
        let dir = root.join(folder);
        lumpkit_testgen::write_folder(&dir, &samples)?;
        println!("{}: {} files", dir.display(), samples.len());
    }
    Ok(())
}
