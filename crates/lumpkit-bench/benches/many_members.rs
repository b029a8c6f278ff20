//! `check` on archives of 1,000, 10,000 and 100,000 tiny members (PAK, PBO, WAD, MPQ, ZIP): the
//! throughput is given in members, so a time linear in the member count shows as the same
//! members per second at every size. Memory per member is bounded by `tests/many_members.rs`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    missing_debug_implementations
)]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use lumpkit::Context;
use lumpkit::check::check_tree;

fn bench(c: &mut Criterion) {
    // As `lumpkit check` runs: no info fields.
    let ctx = Context {
        brief: true,
        ..Context::default()
    };
    for format in lumpkit_testgen::many::FORMATS {
        let mut group = c.benchmark_group(format!("many-members-{format}"));
        group.sample_size(10);
        for members in [1_000usize, 10_000, 100_000] {
            let bytes = lumpkit_testgen::many::archive(format, members).unwrap();
            let name = format!("many.{format}");
            group.throughput(Throughput::Elements(members as u64));
            group.bench_with_input(BenchmarkId::from_parameter(members), &bytes, |b, bytes| {
                b.iter(|| {
                    let mut out = Vec::new();
                    check_tree(&ctx, &name, bytes, &mut out);
                    black_box(out.len())
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
