//! Writes an archive too large to keep in the repository, for measuring `lumpkit check` on it:
//!
//! ```text
//! cargo run --release -p lumpkit-testgen --example big_archive -- KIND MEGABYTES PATH
//! ```
//!
//! `KIND` is `zip` (one deflated member of noise), `zip-zeros` (one deflated member of zeros),
//! `zip64` (one Zip64 member of noise in stored deflate blocks, so that gigabytes write quickly)
//! or `pbo` (stored entries of noise of at most 1 GiB each, and a `config.cpp`). The archive is
//! streamed to `PATH` as it is generated; nothing is held. (Solid 7z archives for measurements are
//! best made by 7-Zip itself: `7zz a -ms=on`.)
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs::File;
use std::io::BufWriter;

use lumpkit_testgen::big::{self, Member, Noise};

/// A member's generator.
type Fill<'a> = Box<dyn FnMut(&mut [u8]) + 'a>;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, kind, megabytes, path] = &args[..] else {
        panic!("usage: big_archive zip|zip-zeros|zip64|pbo MEGABYTES PATH");
    };
    let size: u64 = megabytes.parse::<u64>().expect("MEGABYTES") << 20;
    let mut out = BufWriter::with_capacity(1 << 20, File::create(path).unwrap());
    let mut noise = Noise::new(42);
    let mut fill = |b: &mut [u8]| noise.fill(b);
    let mut zeros = |b: &mut [u8]| b.fill(0);
    let len = match kind.as_str() {
        "zip" | "zip-zeros" | "zip64" => {
            let zip64 = kind == "zip64";
            let mut members = [Member {
                name: "data/movie.bin",
                size,
                deflate: Some(if zip64 { 0 } else { 6 }),
                fill: if kind == "zip-zeros" {
                    &mut zeros
                } else {
                    &mut fill
                },
            }];
            big::zip(&mut out, &mut members, zip64).unwrap()
        }
        "pbo" => {
            let mut config = |b: &mut [u8]| b.fill(b' ');
            let parts = size.div_ceil(1 << 30);
            let names: Vec<String> = (0..parts)
                .map(|i| format!("data\\terrain{i}.bin"))
                .collect();
            let mut fills: Vec<Noise> = (0..parts).map(Noise::new).collect();
            let mut fns: Vec<Fill> = fills
                .iter_mut()
                .map(|n| Box::new(move |b: &mut [u8]| n.fill(b)) as Fill)
                .collect();
            let mut members: Vec<Member> = names
                .iter()
                .zip(fns.iter_mut())
                .enumerate()
                .map(|(i, (name, f))| Member {
                    name,
                    size: (size - (i as u64) * (1 << 30)).min(1 << 30),
                    deflate: None,
                    fill: f.as_mut(),
                })
                .collect();
            members.push(Member {
                name: "config.cpp",
                size: 4096,
                deflate: None,
                fill: &mut config,
            });
            big::pbo(&mut out, "x\\big\\addons\\terrain", &mut members).unwrap()
        }
        other => panic!("unknown kind {other}"),
    };
    println!("{path}: {len} bytes");
}
