//! `check` over a tree of generated files (every format, malformed ones, unknown files) with 1 and 2
//! threads, next to simply reading every byte of the same tree (the I/O floor). Pixels are not
//! decoded, as in a plain `lumpkit check`. Throughput is reported in bytes so criterion prints MB/s;
//! files per second follow from the file count printed at start.
//!
//! `check-one-archive`: one archive of the shared corpus (the largest Warcraft III map, a Quake 3
//! pk3) checked as `lumpkit check -j 1` and `-j 2` check a single file: its members on one thread,
//! or on that thread and one it is lent (`check::Spare`). Skipped without `../shared/corpus`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    missing_debug_implementations
)]

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lumpkit::check::{Spare, check_file, check_file_on};
use lumpkit::{Context, OpenMode};

fn tree() -> (tempfile::TempDir, Vec<PathBuf>, u64) {
    let dir = tempfile::tempdir().unwrap();
    let expected = lumpkit_testgen::tree::build(dir.path(), 20).unwrap();
    // Archive members (`a.pbo!x`) are checked through their archive, not opened themselves.
    let files: Vec<PathBuf> = expected
        .iter()
        .filter(|e| !e.path.contains('!'))
        .map(|e| PathBuf::from(&e.path))
        .collect();
    let bytes = files
        .iter()
        .map(|f| std::fs::metadata(f).unwrap().len())
        .sum();
    eprintln!("check bench tree: {} files, {bytes} bytes", files.len());
    (dir, files, bytes)
}

fn bench(c: &mut Criterion) {
    let (_dir, files, bytes) = tree();
    let mut group = c.benchmark_group("check-tree");
    group.throughput(Throughput::Bytes(bytes));
    group.bench_function("read-every-byte", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for f in &files {
                let data = std::fs::read(f).unwrap();
                sum = sum.wrapping_add(data.iter().map(|&x| u64::from(x)).sum::<u64>());
            }
            black_box(sum)
        })
    });
    for jobs in [1usize, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .build()
            .unwrap();
        for (mode, label) in [(OpenMode::Map, "mmap"), (OpenMode::Read, "read")] {
            group.bench_function(format!("check-{label}-{jobs}-jobs"), |b| {
                b.iter(|| {
                    pool.install(|| {
                        use rayon::prelude::*;
                        let ctx = Context {
                            brief: true,
                            ..Context::default()
                        };
                        let n: usize = files
                            .par_iter()
                            .map(|f| check_file(&ctx, f, mode).checked.len())
                            .sum();
                        black_box(n)
                    })
                })
            });
        }
    }
    group.finish();
}

/// Archives whose members `check` may read on several threads.
const ONE_ARCHIVE: &[(&str, &str)] = &[
    ("mpq", "jmpq3__pkwareTest.w3x"),
    ("mpq", "war3net__LegendaryResistanceV2.14.w3x"),
    ("zip", "q3defrag__de4th_run2.pk3"),
];

fn one_archive(c: &mut Criterion) {
    let mut group = c.benchmark_group("check-one-archive");
    for (folder, name) in ONE_ARCHIVE {
        let Some(dir) = lumpkit_bench::shared_corpus(folder) else {
            eprintln!("notice: ../shared/corpus/{folder} not found; check-one-archive skipped");
            return;
        };
        let path = dir.join(name);
        let Ok(meta) = std::fs::metadata(&path) else {
            eprintln!("notice: {name} not found; skipped");
            continue;
        };
        group.throughput(Throughput::Bytes(meta.len()));
        let ctx = Context {
            brief: true,
            ..Context::default()
        };
        for jobs in [1usize, 2] {
            group.bench_function(format!("{name}/{jobs}-jobs"), |b| {
                b.iter(|| {
                    // As the CLI lends them for one file: every job but the one checking it.
                    let spare = Spare::new(jobs - 1);
                    let checked = check_file_on(&ctx, &path, OpenMode::Map, Some(&spare));
                    black_box(checked.checked.len())
                })
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench, one_archive
}
criterion_main!(benches);
