//! WAD2/WAD3 side by side with `ogre` 0.1.7 (nom; WAD2 + WAD3; copies every level) and
//! `wad_goldsrc` 0.1.0 (binrw; WAD3 only; copies every level), on the shared real-world WADs.
//!
//! - `open`: header, directory and every texture's header and levels located. lumpkit borrows
//!   (zero-copy views); the anchors parse the whole file into owned structures, which is the only
//!   way they open one.
//! - `decode`: level 0 of every texture to RGBA8. lumpkit with the engines' alpha rules; ogre via
//!   `texels_rgb` (RGB, expanded to RGBA here); wad_goldsrc via `MipTexture::pixels(0)`.
//!   WAD2 textures use the Quake palette for all.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use lumpkit::{Context, Format, Selection};
use lumpkit_formats::Ignore;
use lumpkit_formats::wad::{Content, Wad};

fn quake_palette() -> [[u8; 3]; 256] {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/palettes/quake.lmp");
    std::fs::read(path)
        .ok()
        .and_then(|b| lumpkit_pixels::palette::rgb_palette(&b))
        .unwrap_or([[0; 3]; 256])
}

/// lumpkit: open and locate every level of every texture.
fn lumpkit_open(bytes: &[u8]) -> usize {
    let Ok(wad) = Wad::parse(bytes, &mut Ignore) else {
        return 0;
    };
    wad.entries()
        .filter_map(|e| match e.content(&mut Ignore) {
            Ok(Content::Miptex(m)) => Some(m.levels().iter().flatten().count()),
            _ => None,
        })
        .sum()
}

/// lumpkit: level 0 of every picture entry to RGBA8, through the facade.
fn lumpkit_decode(format: &dyn Format, ctx: &Context<'_>, bytes: &[u8], names: &[String]) -> usize {
    names
        .iter()
        .filter_map(|n| {
            let sel = Selection {
                entry: Some(n),
                ..Selection::default()
            };
            format.decode(ctx, bytes, &sel).ok()
        })
        .map(|img| img.rgba.len())
        .sum()
}

fn ogre_open(bytes: &[u8]) -> usize {
    ogre::parser::parse_wad(bytes).map_or(0, |(_, w)| w.len())
}

fn ogre_decode(bytes: &[u8], quake: &ogre::repr::Palette) -> usize {
    let Ok((_, wad)) = ogre::parser::parse_wad(bytes) else {
        return 0;
    };
    wad.values()
        .map(|t| {
            let palette = t.palette().unwrap_or(quake);
            let rgba: Vec<u8> = t
                .image()
                .texels_rgb(palette)
                .flat_map(|c| [c.0, c.1, c.2, 255])
                .collect();
            rgba.len()
        })
        .sum()
}

fn goldsrc_open(bytes: &[u8]) -> usize {
    wad_goldsrc::read_wad(bytes).map_or(0, |w| w.entiries.len())
}

fn goldsrc_decode(bytes: &[u8]) -> usize {
    let Ok(wad) = wad_goldsrc::read_wad(bytes) else {
        return 0;
    };
    wad.entiries
        .values()
        .filter_map(|e| match &e.content {
            wad_goldsrc::Content::MipTexture(m) => m.pixels(0).map(|p| p.len()),
            _ => None,
        })
        .sum()
}

fn bench(c: &mut Criterion) {
    let Some(dir) = lumpkit_bench::shared_corpus("wad") else {
        eprintln!("../shared/corpus/wad not found; skipping the WAD benchmarks");
        return;
    };
    let Some(format) = lumpkit::by_name("wad") else {
        return;
    };
    let palette = quake_palette();
    let ctx = Context {
        palette: Some(&palette),
        ..Context::default()
    };
    let ogre_quake = ogre::repr::Palette(palette.map(|[r, g, b]| ogre::repr::ColorRgb8(r, g, b)));
    for (name, bytes) in lumpkit_bench::files_with_extension(&dir, "wad") {
        let wad3 = bytes.starts_with(b"WAD3");
        let names: Vec<String> = Wad::parse(&bytes, &mut Ignore)
            .map(|w| {
                w.entries()
                    .map(|e| String::from_utf8_lossy(e.name()).into_owned())
                    .collect()
            })
            .unwrap_or_default();

        let mut g = c.benchmark_group(format!("wad-open/{name}"));
        g.bench_function("lumpkit", |b| b.iter(|| lumpkit_open(black_box(&bytes))));
        g.bench_function("ogre", |b| b.iter(|| ogre_open(black_box(&bytes))));
        if wad3 {
            g.bench_function("wad_goldsrc", |b| {
                b.iter(|| goldsrc_open(black_box(&bytes)))
            });
        }
        g.finish();

        let mut g = c.benchmark_group(format!("wad-decode/{name}"));
        g.bench_function("lumpkit", |b| {
            b.iter(|| lumpkit_decode(format, &ctx, black_box(&bytes), &names))
        });
        g.bench_function("ogre", |b| {
            b.iter(|| ogre_decode(black_box(&bytes), &ogre_quake))
        });
        if wad3 {
            g.bench_function("wad_goldsrc", |b| {
                b.iter(|| goldsrc_decode(black_box(&bytes)))
            });
        }
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
