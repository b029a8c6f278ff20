//! bzip2: lumpkit's decoder against the `bzip2` crate (`libbz2-rs-sys`, the port of libbzip2 it
//! falls back to and used alone before), side by side on MPQ-sector-sized streams (4 KB and 16 KB,
//! one stream each, as MPQ stores them) and on a large multi-block stream. The bytes are compared
//! before timing.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::hint::black_box;
use std::io::Write;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lumpkit_decompress::{Method, decompress};
use lumpkit_testgen::data::game_like;

fn compress(data: &[u8]) -> Vec<u8> {
    let mut encoder = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::best());
    encoder.write_all(data).unwrap();
    encoder.finish().unwrap()
}

fn lumpkit(stream: &[u8], size: usize) -> Vec<u8> {
    let mut out = Vec::new();
    decompress(Method::Bzip2, stream, &mut out, size).unwrap();
    out
}

/// The `bzip2` crate's low-level decoder, as lumpkit drove it before.
fn bzip2_crate(stream: &[u8], size: usize) -> Vec<u8> {
    let mut state = bzip2::Decompress::new(false);
    let mut out = Vec::with_capacity(size);
    loop {
        let read = state.total_in() as usize;
        let status = state.decompress_vec(&stream[read..], &mut out).unwrap();
        if status == bzip2::Status::StreamEnd {
            return out;
        }
        if out.len() == out.capacity() {
            out.reserve(64 * 1024);
        }
    }
}

fn bench(c: &mut Criterion) {
    for (name, len) in [
        ("4k-sector", 4096),
        ("16k-sector", 16 * 1024),
        ("4m-stream", 4 << 20),
    ] {
        let data = game_like(len);
        let stream = compress(&data);
        assert!(lumpkit(&stream, len) == data, "{name}: lumpkit differs");
        assert!(
            bzip2_crate(&stream, len) == data,
            "{name}: bzip2 crate differs"
        );
        let mut group = c.benchmark_group(format!("bzip2/{name}"));
        group.throughput(Throughput::Bytes(len as u64));
        if len > 1 << 20 {
            group.sample_size(10);
        }
        group.bench_function("lumpkit", |b| b.iter(|| lumpkit(black_box(&stream), len)));
        group.bench_function("bzip2-crate", |b| {
            b.iter(|| bzip2_crate(black_box(&stream), len))
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
