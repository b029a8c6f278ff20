//! bzip2: lumpkit's decoder against the `bzip2` crate (`libbz2-rs-sys`, the port of libbzip2 it
//! falls back to and used alone before), side by side on MPQ-sector-sized streams (4 KB and 16 KB,
//! one stream each, as MPQ stores them) and on a large multi-block stream. The bytes are compared
//! before timing.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::hint::black_box;
use std::io::Write;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lumpkit_decompress::{Method, decompress};

/// Game-file-like bytes: runs of small integers, text and noise, from a fixed seed.
fn sample(len: usize) -> Vec<u8> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut out = Vec::with_capacity(len);
    while out.len() < len {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        match state % 4 {
            0 => out.extend_from_slice(b"unit.attack.range "),
            1 => out.extend((0..16u8).map(|i| i.wrapping_mul((state >> 8) as u8))),
            2 => out.extend(std::iter::repeat_n(
                (state >> 16) as u8,
                (state >> 24) as usize % 24,
            )),
            _ => out.extend_from_slice(&state.to_le_bytes()),
        }
    }
    out.truncate(len);
    out
}

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
        let data = sample(len);
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
