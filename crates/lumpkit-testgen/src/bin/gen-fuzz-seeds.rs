//! Writes the seeds of a fuzz target whose inputs are not files of a format (today `decompress`:
//! one stream per method, `lumpkit_testgen::streams`) into a folder. `fuzz/seeds.sh` runs it:
//! `cargo run -p lumpkit-testgen --bin gen-fuzz-seeds -- decompress fuzz/corpus/decompress`.
#![forbid(unsafe_code)]

use std::path::PathBuf;

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let (Some(target), Some(dir)) = (args.next(), args.next()) else {
        eprintln!("usage: gen-fuzz-seeds TARGET DIR");
        std::process::exit(2);
    };
    let seeds = match target.as_str() {
        "decompress" => lumpkit_testgen::streams::decompress_seeds(),
        _ => {
            eprintln!("gen-fuzz-seeds: no seeds for {target}");
            std::process::exit(2);
        }
    };
    let dir = PathBuf::from(dir);
    std::fs::create_dir_all(&dir)?;
    for (name, bytes) in &seeds {
        std::fs::write(dir.join(format!("seed-{name}")), bytes)?;
    }
    println!("{}: {} seeds", dir.display(), seeds.len());
    Ok(())
}
