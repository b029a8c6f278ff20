//! MPQ: open an archive, list its members and read (decrypt, unpack) every one. Side by side with
//! `wow-mpq` 0.7.0 (warcraft-rs) on three real archives of different kinds: a Warcraft III map, a
//! StarCraft II map (v4, HET/BET tables) and a WoW client patch.
//!
//! lumpkit reads from memory; `wow-mpq` opens the file by path each time (it has no in-memory
//! constructor we rely on), so its times include the open, served from the page cache. Before timing,
//! the members both read are compared and any difference is printed: speed only counts where the
//! bytes agree.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::HashMap;
use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use lumpkit::{Child, ChildContent, Context};

const FILES: &[&str] = &[
    "war3net__LegendaryResistanceV2.14.w3x",
    "s2client__MarineMicro.SC2Map",
    "datamod__patch-S.MPQ",
];

/// Opens the archive and reads (decrypts, unpacks) every member: what both the comparison and the
/// timed run measure.
fn lumpkit_children<'b>(path: &Path, bytes: &'b [u8]) -> Vec<Child<'b>> {
    let ctx = Context {
        path: Some(path),
        ..Context::default()
    };
    lumpkit::by_name("mpq")
        .unwrap()
        .children(&ctx, bytes)
        .unwrap()
}

/// Every member lumpkit reads, by name (`\` separators as stored).
fn lumpkit_members(path: &Path, bytes: &[u8]) -> HashMap<String, Vec<u8>> {
    lumpkit_children(path, bytes)
        .into_iter()
        .filter_map(|c| match c.content {
            ChildContent::Bytes(b) => Some((c.name.replace('/', "\\"), b.into_owned())),
            _ => None,
        })
        .collect()
}

fn lumpkit_read_all(path: &Path, bytes: &[u8]) -> usize {
    lumpkit_children(path, bytes)
        .iter()
        .map(|c| match &c.content {
            ChildContent::Bytes(b) => b.len(),
            _ => 0,
        })
        .sum()
}

/// Every member `wow-mpq` lists and reads, by name.
fn wow_mpq_members(path: &Path) -> HashMap<String, Vec<u8>> {
    let mut archive = wow_mpq::Archive::open(path).unwrap();
    let names: Vec<String> = archive
        .list()
        .unwrap()
        .into_iter()
        .map(|e| e.name)
        .collect();
    names
        .into_iter()
        .filter_map(|n| archive.read_file(&n).ok().map(|b| (n, b)))
        .collect()
}

fn wow_mpq_read_all(path: &Path) -> usize {
    let mut archive = wow_mpq::Archive::open(path).unwrap();
    let names: Vec<String> = archive
        .list()
        .unwrap()
        .into_iter()
        .map(|e| e.name)
        .collect();
    names
        .iter()
        .map(|n| archive.read_file(n).map_or(0, |b| b.len()))
        .sum()
}

fn bench(c: &mut Criterion) {
    let Some(dir) = lumpkit_bench::shared_corpus("mpq") else {
        eprintln!("notice: ../shared/corpus/mpq not found; MPQ benchmarks skipped");
        return;
    };
    let mut g = c.benchmark_group("mpq_list_and_read_all");
    for name in FILES {
        let path = dir.join(name);
        let Ok(bytes) = std::fs::read(&path) else {
            eprintln!("notice: {name} not found; skipped");
            continue;
        };
        let ours = lumpkit_members(&path, &bytes);
        g.bench_function(format!("lumpkit/{name}"), |b| {
            b.iter(|| lumpkit_read_all(&path, black_box(&bytes)))
        });
        let theirs = std::panic::catch_unwind(|| wow_mpq_members(&path));
        let Ok(theirs) = theirs else {
            eprintln!("{name}: wow-mpq fails (panics or refuses the archive); not timed");
            continue;
        };
        let differ = theirs
            .iter()
            .filter(|(n, b)| ours.get(n.as_str()).is_some_and(|o| o != *b))
            .count();
        eprintln!(
            "{name}: lumpkit reads {} members, wow-mpq {}; {differ} of the shared names differ in content",
            ours.len(),
            theirs.len()
        );
        g.bench_function(format!("wow-mpq/{name}"), |b| {
            b.iter(|| wow_mpq_read_all(black_box(&path)))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
