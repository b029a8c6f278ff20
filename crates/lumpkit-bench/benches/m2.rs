//! M2: open a model, resolve every array and give each material its render state; open a `.skin`
//! and resolve its arrays. Side by side with `wow-m2` 0.7.0 (warcraft-rs), which copies everything
//! into `Vec`s and has no render state (we read its raw material flags and blend mode instead).
//!
//! `wow-m2` aborts the process on every real model of the shared corpus (it reserves untrusted
//! counts before reading them, `research/m2.md` §4), so it is benchmarked only on the files it reads:
//! our synthetic models and the real `.skin` files. lumpkit alone runs on the real models.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::hint::black_box;
use std::io::Cursor;

use criterion::{Criterion, criterion_group, criterion_main};
use lumpkit_formats::Ignore;
use lumpkit_formats::m2::render::{self, Generation};
use lumpkit_formats::m2::{M2, Skin};

/// Parse, resolve every array of the header, every texture name and every material's render state.
fn lumpkit_model(bytes: &[u8]) -> usize {
    let model = M2::parse(bytes, &mut Ignore).unwrap();
    let mut n = 0;
    for f in model.layout().fields() {
        n += model.field_bytes(*f).map_or(0, <[u8]>::len);
    }
    for i in 0..model.textures().map_or(0, <[_]>::len) {
        n += model.texture_filename(i).map_or(0, <[u8]>::len);
    }
    let generation = Generation::from_version(model.version());
    for m in model.materials().unwrap() {
        n += render::material_render_state(m, generation).map_or(0, |s| usize::from(s.blend.index));
    }
    n
}

fn wow_m2_model(bytes: &[u8]) -> usize {
    let parsed = wow_m2::parse_m2(&mut Cursor::new(bytes)).unwrap();
    let model = match &parsed {
        wow_m2::M2Format::Legacy(m) | wow_m2::M2Format::Chunked(m) => m,
    };
    model.vertices.len()
        + model.textures.len()
        + model
            .materials
            .iter()
            .map(|m| usize::from(m.blend_mode.bits()))
            .sum::<usize>()
}

fn lumpkit_skin(bytes: &[u8]) -> usize {
    let skin = Skin::parse(bytes, &mut Ignore).unwrap();
    skin.vertices().unwrap().len()
        + skin.indices().unwrap().len()
        + skin.submeshes().unwrap().len()
        + skin.batches().unwrap().len()
}

fn wow_m2_skin(bytes: &[u8]) -> usize {
    let skin = wow_m2::skin::parse_skin(&mut Cursor::new(bytes)).unwrap();
    skin.indices().len() + skin.submeshes().len() + skin.batches().len()
}

fn synthetic() -> Vec<(String, Vec<u8>)> {
    lumpkit_testgen::m2::samples()
        .into_iter()
        .filter(|s| s.status == "ok" && s.name.ends_with(".m2"))
        .map(|s| (s.name, s.bytes))
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("m2_synthetic_models");
    for (name, bytes) in synthetic() {
        g.bench_function(format!("lumpkit/{name}"), |b| {
            b.iter(|| lumpkit_model(black_box(&bytes)))
        });
        // wow-m2's MD21 path is a stub that returns an empty model: not a like-for-like comparison.
        if !bytes.starts_with(b"MD21") && wow_m2::parse_m2(&mut Cursor::new(&bytes)).is_ok() {
            g.bench_function(format!("wow-m2/{name}"), |b| {
                b.iter(|| wow_m2_model(black_box(&bytes)))
            });
        }
    }
    g.finish();
    let Some(dir) = lumpkit_bench::shared_corpus("m2") else {
        eprintln!("notice: ../shared/corpus/m2 not found; real-file benchmarks skipped");
        return;
    };
    let mut g = c.benchmark_group("m2_real_models");
    for (name, bytes) in lumpkit_bench::files_with_extension(&dir, "m2") {
        if M2::parse(&bytes, &mut Ignore).is_ok() && !name.starts_with("bad") {
            g.bench_function(format!("lumpkit/{name}"), |b| {
                b.iter(|| lumpkit_model(black_box(&bytes)))
            });
        }
    }
    g.finish();
    let mut g = c.benchmark_group("m2_real_skins");
    for (name, bytes) in lumpkit_bench::files_with_extension(&dir, "skin") {
        g.bench_function(format!("lumpkit/{name}"), |b| {
            b.iter(|| lumpkit_skin(black_box(&bytes)))
        });
        if wow_m2::skin::parse_skin(&mut Cursor::new(&bytes)).is_ok() {
            g.bench_function(format!("wow-m2/{name}"), |b| {
                b.iter(|| wow_m2_skin(black_box(&bytes)))
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
