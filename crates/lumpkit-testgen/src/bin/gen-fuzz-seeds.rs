//! Writes the seeds of a fuzz target whose inputs are not files of a format into a folder:
//! `decompress`, one stream per method (`lumpkit_testgen::streams`); `lzss`, `lzo`, `dkrle`, the
//! output size and a stream testgen's encoders write for a few kinds of data; a structure-aware target
//! (`*_built`), whose input is choices any bytes make, [`BUILT_SEEDS`] pseudo-random inputs of
//! growing length, the same on every machine, so that a fresh checkout's coverage run
//! (`fuzz/coverage.sh`) starts from what a campaign's does. `fuzz/seeds.sh` runs it:
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
        "lzss" | "lzo" | "dkrle" => lz_seeds(&target),
        t if t.ends_with("_built") => built_seeds(t),
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

/// Inputs written for a structure-aware target.
const BUILT_SEEDS: usize = 48;

/// [`BUILT_SEEDS`] inputs of 64 bytes to about 6 KiB from a generator seeded by the target's name.
fn built_seeds(target: &str) -> Vec<(String, Vec<u8>)> {
    let mut state = target.bytes().fold(0x811C_9DC5u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    }) | 1;
    (0..BUILT_SEEDS)
        .map(|i| {
            let len = 64 + i * i * 3;
            let bytes = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 17;
                    state ^= state << 5;
                    (state >> 24) as u8
                })
                .collect();
            (format!("random-{i:02}"), bytes)
        })
        .collect()
}

/// A kind of data: its name and its byte at each position.
type DataKind = (&'static str, fn(usize) -> u8);

/// For the LZ targets (input: the output size as a little-endian `u16`, then the stream): each
/// kind of data at a few sizes, encoded by the writer the tests use for that codec.
fn lz_seeds(target: &str) -> Vec<(String, Vec<u8>)> {
    use lumpkit_testgen::lz::{Sum, lzo_literals, lzss_compress};
    let kinds: [DataKind; 4] = [
        ("zeros", |_| 0),
        ("ramp", |i| i as u8),
        ("text", |i| b"the quick brown fox "[i % 20]),
        ("noise", |i| (i.wrapping_mul(2_654_435_761) >> 13) as u8),
    ];
    let mut out = Vec::new();
    for (name, kind) in &kinds {
        for size in [0usize, 1, 17, 300, 2000] {
            let data: Vec<u8> = (0..size).map(*kind).collect();
            let stream = match target {
                "lzss" => lzss_compress(
                    &data,
                    if size % 2 == 0 {
                        Sum::Unsigned
                    } else {
                        Sum::Signed
                    },
                ),
                "lzo" => lzo_literals(&data),
                _ => lumpkit_testgen::pak::dk_compress(&data),
            };
            let mut seed = (size as u16).to_le_bytes().to_vec();
            seed.extend(stream);
            out.push((format!("{name}-{size}"), seed));
        }
    }
    out
}
