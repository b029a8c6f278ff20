//! Quake 3-engine maps, lumpkit beside quake3_loader 0.2 (the Rust crate that reads IBSP 46 and
//! holds up on the real maps; `bsp` 0.1.2 is its fork), on maps of `../shared/corpus/q3bsp`:
//! - `lumpkit open`: variant, header and lump directory with every bounds and record-size check
//!   (`q3bsp::Map::parse`: typed slices over the file, no copy) — should not depend on file size;
//! - `lumpkit open+validate`: the same and every cross-lump rule, entity text and light grid
//!   included (what `lumpkit check` runs on a map);
//! - `quake3_loader read_bsp`: copies every lump but the lightmaps and the light grid into owned
//!   vectors, record by record through a cursor, and checks nothing (a bad index panics later).
//!
//! bsp_tool 0.7.0 (Python), the other reader of these maps, is timed as a process beside
//! `lumpkit check` by `scripts/q3bsp_bsp_tool.py`.
//! Without `../shared/corpus/q3bsp` the benchmark prints a notice and exits.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use lumpkit_formats::Ignore;
use lumpkit_formats::q3bsp::Map;

const MAPS: &[&str] = &[
    "bsptool__q3_mp_lobby.bsp",
    "oacmpvol1__oacmpdm2.bsp",
    "unvdoom__doom.bsp",
];

fn corpus() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/q3bsp");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "notice: {} not found; skipping the Quake 3 BSP benchmark",
            dir.display()
        );
        None
    }
}

fn maps(c: &mut Criterion) {
    let Some(dir) = corpus() else { return };
    let mut g = c.benchmark_group("q3bsp");
    for name in MAPS {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        g.bench_function(format!("lumpkit open/{name}"), |b| {
            b.iter(|| {
                Map::parse(black_box(&bytes), &mut Ignore)
                    .unwrap()
                    .surfaces
                    .len()
            })
        });
        g.bench_function(format!("lumpkit open+validate/{name}"), |b| {
            b.iter(|| {
                let map = Map::parse(black_box(&bytes), &mut Ignore).unwrap();
                map.validate(&mut Ignore).unwrap()
            })
        });
        g.bench_function(format!("quake3_loader read_bsp/{name}"), |b| {
            b.iter(|| {
                quake3_loader::read_bsp(black_box(&bytes))
                    .unwrap()
                    .faces
                    .len()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, maps);
criterion_main!(benches);
