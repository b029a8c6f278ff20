//! One BLP or PAA decode of level 0 by lumpkit or by an anchor crate, repeated, for instruction
//! counts under callgrind: the ratios of issue 15 without a quiet machine.
//!
//! ```text
//! cargo build --release -p lumpkit-bench --example decode_counts --features checks
//! valgrind --tool=callgrind target/release/examples/decode_counts lumpkit FILE.blp 10
//! valgrind --tool=callgrind target/release/examples/decode_counts wow-blp FILE.blp 10
//! ```
//!
//! `DECODER` is `lumpkit`, `image-blp` or `wow-blp` for BLP files, `lumpkit` for PAA files. Run it
//! once with a count of 1 and once with 11: the difference over 10 is one decode, without the
//! program's start and the file read.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::hint::black_box;

use lumpkit::formats::paa::PaaFormat;
use lumpkit::{Context, Format, Selection};

#[path = "../benches/shared/blp_decoders.rs"]
mod blp_decoders;

/// The decoded length, so that the decode cannot be optimised away.
fn decode(decoder: &str, bytes: &[u8]) -> usize {
    let rgba = match decoder {
        "lumpkit" if bytes.starts_with(b"BLP") => blp_decoders::lumpkit_decode(bytes),
        "lumpkit" => PaaFormat
            .decode(&Context::default(), bytes, &Selection::default())
            .ok()
            .map(|image| image.rgba),
        "image-blp" => blp_decoders::image_blp_decode(bytes),
        "wow-blp" => blp_decoders::wow_blp_decode(bytes),
        other => panic!("unknown decoder {other}: lumpkit, image-blp or wow-blp"),
    };
    rgba.unwrap_or_else(|| panic!("{decoder} did not decode the file"))
        .len()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, decoder, path, rest @ ..] = args.as_slice() else {
        panic!("usage: decode_counts DECODER FILE [COUNT]");
    };
    let count: usize = rest.first().map_or(1, |c| c.parse().unwrap());
    let bytes = std::fs::read(path).unwrap();
    let mut total = 0;
    for _ in 0..count {
        total += decode(decoder, black_box(&bytes));
    }
    println!("{total}");
}
