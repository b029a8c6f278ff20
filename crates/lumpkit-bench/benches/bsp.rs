//! Quake 2 maps, lumpkit beside qbsp 0.17 (the one Rust crate that reads IBSP):
//! - `open`: lumpkit header + lump directory (`Directory::parse`) — should not depend on file size;
//! - `open+validate`: lumpkit typed lumps and every cross-lump check, tree check included;
//! - `qbsp parse`: `BspData::parse` (copies every lump into owned vectors; validates little);
//! - `pvs row`: one decompressed PVS row (lumpkit, into a buffer) vs qbsp's PVS iterator for a leaf
//!   of that cluster (qbsp's Q2 PVS is wrong, see research/bsp-wad.md §4; timed for scale only).
//!
//! The maps come from `../shared/corpus/bsp`; without it the benchmark prints a notice and exits.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use lumpkit_formats::Ignore;
use lumpkit_formats::q2bsp::{Bsp, Directory, Row};

const MAPS: &[&str] = &[
    "vgio_q2_test.bsp",
    "qbsp_example-quake2.bsp",
    "lq_e0m1-quake2.bsp",
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

fn qbsp_parse(bytes: &[u8]) -> qbsp::BspData {
    qbsp::BspData::parse(qbsp::BspParseInput {
        bsp: bytes,
        lit: None,
        settings: qbsp::BspParseSettings::default(),
    })
    .unwrap()
}

fn open(c: &mut Criterion) {
    let Some(dir) = corpus() else { return };
    let mut g = c.benchmark_group("bsp");
    for name in MAPS {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        g.bench_function(format!("lumpkit open/{name}"), |b| {
            b.iter(|| Directory::parse(black_box(&bytes), &mut Ignore).unwrap())
        });
        let mut scratch = Vec::new();
        g.bench_function(format!("lumpkit open+validate/{name}"), |b| {
            b.iter(|| {
                let bsp = Bsp::parse(black_box(&bytes), &mut Ignore).unwrap();
                scratch.resize(bsp.scratch_words(), 0);
                bsp.validate(&mut scratch, &mut Ignore).unwrap();
                bsp.leafs.len()
            })
        });
        g.bench_function(format!("qbsp parse/{name}"), |b| {
            b.iter(|| qbsp_parse(black_box(&bytes)))
        });
    }
    g.finish();
}

fn pvs(c: &mut Criterion) {
    let Some(dir) = corpus() else { return };
    let bytes = std::fs::read(dir.join("lq_e0m1-quake2.bsp")).unwrap();
    let bsp = Bsp::parse(&bytes, &mut Ignore).unwrap();
    let vis = bsp.vis(&mut Ignore).unwrap().unwrap();
    let leaf = bsp.leafs.iter().position(|l| l.cluster.get() == 0).unwrap();
    let data = qbsp_parse(&bytes);
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
