//! PKWARE DCL ("implode", MPQ mask 0x08): lumpkit's decoder against the `explode` crate (the port of
//! zlib's `blast.c` it falls back to, and used alone before), side by side on a 4 KiB sector (as
//! Warcraft III maps store them) and a ~1 MB stream, in both literal modes. Streams come from
//! testgen's encoder; the bytes are compared before timing.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lumpkit_decompress::{Method, decompress};
use lumpkit_testgen::data::game_like;
use lumpkit_testgen::dcl::{Literals, implode};

fn lumpkit(stream: &[u8], size: usize) -> Vec<u8> {
    let mut out = Vec::new();
    decompress(Method::PkwareDcl, stream, &mut out, size).unwrap();
    out
}

/// The `explode` crate fed byte by byte through its buffer API into 4 KiB chunks, as lumpkit
/// drove it before.
fn explode_crate(stream: &[u8], size: usize) -> Vec<u8> {
    let mut state = explode::Explode::new();
    let mut chunk = [0u8; 4096];
    let mut out = Vec::with_capacity(size);
    let mut pos = 0;
    loop {
        let mut buffer = state.with_buffer(&mut chunk);
        while pos < stream.len() {
            match buffer.feed(stream[pos]) {
                Ok(()) => break,
                Err(explode::Error::IncompleteInput) => pos += 1,
                Err(e) => panic!("{e:?}"),
            }
        }
        out.extend_from_slice(buffer.get());
        if buffer.done() {
            return out;
        }
        assert!(pos < stream.len(), "truncated");
    }
}

fn bench(c: &mut Criterion) {
    for (name, len) in [("4k-sector", 4096), ("1m-stream", 1 << 20)] {
        let data = game_like(len);
        for (mode, literals) in [("raw", Literals::Raw), ("coded", Literals::Coded)] {
            let stream = implode(&data, literals, 6);
            assert!(lumpkit(&stream, len) == data, "{name}: lumpkit differs");
            assert!(
                explode_crate(&stream, len) == data,
                "{name}: explode differs"
            );
            let mut group = c.benchmark_group(format!("dcl/{name}-{mode}"));
            group.throughput(Throughput::Bytes(len as u64));
            if len > 1 << 16 {
                group.sample_size(10);
            }
            group.bench_function("lumpkit", |b| b.iter(|| lumpkit(black_box(&stream), len)));
            group.bench_function("explode-crate", |b| {
                b.iter(|| explode_crate(black_box(&stream), len))
            });
            group.finish();
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
