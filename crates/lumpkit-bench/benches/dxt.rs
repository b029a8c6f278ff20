//! DXT blocks → RGBA8, side by side: lumpkit-dxt, texpresso (what lumpkit used before, and the
//! oracle its tests compare with) and a memcpy of the output size (the floor), on synthetic 1024²
//! images of each format and on level 0 of every DXT BLP in the shared corpus (PAA's DXT files are
//! in the `paa` bench). Also the allocating form, to see what zero-filling a new buffer costs.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group};

#[path = "shared/one_thread.rs"]
mod one_thread;
use lumpkit_dxt::Dxt;
use lumpkit_formats::Ignore;
use lumpkit_formats::blp::{Blp, Encoding};

fn texpresso_format(format: Dxt) -> texpresso::Format {
    match format {
        Dxt::Dxt1 => texpresso::Format::Bc1,
        Dxt::Dxt3 => texpresso::Format::Bc2,
        Dxt::Dxt5 => texpresso::Format::Bc3,
    }
}

/// Random-looking block data (a fixed xorshift stream), so every block takes its own mode.
fn synthetic(format: Dxt, w: u32, h: u32) -> Vec<u8> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    (0..format.data_len(w, h).unwrap())
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect()
}

/// Level 0 of every DXT BLP in the shared corpus: (name, format, width, height, blocks).
fn corpus() -> Vec<(String, Dxt, u32, u32, Vec<u8>)> {
    let Some(dir) = lumpkit_bench::shared_corpus("blp") else {
        eprintln!("notice: ../shared/corpus/blp not found; synthetic DXT data only");
        return Vec::new();
    };
    let mut out = Vec::new();
    for (name, bytes) in lumpkit_bench::files_with_extension(&dir, "blp") {
        let Ok(blp) = Blp::parse(&bytes, &mut Ignore) else {
            continue;
        };
        let format = match blp.encoding() {
            Encoding::Dxt1 => Dxt::Dxt1,
            Encoding::Dxt3 => Dxt::Dxt3,
            Encoding::Dxt5 => Dxt::Dxt5,
            _ => continue,
        };
        let Ok(mip) = blp.mip(0, &mut Ignore) else {
            continue;
        };
        let need = format.data_len(mip.width, mip.height).unwrap() as usize;
        if mip.data.len() < need {
            continue;
        }
        let blocks = mip.data[..need].to_vec();
        out.push((name, format, mip.width, mip.height, blocks));
    }
    out
}

fn decode(c: &mut Criterion) {
    let mut cases: Vec<(String, Dxt, u32, u32, Vec<u8>)> = [Dxt::Dxt1, Dxt::Dxt3, Dxt::Dxt5]
        .into_iter()
        .map(|f| {
            (
                format!("synthetic-1024-{f:?}"),
                f,
                1024,
                1024,
                synthetic(f, 1024, 1024),
            )
        })
        .collect();
    cases.extend(corpus());
    for (name, format, w, h, blocks) in cases {
        let len = (w * h * 4) as usize;
        let mut g = c.benchmark_group(format!("dxt/{name}"));
        g.throughput(Throughput::Bytes(len as u64));
        g.bench_function("lumpkit-dxt", |b| {
            let mut out = vec![0u8; len];
            b.iter(|| lumpkit_dxt::decode_into(format, w, h, black_box(&blocks), &mut out))
        });
        g.bench_function("texpresso", |b| {
            let mut out = vec![0u8; len];
            let tex = texpresso_format(format);
            b.iter(|| tex.decompress(black_box(&blocks), w as usize, h as usize, &mut out))
        });
        g.bench_function("lumpkit-dxt-to-vec", |b| {
            b.iter(|| lumpkit_dxt::decode_to_vec(format, w, h, black_box(&blocks)))
        });
        let src = vec![7u8; len];
        g.bench_function("memcpy", |b| {
            let mut out = vec![0u8; len];
            b.iter(|| out.copy_from_slice(black_box(&src)))
        });
        g.finish();
    }
}

criterion_group!(benches, decode);
fn main() {
    one_thread::main_on_one_thread(benches);
}
