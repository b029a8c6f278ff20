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
        std::fs::create_dir_all(&dir)?;
        for s in &samples {
            std::fs::write(dir.join(&s.name), &s.bytes)?;
        }
        std::fs::write(
            dir.join("expect.tsv"),
            lumpkit_testgen::expect_tsv(&samples),
        )?;
        if let Some(targets) = lumpkit_testgen::targets_tsv(&samples) {
            std::fs::write(dir.join("targets.tsv"), targets)?;
        }
        println!("{}: {} files", dir.display(), samples.len());
    }
    Ok(())
}
