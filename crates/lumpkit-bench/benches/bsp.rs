//! BSP maps, lumpkit beside qbsp 0.17 (the one Rust crate that reads them): every map of
//! `../shared/corpus/bsp` that qbsp parses, Quake 2 (IBSP, Qbism QBSP) and Quake 1 / GoldSrc
//! (BSP29, BSP30, BSP2) alike:
//! - `open`: lumpkit header + lump directory (`Directory::parse`, `Bsp1::parse` for Quake 1) —
//!   should not depend on file size;
//! - `open+validate`: lumpkit typed lumps and every cross-lump check, tree check included (what
//!   `lumpkit check` runs on a map, less the entity text);
//! - `qbsp parse`: `BspData::parse` (copies every lump into owned vectors; validates little);
//! - `pvs row`: one decompressed PVS row (lumpkit, into a buffer) vs qbsp's PVS iterator for a leaf
//!   of that cluster (qbsp's Q2 PVS is wrong, see research/bsp-wad.md §4; timed for scale only).
//!
//! Instruction counts per check (deterministic, unlike these timings on a loaded machine) come
//! from `examples/bsp_checks.rs` under callgrind.
//!
//! The maps come from `../shared/corpus/bsp`; without it the benchmark prints a notice and exits.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use lumpkit_formats::Ignore;
use lumpkit_formats::q1bsp::Bsp1;
use lumpkit_formats::q2bsp::{Bsp, Directory, Row};

#[path = "shared/bsp_work.rs"]
mod bsp_work;
use bsp_work::{open_validate, qbsp_parse};

const MAPS: &[&str] = &[
    "vgio_q2_test.bsp",
    "qbsp_example-quake2.bsp",
    "qbsp_example-qbism.bsp",
    "lq_e0m1-quake2.bsp",
    "ericw_q1_cube.bsp",
    "qbsp_example-bsp29.bsp",
    "qbsp_example-halflife.bsp",
];

fn corpus() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/bsp");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "notice: {} not found; skipping the BSP benchmark",
            dir.display()
        );
        None
    }
}

fn open(c: &mut Criterion) {
    let Some(dir) = corpus() else { return };
    let mut g = c.benchmark_group("bsp");
    for name in MAPS {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let q2 = bytes.starts_with(b"IBSP") || bytes.starts_with(b"QBSP");
        if q2 {
            g.bench_function(format!("lumpkit open/{name}"), |b| {
                b.iter(|| Directory::parse(black_box(&bytes), &mut Ignore).unwrap())
            });
        } else {
            g.bench_function(format!("lumpkit open/{name}"), |b| {
                b.iter(|| {
                    Bsp1::parse(black_box(&bytes), &mut Ignore)
                        .unwrap()
                        .lumps
                        .len()
                })
            });
        }
        let mut scratch = Vec::new();
        g.bench_function(format!("lumpkit open+validate/{name}"), |b| {
            b.iter(|| open_validate(black_box(&bytes), &mut scratch))
        });
        match qbsp_parse(&bytes) {
            Ok(_) => g.bench_function(format!("qbsp parse/{name}"), |b| {
                b.iter(|| qbsp_parse(black_box(&bytes)).unwrap())
            }),
            Err(e) => {
                eprintln!("notice: qbsp does not parse {name} ({e}); no anchor for it");
                continue;
            }
        };
    }
    g.finish();
}

fn pvs(c: &mut Criterion) {
    let Some(dir) = corpus() else { return };
    let bytes = std::fs::read(dir.join("lq_e0m1-quake2.bsp")).unwrap();
    let bsp = Bsp::parse(&bytes, &mut Ignore).unwrap();
    let vis = bsp.vis(&mut Ignore).unwrap().unwrap();
    let leaf = bsp.leafs.iter().position(|l| l.cluster.get() == 0).unwrap();
    let data = qbsp_parse(&bytes).unwrap();
    let mut row = vec![0u8; vis.row_len()];
    let mut g = c.benchmark_group("bsp");
    g.bench_function("lumpkit pvs row/lq_e0m1 cluster 0", |b| {
        b.iter(|| vis.decompress(black_box(0), Row::Pvs, &mut row).unwrap())
    });
    g.bench_function("lumpkit pvs count/lq_e0m1 cluster 0", |b| {
        b.iter(|| vis.visible_count(black_box(0), Row::Pvs).unwrap())
    });
    g.bench_function("qbsp pvs iterate/lq_e0m1 cluster 0", |b| {
        b.iter(|| {
            data.potentially_visible_set(black_box(leaf))
                .map(|r| match r {
                    qbsp::query::VisResult::Clusters(it)
                    | qbsp::query::VisResult::LeafIndices(it) => it.count(),
                })
        })
    });
    g.finish();
}

criterion_group!(benches, open, pvs);
criterion_main!(benches);
