//! BLP: decoding level 0 of the shared real-world files with lumpkit, image-blp and wow-blp side by
//! side (each from the file's bytes to RGBA8), and header + mip-table parse time of a small and a
//! large file (zero-copy parsing should not depend on file size).
//!
//! A crate that cannot decode a file (see `../shared/corpus/blp/SOURCES.md`) is left out of that
//! file's group rather than timed on its failure.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use lumpkit::formats::blp::BlpFormat;
use lumpkit::{Context, Format, Selection};
use lumpkit_formats::Ignore;
use lumpkit_formats::blp::Blp;

/// One file per kind of content, and the sizes that matter.
const FILES: &[&str] = &[
    "wowserhq-format__dxt5.blp",
    "wowserhq-format__dxt3.blp",
    "pillow__blp2_dxt1.blp",
    "wowserhq-format__raw.blp",
    "wowserhq-format__pala1.blp",
    "wowserhq-format__pala4.blp",
    "wowserhq-format__pala8.blp",
    "war3net__colorPalettedMip8Blp1.blp",
    "wc3lib__HumanCampaignCastle.blp",
    "blprs__to-png_a.blp",
    "war3net__VillageFallStonePath.blp",
    "mdxviewer__SmileyGW.blp",
];

fn lumpkit_decode(bytes: &[u8]) -> Option<Vec<u8>> {
    let image = BlpFormat
        .decode(&Context::default(), bytes, &Selection::default())
        .ok()?;
    Some(image.rgba)
}

fn image_blp_decode(bytes: &[u8]) -> Option<Vec<u8>> {
    let blp = image_blp::parser::load_blp_from_buf(bytes).ok()?;
    let image = image_blp::convert::blp_to_image(&blp, 0).ok()?;
    Some(image.to_rgba8().into_raw())
}

fn wow_blp_decode(bytes: &[u8]) -> Option<Vec<u8>> {
    let blp = wow_blp::parser::load_blp_from_buf(bytes).ok()?;
    let image = wow_blp::convert::blp_to_image(&blp, 0).ok()?;
    Some(image.to_rgba8().into_raw())
}

fn decode(c: &mut Criterion) {
    let Some(dir) = lumpkit_bench::shared_corpus("blp") else {
        eprintln!("notice: ../shared/corpus/blp not found; skipping BLP benchmarks");
        return;
    };
    for name in FILES {
        let Ok(bytes) = std::fs::read(dir.join(name)) else {
            continue;
        };
        let mut group = c.benchmark_group(format!("blp_decode/{name}"));
        type Decoder = fn(&[u8]) -> Option<Vec<u8>>;
        let decoders: [(&str, Decoder); 3] = [
            ("lumpkit", lumpkit_decode),
            ("image-blp", image_blp_decode),
            ("wow-blp", wow_blp_decode),
        ];
        for (crate_name, f) in decoders {
            if f(&bytes).is_some() {
                group.bench_function(crate_name, |b| b.iter(|| f(black_box(&bytes))));
            } else {
                eprintln!("{crate_name} cannot decode {name}: left out");
            }
        }
        group.finish();
    }
}

fn parse(c: &mut Criterion) {
    let Some(dir) = lumpkit_bench::shared_corpus("blp") else {
        return;
    };
    let mut group = c.benchmark_group("blp_parse");
    for name in ["wc3lib__TeamColor00.blp", "wc3lib__HumanCampaignCastle.blp"] {
        let Ok(bytes) = std::fs::read(dir.join(name)) else {
            continue;
        };
        let label = format!("{name} ({} bytes)", bytes.len());
        group.bench_function(format!("lumpkit/{label}"), |b| {
            b.iter(|| {
                let blp = Blp::parse(black_box(&bytes), &mut Ignore).ok()?;
                let mut sum = 0u64;
                for level in 0..blp.level_count() {
                    sum += blp.mip(level, &mut Ignore).ok()?.data.len() as u64;
                }
                Some(sum)
            })
        });
        group.bench_function(format!("image-blp/{label}"), |b| {
            b.iter(|| image_blp::parser::load_blp_from_buf(black_box(&bytes)).is_ok())
        });
        group.bench_function(format!("wow-blp/{label}"), |b| {
            b.iter(|| wow_blp::parser::load_blp_from_buf(black_box(&bytes)).is_ok())
        });
    }
    group.finish();
}

criterion_group!(benches, decode, parse);
criterion_main!(benches);
